"""The gradebook: a trainee's record, a cohort's rows, "My record", who may open them, and bounded queries."""

import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils.timezone import now
from exam_helpers import exam_school, schedule, sit_through
from table_helpers import make_instructor, make_trainee, make_user
from test_assignments import assign, finished_run, published_scenario
from test_error_report import DICE_PAY, finished, right, wrong

from certification import exams
from certification.certificates import revoke
from certification.models import Certificate, ExamResult
from core.models import SchoolProfile
from core.roles import Role
from grading.pace import Pace, short_text
from grading.scoring import ScoreCard
from reports.gradebook import cohort_gradebook
from scenarios.drill_library import drill_versions, drills_for
from school.models import Cohort
from trainer.demo_tables import create_demo_tables
from trainer.models import Attempt

pytestmark = [pytest.mark.storage, pytest.mark.django_db, pytest.mark.usefixtures("practice_shown")]


@pytest.fixture
def school():
    """Alice: an assignment done, the exam passed, its certificate and a §645b.2(f)(2) error; Bob failed the exam."""
    instructor, cohort, alice, bob, version = exam_school()
    exam = schedule(cohort, instructor, [version], critical_error_fails=True)
    sit_through(exam, alice)
    sit_through(exam, bob, wrong_red_die=True)
    scenario = published_scenario()
    assign(cohort, scenario)
    finished_run(alice, scenario)
    finished(alice, [wrong(1, DICE_PAY), right(1)], "2026-11-23 10:00")
    outsider = make_trainee("zed")
    other = Cohort.objects.create(name="Other cohort")
    other.trainees.add(outsider)
    otto = make_instructor("otto")
    other.instructors.add(otto)
    return {"instructor": instructor, "cohort": cohort, "alice": alice, "bob": bob, "other": other, "otto": otto}


def page(client, user, name, *args):
    client.force_login(user)
    return client.get(reverse(name, args=args))


def text_of(response):
    assert response.status_code == 200
    return response.content.decode()


def test_a_trainees_gradebook_shows_assignments_sittings_certificates_skills_and_clauses_most_missed(client, school):
    cohort, alice = school["cohort"], school["alice"]
    body = text_of(page(client, school["instructor"], "trainee_gradebook", cohort.pk, alice.pk))
    assert "Gradebook: Alice Liddell" in body
    assert "Tiger 9 drill" in body and "1 of 1" in body and ">Done</span>" in body
    assert "Dice exam, sitting 1" in body and "<strong>Passed</strong>" in body
    certificate = Certificate.objects.get(trainee=alice)
    assert f"{certificate.exam_name}: issued" in body and "<strong>valid</strong>" in body
    assert reverse("verify", args=[certificate.code]) in body
    assert "Calling the dice" in body, "the exam's dice calls are a timed skill"
    assert f"<strong>{DICE_PAY}</strong>: 1 wrong step" in body
    for item in drills_for(DICE_PAY, drill_versions()):
        assert item.drill.name in body
    assert reverse("trainee_errors", args=[cohort.pk, alice.pk]) in body


def test_a_sitting_shows_its_outcome_as_corrected_as_the_sitting_page_does(client, school):
    result = ExamResult.objects.get(sitting__trainee=school["bob"])
    body = text_of(page(client, school["instructor"], "trainee_gradebook", school["cohort"].pk, school["bob"].pk))
    assert "<strong>Not passed</strong>" in body and "(as corrected)" not in body
    exams.correct_result(result, school["instructor"], "Camera misread the die.", passed=True)
    body = text_of(page(client, school["instructor"], "trainee_gradebook", school["cohort"].pk, school["bob"].pk))
    assert "<strong>Passed</strong> (as corrected)" in body


def test_a_sitting_whose_certificate_was_revoked_no_longer_reads_or_counts_as_passed(client, school):
    revoke(Certificate.objects.get(trainee=school["alice"]), school["instructor"], "Coached during the exam.")
    cohort, alice = school["cohort"], school["alice"]
    body = text_of(page(client, school["instructor"], "trainee_gradebook", cohort.pk, alice.pk))
    assert "<strong>Passed, certificate revoked</strong>" in body and "<strong>Passed</strong>" not in body
    assert {row.trainee.username: row.exams_passed for row in cohort_gradebook(cohort)}["alice"] == 0


def test_the_cohort_gradebook_summarises_each_trainee_and_links_their_page(client, school):
    cohort, alice, bob = school["cohort"], school["alice"], school["bob"]
    body = text_of(page(client, school["instructor"], "cohort_gradebook", cohort.pk))
    rows = body.split("<tr>")[2:]
    assert reverse("trainee_gradebook", args=[cohort.pk, alice.pk]) in rows[0]
    assert reverse("trainee_gradebook", args=[cohort.pk, bob.pk]) in rows[1]
    # Alice: the exam round's 2 steps right, the assigned run's 10 of 10, the error round's 1 step wrong: 12 of 13.
    cells = [cell.split("</td>")[0] for cell in rows[0].split("<td>")[1:]]
    assert cells[:4] + cells[5:] == ["1 of 1", "1", "1", "92.3%", DICE_PAY, "no sprint", "no round watched"]
    assert cells[4].startswith("Pai Gow Poker: ") and cells[4].endswith("(house standard 20: met)")
    bob_cells = [cell.split("</td>")[0] for cell in rows[1].split("<td>")[1:]]
    assert bob_cells[:3] == ["0 of 1", "0", "0"] and bob_cells[5].startswith("§645b.2")
    assert reverse("cohort_gradebook", args=[cohort.pk]) in text_of(
        page(client, school["instructor"], "cohort", cohort.pk)
    )


