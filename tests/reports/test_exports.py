"""The school's records as CSV: attempts, steps, clauses, exam results and certificates, for a range of days."""

import csv
from datetime import date, datetime, time
from io import StringIO

import pytest
from django.urls import reverse
from django.utils import timezone
from exam_helpers import exam_school, schedule, sit_through
from table_helpers import make_instructor, make_trainee, make_user

from certification import exams
from certification.certificates import DEALT_BASE_GAME, audited_write, revoke
from certification.models import Certificate, ExamResult
from core.models import SchoolProfile
from core.roles import Role
from grading.scoring import GradedStep
from reports.exports import ATTEMPT_COLUMNS, CERTIFICATE_COLUMNS, CLAUSE_COLUMNS, RESULT_COLUMNS, STEP_COLUMNS
from school.models import Cohort
from trainer import services
from trainer.models import Attempt, Step, Table

pytestmark = [pytest.mark.storage, pytest.mark.django_db]


@pytest.fixture
def school():
    instructor, cohort, alice, bob, version = exam_school()
    exam = schedule(cohort, instructor, [version], critical_error_fails=True)
    passed = sit_through(exam, alice)
    failed = sit_through(exam, bob, wrong_red_die=True)
    outsider = make_trainee("zed")
    other = Cohort.objects.create(name="Other cohort")
    other.trainees.add(outsider)
    sit_through(schedule(other, make_instructor("otto"), [version]), outsider)
    return {"instructor": instructor, "cohort": cohort, "passed": passed, "failed": failed, "alice": alice}


def download(client, user, kind, **query):
    client.force_login(user)
    return client.get(reverse("export_csv", args=[kind]), query)


def rows_of(response):
    assert response.status_code == 200 and response["Content-Type"] == "text/csv; charset=utf-8"
    return list(csv.DictReader(StringIO(response.content.decode())))


def test_the_attempts_export_has_its_documented_columns_and_the_cohorts_rounds_only(client, school):
    response = download(client, school["instructor"], "attempts", cohort=school["cohort"].pk)
    rows = rows_of(response)
    assert list(rows[0]) == list(ATTEMPT_COLUMNS)
    assert sorted(row["trainee"] for row in rows) == ["alice", "bob"]
    alice = next(row for row in rows if row["trainee"] == "alice")
    attempt = Attempt.objects.get(trainee=school["alice"])
    assert alice["attempt_id"] == str(attempt.pk) and alice["trainee_name"] == "Alice Liddell"
    assert alice["scenario"] == "Dice call v1" and alice["mode"] == "exam" and alice["game"] == "pai-gow-poker"
    assert (alice["steps"], alice["correct_first_time"], alice["accuracy_percent"]) == ("2", "2", "100.0")
    assert alice["started_at"] == timezone.localtime(attempt.started_at).isoformat(timespec="seconds")
    assert alice["passed"] == "yes"


def test_the_steps_export_has_a_row_for_every_graded_step_of_the_cohorts_rounds_only(client, school):
    rows = rows_of(download(client, school["instructor"], "steps", cohort=school["cohort"].pk))
    assert list(rows[0]) == list(STEP_COLUMNS)
    assert {row["trainee"] for row in rows} == {"alice", "bob"}
    bob_round = Attempt.objects.get(trainee__username="bob")
    graded = [GradedStep.from_json(step.graded) for step in bob_round.steps.filter(graded__isnull=False)]
    bob = [row for row in rows if row["trainee"] == "bob"]
    assert len(bob) == len(graded) and {row["round"] for row in bob} == {str(bob_round.pk)}
    wrong = next(row for row in bob if row["verdict"] == "wrong")
    call = next(step for step in graded if not step.correct)
    assert (wrong["step"], wrong["severity"], wrong["clause"]) == ("announce_dice", "critical", call.citation.clause)
    assert wrong["provenance"] == call.citation.kind and wrong["game"] == "pai-gow-poker"
    assert wrong["seconds"] == f"{call.elapsed_ms // 1000}.{call.elapsed_ms % 1000:03d}"
    assert all(row["verdict"] == "right" and row["severity"] == "" for row in rows if row["trainee"] == "alice")
    refused = download(client, make_instructor("una"), "steps", cohort=school["cohort"].pk)
    assert refused.status_code == 400, "another cohort's instructor cannot choose this cohort"


