import asyncio
import json
import re

import pytest
from channels.db import database_sync_to_async
from channels.layers import get_channel_layer
from django.conf import settings
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse
from socket_client import SocketClient
from table_helpers import (
    NO_CASH_SEED,
    demo_table,
    frame_for,
    graded_steps,
    make_instructor,
    make_trainee,
    make_user,
    teacher_of,
)
from table_page import TablePage

from core.roles import Role
from dealer_school.asgi import application
from scenarios.scenario_versions import create_scenario, publish
from simulator.core.money import format_cents
from simulator.core.procedure import Actor
from simulator.pai_gow.round import DEALER
from simulator.scenarios import ScenarioSpec
from trainer import round_store, services
from trainer.consumers import ANONYMOUS_CLOSE_CODE, FORBIDDEN_CLOSE_CODE, dealer_group, watchers_group
from trainer.models import Attempt, Floorperson, Mode
from trainer.services import Notice

pytestmark = [pytest.mark.storage, pytest.mark.asyncio, pytest.mark.django_db(transaction=True)]

ORIGIN = b"http://localhost"
CARD = re.compile(r'class="card(?: red)?" data-card="(\w\w)"')


def session_cookie(user):
    client = Client()
    client.force_login(user)
    return client.cookies[settings.SESSION_COOKIE_NAME].value


@database_sync_to_async
def seat_at_table(username="alice", floorperson=Floorperson.AUTOMATED, mode=Mode.PRACTICE, **options):
    trainee = make_trainee(username)
    options.setdefault("seed_value", NO_CASH_SEED)
    attempt = services.start_round(trainee, demo_table(floorperson), mode, **options)
    return attempt, session_cookie(trainee)


@database_sync_to_async
def login_as(maker, username):
    return session_cookie(maker(username))


@database_sync_to_async
def server_side(attempt_id):
    """The attempt and its live round, as the server holds them (tests only)."""
    attempt = Attempt.objects.get(pk=attempt_id)
    return attempt, round_store.live_round(attempt)


def socket(attempt_id, session=None, origin=ORIGIN):
    headers = [(b"host", b"localhost")]
    if origin is not None:
        headers.append((b"origin", origin))
    if session is not None:
        headers.append((b"cookie", f"{settings.SESSION_COOKIE_NAME}={session}".encode()))
    return SocketClient(application, f"/ws/table/{attempt_id}/", headers=headers)


async def connected(attempt_id, session):
    communicator = socket(attempt_id, session)
    accepted, _ = await communicator.connect()
    assert accepted
    snapshot = await communicator.receive_from()
    return communicator, snapshot


async def send_step(communicator, attempt_id):
    """Take the correct next dealer step; return the action and the trainee's reply."""
    attempt, round_ = await server_side(attempt_id)
    action = round_.next_action()
    assert action is not None and action.actor is Actor.DEALER
    await communicator.send_to(text_data=json.dumps(frame_for(action, attempt.last_sequence + 1)))
    return action, await communicator.receive_from()


@database_sync_to_async
def state(attempt_id):
    """The frame number, the graded steps and the operations as the server holds them (tests only)."""
    attempt = Attempt.objects.get(pk=attempt_id)
    return attempt.last_sequence, len(graded_steps(attempt)), len(round_store.live_round(attempt).operations)


def fragment(frame, element_id):
    """One top-level fragment of a frame (each partial starts a line with its id)."""
    for part in re.split(r'(?m)^(?=<\w+ id=")', frame):
        if part.startswith(f'<{part[1:].split(" ")[0]} id="{element_id}"'):
            return part
    raise AssertionError(f"no #{element_id} in the frame")


async def refusal_code(communicator):
    """The code a connection is closed with once it is accepted: a browser learns why only from a close's code."""
    accepted, _ = await communicator.connect()
    assert accepted
    closed = await communicator.receive_output()
    assert closed["type"] == "websocket.close"
    return closed["code"]


