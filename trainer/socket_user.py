"""Who is on a WebSocket: the user Channels' ``AuthMiddlewareStack`` put in the connection's scope."""

from typing import Any

from django.contrib.auth.models import AnonymousUser

from trainer.models import SchoolUser


def socket_user(scope: Any) -> SchoolUser:
    """The scope's user: a signed-in account, or the anonymous user when nobody is signed in or no user was set."""
    user: SchoolUser | None = scope.get("user")
    return AnonymousUser() if user is None else user
