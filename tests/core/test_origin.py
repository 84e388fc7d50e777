"""The WebSocket origin check (core/origin.py): only a page of the school itself, scheme, host and port, opens one.

A socket that passes the check reaches the table's consumer, which accepts an anonymous one and closes it as not
signed in (4401); a socket that fails it is denied at the handshake and never accepted.
"""

import pytest
from socket_client import SocketClient

from dealer_school.asgi import application

pytestmark = [pytest.mark.asyncio, pytest.mark.django_db]


async def reaches_the_table(origin, host=b"localhost", scheme="ws", forwarded_proto=None):
    """Whether a socket with this Origin, Host, scheme and X-Forwarded-Proto gets past the origin check."""
    headers = [(b"host", host), (b"origin", origin)]
    if forwarded_proto is not None:
        headers.append((b"x-forwarded-proto", forwarded_proto))
    communicator = SocketClient(application, "/ws/table/1/", headers=headers)
    communicator.scope["scheme"] = scheme
    accepted, _ = await communicator.connect()
    await communicator.disconnect()
    return accepted


async def test_the_schools_own_scheme_host_and_port_reach_the_table():
    assert await reaches_the_table(b"http://localhost")
    assert await reaches_the_table(b"http://LocalHost:80"), "the scheme's default port, written or not; any case"
    assert await reaches_the_table(b"http://127.0.0.1:8000", host=b"127.0.0.1:8000")
    assert await reaches_the_table(b"http://[::1]:8000", host=b"[::1]:8000")
    assert await reaches_the_table(b"https://localhost:8443", host=b"localhost:8443", scheme="wss")


async def test_a_page_from_another_scheme_is_refused():
    assert not await reaches_the_table(b"https://localhost")
    assert not await reaches_the_table(b"http://localhost:8443", host=b"localhost:8443", scheme="wss")
    assert not await reaches_the_table(b"file://localhost")


async def test_a_page_from_another_port_is_refused():
    assert not await reaches_the_table(b"http://localhost:8080")
    assert not await reaches_the_table(b"http://127.0.0.1:8001", host=b"127.0.0.1:8000")
    assert not await reaches_the_table(b"http://127.0.0.1", host=b"127.0.0.1:8000")


async def test_a_page_from_another_host_or_a_host_the_school_does_not_serve_is_refused():
    assert not await reaches_the_table(b"http://evil.example")
    assert not await reaches_the_table(b"http://localhost.evil.example")
    assert not await reaches_the_table(b"http://evil.example", host=b"evil.example"), "not in ALLOWED_HOSTS"
    assert not await reaches_the_table(b"null")
    assert not await reaches_the_table(b"http://localhost:port")


async def test_a_socket_without_an_origin_or_a_host_is_refused():
    communicator = SocketClient(application, "/ws/table/1/", headers=[(b"host", b"localhost")])
    assert not (await communicator.connect())[0]
    communicator = SocketClient(application, "/ws/table/1/", headers=[(b"origin", b"http://localhost")])
    assert not (await communicator.connect())[0]


async def test_behind_a_proxy_with_django_https_the_forwarded_scheme_is_the_schools(settings):
    settings.SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    assert await reaches_the_table(b"https://localhost", forwarded_proto=b"https")
    assert not await reaches_the_table(b"http://localhost", forwarded_proto=b"https")
    assert not await reaches_the_table(b"https://localhost", forwarded_proto=b"http")
    assert not await reaches_the_table(b"https://localhost:8443", forwarded_proto=b"https"), "the port too"
    settings.SECURE_PROXY_SSL_HEADER = None
    assert not await reaches_the_table(b"https://localhost", forwarded_proto=b"https"), "only trusted when told"
