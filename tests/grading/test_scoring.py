"""Tests for grading.scoring: plain pytest, no database, no Django settings."""

import json
import os
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest

from grading.scoring import (
    DEFAULT_PASS_THRESHOLD,
    SEVERITIES,
    GradedStep,
    Mode,
    PassRule,
    ScoreCard,
    Severity,
    grade_step,
)
from simulator.core.citations import Provenance
from simulator.core.clauses import house, seed
from simulator.core.dice import DiceRoll
from simulator.core.procedure import Action, Actor, ErrorCode, Operation, Round
from simulator.pai_gow.round import PaiGowRound, Scenario
from simulator.pai_gow.rules import TableRules

PROJECT = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def fast_password_hasher():
    """Shadow tests/conftest.py's fixture, which needs Django settings: scoring runs without Django."""


NO_MORE_BETS = seed(
    "§645b.2(f)", 'All wagers are placed before the shaker is used; then the dealer announces "No more bets".'
)
VALIDATION = seed("§645b.3(c)(5)(ii)", "A floorperson or above validates the payout.")
SUM_PAYTABLE_A = seed("§645b.2(g)(1)", "Sum Paytable A: a total of 16 pays 6 to 1.")
ROUND_OVER = house("Round over", "The round is over once the payout is made.")

SUM_WAGER = 1000  # $10 on Sum at seat 2; the dice total 16
SUM_PAYOUT = 6 * SUM_WAGER  # Paytable A: a total of 16 pays 6 to 1, so $60.00


class ThreeStepRound(Round):
    """A tiny round: "No more bets", a floorperson validates seat 2's payout, the dealer pays seat 2."""

    ACTIONS = (
        Action("announce_no_more_bets", Actor.DEALER, {}, NO_MORE_BETS, 'announce "No more bets"'),
        Action("validate_payout", Actor.FLOORPERSON, {"seat": 2}, VALIDATION, "a floorperson validates seat 2"),
        Action("pay_wager", Actor.DEALER, {"seat": 2, "amount": SUM_PAYOUT}, SUM_PAYTABLE_A, "pay seat 2 $60.00"),
    )

    def __init__(self, automations: frozenset[str] = frozenset()) -> None:
        super().__init__(automations)

    def next_action(self) -> Action | None:
        done = len(self.operations)
        return self.ACTIONS[done] if done < len(self.ACTIONS) else None

    def step_names(self) -> frozenset[str]:
        return frozenset(action.step for action in self.ACTIONS)

    def closing_citation(self):
        return ROUND_OVER

    def announce_no_more_bets(self) -> Operation:
        return self.record(self.require_step("announce_no_more_bets"))

    def validate_payout(self, seat: int) -> Operation:
        expected = self.require_step("validate_payout")
        self.require_argument(expected, "seat", seat, ErrorCode.WRONG_SEAT)
        return self.record(expected)

    def pay_wager(self, seat: int, amount: int) -> Operation:
        expected = self.require_step("pay_wager")
        self.require_argument(expected, "seat", seat, ErrorCode.WRONG_SEAT)
        self.require_argument(expected, "amount", amount, ErrorCode.WRONG_AMOUNT)
        return self.record(expected)


def at_payment() -> ThreeStepRound:
    """A round whose next step is the payment."""
    game_round = ThreeStepRound()
    game_round.perform("announce_no_more_bets", {})
    game_round.perform("validate_payout", {"seat": 2})
    return game_round


def attempt(number: int, correct: bool, severity: Severity | None = None, elapsed_ms: int = 1000) -> GradedStep:
    """A graded step built by hand, for score-card tests."""
    if correct:
        return GradedStep(number, "announce_no_more_bets", {}, True, NO_MORE_BETS, elapsed_ms)
    return GradedStep(
        number,
        "pay_wager",
        {"seat": 2, "amount": 5000},
        False,
        SUM_PAYTABLE_A,
        elapsed_ms,
        expected_step="pay_wager",
        expected_arguments={"seat": 2, "amount": SUM_PAYOUT},
        expected_description="pay seat 2 $60.00",
        code=ErrorCode.WRONG_AMOUNT if severity is Severity.CRITICAL else ErrorCode.OUT_OF_ORDER,
        severity=severity,
        message="Paid $50.00: pay seat 2 $60.00.",
    )


