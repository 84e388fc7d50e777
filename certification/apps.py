"""Django app configuration for exams and certificates."""

from django.apps import AppConfig


class CertificationConfig(AppConfig):
    """The certification app: exams, their sittings and final results, and the certificates a passed sitting earns."""

    name = "certification"
    verbose_name = "Exams and certificates"
    default_auto_field = "django.db.models.BigAutoField"
