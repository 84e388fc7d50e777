"""A carnival poker paytable the school's Rules Submission files: read, refused line by line, dealt and replayed."""

import pytest

from simulator.carnival.poker import CarnivalTable, read_paytable
from simulator.carnival.round import CarnivalRound
from simulator.carnival.three_card_poker import THREE_CARD_POKER
from simulator.carnival.ultimate_texas import ULTIMATE_TEXAS_HOLD_EM
from simulator.core.money import Odds
from simulator.core.rules import RulesError
from simulator.mystery.games import MYSTERY_GAMES
from simulator.mystery.tables import (
    MysterySeatWagers,
    MysteryTableRound,
    base_game_table,
    rules_from_json,
    rules_house_options,
    rules_to_json,
)

SUBMISSION = "Rules Submission of Keystone, version 3 of 07 December 2026"
KEYSTONE_PAIR_PLUS = {
    "name": "Keystone 40-30-6-4-2",
    "submission": SUBMISSION,
    "pays": {"straight flush": "40 to 1", "three of a kind": "30 to 1", "straight": "6 to 1", "pair": "2 to 1"},
}
"""A filed Pair Plus paytable: 40 to 1 down to a pair at 2 to 1, a flush not paid."""


def refusals(game, rules) -> dict[str, str]:
    """The errors a table's paytable options are refused with."""
    with pytest.raises(RulesError) as error:
        CarnivalTable.from_json(game, rules)
    return error.value.errors


def test_pair_plus_paytable_option_a_filed_paytable_is_dealt_by_its_lines_and_written_back_as_filed():
    table = CarnivalTable.from_json(THREE_CARD_POKER, {"pair_plus_paytable": KEYSTONE_PAIR_PLUS})
    pair_plus = table.paytables["pair_plus"]
    assert (pair_plus.name, pair_plus.submission) == ("Keystone 40-30-6-4-2", SUBMISSION)
    assert pair_plus.odds("pair") == Odds(2, 1) and pair_plus.odds("flush") is None
    assert table.paytables["ante_bonus"].name == "5-4-1"  # the option left out keeps its default
    assert table.to_json() == {"pair_plus_paytable": KEYSTONE_PAIR_PLUS, "ante_bonus_paytable": "5-4-1"}
    assert CarnivalTable.from_json(THREE_CARD_POKER, table.to_json()).paytables == table.paytables
    house = {option.name: option.value for option in table.house_options()}
    assert house["pair_plus_paytable"] == f"Keystone 40-30-6-4-2 ({SUBMISSION})"


def test_pair_plus_paytable_option_a_wager_settled_by_a_filed_paytable_cites_the_rules_submission_that_filed_it():
    table = CarnivalTable.from_json(THREE_CARD_POKER, {"pair_plus_paytable": KEYSTONE_PAIR_PLUS})
    round_ = CarnivalRound(THREE_CARD_POKER, table, {1: {"ante": 500, "pair_plus": 500}}, 3)
    round_.play_out()
    settled = dict(round_.settlements(1))
    assert settled["pair_plus"].citation.clause == "Pair Plus paytable, option pair_plus_paytable"
    assert settled["pair_plus"].citation.submission == SUBMISSION
    assert settled["ante"].citation.submission == ""  # the Ante's rule is no paytable's


def test_pair_plus_paytable_option_a_line_of_a_hand_three_card_poker_cannot_pay_on_is_refused():
    filed = {**KEYSTONE_PAIR_PLUS, "pays": {"royal flush": "100 to 1", "five of a kind": "500 to 1"}}
    errors = refusals(THREE_CARD_POKER, {"pair_plus_paytable": filed})
    assert set(errors) == {"pair_plus_paytable.pays.royal flush", "pair_plus_paytable.pays.five of a kind"}
    assert errors["pair_plus_paytable.pays.royal flush"].startswith("is not a hand this paytable pays on")


def test_653a12_c_trips_paytable_odds_of_0_or_above_10000_to_1_are_refused_and_10000_to_1_is_read():
    lines = ["royal flush", "straight flush"]
    for odds in ("0 to 1", "10,001 to 1", "20,001 to 2", "1 to 0"):
        with pytest.raises(RulesError) as error:
            read_paytable({"name": "T", "pays": {"royal flush": odds}}, lines)
        assert list(error.value.errors) == ["pays.royal flush"], odds
    assert read_paytable({"name": "T", "pays": {"royal flush": "10,000 to 1"}}, lines).pays == {
        "royal flush": Odds(10000, 1)
    }
    assert read_paytable({"name": "T", "pays": {"royal flush": "20,000 to 2"}}, lines).odds("royal flush") == Odds(
        20000, 2
    )


def test_653a12_c_a_filed_trips_paytable_names_its_rules_submission_and_pays_only_the_games_paytable_lines():
    filed = {"name": "Keystone Trips", "pays": {"royal flush": "50 to 1", "two pair": "1 to 1"}}
    errors = refusals(ULTIMATE_TEXAS_HOLD_EM, {"trips_paytable": filed})
    assert set(errors) == {"trips_paytable.submission", "trips_paytable.pays.two pair"}
    assert ULTIMATE_TEXAS_HOLD_EM.paying_lines() == (
        "royal flush",
        "straight flush",
        "four of a kind",
        "full house",
        "flush",
        "straight",
        "three of a kind",
    )


def test_mhb_base_game_option_a_round_deals_the_filed_paytable_and_its_replay_keeps_it():
    game = MYSTERY_GAMES["three-card-poker"]
    rules = rules_from_json({"base_game": "trainee", "pair_plus_paytable": KEYSTONE_PAIR_PLUS}, game)
    assert rules_to_json(rules)["pair_plus_paytable"] == KEYSTONE_PAIR_PLUS
    assert base_game_table(rules, game).paytables["pair_plus"].submission == SUBMISSION
    assert {option.name: option.value for option in rules_house_options(rules, game)}["pair_plus_paytable"] == (
        f"Keystone 40-30-6-4-2 ({SUBMISSION})"
    )
    progressive = game.progressive_wagers[0].name
    seats = [MysterySeatWagers(2, 1000, ((progressive, 500),), (("pair_plus", 500),))]
    round_ = MysteryTableRound(game, rules, seats, 11)
    assert round_.carnival is not None and round_.carnival.paytables["pair_plus"].odds("pair") == Odds(2, 1)
    again = MysteryTableRound.from_setup_json(round_.setup_json())
    assert again.carnival is not None and again.carnival.paytables == round_.carnival.paytables
