"""Django app configuration for the school: accounts, cohorts and assignments."""

from django.apps import AppConfig


class SchoolConfig(AppConfig):
    """The school app: accounts and signing in, cohorts, their rosters and lockouts, and assignments."""

    name = "school"
    verbose_name = "Accounts, cohorts and assignments"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        """Connect the receivers that close an account's sockets when it signs out."""
        from school import account_changes  # noqa: F401  # importing it connects its receivers
