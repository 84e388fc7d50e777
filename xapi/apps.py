"""Django app configuration for xAPI."""

from django.apps import AppConfig


class XapiConfig(AppConfig):
    """The xAPI app: statements about trainees' graded steps and results, queued and sent to a learning record store."""

    name = "xapi"
    verbose_name = "xAPI"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        """Queue each step's statements in the step's own transaction: listen to the tables' steps."""
        from trainer import step_listeners
        from xapi.step_outbox import outbox_rows

        step_listeners.listen(outbox_rows)
