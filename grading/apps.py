"""Django app configuration for the grading."""

from django.apps import AppConfig


class GradingConfig(AppConfig):
    """The grading app: a step's grade, the score card, the timed standards, the step clock, the provenance legend."""

    name = "grading"
    verbose_name = "Grading"