async def test_it_refuses_an_anonymous_connection_with_a_close_the_browser_can_read():
    attempt, _ = await seat_at_table()
    assert await refusal_code(socket(attempt.pk)) == ANONYMOUS_CLOSE_CODE == 4401


async def test_it_refuses_another_trainee_with_a_close_the_browser_can_read():
    attempt, _ = await seat_at_table()
    assert await refusal_code(socket(attempt.pk, await login_as(make_trainee, "bob"))) == FORBIDDEN_CLOSE_CODE == 4403


async def test_it_refuses_an_instructor_who_does_not_teach_the_trainee_and_lets_a_school_administrator_watch():
    attempt, _ = await seat_at_table()
    outsider = await login_as(make_instructor, "ivy")
    assert await refusal_code(socket(attempt.pk, outsider)) == FORBIDDEN_CLOSE_CODE
    administrator = await login_as(lambda username: make_user(username, Role.SCHOOL_ADMINISTRATOR), "ada")
    watcher, watched = await connected(attempt.pk, administrator)
    assert 'id="floorperson"' in watched
    await watcher.disconnect()


async def test_it_refuses_a_user_without_a_role_and_a_round_that_does_not_exist():
    attempt, session = await seat_at_table()
    assert await refusal_code(socket(attempt.pk, await login_as(make_user, "mallory"))) == FORBIDDEN_CLOSE_CODE
    assert await refusal_code(socket(attempt.pk + 100, session)) == FORBIDDEN_CLOSE_CODE


async def test_a_frame_sent_before_the_refusal_arrives_is_ignored_and_changes_nothing():
    attempt, _ = await seat_at_table()
    dealt = await state(attempt.pk)
    for session in (None, await login_as(make_trainee, "bob")):
        communicator = socket(attempt.pk, session)
        await refusal_code(communicator)
        await communicator.send_to(text_data=json.dumps({"step": "announce_no_more_bets", "seq": "1"}))
        assert await communicator.receive_nothing()
        assert await state(attempt.pk) == dealt
        await communicator.disconnect()


async def test_it_refuses_a_missing_or_foreign_origin():
    attempt, session = await seat_at_table()
    accepted, _ = await socket(attempt.pk, session, origin=None).connect()
    assert not accepted
    accepted, _ = await socket(attempt.pk, session, origin=b"http://evil.example").connect()
    assert not accepted


async def test_it_sends_the_full_table_on_connection():
    attempt, session = await seat_at_table()
    communicator, snapshot = await connected(attempt.pk, session)
    regions = ("felt", "posted", "sequence", "status", "table-log", "score-card")
    for element_id in regions:
        assert f'id="{element_id}" ' in snapshot
    assert snapshot.count('hx-swap-oob="true"') == len(regions)
    for live_region in ("feedback", "feedback-alert"):
        assert f'id="{live_region}" hx-swap-oob="innerHTML"' in snapshot
    assert 'name="seq" value="1"' in snapshot
    await communicator.disconnect()


