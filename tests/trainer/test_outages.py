"""Redis going down under a running server: what the trainee sees, and nothing lost.

The server is ``python -m dealer_school.serve`` in a subprocess (``daphnes``); Redis is a scratch redis-server of the
test's own (``scratch_redis``). PostgreSQL going down is ``test_database_outage.py``, which shares the helpers here.
"""

import http.client
import time
from urllib.parse import urlencode

import pytest
from django.contrib.sessions.models import Session
from live_daphne import REPLY_SECONDS, set_password, step_rows
from scratch_redis import scratch_redis  # noqa: F401  (a fixture)
from table_helpers import demo_table, make_trainee
from test_crash_safety import Browser, next_frame

from bench.ws_load import log_in
from trainer import services
from trainer.models import Mode
from trainer.socket_user import SIGN_IN_CHECK_SECONDS

pytestmark = pytest.mark.storage

PASSWORD = "a long test password"


def signed_in_trainee(server) -> tuple[object, str]:
    """A trainee with a round dealt, logged in through the server's login page; the attempt and the Cookie header."""
    trainee = make_trainee("alice")
    set_password(trainee, PASSWORD)
    attempt = services.start_round(trainee, demo_table(), Mode.PRACTICE, seed_value=31)
    return attempt, log_in(f"http://127.0.0.1:{server.port}", "alice", PASSWORD)


def request(server, method: str, path: str, cookie: str, form: dict[str, str] | None = None):
    """A page request as the signed-in browser makes it (a form with its CSRF token), not following a redirect."""
    cookies = dict(part.split("=", 1) for part in cookie.split("; "))
    headers = {"Cookie": cookie, "Origin": f"http://127.0.0.1:{server.port}"}
    body = None
    if form is not None:
        body = urlencode(form | {"csrfmiddlewaretoken": cookies["csrftoken"]})
        headers["Content-Type"] = "application/x-www-form-urlencoded"
    page = http.client.HTTPConnection("127.0.0.1", server.port, timeout=REPLY_SECONDS)
    page.request(method, path, body=body, headers=headers | {"Host": f"127.0.0.1:{server.port}"})
    response = page.getresponse()
    response.text = response.read().decode()
    page.close()
    return response


def test_with_redis_down_steps_are_answered_and_kept_sockets_open_and_logging_out_closes_them(
    daphnes,
    loop,
    scratch_redis,  # noqa: F811
):
    server = daphnes.start(REDIS_URL=scratch_redis.url)
    attempt, cookie = signed_in_trainee(server)
    browser = Browser(loop, attempt.pk, cookie)
    browser.connect(server)
    opened = time.monotonic()
    assert "✓ Right" in browser.step(next_frame(attempt.pk, 1))

    scratch_redis.stop()
    assert "✓ Right" in browser.step(next_frame(attempt.pk, 2)), "a step is answered with Redis down"
    assert [row[0] for row in step_rows(attempt.pk)] == [1, 2], "and kept"
    second_tab = Browser(loop, attempt.pk, cookie)
    second_tab.connect(server)  # a new socket opens and draws the table
    started = time.monotonic()
    assert request(server, "POST", "/logout/", cookie, form={}).status == 302
    assert time.monotonic() - started < 5, "logging out waited on Redis"
    assert not Session.objects.exists(), "the session ended"

    time.sleep(max(0.0, opened + SIGN_IN_CHECK_SECONDS - time.monotonic()))
    browser.send(next_frame(attempt.pk, 3))
    assert loop.run_until_complete(browser.socket.receive()) is None, "the socket closes at its next step"
    assert int.from_bytes(browser.socket.closed_with[:2], "big") == 4401, "as signed out"
    assert [row[0] for row in step_rows(attempt.pk)] == [1, 2], "and the step after the logout is not taken"
    second_tab.socket.writer.close()
