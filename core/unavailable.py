"""While the school's database does not answer: what a step and a page say instead of failing."""

import logging
from collections.abc import Callable
from typing import Any

from django.db import InterfaceError, OperationalError
from django.http import HttpRequest, HttpResponse
from django.template.loader import render_to_string

DATABASE_UNAVAILABLE = (OperationalError, InterfaceError)
"""What Django raises when the database is down, restarting, unreachable or did not answer in time."""

NOT_SAVED = "Not saved: the school's database did not answer. Your step is being sent again…"
"""What a trainee is told of a step the database did not take; the page sends the same frame again."""

TRY_AGAIN_LATER_CLOSE_CODE = 1013
"""The database did not answer as the socket opened: the page opens it again after a pause."""

TRY_AGAIN_LATER = "The school's database did not answer: the table connects again shortly."
"""The reason sent with that close; Daphne (dealer_school/serve.py) sends a 1013 only with its reason."""

RETRY_AFTER_SECONDS = 10
"""How long a page the database could not serve asks the browser to wait before trying again."""

log = logging.getLogger(__name__)


class DatabaseUnavailableMiddleware:
    """A page the database could not serve is answered 503, with a short page and a link to try again, not 500."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        """Wrap the rest of the middleware and the view."""
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        """Serve the request."""
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        """The "briefly unavailable" page for a database that did not answer; None lets any other error through.

        The page is drawn with no request, so that nothing on it (the signed-in user, the navigation) reads the
        database again.
        """
        if not isinstance(exception, DATABASE_UNAVAILABLE):
            return None
        log.warning("The database did not answer %s %s: %r", request.method, request.path, exception)
        page = render_to_string("503.html", {"retry_url": request.get_full_path()})
        return HttpResponse(page, status=503, headers={"Retry-After": str(RETRY_AFTER_SECONDS)})


class SocketSignInUnavailable:
    """ASGI middleware: a socket whose sign-in the database could not read closes "try again later", not with 500.

    Channels' session and login middleware read the database before the consumer runs; with the database down they
    fail the handshake. The socket is accepted and closed with ``TRY_AGAIN_LATER_CLOSE_CODE`` instead, as the
    consumer closes one whose attempt it could not read.
    """

    def __init__(self, application: Any) -> None:
        """Guard ``application`` (the sign-in middleware and what they wrap)."""
        self.application = application

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> Any:
        """Hand the socket on; if the database fails it before it is answered, accept and close it (1013)."""
        answered = False

        async def noting(message: dict[str, Any]) -> None:
            nonlocal answered
            answered = answered or message["type"] in ("websocket.accept", "websocket.close")
            await send(message)

        try:
            return await self.application(scope, receive, noting)
        except DATABASE_UNAVAILABLE as exception:
            if answered:
                raise
            log.warning("The database did not answer a socket's sign-in at %s: %r", scope["path"], exception)
            await send({"type": "websocket.accept"})
            await send({"type": "websocket.close", "code": TRY_AGAIN_LATER_CLOSE_CODE, "reason": TRY_AGAIN_LATER})
