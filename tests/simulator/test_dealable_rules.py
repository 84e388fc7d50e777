"""Validation refuses what cannot be dealt to the end: rules and scenarios that validated, then failed mid-round."""

from __future__ import annotations

from decimal import Decimal

import pytest

from simulator.core.hands import is_tiger_nine
from simulator.core.json_values import JsonValue
from simulator.core.rules import RulesError
from simulator.games import GAMES, PAI_GOW_POKER, Game
from simulator.pai_gow.round import PaiGowRound
from simulator.pai_gow.rules import TableRules
from simulator.scenarios import ScenarioSpec, deal_scenario

ONE_CENT_SIDE_WAGERS = {"minimum": 100, "maximum": 10000, "unit": 1}


def rules_errors(rules: dict[str, JsonValue]) -> dict[str, str]:
    """The field errors of Pai Gow Poker rules that must be refused."""
    with pytest.raises(RulesError) as error:
        TableRules.from_json(rules)
    return error.value.errors


def scenario_errors(data: dict[str, JsonValue]) -> dict[str, str]:
    """The field errors of a scenario that must be refused."""
    with pytest.raises(RulesError) as error:
        ScenarioSpec.from_json(data)
    return error.value.errors


# --- §645b.2(g): a paytable that must pay its odds in whole cents -----------------------------------------------


def test_645b2_g1_sum_paytable_d_refuses_a_side_wager_unit_its_15_to_2_cannot_pay() -> None:
    errors = rules_errors({"sum_paytable": "D", "side_wager_limits": ONE_CENT_SIDE_WAGERS})
    assert errors == {
        "side_wager_limits.unit": 'Sum Paytable D pays 15 to 2 ("Any Series of three"): a wager on it must be a '
        "multiple of 2 cents. Side wagers come in units of $0.01 here: choose a unit that is a multiple of 2 cents."
    }


def test_645b2_g3_beat_it_paytable_c_refuses_a_side_wager_unit_its_5_to_2_cannot_pay() -> None:
    errors = rules_errors({"beat_it_paytable": "C", "side_wager_limits": {"minimum": 105, "maximum": 9995, "unit": 5}})
    assert list(errors) == ["side_wager_limits.unit"]
    message = errors["side_wager_limits.unit"]
    assert message.startswith('Beat It Paytable C pays 5 to 2 ("Any Die Beats')
    assert message.endswith("units of $0.05 here: choose a unit that is a multiple of 2 cents.")


def test_645b2_g_a_unit_every_offered_paytable_pays_in_whole_cents_is_accepted() -> None:
    whole_odds = {"sum_paytable": "A", "beat_it_paytable": "A", "side_wager_limits": ONE_CENT_SIDE_WAGERS}
    two_cents = {**ONE_CENT_SIDE_WAGERS, "unit": 2}
    two_to_one = {"sum_paytable": "D", "beat_it_paytable": "C", "side_wager_limits": two_cents}
    assert TableRules.from_json(whole_odds).side_wager_limits.unit == 1
    assert TableRules.from_json(two_to_one).side_wager_limits.unit == 2


def test_645b2_g1_a_scenario_with_a_101_cent_sum_wager_on_paytable_d_is_refused_not_dealt() -> None:
    # It validated and then crashed when the dealer came to settle the Sum wager: 15 to 2 on $1.01 is $7.575.
    errors = scenario_errors(
        {
            "game": PAI_GOW_POKER.key,
            "rules": {"sum_paytable": "D", "side_wager_limits": ONE_CENT_SIDE_WAGERS},
            "seats": {"1": {"pai-gow": 1000, "sum": 101}},
        }
    )
    assert list(errors) == ["rules.side_wager_limits.unit"]
    assert "a multiple of 2 cents" in errors["rules.side_wager_limits.unit"]


