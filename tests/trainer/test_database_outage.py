"""PostgreSQL going down under a running server, and coming back: what the trainee and the instructor see, nothing lost.

The school's database is a scratch PostgreSQL cluster of this module's own (``scratch_postgresql``), created and
migrated once, which each test stops as a crash does and starts again; the server is
``python -m dealer_school.serve`` in a subprocess (``daphnes``). It runs in CI's PostgreSQL pass; on SQLite it skips,
as the test process then has no PostgreSQL connection to point at the cluster.
"""

import re
import time
from collections.abc import Iterator

import pytest
from django.core.management import call_command
from django.db import connection
from live_daphne import REPLY_SECONDS, set_password, step_rows
from scratch_postgresql import ScratchPostgreSQL, school_database_on, scratch_cluster
from table_helpers import make_instructor
from test_crash_safety import Browser, next_frame
from test_outages import PASSWORD, request, signed_in_trainee

from bench.ws_load import Socket, log_in
from core.unavailable import NOT_SAVED, TRY_AGAIN_LATER, TRY_AGAIN_LATER_CLOSE_CODE

pytestmark = pytest.mark.storage

NEXT_SEQUENCE = re.compile(r'id="sequence" type="hidden" name="seq" value="(\d+)"')


@pytest.fixture(scope="module")
def cluster(django_db_setup, django_db_blocker) -> Iterator[ScratchPostgreSQL]:
    """The module's scratch cluster, with the school's tables migrated into it once."""
    if connection.vendor != "postgresql":
        pytest.skip("the school's database is SQLite in this run: CI's PostgreSQL pass runs the outage on PostgreSQL")
    with scratch_cluster() as scratch:
        with django_db_blocker.unblock(), school_database_on(scratch):
            call_command("migrate", verbosity=0)
        yield scratch


@pytest.fixture
def school_on(cluster, daphnes) -> Iterator[ScratchPostgreSQL]:
    """The cluster running and emptied, this process's database and the servers started by ``daphnes`` on it."""
    if not cluster.running():
        cluster.start()
    with school_database_on(cluster):
        call_command("flush", interactive=False, verbosity=0)
        yield cluster


def bring_back(cluster: ScratchPostgreSQL) -> None:
    """Start the cluster again; this process connects anew, as the servers do."""
    cluster.start()
    connection.close()


def heard_up_to(loop, watcher: Browser, sequence: int) -> None:
    """Read the watcher's frames until one says the table's next frame number is ``sequence`` (bounded)."""
    deadline = time.monotonic() + REPLY_SECONDS
    while True:
        assert time.monotonic() < deadline, f"the watcher never saw frame {sequence - 1}"
        message = loop.run_until_complete(watcher.socket.receive())
        assert message is not None, "the watcher's socket closed"
        shown = NEXT_SEQUENCE.search(message)
        if shown is not None and int(shown[1]) == sequence:
            return


def test_with_postgresql_down_a_step_is_answered_not_saved_pages_say_so_and_the_step_resent_is_taken_once_back(
    daphnes, loop, school_on
):
    server = daphnes.start()
    attempt, cookie = signed_in_trainee(server)
    set_password(make_instructor("ivy", teaching=[attempt.trainee_id]), PASSWORD)
    instructor_cookie = log_in(f"http://127.0.0.1:{server.port}", "ivy", PASSWORD)
    trainee, watcher = Browser(loop, attempt.pk, cookie), Browser(loop, attempt.pk, instructor_cookie)
    trainee.connect(server)
    watcher.connect(server)
    assert "✓ Right" in trainee.step(next_frame(attempt.pk, 1))
    heard_up_to(loop, watcher, 2)
    frame = next_frame(attempt.pk, 2)

    school_on.stop()
    answer = trainee.step(frame)
    assert NOT_SAVED.replace("'", "&#39;") in answer and 'data-step-not-saved="2"' in answer
    for signed_in, page in ((cookie, "/tables/"), (instructor_cookie, "/cohorts/")):
        shown = request(server, "GET", page, signed_in)
        assert shown.status == 503 and "The school is briefly unavailable" in shown.text
        assert f'href="{page}">Try again</a>' in shown.text
    assert 'data-step-not-saved="2"' in trainee.step(frame), "sent again while down: not saved again, the socket open"
    refused = loop.run_until_complete(Socket.open(server.port, f"/ws/table/{attempt.pk}/", cookie))
    assert loop.run_until_complete(refused.receive()) is None, "a new tab's socket is closed, to be opened later"
    assert int.from_bytes(refused.closed_with[:2], "big") == TRY_AGAIN_LATER_CLOSE_CODE
    assert refused.closed_with[2:].decode() == TRY_AGAIN_LATER

    bring_back(school_on)
    assert [row[0] for row in step_rows(attempt.pk)] == [1], "the acknowledged step kept, nothing half-written"
    assert "✓ Right" in trainee.step(frame), "the step sent again once PostgreSQL is back is taken"
    assert "already received" in trainee.step(frame), "and only once"
    assert [row[0] for row in step_rows(attempt.pk)] == [1, 2]
    heard_up_to(loop, watcher, 3)
    assert request(server, "GET", "/tables/", cookie).status == 200
    assert request(server, "GET", "/cohorts/", instructor_cookie).status == 200
    other_tab = Browser(loop, attempt.pk, cookie)
    other_tab.connect(server)
    assert "✓ Right" in trainee.step(next_frame(attempt.pk, 3)), "the table deals on"
    for tab in (trainee, watcher, other_tab):
        tab.socket.writer.close()
    refused.writer.close()
