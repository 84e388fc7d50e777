import functools
import threading
from concurrent.futures import ThreadPoolExecutor

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from table_helpers import (
    NO_CASH_SEED,
    demo_table,
    frame_for,
    graded_steps,
    make_instructor,
    make_trainee,
    meters_at,
    read_dealer_step,
    read_meters,
    round_log,
)

from simulator.core.procedure import Actor
from simulator.notation import operations_since, replay_round, save_round
from simulator.pai_gow.round import MATCH_SPOTS
from simulator.pai_gow.rules import TableRules
from trainer import demo_tables, round_store, services
from trainer.controls import FLOORPERSON_STEPS, read_step
from trainer.models import Attempt, Floorperson, Mode, Step, Table
from trainer.services import Notice

pytestmark = [pytest.mark.storage, pytest.mark.django_db]


def step_frame(attempt, action, sequence):
    """The frame taking the dealer's ``action``, read by the attempt's table."""
    return read_dealer_step(attempt, frame_for(action, sequence))


def validation_frame(action, sequence):
    """The frame taking the floorperson's ``action``."""
    return read_step(frame_for(action, sequence), FLOORPERSON_STEPS, frozenset(FLOORPERSON_STEPS))


def next_dealer_action(attempt):
    attempt.refresh_from_db()
    action = round_store.live_round(attempt).next_action()
    assert action is not None and action.actor is Actor.DEALER
    return action


def deal_correctly(attempt, user, stop_before=None):
    """Take every correct dealer step through the services until the round ends (or a given step is next)."""
    while True:
        attempt.refresh_from_db()
        round_ = round_store.live_round(attempt)
        action = round_.next_action()
        if action is None or action.actor is not Actor.DEALER or action.step == stop_before:
            return action
        reply = services.apply_step(attempt.pk, user, step_frame(attempt, action, attempt.last_sequence + 1))
        assert reply.graded is not None and reply.graded.correct, reply.graded


def test_it_seats_three_to_six_players_within_the_limits_covering_every_side_wager():
    rules = TableRules()
    for seed_value in range(40):
        round_ = services.deal_round(demo_table(), seed_value)
        seats = round_.seats
        assert 3 <= len(seats) <= 6
        spots = {spot for wagers in seats.values() for spot in wagers}
        assert {"pai-gow", "tiger-9", "fortune", "sum", "beat-it", "progressive"} <= spots
        assert spots & set(MATCH_SPOTS)
        for wagers in seats.values():
            rules.pai_gow_limits.check("Pai Gow Poker", wagers["pai-gow"])
            assert wagers.get("progressive", rules.progressive_wager) == rules.progressive_wager


def test_it_deals_the_same_players_for_the_same_seed():
    table = demo_table()
    first = services.deal_round(table, 1234)
    second = services.deal_round(table, 1234)
    assert first.seats == second.seats
    assert first.scenario == second.scenario


def test_it_starts_a_round_waiting_for_the_dealers_no_more_bets():
    attempt = services.start_round(make_trainee(), demo_table(), Mode.PRACTICE, seed_value=NO_CASH_SEED)
    assert next_dealer_action(attempt).step == "announce_no_more_bets"
    assert attempt.last_sequence == 0
    assert graded_steps(attempt) == []
    assert attempt.log["game"] == "pai-gow-poker"


def test_it_deals_a_full_correct_round_to_a_perfect_score_and_carries_the_meter():
    trainee = make_trainee()
    table = demo_table()
    attempt = services.start_round(trainee, table, Mode.PRACTICE, seed_value=7)
    assert deal_correctly(attempt, trainee) is None
    attempt.refresh_from_db()
    assert attempt.finished
    assert attempt.score_card["accuracy"] == "1"
    assert attempt.score_card["passed"] is True
    assert attempt.score_card["steps"] == len(graded_steps(attempt))
    table.refresh_from_db()
    assert table.rounds_dealt == 1
    round_ = round_store.live_round(attempt)
    assert meters_at(table) == read_meters(
        {"mystery": round_.mystery.meter.to_json(), "progressive": round_.progressive_meter.to_json()}
    )


def test_it_starts_the_next_round_from_the_meter_the_last_one_left():
    trainee = make_trainee()
    table = demo_table()
    first = services.start_round(trainee, table, Mode.PRACTICE, seed_value=7)
    deal_correctly(first, trainee)
    table.refresh_from_db()
    second = services.start_round(trainee, table, Mode.PRACTICE, seed_value=8)
    setup = second.log["setup"]
    assert read_meters({"mystery": setup["meter"], "progressive": setup["progressive_meter"]}) == meters_at(table)
    assert second.log["setup"]["round_number"] == 1


