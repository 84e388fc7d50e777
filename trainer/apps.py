"""Django app configuration for the trainer."""

from django.apps import AppConfig


class TrainerConfig(AppConfig):
    """The trainer app: accounts, roles and the training tables."""

    name = "trainer"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        """Connect the receivers that close an account's sockets when it signs out."""
        from trainer import account_changes  # noqa: F401  # importing it connects its receivers
