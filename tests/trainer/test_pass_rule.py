"""The pass rule, step numbers and timed standards on the score card: plain pytest, no database, no Django settings."""

import json
from fractions import Fraction

import pytest

from grading.scoring import GradedStep, PassRule, ScoreCard, Severity, step_numbers
from grading.standards import SKILLS, read_target_overrides, skill_of, target_seconds
from simulator.core.clauses import seed
from simulator.core.procedure import ErrorCode

RULE = seed("§645b.2(f)", 'The dealer announces "No more bets".')


@pytest.fixture(autouse=True)
def fast_password_hasher():
    """Shadow tests/conftest.py's fixture, which needs Django settings: scoring runs without Django."""


def step(number, correct=True, severity=None, elapsed_ms=1000, name="announce_no_more_bets", arguments=None):
    """A graded step built by hand: ``number`` is its line in the round's log."""
    wrong = (
        {} if correct else {"code": ErrorCode.WRONG_AMOUNT, "severity": severity or Severity.MINOR, "message": "Wrong."}
    )
    return GradedStep(number, name, arguments or {}, correct, RULE, elapsed_ms, **wrong)


def right_and_wrong(right, minor=0, critical=0, elapsed_ms=1000):
    """A round of ``right`` right steps, then ``minor`` and ``critical`` wrong ones, each on its own log line."""
    graded = [step(n, elapsed_ms=elapsed_ms) for n in range(1, right + 1)]
    graded += [step(right + n, False, Severity.MINOR) for n in range(1, minor + 1)]
    graded += [step(right + minor + n, False, Severity.CRITICAL) for n in range(1, critical + 1)]
    return graded


# ----- the pass rule and which part failed -----


def test_the_default_rule_is_90_percent_no_critical_error_and_no_time_limit():
    assert PassRule() == PassRule(Fraction(9, 10), True, None)
    assert PassRule().text == "at least 90.0% of steps right at the first attempt, no critical error, no time limit"


def test_accuracy_below_the_mark_fails_and_is_named():
    card = ScoreCard.from_steps(right_and_wrong(17, minor=3), PassRule(Fraction(9, 10)))
    assert not card.passed
    assert [(failure.part, failure.text) for failure in card.failures] == [
        ("accuracy", "accuracy 85.0% is below the mark of 90.0%")
    ]


def test_two_critical_errors_fail_a_94_8_percent_round_and_the_card_says_why():
    # The case: 55 of 58 steps right at the first attempt (94.8%), two of the three errors critical.
    card = ScoreCard.from_steps(right_and_wrong(55, minor=1, critical=2))
    assert card.accuracy_text == "94.8%"
    assert not card.passed
    assert [(failure.part, failure.text) for failure in card.failures] == [
        ("critical", "2 critical errors (the pass rule allows none)")
    ]


def test_a_table_may_let_a_critical_error_pass():
    card = ScoreCard.from_steps(right_and_wrong(19, critical=1), PassRule(critical_error_fails=False))
    assert card.passed and card.failures == ()


def test_a_round_over_its_time_limit_fails_by_how_much():
    card = ScoreCard.from_steps(right_and_wrong(3, elapsed_ms=30_000), PassRule(time_limit_seconds=60))
    assert card.total_ms == 90_000
    assert [(failure.part, failure.text) for failure in card.failures] == [
        ("time_limit", "the round took 1:30, over the 1:00 time limit by 0:30")
    ]
    assert ScoreCard.from_steps(right_and_wrong(2, elapsed_ms=30_000), PassRule(time_limit_seconds=60)).passed


def test_every_failing_part_is_named_at_once():
    card = ScoreCard.from_steps(right_and_wrong(1, critical=1, elapsed_ms=61_000), PassRule(time_limit_seconds=60))
    assert [failure.part for failure in card.failures] == ["accuracy", "critical", "time_limit"]


@pytest.mark.parametrize("limit", [0, -5, 1.5, True, "60"])
def test_a_time_limit_that_is_not_positive_whole_seconds_is_refused(limit):
    with pytest.raises(ValueError, match="time limit"):
        PassRule(time_limit_seconds=limit)


def test_a_pass_rule_round_trips_through_json_and_none_is_the_default():
    rule = PassRule(Fraction(19, 20), False, 600)
    assert PassRule.from_json(json.loads(json.dumps(rule.to_json()))) == rule
    assert PassRule.from_json(None) == PassRule()
    assert (
        rule.text
        == "at least 95.0% of steps right at the first attempt, critical errors allowed, within 10:00 for the round"
    )


def test_the_score_card_keeps_its_rule_through_json():
    card = ScoreCard.from_steps(
        right_and_wrong(3, critical=1), PassRule(Fraction(1, 2), True, 120), {"calling_the_dice": 4}
    )
    assert ScoreCard.from_json(json.loads(json.dumps(card.to_json()))) == card


OLD_SCORE_CARD = {
    "steps": 20,
    "attempts": 21,
    "correct": 19,
    "errors": [step(47, False, Severity.CRITICAL).to_json()],
    "critical_errors": 1,
    "total_ms": 65_000,
    "accuracy": "19/20",
    "accuracy_text": "95.0%",
    "pass_threshold": "9/10",
    "passed": False,
}
"""A score card as the version before pass rules and step times saved it."""