def test_it_grades_a_wrong_practice_step_and_leaves_the_round_as_it_was():
    trainee = make_trainee()
    attempt = services.start_round(trainee, demo_table(), Mode.PRACTICE, seed_value=3)
    operations = len(round_log(attempt)["operations"])
    frame = read_dealer_step(attempt, {"step": "uncover_shaker", "seq": "1"})
    reply = services.apply_step(attempt.pk, trainee, frame)
    assert reply.graded is not None and not reply.graded.correct
    assert reply.graded.code == "out_of_order"
    assert reply.graded.expected_description == 'announce "No more bets"'
    attempt.refresh_from_db()
    assert len(round_log(attempt)["operations"]) == operations
    assert attempt.last_sequence == 1
    assert len(graded_steps(attempt)) == 1


def test_it_never_takes_the_step_due_in_the_trainees_place_after_a_wrong_exam_step():
    trainee = make_trainee()
    attempt = services.start_round(trainee, demo_table(), Mode.EXAM, seed_value=3)
    due = next_dealer_action(attempt)
    frame = read_dealer_step(attempt, {"step": "uncover_shaker", "seq": "1"})
    reply = services.apply_step(attempt.pk, trainee, frame)
    assert not reply.graded.correct
    assert reply.snapshot.view["no_more_bets"] is False
    assert next_dealer_action(attempt) == due


def test_it_applies_a_repeated_frame_once():
    trainee = make_trainee()
    attempt = services.start_round(trainee, demo_table(), Mode.PRACTICE, seed_value=3)
    frame = step_frame(attempt, next_dealer_action(attempt), 1)
    first = services.apply_step(attempt.pk, trainee, frame)
    second = services.apply_step(attempt.pk, trainee, frame)
    assert first.graded.correct
    assert second.graded is None and second.notice is Notice.DUPLICATE
    attempt.refresh_from_db()
    assert len(graded_steps(attempt)) == 1
    assert second.snapshot == services.table_snapshot(attempt)


def test_a_repeated_frame_is_refused_on_the_cached_round_with_no_query_and_without_the_writers_turn():
    trainee = make_trainee()
    attempt = services.start_round(trainee, demo_table(), Mode.PRACTICE, seed_value=3)
    frame = step_frame(attempt, next_dealer_action(attempt), 1)
    assert services.apply_step(attempt.pk, trainee, frame).graded.correct
    with CaptureQueriesContext(connection) as queries:
        repeated = services.apply_step(attempt.pk, trainee, frame)
    assert repeated.notice is Notice.DUPLICATE and repeated.graded is None
    assert queries.captured_queries == []
    with ThreadPoolExecutor(max_workers=1) as thread, round_store._one_writer:
        again = thread.submit(services.apply_step, attempt.pk, trainee, frame).result(timeout=5)
    assert again.notice is Notice.DUPLICATE
    attempt.refresh_from_db()
    assert repeated.snapshot == again.snapshot == services.table_snapshot(attempt)


def test_it_refuses_a_frame_from_the_future():
    trainee = make_trainee()
    attempt = services.start_round(trainee, demo_table(), Mode.PRACTICE, seed_value=3)
    reply = services.apply_step(attempt.pk, trainee, step_frame(attempt, next_dealer_action(attempt), 5))
    assert reply.notice is Notice.OUT_OF_SEQUENCE
    attempt.refresh_from_db()
    assert attempt.last_sequence == 0 and graded_steps(attempt) == []


def test_it_refuses_steps_from_anyone_but_the_trainee():
    trainee = make_trainee()
    attempt = services.start_round(trainee, demo_table(), Mode.PRACTICE, seed_value=3)
    frame = step_frame(attempt, next_dealer_action(attempt), 1)
    for other in (make_trainee("bob"), make_instructor()):
        assert services.apply_step(attempt.pk, other, frame).notice is Notice.NOT_YOURS
    attempt.refresh_from_db()
    assert attempt.last_sequence == 0


def test_it_resumes_a_forgotten_round_by_replaying_its_log():
    trainee = make_trainee()
    attempt = services.start_round(trainee, demo_table(), Mode.PRACTICE, seed_value=11)
    deal_correctly(attempt, trainee, stop_before="reveal_dealer_hand")
    attempt.refresh_from_db()
    before = services.table_snapshot(attempt)
    round_store.forget_round(attempt.pk)
    assert services.table_snapshot(attempt) == before
    assert round_store.live_round(attempt).next_action().step == "reveal_dealer_hand"


def test_it_replays_a_round_the_cache_has_fallen_behind():
    trainee = make_trainee()
    attempt = services.start_round(trainee, demo_table(), Mode.PRACTICE, seed_value=11)
    stale = round_store.live_round(attempt)
    stale.perform("announce_no_more_bets", {})
    attempt.refresh_from_db()
    assert round_store.live_round(attempt) is not stale
    assert round_store.live_round(attempt).next_action().step == "announce_no_more_bets"


