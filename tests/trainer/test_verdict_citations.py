"""Each verdict cites the clause the trainee broke: grades of dealt rounds, as the trainee sees them."""

from collections.abc import Callable

from simulator.citations import Provenance
from simulator.clauses import CLAUSES
from simulator.down_under import DEMO_FORCED_HIT, DEMO_SEATS, DownUnderRound, DownUnderTable
from simulator.procedure import Action, ErrorCode, Round
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
