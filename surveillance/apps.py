"""Django app configuration for surveillance mode."""

from django.apps import AppConfig


class SurveillanceConfig(AppConfig):
    """The surveillance app: watched rounds, their flags and their debriefs."""

    name = "surveillance"
    default_auto_field = "django.db.models.BigAutoField"