@pytest.mark.parametrize(
    ("text", "error"),
    [
        ("{not json", "not valid JSON"),
        ("[1, 2]", "JSON object naming a step"),
        ("[" * 3000 + "]" * 3000, "too long"),
        ("[" * 2000 + "]" * 2000, "not valid JSON"),
        (json.dumps({"step": "announce_no_more_bets", "seq": "1", "pad": "x" * 5000}), "too long"),
        (json.dumps({"step": "deal_myself_a_royal_flush", "seq": "1"}), "not a step you can take"),
        (json.dumps({"step": "set_player_hand", "seq": "1", "seat": "1", "high": "As", "low": "Ks"}), "not a step"),
        (json.dumps({"step": "validate_mystery_payout", "seq": "1", "seat": "1"}), "not a step you can take"),
        (json.dumps({"step": "announce_no_more_bets"}), "frame number"),
        (json.dumps({"step": "pay_wager", "seq": "1", "seat": "1", "spot": "sum"}), "add chips from the rack"),
        (json.dumps({"step": "pay_wager", "seq": "1", "seat": "1", "spot": "sum", "chips": "1e999999"}), "count of"),
        (json.dumps({"step": "pay_wager", "seq": "1", "seat": "1", "spot": "sum", "chips": "700x1"}), "no $7.00"),
        (json.dumps({"step": "pay_wager", "seq": "1", "seat": "1", "spot": "sum", "chips": "-500x1"}), "count of"),
        (
            json.dumps({"step": "pay_wager", "seq": "1", "seat": "1", "spot": "sum", "chips": "500x5000 100x5000"}),
            "500",
        ),
        (json.dumps({"step": "pay_wager", "seq": "1", "seat": "9", "spot": "sum", "chips": "500x1"}), "seat from 1"),
        (json.dumps({"step": "collect_wager", "seq": "1", "seat": ["1", "2"], "spot": "sum"}), "one value"),
    ],
)
async def test_it_answers_an_unreadable_frame_with_an_error_and_changes_nothing(text, error):
    attempt, session = await seat_at_table()
    communicator, _ = await connected(attempt.pk, session)
    before = await state(attempt.pk)
    await communicator.send_to(text_data=text)
    reply = await communicator.receive_from()
    assert 'id="feedback"' in reply and "feedback-error" in reply
    assert error in reply
    assert 'id="felt"' not in reply
    assert await state(attempt.pk) == before
    await communicator.send_to(bytes_data=b"\x00\x01")
    assert "feedback-error" in await communicator.receive_from()
    assert await state(attempt.pk) == before
    await communicator.disconnect()


@database_sync_to_async
def seat_at_a_table_of_three_chips():
    """A practice round at a Pai Gow Poker table whose house rack is $25 green, $5 red and $1 white."""
    table = demo_table()
    table.rules = {**table.rules, "rack": "$25 green; $5 red; $1 white"}
    table.save()
    trainee = make_trainee()
    attempt = services.start_round(trainee, table, Mode.PRACTICE, seed_value=3)
    client = Client()
    client.force_login(trainee)
    page = client.get(reverse("attempt", args=[attempt.pk])).content.decode()
    return attempt, session_cookie(trainee), page


async def test_house_rack_option_the_page_draws_the_tables_chips_and_a_chip_it_lacks_is_refused_changing_nothing():
    attempt, session, page = await seat_at_a_table_of_three_chips()
    assert re.findall(r'data-chip="(\d+)" data-colour="(\w+)"', page) == 5 * [
        ("2500", "green"),
        ("500", "red"),
        ("100", "white"),
    ], "five racks at Pai Gow Poker: chips sold, colour-ups, the wagers, the Progressive Payout, the Mystery Bonus"
    communicator, _ = await connected(attempt.pk, session)
    before = await state(attempt.pk)
    await communicator.send_to(
        text_data=json.dumps({"step": "pay_wager", "seq": "1", "seat": "1", "spot": "sum", "chips": "10000x1"})
    )
    reply = await communicator.receive_from()
    assert "The rack has no $100.00 chip." in reply and "feedback-error" in reply
    assert await state(attempt.pk) == before
    await communicator.disconnect()


async def test_it_answers_an_empty_or_binary_frame_with_an_error_and_changes_nothing():
    attempt, session = await seat_at_table()
    communicator, _ = await connected(attempt.pk, session)
    before = await state(attempt.pk)
    for frame in ({"text": ""}, {"bytes": b"{}"}, {"bytes": b""}):
        await communicator.send_to(text_data="{not json")
        assert "not valid JSON" in await communicator.receive_from()
        await communicator.send_input({"type": "websocket.receive", **frame})
        reply = await communicator.receive_from()
        assert "feedback-error" in reply and "Send the step as a JSON text frame." in reply
    assert await state(attempt.pk) == before
    await communicator.disconnect()