def test_645b2_g1_a_sum_paytable_d_scenario_in_whole_units_deals_to_the_end() -> None:
    spec = ScenarioSpec.from_json(
        {
            "game": PAI_GOW_POKER.key,
            "rules": {"sum_paytable": "D", "side_wager_limits": {"minimum": 102, "maximum": 10000, "unit": 2}},
            "seats": {"1": {"pai-gow": 1000, "sum": {"minimum": 102, "maximum": 120}}},
            "rigging": {"dice": "1 2 3"},
            "automations": sorted(PAI_GOW_POKER.automations),
        }
    )
    round_ = deal_scenario(spec, seed=3, round_number=1)
    paid = [op.action.arguments for op in round_.play_out() if op.action.step == "pay_wager"]
    wager = round_.seats[1]["sum"]
    assert {"seat": 1, "spot": "sum", "amount": wager * 15 // 2} in paid


# --- §645b.1(a), §645a.13: the commission ----------------------------------------------------------------------

COLLECTING_COMMISSION: dict[str, JsonValue] = {"commission_free": False, "tiger_nine_offered": False}


def test_645b1_a_no_vigorish_is_the_commission_free_game() -> None:
    # A 0% commission dealt a game that collected no vigorish yet paid a player who beat a dealer's 9-8 low,
    # which §645b.1(f)(1) pushes in the game in which no vigorish is collected.
    errors = rules_errors({**COLLECTING_COMMISSION, "commission_rate": "0"})
    assert list(errors) == ["commission_free"]
    assert "Commission-free Pai Gow Poker (§645b.1(a))" in errors["commission_free"]
    assert errors["commission_free"].startswith("A 0% commission collects no vigorish")
    assert errors["commission_free"].endswith("choose Commission free, or a commission that is collected.")


def test_645b1_a_a_commission_rounded_to_nothing_on_the_table_maximum_is_the_commission_free_game() -> None:
    # 5% of the $1,000 maximum is $50: rounded down to $100 units no wager ever pays any vigorish.
    errors = rules_errors({**COLLECTING_COMMISSION, "commission_unit": 10000, "commission_rounding": "down"})
    assert list(errors) == ["commission_free"]
    assert errors["commission_free"].startswith(
        "A 5% commission rounded down to $100.00, nothing even on the table maximum $1,000.00, collects no vigorish"
    )
    rounded_up = TableRules.from_json({**COLLECTING_COMMISSION, "commission_unit": 10000, "commission_rounding": "up"})
    assert rounded_up.commission(1000) == 10000


def test_645b1_a_a_commission_free_table_ignores_its_commission_rate() -> None:
    assert TableRules.from_json({"commission_rate": "0"}).game_name == "Commission-free Pai Gow Poker"


@pytest.mark.parametrize("rate", ["0.99", "0.1001"])
def test_645a13_a_commission_above_10_percent_is_refused_as_a_house_bound(rate: str) -> None:
    errors = rules_errors({**COLLECTING_COMMISSION, "commission_rate": rate})
    assert errors == {
        "commission_rate": "The commission is at most 10%, a house bound: the rate of §645a.13 was not found."
    }


def test_645a13_a_commission_of_10_percent_is_the_largest_accepted() -> None:
    rules = TableRules.from_json({**COLLECTING_COMMISSION, "commission_rate": "0.10"})
    assert rules.commission_rate == Decimal("0.10")


# --- rigging: strictly typed, and only what the rigged cards allow ---------------------------------------------

TWO_PLAYERS: dict[str, JsonValue] = {"1": {"pai-gow": 1000}, "4": {"pai-gow": 2500}}


@pytest.mark.parametrize("given", ["yes", 1, "true"])
def test_645b1_d2_a_tiger_9_rigging_flag_is_true_or_false_not_yes(given: JsonValue) -> None:
    # "yes" was read as no Tiger 9 at all, silently.
    errors = scenario_errors({"game": PAI_GOW_POKER.key, "seats": TWO_PLAYERS, "rigging": {"tiger_nine": given}})
    assert errors == {"rigging.tiger_nine": f"true or false is wanted, not {given!r}"}


def test_645b1_b_a_tiger_9_is_refused_when_the_rigged_hands_hold_every_9() -> None:
    # It validated, then the deal found no Tiger 9 among the cards left for the dealer and raised.
    hands = {"1": "9h 9c 9d 2c 3c 4c 6d", "4": "9s Kd Qd Jd 2s 3s 4s"}
    data = {"game": PAI_GOW_POKER.key, "seats": TWO_PLAYERS, "rigging": {"hands": hands, "tiger_nine": True}}
    errors = scenario_errors(data)
    assert list(errors) == ["rigging.tiger_nine"]
    assert errors["rigging.tiger_nine"].startswith("the rigged hands leave the dealer no seven cards")


def test_645b1_b_a_tiger_9_with_one_9_left_for_the_dealer_is_dealt() -> None:
    hands = {"1": "9h 9c 9d 2c 3c 4c 6d"}
    data = {"game": PAI_GOW_POKER.key, "seats": TWO_PLAYERS, "rigging": {"hands": hands, "tiger_nine": True}}
    round_ = deal_scenario(ScenarioSpec.from_json(data), seed=5, round_number=1)
    assert isinstance(round_, PaiGowRound)
    round_.play_out()
    assert round_.dealer_hand is not None and is_tiger_nine(round_.dealer_hand.low)


# --- automations: a step no person at the table performs stays the engine's --------------------------------------


@pytest.mark.parametrize("game", GAMES.values(), ids=list(GAMES))
def test_an_automation_switched_off_whose_step_has_no_control_is_refused(game: Game) -> None:
    # A Down Under scenario without "complete blackjack hand" validated, then waited for ever for a step no one sends.
    for step in sorted(game.engine_steps):
        errors = scenario_errors({"game": game.key, "automations": sorted(game.automations - {step})})
        assert list(errors) == ["automations"]
        assert errors["automations"].startswith(f"{step.replace('_', ' ')}: no dealer or floorperson performs")


def test_every_games_default_automations_hold_its_engine_steps() -> None:
    for game in GAMES.values():
        assert ScenarioSpec.from_json({"game": game.key}).automations == game.automations >= game.engine_steps


def test_leaving_out_several_steps_no_person_performs_names_each_of_them() -> None:
    automations = sorted(PAI_GOW_POKER.automations - {"place_wager", "set_player_hand"})
    errors = scenario_errors({"game": PAI_GOW_POKER.key, "automations": automations})
    assert errors == {
        "automations": "place wager, set player hand: no dealer or floorperson performs these steps and the trainee "
        "has no control for them, so the round could not go on: the engine must perform them"
    }