def statements_of(queries):
    return [query["sql"] for query in queries if query["sql"].startswith(("SELECT", "UPDATE", "INSERT"))]


def test_a_step_on_a_cached_round_is_one_update_naming_the_frame_number_it_follows_and_one_new_step_row():
    trainee = make_trainee()
    attempt = services.start_round(trainee, demo_table(), Mode.PRACTICE, seed_value=11)
    frame = step_frame(attempt, next_dealer_action(attempt), 1)
    with CaptureQueriesContext(connection) as queries:
        reply = services.apply_step(attempt.pk, trainee, frame)
    assert reply.graded.correct
    update, insert = statements_of(queries)
    assert update.startswith("UPDATE") and '"mode"' not in update and '"score_card"' not in update
    assert '"last_sequence" = 0' in update and '"log"' not in update
    assert insert.startswith('INSERT INTO "trainer_step"')
    attempt.refresh_from_db()
    assert attempt.last_sequence == 1 and len(graded_steps(attempt)) == 1
    assert round_log(attempt) == save_round(round_store.live_round(attempt))


def test_a_step_on_a_forgotten_round_reads_the_attempt_once_without_its_log_then_writes():
    trainee = make_trainee()
    attempt = services.start_round(trainee, demo_table(), Mode.PRACTICE, seed_value=11)
    frame = step_frame(attempt, next_dealer_action(attempt), 1)
    round_store.forget_round(attempt.pk)
    with CaptureQueriesContext(connection) as queries:
        reply = services.apply_step(attempt.pk, trainee, frame)
    assert reply.graded.correct
    select, *reads, update, insert = statements_of(queries)
    assert select.startswith("SELECT") and '"log"' not in select
    assert all(read.startswith("SELECT") for read in reads), "only the log and the steps, read once to replay"
    assert update.startswith("UPDATE") and insert.startswith("INSERT")
    attempt.refresh_from_db()
    assert attempt.last_sequence == 1 and round_log(attempt) == save_round(round_store.live_round(attempt))


def step_elsewhere(attempt):
    """Another process takes the next dealer step on the attempt, behind this process's cache."""
    elsewhere = replay_round(round_log(attempt))
    count = len(elsewhere.operations)
    action = elsewhere.next_action()
    elsewhere.perform(action.step, action.arguments)
    elsewhere.advance()
    sequence = attempt.last_sequence + 1
    Step.objects.create(attempt=attempt, sequence=sequence, operations=operations_since(elsewhere, count))
    Attempt.objects.filter(pk=attempt.pk).update(last_sequence=sequence)
    return action


def test_a_step_the_database_has_already_taken_elsewhere_is_a_duplicate_not_a_second_step():
    trainee = make_trainee()
    attempt = services.start_round(trainee, demo_table(), Mode.PRACTICE, seed_value=11)
    action = step_elsewhere(attempt)
    reply = services.apply_step(attempt.pk, trainee, step_frame(attempt, action, 1))
    assert reply.notice is Notice.DUPLICATE
    attempt.refresh_from_db()
    assert attempt.last_sequence == 1 and graded_steps(attempt) == []
    assert len(round_store.live_round(attempt).operations) == len(replay_round(round_log(attempt)).operations)


def test_a_step_after_one_taken_elsewhere_is_taken_on_the_round_as_the_database_holds_it():
    trainee = make_trainee()
    attempt = services.start_round(trainee, demo_table(), Mode.PRACTICE, seed_value=11)
    step_elsewhere(attempt)
    attempt.refresh_from_db()
    action = replay_round(round_log(attempt)).next_action()
    reply = services.apply_step(attempt.pk, trainee, step_frame(attempt, action, 2))
    assert reply.graded.correct and reply.graded.step == action.step
    attempt.refresh_from_db()
    assert attempt.last_sequence == 2 and round_log(attempt) == save_round(round_store.live_round(attempt))


def test_it_replays_a_round_another_process_has_moved_on():
    trainee = make_trainee()
    attempt = services.start_round(trainee, demo_table(), Mode.PRACTICE, seed_value=11)
    cached = round_store.live_round(attempt)
    step_elsewhere(attempt)
    attempt.refresh_from_db()
    elsewhere = replay_round(round_log(attempt))
    assert round_store.live_round(attempt) is not cached
    assert len(round_store.live_round(attempt).operations) == len(elsewhere.operations)
    assert round_store.live_round(attempt).next_action() == elsewhere.next_action()