async def test_it_grades_and_rejects_an_out_of_order_step():
    attempt, session = await seat_at_table()
    communicator, _ = await connected(attempt.pk, session)
    _, _, operations = await state(attempt.pk)
    await communicator.send_to(text_data=json.dumps({"step": "clear_table", "seq": "1"}))
    reply = await communicator.receive_from()
    feedback = fragment(reply, "feedback")
    assert "✗ Wrong" in feedback
    assert "minor" in feedback
    assert "announce &#34;No more bets&#34;" in feedback
    assert "§645b.2(f)" in feedback and "provenance-regulation" in feedback
    assert await state(attempt.pk) == (1, 1, operations)
    assert 'name="seq" value="2"' in reply
    await communicator.disconnect()


async def test_a_wrong_verdict_is_said_at_once_in_the_assertive_alert_and_never_again_on_reconnecting():
    attempt, session = await seat_at_table()
    communicator, first = await connected(attempt.pk, session)
    assert '<p id="feedback-alert" hx-swap-oob="innerHTML"></p>' in first
    await communicator.send_to(text_data=json.dumps({"step": "clear_table", "seq": "1"}))
    alert = fragment(await communicator.receive_from(), "feedback-alert")
    assert alert.startswith('<p id="feedback-alert" hx-swap-oob="innerHTML">Wrong, minor error: ')
    await communicator.disconnect()
    communicator, again = await connected(attempt.pk, session)
    assert "✗ Wrong" in fragment(again, "feedback")
    assert '<p id="feedback-alert" hx-swap-oob="innerHTML"></p>' in again
    await communicator.send_to(text_data=json.dumps({"step": "announce_no_more_bets", "seq": "2"}))
    reply = await communicator.receive_from()
    assert "✓ Right" in fragment(reply, "feedback")
    assert "Wrong" not in reply and 'id="feedback-alert"' not in reply  # the alert stays empty: nothing to swap
    await communicator.disconnect()


async def test_it_applies_a_double_submitted_step_once():
    attempt, session = await seat_at_table()
    communicator, snapshot = await connected(attempt.pk, session)
    _, _, operations = await state(attempt.pk)
    frame = json.dumps({"step": "announce_no_more_bets", "seq": "1"})
    await communicator.send_to(text_data=frame)
    await communicator.send_to(text_data=frame)
    first = await communicator.receive_from()
    second = await communicator.receive_from()
    assert "✓ Right" in first
    assert "already received" in second
    page = TablePage(snapshot).apply(first)
    felt = page.html("felt")
    assert 'id="felt' not in second and 'id="sequence"' not in second
    assert page.apply(second).html("felt") == felt
    sequence, graded, after = await state(attempt.pk)
    assert (sequence, graded) == (1, 1)
    assert after > operations
    await communicator.disconnect()


async def test_it_resumes_exactly_where_the_round_was_after_a_reload():
    attempt, session = await seat_at_table(seed_value=21)
    communicator, snapshot = await connected(attempt.pk, session)
    page = TablePage(snapshot)
    for _ in range(12):
        _, reply = await send_step(communicator, attempt.pk)
        page.apply(reply)
    await communicator.disconnect()
    round_store.forget_round(attempt.pk)
    communicator, snapshot = await connected(attempt.pk, session)
    reloaded = TablePage(snapshot)
    for element_id in ("felt", "sequence", "status", "table-log"):
        assert reloaded.html(element_id) == page.html(element_id)
    _, reply = await send_step(communicator, attempt.pk)
    assert "✓ Right" in reply
    await communicator.disconnect()


async def test_it_hides_exam_feedback_until_the_score_card():
    attempt, session = await seat_at_table(mode=Mode.EXAM)
    communicator, snapshot = await connected(attempt.pk, session)
    await communicator.send_to(text_data=json.dumps({"step": "clear_table", "seq": "1"}))
    reply = await communicator.receive_from()
    assert "Step recorded" in reply
    assert "Wrong" not in reply and "Expected" not in reply and "No more bets" not in fragment(reply, "feedback")
    assert "<li" not in TablePage(snapshot).apply(reply).html("table-log")
    await communicator.disconnect()


