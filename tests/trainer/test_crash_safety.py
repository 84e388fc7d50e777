"""A server killed mid-round (SIGKILL) loses no acknowledged step, changes no meter, and applies a resent step once.

Runs on the database of the test run: SQLite in CI's first pass, PostgreSQL (with Redis) in its second. The server
is ``python -m trainer.serve`` in a subprocess on 127.0.0.1; the test reads what it stored from the same database.
"""

import json
import time
from decimal import Decimal

from django.conf import settings
from django.test import Client
from live_daphne import REPLY_SECONDS, receive, server_round, step_rows
from table_helpers import demo_table, frame_for, make_trainee

from bench.ws_load import Socket
from trainer import services
from trainer.models import Attempt, Mode, Table

ACKNOWLEDGED_STEPS = 8


def table_meter(table_id: int) -> tuple[Decimal, int]:
    """The table's Mystery Bonus meter as the server holds it: its amount and its secret hit value.

    The one place this test reads the meter's storage.
    """
    mystery = Table.objects.get(pk=table_id).meter["mystery"]
    return Decimal(mystery["amount"]), mystery["hit_value"]


def carry_a_meter(table: Table) -> None:
    """Give the table the meter an earlier round would have carried to it, so that there is one to compare."""
    table.meter = services.deal_round(table, seed_value=5).carried_meters()
    table.save(update_fields=["meter"])


def session_cookie(user) -> str:
    """The Cookie header of a browser logged in as the user (the session is stored in the shared database)."""
    client = Client()
    client.force_login(user)
    return f"{settings.SESSION_COOKIE_NAME}={client.cookies[settings.SESSION_COOKIE_NAME].value}"


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


def test_a_server_killed_mid_round_keeps_exactly_the_acknowledged_steps_and_the_meter_and_applies_a_resent_step_once(
    daphnes, loop
):
    started = time.monotonic()
    trainee = make_trainee()
    table = demo_table()
    carry_a_meter(table)
    attempt = services.start_round(trainee, table, Mode.PRACTICE, seed_value=31)
    cookie = session_cookie(trainee)
    path = f"/ws/table/{attempt.pk}/"

    def connect(port):
        socket = loop.run_until_complete(Socket.open(port, path, cookie))
        receive(loop, socket)
        return socket

    server = daphnes.start()
    socket = connect(server.port)
    for sequence in range(1, ACKNOWLEDGED_STEPS + 1):
        socket.send(next_frame(attempt.pk, sequence))
        assert "✓ Right" in receive(loop, socket)
    acknowledged, meter = round_state(attempt.pk), table_meter(table.pk)
    assert acknowledged["sequence"] == ACKNOWLEDGED_STEPS and len(acknowledged["steps"]) == ACKNOWLEDGED_STEPS

    # A step in flight when the server dies, never read by it: lost, and taken once when resent.
    in_flight = next_frame(attempt.pk, ACKNOWLEDGED_STEPS + 1)
    server.freeze()
    socket.send(in_flight)
    server.crash()
    assert round_state(attempt.pk) == acknowledged
    assert table_meter(table.pk) == meter

    server = daphnes.start()
    socket = connect(server.port)
    socket.send(in_flight)
    assert "✓ Right" in receive(loop, socket)
    socket.send(in_flight)
    assert "already received" in receive(loop, socket)
    taken = round_state(attempt.pk)
    assert taken["steps"][:-1] == acknowledged["steps"]
    assert [row[0] for row in taken["steps"]] == list(range(1, ACKNOWLEDGED_STEPS + 2))

    # A step the server committed but whose answer never reached the trainee: resent, it is not taken again.
    unanswered = next_frame(attempt.pk, ACKNOWLEDGED_STEPS + 2)
    socket.send(unanswered)
    wait_for_sequence(attempt.pk, ACKNOWLEDGED_STEPS + 2)
    committed, meter = round_state(attempt.pk), table_meter(table.pk)
    server.crash()
    assert round_state(attempt.pk) == committed
    assert table_meter(table.pk) == meter

    server = daphnes.start()
    socket = connect(server.port)
    socket.send(unanswered)
    assert "already received" in receive(loop, socket)
    assert round_state(attempt.pk) == committed
    socket.send(next_frame(attempt.pk, ACKNOWLEDGED_STEPS + 3))
    assert "✓ Right" in receive(loop, socket)
    assert [row[0] for row in step_rows(attempt.pk)] == list(range(1, ACKNOWLEDGED_STEPS + 4))
    assert table_meter(table.pk) == meter
    socket.close()
    assert time.monotonic() - started < 60