def test_the_clauses_export_counts_each_trainees_steps_errors_and_critical_errors_by_clause(client, school):
    rows = rows_of(download(client, school["instructor"], "clauses", cohort=school["cohort"].pk))
    assert list(rows[0]) == list(CLAUSE_COLUMNS)
    steps = Step.objects.filter(attempt__trainee__username="bob", graded__isnull=False)
    call = next(g for g in (GradedStep.from_json(s.graded) for s in steps) if not g.correct)
    bob = {row["clause"]: row for row in rows if row["trainee"] == "bob"}
    cited = sum(GradedStep.from_json(s.graded).citation.clause == call.citation.clause for s in steps)
    row = bob[call.citation.clause]
    assert (row["attempts"], row["errors"], row["critical_errors"]) == (str(cited), "1", "1")
    assert (
        sum(int(row["attempts"]) for row in rows)
        == Step.objects.filter(attempt__trainee__cohorts=school["cohort"], graded__isnull=False).count()
    )
    assert all(row["errors"] == "0" for row in rows if row["trainee"] == "alice")
    assert "zed" not in {row["trainee"] for row in rows}


def test_a_step_cell_a_spreadsheet_would_run_as_a_formula_is_kept_as_text(client, school):
    Table.objects.update(name="=HYPERLINK(1)")
    rows = rows_of(download(client, school["instructor"], "steps", cohort=school["cohort"].pk))
    assert {row["table"] for row in rows} == {"'=HYPERLINK(1)"}


def test_the_results_export_shows_each_result_and_its_newest_correction(client, school):
    result = ExamResult.objects.get(sitting=school["failed"])
    exams.correct_result(result, school["instructor"], "Camera misread the die.", passed=True)
    rows = {
        row["trainee"]: row
        for row in rows_of(download(client, school["instructor"], "results", cohort=school["cohort"].pk))
    }
    assert list(rows["bob"]) == list(RESULT_COLUMNS) and set(rows) == {"alice", "bob"}
    bob = rows["bob"]
    assert (bob["passed_as_decided"], bob["outcome"], bob["corrections"]) == ("no", "passed", "1")
    assert bob["failures"] == "accuracy 50.0% is below the mark of 90.0%; 1 critical error (the pass rule allows none)"
    assert bob["corrected_by"] == "ivy" and bob["correction_reason"] == "Camera misread the die."
    assert (rows["alice"]["outcome"], rows["alice"]["corrected_at"]) == ("passed", "")


def test_the_attempts_and_results_exports_give_each_rounds_and_each_sittings_pace_against_the_house_standard(
    client, monkeypatch
):
    monkeypatch.setattr(services, "_elapsed_ms", lambda attempt: 45_000)  # a round's 2 steps: one round in 1:30
    instructor, cohort, alice, _, version = exam_school()
    sit_through(schedule(cohort, instructor, [version]), alice)
    SchoolProfile.objects.create(name="Erie Gaming School", pace_standards={"pai-gow-poker": 45})
    (attempt,) = rows_of(download(client, instructor, "attempts", cohort=cohort.pk))
    # 1 round in 90 s is 40 rounds an hour, short of the school's 45.
    assert (attempt["total_ms"], attempt["rounds_per_hour"]) == ("90000", "40.0")
    assert (attempt["pace_standard"], attempt["pace_met"]) == ("45", "no")
    (result,) = rows_of(download(client, instructor, "results", cohort=cohort.pk))
    assert result["pace"] == "Pai Gow Poker: 40.0 rounds per hour (house standard 45: below)"


def test_a_round_not_finished_has_no_pace_in_the_attempts_export(client, school):
    carol = make_trainee("carol")
    school["cohort"].trainees.add(carol)
    exams.begin_sitting(
        schedule(school["cohort"], school["instructor"], [Attempt.objects.first().scenario_version]), carol
    )
    rows = rows_of(download(client, school["instructor"], "attempts", cohort=school["cohort"].pk))
    unfinished = next(row for row in rows if row["finished_at"] == "")
    assert (unfinished["rounds_per_hour"], unfinished["pace_standard"], unfinished["pace_met"]) == ("", "", "")


