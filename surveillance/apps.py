"""Django app configuration for surveillance mode."""

from django.apps import AppConfig


class SurveillanceConfig(AppConfig):
    """The surveillance app: watched rounds, their flags and their debriefs."""

    name = "surveillance"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        """Count the watched rounds an account starts against its dealing limit, with the rounds it deals."""
        from surveillance.watches import recent_watches
        from trainer import dealing_limits

        dealing_limits.count_with(self.name, recent_watches)
