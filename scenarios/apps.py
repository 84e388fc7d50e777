"""Django app configuration for the scenarios."""

from django.apps import AppConfig


class ScenariosConfig(AppConfig):
    """The scenarios app: scenarios, their versions, runs and publishing, the builder, drills and standards pages."""

    name = "scenarios"
    verbose_name = "Scenarios, drills and standards"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        """Answer what the tables ask about scenarios: which to offer, and a round's place in its run."""
        from scenarios.scenario_runs import place_of
        from scenarios.scenario_versions import offered_scenarios
        from trainer import scenario_answers

        scenario_answers.answer_with(offered_scenarios, place_of)
