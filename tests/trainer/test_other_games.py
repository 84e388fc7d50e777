"""The other MHB tables and Down Under Blackjack: dealt from the list of tables, played over the WebSocket."""

import json
import re

import pytest
from channels.db import database_sync_to_async
from django.urls import reverse
from markupsafe import escape
from table_helpers import frame_for, make_trainee, read_dealer_step, step_controls, teacher_of
from test_consumers import connected, fragment, login_as, server_side, session_cookie, tabs_met

from simulator.blackjack.round import DownUnderRound
from simulator.core.money import format_cents
from simulator.core.procedure import Actor
from simulator.games import DOWN_UNDER_BLACKJACK, GAMES, PAI_GOW_POKER
from simulator.mystery.games import MYSTERY_GAMES
from simulator.mystery.tables import MysteryTableRound
from trainer import demo_tables, round_store, services
from trainer.controls import FrameError, read_step
from trainer.models import Attempt, Floorperson, Mode, Table

OTHER_MHB_GAMES = [key for key, game in GAMES.items() if game.round_class is MysteryTableRound]
"""Every registered game an MHB table round deals (Pai Gow Poker's round deals its own)."""
DOWN_UNDER = DOWN_UNDER_BLACKJACK.key
OTHER_GAMES = [*OTHER_MHB_GAMES, DOWN_UNDER]
CARD = re.compile(r'class="card(?: red)?" data-card="(\w\w)"')


def table_of(game, floorperson=Floorperson.AUTOMATED):
    """The school's first demo table of a game (where the engine deals the base game), with the floorperson needed."""
    demo_tables.create_demo_tables()
    table = Table.objects.filter(game=game).first()
    table.floorperson = floorperson
    table.save()
    return table


def browser_frame(action, sequence):
    """The frame the browser sends: a card's box is chosen as a place, 0 for the dealer."""
    frame = frame_for(action, sequence)
    if "position" in frame:
        frame["position"] = "0" if frame["position"] == "dealer" else frame["position"].removeprefix("seat ")
    return frame


@database_sync_to_async
def seat_at(game, floorperson=Floorperson.AUTOMATED, **options):
    trainee = make_trainee()
    attempt = services.start_round(trainee, table_of(game, floorperson), Mode.PRACTICE, **options)
    return attempt, session_cookie(trainee)


def public_cards(round_):
    """The cards anyone at the table may see now: at an MHB table, the base game once the engine dealt it."""
    if not isinstance(round_, DownUnderRound):
        dealt = round_.base_game
        if dealt is None:
            return set()
        return {str(card) for hand in [*dealt.hands.values(), dealt.community, dealt.dealer] for card in hand}
    shown = round_.dealer_cards if round_.blackjack_results else round_.dealer_cards[:1]
    return {str(card) for hand in [*round_.hands.values(), shown] for card in hand}


def steps_taken(round_):
    return [operation.action.step for operation in round_.operations]


def secrets_of(round_):
    """What must never reach the trainee: the seed, the hit value, the shoe order and the meter's reserve."""
    found = {str(round_.seed_value)}
    if isinstance(round_, DownUnderRound):
        undealt = round_.shoe[round_.drawn :]
        found.add(" ".join(str(card) for card in undealt[:5]))
        if round_.meter.reserve:
            found.add(format_cents(round_.meter.reserve))
    elif not round_.force_hit or "reset_mystery_meter" in steps_taken(round_):  # a forced value is the meter itself
        hit_value = round_.mystery.meter.to_json()["hit_value"]
        found |= {format_cents(hit_value), f">{hit_value}<"}
    return found


def assert_nothing_hidden(frame, round_, secrets):
    assert set(CARD.findall(frame)) <= public_cards(round_)
    for secret in secrets:
        assert secret not in frame
    for word in ("hit_value", '"seed"', "shoe_top", "setup_json"):
        assert word not in frame


async def deal_through(trainee, attempt_id, instructor=None):
    """Take every correct step over the sockets, the instructor's as floorperson; return every trainee frame."""
    frames = []
    while True:
        attempt, round_ = await server_side(attempt_id)
        secrets = secrets_of(round_)
        action = round_.next_action()
        if action is None:
            return frames
        frame = json.dumps(browser_frame(action, attempt.last_sequence + 1))
        if action.actor is Actor.FLOORPERSON:
            assert instructor is not None, f"the engine should have taken {action.step}"
            await instructor.send_to(text_data=frame)
            assert "Nothing is waiting" in await instructor.receive_from()
            reply = await trainee.receive_from()
        else:
            assert action.actor is Actor.DEALER
            await trainee.send_to(text_data=frame)
            reply = await trainee.receive_from()
            if instructor is not None:
                await instructor.receive_from()
            assert "✓ Right" in reply, fragment(reply, "feedback")
        _, round_ = await server_side(attempt_id)
        assert_nothing_hidden(reply, round_, secrets | secrets_of(round_))
        frames.append(reply)


