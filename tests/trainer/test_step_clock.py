"""Fair clocks: a step's time counts from the table's first frame, never with the socket down or a dialog open."""

import asyncio
import json
from datetime import UTC, datetime, timedelta

import pytest
from channels.db import database_sync_to_async
from django.utils import timezone
from table_helpers import graded_steps
from test_consumers import connected, seat_at_table, send_step

from grading.step_clock import StepClock
from trainer.models import Attempt


def at_the_table(test):
    """A test over the table's socket: asynchronous, with a database its threads share."""
    return pytest.mark.asyncio(pytest.mark.django_db(transaction=True)(test))


NOON = datetime(2026, 3, 10, 12, 0, tzinfo=UTC)


class WallClock:
    """The server's time in a test: it moves only when told."""

    def __init__(self) -> None:
        self.now = timezone.now()

    def __call__(self) -> datetime:
        return self.now

    def advance(self, **interval: float) -> None:
        self.now += timedelta(**interval)


@pytest.fixture
def wall_clock(monkeypatch):
    clock = WallClock()
    monkeypatch.setattr(timezone, "now", clock)
    return clock


@database_sync_to_async
def clock_running(attempt_id):
    return Attempt.objects.get(pk=attempt_id).step_clock_running


async def tell_dialog(communicator, attempt_id, state):
    """The page says its dialog opened or closed; wait until the server has stopped or started the step's clock."""
    await communicator.send_to(text_data=json.dumps({"dialog": state}))
    for _ in range(500):
        if await clock_running(attempt_id) is (state == "closed"):
            return
        await asyncio.sleep(0.01)
    raise AssertionError(f"the clock did not follow the dialog {state}")


@database_sync_to_async
def last_step_ms(attempt_id):
    """The time the trainee's last graded step took, as stored."""
    return graded_steps(Attempt.objects.get(pk=attempt_id))[-1]["elapsed_ms"]


@at_the_table
async def test_the_first_step_counts_from_the_tables_first_frame_not_from_the_deal(wall_clock):
    attempt, session = await seat_at_table()
    wall_clock.advance(minutes=13)  # the page was open, its socket not yet: the shortcuts read, say
    communicator, _ = await connected(attempt.pk, session)
    wall_clock.advance(seconds=2.5)
    await send_step(communicator, attempt.pk)
    assert await last_step_ms(attempt.pk) == 2500
    wall_clock.advance(seconds=4)
    await send_step(communicator, attempt.pk)
    assert await last_step_ms(attempt.pk) == 4000
    await communicator.disconnect()


@at_the_table
async def test_time_with_the_socket_down_is_not_counted(wall_clock):
    attempt, session = await seat_at_table()
    communicator, _ = await connected(attempt.pk, session)
    wall_clock.advance(seconds=3)
    await communicator.disconnect()
    wall_clock.advance(minutes=10)
    communicator, _ = await connected(attempt.pk, session)
    wall_clock.advance(seconds=2)
    await send_step(communicator, attempt.pk)
    assert await last_step_ms(attempt.pk) == 5000
    await communicator.disconnect()


@at_the_table
async def test_time_with_a_dialog_open_is_not_counted(wall_clock):
    attempt, session = await seat_at_table()
    communicator, _ = await connected(attempt.pk, session)
    wall_clock.advance(seconds=1)
    await tell_dialog(communicator, attempt.pk, "open")
    wall_clock.advance(minutes=13)
    await tell_dialog(communicator, attempt.pk, "closed")
    wall_clock.advance(seconds=2)
    await send_step(communicator, attempt.pk)
    assert await last_step_ms(attempt.pk) == 3000
    assert await communicator.receive_nothing()
    await communicator.disconnect()


@at_the_table
async def test_a_step_taken_while_the_page_says_a_dialog_is_open_counts_that_time(wall_clock):
    attempt, session = await seat_at_table()
    communicator, _ = await connected(attempt.pk, session)
    wall_clock.advance(seconds=1)
    await tell_dialog(communicator, attempt.pk, "open")
    wall_clock.advance(seconds=40)
    await send_step(communicator, attempt.pk)
    assert await last_step_ms(attempt.pk) == 41_000
    await communicator.disconnect()


@pytest.mark.parametrize("frame", [{"dialog": "ajar"}, {"dialog": "open", "elapsed_ms": 0}, {"dialog": ["open"]}])
@at_the_table
async def test_a_dialog_frame_that_is_not_open_or_closed_is_refused_and_stops_no_clock(wall_clock, frame):
    attempt, session = await seat_at_table()
    communicator, _ = await connected(attempt.pk, session)
    await communicator.send_to(text_data=json.dumps(frame))
    assert "A dialog frame is" in await communicator.receive_from()
    wall_clock.advance(seconds=6)
    await send_step(communicator, attempt.pk)
    assert await last_step_ms(attempt.pk) == 6000
    await communicator.disconnect()


def test_a_stopped_clock_keeps_what_it_counted_and_starts_again_from_then():
    clock = StepClock(0, False, NOON).started(NOON + timedelta(minutes=13))
    stopped = clock.stopped(NOON + timedelta(minutes=13, seconds=2))
    assert stopped == StepClock(2000, False, NOON + timedelta(minutes=13, seconds=2))
    assert stopped.stopped(NOON + timedelta(hours=1)) == stopped
    again = stopped.started(NOON + timedelta(hours=1))
    assert again.step_taken(NOON + timedelta(hours=1, milliseconds=1500)) == 3500
    assert again.started(NOON + timedelta(hours=2)) == again


def test_a_clock_read_before_it_started_counts_nothing_negative():
    assert StepClock(700, True, NOON).step_taken(NOON - timedelta(seconds=5)) == 700
