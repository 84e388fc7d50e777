"""The grader on watched rounds: a round with no fault graded all right, a dealer's fault graded as its seeding says."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grading.scoring import GradedStep, Mode, ScoreCard, grade_step
from simulator.core.procedure import Actor
from simulator.games import GAMES
from simulator.notation import deal_saved, save_round
from simulator.surveillance.watching import watch
from tests.simulator.surveillance_rounds import first_rounds_of_each_kind


@pytest.fixture(autouse=True)
def fast_password_hasher():
    """Shadow tests/conftest.py's fixture, which needs Django settings: scoring runs without Django."""


@settings(max_examples=6, deadline=None)
@given(st.sampled_from(list(GAMES)), st.integers(0, 10**6))
def test_a_watched_round_with_no_fault_is_graded_all_right_step_by_step(key, seed):
    round_ = GAMES[key].sample_round(seed, False)
    watched = watch(round_, [])
    dealt = deal_saved(save_round(round_))
    dealt.advance()
    graded: list[GradedStep] = []
    for number, seen in enumerate(watched.steps, start=1):
        if len(dealt.operations) < number:
            graded.append(grade_step(dealt, seen.step, seen.step_arguments, Mode.PRACTICE, 1000))
    assert graded and all(step.correct for step in graded)
    assert ScoreCard.from_steps(graded).passed


def test_a_dealer_s_seeded_fault_is_graded_wrong_with_the_fault_s_error_and_clause():
    for round_, choice in first_rounds_of_each_kind().values():
        (fault,) = watch(deal_saved(save_round(round_)), [choice]).faults
        if fault.seen.actor is not Actor.DEALER or fault.code is None:
            continue
        dealt = deal_saved(save_round(round_))
        for seen in watch(deal_saved(save_round(round_)), [choice]).steps[: fault.step - 1]:
            dealt.perform(seen.step, seen.step_arguments)
        graded = grade_step(dealt, fault.seen.step, fault.seen.step_arguments, Mode.PRACTICE, 1000)
        assert (graded.correct, graded.code, graded.citation) == (False, fault.code, fault.citation), fault.kind
