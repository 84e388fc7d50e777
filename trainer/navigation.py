"""The site header's navigation: which links the signed-in user's roles open."""

from django.http import HttpRequest

from trainer.models import Role


def navigation(request: HttpRequest) -> dict[str, bool]:
    """Whether to offer the exams (any school role) and the records (those who teach) in the header; one query."""
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return {"nav_exams": False, "nav_records": False}
    roles = set(user.groups.values_list("name", flat=True))
    teaches = user.is_superuser or bool(roles & {Role.INSTRUCTOR, Role.SCHOOL_ADMINISTRATOR})
    return {"nav_exams": teaches or Role.TRAINEE in roles, "nav_records": teaches}
