"""A step left out in an exam stays undone: the table never takes it in the trainee's place, and it counts once."""

import pytest
from table_helpers import demo_table, frame_for, make_trainee, read_dealer_step, round_log

from grading.scoring import ScoreCard
from simulator.core.procedure import Actor
from simulator.notation import replay_round
from trainer import round_store, services
from trainer.frames import TableFrames
from trainer.models import Mode
from trainer.snapshots import Viewer
from trainer.table_page import feedback_context, felt_region, render_region

pytestmark = [pytest.mark.storage, pytest.mark.django_db]

SETTLEMENTS = frozenset({"pay_wager", "push_wager", "collect_wager"})


def felt_of(snapshot):
    """The felt the trainee is sent for the snapshot."""
    return render_region(felt_region(snapshot, Viewer.TRAINEE), oob=False)


def take(attempt, trainee, action):
    """The trainee takes the action as the browser sends it, as the next frame."""
    attempt.refresh_from_db()
    frame = read_dealer_step(attempt, frame_for(action, attempt.last_sequence + 1))
    return services.apply_step(attempt.pk, trainee, frame)


def deal_to_two_settlements(attempt, trainee):
    """Deal right up to a settlement followed by another settlement; both actions, or None at the round's end."""
    while (action := round_store.live_round(attempt).next_action()) is not None:
        if action.step in SETTLEMENTS:
            ahead = replay_round(round_log(attempt))
            ahead.perform(action.step, action.arguments)
            ahead.advance()
            following = ahead.next_action()
            if following is not None and following.step in SETTLEMENTS:
                return action, following
        assert action.actor is Actor.DEALER
        assert take(attempt, trainee, action).graded.correct
    return None


def exam_at_a_settlement_to_leave_out(trainee):
    """An exam round at the demo table dealt right up to a settlement followed by another: the attempt and both."""
    for seed_value in range(20):
        attempt = services.start_round(trainee, demo_table(), Mode.EXAM, seed_value=seed_value)
        if (settlements := deal_to_two_settlements(attempt, trainee)) is not None:
            return attempt, *settlements
    raise AssertionError("no exam round comes to two settlements in a row")


def test_645b2_g_a_settlement_left_out_in_an_exam_stays_undone_and_counts_once_when_taken_late():
    trainee = make_trainee()
    attempt, missed, taken = exam_at_a_settlement_to_leave_out(trainee)
    before = felt_of(services.table_snapshot(attempt))

    reply = take(attempt, trainee, taken)

    assert not reply.graded.correct and reply.graded.omission is None
    assert (reply.graded.step, reply.graded.expected_step) == (taken.step, missed.step)
    said = feedback_context(reply.snapshot, Viewer.TRAINEE, reply)
    assert said["recorded"] and not said["omitted"]
    assert felt_of(reply.snapshot) == before, "the felt stays as it was"
    assert round_store.live_round(attempt).next_action() == missed
    while (action := round_store.live_round(attempt).next_action()) is not None:
        reply = take(attempt, trainee, action)
        assert reply.graded.correct
    attempt.refresh_from_db()
    drawn = TableFrames(Viewer.TRAINEE).table(reply.snapshot, reply)
    assert "performed by the table" not in drawn
    card = ScoreCard.from_json(attempt.score_card)
    assert len(card.errors) == 1 and card.correct == card.steps - 1
    error = card.errors[0].graded
    assert not error.omitted and (error.step, dict(error.arguments)) == (taken.step, dict(taken.arguments))
    assert replay_round(round_log(attempt)).finished
