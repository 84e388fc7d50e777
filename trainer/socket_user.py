"""Who is on a WebSocket: the user Channels' ``AuthMiddlewareStack`` put in the connection's scope, while signed in."""

import time
from importlib import import_module
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user
from django.contrib.auth.models import AnonymousUser
from django.http import HttpRequest

from core.roles import SchoolUser

SIGN_IN_CHECK_SECONDS = 5.0
"""How long a socket trusts its session after checking it."""


def account_group(user_id: int) -> str:
    """The group of every table socket an account has open."""
    return f"account-{user_id}"


def socket_user(scope: Any) -> SchoolUser:
    """The scope's user: a signed-in account, or the anonymous user when nobody is signed in or no user was set."""
    user: SchoolUser | None = scope.get("user")
    return AnonymousUser() if user is None else user


class SignInCheck:
    """A socket's own check that its session still signs its user in, made at most every ``SIGN_IN_CHECK_SECONDS``.

    A logout, a new password or a disabled account closes the account's sockets through the channel layer
    (:mod:`school.account_changes`); a session that expires, or news the layer lost (Redis down, another process),
    is caught here at the socket's next frame.
    """

    def __init__(self, scope: Any) -> None:
        """Checked just now: the connection's scope was signed in as it opened."""
        self.scope = scope
        self.checked_at = time.monotonic()
        self.ended = False

    def due(self) -> bool:
        """Whether the session must be checked (again) before the socket goes on."""
        return self.ended or time.monotonic() - self.checked_at >= SIGN_IN_CHECK_SECONDS

    def holds(self) -> bool:
        """Whether the session still exists, has not expired, and signs in the same active account with its password.

        Django's own check of a page's session, on the session as it is stored now (two reads).
        """
        if not self.ended:
            request = HttpRequest()
            request.session = import_module(settings.SESSION_ENGINE).SessionStore(self.scope["session"].session_key)
            self.ended = get_user(request).pk != socket_user(self.scope).pk
            self.checked_at = time.monotonic()
        return not self.ended
