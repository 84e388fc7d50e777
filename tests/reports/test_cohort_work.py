"""A trainee in two cohorts: each cohort's pages and records show only the work done under its own exams and
assignments (practice only when the school says so), never the other cohort's results, certificates, rounds or steps."""

import csv
from html import escape
from io import StringIO

import pytest
from django.urls import reverse
from exam_helpers import exam_school, schedule, sit_through
from table_helpers import make_instructor, make_user
from test_assignments import assign, finished_run, published_scenario
from test_error_report import DICE_PAY, finished, right, wrong

from certification import exams
from certification.models import Certificate, ExamRound
from core.roles import Role
from grading.scoring import GradedStep
from reports.gradebook import cohort_gradebook
from school.cohort_work import cohort_rounds, reviews, work_text
from school.models import Cohort
from trainer.live_tables import live_tables_to_watch
from trainer.models import Attempt

pytestmark = [pytest.mark.storage, pytest.mark.django_db]


@pytest.fixture
def school(client):
    """Alice sat Ivy's evening exam twice (a wrong dice call, then a pass and its certificate); an administrator then
    added her to Otto's day cohort, where she passed an assigned scenario; and she dealt a practice round."""
    ivy, evening, alice, _, version = exam_school()
    exam = schedule(evening, ivy, [version], name="Evening exam", attempts_allowed=2)
    failed, passed = sit_through(exam, alice, wrong_red_die=True), sit_through(exam, alice)
    otto = make_instructor("otto")
    day = Cohort.objects.create(name="Day cohort")
    day.instructors.add(otto)
    ada = make_user("ada", Role.SCHOOL_ADMINISTRATOR)
    client.force_login(ada)
    assert client.post(reverse("add_trainee", args=[day.pk]), {"trainee": alice.pk}).status_code == 302
    scenario = published_scenario("Day drill")
    assign(day, scenario)
    run = finished_run(alice, scenario)
    practice = finished(alice, [wrong(1, DICE_PAY), right(1)], "2026-11-23 10:00")
    exam_rounds = set(ExamRound.objects.filter(sitting__in=[failed, passed]).values_list("attempt", flat=True))
    return {
        "ada": ada,
        "ivy": ivy,
        "evening": evening,
        "version": version,
        "otto": otto,
        "day": day,
        "alice": alice,
        "exam_rounds": exam_rounds,
        "wrong_call": next(
            GradedStep.from_json(step.graded).citation.clause
            for step in Attempt.objects.get(exam_round__sitting=failed).steps.filter(graded__isnull=False)
            if not step.graded["correct"]
        ),
        "run_rounds": set(run.rounds.values_list("attempt", flat=True)),
        "practice": practice.pk,
        "certificate": Certificate.objects.get(trainee=alice),
    }


def get(client, user, name, *args, **query):
    client.force_login(user)
    response = client.get(reverse(name, args=args), query)
    assert response.status_code == 200
    return response


def exported(client, school, user, cohort, kind):
    text = get(client, user, "export_csv", kind, cohort=cohort.pk).content.decode()
    return list(csv.DictReader(StringIO(text)))


def test_another_cohorts_instructor_gets_none_of_its_exam_results_or_certificate_in_the_gradebook(client, school):
    otto, day, alice, certificate = school["otto"], school["day"], school["alice"], school["certificate"]
    body = get(client, otto, "trainee_gradebook", day.pk, alice.pk).text
    assert "Evening exam" not in body and certificate.code not in body
    assert escape("Only Day cohort's work is shown: its exams, its assignments and their rounds, not practice") in body
    record = get(client, otto, "trainee_gradebook", day.pk, alice.pk).context["record"]
    assert record.sittings == [] and record.certificates == [] and record.rounds == len(school["run_rounds"])
    assert [row.assignment.cohort for row in record.assignments] == [day]
    row = next(row for row in cohort_gradebook(day) if row.trainee == alice)
    assert (row.exams_passed, row.valid_certificates, row.most_missed) == (0, 0, None)
    evening = get(client, school["ivy"], "trainee_gradebook", school["evening"].pk, alice.pk).context["record"]
    assert len(evening.sittings) == 2 and [c for c, _ in evening.certificates] == [certificate]
    assert evening.assignments == [] and evening.rounds == len(school["exam_rounds"])
    assert next(row for row in cohort_gradebook(school["evening"]) if row.trainee == alice).exams_passed == 1


