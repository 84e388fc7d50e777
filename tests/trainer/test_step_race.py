"""One frame reaching two server processes at once, at the step that changes the table's meter, is taken once.

Two tabs of one trainee, each on a process of its own, send the same frame together. The test holds the meter's
row locked until both processes wait for it, so that both take the step on the round as it stood: the first to
commit takes it, the other is told the step was already received, and neither tab's socket closes. PostgreSQL only
(SQLite's transactions hold the whole database, so the two never overlap); CI runs it in its PostgreSQL pass.
"""

import os
import time

import pytest
from django.db import connection, transaction
from live_daphne import REPLY_SECONDS, receive, step_rows
from table_helpers import demo_table, make_trainee
from test_crash_safety import Browser, next_frame

from bench.ws_load import session_cookie
from simulator.notation import replay_round
from trainer import services
from trainer.models import Attempt, Meter, MeterChange, Mode

pytestmark = [
    pytest.mark.storage,
    pytest.mark.skipif(
        not os.environ.get("DATABASE_URL", "").startswith(("postgres://", "postgresql://")),
        reason="the two processes' transactions overlap only on PostgreSQL",
    ),
]

ANSWERS = ("✓ Right", "already received")


def meter_changes_next(attempt_id: int) -> bool:
    """Whether the round's next dealer step changes a table meter (it, or the automated steps it lets through)."""
    round_ = replay_round(Attempt.objects.get(pk=attempt_id).saved_round()[0])
    action = round_.next_action()
    performed = [round_.perform(action.step, action.arguments), *round_.advance()]
    return any(operation.readings for operation in performed)


def waiting_for_locks() -> int:
    """How many other connections to the test database wait for a lock now."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_stat_clear_snapshot()")
        cursor.execute(
            "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'"
        )
        return int(cursor.fetchone()[0])


def answer(browser: Browser) -> str:
    """What the frame answering the tab's own step says (news of the other tab's step may come first)."""
    while True:
        frame = receive(browser.loop, browser.socket)
        for words in ANSWERS:
            if words in frame:
                return words


def test_one_frame_sent_by_two_tabs_to_two_processes_at_the_meter_step_is_taken_once_and_both_are_answered(
    daphnes, loop
):
    trainee = make_trainee()
    table = demo_table()
    attempt = services.start_round(trainee, table, Mode.PRACTICE, seed_value=31)
    cookie = session_cookie(trainee.username)
    first, second = Browser(loop, attempt.pk, cookie), Browser(loop, attempt.pk, cookie)
    first.connect(daphnes.start())
    sequence = 1
    while not meter_changes_next(attempt.pk):
        assert "✓ Right" in first.step(next_frame(attempt.pk, sequence))
        sequence += 1
    second.connect(daphnes.start())
    frame = next_frame(attempt.pk, sequence)

    with transaction.atomic():
        assert list(Meter.objects.select_for_update().filter(table=table))
        first.send(frame)
        second.send(frame)
        deadline = time.monotonic() + REPLY_SECONDS
        while waiting_for_locks() < 2:
            assert time.monotonic() < deadline, "the two processes did not both wait for the meter"
            time.sleep(0.01)

    assert sorted(answer(browser) for browser in (first, second)) == sorted(ANSWERS)
    assert [row[0] for row in step_rows(attempt.pk)] == list(range(1, sequence + 1)), "the step is taken once"
    operations = MeterChange.objects.filter(attempt=attempt).values_list("operation", flat=True)
    assert len(operations) == len(set(operations)), "each operation changed the meter once"
    assert "✓ Right" in first.step(next_frame(attempt.pk, sequence + 1)), "the tabs deal on"
    for browser in (first, second):
        browser.socket.writer.close()