# ----- grading one step -----


def test_correct_step_is_recorded_with_the_rule_it_followed_and_its_time():
    game_round = ThreeStepRound()
    graded = grade_step(game_round, "announce_no_more_bets", {}, Mode.PRACTICE, 2350)
    assert graded == GradedStep(1, "announce_no_more_bets", {}, True, NO_MORE_BETS, 2350)
    assert graded.severity is None and graded.expected_step is None and graded.message is None
    assert len(game_round.operations) == 1


def test_issue4_wrong_amount_is_critical_with_the_paytable_citation_and_the_expected_action():
    game_round = at_payment()
    graded = grade_step(game_round, "pay_wager", {"seat": 2, "amount": 5 * SUM_WAGER}, Mode.PRACTICE, 4000)
    assert not graded.correct
    assert graded.number == 3
    assert (graded.step, graded.arguments) == ("pay_wager", {"seat": 2, "amount": 5000})
    assert graded.code == "wrong_amount"
    assert graded.severity is Severity.CRITICAL
    assert graded.citation.clause == "§645b.2(g)(1)"
    assert graded.citation.provenance is Provenance.SEED
    assert graded.citation.text == "Sum Paytable A: a total of 16 pays 6 to 1."
    assert graded.expected_step == "pay_wager"
    assert graded.expected_arguments == {"seat": 2, "amount": 6000}
    assert graded.expected_description == "pay seat 2 $60.00"
    assert graded.message == "Amount: you gave $50.00; expected: pay seat 2 $60.00."


def test_issue4_order_slip_is_minor():
    graded = grade_step(ThreeStepRound(), "pay_wager", {"seat": 2, "amount": SUM_PAYOUT}, Mode.PRACTICE, 900)
    assert graded.code == "out_of_order"
    assert graded.expected_step == "announce_no_more_bets"
    assert graded.severity is Severity.MINOR


def test_issue4_paying_before_the_floorperson_validates_is_a_skipped_validation_and_critical():
    game_round = ThreeStepRound()
    game_round.perform("announce_no_more_bets", {})
    graded = grade_step(game_round, "pay_wager", {"seat": 2, "amount": SUM_PAYOUT}, Mode.PRACTICE, 900)
    assert graded.code == "out_of_order"
    assert graded.expected_step == "validate_payout"
    assert graded.severity is Severity.CRITICAL
    assert graded.citation == VALIDATION


def test_malformed_step_is_graded_critical_not_raised():
    graded = grade_step(at_payment(), "pay_wager", {"seat": 2}, Mode.PRACTICE, 500)
    assert (graded.code, graded.severity) == ("malformed_step", Severity.CRITICAL)


def test_a_step_after_the_round_is_over_is_minor_with_no_expected_action():
    game_round = ThreeStepRound()
    game_round.play_out()
    graded = grade_step(game_round, "announce_no_more_bets", {}, Mode.EXAM, 300)
    assert (graded.code, graded.severity) == ("round_over", Severity.MINOR)
    assert graded.expected_step is None and graded.expected_arguments is None
    assert graded.citation == ROUND_OVER


def test_every_error_code_has_a_severity_and_a_reason():
    assert set(SEVERITIES) == set(ErrorCode)
    assert all(reason.endswith(".") for _, reason in SEVERITIES.values())


# ----- modes -----


