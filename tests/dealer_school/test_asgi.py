import gc
import gzip
import logging
import os
import time
import uuid

import pytest
from channels.layers import get_channel_layer
from channels.testing import ApplicationCommunicator
from django.templatetags.static import static

from dealer_school.asgi import application

pytestmark = pytest.mark.storage


async def get_over_asgi(path, encoding=b""):
    """GET path from the ASGI application as Daphne would; return status, headers and the whole body."""
    headers = [(b"host", b"localhost"), *([(b"accept-encoding", encoding)] if encoding else [])]
    scope = {"type": "http", "method": "GET", "path": path, "query_string": b"", "headers": headers}
    communicator = ApplicationCommunicator(application, scope)
    await communicator.send_input({"type": "http.request"})
    start = await communicator.receive_output()
    body = b""
    while True:
        chunk = await communicator.receive_output()
        body += chunk.get("body", b"")
        if not chunk.get("more_body", False):
            return start["status"], dict(start["headers"]), body


@pytest.mark.asyncio
async def test_it_redirects_anonymous_http_requests_to_login_over_asgi():
    status, headers, _ = await get_over_asgi("/")
    assert status == 302
    assert headers[b"Location"] == b"/login/?next=/"


@pytest.mark.asyncio
async def test_it_serves_the_stylesheet_compressed_under_its_hashed_name_cached_for_a_year():
    status, headers, body = await get_over_asgi(static("css/base.css"), encoding=b"gzip")
    assert status == 200
    assert headers[b"Content-Type"].startswith(b"text/css")
    assert headers[b"Content-Encoding"] == b"gzip"
    assert b"max-age=315360000" in headers[b"Cache-Control"] and b"immutable" in headers[b"Cache-Control"]
    assert b"--felt" in gzip.decompress(body)


@pytest.mark.skipif("REDIS_URL" not in os.environ, reason="needs a Redis server in REDIS_URL")
@pytest.mark.asyncio
async def test_it_carries_group_messages_through_redis_when_redis_url_is_set():
    from channels_redis.core import RedisChannelLayer

    layer = get_channel_layer()
    assert isinstance(layer, RedisChannelLayer)
    group = f"test-{uuid.uuid4().hex}"
    channel = await layer.new_channel()
    await layer.group_add(group, channel)
    try:
        await layer.group_send(group, {"type": "table.updated", "round_id": 7})
        assert await layer.receive(channel) == {"type": "table.updated", "round_id": 7}
    finally:
        await layer.group_discard(group, channel)


def test_the_server_moves_what_it_loaded_out_of_the_garbage_collectors_reach_and_keeps_python_s_thresholds():
    assert gc.get_freeze_count() > 10_000
    assert gc.get_threshold()[1:] == (10, 10), "a full collection after every middle one walks every live round"


def test_the_server_logs_times_with_their_zone():
    record = logging.LogRecord("daphne", logging.INFO, __file__, 1, "Listening", None, None)
    assert logging.Formatter().formatTime(record).endswith(time.strftime("%Z"))
