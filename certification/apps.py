"""Django app configuration for exams and certificates."""

from django.apps import AppConfig


class CertificationConfig(AppConfig):
    """The certification app: exams, their sittings and final results, and the certificates a passed sitting earns."""

    name = "certification"
    verbose_name = "Exams and certificates"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        """Answer the tables' questions about exams: which scenarios they keep from practice, where a round sits."""
        from certification.exams import practice_closures, sitting_places
        from trainer import sittings

        sittings.answer_with(practice_closures, sitting_places)