def test_the_certificates_export_shows_each_certificate_with_its_status(client, school):
    certificate = Certificate.objects.get(trainee=school["alice"])
    revoke(certificate, school["instructor"], '=HYPERLINK("x")')
    rows = rows_of(download(client, school["instructor"], "certificates", cohort=school["cohort"].pk))
    assert [list(row) for row in rows] == [list(CERTIFICATE_COLUMNS)]
    row = rows[0]
    assert row["code"] == certificate.code and row["name_on_certificate"] == "Alice Liddell"
    game, pace = row["covers"].split("; ")
    assert game == "Pai Gow Poker (§645b.1, §645b.2, §645b.3, 51 Pa.B. 5607)"
    assert pace.startswith("Pace in the exam: ") and pace.endswith("house standard of 20 (not regulation)")
    assert row["expires_on"] == certificate.expires_on.isoformat() and row["status"] == "revoked"
    assert row["revoked_by"] == "ivy" and row["revocation_reason"] == '\'=HYPERLINK("x")'


def test_the_certificates_export_names_a_base_game_the_trainee_dealt_as_a_house_procedure(client, school):
    dealt = {"game": "Three Card Poker", "provenance": "house procedure"}
    issued = Certificate.objects.get(trainee=school["alice"])
    with audited_write():  # issued anew: PostgreSQL's final-record triggers refuse rewriting an issued certificate
        Certificate.objects.create(
            code="DEALT-BASE-GAME",
            result=issued.result,
            trainee=issued.trainee,
            name_on_certificate=issued.name_on_certificate,
            exam_name=issued.exam_name,
            covers=[{"game": "Three Card Poker", "sections": ["§649b.1"], DEALT_BASE_GAME: dealt}],
            issued_at=issued.issued_at,
            expires_on=issued.expires_on,
        )
    rows = rows_of(download(client, school["instructor"], "certificates", cohort=school["cohort"].pk))
    row = next(row for row in rows if row["code"] == "DEALT-BASE-GAME")
    assert row["covers"] == (
        "Three Card Poker (§649b.1, 51 Pa.B. 5607); "
        "Three Card Poker, the base game, dealt by the trainee (house procedure of the school, not regulation)"
    )


def test_a_range_of_days_is_inclusive_and_read_in_the_schools_time_zone(client, school):
    late_evening = datetime.combine(date(2026, 3, 10), time(23, 30), timezone.get_current_timezone())
    Attempt.objects.filter(trainee=school["alice"]).update(started_at=late_evening)
    cohort = school["cohort"].pk
    on_the_day = rows_of(
        download(client, school["instructor"], "attempts", cohort=cohort, start="2026-03-10", end="2026-03-10")
    )
    assert [row["trainee"] for row in on_the_day] == ["alice"]
    assert on_the_day[0]["started_at"].startswith("2026-03-10T23:30:00")
    since = rows_of(download(client, school["instructor"], "attempts", cohort=cohort, start="2026-03-11"))
    assert [row["trainee"] for row in since] == ["bob"]
    after = rows_of(
        download(client, school["instructor"], "attempts", cohort=cohort, start="2026-03-11", end="2026-03-12")
    )
    assert after == []


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ({"start": "2026-03-12", "end": "2026-03-11"}, "The range must end on or after the day it starts."),
        ({"start": "March"}, "Enter a valid date."),
        ({}, "This field is required."),
    ],
)
def test_a_bad_choice_is_explained_on_the_form(client, school, query, message):
    cohort = {"cohort": school["cohort"].pk} if query else {}
    response = download(client, school["instructor"], "attempts", **(cohort | query))
    assert response.status_code == 400 and message in response.content.decode()


def test_an_unknown_kind_of_record_is_refused(client, school):
    assert download(client, school["instructor"], "passwords", cohort=school["cohort"].pk).status_code == 400


def test_only_the_cohorts_instructors_and_administrators_export_its_records(client, school):
    cohort = school["cohort"].pk
    assert download(client, school["alice"], "attempts", cohort=cohort).status_code == 403
    assert download(client, make_instructor("una"), "attempts", cohort=cohort).status_code == 400
    administrator = make_user("ada", Role.SCHOOL_ADMINISTRATOR)
    assert [row["trainee"] for row in rows_of(download(client, administrator, "results", cohort=cohort))] == [
        "alice",
        "bob",
    ]
    client.logout()
    response = client.get(reverse("export_csv", args=["attempts"]), {"cohort": cohort})
    assert response.status_code == 302 and response["Location"].startswith(reverse("login"))


def test_the_records_page_offers_the_instructors_cohorts_and_each_kind(client, school):
    client.force_login(school["instructor"])
    page = client.get(reverse("exports")).content.decode()
    assert "Evening cohort" in page and "Other cohort" not in page
    for records in ("attempts", "graded steps", "steps by clause", "exam results", "certificates"):
        assert f"Download the {records} (CSV)" in page
    assert "README" not in page, "an instructor is told what the files hold, not sent to the source"
