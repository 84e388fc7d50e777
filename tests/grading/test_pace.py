"""Pace: rounds per hour per game from the finished rounds' dealing time, the sum of their step times."""

from fractions import Fraction

import pytest

from grading.pace import Pace, paces
from grading.scoring import GradedStep, ScoreCard
from simulator.core.clauses import seed

DICE_CALL = seed("§645b.2(f)", "The dealer announces the dice.")


@pytest.fixture(autouse=True)
def fast_password_hasher():
    """Shadow tests/conftest.py's fixture, which needs Django settings: pace runs without Django."""


def card(*seconds: int) -> ScoreCard:
    """A round's score card whose steps, each right, took these whole seconds."""
    steps = [GradedStep(n, "announce_dice", {}, True, DICE_CALL, s * 1000) for n, s in enumerate(seconds, start=1)]
    return ScoreCard.from_steps(steps)


def test_three_rounds_whose_steps_total_six_minutes_are_dealt_at_30_rounds_per_hour():
    rounds = [card(40, 50, 30), card(60, 60), card(100, 20)]  # two minutes each: 3 rounds an hour's tenth
    (pace,) = paces(("pai-gow-poker", r.total_ms) for r in rounds)
    assert (pace.rounds, pace.dealing_ms) == (3, 6 * 60_000)
    assert pace.per_hour == 30 and pace.text == "30.0 rounds per hour"
    assert pace.meets(30) is True and pace.meets(31) is False


def test_a_pace_a_millisecond_short_of_the_standard_is_shown_cut_and_does_not_meet_it():
    pace = Pace("pai-gow-poker", rounds=3, dealing_ms=6 * 60_000 + 1)
    assert pace.per_hour == Fraction(3 * 3_600_000, 360_001)
    assert pace.text == "29.9 rounds per hour" and pace.meets(30) is False


def test_mixed_games_each_get_their_own_pace():
    games = [("three-card-poker", 90_000), ("down-under-blackjack", 60_000), ("three-card-poker", 90_000)]
    by_game = {pace.game: pace for pace in paces(games)}
    assert by_game["three-card-poker"].text == "40.0 rounds per hour"  # 2 rounds in 3 minutes
    assert by_game["down-under-blackjack"].text == "60.0 rounds per hour"  # 1 round in 1 minute


def test_no_finished_round_gives_no_figure_and_says_why():
    assert paces([]) == []
    empty = Pace("pai-gow-poker", rounds=0, dealing_ms=0)
    assert empty.per_hour is None and empty.meets(20) is None and empty.text == "no finished round"
    untimed = Pace("pai-gow-poker", rounds=1, dealing_ms=0)
    assert untimed.per_hour is None and untimed.meets(20) is None and untimed.text == "no dealing time counted"
