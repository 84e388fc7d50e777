"""The WebSocket origin check: a socket is opened only from a page of the school itself, scheme, host and port.

The school's own origin is the address the request arrived at: the Host header (which must be one of
``ALLOWED_HOSTS``) and the scheme, https when the socket came over TLS or, behind a proxy with DJANGO_HTTPS, when
the proxy's ``X-Forwarded-Proto`` says so (as Django reads ``SECURE_PROXY_SSL_HEADER`` for a page). A page from
another scheme, host or port, or a socket without an Origin header, is refused at the handshake (403).
"""

from typing import Any
from urllib.parse import urlsplit

from channels.security.websocket import WebsocketDenier
from django.conf import settings
from django.http.request import split_domain_port, validate_host

DEFAULT_PORTS = {"http": 80, "https": 443}


def header(scope: dict[str, Any], name: bytes) -> str | None:
    """A request header's value, or None when it is missing."""
    for key, value in scope.get("headers", []):
        if key.lower() == name:
            return str(value.decode("latin-1"))
    return None


def arrived_secure(scope: dict[str, Any]) -> bool:
    """Whether the socket reached the school over TLS, as Django's ``request.is_secure()`` reads it for a page."""
    if settings.SECURE_PROXY_SSL_HEADER:
        meta_name, secure_value = settings.SECURE_PROXY_SSL_HEADER
        forwarded = header(scope, meta_name.removeprefix("HTTP_").replace("_", "-").lower().encode())
        if forwarded is not None:
            return bool(forwarded.split(",")[0].strip() == secure_value)
    scheme: str = scope.get("scheme", "ws")
    return scheme == "wss"


def origin_parts(address: str) -> tuple[str, str, int] | None:
    """An origin's scheme, lower-case host and port (the scheme's default when none is written); None if unreadable."""
    try:
        parts = urlsplit(address)
        port = parts.port
    except ValueError:
        return None
    if parts.scheme not in DEFAULT_PORTS or not parts.hostname:
        return None
    return parts.scheme, parts.hostname, port or DEFAULT_PORTS[parts.scheme]


def own_origin(scope: dict[str, Any]) -> tuple[str, str, int] | None:
    """The school's origin as this socket's request arrived at it; None when its Host is missing or not allowed."""
    host = header(scope, b"host")
    if host is None or not validate_host(split_domain_port(host)[0], settings.ALLOWED_HOSTS):
        return None
    return origin_parts(f"{'https' if arrived_secure(scope) else 'http'}://{host}")


def same_origin(scope: dict[str, Any]) -> bool:
    """Whether the socket's Origin header names the school's own scheme, host and port."""
    origin = header(scope, b"origin")
    expected = own_origin(scope)
    return origin is not None and expected is not None and origin_parts(origin) == expected


class SameOriginValidator:
    """ASGI middleware: pass a WebSocket from the school's own origin on to the application, deny any other."""

    def __init__(self, application: Any) -> None:
        """Guard ``application``."""
        self.application = application

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> Any:
        """Hand the socket on, or deny it at the handshake."""
        if same_origin(scope):
            return await self.application(scope, receive, send)
        return await WebsocketDenier()(scope, receive, send)  # type: ignore[arg-type]  # the stubs' scope type