def test_it_waits_for_an_instructor_to_validate_a_mystery_win():
    trainee = make_trainee()
    instructor = make_instructor(teaching=[trainee])
    table = demo_table(Floorperson.INSTRUCTOR)
    attempt = services.start_round(trainee, table, Mode.EXAM, seed_value=5, force_mystery_hit=True)
    deal_correctly(attempt, trainee)
    attempt.refresh_from_db()
    round_ = round_store.live_round(attempt)
    waiting = round_.next_action()
    assert waiting.actor is Actor.FLOORPERSON
    snapshot = services.table_snapshot(attempt)
    assert snapshot.validation_seat == waiting.arguments["seat"]

    pay_early = read_dealer_step(attempt, {"step": "reset_mystery_meter", "seq": str(attempt.last_sequence + 1)})
    skipped = services.apply_step(attempt.pk, trainee, pay_early)
    assert skipped.graded.severity.value == "critical"
    assert skipped.snapshot.validation_seat == waiting.arguments["seat"]

    attempt.refresh_from_db()
    validation = validation_frame(waiting, attempt.last_sequence + 1)
    assert services.validate_payout(attempt.pk, trainee, validation).notice is Notice.NOT_YOURS
    assert services.validate_payout(attempt.pk, make_trainee("bob"), validation).notice is Notice.NOT_YOURS
    reply = services.validate_payout(attempt.pk, instructor, validation)
    assert reply.notice is None
    assert reply.snapshot.validation_seat is None
    assert services.validate_payout(attempt.pk, instructor, validation).notice is Notice.DUPLICATE

    assert deal_correctly(attempt, trainee) is None
    attempt.refresh_from_db()
    assert attempt.finished
    assert attempt.score_card["critical_errors"] == 1


def test_it_lets_no_instructor_validate_where_the_engine_is_the_floorperson():
    trainee = make_trainee()
    instructor = make_instructor(teaching=[trainee])
    attempt = services.start_round(trainee, demo_table(), Mode.PRACTICE, seed_value=5, force_mystery_hit=True)
    frame = read_step(
        {"step": "validate_mystery_payout", "seq": "1", "seat": "1"}, FLOORPERSON_STEPS, frozenset(FLOORPERSON_STEPS)
    )
    assert services.validate_payout(attempt.pk, instructor, frame).notice is Notice.NO_VALIDATION
    assert deal_correctly(attempt, trainee) is None
    attempt.refresh_from_db()
    operations = [operation["step"] for operation in round_log(attempt)["operations"]]
    assert "validate_mystery_payout" in operations


def test_it_lists_a_trainees_attempts_newest_first():
    trainee = make_trainee()
    table = demo_table()
    first = services.start_round(trainee, table, Mode.PRACTICE)
    second = services.start_round(trainee, table, Mode.EXAM)
    services.start_round(make_trainee("bob"), table, Mode.PRACTICE)
    assert list(services.attempts_of(trainee)) == [second, first]


def test_it_creates_the_demo_tables_once():
    demo_tables.create_demo_tables()
    demo_tables.create_demo_tables()
    assert Table.objects.count() == len(demo_tables.every_demo_table())
    assert Attempt.objects.count() == 0


def on_threads(calls):
    """Run the calls at once on threads of their own (each with its own database connection); their results."""
    barrier = threading.Barrier(len(calls))

    def run(call):
        barrier.wait()
        try:
            return call()
        finally:
            connection.close()

    with ThreadPoolExecutor(len(calls)) as pool:
        return list(pool.map(run, calls))


@pytest.mark.django_db(transaction=True)
def test_steps_at_several_tables_taken_at_once_on_threads_are_all_committed():
    seated = []
    for number in range(4):
        trainee = make_trainee(f"trainee{number}")
        seated.append((trainee, services.start_round(trainee, demo_table(), Mode.PRACTICE, seed_value=number)))
    for sequence in range(1, 6):
        frames = [(t, a, step_frame(a, next_dealer_action(a), sequence)) for t, a in seated]
        calls = [functools.partial(services.apply_step, a.pk, t, f) for t, a, f in frames]
        assert all(reply.graded.correct for reply in on_threads(calls))
    for _, attempt in seated:
        attempt.refresh_from_db()
        assert attempt.last_sequence == 5 and len(graded_steps(attempt)) == 5
        assert round_log(attempt) == save_round(round_store.live_round(attempt))


@pytest.mark.django_db(transaction=True)
def test_one_frame_sent_twice_at_once_on_two_threads_is_taken_once():
    trainee = make_trainee()
    attempt = services.start_round(trainee, demo_table(), Mode.PRACTICE, seed_value=11)
    frame = step_frame(attempt, next_dealer_action(attempt), 1)
    replies = on_threads([lambda: services.apply_step(attempt.pk, trainee, frame)] * 2)
    assert sorted(str(reply.notice) for reply in replies) == [str(None), str(Notice.DUPLICATE)]
    attempt.refresh_from_db()
    assert attempt.last_sequence == 1 and len(graded_steps(attempt)) == 1
    assert len(replay_round(round_log(attempt)).operations) == len(round_store.live_round(attempt).operations)
