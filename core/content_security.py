"""The Content-Security-Policy: scripts, styles and everything else from the school itself, no inline code.

The policy (settings.CONTENT_SECURITY_POLICY) is django-csp's; this middleware adds the one source that depends
on the request: the table's WebSocket, at the host and over the scheme the page was asked for (``ws://`` on plain
HTTP, ``wss://`` over HTTPS), so no other host can be reached from a page.
"""

from csp.middleware import CSPMiddleware, PolicyParts
from django.core.exceptions import DisallowedHost
from django.http import HttpRequest, HttpResponseBase


class SchoolCSPMiddleware(CSPMiddleware):
    """django-csp's middleware, letting each page connect to the school's WebSocket at the page's own host."""

    def get_policy_parts(
        self, request: HttpRequest, response: HttpResponseBase, report_only: bool = False
    ) -> PolicyParts:
        """The configured policy, with the page's own WebSocket origin added to connect-src."""
        parts = super().get_policy_parts(request, response, report_only)
        try:
            host = request.get_host()
        except DisallowedHost:
            return parts
        socket = f"{'wss' if request.is_secure() else 'ws'}://{host}"
        parts.update = {**(parts.update or {}), "connect-src": [socket]}
        return parts
