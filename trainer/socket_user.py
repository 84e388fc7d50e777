"""Who is on a WebSocket: the user Channels' ``AuthMiddlewareStack`` put in the connection's scope, while signed in."""

import random
import time
from importlib import import_module
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user
from django.contrib.auth.models import AnonymousUser
from django.http import HttpRequest

from core.roles import SchoolUser
from trainer.speed.session_reads import SessionRow, session_row

SIGN_IN_CHECK_SECONDS = 5.0
"""How long a socket trusts its session after checking it."""

DATABASE_SESSIONS = "django.contrib.sessions.backends.db"
"""The session engine whose stored rows :mod:`trainer.speed.session_reads` reads."""


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
        """Signed in as the socket opened; first checked within ``SIGN_IN_CHECK_SECONDS``, at a time drawn at random.

        A class's sockets open together; checked first all at once, they would be checked together ever after.
        """
        self.scope = scope
        self.checked_at = time.monotonic() - random.uniform(0, SIGN_IN_CHECK_SECONDS)
        self.ended = False
        self.accepted: SessionRow | None = None

    def due(self) -> bool:
        """Whether the session must be checked (again) before the socket goes on."""
        return self.ended or time.monotonic() - self.checked_at >= SIGN_IN_CHECK_SECONDS

    def holds(self) -> bool:
        """Whether the session still exists, has not expired, and signs in the same active account with its password.

        Django's own check of a page's session, on the session as it is stored now (two reads); on the cached round
        store, one read first, and Django's check only when the session's text or the password hash differ from the
        ones it last accepted (:mod:`trainer.speed.session_reads`).
        """
        if not self.ended:
            one_read = settings.ROUND_STORE == "cached" and settings.SESSION_ENGINE == DATABASE_SESSIONS
            self.ended = not (self.signs_in_as_accepted() if one_read else self.signs_in())
            self.checked_at = time.monotonic()
        return not self.ended

    def signs_in(self) -> bool:
        """Django's check: whether the session as stored now signs in the socket's user."""
        request = HttpRequest()
        request.session = import_module(settings.SESSION_ENGINE).SessionStore(self.scope["session"].session_key)
        return bool(get_user(request).pk == socket_user(self.scope).pk)

    def signs_in_as_accepted(self) -> bool:
        """Whether the session's text and password hash are those Django's check last accepted, or it accepts them.

        The row Django's check accepts is the one read before and after it, the same both times.
        """
        key, user_id = self.scope["session"].session_key, socket_user(self.scope).pk
        row = session_row(key, user_id)
        if row is None:
            return False
        if row == self.accepted:
            return True
        if not self.signs_in():
            return False
        self.accepted = row if session_row(key, user_id) == row else None
        return True
