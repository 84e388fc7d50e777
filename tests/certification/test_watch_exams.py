"""A watch scenario as an exam part: watched rounds dealt in the sitting, counted in its result, on the certificate.

A watched round counts in the sitting's result as :class:`surveillance.watches.ExamTally` states: each fault seeded
and each false flag is a step, a fault caught is right, a missed fault whose error is critical is a critical error,
and no time is added. Its debrief waits until the sitting is decided.
"""

import pytest
from django.urls import reverse
from exam_helpers import deal, schedule, short_scenario
from table_helpers import make_instructor, make_trainee
from test_watch_scenarios import watch_scenario
from watch_helpers import show_until

from certification import exams
from certification.certificates import covered_lines
from school.models import Cohort
from surveillance.watches import exam_tally, finish_watch, raise_flag, replayed
from xapi.models import QueuedStatement

pytestmark = pytest.mark.django_db


def catch_all(record, false_flags=0):
    """Flag every fault of the watched round at its step (and ``false_flags`` false ones), then end the round."""
    watched = replayed(record)
    for _ in range(false_flags):
        raise_flag(record.pk, "0", "capping", "")
    for fault in watched.faults:
        show_until(record, fault.step)
        raise_flag(record.pk, str(fault.place), fault.kind.value, "")
    show_until(record, len(watched.steps))
    finish_watch(record.pk)
    record.refresh_from_db()
    return record


def miss_all(record):
    """Watch the round to its end without a flag, and end it."""
    show_until(record, len(replayed(record).steps))
    finish_watch(record.pk)
    record.refresh_from_db()
    return record


@pytest.fixture
def watch_exam():
    """An exam of a watch part (two missed pushes) then a dealt part, and a trainee of its cohort."""
    instructor, alice = make_instructor("ivy"), make_trainee("alice")
    alice.first_name, alice.last_name = "Alice", "Liddell"
    alice.save()
    cohort = Cohort.objects.create(name="Evening cohort")
    cohort.instructors.add(instructor)
    cohort.trainees.add(alice)
    exam = schedule(cohort, instructor, [watch_scenario(instructor, faults=2), short_scenario(instructor)])
    return exam, alice


def test_an_exams_watch_part_deals_a_watched_round_in_its_place_in_the_sitting(watch_exam):
    exam, alice = watch_exam
    sitting = exams.begin_sitting(exam, alice)
    first = exams.current_round(sitting)
    assert first.attempt is None and first.watched.trainee == alice
    assert first.get_absolute_url() == reverse("watched", args=[first.watched.pk])
    assert exams.deal_next_round(sitting) == first
    catch_all(first.watched)
    second = exams.deal_next_round(sitting)
    assert second.position == 2 and second.watched is None and second.attempt.mode == "exam"


def test_a_watched_round_counts_each_fault_and_false_flag_as_a_step_a_catch_right_and_a_missed_push_critical(
    watch_exam,
):
    exam, alice = watch_exam
    sitting = exams.begin_sitting(exam, alice)
    caught = exam_tally(catch_all(exams.current_round(sitting).watched, false_flags=1))
    assert (caught.steps, caught.correct, caught.critical_errors, caught.total_ms) == (3, 2, 0, 0)
    bob = make_trainee("bob")
    exam.cohort.trainees.add(bob)
    missed = exam_tally(miss_all(exams.begin_sitting(exam, bob).rounds.get().watched))
    assert (missed.steps, missed.correct, missed.critical_errors) == (2, 0, 2)


def test_the_sittings_result_adds_the_watched_rounds_tally_to_the_dealt_rounds_and_the_certificate_states_it(
    watch_exam,
):
    exam, alice = watch_exam
    sitting = exams.begin_sitting(exam, alice)
    catch_all(exams.current_round(sitting).watched)
    dealt = deal(exams.deal_next_round(sitting).attempt, alice)
    result = exams.settle(sitting)
    assert (result.steps, result.correct) == (dealt.score_card["steps"] + 2, dealt.score_card["correct"] + 2)
    lines = covered_lines(result.certificates.get())
    assert "Game protection in the exam: 2 of 2 seeded faults caught, 0 false flags, in 1 watched round" in lines


def test_a_missed_fault_whose_error_is_critical_fails_a_sitting_that_a_critical_error_fails(watch_exam):
    exam, alice = watch_exam
    sitting = exams.begin_sitting(exam, alice)
    miss_all(exams.current_round(sitting).watched)
    deal(exams.deal_next_round(sitting).attempt, alice)
    result = exams.settle(sitting)
    assert result.critical_errors == 2 and not result.passed


def test_the_debrief_of_an_exams_watched_round_waits_until_the_sitting_is_decided(client, watch_exam):
    exam, alice = watch_exam
    client.force_login(alice)
    sitting = exams.begin_sitting(exam, alice)
    record = miss_all(exams.current_round(sitting).watched)
    held = client.get(reverse("watched", args=[record.pk])).text
    assert "shown in its debrief once the exam ends" in held and reverse("sitting", args=[sitting.pk]) in held
    assert "Missed push" not in held
    deal(exams.deal_next_round(sitting).attempt, alice)
    client.get(reverse("sitting", args=[sitting.pk]))
    debrief = client.get(reverse("watched", args=[record.pk])).text
    assert "Debrief:" in debrief and "Missed push" in debrief


def test_the_exam_page_and_the_scheduling_form_say_which_part_is_watched_for_faults(client, watch_exam):
    exam, _ = watch_exam
    client.force_login(exam.scheduled_by)
    named = "Pushes at the Tiger 9 table (version 1, watched for faults)"
    assert named in client.get(reverse("exam", args=[exam.pk])).text
    assert named in client.get(reverse("exam_new")).text
    assert "Dice call (version 1)" in client.get(reverse("exam_new")).text


def test_a_watched_exam_rounds_xapi_statement_naming_the_clauses_missed_is_queued_once_the_sitting_is_decided(
    settings, watch_exam
):
    settings.SCHOOL_URL, settings.XAPI_URL = "https://dealers.example", "http://127.0.0.1:9/xAPI"
    exam, alice = watch_exam
    sitting = exams.begin_sitting(exam, alice)
    record = miss_all(exams.current_round(sitting).watched)
    watched_object = f"https://dealers.example/watched/{record.pk}/"
    assert not [row for row in QueuedStatement.objects.all() if row.statement["object"]["id"] == watched_object]
    deal(exams.deal_next_round(sitting).attempt, alice)
    exams.settle(sitting)
    (queued,) = [row for row in QueuedStatement.objects.all() if row.statement["object"]["id"] == watched_object]
    assert queued.statement["result"]["score"]["raw"] == 0


def test_the_trainees_record_counts_a_watched_exam_round_only_once_the_sitting_is_decided(client, watch_exam):
    exam, alice = watch_exam
    client.force_login(alice)
    sitting = exams.begin_sitting(exam, alice)
    miss_all(exams.current_round(sitting).watched)
    assert "From 1 watched round" not in client.get(reverse("my_record")).text
    deal(exams.deal_next_round(sitting).attempt, alice)
    exams.settle(sitting)
    assert "From 1 watched round: caught 0 of 2 seeded faults" in client.get(reverse("my_record")).text
