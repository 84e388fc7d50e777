"""A table socket's limits (trainer/frame_limits.py, trainer/socket_budgets.py), at the consumer: a frame too big or
too soon closes it, and an account or an address may open only so many sockets, none for a while after a flood."""

import json
import re
import time

import pytest
from test_consumers import connected, seat_at_table, send_step, socket, state

from trainer.frame_limits import FrameAllowance
from trainer.socket_budgets import SWEEP_FROM, Budget, Budgets
from trainer.socket_guard import REFUSAL_PAUSE_SECONDS

on_a_socket = pytest.mark.django_db(transaction=True)

NO_MORE_BETS = json.dumps({"step": "announce_no_more_bets", "seq": "1"})
UNREADABLE = ["{not json", "[1, 2]"]
"""Two frames answered with different errors (an error repeated is answered with nothing new)."""


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


def socket_from(address, attempt_id, session):
    """A table socket from a browser at ``address`` (the scope's client, as a server sets it)."""
    communicator = socket(attempt_id, session)
    communicator.scope["client"] = [address, 50_000]
    return communicator


async def refusal(communicator):
    """The close of a socket refused as it opens (after the guard's pause), before anything else is sent on it."""
    accepted, _ = await communicator.connect(timeout=REFUSAL_PAUSE_SECONDS + 5)
    assert accepted, "accepted, so that the browser is told the close's code"
    closed = await communicator.receive_output()
    assert closed["type"] == "websocket.close", "refused before the table is drawn"
    return closed["code"], closed["reason"]


async def opened_from(address, attempt_id, session):
    """A socket from ``address`` that is admitted: its table has arrived."""
    communicator = socket_from(address, attempt_id, session)
    accepted, _ = await communicator.connect()
    assert accepted
    assert (await communicator.receive_output())["type"] == "websocket.send", "the table arrives first"
    return communicator


async def deals_on(communicator, attempt_id):
    """The socket's next correct step is answered as right: nothing of another's flood reached it."""
    _, reply = await send_step(communicator, attempt_id)
    assert "✓ Right" in reply


@pytest.mark.asyncio
@on_a_socket
async def test_a_socket_over_the_account_s_open_limit_is_refused_with_4429_and_a_reason_and_draws_no_table(settings):
    assert settings.WEBSOCKET_SOCKETS_PER_ACCOUNT == 10, "the documented default"
    settings.WEBSOCKET_SOCKETS_PER_ACCOUNT = 2
    attempt, session = await seat_at_table()
    first, _ = await connected(attempt.pk, session)
    second, _ = await connected(attempt.pk, session)
    third = socket(attempt.pk, session)
    assert await refusal(third) == (4429, "2 tables are open already, the most at once: close one first.")
    await gone(third)
    await first.disconnect()
    fourth, _ = await connected(attempt.pk, session)
    await deals_on(fourth, attempt.pk)
    await second.disconnect()
    await fourth.disconnect()


@pytest.mark.asyncio
@on_a_socket
async def test_a_socket_over_the_address_s_open_limit_is_refused_and_another_address_opens_its_table(settings):
    assert settings.WEBSOCKET_SOCKETS_PER_ADDRESS == 40, "the documented default"
    settings.WEBSOCKET_SOCKETS_PER_ADDRESS = 2
    seats = [await seat_at_table(name) for name in ("alice", "bob", "carol", "dave")]
    opened = [await opened_from("10.0.0.1", attempt.pk, session) for attempt, session in seats[:2]]
    refused = socket_from("10.0.0.1", seats[2][0].pk, seats[2][1])
    reason = "2 tables are open from this address already, the most at once: close one first."
    assert await refusal(refused) == (4429, reason)
    await gone(refused)
    elsewhere = await opened_from("10.0.0.2", seats[3][0].pk, seats[3][1])
    await deals_on(elsewhere, seats[3][0].pk)
    for communicator in [*opened, elsewhere]:
        await communicator.disconnect()


async def flood_until_closed(communicator, frames_at_most=50):
    """Send frames on a socket without reading the answers until it is closed: (code, reason)."""
    for _ in range(frames_at_most):
        await communicator.send_to(text_data=UNREADABLE[0])
    return await closed_with(communicator)