@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize(
    ("game", "force_hit"), [*((game, False) for game in OTHER_GAMES), ("three-card-poker", True), (DOWN_UNDER, True)]
)
async def test_a_correct_round_scores_100_percent_and_never_shows_hidden_information(game, force_hit):
    attempt, session = await seat_at(game, seed_value=7_000_000_007, force_mystery_hit=force_hit)
    communicator, snapshot = await connected(attempt.pk, session)
    _, round_ = await server_side(attempt.pk)
    assert_nothing_hidden(snapshot, round_, secrets_of(round_))
    frames = await deal_through(communicator, attempt.pk)
    final = frames[-1]
    assert "Score card: passed" in final and "100.0%" in final
    attempt, round_ = await server_side(attempt.pk)
    assert attempt.score_card["accuracy"] == "1"
    if force_hit:
        assert {"pay_mystery_bonus", "pay_progressive_win"} & set(steps_taken(round_))
    await communicator.disconnect()


@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("game", OTHER_GAMES)
async def test_an_instructor_validates_a_forced_hit_on_the_instructor_table(game):
    attempt, session = await seat_at(game, Floorperson.INSTRUCTOR, seed_value=31_000_000_031, force_mystery_hit=True)
    trainee, _ = await connected(attempt.pk, session)
    instructor, watched = await connected(attempt.pk, await login_as(teacher_of(attempt), "ivy"))
    await tabs_met()
    assert "Nothing is waiting" in watched
    while True:
        _, round_ = await server_side(attempt.pk)
        action = round_.next_action()
        if action.actor is Actor.FLOORPERSON:
            break
        attempt, _ = await server_side(attempt.pk)
        await trainee.send_to(text_data=json.dumps(browser_frame(action, attempt.last_sequence + 1)))
        await trainee.receive_from()
        update = await instructor.receive_from()
    seat = action.arguments["seat"]
    assert f"Validate the payout at seat {seat}" in fragment(update, "floorperson")
    assert f'value="{action.step}"' in fragment(update, "floorperson")
    assert f"Waiting for the floorperson to validate the payout at seat {seat}" in fragment(update, "status")
    frames = await deal_through(trainee, attempt.pk, instructor)
    assert "Score card: passed" in frames[-1] and "100.0%" in frames[-1]
    attempt, round_ = await server_side(attempt.pk)
    taken = [operation.action.step for operation in round_.operations if operation.action.actor is Actor.FLOORPERSON]
    assert taken and all(
        step in ("validate_mystery_payout", "validate_progressive_payout", "complete_jackpot_paperwork")
        for step in taken
    )
    await trainee.disconnect()
    await instructor.disconnect()


# ----- the list of tables, the page, the services -----


@pytest.mark.django_db
def test_every_other_game_has_a_demo_table_dealt_from_the_list(client):
    client.force_login(make_trainee())
    demo_tables.create_demo_tables()
    page = client.get(reverse("tables")).text
    for game in OTHER_GAMES:
        table = Table.objects.filter(game=game).first()
        assert escape(table.name) in page
        response = client.post(reverse("deal", args=[table.pk]), {"mode": "practice"})
        attempt = Attempt.objects.get(table=table)
        assert response["Location"] == reverse("attempt", args=[attempt.pk])
        page_text = client.get(response["Location"]).text
        assert 'id="felt"' in page_text and 'id="controls"' in page_text
        assert 'value="announce_no_more_bets"' in page_text and 'value="lock_out_progressive_wagers"' in page_text
        assert str(attempt.log["setup"]["seed"]) not in page_text
        assert not CARD.findall(page_text)
        if game in MYSTERY_GAMES:
            assert "Must-Hit-By Mystery Bonus offered" in page_text
            assert f"{MYSTERY_GAMES[game].section}(b)" in page_text
            assert escape(MYSTERY_GAMES[game].base_wager.name) in page_text
            assert 'value="pay_mystery_bonus"' in page_text and 'value="deal_card"' not in page_text
        else:
            assert "Match the Dealer Progressive" in page_text and "6 decks, Paytable 1" in page_text
            assert 'value="deal_card"' in page_text and 'value="pay_mystery_bonus"' not in page_text