def test_practice_mode_leaves_the_round_for_a_retry():
    game_round = at_payment()
    wrong = grade_step(game_round, "pay_wager", {"seat": 2, "amount": 5000}, Mode.PRACTICE, 3000)
    assert len(game_round.operations) == 2
    assert game_round.next_action() == ThreeStepRound.ACTIONS[2]
    retry = grade_step(game_round, "pay_wager", {"seat": 2, "amount": SUM_PAYOUT}, Mode.PRACTICE, 1500)
    assert retry.correct
    assert retry.number == wrong.number == 3
    assert game_round.finished


def test_exam_mode_a_wrong_amount_stands_as_paid_and_the_round_goes_on():
    game_round = at_payment()
    graded = grade_step(game_round, "pay_wager", {"seat": 2, "amount": 5000}, Mode.EXAM, 3000)
    assert not graded.correct and graded.severity is Severity.CRITICAL and graded.stood
    assert game_round.finished
    assert game_round.operations[-1].action == ThreeStepRound.ACTIONS[2]
    assert GradedStep.from_json(json.loads(json.dumps(graded.to_json()))) == graded


def test_exam_mode_a_step_taken_before_the_one_due_changes_nothing_and_the_trainee_carries_on():
    game_round = ThreeStepRound()
    graded = grade_step(game_round, "validate_payout", {"seat": 2}, Mode.EXAM, 100)
    assert not graded.correct and not graded.stood and graded.omission is None
    assert (graded.code, graded.expected_step) == ("out_of_order", "announce_no_more_bets")
    assert game_round.operations == []
    retry = grade_step(game_round, "announce_no_more_bets", {}, Mode.EXAM, 200)
    assert retry.correct and retry.number == graded.number == 1


def test_exam_mode_never_performs_the_step_due_in_the_trainees_place():
    game_round = ThreeStepRound()
    graded = grade_step(game_round, "pay_wager", {"seat": 2, "amount": 5000}, Mode.EXAM, 100)
    assert not graded.correct and graded.omission is None and not graded.omitted and not graded.stood
    assert game_round.operations == []


def test_practice_mode_never_omits_a_step_for_the_trainee():
    game_round = ThreeStepRound()
    graded = grade_step(game_round, "validate_payout", {"seat": 2}, Mode.PRACTICE, 100)
    assert not graded.correct and graded.omission is None
    assert game_round.operations == []


def graded_before_exams_stopped_omitting():
    """A step left out in an exam and performed by the table, as rounds graded before kept it, then the last step."""
    omission = GradedStep(
        1, "announce_no_more_bets", {}, False, NO_MORE_BETS, 0, "announce_no_more_bets", {},
        'announce "No more bets"', ErrorCode.OUT_OF_ORDER, Severity.MINOR,
        'Omitted: announce "No more bets" — performed by the table.', omitted=True,
    )  # fmt: skip
    validated = GradedStep(2, "validate_payout", {"seat": 2}, True, VALIDATION, 100, omission=omission)
    return [validated, GradedStep(3, "pay_wager", {"seat": 2, "amount": SUM_PAYOUT}, True, SUM_PAYTABLE_A, 900)]


def test_an_omission_kept_by_an_older_round_counts_once_on_the_score_card_with_no_speed():
    card = ScoreCard.from_steps(graded_before_exams_stopped_omitting())
    assert (card.steps, card.correct, card.attempts, card.critical_errors, card.total_ms) == (3, 2, 3, 0, 1000)
    assert [error.step_number for error in card.errors] == [1]
    assert card.errors[0].graded.omitted
    first = card.step_times[0]
    assert (first.number, first.step, first.skill, first.omitted) == (1, "announce_no_more_bets", None, True)
    assert ScoreCard.from_json(json.loads(json.dumps(card.to_json()))) == card


def test_a_step_holding_its_omission_is_stored_and_read_back_as_one_grade():
    graded = graded_before_exams_stopped_omitting()[0]
    saved = json.loads(json.dumps(graded.to_json()))
    assert saved["omission"]["omitted"] is True
    assert GradedStep.from_json(saved) == graded
    assert "omission" not in graded.omission.to_json() and "omitted" not in graded.to_json()


