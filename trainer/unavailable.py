"""While the school's database does not answer: what a step and a page say instead of failing."""

import logging
from collections.abc import Callable

from django.db import InterfaceError, OperationalError
from django.http import HttpRequest, HttpResponse
from django.template.loader import render_to_string

DATABASE_UNAVAILABLE = (OperationalError, InterfaceError)
"""What Django raises when the database is down, restarting, unreachable or did not answer in time."""

NOT_SAVED = "Not saved: the school's database did not answer. Your step is being sent again…"
"""What a trainee is told of a step the database did not take; the page sends the same frame again."""

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
