"""Each verdict cites the clause the trainee broke: grades of dealt rounds, as the trainee sees them."""

from collections.abc import Callable

import pytest

from grading.scoring import GradedStep, Mode, grade_step
from simulator.blackjack.round import DEMO_FORCED_HIT, DEMO_SEATS, DownUnderRound
from simulator.blackjack.table import DownUnderTable
from simulator.core.citations import Provenance
from simulator.core.clauses import CLAUSES
from simulator.core.json_values import JsonObject, json_int
from simulator.core.procedure import Action, ErrorCode, Round
from simulator.drills import DRILLS_BY_KEY
from simulator.mystery.games import MYSTERY_GAME_LIST, MysteryGame
from simulator.scenarios import ScenarioSpec, deal_scenario


def played_until(round_: Round, stop: Callable[[Action], bool]) -> Action:
    """Play the round correctly up to the first expected action ``stop`` accepts; that action."""
    while (action := round_.next_action()) is not None and not stop(action):
        round_.perform(action.step, action.arguments)
    assert action is not None
    return action


def graded(round_: Round, step: str, **arguments: object) -> GradedStep:
    """The trainee's step as the practice grader judges it."""
    return grade_step(round_, step, dict(arguments), Mode.PRACTICE, 1000)  # type: ignore[arg-type]


def pai_gow_round(seats: JsonObject, rigging: JsonObject | None = None) -> Round:
    """A commission-free Pai Gow Poker scenario with these players, dealt."""
    spec = {"game": "pai-gow-poker", "seats": seats, "rigging": rigging or {}}
    return deal_scenario(ScenarioSpec.from_json(spec), 7, 1)


def test_685b1_g_sets_no_order_so_a_win_settled_before_a_loss_cites_the_house_order() -> None:
    table = DownUnderTable(decks=6, paytable=1, match_wager=500)
    round_ = DownUnderRound(table, DEMO_SEATS, 7, shoe_top=DEMO_FORCED_HIT)
    loser = played_until(round_, lambda action: action.step == "settle_losing_match_wager")
    winner = next(seat for seat in round_.match_settlements if seat not in round_.losing_seats())
    grade = graded(round_, "confirm_progressive_hand", seat=winner, hand="two suited aces of spades")
    assert not grade.correct and grade.code is ErrorCode.OUT_OF_ORDER
    assert grade.citation == CLAUSES["Match the Dealer settlement order"]
    assert grade.citation.provenance is Provenance.HOUSE
    assert loser.citation.clause == "§685b.1(g)(1)"


def test_645a11_e_the_seats_are_settled_in_reveal_order_not_by_the_tiger_9_push_rule() -> None:
    round_ = pai_gow_round({"1": {"pai-gow": 1000}, "4": {"pai-gow": 2500}}, {"tiger_nine": True})
    first = played_until(round_, lambda action: action.step == "push_wager")
    later = 4 if first.arguments["seat"] == 1 else 1
    grade = graded(round_, "push_wager", seat=later, spot="pai-gow")
    assert not grade.correct and grade.code is ErrorCode.OUT_OF_ORDER
    assert first.citation.clause == "§645b.1(f)(1)"
    assert grade.citation == CLAUSES["§645a.11(e)"]


def test_645b1_g_a_fortune_bonus_settled_before_the_seats_pai_gow_poker_wager_cites_645b1_g() -> None:
    round_ = pai_gow_round({"2": {"pai-gow": 1000, "tiger-9": 500, "fortune": 500}})
    played_until(round_, lambda action: action.arguments.get("spot") in ("pai-gow", "tiger-9"))
    for step in ("collect_wager", "push_wager"):
        grade = graded(round_, step, seat=2, spot="fortune")
        assert not grade.correct and grade.code is ErrorCode.OUT_OF_ORDER
        assert grade.citation.clause == "§645b.1(g)"
        assert grade.citation.provenance is Provenance.SEED
        assert "after settling the player's Tiger 9 and Pai Gow Poker wagers" in grade.citation.text


def test_645b1_b_declaring_a_tiger_9_wrongly_cites_the_definition_of_a_tiger_9() -> None:
    round_ = pai_gow_round({"1": {"pai-gow": 1000}}, {"tiger_nine": True})
    declaration = played_until(round_, lambda action: action.step == "declare_tiger_nine")
    grade = graded(round_, "declare_tiger_nine", tiger_nine=False)
    assert not grade.correct and grade.code is ErrorCode.WRONG_TIGER_NINE
    assert declaration.citation.provenance is Provenance.HOUSE
    assert grade.citation == CLAUSES["§645b.1(b)"]
    assert grade.citation.text == "Tiger 9—The dealer's two-card low hand which contains a 9-high."


def test_645b1_the_tiger_9_drills_train_the_definition_and_the_push_inscription() -> None:
    for key in ("tiger-9-push", "tiger-9-wager"):
        assert DRILLS_BY_KEY[key].trains("§645b.1(b)")
    assert DRILLS_BY_KEY["tiger-9-push"].trains("§645b.1(c)(2)")
    assert "all Pai Gow Poker wagers shall push" in CLAUSES["§645b.1(c)(2)"].text


@pytest.mark.parametrize("game", MYSTERY_GAME_LIST, ids=lambda game: game.key)
def test_mhb_c3_paying_other_than_the_hit_cites_c3_of_the_games_section(game: MysteryGame) -> None:
    round_ = deal_scenario(ScenarioSpec.from_json(DRILLS_BY_KEY[f"mystery-{game.key}"].spec), 7, 1)
    payment = played_until(round_, lambda action: action.step == "pay_mystery_bonus")
    arguments = dict(payment.arguments)
    grade = graded(round_, "pay_mystery_bonus", **arguments | {"amount": json_int(arguments["amount"]) - 100})
    assert not grade.correct and grade.code is ErrorCode.WRONG_AMOUNT
    assert grade.citation == CLAUSES[f"{game.section}(c)(3)"]
    assert "in excess of a random dollar value" in grade.citation.text


def test_685b1_a_naming_the_wrong_combination_cites_its_paragraph_of_685b1_a() -> None:
    table = DownUnderTable(decks=6, paytable=1, match_wager=500)
    round_ = DownUnderRound(table, DEMO_SEATS, 7, shoe_top=DEMO_FORCED_HIT)
    confirm = played_until(round_, lambda action: action.step == "confirm_progressive_hand")
    assert confirm.arguments["hand"] == "two suited match, aces of spades"
    grade = graded(round_, "confirm_progressive_hand", seat=confirm.arguments["seat"], hand="one suited match")
    assert not grade.correct and grade.code is ErrorCode.WRONG_HAND
    assert grade.citation == CLAUSES["§685b.1(a)(1)"]
