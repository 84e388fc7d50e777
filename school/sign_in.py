"""Signing in: usernames in any case, and a password an instructor gave that must be changed before anything else."""

from collections.abc import Callable
from typing import Any

from axes.handlers.proxy import AxesProxyHandler
from axes.helpers import get_lockout_response
from django import forms
from django.conf import settings
from django.contrib.auth.backends import ModelBackend
from django.contrib.auth.forms import AuthenticationForm, PasswordChangeForm, UsernameField
from django.contrib.auth.models import User
from django.contrib.auth.signals import user_login_failed
from django.contrib.auth.views import PasswordChangeView
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.urls import reverse, reverse_lazy

from core.unavailable import DATABASE_UNAVAILABLE
from school.models import PasswordChangeDue

ALWAYS_OPEN = ("password_change", "logout")
"""The pages an account whose password change is due may still open."""


class AnyCaseBackend(ModelBackend):
    """Django's model backend, matching the username in any case: 'Maria.Lopez@…' logs in as 'maria.lopez@…'."""

    def authenticate(
        self, request: HttpRequest | None, username: str | None = None, password: str | None = None, **kwargs: Any
    ) -> User | None:
        """The account whose username equals the given one in any case, if the password is its own."""
        if username is not None:
            stored = User.objects.filter(username__iexact=username.strip()).values_list("username", flat=True)
            username = next(iter(stored), username)
        return super().authenticate(request, username=username, password=password, **kwargs)


class BoundedLoginForm(AuthenticationForm):
    """Django's login form with its username bounded by the column, so a longer one is a field error, not a 500.

    Django sets the field's max_length after making it, which adds no validator: a 256-character username went on to
    django-axes, whose failure record refuses it on PostgreSQL.
    """

    username = UsernameField(
        max_length=User._meta.get_field("username").max_length,
        widget=forms.TextInput(attrs={"autofocus": True}),
        error_messages={"max_length": "A username is at most %(limit_value)d characters (this one is %(show_value)d)."},
    )


def require_password_change(user: User, required: bool = True) -> None:
    """Make the account choose its own password at its next page, or stop asking it to."""
    if required:
        PasswordChangeDue.objects.get_or_create(user=user)
    else:
        PasswordChangeDue.objects.filter(user=user).delete()


class PasswordChangeDueMiddleware:
    """Send an account whose password change is due to the change page from every page but that and logging out."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        """Wrap the next handler."""
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        """Redirect to the change page while the change is due; else go on."""
        if request.path not in {reverse(name) for name in ALWAYS_OPEN} and change_due(request):
            return redirect("password_change")
        return self.get_response(request)


def change_due(request: HttpRequest) -> bool:
    """Whether the signed-in account owes a password change; False while the database is down (the page says so)."""
    user = getattr(request, "user", None)
    if user is None or request.path.startswith(settings.STATIC_URL):
        return False
    try:
        return user.is_authenticated and PasswordChangeDue.objects.filter(user_id=user.pk).exists()
    except DATABASE_UNAVAILABLE:
        return False


class ChangePassword(PasswordChangeView):
    """A signed-in account chooses a new password (its old one first); a due change is then done."""

    template_name = "registration/password_change.html"
    success_url = reverse_lazy("password_change_done")

    def post(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        """Check the old password unless the account's login is locked (the lockout page answers then)."""
        credentials = account_credentials(form_user(request))
        if AxesProxyHandler.is_locked(request, credentials):
            locked: HttpResponse = get_lockout_response(request, credentials=credentials)
            return locked
        return super().post(request, *args, **kwargs)

    def form_invalid(self, form: PasswordChangeForm) -> HttpResponse:
        """Count a wrong old password as a wrong password for the account's login, which may lock it."""
        if form.has_error("old_password"):
            credentials = account_credentials(form_user(self.request))
            user_login_failed.send(sender=type(self), credentials=credentials, request=self.request)
        return super().form_invalid(form)

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        """The form, and whether the school asks for this change before anything else."""
        context = super().get_context_data(**kwargs)
        context["due"] = PasswordChangeDue.objects.filter(user=form_user(self.request)).exists()
        return context

    def form_valid(self, form: PasswordChangeForm) -> HttpResponse:
        """Save the new password, keep this session signed in, and clear a due change."""
        response = super().form_valid(form)
        PasswordChangeDue.objects.filter(user=form_user(self.request)).delete()
        return response


def account_credentials(user: User) -> dict[str, Any]:
    """The credentials the login lockout counts an account's wrong passwords under."""
    return {"username": user.get_username()}


def form_user(request: HttpRequest) -> User:
    """The signed-in account of a page that requires one."""
    assert isinstance(request.user, User), "the password change page requires a login"
    return request.user
