"""Saving a round as its setup and operations, and replaying it to the same state, for every game."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from simulator.cards import parse_cards
from simulator.down_under import DownUnderRound, DownUnderTable
from simulator.down_under import SeatWagers as DownUnderSeat
from simulator.games import GAMES, game_of
from simulator.json_values import JsonValue
from simulator.mystery import MysteryRules, mystery_configuration
from simulator.mystery_games import MYSTERY_GAMES
from simulator.mystery_tables import MysterySeatWagers as MysterySeat
from simulator.mystery_tables import MysteryTableRound
from simulator.notation import operations_since, replay_round, save_round
from simulator.pai_gow_round import PaiGowRound, Scenario
from simulator.pai_gow_rules import TableRules
from simulator.procedure import Round

PAI_GOW_POKER = "pai-gow-poker"
DOWN_UNDER = "down-under-blackjack"
MHB_GAMES = [key for key in MYSTERY_GAMES if key != PAI_GOW_POKER]
GAME_KEYS = [PAI_GOW_POKER, DOWN_UNDER, *MHB_GAMES]

DOWN_UNDER_ACES = parse_cards("As 9c As As 9d 2c")
"""After the burn card: seat 1 As, seat 4 9c, the A♠ upcard, seat 1 As, seat 4 9d, the hole card (§685a.7(e))."""


def new_round(game: str, seed_value: int, forced_hit: bool) -> Round:
    """A round of ``game`` with progressive wagers at two seats; ``forced_hit`` makes a progressive win this round."""
    if game == PAI_GOW_POKER:
        seats = {2: {"pai-gow": 1000, "progressive": 100, "sum": 500}, 5: {"pai-gow": 2500, "progressive": 100}}
        return PaiGowRound(TableRules(), seats, seed_value, scenario=Scenario(force_mystery_hit=forced_hit))
    if game == DOWN_UNDER:
        top = DOWN_UNDER_ACES if forced_hit else ()
        seats = {1: DownUnderSeat(2000, 500), 4: DownUnderSeat(1000, 500)}
        return DownUnderRound(DownUnderTable(match_wager=500), seats, seed_value, shoe_top=top)
    mystery_game = MYSTERY_GAMES[game]
    name = mystery_game.progressive_wagers[0].name
    seats = [MysterySeat(5, 2500, ((name, 500),)), MysterySeat(2, 1000, ((name, 500),))]
    rules = MysteryRules(mystery_configuration("B", 500))
    return MysteryTableRound(mystery_game, rules, seats, seed_value, force_hit=forced_hit)


def state(round_: Round) -> JsonValue:
    """What a replay must reproduce: every operation with its facts, and what the table shows."""
    if isinstance(round_, PaiGowRound):
        own: JsonValue = {"table": round_.table_view(), "chips": round_.chip_movements()}
    elif isinstance(round_, DownUnderRound):
        own = round_.state_json()
    else:
        assert isinstance(round_, MysteryTableRound)
        own = {"meter": round_.mystery.meter.public_view(), "payouts": round_.mystery.payouts}
    return {"operations": [operation.to_json() for operation in round_.operations], "log": round_.operations, **own}


def carried_meter(round_: Round) -> JsonValue:
    """The meter as the next round takes it over, the secret hit value included."""
    if isinstance(round_, DownUnderRound):
        return round_.meter.to_json()
    assert isinstance(round_, PaiGowRound | MysteryTableRound)
    return round_.mystery.meter.to_json()


def through_json(round_: Round) -> Round:
    """Save the round, write and read it as JSON text, and replay it."""
    return replay_round(json.loads(json.dumps(save_round(round_))))


def progressive_paid(round_: Round) -> bool:
    """Whether a progressive win was paid in the round."""
    paid = {"pay_mystery_bonus", "pay_progressive_win"}
    return any(operation.action.step in paid for operation in round_.operations)


def test_every_game_has_one_key_and_the_mhb_round_is_saved_under_its_own_game() -> None:
    assert sorted(GAMES) == sorted(GAME_KEYS)
    assert len(GAME_KEYS) == 12
    for game in GAME_KEYS:
        round_ = new_round(game, 1, forced_hit=False)
        assert game_of(round_).key == game
        assert save_round(round_)["game"] == game


@pytest.mark.parametrize("game", GAME_KEYS)
@settings(max_examples=5, deadline=None)
@given(seed_value=st.integers(0, 2**32 - 1), forced_hit=st.booleans())
def test_a_fully_automated_round_replays_through_json_to_the_live_state(
    game: str, seed_value: int, forced_hit: bool
) -> None:
    round_ = new_round(game, seed_value, forced_hit)
    round_.play_out()
    replayed = through_json(round_)
    assert type(replayed) is type(round_)
    assert replayed.finished
    assert state(replayed) == state(round_)


@pytest.mark.parametrize("game", GAME_KEYS)
def test_the_operations_of_each_step_add_up_to_a_save_of_the_whole_round(game: str) -> None:
    round_ = new_round(game, 7, forced_hit=True)
    saved = save_round(round_)
    while (action := round_.next_action()) is not None:
        count = len(round_.operations)
        round_.perform(action.step, action.arguments)
        round_.advance()
        saved["operations"] += operations_since(round_, count)
        assert saved == save_round(round_)
    assert len(saved["operations"]) == len(round_.operations)


@pytest.mark.parametrize("game", GAME_KEYS)
def test_a_forced_hit_round_pays_the_progressive_and_replays_identically(game: str) -> None:
    round_ = new_round(game, 7, forced_hit=True)
    round_.play_out()
    assert progressive_paid(round_)
    assert state(through_json(round_)) == state(round_)


@pytest.mark.parametrize("game", GAME_KEYS)
def test_a_replayed_round_hands_the_next_round_the_live_rounds_meter_with_its_secret(game: str) -> None:
    round_ = new_round(game, 7, forced_hit=True)
    round_.play_out()
    assert carried_meter(through_json(round_)) == carried_meter(round_)


@pytest.mark.parametrize("game", GAME_KEYS)
@settings(max_examples=5, deadline=None)
@given(seed_value=st.integers(0, 2**32 - 1), steps=st.integers(0, 12))
def test_a_round_saved_midway_replays_and_then_plays_on_like_the_live_round(
    game: str, seed_value: int, steps: int
) -> None:
    round_ = new_round(game, seed_value, forced_hit=True)
    for _ in range(steps):
        action = round_.next_action()
        if action is not None:
            round_.perform(action.step, action.arguments)
    replayed = through_json(round_)
    assert state(replayed) == state(round_)
    replayed.play_out()
    round_.play_out()
    assert state(replayed) == state(round_)


@pytest.mark.parametrize("game", GAME_KEYS)
def test_the_setup_holds_no_operation_and_deals_the_same_setup_again(game: str) -> None:
    round_ = new_round(game, 3, forced_hit=True)
    before = json.loads(json.dumps(round_.setup_json()))
    round_.play_out()
    setup = json.loads(json.dumps(round_.setup_json()))
    assert setup == before, "the setup is the round before any step, whatever has been played since"
    assert "operations" not in setup
    fresh = type(round_).from_setup_json(setup)
    assert fresh.operations == []
    assert fresh.setup_json() == setup


def test_an_unknown_game_is_refused() -> None:
    saved = save_round(new_round(DOWN_UNDER, 1, forced_hit=False))
    with pytest.raises(ValueError, match="Unknown game"):
        replay_round({**saved, "game": "baccarat"})


def test_a_setup_of_another_game_than_the_saved_key_is_refused() -> None:
    saved = save_round(new_round("let-it-ride", 1, forced_hit=False))
    with pytest.raises(ValueError, match="let-it-ride"):
        replay_round({**saved, "game": "three-card-poker"})


def test_an_mhb_table_round_of_pai_gow_poker_is_not_saved_as_the_pai_gow_round() -> None:
    seats = [MysterySeat(1, 1000, (("Progressive Payout wager", 500),))]
    round_ = MysteryTableRound(MYSTERY_GAMES[PAI_GOW_POKER], MysteryRules(mystery_configuration("B", 500)), seats, 1)
    with pytest.raises(ValueError, match="not a registered game"):
        save_round(round_)