@pytest.mark.parametrize("mode", list(Mode))
def test_automations_run_after_each_graded_step(mode):
    game_round = ThreeStepRound(automations=frozenset({"validate_payout"}))
    grade_step(game_round, "announce_no_more_bets", {}, mode, 800)
    assert [operation.action.step for operation in game_round.operations] == [
        "announce_no_more_bets",
        "validate_payout",
    ]
    assert game_round.next_action() == ThreeStepRound.ACTIONS[2]


def test_automations_run_after_a_money_slip_stands_in_an_exam():
    game_round = ThreeStepRound(automations=frozenset({"validate_payout"}))
    grade_step(game_round, "announce_no_more_bets", {}, Mode.EXAM, 800)
    graded = grade_step(game_round, "pay_wager", {"seat": 2, "amount": 5000}, Mode.EXAM, 800)
    assert graded.stood and game_round.finished


def test_an_engine_error_other_than_illegal_operation_propagates_and_changes_nothing():
    class BrokenRound(ThreeStepRound):
        def announce_no_more_bets(self) -> Operation:
            raise KeyError("engine bug")

    game_round = BrokenRound()
    with pytest.raises(KeyError, match="engine bug"):
        grade_step(game_round, "announce_no_more_bets", {}, Mode.EXAM, 100)
    assert game_round.operations == []


@pytest.mark.parametrize("elapsed", [-1, 1.5, True, "100"])
def test_a_step_time_that_is_not_whole_non_negative_milliseconds_is_refused_and_changes_nothing(elapsed):
    game_round = ThreeStepRound()
    with pytest.raises(ValueError, match="milliseconds"):
        grade_step(game_round, "announce_no_more_bets", {}, Mode.PRACTICE, elapsed)
    assert game_round.operations == []


# ----- the score card -----


def test_a_correct_round_scores_100_percent_and_passes():
    game_round = ThreeStepRound()
    graded = [
        grade_step(game_round, action.step, action.arguments, Mode.EXAM, 1000 + index)
        for index, action in enumerate(ThreeStepRound.ACTIONS)
    ]
    card = ScoreCard.from_steps(graded)
    assert (card.steps, card.attempts, card.correct, card.errors, card.critical_errors) == (3, 3, 3, (), 0)
    assert card.total_ms == 1000 + 1001 + 1002
    assert card.accuracy == 1
    assert card.accuracy_text == "100.0%"
    assert card.passed


def test_a_practice_retry_counts_once_as_wrong_in_accuracy():
    game_round = ThreeStepRound()
    graded = [grade_step(game_round, "announce_no_more_bets", {}, Mode.PRACTICE, 1000)]
    graded.append(grade_step(game_round, "validate_payout", {"seat": 3}, Mode.PRACTICE, 2000))
    graded.append(grade_step(game_round, "validate_payout", {"seat": 2}, Mode.PRACTICE, 3000))
    graded.append(grade_step(game_round, "pay_wager", {"seat": 2, "amount": SUM_PAYOUT}, Mode.PRACTICE, 4000))
    card = ScoreCard.from_steps(graded)
    assert (card.steps, card.attempts, card.correct) == (3, 4, 2)
    assert card.accuracy == Fraction(2, 3)
    assert [error.graded.code for error in card.errors] == ["wrong_seat"]
    assert card.total_ms == 10_000


def test_a_critical_error_fails_the_round_whatever_the_accuracy():
    graded = [attempt(number, True) for number in range(1, 20)] + [attempt(20, False, Severity.CRITICAL)]
    card = ScoreCard.from_steps(graded, PassRule(Fraction(0)))
    assert card.accuracy == Fraction(19, 20)
    assert card.critical_errors == 1
    assert not card.passed


