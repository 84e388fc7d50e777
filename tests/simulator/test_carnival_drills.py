"""The carnival poker drills deal what each claims: every line of each default paytable, paid at its odds on its
wager, and each decision. Three Card Poker's rules are the house's (Chapter 649a is not in the regulation text we
have); Ultimate Texas Hold 'Em's odds are §653a.12's and its check and fold §653a.1's; Let It Ride's paytable is the
house's and its pulled wagers §643a.1's and §643a.11(b) and (d)'s (inferred)."""

from collections.abc import Mapping

import pytest

from simulator.carnival.let_it_ride import LET_IT_RIDE_POKER
from simulator.carnival.poker import CarnivalGame, PaytableChoice
from simulator.carnival.three_card_poker import THREE_CARD_POKER
from simulator.carnival.ultimate_texas import ULTIMATE_TEXAS_HOLD_EM
from simulator.core.json_values import JsonValue
from simulator.core.procedure import Operation
from simulator.drills import CARNIVAL_HANDS, CARNIVAL_SEAT, DRILLS, DRILLS_BY_KEY, Drill, paytable_line_key
from simulator.mystery.tables import MysteryTableRound
from simulator.scenarios import ScenarioSpec, deal_scenario

SEEDS = range(3)
SEAT = f"seat {CARNIVAL_SEAT}"


def dealt(drill: Drill, seed: int) -> tuple[MysteryTableRound, list[Operation]]:
    """The drill's round, dealt with ``seed`` and played out by the engine."""
    round_ = deal_scenario(ScenarioSpec.from_json(drill.spec), seed, 1)
    assert isinstance(round_, MysteryTableRound) and round_.carnival is not None
    return round_, round_.play_out()


def seat_steps(operations: list[Operation], step: str) -> list[Mapping[str, JsonValue]]:
    """The arguments of every ``step`` taken at the drill's seat."""
    return [
        op.action.arguments
        for op in operations
        if op.action.step == step
        and (op.action.arguments.get("seat") == CARNIVAL_SEAT or op.action.arguments.get("position") == SEAT)
    ]


def qualified(operations: list[Operation]) -> list[JsonValue]:
    """Whether the dealer's hand qualified, as the round's one qualification step says."""
    return [op.action.arguments["qualifies"] for op in operations if op.action.step == "qualify_dealer"]


def wagers(round_: MysteryTableRound) -> Mapping[str, int]:
    """The drill seat's wagers as the base game took them."""
    assert round_.carnival is not None
    return round_.carnival.seats[CARNIVAL_SEAT]


def lines(game: CarnivalGame) -> list[tuple[PaytableChoice, str]]:
    """Every line of every default paytable of the game, with its paytable choice."""
    return [(option, line) for option in game.paytable_choices for line in option.paytables[option.default].pays]


