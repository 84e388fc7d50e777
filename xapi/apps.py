"""Django app configuration for xAPI."""

from django.apps import AppConfig


class XapiConfig(AppConfig):
    """The xAPI app: statements about trainees' graded steps and results, queued and sent to a learning record store."""

    name = "xapi"
    verbose_name = "xAPI"
    default_auto_field = "django.db.models.BigAutoField"