def cards_in(frame):
    return set(CARD.findall(frame))


def revealed_cards(round_):
    places = ([DEALER] if round_.dealer_revealed else []) + list(round_.revealed_seats)
    return {str(card) for place in places for card in round_.stack_for(place)}


async def test_it_deals_a_full_correct_round_to_100_percent_and_never_leaks_hidden_information():
    attempt, session = await seat_at_table(seed_value=424242424242)
    _, round_ = await server_side(attempt.pk)
    deck = [str(card) for card in round_.deck]
    stub = [str(card) for card in round_.stub]
    hit_values = {round_.mystery.meter._hit_value}
    communicator, snapshot = await connected(attempt.pk, session)
    frames = [snapshot]
    assert not cards_in(snapshot)
    assert 'class="die ' not in snapshot
    while True:
        _, round_ = await server_side(attempt.pk)
        if round_.finished:
            break
        hit_values.add(round_.mystery.meter._hit_value)
        _, reply = await send_step(communicator, attempt.pk)
        frames.append(reply)
        _, round_ = await server_side(attempt.pk)
        assert "✓ Right" in reply or round_.finished
        assert cards_in(reply) <= revealed_cards(round_)
        if not round_.dice_visible:
            assert 'class="die ' not in reply
    assert len(frames) > 40
    assert any(cards_in(frame) for frame in frames)
    final = frames[-1]
    assert "Score card: passed" in final
    assert "100.0%" in final
    assert "No error: every step was right." in final
    attempt, _ = await server_side(attempt.pk)
    assert attempt.score_card["accuracy"] == "1"
    for frame in frames:
        assert " ".join(deck) not in frame
        assert not set(stub) & cards_in(frame)
        assert "424242424242" not in frame
        for secret in ("hit_value", "deck_top", "player_styles", '"seed"', "setup_json", "to_json"):
            assert secret not in frame
        for hit_value in hit_values:
            assert format_cents(hit_value) not in frame
            assert f">{hit_value}<" not in frame
    await communicator.disconnect()


async def test_an_instructor_watches_read_only_and_validates_a_mystery_win_from_a_second_browser():
    attempt, session = await seat_at_table(floorperson=Floorperson.INSTRUCTOR, seed_value=99, force_mystery_hit=True)
    trainee, _ = await connected(attempt.pk, session)
    instructor, watched = await connected(attempt.pk, await login_as(teacher_of(attempt), "ivy"))
    await tabs_met()
    assert 'id="floorperson"' in watched and 'id="graded-steps"' in watched
    assert "Nothing is waiting" in watched

    await instructor.send_to(text_data=json.dumps({"step": "announce_no_more_bets", "seq": "1"}))
    assert "not a step you can take" in await instructor.receive_from()

    page = TablePage(watched)
    while True:
        _, round_ = await server_side(attempt.pk)
        action = round_.next_action()
        if action.actor is Actor.FLOORPERSON:
            break
        await send_step(trainee, attempt.pk)
        update = await instructor.receive_from()
        assert 'id="sequence"' in update
        page.apply(update)
    seat = action.arguments["seat"]
    assert f"Light on at seat {seat}" in page.html("felt")
    assert f"Validate the payout at seat {seat}" in update

    attempt, _ = await server_side(attempt.pk)
    validation = frame_for(action, attempt.last_sequence + 1)
    await trainee.send_to(text_data=json.dumps(validation))
    assert "not a step you can take" in await trainee.receive_from()

    await instructor.send_to(text_data=json.dumps(validation))
    answer = await instructor.receive_from()
    assert "Nothing is waiting" in answer
    told = await trainee.receive_from()
    assert "Waiting for the floorperson" not in told
    _, round_ = await server_side(attempt.pk)
    assert round_.next_action().step == "pay_mystery_bonus"

    while not (await server_side(attempt.pk))[1].finished:
        _, reply = await send_step(trainee, attempt.pk)
        await instructor.receive_from()
    assert "Score card: passed" in reply
    await trainee.disconnect()
    await instructor.disconnect()


