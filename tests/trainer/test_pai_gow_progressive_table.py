"""Pai Gow Poker progressive hand payouts at the school: forced wins, the meters carried, the felt, the WebSocket."""

import json

import pytest
from channels.db import database_sync_to_async
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from table_helpers import (
    demo_table,
    frame_for,
    make_instructor,
    make_trainee,
    meters_at,
    read_meters,
    step_controls,
    teacher_of,
)
from table_page import TablePage
from test_consumers import cards_in, connected, login_as, revealed_cards, server_side, session_cookie, tabs_met

from simulator.core.money import format_cents
from simulator.core.procedure import Actor
from trainer import round_store, services
from trainer.controls import FLOORPERSON_STEPS, read_step
from trainer.meters import install_meters
from trainer.models import Floorperson, Meter, Mode, Table

pytestmark = pytest.mark.storage

PROGRESSIVE_STEPS = ["confirm_progressive_hand", "confirm_progressive_light", "pay_progressive_win"]
SLIP = "progressive jackpot slip"


def taken(round_, actor=None):
    return [op.action.step for op in round_.operations if actor is None or op.action.actor is actor]


@pytest.mark.django_db
def test_a_forced_win_gives_the_first_progressive_player_the_top_line():
    table = demo_table()
    for seed_value in range(10):
        round_ = services.deal_round(table, seed_value, force_progressive_win=True)
        round_.play_out()
        winner = min(seat for seat, wagers in round_.seats.items() if "progressive" in wagers)
        paid = round_.progressive_wins.paid
        assert (paid[0].seat, paid[0].hand, paid[0].source.value) == (
            winner,
            "7-card straight flush without joker",
            SLIP,
        )
        assert "complete_jackpot_paperwork" in taken(round_, Actor.FLOORPERSON)


@pytest.mark.django_db
def test_a_meter_seeded_elsewhere_is_not_carried_and_the_table_takes_the_fresh_one():
    table = demo_table()
    Meter.objects.create(
        table=table, name="progressive", amount=500_000, state={"seed_amount": 500_000, "reserve": "0"}
    )
    round_ = services.deal_round(table, 3)
    fresh = round_.progressive_meter
    assert fresh.seed_amount == round_.rules.progressive_paytable.seed_amount != 500_000, "a meter seeded elsewhere"
    install_meters(table.pk, round_)
    assert meters_at(table)["progressive"] == read_meters({"progressive": fresh.to_json()})["progressive"]


@pytest.mark.django_db(transaction=True)
def test_the_0012_migration_moves_each_tables_old_meters_to_rows_and_back():
    table = demo_table()
    first = services.deal_round(table, 1)
    first.play_out()
    pai_gow = first.carried_meters()
    mystery_only = {"mystery": None, "progressive": pai_gow["progressive"]}
    mhb = first.mystery.meter.to_json()
    match = {"wager": 100, "amount": "100075.5", "reserve": "30", "reading": "reset reserve"}
    executor = MigrationExecutor(connection)
    executor.migrate([("trainer", "0009_scenarios")])
    old = executor.loader.project_state([("trainer", "0009_scenarios")]).apps
    OldTable = old.get_model("trainer", "Table")
    for name, game, meter in [
        ("old pai gow", "pai-gow-poker", pai_gow),
        ("old jackpot", "pai-gow-poker", mystery_only),
        ("old mhb", "let-it-ride", mhb),
        ("old match", "down-under-blackjack", match),
        ("never dealt", "let-it-ride", None),
    ]:
        OldTable.objects.create(name=name, game=game, meter=meter)
    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())
    tables = {table.name: table for table in Table.objects.all()}
    assert meters_at(tables["old pai gow"]) == read_meters(pai_gow)
    assert meters_at(tables["old jackpot"]) == read_meters(mystery_only)
    assert meters_at(tables["old mhb"]) == read_meters({"mystery": mhb})
    assert Meter.objects.get(table=tables["old mhb"]).hit_value == mhb["hit_value"]
    assert meters_at(tables["old match"]) == read_meters({"match": match})
    assert meters_at(tables["never dealt"]) == {}


@pytest.mark.django_db
def test_the_instructor_validates_the_payout_and_completes_the_paperwork_and_the_table_carries_both_meters():
    trainee = make_trainee()
    instructor = make_instructor(teaching=[trainee])
    table = demo_table(Floorperson.INSTRUCTOR, index=2)
    attempt = services.start_round(trainee, table, Mode.PRACTICE, seed_value=4, force_progressive_win=True)
    waited = []
    while True:
        attempt.refresh_from_db()
        round_ = round_store.live_round(attempt)
        action = round_.next_action()
        if action is None:
            break
        controls = FLOORPERSON_STEPS if action.actor is Actor.FLOORPERSON else step_controls(attempt.table.game)
        frame = read_step(frame_for(action, attempt.last_sequence + 1), controls, frozenset(controls))
        if action.actor is Actor.FLOORPERSON:
            waited.append((action.step, services.table_snapshot(attempt).validation_step))
            assert services.validate_payout(attempt.pk, trainee, frame).notice is services.Notice.NOT_YOURS
            assert services.validate_payout(attempt.pk, instructor, frame).notice is None
        else:
            assert services.apply_step(attempt.pk, trainee, frame).graded.correct
    assert ("validate_progressive_payout", "validate_progressive_payout") in waited
    assert ("complete_jackpot_paperwork", "complete_jackpot_paperwork") in waited
    attempt.refresh_from_db()
    assert attempt.score_card["accuracy"] == "1"
    table.refresh_from_db()
    assert round_.progressive_meter.amount == 1_000 * 100, "the 100% award reset the meter to its seed"
    assert meters_at(table) == read_meters(round_.carried_meters())
    next_round = services.deal_round(table, 5)
    assert next_round.mystery.meter.amount == round_.mystery.meter.amount
    assert next_round.mystery.meter.to_json()["hit_value"] == round_.mystery.meter.to_json()["hit_value"]
    assert next_round.progressive_meter == round_.progressive_meter