def test_a_wrong_retry_is_listed_as_an_error_and_a_critical_one_fails():
    graded = [attempt(1, False, Severity.MINOR), attempt(1, False, Severity.CRITICAL), attempt(1, True)]
    card = ScoreCard.from_steps(graded, PassRule(Fraction(0)))
    assert (card.steps, card.correct, len(card.errors), card.critical_errors) == (1, 0, 2, 1)
    assert not card.passed


def test_the_pass_threshold_is_the_schools_choice_with_a_90_percent_default():
    assert Fraction(9, 10) == DEFAULT_PASS_THRESHOLD
    graded = [attempt(number, True) for number in range(1, 9)] + [attempt(9, False, Severity.MINOR)]
    assert ScoreCard.from_steps(graded).accuracy == Fraction(8, 9)
    assert not ScoreCard.from_steps(graded).passed
    assert ScoreCard.from_steps(graded, PassRule(Fraction(8, 9))).passed


@pytest.mark.parametrize("threshold", [Fraction(-1, 10), Fraction(11, 10)])
def test_a_pass_threshold_outside_0_to_1_is_refused(threshold):
    with pytest.raises(ValueError, match="pass mark"):
        ScoreCard.from_steps([attempt(1, True)], PassRule(threshold))


def test_a_round_with_no_graded_step_does_not_pass():
    card = ScoreCard.from_steps([], PassRule(Fraction(0)))
    assert (card.steps, card.accuracy, card.accuracy_text, card.passed) == (0, 0, "0.0%", False)


@pytest.mark.parametrize(
    ("correct", "steps", "text"),
    [(12, 13, "92.3%"), (1999, 2000, "99.9%"), (2, 3, "66.6%"), (1, 8, "12.5%"), (0, 4, "0.0%")],
)
def test_accuracy_is_an_exact_fraction_shown_cut_to_one_decimal(correct, steps, text):
    graded = [attempt(n, True) for n in range(1, correct + 1)]
    graded += [attempt(n, False, Severity.MINOR) for n in range(correct + 1, steps + 1)]
    card = ScoreCard.from_steps(graded)
    assert card.accuracy == Fraction(correct, steps)
    assert card.accuracy_text == text


def test_a_graded_step_round_trips_through_json():
    wrong = attempt(3, False, Severity.CRITICAL)
    right = attempt(1, True)
    for graded in (wrong, right):
        assert GradedStep.from_json(json.loads(json.dumps(graded.to_json()))) == graded
    assert wrong.to_json()["citation"] == {
        "clause": "§645b.2(g)(1)",
        "provenance": "SEED",
        "text": "Sum Paytable A: a total of 16 pays 6 to 1.",
    }
    assert wrong.to_json()["severity"] == "critical"


def test_a_score_card_round_trips_through_json():
    graded = [attempt(1, True, elapsed_ms=700), attempt(2, False, Severity.MINOR), attempt(2, True)]
    card = ScoreCard.from_steps(graded, PassRule(Fraction(1, 2)))
    data = json.loads(json.dumps(card.to_json()))
    assert data["accuracy"] == "1/2"
    assert data["accuracy_text"] == "50.0%"
    assert data["pass_threshold"] == "1/2"
    assert ScoreCard.from_json(data) == card


# ----- a real Pai Gow Poker round -----

PAI_GOW_SEATS = {
    1: {"pai-gow": 2500, "tiger-9": 500, "fortune": 500, "progressive": 100},
    3: {"pai-gow": 2500, "sum": 1000, "match-5": 500, "beat-it": 500},
    5: {"pai-gow": 1000, "fortune": 1000},
}


def test_a_fully_correct_pai_gow_round_scores_100_percent():
    game_round = PaiGowRound(TableRules(), PAI_GOW_SEATS, 20240525)
    game_round.advance()
    graded = []
    while (action := game_round.next_action()) is not None:
        graded.append(grade_step(game_round, action.step, action.arguments, Mode.EXAM, 1200))
    card = ScoreCard.from_steps(graded)
    assert card.steps == len(graded) > 10
    assert (card.correct, card.errors, card.accuracy_text, card.passed) == (len(graded), (), "100.0%", True)
    assert game_round.finished