def test_my_record_is_the_trainees_own_with_the_drills_to_deal(client, school):
    body = text_of(page(client, school["alice"], "my_record"))
    assert "<h1>My record</h1>" in body and "Dice exam, sitting 1" in body and "92.3%" in body
    assert "Not passed" not in body, "Bob's failed sitting is not on Alice's record"
    assert "My record</a>" in body, "the header offers it"


def test_my_record_links_each_certificates_pdf_which_downloads(client, school):
    certificate = Certificate.objects.get(trainee=school["alice"])
    address = reverse("certificate_pdf", args=[certificate.pk])
    assert f'href="{address}"' in text_of(page(client, school["alice"], "my_record"))
    download = client.get(address)
    assert download.status_code == 200 and download["Content-Type"] == "application/pdf"


def test_the_gradebook_is_refused_across_cohorts_and_to_trainees(client, school):
    cohort, alice = school["cohort"], school["alice"]
    assert page(client, school["otto"], "cohort_gradebook", cohort.pk).status_code == 404
    assert page(client, school["otto"], "trainee_gradebook", school["other"].pk, alice.pk).status_code == 404
    assert page(client, school["instructor"], "trainee_gradebook", school["other"].pk, alice.pk).status_code == 404
    assert page(client, alice, "cohort_gradebook", cohort.pk).status_code == 403
    assert page(client, school["bob"], "trainee_gradebook", cohort.pk, alice.pk).status_code == 403
    assert page(client, make_user("nobody"), "my_record").status_code == 403
    administrator = make_user("ada", Role.SCHOOL_ADMINISTRATOR)
    assert "Gradebook: Alice Liddell" in text_of(page(client, administrator, "trainee_gradebook", cohort.pk, alice.pk))


def test_the_cohort_gradebook_reads_a_fixed_number_of_queries_however_many_trainees_and_rounds(client, school):
    client.force_login(school["instructor"])
    url = reverse("cohort_gradebook", args=[school["cohort"].pk])
    with CaptureQueriesContext(connection) as before:
        client.get(url)
    carol = make_trainee("carol")
    school["cohort"].trainees.add(carol)
    for day in ("2026-11-24 10:00", "2026-11-25 10:00"):
        finished(carol, [wrong(1, DICE_PAY), right(1), right(2)], day)
    with CaptureQueriesContext(connection) as after:
        assert "carol" in client.get(url).content.decode()
    assert len(after) == len(before)


def test_a_trainees_gradebook_reads_a_fixed_number_of_queries_however_many_rounds(client, school):
    client.force_login(school["instructor"])
    url = reverse("trainee_gradebook", args=[school["cohort"].pk, school["alice"].pk])
    with CaptureQueriesContext(connection) as before:
        client.get(url)
    for day in ("2026-11-24 10:00", "2026-11-25 10:00"):
        finished(school["alice"], [wrong(1, DICE_PAY), right(1), right(2)], day)
    with CaptureQueriesContext(connection) as after:
        assert "<strong>§645b.2(f)(2)</strong>: 3 wrong steps" in client.get(url).content.decode()
    assert len(after) == len(before)


def paced_round(trainee, table, minutes):
    """A finished round at the table whose one right step took ``minutes`` of dealing."""
    card = ScoreCard.from_steps([right(1, minutes * 60_000)])
    return Attempt.objects.create(trainee=trainee, table=table, log={}, score_card=card.to_json(), finished_at=now())


def test_a_trainees_record_sets_each_games_pace_beside_accuracy_against_the_schools_house_standard(client):
    carol = make_trainee("carol")
    tables = {table.game: table for table in create_demo_tables()}
    for minutes in (1, 2, 3):  # 3 rounds of Pai Gow Poker in 6 minutes of dealing: 30 an hour
        paced_round(carol, tables["pai-gow-poker"], minutes)
    paced_round(carol, tables["down-under-blackjack"], 2)  # 1 round in 2 minutes: 30 an hour
    SchoolProfile.objects.create(name="Erie Gaming School", pace_standards={"pai-gow-poker": 30})
    body = text_of(page(client, carol, "my_record"))
    table = body[body.index('id="pace-by-game"') :].split("</table>")[0]
    assert "the school's house standard, not regulation" in table
    rows = [row.split("</tr>")[0] for row in table.split("<tr>")[2:]]
    cells = [[cell.split("</t")[0] for cell in re.split("<t[hd][^>]*>", row)[1:]] for row in rows]
    assert cells == [
        ["Pai Gow Poker", "3", "6:00", "30.0 rounds per hour", "30: met"],
        ["Down Under Blackjack", "1", "2:00", "30.0 rounds per hour", "50: below"],
    ]


def test_a_record_without_a_finished_round_says_there_is_no_pace_yet(client):
    body = text_of(page(client, make_trainee("dora"), "my_record"))
    assert "No pace yet: pace is worked out from finished rounds." in body and 'id="pace-by-game"' not in body


def test_a_sittings_row_gives_its_pace_by_game_beside_its_accuracy(client, school):
    body = text_of(page(client, school["alice"], "my_record"))
    row = body[body.index("Dice exam, sitting 1") :].split("</tr>")[0]
    result = ExamResult.objects.get(sitting__trainee=school["alice"])
    pace = Pace("pai-gow-poker", 1, result.total_ms)  # the exam's one round
    assert f"<td>{result.accuracy_text}</td>" in row and f"<td>{short_text(pace, 20)}</td>" in row