async def hears_nothing(layer, channel):
    """Whether nothing reaches the channel within a fifth of a second."""
    try:
        await asyncio.wait_for(layer.receive(channel), timeout=0.2)
    except TimeoutError:
        return True
    return False


async def watching(layer, attempt_id):
    """A bare channel in the attempt's watchers group (a test answers a trainee connection's opening for it)."""
    channel = await layer.new_channel()
    await layer.group_add(watchers_group(attempt_id), channel)
    return channel


async def answer_opening(layer, channel):
    """Take the trainee connection's opening from the watchers group and tell it this channel watches.

    The trainee's connection then has the new watcher redraw its table once, for any step taken before it heard.
    """
    opened = await layer.receive(channel)
    assert opened["type"] == "dealer.opened"
    await layer.send(opened["channel"], {"type": "watcher.arrived", "channel": channel})
    caught_up = await layer.receive(channel)
    assert caught_up["type"] == "table.updated" and caught_up["origin"] == opened["channel"]


async def test_it_tells_watchers_by_id_not_html():
    attempt, session = await seat_at_table()
    layer = get_channel_layer()
    channel = await watching(layer, attempt.pk)
    communicator, _ = await connected(attempt.pk, session)
    await answer_opening(layer, channel)
    await send_step(communicator, attempt.pk)
    message = await layer.receive(channel)
    assert message["type"] == "table.updated"
    assert message["attempt_id"] == attempt.pk
    assert message["sequence"] == 1
    assert not any("<" in str(value) for value in message.values())
    await communicator.disconnect()


async def test_with_one_tab_open_a_trainees_step_is_told_to_the_watchers_and_not_to_the_dealer_group():
    attempt, session = await seat_at_table()
    layer = get_channel_layer()
    watcher, dealer = await watching(layer, attempt.pk), await layer.new_channel()
    await layer.group_add(dealer_group(attempt.pk), dealer)
    communicator, _ = await connected(attempt.pk, session)
    assert (await layer.receive(dealer))["type"] == "dealer.arrived"
    await answer_opening(layer, watcher)
    await send_step(communicator, attempt.pk)
    assert (await layer.receive(watcher))["sequence"] == 1
    assert await hears_nothing(layer, dealer)
    await communicator.disconnect()


async def test_an_unwatched_step_sends_no_group_message_and_a_watcher_heard_of_late_is_told_to_redraw_it():
    attempt, session = await seat_at_table()
    layer = get_channel_layer()
    late = await watching(layer, attempt.pk)
    communicator, _ = await connected(attempt.pk, session)
    opened = await layer.receive(late)
    assert opened["type"] == "dealer.opened"
    await send_step(communicator, attempt.pk)  # nobody has said they watch: the step is told to no group
    assert await hears_nothing(layer, late)
    await layer.send(opened["channel"], {"type": "watcher.arrived", "channel": late})
    redraw = await layer.receive(late)
    assert redraw["type"] == "table.updated" and redraw["attempt_id"] == attempt.pk
    await communicator.disconnect()


@pytest.mark.parametrize("instructor_first", [True, False], ids=["instructor first", "trainee first"])
async def test_an_instructor_watching_hears_each_step_whoever_connected_first_and_not_once_gone(instructor_first):
    attempt, session = await seat_at_table()
    instructor_session = await login_as(teacher_of(attempt), "ivy")
    if instructor_first:
        instructor, _ = await connected(attempt.pk, instructor_session)
        trainee, _ = await connected(attempt.pk, session)
    else:
        trainee, _ = await connected(attempt.pk, session)
        instructor, _ = await connected(attempt.pk, instructor_session)
    await tabs_met()
    await send_step(trainee, attempt.pk)
    assert next_sequence(await instructor.receive_from()) == 2
    await instructor.disconnect()
    await tabs_met()
    layer = get_channel_layer()
    silent = await watching(layer, attempt.pk)
    await send_step(trainee, attempt.pk)
    assert await hears_nothing(layer, silent)
    await trainee.disconnect()


