"""Saving a round as its setup and operations, and replaying it to the same state, for every game."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from simulator.core.json_values import JsonValue
from simulator.core.mystery_meter import MysteryRules, mystery_configuration
from simulator.core.procedure import Round
from simulator.games import GAMES, game_of
from simulator.mystery.games import MYSTERY_GAMES
from simulator.mystery.tables import MysterySeatWagers, MysteryTableRound
from simulator.notation import operations_since, replay_round, save_round


def new_round(game: str, seed_value: int, forced_hit: bool) -> Round:
    """The registry's sample round of ``game``; ``forced_hit`` makes a progressive win this round."""
    return GAMES[game].sample_round(seed_value, forced_hit)


def state(round_: Round) -> JsonValue:
    """What a replay must reproduce: every operation with its facts, what the table shows and the meters it carries."""
    return {
        "operations": [operation.to_json() for operation in round_.operations],
        "log": round_.operations,
        "table": round_.table_view(),
        "meters": round_.carried_meters(),
    }


def through_json(round_: Round) -> Round:
    """Save the round, write and read it as JSON text, and replay it."""
    return replay_round(json.loads(json.dumps(save_round(round_))))


def progressive_paid(round_: Round) -> bool:
    """Whether a progressive win was paid in the round."""
    paid = {"pay_mystery_bonus", "pay_progressive_win"}
    return any(operation.action.step in paid for operation in round_.operations)


def test_every_game_has_one_key_and_the_mhb_round_is_saved_under_its_own_game() -> None:
    for game in GAMES:
        round_ = new_round(game, 1, forced_hit=False)
        assert game_of(round_).key == game
        assert save_round(round_)["game"] == game


@pytest.mark.parametrize("game", list(GAMES))
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


@pytest.mark.parametrize("game", list(GAMES))
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


@pytest.mark.parametrize("game", list(GAMES))
def test_a_forced_hit_round_pays_the_progressive_and_replays_identically(game: str) -> None:
    round_ = new_round(game, 7, forced_hit=True)
    round_.play_out()
    assert progressive_paid(round_) or not any(round_.carried_meters().values()), "a progressive it carries is not won"
    assert state(through_json(round_)) == state(round_)


@pytest.mark.parametrize("game", list(GAMES))
def test_a_replayed_round_hands_the_next_round_the_live_rounds_meter_with_its_secret(game: str) -> None:
    round_ = new_round(game, 7, forced_hit=True)
    round_.play_out()
    assert through_json(round_).carried_meters() == round_.carried_meters()


@pytest.mark.parametrize("game", list(GAMES))
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


@pytest.mark.parametrize("game", list(GAMES))
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
    saved = save_round(new_round(next(iter(GAMES)), 1, forced_hit=False))
    with pytest.raises(ValueError, match="Unknown game"):
        replay_round({**saved, "game": "baccarat"})


def test_a_setup_of_another_game_than_the_saved_key_is_refused() -> None:
    saved = save_round(new_round("let-it-ride", 1, forced_hit=False))
    with pytest.raises(ValueError, match="let-it-ride"):
        replay_round({**saved, "game": "three-card-poker"})


def test_an_mhb_table_round_of_pai_gow_poker_is_not_saved_as_the_pai_gow_round() -> None:
    seats = [MysterySeatWagers(1, 1000, (("Progressive Payout wager", 500),))]
    round_ = MysteryTableRound(MYSTERY_GAMES["pai-gow-poker"], MysteryRules(mystery_configuration("B", 500)), seats, 1)
    with pytest.raises(ValueError, match="not a registered game"):
        save_round(round_)
