"""Django app configuration for the reports."""

from django.apps import AppConfig


class ReportsConfig(AppConfig):
    """The reports app: what finished rounds, exams and certificates say, for trainees and their instructors."""

    name = "reports"
    default_auto_field = "django.db.models.BigAutoField"
