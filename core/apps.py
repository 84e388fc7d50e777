"""Django app configuration for the core: what every web app of the school shares."""

from django.apps import AppConfig


class CoreConfig(AppConfig):
    """The core app: the request type, roles, the 403 and unavailable pages, origin checks, the school's profile."""

    name = "core"
    verbose_name = "Shared by every app"
    default_auto_field = "django.db.models.BigAutoField"
