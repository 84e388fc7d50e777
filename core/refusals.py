"""Refused pages: a refusal that names the roles a page is for, the one of a user with none, and the 403 page."""

from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from core.requests import SchoolRequest
from core.roles import Role, has_role


class RoleRefused(PermissionDenied):
    """A page refused because it is for other roles: the roles it is for, and why in a sentence."""

    def __init__(self, reason: str, *roles: Role) -> None:
        super().__init__(reason)
        self.roles = roles


def require_school_role(request: SchoolRequest) -> None:
    """Refuse a signed-in user who is neither a trainee nor an instructor."""
    if not any(has_role(request.user, role) for role in Role):
        raise RoleRefused("Ask an instructor for a role at the school.", *Role)


def role_words(roles: tuple[Role, ...]) -> str:
    """The roles as a sentence names them.

    >>> role_words((Role.INSTRUCTOR,)), role_words(tuple(Role))
    ('instructors', 'trainees, instructors and school administrators')
    """
    names = [f"{role.label.lower()}s" for role in roles]
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def refused(request: HttpRequest, exception: Exception) -> HttpResponse:
    """The 403 page: which roles the page is for when the refusal names them, why it was refused, the way home."""
    roles = exception.roles if isinstance(exception, RoleRefused) else ()
    context = {"for_roles": role_words(roles) if roles else "", "reason": str(exception)}
    return render(request, "403.html", context, status=403)
