"""Each verdict cites the clause the trainee broke: grades of dealt rounds, as the trainee sees them."""

from collections.abc import Callable

from simulator.citations import Provenance
from simulator.clauses import CLAUSES
from simulator.down_under import DEMO_FORCED_HIT, DEMO_SEATS, DownUnderRound, DownUnderTable
from simulator.json_values import JsonObject
from simulator.procedure import Action, ErrorCode, Round
from simulator.scenarios import ScenarioSpec, deal_scenario
from trainer.scoring import GradedStep, Mode, grade_step


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