def test_a_score_card_saved_before_pass_rules_loads_with_its_mark_and_the_failure_worked_out():
    card = ScoreCard.from_json(OLD_SCORE_CARD)
    assert card.rule == PassRule(Fraction(9, 10))
    assert not card.passed
    assert [failure.text for failure in card.failures] == ["1 critical error (the pass rule allows none)"]
    assert card.errors[0].step_number is None and card.errors[0].graded.number == 47
    assert (card.step_times, card.skills) == ((), ())


# ----- the trainee's step numbers -----


def test_steps_are_numbered_1_to_n_as_the_trainee_took_them_not_by_log_line():
    # Log lines 4, 9, 9 (a practice retry), 15: the engine's automated steps fill the lines between.
    graded = [step(4), step(9, False), step(9), step(15, False, Severity.CRITICAL)]
    assert step_numbers(graded) == [1, 2, 2, 3]
    card = ScoreCard.from_steps(graded)
    assert [time.number for time in card.step_times] == [1, 2, 3]
    assert [error.step_number for error in card.errors] == [2, 3]
    assert card.steps == 3


# ----- timed standards -----


def test_each_step_has_its_time_on_the_card_with_retries_added():
    graded = [step(1, elapsed_ms=2500), step(2, False, elapsed_ms=4000), step(2, elapsed_ms=3000)]
    card = ScoreCard.from_steps(graded)
    assert [(time.number, time.attempts, time.right_first_time, time.elapsed_ms) for time in card.step_times] == [
        (1, 1, True, 2500),
        (2, 2, False, 7000),
    ]


@pytest.mark.parametrize(
    ("name", "arguments", "skill"),
    [
        ("announce_dice", {"red": 6, "blue_1": 5, "blue_2": 5}, "calling_the_dice"),
        ("pay_wager", {"seat": 3, "spot": "sum", "amount": 6000}, "settling_a_dice_wager"),
        ("collect_wager", {"seat": 3, "spot": "match-5"}, "settling_a_dice_wager"),
        ("push_wager", {"seat": 3, "spot": "beat-it"}, "settling_a_dice_wager"),
        ("pay_wager", {"seat": 1, "spot": "pai-gow", "amount": 2500}, "settling_a_pai_gow_wager"),
        ("find_starting_position", {"place": 4}, "finding_the_starting_position"),
        ("deliver_stack", {"place": 4}, "delivering_the_stacks"),
        ("set_dealer_hand", {"low": "AS KD"}, "setting_the_house_way"),
        ("pay_mystery_bonus", {"seat": 2, "amount": 100, "source": "table"}, "paying_the_mystery_bonus"),
        ("count_progressive_chips", {"count": 3}, "counting_progressive_chips"),
        ("settle_losing_match_wager", {"seat": 2}, "settling_match_the_dealer"),
        ("deal_hand", {"position": "seat 2"}, "delivering_a_hand"),
        ("deal_community_cards", {"cards": 3}, "delivering_a_hand"),
        ("read_hand", {"position": "dealer", "hand": "pair"}, "reading_a_hand"),
        ("qualify_dealer", {"qualifies": True}, "qualifying_the_dealer"),
        ("pay_wager", {"seat": 2, "spot": "pair_plus", "amount": 2000}, "settling_a_carnival_wager"),
        ("collect_wager", {"seat": 2, "spot": "trips"}, "settling_a_carnival_wager"),
        ("collect_cards", {}, None),
        ("clear_table", {}, None),
    ],
)
def test_the_grader_recognises_each_skill_by_its_step(name, arguments, skill):
    assert skill_of(name, arguments) == skill


def test_each_skill_is_set_against_its_target_with_the_median_and_the_steps_over():
    dice = {"red": 1, "blue_1": 2, "blue_2": 3}
    graded = [
        step(1, elapsed_ms=4000, name="announce_dice", arguments=dice),
        step(2, elapsed_ms=6000, name="announce_dice", arguments=dice),
        step(3, elapsed_ms=7000, name="announce_dice", arguments=dice),
        step(4, elapsed_ms=9000, name="clear_table"),
    ]
    target = SKILLS["calling_the_dice"].target_seconds
    assert target == 5
    (skill,) = ScoreCard.from_steps(graded).skills
    assert (skill.skill, skill.steps, skill.median_ms, skill.target_seconds, skill.over_target) == (
        "calling_the_dice",
        3,
        6000,
        5,
        2,  # 6.0 s and 7.0 s are over 5 s
    )
    (slower,) = ScoreCard.from_steps(graded, target_overrides={"calling_the_dice": 8}).skills
    assert (slower.target_seconds, slower.over_target) == (8, 0)


def test_a_table_overrides_only_the_targets_it_names():
    targets = target_seconds({"calling_the_dice": 4})
    assert targets["calling_the_dice"] == 4
    assert targets["finding_the_starting_position"] == SKILLS["finding_the_starting_position"].target_seconds


@pytest.mark.parametrize(
    ("overrides", "fault"),
    [
        ({"juggling": 5}, "not a skill"),
        ({"calling_the_dice": 0}, "whole seconds"),
        ({"calling_the_dice": 2.5}, "whole seconds"),
        ({"calling_the_dice": True}, "whole seconds"),
        ({"calling_the_dice": 3601}, "whole seconds"),
        ([5], "JSON object"),
    ],
)
def test_target_overrides_that_are_not_whole_seconds_for_a_known_skill_are_refused(overrides, fault):
    with pytest.raises(ValueError, match=fault):
        read_target_overrides(overrides)