@pytest.mark.django_db
def test_the_felt_shows_the_jackpot_meter_beside_the_mystery_bonus_and_the_controls_offer_the_win_steps(client):
    trainee = make_trainee()
    attempt = services.start_round(trainee, demo_table(), Mode.PRACTICE, seed_value=6)
    client.force_login(trainee)
    page = client.get(f"/rounds/{attempt.pk}/").text
    assert "Must-Hit-By Mystery Bonus offered" in page and "Progressive Payout jackpot" in page
    assert "$1,000.00" in page and "Starts at $1,000.00 · 15% of each $1.00 wager" in page
    assert "Training Progressive Payout paytable, $1 wager" in page
    for step in PROGRESSIVE_STEPS:
        assert f'value="{step}"' in page
    assert '<option value="royal flush plus royal match">' in page
    assert "progressive paytable" in page.lower()


async def deal_to_the_end(trainee, snapshot, attempt_id, instructor=None):
    """Take every correct step over the sockets, checking each trainee frame; return (action, frame, felt shown)."""
    page = TablePage(snapshot)
    attempt, round_ = await server_side(attempt_id)
    deck = " ".join(str(card) for card in round_.deck)
    stub = {str(card) for card in round_.stub}
    secrets = {str(round_.seed_value), format_cents(round_.mystery.meter.to_json()["hit_value"])}
    frames = []
    while (action := round_.next_action()) is not None:
        frame = json.dumps(frame_for(action, attempt.last_sequence + 1))
        if action.actor is Actor.FLOORPERSON:
            await instructor.send_to(text_data=frame)
            assert "Nothing is waiting" in await instructor.receive_from()
        else:
            await trainee.send_to(text_data=frame)
            if instructor is not None:
                await instructor.receive_from()
        reply = await trainee.receive_from()
        attempt, round_ = await server_side(attempt_id)
        assert action.actor is Actor.FLOORPERSON or "✓ Right" in reply or round_.finished
        assert cards_in(reply) <= revealed_cards(round_) and not stub & cards_in(reply)
        assert deck not in reply and not any(secret in reply for secret in secrets)
        for word in ("hit_value", "deck_top", "player_styles", '"seed"', "setup_json", "progressive_meter"):
            assert word not in reply
        frames.append((action, reply, page.apply(reply).html("felt")))
    return frames


@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("floorperson", [Floorperson.AUTOMATED, Floorperson.INSTRUCTOR])
async def test_a_forced_progressive_win_is_dealt_over_the_websocket_to_100_percent_without_leaks(floorperson):
    @database_sync_to_async
    def seat():
        trainee = make_trainee()
        table = demo_table(floorperson, index=0 if floorperson == Floorperson.AUTOMATED else 2)
        attempt = services.start_round(trainee, table, Mode.PRACTICE, seed_value=8_000_008, force_progressive_win=True)
        return attempt, session_cookie(trainee)

    attempt, session = await seat()
    trainee, snapshot = await connected(attempt.pk, session)
    instructor = None
    if floorperson == Floorperson.INSTRUCTOR:
        instructor, _ = await connected(attempt.pk, await login_as(teacher_of(attempt), "ivy"))
        await tabs_met()
    frames = await deal_to_the_end(trainee, snapshot, attempt.pk, instructor)
    steps = [action.step for action, _, _ in frames]
    assert all(step in steps for step in PROGRESSIVE_STEPS)
    _, round_ = await server_side(attempt.pk)
    winner = round_.progressive_wins.paid[0].seat
    reveal = next(
        i
        for i, (action, _, _) in enumerate(frames)
        if action.arguments == {"seat": winner} and action.step == "reveal_player_hand"
    )
    assert all(f"Light on at seat {winner}" not in felt for _, _, felt in frames[:reveal])
    assert f"Light on at seat {winner}" in frames[reveal][2]
    paid = frames[steps.index("pay_progressive_win")][2]
    assert "+$1,000" in paid and "7-card straight flush without joker" in paid
    if floorperson == Floorperson.INSTRUCTOR:  # the engine, as floorperson, does the paperwork at once
        assert "cards held" in paid
    assert "Score card: passed" in frames[-1][1] and "100.0%" in frames[-1][1]
    await trainee.disconnect()
    if instructor is not None:
        assert {"validate_progressive_payout", "complete_jackpot_paperwork"} <= set(taken(round_, Actor.FLOORPERSON))
        await instructor.disconnect()
