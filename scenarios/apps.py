"""Django app configuration for the scenarios."""

from django.apps import AppConfig


class ScenariosConfig(AppConfig):
    """The scenarios app: the scenario builder and its preview, the drill library and my mistakes, the standards pages.

    The scenarios themselves (``trainer.models.Scenario`` and its versions, runs and publishing) stay with the tables,
    which deal them; this app builds and shows them.
    """

    name = "scenarios"
    verbose_name = "Scenarios, drills and standards"
    default_auto_field = "django.db.models.BigAutoField"
