"""Django app configuration for exams and certificates."""

from django.apps import AppConfig


class CertificationConfig(AppConfig):
    """The certification app: exams, their sittings and final results, and the certificates a passed sitting earns."""

    name = "certification"
    verbose_name = "Exams and certificates"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        """Answer what is asked of exams: scenarios kept from practice, a round's sitting and cohort, a held debrief."""
        from certification.exams import exam_rounds_of, held_by, practice_closures, sitting_places
        from school import cohort_work
        from surveillance import sittings as watched_sittings
        from trainer import sittings

        sittings.answer_with(practice_closures, sitting_places)
        cohort_work.answer_with(exam_rounds_of)
        watched_sittings.answer_with(held_by)