def test_issue4_a_wrong_pai_gow_sum_payout_is_critical_with_the_paytable_citation():
    # Sum Paytable A: "16 6 to 1". Dice red 6, blue 5 and 5 total 16, so $10 on Sum wins $60; $50 is wrong.
    seats = {3: {"pai-gow": 2500, "sum": SUM_WAGER}}
    game_round = PaiGowRound(TableRules(), seats, 1, scenario=Scenario(dice=DiceRoll(6, (5, 5))))
    game_round.advance()
    while (action := game_round.next_action()) is not None and action.step != "pay_wager":
        grade_step(game_round, action.step, action.arguments, Mode.EXAM, 1000)
    graded = grade_step(game_round, "pay_wager", {"seat": 3, "spot": "sum", "amount": 5000}, Mode.EXAM, 1000)
    assert (graded.code, graded.severity) == ("wrong_amount", Severity.CRITICAL)
    assert graded.expected_arguments == {"seat": 3, "spot": "sum", "amount": 6000}
    assert graded.citation.clause == "§645b.2(g)(1)"
    assert graded.citation.provenance is Provenance.SEED
    assert "Winning Sum wagers shall be paid out" in graded.citation.text
    assert "16, 6 to 1" in graded.message
    assert game_round.settled[(3, "sum")][1] == 6000


def sum_payout_due() -> PaiGowRound:
    """Seat 3's $10 Sum on a 16, due its $60 (Sum Paytable A, 6 to 1), the steps before it graded right."""
    seats = {3: {"pai-gow": 2500, "sum": SUM_WAGER}}
    game_round = PaiGowRound(TableRules(), seats, 1, scenario=Scenario(dice=DiceRoll(6, (5, 5))))
    game_round.advance()
    while (action := game_round.next_action()) is not None and action.step != "pay_wager":
        grade_step(game_round, action.step, action.arguments, Mode.EXAM, 1000)
    return game_round


@pytest.mark.parametrize("mode", list(Mode))
def test_issue32_the_right_sum_payout_in_chips_the_house_would_not_pay_is_minor_and_cites_the_house(mode):
    # $60 highest first (the default chipping) is two $25 greens and two $5 reds; twelve reds make $60 too.
    game_round = sum_payout_due()
    chips = {"seat": 3, "spot": "sum", "amount": 6000, "chips": "500x12"}
    graded = grade_step(game_round, "pay_wager", chips, mode, 1000)
    assert (graded.code, graded.severity) == ("wrong_chips", Severity.MINOR)
    assert graded.citation.provenance is Provenance.HOUSE
    assert (
        "expected: pay seat 3's Sum wager $60.00" in graded.message
        and "in 2 green, $50.00; 2 red, $10.00" in graded.message
    )
    assert ((3, "sum") in game_round.settled) is (mode is Mode.EXAM), "a mis-chip stands in an exam as money slips do"


def test_issue32_a_wrong_sum_total_in_chips_is_a_critical_mispay_saying_how_far_short():
    game_round = sum_payout_due()
    graded = grade_step(
        game_round, "pay_wager", {"seat": 3, "spot": "sum", "amount": 5000, "chips": "2500x2"}, Mode.PRACTICE, 1000
    )
    assert (graded.code, graded.severity) == ("wrong_amount", Severity.CRITICAL)
    assert graded.message.startswith("Paid $50.00 in 2 green, $50.00, $10.00 short: pay seat 3's Sum wager $60.00")


# ----- no Django -----


def test_scoring_imports_without_django_or_its_settings():
    environment = {key: value for key, value in os.environ.items() if key != "DJANGO_SETTINGS_MODULE"}
    script = "import sys, grading.scoring; sys.exit('django' in sys.modules)"
    subprocess.run([sys.executable, "-c", script], cwd=PROJECT, env=environment, check=True)