@database_sync_to_async
def seed_with_late_dice_wager():
    """A seed whose round at the demo Pai Gow table has a player try a non-progressive wager after "No more bets"."""
    table = demo_table()
    for seed in range(500):
        late = services.deal_round(table, seed).wager_phase.late
        if late is not None and late.spot != "progressive":
            return seed, late.seat
    raise AssertionError("no seed with a late wager")


async def test_645b2_f_a_late_wager_is_graded_over_the_socket_critical_until_refused():
    seed, seat = await seed_with_late_dice_wager()
    attempt, session = await seat_at_table(seed_value=seed)
    communicator, _ = await connected(attempt.pk, session)
    while (await server_side(attempt.pk))[1].next_action().step != "refuse_late_wager":
        await send_step(communicator, attempt.pk)
    live, _ = await server_side(attempt.pk)
    await communicator.send_to(text_data=json.dumps({"step": "clear_table", "seq": str(live.last_sequence + 1)}))
    feedback = fragment(await communicator.receive_from(), "feedback")
    assert "✗ Wrong" in feedback and "critical" in feedback
    assert f"refuse the late wager at seat {seat}" in feedback and "§645b.2(f)" in feedback
    action, reply = await send_step(communicator, attempt.pk)
    assert action.step == "refuse_late_wager" and "✓" in fragment(reply, "feedback")
    await communicator.disconnect()


def next_sequence(frame):
    """The frame number a page sends with its next step, as a frame sets it."""
    return int(re.search(r'id="sequence" type="hidden" name="seq" value="(\d+)"', frame)[1])


async def tabs_met():
    """Let two tabs' arrival and answer travel the channel layer (through Redis it takes a few milliseconds)."""
    await asyncio.sleep(0.3)


async def test_a_second_tab_of_the_trainee_follows_each_step_of_the_first_live_and_the_sender_is_not_woken():
    attempt, session = await seat_at_table()
    first, _ = await connected(attempt.pk, session)
    second, _ = await connected(attempt.pk, session)
    await tabs_met()
    await send_step(first, attempt.pk)
    assert next_sequence(await second.receive_from()) == 2
    assert await first.receive_nothing()
    await send_step(second, attempt.pk)
    assert next_sequence(await first.receive_from()) == 3
    assert await second.receive_nothing()
    await first.disconnect()
    await second.disconnect()


async def test_once_the_second_tab_closes_the_trainees_steps_are_no_longer_told_to_the_dealer_group():
    attempt, session = await seat_at_table()
    layer = get_channel_layer()
    dealer = await layer.new_channel()
    await layer.group_add(dealer_group(attempt.pk), dealer)
    first, _ = await connected(attempt.pk, session)
    second, _ = await connected(attempt.pk, session)
    await tabs_met()
    await send_step(first, attempt.pk)
    await second.receive_from()
    await second.disconnect()
    told = [(await layer.receive(dealer))["type"] for _ in range(4)]
    assert told == ["dealer.arrived", "dealer.arrived", "table.updated", "dealer.left"]
    await send_step(first, attempt.pk)
    assert await hears_nothing(layer, dealer)
    await first.disconnect()


@database_sync_to_async
def log_out(session):
    """Log the session out through the logout view, as the other tab's button does."""
    client = Client()
    client.cookies[settings.SESSION_COOKIE_NAME] = session
    assert client.post("/logout/").status_code == 302


@database_sync_to_async
def change_the_account(username, **changes):
    """Change the account's password (``password=``) or its ``is_active``, as an administrator would."""
    user = get_user_model().objects.get(username=username)
    if "password" in changes:
        user.set_password(changes["password"])
    if "is_active" in changes:
        user.is_active = changes["is_active"]
    user.save()


async def closing_code(communicator):
    """The close code the socket is sent next."""
    message = await communicator.receive_output()
    assert message["type"] == "websocket.close"
    return message["code"]


