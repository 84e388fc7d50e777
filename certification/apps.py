"""Django app configuration for exams and certificates."""

from django.apps import AppConfig


class CertificationConfig(AppConfig):
    """The certification app: exams, their sittings and final results, and the certificates a passed sitting earns."""

    name = "certification"
    verbose_name = "Exams and certificates"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        """Answer what is asked about exams: the scenarios they keep from practice, a round's sitting, its cohort."""
        from certification.exams import exam_rounds_of, practice_closures, sitting_places
        from school import cohort_work
        from trainer import sittings

        sittings.answer_with(practice_closures, sitting_places)
        cohort_work.answer_with(exam_rounds_of)