def assert_pays_its_line(game: CarnivalGame, option: PaytableChoice, line: str, seed: int) -> None:
    """The line's drill deals the seat a hand read as the line, and pays its area the paytable's odds on its wager."""
    round_, operations = dealt(DRILLS_BY_KEY[f"{game.key}-{paytable_line_key(option, line)}"], seed)
    assert [read["hand"] for read in seat_steps(operations, "read_hand")] == [line]
    odds = option.paytables[option.default].pays[line]
    wager = wagers(round_)[option.pays_on]
    assert wager * odds.win % odds.stake == 0, "the drill's wager is paid in whole cents"
    paid = [pay["amount"] for pay in seat_steps(operations, "pay_wager") if pay["spot"] == option.area]
    assert paid == [wager * odds.win // odds.stake]


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize(
    ("option", "line"), lines(THREE_CARD_POKER), ids=lambda value: str(getattr(value, "area", value))
)
def test_house_pair_plus_and_ante_bonus_paytables_each_line_drill_pays_its_line(
    option: PaytableChoice, line: str, seed: int
) -> None:
    assert_pays_its_line(THREE_CARD_POKER, option, line, seed)


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize(
    ("option", "line"), lines(ULTIMATE_TEXAS_HOLD_EM), ids=lambda value: str(getattr(value, "area", value))
)
def test_653a12_b_c_each_blind_and_trips_line_drill_pays_its_line(option: PaytableChoice, line: str, seed: int) -> None:
    assert_pays_its_line(ULTIMATE_TEXAS_HOLD_EM, option, line, seed)


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize(("option", "line"), lines(LET_IT_RIDE_POKER), ids=lambda value: str(value))
def test_house_let_it_ride_paytable_each_line_drill_pays_its_line(option: PaytableChoice, line: str, seed: int) -> None:
    assert_pays_its_line(LET_IT_RIDE_POKER, option, line, seed)


def test_every_carnival_drill_is_a_paytable_line_or_one_of_the_decisions() -> None:
    games = (LET_IT_RIDE_POKER, THREE_CARD_POKER, ULTIMATE_TEXAS_HOLD_EM)
    line_keys = {f"{game.key}-{paytable_line_key(option, line)}" for game in games for option, line in lines(game)}
    decisions = {f"{game.key}-{key}" for game, key in DECISIONS}
    assert {drill.key for drill in DRILLS if drill.group == CARNIVAL_HANDS} == line_keys | decisions


DECISIONS = (
    (LET_IT_RIDE_POKER, "ride-both"),
    (LET_IT_RIDE_POKER, "pull-first-ride-second"),
    (LET_IT_RIDE_POKER, "ride-first-pull-second"),
    (LET_IT_RIDE_POKER, "pull-both"),
    (THREE_CARD_POKER, "dealer-qualifies"),
    (THREE_CARD_POKER, "dealer-does-not-qualify"),
    (THREE_CARD_POKER, "fold"),
    (THREE_CARD_POKER, "wrong-play-wager"),
    (ULTIMATE_TEXAS_HOLD_EM, "check-to-the-river"),
    (ULTIMATE_TEXAS_HOLD_EM, "fold"),
    (ULTIMATE_TEXAS_HOLD_EM, "dealer-does-not-qualify"),
)
"""Each decision drill, by its game and key."""


def decision(game: CarnivalGame, key: str, seed: int) -> tuple[MysteryTableRound, list[Operation]]:
    return dealt(DRILLS_BY_KEY[f"{game.key}-{key}"], seed)


def settled(operations: list[Operation]) -> dict[str, tuple[str, JsonValue]]:
    """How each of the seat's wagers is settled: the step and any amount, by spot."""
    return {
        str(args["spot"]): (step, args.get("amount"))
        for step in ("pay_wager", "push_wager", "collect_wager")
        for args in seat_steps(operations, step)
    }


@pytest.mark.parametrize("seed", SEEDS)
def test_house_three_card_poker_dealer_qualification_queen_high_qualifies_and_the_ante_and_play_are_paid(
    seed: int,
) -> None:
    round_, operations = decision(THREE_CARD_POKER, "dealer-qualifies", seed)
    assert qualified(operations) == [True]
    # "a higher player hand wins the Ante and Play Wagers 1 to 1"
    ante = wagers(round_)["ante"]
    assert settled(operations)["ante"] == ("pay_wager", ante) and settled(operations)["play"] == ("pay_wager", ante)


@pytest.mark.parametrize("seed", SEEDS)
def test_house_three_card_poker_dealer_qualification_below_queen_high_pays_the_ante_and_pushes_the_play(
    seed: int,
) -> None:
    round_, operations = decision(THREE_CARD_POKER, "dealer-does-not-qualify", seed)
    assert qualified(operations) == [False]
    # "each Ante Wager still in play wins 1 to 1 and each Play Wager pushes"
    assert settled(operations)["ante"] == ("pay_wager", wagers(round_)["ante"])
    assert settled(operations)["play"] == ("push_wager", None)


@pytest.mark.parametrize("seed", SEEDS)
def test_house_three_card_poker_play_wager_the_fold_drill_folds_and_forfeits_the_ante(seed: int) -> None:
    _, operations = decision(THREE_CARD_POKER, "fold", seed)
    assert [step["decision"] for step in seat_steps(operations, "make_decision")] == ["fold"]
    assert settled(operations)["ante"] == ("collect_wager", None)


@pytest.mark.parametrize("seed", SEEDS)
def test_house_carnival_poker_wrong_play_wager_the_drill_has_the_dealer_put_it_right(seed: int) -> None:
    round_, operations = decision(THREE_CARD_POKER, "wrong-play-wager", seed)
    ante = wagers(round_)["ante"]
    played = seat_steps(operations, "make_decision")
    assert played[0]["amount"] != ante, "the player puts out a wrong Play Wager"
    # "places a Play Wager equal to the Ante Wager"
    assert [step["amount"] for step in seat_steps(operations, "correct_play_wager")] == [ante]


@pytest.mark.parametrize("seed", SEEDS)
def test_653a1_check_the_drill_checks_before_and_after_the_flop_and_plays_once_at_the_river(seed: int) -> None:
    round_, operations = decision(ULTIMATE_TEXAS_HOLD_EM, "check-to-the-river", seed)
    decisions = [(step["street"], step["decision"]) for step in seat_steps(operations, "make_decision")]
    streets = [street.name for street in ULTIMATE_TEXAS_HOLD_EM.streets]
    assert decisions == [(streets[0], "check"), (streets[1], "check"), (streets[2], "play")]
    # "after the last two community cards, one times the Ante"
    assert seat_steps(operations, "make_decision")[-1]["amount"] == wagers(round_)["ante"]


@pytest.mark.parametrize("seed", SEEDS)
def test_653a1_fold_the_drill_folds_at_the_river_and_loses_the_ante_and_blind(seed: int) -> None:
    _, operations = decision(ULTIMATE_TEXAS_HOLD_EM, "fold", seed)
    assert [step["decision"] for step in seat_steps(operations, "make_decision")] == ["check", "check", "fold"]
    assert settled(operations)["ante"] == settled(operations)["blind"] == ("collect_wager", None)


@pytest.mark.parametrize("seed", SEEDS)
def test_house_ultimate_texas_dealer_qualification_no_pair_pushes_the_ante_and_653a12_a_pays_the_play(
    seed: int,
) -> None:
    _, operations = decision(ULTIMATE_TEXAS_HOLD_EM, "dealer-does-not-qualify", seed)
    assert qualified(operations) == [False]
    play = [step["amount"] for step in seat_steps(operations, "make_decision")]
    assert settled(operations)["ante"] == ("push_wager", None)
    # "each Ante Wager in play pushes"; §653a.12(a): "pay each winning Ante Wager and Play Wager at odds of 1 to 1"
    assert settled(operations)["play"] == ("pay_wager", play[0])


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize(
    ("key", "decisions", "returned", "settled_areas"),
    [
        ("ride-both", ["ride", "ride"], [], ["first", "second", "third"]),
        ("pull-first-ride-second", ["pull", "ride"], ["first"], ["second", "third"]),
        ("ride-first-pull-second", ["ride", "pull"], ["second"], ["first", "third"]),
        ("pull-both", ["pull", "pull"], ["first", "second"], ["third"]),
    ],
)
def test_643a1_let_it_ride_each_decision_drill_pulls_back_or_lets_ride_as_it_claims(
    key: str, decisions: list[str], returned: list[str], settled_areas: list[str], seed: int
) -> None:
    _, operations = decision(LET_IT_RIDE_POKER, key, seed)
    assert [step["decision"] for step in seat_steps(operations, "make_decision")] == decisions
    # §643a.11(b) and (d) (inferred): a withdrawn wager is returned, so only the wagers let ride are settled
    assert [step["spot"] for step in seat_steps(operations, "return_wager")] == returned
    assert sorted(settled(operations)) == settled_areas
