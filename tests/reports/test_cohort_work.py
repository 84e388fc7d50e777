"""A trainee in two cohorts: each cohort's pages and records show only the work done under its own exams and
assignments (practice only when the school says so), never the other cohort's results, certificates, rounds or steps."""

import csv
import re
from io import StringIO

import pytest
from django.urls import reverse
from exam_helpers import exam_school, schedule, sit_through
from markupsafe import escape
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


def between(page: str, start: str, end: str) -> str:
    """The part of a page between two of its headings."""
    return page.partition(start)[2].partition(end)[0]


def finished_rounds(count: int) -> str:
    """How the gradebook and the errors report say how many finished rounds they read."""
    return f"From {count} finished round{'' if count == 1 else 's'}"


def last_replayed(page: str, trainee) -> int:
    """The round a cohort's page offers to replay as the trainee's last."""
    label = f"Replay the last round of {trainee.get_username()}"
    (pk,) = re.findall(rf'href="/rounds/(\d+)/replay/" aria-label="{label}"', page)
    return int(pk)


def exported(client, school, user, cohort, kind):
    text = get(client, user, "export_csv", kind, cohort=cohort.pk).content.decode()
    return list(csv.DictReader(StringIO(text)))


def test_another_cohorts_instructor_gets_none_of_its_exam_results_or_certificate_in_the_gradebook(client, school):
    otto, day, alice, certificate = school["otto"], school["day"], school["alice"], school["certificate"]
    body = get(client, otto, "trainee_gradebook", day.pk, alice.pk).text
    assert "Evening exam" not in body and certificate.code not in body
    assert escape("Only Day cohort's work is shown: its exams, its assignments and their rounds, its trainees'") in body
    assert escape("watched rounds, not practice") in body
    assert "No exam sat yet." in body and "No certificate yet." in body
    assert finished_rounds(len(school["run_rounds"])) in body
    assignments = between(body, "<h2>Assignments</h2>", "<h2>Exam sittings</h2>")
    assert re.findall(r"</th>\s*<td>([^<]*)</td>", assignments) == [escape(day.name)]
    row = next(row for row in cohort_gradebook(day) if row.trainee == alice)
    assert (row.exams_passed, row.valid_certificates, row.most_missed) == (0, 0, None)
    evening = get(client, school["ivy"], "trainee_gradebook", school["evening"].pk, alice.pk).text
    assert between(evening, "<h2>Exam sittings</h2>", "<h2>Certificates</h2>").count('<th scope="row">') == 2
    certificates = between(evening, "<h2>Certificates</h2>", "<h2>Accuracy, pace and speed by skill</h2>")
    assert certificates.count("<li>") == 1 and reverse("verify", args=[certificate.code]) in certificates
    assert "Nothing assigned." in evening and finished_rounds(len(school["exam_rounds"])) in evening
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
    rounds = finished_rounds(len(school["run_rounds"])) + "."
    assert rounds in get(client, otto, "cohort_errors", day.pk).text
    assert rounds in get(client, otto, "trainee_errors", day.pk, alice.pk).text
    listed = get(client, otto, "error_attempts", day.pk, clause=clause, trainee=str(alice.pk)).text
    assert "No finished attempt broke this clause." in listed
    evening = school["evening"]
    listed = get(client, school["ivy"], "error_attempts", evening.pk, clause=clause, trainee=str(alice.pk)).text
    replayed = {int(pk) for pk in re.findall(r'href="/rounds/(\d+)/replay/\?step=', listed)}
    assert replayed <= school["exam_rounds"] and replayed


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
    ).attempt
    assert live not in live_tables_to_watch(school["otto"])
    assert live in live_tables_to_watch(school["ivy"]) and live in live_tables_to_watch(school["ada"])
    client.force_login(school["otto"])
    assert client.get(reverse("attempt", args=[live.pk])).status_code == 404


def test_the_cohort_page_shows_the_last_round_of_the_cohorts_own_work(client, school):
    alice = school["alice"]
    day = get(client, school["otto"], "cohort", school["day"].pk).text
    assert re.findall(r'aria-label="Errors by clause of ([^"]+)"', day)[0] == alice.get_username()
    assert last_replayed(day, alice) in school["run_rounds"]
    evening = get(client, school["ivy"], "cohort", school["evening"].pk).text
    assert last_replayed(evening, alice) in school["exam_rounds"]


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
    assert work_text(day) == (
        "Only Day cohort's work is shown: its exams, its assignments and their rounds, its trainees' watched rounds, "
        "and its trainees' practice."
    )
    assert reviews(school["otto"], Attempt.objects.get(pk=practice))
    assert not reviews(make_instructor("una"), Attempt.objects.get(pk=practice)), "Una teaches no cohort of Alice's"
    assert not any(reviews(school["otto"], attempt) for attempt in Attempt.objects.filter(pk__in=school["exam_rounds"]))
