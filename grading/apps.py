"""Django app configuration for the grading."""

from django.apps import AppConfig


class GradingConfig(AppConfig):
    """The grading app: grades, score cards, timed standards, the step clock, pass rule fields, the provenance page."""

    name = "grading"
    verbose_name = "Grading"
