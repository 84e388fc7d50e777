"""An attempt's steps as rows of their own: one per frame, and attempts from before them carried over."""

import pytest
from django.db import IntegrityError, connection, transaction
from django.db.migrations.executor import MigrationExecutor
from table_helpers import demo_table, frame_for, graded_steps, make_trainee, read_dealer_step, round_log

from simulator.notation import replay_round, save_round
from trainer import round_store, services
from trainer.models import Attempt, Mode, Step

pytestmark = pytest.mark.storage

BEFORE_STEPS = [("trainer", "0003_pai_gow_meters")]


def every_migration():
    """The latest migration of each app: step rows and everything after them."""
    return MigrationExecutor(connection).loader.graph.leaf_nodes()


def take_steps(attempt, trainee, count):
    """Take the next ``count`` correct dealer steps; return their names."""
    steps = []
    for sequence in range(1, count + 1):
        action = round_store.live_round(attempt).next_action()
        frame = read_dealer_step(attempt, frame_for(action, sequence))
        assert services.apply_step(attempt.pk, trainee, frame).graded.correct
        steps.append(action.step)
    return steps


@pytest.mark.django_db
def test_each_acknowledged_step_adds_one_row_and_the_attempt_keeps_the_round_as_dealt():
    trainee = make_trainee()
    attempt = services.start_round(trainee, demo_table(), Mode.PRACTICE, seed_value=11)
    dealt = attempt.log
    steps = take_steps(attempt, trainee, 4)
    attempt.refresh_from_db()
    assert attempt.log == dealt
    assert list(attempt.steps.values_list("sequence", flat=True)) == [1, 2, 3, 4]
    assert round_log(attempt) == save_round(round_store.live_round(attempt))
    assert [graded["step"] for graded in graded_steps(attempt)] == steps


@pytest.mark.django_db
def test_a_frame_number_is_taken_by_one_step_row_only():
    trainee = make_trainee()
    attempt = services.start_round(trainee, demo_table(), Mode.PRACTICE, seed_value=11)
    take_steps(attempt, trainee, 1)
    with pytest.raises(IntegrityError), transaction.atomic():
        Step.objects.create(attempt=attempt, sequence=1)


def migrate(targets):
    """Bring the database to the migrations named; the app registry as it stands there."""
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


@pytest.mark.django_db(transaction=True)
def test_an_attempt_from_before_step_rows_keeps_its_log_and_its_grades_become_steps_in_order():
    """Migrated back once and forward once: a school's attempt back into its log and grades, an old one to rows."""
    trainee = make_trainee()
    current = services.start_round(trainee, demo_table(), Mode.PRACTICE, seed_value=11)
    take_steps(current, trainee, 2)
    current.refresh_from_db()
    log, current_grades = round_log(current), graded_steps(current)
    round_ = replay_round(save_round(services.deal_round(demo_table(), 11)))
    round_.advance()
    table_id = demo_table().pk
    apps = migrate(BEFORE_STEPS)
    OldAttempt = apps.get_model("trainer", "Attempt")
    steps_put_back = OldAttempt.objects.get(pk=current.pk)
    assert (steps_put_back.log, steps_put_back.graded_steps) == (log, current_grades)
    grades = [{"step": "announce_no_more_bets", "correct": True}, {"step": "shake_shaker", "correct": False}]
    old_attempt = OldAttempt.objects.create(
        trainee_id=trainee.pk,
        table_id=table_id,
        log=save_round(round_),
        graded_steps=grades,
        last_sequence=3,
    )
    migrate(every_migration())
    attempt = Attempt.objects.get(pk=old_attempt.pk)
    assert round_log(attempt) == save_round(round_)
    assert graded_steps(attempt) == grades
    assert list(attempt.steps.values_list("sequence", flat=True)) == [1, 2]
    assert graded_steps(Attempt.objects.get(pk=current.pk)) == current_grades