@pytest.mark.parametrize("kind", ["attempts", "steps", "clauses", "results", "certificates"])
def test_another_cohorts_instructor_exports_none_of_its_rounds_steps_results_or_certificates(client, school, kind):
    rows = exported(client, school, school["otto"], school["day"], kind)
    text = repr(rows)
    assert "Evening exam" not in text and school["certificate"].code not in text
    if kind == "attempts":
        assert {int(row["attempt_id"]) for row in rows} == school["run_rounds"]
    if kind in ("steps", "clauses", "results", "certificates"):
        assert rows == [], "the day cohort's rounds have no graded steps kept, and it has no exam"
    evening = exported(client, school, school["ivy"], school["evening"], kind)
    if kind == "attempts":
        assert {int(row["attempt_id"]) for row in evening} == school["exam_rounds"]
    if kind == "steps":
        assert {int(row["round"]) for row in evening} == school["exam_rounds"]
    if kind == "certificates":
        assert [row["code"] for row in evening] == [school["certificate"].code]


def test_another_cohorts_instructor_sees_none_of_its_rounds_in_errors_by_clause(client, school):
    otto, day, alice, clause = school["otto"], school["day"], school["alice"], school["wrong_call"]
    assert get(client, otto, "cohort_errors", day.pk).context["rounds"] == len(school["run_rounds"])
    assert get(client, otto, "trainee_errors", day.pk, alice.pk).context["rounds"] == len(school["run_rounds"])
    listed = get(client, otto, "error_attempts", day.pk, clause=clause, trainee=str(alice.pk)).context["rows"]
    assert listed == []
    evening = school["evening"]
    listed = get(client, school["ivy"], "error_attempts", evening.pk, clause=clause, trainee=str(alice.pk))
    assert {row["attempt"].pk for row in listed.context["rows"]} <= school["exam_rounds"] and listed.context["rows"]


def test_another_cohorts_instructor_cannot_replay_its_exam_rounds(client, school):
    exam_round = min(school["exam_rounds"])
    client.force_login(school["otto"])
    assert client.get(reverse("replay", args=[exam_round])).status_code == 404
    client.force_login(school["ivy"])
    assert client.get(reverse("replay", args=[exam_round])).status_code == 200
    client.force_login(school["ada"])
    assert client.get(reverse("replay", args=[exam_round])).status_code == 200


def test_another_cohorts_instructor_cannot_open_or_watch_its_exam_rounds(client, school):
    finished_round = min(school["exam_rounds"])
    for user, status in ((school["otto"], 404), (school["ivy"], 200), (school["ada"], 200)):
        client.force_login(user)
        assert client.get(reverse("attempt", args=[finished_round])).status_code == status
    evening, alice = school["evening"], school["alice"]
    live = exams.deal_next_round(
        exams.begin_sitting(schedule(evening, school["ivy"], [school["version"]], name="Late exam"), alice)
    )
    assert live not in live_tables_to_watch(school["otto"])
    assert live in live_tables_to_watch(school["ivy"]) and live in live_tables_to_watch(school["ada"])
    client.force_login(school["otto"])
    assert client.get(reverse("attempt", args=[live.pk])).status_code == 404


def test_the_cohort_page_shows_the_last_round_of_the_cohorts_own_work(client, school):
    alice = school["alice"]
    day = next(row for row in get(client, school["otto"], "cohort", school["day"].pk).context["rows"])
    assert day["trainee"] == alice and day["last_round"].pk in school["run_rounds"]
    evening = get(client, school["ivy"], "cohort", school["evening"].pk).context["rows"]
    assert next(row for row in evening if row["trainee"] == alice)["last_round"].pk in school["exam_rounds"]


def test_practice_is_no_cohorts_work_by_default(school):
    for cohort, instructor in ((school["day"], school["otto"]), (school["evening"], school["ivy"])):
        assert not cohort_rounds(cohort).filter(pk=school["practice"]).exists()
        assert not reviews(instructor, Attempt.objects.get(pk=school["practice"]))
    assert reviews(school["ada"], Attempt.objects.get(pk=school["practice"]))


@pytest.mark.usefixtures("practice_shown")
def test_practice_is_every_cohorts_work_when_the_school_says_so_and_other_cohorts_work_still_is_not(school):
    day, evening, practice = school["day"], school["evening"], school["practice"]
    assert set(cohort_rounds(day).values_list("pk", flat=True)) == school["run_rounds"] | {practice}
    assert set(cohort_rounds(evening).values_list("pk", flat=True)) == school["exam_rounds"] | {practice}
    assert next(row for row in cohort_gradebook(day) if row.trainee == school["alice"]).most_missed == DICE_PAY
    assert (
        work_text(day)
        == "Only Day cohort's work is shown: its exams, its assignments and their rounds, and its trainees' practice."
    )
    assert reviews(school["otto"], Attempt.objects.get(pk=practice))
    assert not reviews(make_instructor("una"), Attempt.objects.get(pk=practice)), "Una teaches no cohort of Alice's"
    assert not any(reviews(school["otto"], attempt) for attempt in Attempt.objects.filter(pk__in=school["exam_rounds"]))