async def test_logging_out_in_another_tab_closes_the_open_table_socket_as_signed_out():
    attempt, session = await seat_at_table()
    communicator, _ = await connected(attempt.pk, session)
    await log_out(session)
    assert await closing_code(communicator) == ANONYMOUS_CLOSE_CODE


@pytest.mark.parametrize("changes", [{"password": "a new one"}, {"is_active": False}])
async def test_a_new_password_or_a_disabled_account_closes_its_open_table_sockets(changes):
    attempt, session = await seat_at_table()
    communicator, _ = await connected(attempt.pk, session)
    await change_the_account("alice", **changes)
    assert await closing_code(communicator) == ANONYMOUS_CLOSE_CODE


async def test_another_accounts_change_leaves_the_socket_open():
    attempt, session = await seat_at_table()
    communicator, _ = await connected(attempt.pk, session)
    await database_sync_to_async(make_trainee)("bob")
    await change_the_account("bob", password="changed")
    assert await communicator.receive_nothing()
    await communicator.disconnect()


async def test_an_instructors_refused_validation_is_answered_on_the_watch_page_with_the_reason():
    attempt, _session = await seat_at_table(floorperson=Floorperson.INSTRUCTOR, seed_value=99)
    instructor, watched = await connected(attempt.pk, await login_as(teacher_of(attempt), "ivy"))
    page = TablePage(watched)
    assert "The answer to each step you take as floorperson appears here." in page.html("feedback")
    await instructor.send_to(text_data=json.dumps({"step": "validate_mystery_payout", "seq": "1", "seat": "1"}))
    page.apply(await instructor.receive_from())
    assert Notice.NO_VALIDATION.value.replace("'", "&#39;") in page.html("feedback")
    await instructor.disconnect()


async def test_the_same_wrong_step_sent_twice_is_answered_twice():
    attempt, session = await seat_at_table()
    communicator, _ = await connected(attempt.pk, session)
    for sequence in ("1", "2"):
        await communicator.send_to(text_data=json.dumps({"step": "clear_table", "seq": sequence}))
        assert "✗ Wrong" in fragment(await communicator.receive_from(), "feedback")
    await communicator.disconnect()


@database_sync_to_async
def seat_at_a_cash_scenario():
    """A practice round of a Pai Gow scenario rigging seat 4's $370 buy-in and seat 1's colour-up; and a session."""
    rigging = {"buy_in": {"seat": 4, "cash": 37000}, "colour_up": {"seat": 1, "chips": "500x9 100x3"}}
    seats = {"1": {"pai-gow": 1000}, "4": {"pai-gow": 2500}}
    spec = ScenarioSpec.from_json({"game": "pai-gow-poker", "seats": seats, "rigging": rigging})
    version = publish(create_scenario("Cash at the table", make_instructor(), spec))
    trainee = make_trainee()
    return services.start_scenario_round(trainee, version, 1, seed_value=7), session_cookie(trainee)


async def test_house_cash_a_scenarios_rigged_buy_in_and_colour_up_are_the_trainees_over_the_socket_and_reconcile():
    attempt, session = await seat_at_a_cash_scenario()
    communicator, table = await connected(attempt.pk, session)
    assert "Seat 4 buys in: 3 $100 bills, 1 $50 bill, 1 $20 bill on the layout." in table
    taken = []
    while (await server_side(attempt.pk))[1].next_action() is not None:
        action, reply = await send_step(communicator, attempt.pk)
        assert "✓ Right" in fragment(reply, "feedback"), action.step
        taken.append(action.step)
    assert taken[:3] == ["count_cash", "drop_cash", "sell_chips"] and taken[-1] == "colour_up"
    assert "Seat 1 leaves" not in reply
    card = fragment(reply, "score-card")
    assert "Chip inventory: reconciled" in card
    assert "Cash in the drop box $370.00; chips sold for cash $370.00." in card
    await communicator.disconnect()