@pytest.mark.asyncio
@on_a_socket
async def test_an_account_s_sockets_share_one_frame_budget_and_a_reconnect_in_the_cool_off_is_refused(settings):
    assert settings.WEBSOCKET_FLOOD_COOL_OFF_SECONDS == 30, "the documented default"
    settings.WEBSOCKET_FRAME_BURST, settings.WEBSOCKET_FRAMES_PER_SECOND = 5, 1
    attempt, session = await seat_at_table()
    bystander_attempt, bystander_session = await seat_at_table("bob")
    sockets = [(await connected(attempt.pk, session))[0] for _ in range(3)]
    bystander, _ = await connected(bystander_attempt.pk, bystander_session)
    for communicator in sockets[:2]:
        for frame in UNREADABLE:
            await communicator.send_to(text_data=frame)
            assert "feedback-error" in await communicator.receive_from()
    await sockets[2].send_to(text_data=UNREADABLE[0])
    assert "feedback-error" in await sockets[2].receive_from(), "the fifth frame of the three sockets is answered"
    before = await state(attempt.pk)
    await sockets[2].send_to(text_data=NO_MORE_BETS)
    assert await closed_with(sockets[2]) == (4008, "Messages came faster than 1 a second.")
    for communicator in sockets[:2]:
        assert await flood_until_closed(communicator) == (4008, "Messages came faster than 1 a second.")
    assert await state(attempt.pk) == before, "no frame over the budget is read"
    reconnected = socket(attempt.pk, session)
    code, reason = await refusal(reconnected)
    assert code == 4429 and re.fullmatch(r"Messages came too fast: tables open again in \d+ s\.", reason), reason
    await deals_on(bystander, bystander_attempt.pk)
    for communicator in [*sockets, reconnected]:
        await gone(communicator)
    await bystander.disconnect()


@pytest.mark.asyncio
@on_a_socket
async def test_an_address_s_accounts_share_one_frame_budget_and_its_new_sockets_wait_out_the_cool_off(settings):
    assert (settings.WEBSOCKET_ADDRESS_FRAME_BURST, settings.WEBSOCKET_ADDRESS_FRAMES_PER_SECOND) == (100, 30)
    settings.WEBSOCKET_ADDRESS_FRAME_BURST, settings.WEBSOCKET_ADDRESS_FRAMES_PER_SECOND = 4, 1
    seats = [await seat_at_table(name) for name in ("alice", "bob", "carol", "dave")]
    flooders = [await opened_from("10.0.0.9", attempt.pk, session) for attempt, session in seats[:2]]
    bystander = await opened_from("10.0.0.2", seats[3][0].pk, seats[3][1])
    for communicator in flooders:
        for frame in UNREADABLE:
            await communicator.send_to(text_data=frame)
            assert "feedback-error" in await communicator.receive_from()
    closes = [await flood_until_closed(communicator) for communicator in flooders]
    assert closes == [(4008, "Messages from this address came faster than 1 a second.")] * 2
    refused = socket_from("10.0.0.9", seats[2][0].pk, seats[2][1])
    code, reason = await refusal(refused)
    assert code == 4429
    assert re.fullmatch(r"Messages from this address came too fast: tables open again in \d+ s\.", reason), reason
    await deals_on(bystander, seats[3][0].pk)
    elsewhere = await opened_from("10.0.0.3", seats[0][0].pk, seats[0][1])
    await deals_on(elsewhere, seats[0][0].pk)
    for communicator in [*flooders, refused]:
        await gone(communicator)
    await bystander.disconnect()
    await elsewhere.disconnect()


def test_idle_budgets_are_forgotten_as_they_pile_up_and_open_cooling_or_spent_ones_are_kept():
    now = [0.0]

    def budget():
        return Budget("", 10, FrameAllowance(per_second=20, burst=100, clock=lambda: now[0]))

    budgets = Budgets(budget)
    for key in range(SWEEP_FROM):
        budgets.of(key)
    budgets.of(0).open_sockets = 1
    budgets.of(1).cool_off_until = time.monotonic() + 3600
    budgets.of(2).allowance.take()
    budgets.of(SWEEP_FROM + 1)
    assert set(budgets) == {0, 1, 2, SWEEP_FROM + 1}, "a new key past the threshold sweeps the idle ones"
