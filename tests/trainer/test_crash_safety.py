"""A server killed mid-round (SIGKILL) loses no acknowledged step, changes no meter, and applies a resent step once.

Runs on the database of the test run: SQLite in CI's first pass, PostgreSQL (with Redis) in its second. The server
is ``python -m dealer_school.serve`` in a subprocess on 127.0.0.1; the test reads what it stored from the same database.
"""

import json
import time
from decimal import Decimal

import pytest
from django.db import transaction
from live_daphne import REPLY_SECONDS, receive, server_round, step_rows
from table_helpers import demo_table, frame_for, make_trainee

from bench.ws_load import Socket, session_cookie
from trainer import services
from trainer.meters import install_meters
from trainer.models import Attempt, Meter, Mode, Table

pytestmark = pytest.mark.storage

ACKNOWLEDGED_STEPS = 8


def table_meter(table_id: int) -> tuple[Decimal, int]:
    """The table's Mystery Bonus meter as the server holds it: its amount and its secret hit value.

    The one place this test reads the meter's storage.
    """
    mystery = Meter.objects.get(table_id=table_id, name="mystery")
    return mystery.amount, mystery.hit_value


def carry_a_meter(table: Table) -> None:
    """Give the table the meter an earlier round would have carried to it, so that there is one to compare."""
    with transaction.atomic():
        install_meters(table.pk, services.deal_round(table, seed_value=5))


def round_state(attempt_id: int) -> dict[str, object]:
    """The round as any server would load it: its frame number, steps, log length, next step and its meter."""
    round_ = server_round(attempt_id)
    meter = round_.mystery.meter
    return {
        "sequence": Attempt.objects.get(pk=attempt_id).last_sequence,
        "steps": step_rows(attempt_id),
        "operations": len(round_.operations),
        "next": round_.next_action(),
        "meter": (meter.amount, meter._hit_value),
    }


def next_frame(attempt_id: int, sequence: int) -> str:
    """The frame of the round's correct next dealer step, with the frame number."""
    return json.dumps(frame_for(server_round(attempt_id).next_action(), sequence))


def wait_for_sequence(attempt_id: int, sequence: int) -> None:
    """Wait (bounded) until the server has committed the frame number."""
    deadline = time.monotonic() + REPLY_SECONDS
    while Attempt.objects.get(pk=attempt_id).last_sequence < sequence:
        assert time.monotonic() < deadline, f"frame {sequence} was never committed"
        time.sleep(0.01)


class Browser:
    """The trainee's browser at the table: one socket at a time, to whichever server is running."""

    def __init__(self, loop, attempt_id: int, cookie: str) -> None:
        self.loop, self.path, self.cookie, self.socket = loop, f"/ws/table/{attempt_id}/", cookie, None

    def connect(self, server) -> None:
        """Open the table's socket on the server (dropping the last one) and read the table it sends first."""
        if self.socket is not None:
            self.socket.writer.close()
        self.socket = self.loop.run_until_complete(Socket.open(server.port, self.path, self.cookie))
        receive(self.loop, self.socket)

    def send(self, frame: str) -> None:
        """Send a frame without waiting for its answer."""
        self.socket.send(frame)

    def step(self, frame: str) -> str:
        """Send a frame and return the server's answer to it."""
        self.send(frame)
        return receive(self.loop, self.socket)


def test_a_server_killed_mid_round_keeps_exactly_the_acknowledged_steps_and_the_meter_and_applies_a_resent_step_once(
    daphnes, loop
):
    started = time.monotonic()
    trainee = make_trainee()
    table = demo_table()
    carry_a_meter(table)
    attempt = services.start_round(trainee, table, Mode.PRACTICE, seed_value=31)
    browser = Browser(loop, attempt.pk, session_cookie(trainee.username))
    server = daphnes.start()
    browser.connect(server)
    for sequence in range(1, ACKNOWLEDGED_STEPS + 1):
        assert "✓ Right" in browser.step(next_frame(attempt.pk, sequence))
    acknowledged, meter = round_state(attempt.pk), table_meter(table.pk)
    assert acknowledged["sequence"] == ACKNOWLEDGED_STEPS and len(acknowledged["steps"]) == ACKNOWLEDGED_STEPS

    # A step in flight when the server dies, never read by it: lost, and taken once when resent.
    in_flight = next_frame(attempt.pk, ACKNOWLEDGED_STEPS + 1)
    server.freeze()
    browser.send(in_flight)
    server.crash()
    assert round_state(attempt.pk) == acknowledged
    assert table_meter(table.pk) == meter
    browser.connect(server := daphnes.start())
    assert "✓ Right" in browser.step(in_flight)
    assert "already received" in browser.step(in_flight)
    taken = round_state(attempt.pk)
    assert taken["steps"][:-1] == acknowledged["steps"]
    assert [row[0] for row in taken["steps"]] == list(range(1, ACKNOWLEDGED_STEPS + 2))

    # A step the server committed but whose answer never reached the trainee: resent, it is not taken again.
    unanswered = next_frame(attempt.pk, ACKNOWLEDGED_STEPS + 2)
    browser.send(unanswered)
    wait_for_sequence(attempt.pk, ACKNOWLEDGED_STEPS + 2)
    committed, meter = round_state(attempt.pk), table_meter(table.pk)
    server.crash()
    assert round_state(attempt.pk) == committed
    assert table_meter(table.pk) == meter
    browser.connect(daphnes.start())
    assert "already received" in browser.step(unanswered)
    assert round_state(attempt.pk) == committed
    assert "✓ Right" in browser.step(next_frame(attempt.pk, ACKNOWLEDGED_STEPS + 3))
    assert [row[0] for row in step_rows(attempt.pk)] == list(range(1, ACKNOWLEDGED_STEPS + 4))
    assert table_meter(table.pk) == meter
    browser.socket.writer.close()
    assert time.monotonic() - started < 60
