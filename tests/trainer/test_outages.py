"""Redis and PostgreSQL going down under a running server, and coming back: what the trainee sees, and nothing lost.

The server is ``python -m trainer.serve`` in a subprocess (``daphnes``). Redis is a scratch redis-server of the test's
own (``scratch_redis``); PostgreSQL is the test run's, reached through a relay the test cuts and restores
(``database_proxy``), so the PostgreSQL test runs in CI's PostgreSQL pass and skips on SQLite.
"""

import http.client
import time
from urllib.parse import urlencode

import pytest
from database_proxy import DatabaseProxy
from django.contrib.sessions.models import Session
from django.db import connection
from live_daphne import REPLY_SECONDS, set_password, step_rows
from scratch_redis import scratch_redis  # noqa: F401  (a fixture)
from table_helpers import demo_table, make_trainee
from test_crash_safety import Browser, next_frame

from bench.ws_load import log_in
from trainer import services
from trainer.models import Mode
from trainer.socket_user import SIGN_IN_CHECK_SECONDS
from trainer.unavailable import NOT_SAVED

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


@pytest.fixture
def database_proxy():
    """A relay to the test run's PostgreSQL server, restored if the test left it cut."""
    if connection.vendor != "postgresql":
        pytest.skip("the servers reach PostgreSQL through the relay: CI's PostgreSQL pass runs this")
    proxy = DatabaseProxy((connection.settings_dict["HOST"], int(connection.settings_dict["PORT"])))
    proxy.restore()
    yield proxy
    proxy.cut()


def through(proxy: DatabaseProxy) -> str:
    """The DATABASE_URL of the test database, reached through the relay."""
    database = connection.settings_dict
    return f"postgres://{database['USER']}@127.0.0.1:{proxy.port}/{database['NAME']}"


def test_with_postgresql_down_a_step_is_answered_not_saved_pages_say_so_and_the_step_resent_is_taken_once_back(
    daphnes, loop, database_proxy
):
    server = daphnes.start(DATABASE_URL=through(database_proxy))
    attempt, cookie = signed_in_trainee(server)
    browser = Browser(loop, attempt.pk, cookie)
    browser.connect(server)
    assert "✓ Right" in browser.step(next_frame(attempt.pk, 1))

    database_proxy.cut()
    frame = next_frame(attempt.pk, 2)
    answer = browser.step(frame)
    assert NOT_SAVED.replace("'", "&#39;") in answer and 'data-step-not-saved="2"' in answer
    page = request(server, "GET", "/tables/", cookie)
    assert page.status == 503 and "The school is briefly unavailable" in page.text
    assert 'href="/tables/">Try again</a>' in page.text
    assert 'data-step-not-saved="2"' in browser.step(frame), "sent again while down: not saved again, the socket open"
    assert [row[0] for row in step_rows(attempt.pk)] == [1], "nothing half-written"

    database_proxy.restore()
    assert "✓ Right" in browser.step(frame), "the step sent again once PostgreSQL is back is taken"
    assert "already received" in browser.step(frame), "and only once"
    assert [row[0] for row in step_rows(attempt.pk)] == [1, 2]
    assert request(server, "GET", "/tables/", cookie).status == 200
    other_tab = Browser(loop, attempt.pk, cookie)
    other_tab.connect(server)
    assert "✓ Right" in browser.step(next_frame(attempt.pk, 3)), "the table deals on"
    for tab in (browser, other_tab):
        tab.socket.writer.close()