@pytest.mark.django_db
@pytest.mark.parametrize("game", OTHER_MHB_GAMES)
def test_mhb_players_place_the_games_own_wagers_and_one_always_qualifies(game):
    table = table_of(game)
    names = {spot.name for spot in MYSTERY_GAMES[game].progressive_wagers}
    for seed_value in range(25):
        round_ = services.deal_round(table, seed_value)
        assert 3 <= len(round_.seats) <= 6
        assert {name for seat in round_.seats for name, _ in seat.progressive_wagers} <= names
        assert round_.mystery.qualifying_wagers
        assert round_.automations == GAMES[game].automations


@pytest.mark.django_db
def test_down_under_players_wager_within_the_tables_rules_and_a_forced_hit_wins_a_meter_share():
    table = table_of(DOWN_UNDER, Floorperson.INSTRUCTOR)
    for seed_value in range(25):
        round_ = services.deal_round(table, seed_value, force_mystery_hit=True)
        assert any(wagers.match_the_dealer == 500 for wagers in round_.seats.values())
        assert not round_.automations & {"validate_progressive_payout", "complete_jackpot_paperwork"}
        round_.play_out()
        assert any(win.percentage_of_meter for win in round_.progressive_wins.paid)


@pytest.mark.django_db
@pytest.mark.parametrize("game", ["three-card-poker", DOWN_UNDER])
def test_the_table_carries_its_meter_to_the_next_round(game):
    trainee = make_trainee()
    table = table_of(game)
    attempt = services.start_round(trainee, table, Mode.PRACTICE, seed_value=5)
    round_ = round_store.live_round(attempt)
    while (action := round_.next_action()) is not None:
        reply = services.apply_step(
            attempt.pk,
            trainee,
            read_dealer_step(attempt, browser_frame(action, attempt.last_sequence + 1)),
        )
        assert reply.graded.correct
        attempt.refresh_from_db()
    table.refresh_from_db()
    assert table.rounds_dealt == 1
    next_round = services.deal_round(table, 6)
    if game == DOWN_UNDER:
        assert next_round.meter == round_.meter
    else:
        assert next_round.mystery.meter.amount == round_.mystery.meter.amount
        assert next_round.mystery.meter.to_json()["hit_value"] == round_.mystery.meter.to_json()["hit_value"]


@pytest.mark.django_db
def test_685a7_e_a_card_to_the_wrong_box_is_graded_critical_with_its_rule():
    trainee = make_trainee()
    attempt = services.start_round(trainee, table_of(DOWN_UNDER), Mode.PRACTICE, seed_value=8)
    round_ = round_store.live_round(attempt)
    while (action := round_.next_action()).step != "deal_card":
        services.apply_step(
            attempt.pk,
            trainee,
            read_dealer_step(attempt, browser_frame(action, attempt.last_sequence + 1)),
        )
        attempt.refresh_from_db()
    wrong = {"step": "deal_card", "seq": str(attempt.last_sequence + 1), "position": "0"}
    reply = services.apply_step(attempt.pk, trainee, read_dealer_step(attempt, wrong))
    assert not reply.graded.correct
    assert reply.graded.severity.value == "critical" and reply.graded.citation.clause == "§685a.7(e)"


def test_the_controls_read_a_box_as_a_place_and_a_winning_hand_from_the_games_own_list():
    def read(step, key=DOWN_UNDER, **fields):
        controls = step_controls(key)
        return read_step({"step": step, "seq": "1", **fields}, controls, frozenset(controls)).arguments

    assert read("deal_card", position="0") == {"position": "dealer"}
    assert read("deal_card", position="4") == {"position": "seat 4"}
    assert read("confirm_progressive_hand", seat="1", hand="one suited match") == {
        "seat": 1,
        "hand": "one suited match",
    }
    fortune = "royal flush plus royal match"
    assert read("confirm_progressive_hand", PAI_GOW_POKER.key, seat="1", hand=fortune) == {"seat": 1, "hand": fortune}
    for bad in ("7", "seat 1"):
        with pytest.raises(FrameError, match="Choose a place"):
            read("deal_card", position=bad)
    for bad in ("royal flush pair", ["one suited match"], fortune):
        with pytest.raises(FrameError):
            read("confirm_progressive_hand", seat="1", hand=bad)
