"""Django app configuration for the grading."""

from django.apps import AppConfig


class GradingConfig(AppConfig):
    """The grading app: a step's grade and the round's score card, the timed standards, the step clock; no models."""

    name = "grading"
    verbose_name = "Grading"
