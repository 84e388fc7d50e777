"""A table socket's limits (trainer/frame_limits.py), at the consumer: a frame too big or too soon closes it."""

import json

import pytest
from test_consumers import connected, seat_at_table, state

from trainer.frame_limits import FrameAllowance

on_a_socket = pytest.mark.django_db(transaction=True)

NO_MORE_BETS = json.dumps({"step": "announce_no_more_bets", "seq": "1"})


async def closed_with(communicator):
    """The close the consumer sent, after any answers still on their way: (code, reason)."""
    while (output := await communicator.receive_output())["type"] != "websocket.close":
        assert output["type"] == "websocket.send"
    return output["code"], output["reason"]


async def gone(communicator):
    """Tell the application the socket is gone; it must then end, having read (and dropped) every frame before."""
    await communicator.send_input({"type": "websocket.disconnect", "code": 1006})
    await communicator.wait()
    assert communicator.input_queue.empty(), "frames after the close were left waiting"


@pytest.mark.asyncio
@on_a_socket
async def test_a_frame_over_the_size_limit_closes_the_socket_with_4009_and_a_reason_and_changes_nothing(settings):
    assert settings.WEBSOCKET_MAX_FRAME_BYTES == 65_536, "the documented default"
    attempt, session = await seat_at_table()
    communicator, _ = await connected(attempt.pk, session)
    before = await state(attempt.pk)
    await communicator.send_to(text_data="x" * 65_536)
    assert "That frame is too long to be a step." in await communicator.receive_from(), "at the limit: answered"
    await communicator.send_to(text_data=json.dumps({"step": "announce_no_more_bets", "seq": "1", "pad": "é" * 32_768}))
    assert await closed_with(communicator) == (4009, "A message over 65,536 bytes is far more than any step.")
    assert await state(attempt.pk) == before
    await gone(communicator)


@pytest.mark.asyncio
@on_a_socket
async def test_frames_faster_than_the_rate_close_the_socket_with_4008_and_a_reason_and_the_rest_are_dropped(settings):
    settings.WEBSOCKET_FRAME_BURST, settings.WEBSOCKET_FRAMES_PER_SECOND = 5, 1
    attempt, session = await seat_at_table()
    communicator, _ = await connected(attempt.pk, session)
    before = await state(attempt.pk)
    unreadable = ["{not json", "[1, 2]"] * 3
    for frame in unreadable[:5]:
        await communicator.send_to(text_data=frame)
    for _ in range(5):
        assert "feedback-error" in await communicator.receive_from()
    await communicator.send_to(text_data=NO_MORE_BETS)
    await communicator.send_to(text_data=NO_MORE_BETS)
    assert await closed_with(communicator) == (4008, "Messages came faster than 1 a second.")
    for _ in range(1000):
        await communicator.send_to(text_data=NO_MORE_BETS)
    assert await state(attempt.pk) == before, "neither the frame over the rate nor any after it is read"
    await gone(communicator)


@pytest.mark.asyncio
@on_a_socket
async def test_a_hundred_steps_as_fast_as_the_answers_come_stay_within_the_default_limits(settings):
    assert (settings.WEBSOCKET_FRAME_BURST, settings.WEBSOCKET_FRAMES_PER_SECOND) == (100, 20), "documented defaults"
    attempt, session = await seat_at_table()
    communicator, _ = await connected(attempt.pk, session)
    for sequence in range(1, 100):
        await communicator.send_to(text_data=json.dumps({"step": "clear_table", "seq": str(sequence)}))
        assert "✗ Wrong" in await communicator.receive_from()
    await communicator.send_to(text_data=json.dumps({"step": "announce_no_more_bets", "seq": "100"}))
    assert "✓ Right" in await communicator.receive_from()
    await communicator.disconnect()


def test_the_allowance_gives_a_burst_at_once_then_frames_at_the_steady_rate():
    now = [0.0]
    allowance = FrameAllowance(per_second=20, burst=100, clock=lambda: now[0])
    assert all(allowance.take() for _ in range(100))
    assert not allowance.take()
    now[0] += 0.5
    assert all(allowance.take() for _ in range(10))
    assert not allowance.take()
    now[0] += 3600
    assert all(allowance.take() for _ in range(100)), "an idle hour refills the burst, no more"
    assert not allowance.take()
