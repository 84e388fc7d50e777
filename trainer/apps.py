"""Django app configuration for the trainer."""

from django.apps import AppConfig


class TrainerConfig(AppConfig):
    """The trainer app: the training tables."""

    name = "trainer"
    default_auto_field = "django.db.models.BigAutoField"
