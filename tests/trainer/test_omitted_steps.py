"""One error counted once: a step left out in an exam is performed by the table, openly, and graded once."""

import pytest
from markupsafe import escape
from table_helpers import demo_table, frame_for, make_trainee, read_dealer_step, round_log

from simulator.notation import replay_round
from simulator.procedure import Actor
from trainer import round_store, services
from trainer.frames import TableFrames
from trainer.models import Mode
from trainer.scoring import ScoreCard
from trainer.snapshots import Viewer
from trainer.table_page import feedback_context
from trainer.tables import table_description

pytestmark = pytest.mark.django_db

SETTLEMENTS = frozenset({"pay_wager", "push_wager", "collect_wager"})


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


def test_645b2_g_a_settlement_left_out_in_an_exam_is_counted_once_and_the_next_settlements_are_right():
    trainee = make_trainee()
    attempt, missed, taken = exam_at_a_settlement_to_leave_out(trainee)

    reply = take(attempt, trainee, taken)

    assert reply.graded.correct and reply.graded.step == taken.step
    assert reply.graded.omission.message == f"Omitted: {missed.description} — performed by the table."
    said = feedback_context(reply.snapshot, Viewer.TRAINEE, reply)
    assert said["recorded"] and said["omitted"] == reply.graded.omission.message
    log = [entry.description for entry in reply.snapshot.log]
    assert f"Omitted: {missed.description} — performed by the table" in log
    while (action := round_store.live_round(attempt).next_action()) is not None:
        reply = take(attempt, trainee, action)
        assert reply.graded.correct
    attempt.refresh_from_db()
    drawn = TableFrames(Viewer.TRAINEE).table(reply.snapshot, reply)
    assert escape(f"Omitted: {missed.description} — performed by the table.") in drawn
    did = table_description(attempt.table.game).describe(missed.step, missed.arguments)
    assert escape(f"{did}: omitted, performed by the table") in drawn
    assert "time with the table disconnected or a dialog such as the keyboard shortcuts open is not counted" in drawn
    card = ScoreCard.from_json(attempt.score_card)
    assert len(card.errors) == 1 and card.correct == card.steps - 1
    error = card.errors[0].graded
    assert error.omitted and (error.step, dict(error.arguments)) == (missed.step, dict(missed.arguments))
    assert error.citation == missed.citation
