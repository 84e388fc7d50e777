"""What the table sends over the wire: its WebSocket frames compressed (permessage-deflate) when the browser asks."""

import base64
import os
import socket
from urllib.parse import urlsplit

import pytest
from live_table import LiveSchool

pytestmark = pytest.mark.e2e


def handshake(school: LiveSchool, extensions: str) -> str:
    """The server's answer to a WebSocket handshake for a table socket offering ``extensions``."""
    address = urlsplit(school.url)
    request = (
        f"GET /ws/table/1/ HTTP/1.1\r\nHost: {address.netloc}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
        f"Sec-WebSocket-Key: {base64.b64encode(os.urandom(16)).decode()}\r\nSec-WebSocket-Version: 13\r\n"
        f"Origin: {school.url}\r\n{extensions}\r\n"
    )
    with socket.create_connection((address.hostname, address.port), timeout=5) as connection:
        connection.sendall(request.encode())
        answer = b""
        while b"\r\n\r\n" not in answer:
            answer += connection.recv(4096)
    return answer.decode("latin-1").split("\r\n\r\n")[0].lower()


def test_the_table_socket_compresses_its_frames_when_the_browser_offers_permessage_deflate(school: LiveSchool):
    offered = handshake(school, "Sec-WebSocket-Extensions: permessage-deflate; client_max_window_bits\r\n")
    assert offered.startswith("http/1.1 101")
    assert "sec-websocket-extensions: permessage-deflate" in offered
    plain = handshake(school, "")
    assert plain.startswith("http/1.1 101") and "sec-websocket-extensions" not in plain
