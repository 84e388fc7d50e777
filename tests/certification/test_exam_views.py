"""The exam pages for each role: the trainee, the cohort's instructor, another instructor, a school administrator,
someone without a role and someone not signed in; scheduling, sitting, correcting and revoking through them."""

import re
from datetime import timedelta

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone
from exam_helpers import deal, exam_school, schedule, short_scenario, sit_through
from table_helpers import make_instructor, make_user
from test_assignments import assign

from certification import exams
from certification.models import Certificate, Exam, ExamSitting, ResultCorrection
from core.roles import Role
from trainer.models import Attempt

pytestmark = pytest.mark.django_db


@pytest.fixture
def school():
    instructor, cohort, alice, bob, version = exam_school()
    exam = schedule(cohort, instructor, [version])
    return {
        "instructor": instructor,
        "cohort": cohort,
        "alice": alice,
        "bob": bob,
        "version": version,
        "exam": exam,
        "other": make_instructor("otto"),
        "admin": make_user("ada", Role.SCHOOL_ADMINISTRATOR),
        "nobody": make_user("nemo"),
    }


@pytest.fixture
def passed(school):
    """Alice's passed sitting of the exam."""
    return sit_through(school["exam"], school["alice"])


def as_(client, user):
    client.force_login(user)
    return client


def test_someone_not_signed_in_is_sent_to_log_in_from_every_exam_and_records_page(client, school, passed):
    certificate = Certificate.objects.get()
    urls = [
        reverse("exams"),
        reverse("exam_new"),
        reverse("exam", args=[school["exam"].pk]),
        reverse("sitting", args=[passed.pk]),
        reverse("certificate_pdf", args=[certificate.pk]),
        reverse("exports"),
    ]
    for url in urls:
        response = client.get(url)
        assert response.status_code == 302 and response["Location"].startswith(reverse("login")), url


def test_someone_without_a_role_gets_403(client, school):
    as_(client, school["nobody"])
    for url in (reverse("exams"), reverse("exam_new"), reverse("exam", args=[school["exam"].pk]), reverse("exports")):
        assert client.get(url).status_code == 403, url


def test_a_trainee_sees_their_cohorts_exam_and_may_not_schedule_one(client, school):
    as_(client, school["alice"])
    page = client.get(reverse("exams")).content.decode()
    assert "Dice exam" in page and "Schedule an exam" not in page
    assert client.get(reverse("exam_new")).status_code == 403
    exam_page = client.get(reverse("exam", args=[school["exam"].pk])).content.decode()
    assert "Begin sitting 1 of 1" in exam_page


def test_the_navigation_offers_exams_to_a_trainee_and_records_to_an_instructor(client, school):
    trainee_page = as_(client, school["alice"]).get(reverse("exams")).content.decode()
    assert 'href="/exams/"' in trainee_page and 'href="/exports/"' not in trainee_page
    instructor_page = as_(client, school["instructor"]).get(reverse("exams")).content.decode()
    assert 'href="/exams/"' in instructor_page and 'href="/exports/"' in instructor_page


def test_an_instructor_schedules_an_exam_for_their_cohort(client, school):
    as_(client, school["instructor"])
    page = client.get(reverse("exam_new")).content.decode()
    assert "Evening cohort" in page and "Dice call (version 1)" in page
    now = timezone.localtime()
    response = client.post(
        reverse("exam_new"),
        {
            "name": "Final",
            "cohort": school["cohort"].pk,
            "scenario_1": school["version"].pk,
            "opens_at": now.strftime("%Y-%m-%dT%H:%M"),
            "closes_at": (now + timedelta(days=1)).strftime("%Y-%m-%dT%H:%M"),
            "attempts_allowed": 2,
            "pass_accuracy_percent": 80,
            "critical_error_fails": "on",
            "validity_months": 6,
        },
    )
    exam = Exam.objects.get(name="Final")
    assert response.status_code == 302 and response["Location"] == reverse("exam", args=[exam.pk])
    assert [part.scenario_version for part in exam.parts.all()] == [school["version"]]
    assert (exam.attempts_allowed, exam.pass_accuracy_percent, exam.validity_months) == (2, 80, 6)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"closes_at": "2026-01-01T09:00"}, "The exam must close after it opens."),
        ({"scenario_1": ""}, "This field is required."),
        ({"pass_accuracy_percent": 101}, "less than or equal to 100"),
        ({"attempts_allowed": 0}, "greater than or equal to 1"),
    ],
)
def test_a_wrong_schedule_is_explained_beside_its_field_and_nothing_is_saved(client, school, change, message):
    as_(client, school["instructor"])
    data = {
        "name": "Final",
        "cohort": school["cohort"].pk,
        "scenario_1": school["version"].pk,
        "opens_at": "2026-01-01T10:00",
        "closes_at": "2026-01-02T10:00",
        "attempts_allowed": 1,
        "pass_accuracy_percent": 90,
        "validity_months": 12,
    }
    response = client.post(reverse("exam_new"), data | change)
    assert response.status_code == 400 and message in response.content.decode()
    assert not Exam.objects.filter(name="Final").exists()


def test_an_instructor_may_not_schedule_for_a_cohort_they_do_not_teach(client, school):
    as_(client, school["other"])
    assert "Evening cohort" not in client.get(reverse("exam_new")).content.decode()
    response = client.post(
        reverse("exam_new"),
        {"name": "Mine", "cohort": school["cohort"].pk, "scenario_1": school["version"].pk},
    )
    assert response.status_code == 400 and not Exam.objects.filter(name="Mine").exists()


def test_the_exam_page_for_each_role(client, school, passed):
    url = reverse("exam", args=[school["exam"].pk])
    for user, status in (
        (school["instructor"], 200),
        (school["admin"], 200),
        (school["alice"], 200),
        (school["bob"], 200),
        (school["other"], 404),
        (make_user("carol", Role.TRAINEE), 404),
    ):
        assert as_(client, user).get(url).status_code == status, user
    teacher_page = as_(client, school["instructor"]).get(url).content.decode()
    assert "Sitting 1 of alice" in teacher_page and "passed" in teacher_page
    bob_page = as_(client, school["bob"]).get(url).content.decode()
    assert "Sitting 1 of" not in bob_page and "No sitting yet." in bob_page


def test_a_trainee_begins_a_sitting_and_lands_on_its_first_round(client, school):
    as_(client, school["bob"])
    response = client.post(reverse("sit_exam", args=[school["exam"].pk]))
    sitting = ExamSitting.objects.get(trainee=school["bob"])
    attempt = sitting.rounds.get().attempt
    assert response.status_code == 302 and response["Location"] == reverse("attempt", args=[attempt.pk])
    assert attempt.mode == "exam"


def test_a_sitting_over_the_allowed_number_is_refused_with_the_reason(client, school, passed):
    as_(client, school["alice"])
    response = client.post(reverse("sit_exam", args=[school["exam"].pk]))
    assert response.status_code == 400 and "You have taken all 1 sitting allowed." in response.content.decode()
    assert ExamSitting.objects.filter(trainee=school["alice"]).count() == 1


def test_an_instructor_does_not_sit_an_exam(client, school):
    assert as_(client, school["instructor"]).post(reverse("sit_exam", args=[school["exam"].pk])).status_code == 403
    assert not ExamSitting.objects.exists()


def test_the_sitting_page_for_each_role(client, school, passed):
    url = reverse("sitting", args=[passed.pk])
    for user, status in (
        (school["alice"], 200),
        (school["instructor"], 200),
        (school["admin"], 200),
        (school["bob"], 404),
        (school["other"], 404),
    ):
        assert as_(client, user).get(url).status_code == status, user
    page = as_(client, school["alice"]).get(url).content.decode()
    assert "Passed" in page and "Download the PDF certificate" in page and "Correct the result" not in page
    assert "Record the correction" in as_(client, school["instructor"]).get(url).content.decode()


def test_the_sitting_page_offers_the_next_round_and_decides_the_result_after_the_last(client, school):
    as_(client, school["bob"])
    client.post(reverse("sit_exam", args=[school["exam"].pk]))
    sitting = ExamSitting.objects.get(trainee=school["bob"])
    page = client.get(reverse("sitting", args=[sitting.pk])).content.decode()
    assert "Continue round 1 of 1" in page and "Result" not in page


def test_only_the_sittings_trainee_deals_its_next_round(client, school):
    as_(client, school["bob"])
    client.post(reverse("sit_exam", args=[school["exam"].pk]))
    sitting = ExamSitting.objects.get(trainee=school["bob"])
    assert as_(client, school["instructor"]).post(reverse("next_exam_round", args=[sitting.pk])).status_code == 403
    assert as_(client, school["alice"]).post(reverse("next_exam_round", args=[sitting.pk])).status_code == 404
    response = as_(client, school["bob"]).post(reverse("next_exam_round", args=[sitting.pk]))
    assert response["Location"] == reverse("attempt", args=[sitting.rounds.get().attempt.pk])


def test_the_cohorts_instructor_corrects_a_result_and_the_page_shows_who_when_why(client, school, passed):
    url = reverse("correct_result", args=[passed.result.pk])
    data = {"correction-outcome": "not passed", "correction-reason": "Seen using notes."}
    assert as_(client, school["alice"]).post(url, data).status_code == 403
    assert as_(client, school["other"]).post(url, data).status_code == 404
    assert not ResultCorrection.objects.exists()
    response = as_(client, school["instructor"]).post(url, data)
    assert response.status_code == 302
    page = client.get(reverse("sitting", args=[passed.pk])).content.decode()
    assert "Not passed" in page and "(as corrected)" in page and "Seen using notes." in page and "by ivy" in page
    assert "As decided</dt><dd>passed" in page


def test_a_correction_without_a_reason_is_refused_beside_its_field(client, school, passed):
    response = as_(client, school["instructor"]).post(
        reverse("correct_result", args=[passed.result.pk]), {"correction-outcome": "passed", "correction-reason": " "}
    )
    assert response.status_code == 400 and "This field is required." in response.content.decode()
    assert not ResultCorrection.objects.exists()


def test_the_cohorts_instructor_revokes_a_certificate_with_a_reason(client, school, passed):
    certificate = Certificate.objects.get()
    url = reverse("revoke_certificate", args=[certificate.pk])
    assert as_(client, school["alice"]).post(url, {"revoke-reason": "x"}).status_code == 403
    assert as_(client, school["other"]).post(url, {"revoke-reason": "x"}).status_code == 404
    assert as_(client, school["instructor"]).post(url, {"revoke-reason": " "}).status_code == 400
    assert Certificate.objects.get().revoked_at is None
    assert as_(client, school["instructor"]).post(url, {"revoke-reason": "Identity fraud."}).status_code == 302
    certificate.refresh_from_db()
    assert certificate.revocation_reason == "Identity fraud." and certificate.revoked_by == school["instructor"]
    again = client.post(url, {"revoke-reason": "Twice."})
    assert again.status_code == 409 and "already revoked" in again.content.decode()


def test_revoking_asks_first_with_the_reason_typed_and_changes_nothing_until_confirmed(client, school, passed):
    certificate = Certificate.objects.get()
    url = reverse("revoke_certificate", args=[certificate.pk])
    sitting = as_(client, school["instructor"]).get(reverse("sitting", args=[passed.pk])).content.decode()
    assert f'<form method="get" action="{url}">' in sitting
    asked = client.get(url, {"revoke-reason": "Identity fraud."})
    page = asked.content.decode()
    assert asked.status_code == 200 and "<h1>Revoke the certificate of Alice Liddell for" in page
    assert "cannot be undone" in page and 'value="Identity fraud."' in page and f'action="{url}"' in page
    assert Certificate.objects.get().revoked_at is None, "asking changes nothing"
    assert client.post(url, {"revoke-reason": "Identity fraud."}).status_code == 302
    assert Certificate.objects.get().revoked_at is not None


def test_the_pdf_is_for_the_holder_and_their_instructors(client, school, passed):
    url = reverse("certificate_pdf", args=[Certificate.objects.get().pk])
    for user, status in (
        (school["alice"], 200),
        (school["instructor"], 200),
        (school["admin"], 200),
        (school["bob"], 404),
        (school["other"], 404),
    ):
        assert as_(client, user).get(url).status_code == status, user
    response = as_(client, school["alice"]).get(url)
    assert response["Content-Type"] == "application/pdf" and response.content.startswith(b"%PDF")


def test_a_trainee_finds_their_certificate_on_the_exams_page(client, school, passed):
    page = as_(client, school["alice"]).get(reverse("exams")).content.decode()
    code = Certificate.objects.get().code
    assert "Your certificates" in page and reverse("verify", args=[code]) in page and "valid" in page


def test_a_finished_exam_round_leads_back_to_its_sitting_not_to_another_round(client, school, passed):
    attempt = passed.rounds.get().attempt
    page = as_(client, school["alice"]).get(reverse("attempt", args=[attempt.pk])).content.decode()
    assert f'href="{reverse("sitting", args=[passed.pk])}">Back to your exam sitting' in page
    assert "Deal another round here" not in page
    assert "The exam's result comes at the end of the sitting" in page


def score_card_of(page):
    """The score card's section of a table page."""
    return re.search(r'<section id="score-card".*?</section>', page, re.DOTALL)[0]


def test_a_sittings_table_page_states_the_exams_pass_rule_naming_the_exam_not_the_scenarios(client, school):
    eighty_five = short_scenario(school["instructor"], "Lenient scenario", pass_accuracy_percent=85)
    exam = schedule(school["cohort"], school["instructor"], [eighty_five], name="Final dice exam")
    as_(client, school["bob"])
    client.post(reverse("sit_exam", args=[exam.pk]))
    attempt = ExamSitting.objects.get(exam=exam).rounds.get().attempt
    page = client.get(reverse("attempt", args=[attempt.pk])).content.decode()
    rule = "To pass the exam “Final dice exam”: at least 90.0% of steps right at the first attempt, no critical error"
    assert rule in page and "over every round of the sitting" in page
    assert "Round 1 of 1 of the exam “Final dice exam”" in page
    assert "85.0%" not in page


def test_a_round_in_a_sitting_states_its_score_and_the_exams_rule_and_never_says_passed_on_its_own(client, school):
    eighty_five = short_scenario(school["instructor"], "Lenient scenario", pass_accuracy_percent=85)
    exam = schedule(school["cohort"], school["instructor"], [eighty_five], name="Final dice exam")
    as_(client, school["bob"])
    client.post(reverse("sit_exam", args=[exam.pk]))
    attempt = deal(ExamSitting.objects.get(exam=exam).rounds.get().attempt, school["bob"])
    card = score_card_of(client.get(reverse("attempt", args=[attempt.pk])).content.decode())
    assert "Score card: round 1 of 1 of the exam “Final dice exam”" in card
    assert "This round's score: 100.0%" in card and "result comes at the end of the sitting" in card
    assert "To pass the exam “Final dice exam”: at least 90.0%" in card and "85.0%" not in card
    assert not re.search(r"\bpassed\b", card, re.IGNORECASE)
    history = client.get(reverse("history")).content.decode()
    assert "of the exam “Final dice exam”, which decides its result" in history and "Passed" not in history
    replay = client.get(reverse("replay", args=[attempt.pk])).content.decode()
    assert "a round of the exam “Final dice exam”, whose sitting decides the result" in replay
    assert "passed" not in replay


def test_the_history_reads_a_fixed_number_of_queries_however_many_exams_its_rounds_were_dealt_in(client, school):
    as_(client, school["alice"])
    sit_through(school["exam"], school["alice"])
    with CaptureQueriesContext(connection) as before:
        client.get(reverse("history"))
    for name in ("Second dice exam", "Third dice exam"):
        version = short_scenario(school["instructor"], name, rounds=2)
        sit_through(schedule(school["cohort"], school["instructor"], [version], name=name), school["alice"])
    with CaptureQueriesContext(connection) as after:
        page = client.get(reverse("history")).content.decode()
    assert "round 2 of a sitting of the exam “Third dice exam”" in page
    assert len(after) == len(before), [query["sql"] for query in after]


def test_after_a_round_the_sitting_page_deals_the_next_and_after_the_last_shows_the_result(client, school):
    two_rounds = short_scenario(school["instructor"], "Two rounds", rounds=2)
    exam = schedule(school["cohort"], school["instructor"], [two_rounds], name="Two-round exam")
    as_(client, school["bob"])
    client.post(reverse("sit_exam", args=[exam.pk]))
    sitting = ExamSitting.objects.get(exam=exam)
    deal(sitting.rounds.get().attempt, school["bob"])
    page = client.get(reverse("sitting", args=[sitting.pk])).content.decode()
    assert "Deal round 2 of 2" in page and "Result" not in page
    response = client.post(reverse("next_exam_round", args=[sitting.pk]))
    second = sitting.rounds.get(position=2).attempt
    assert response["Location"] == reverse("attempt", args=[second.pk]) and second.mode == "exam"
    deal(second, school["bob"])
    page = client.get(reverse("sitting", args=[sitting.pk])).content.decode()
    assert "<h2>Result</h2>" in page and "Passed" in page and "4 of 4" in page


def test_a_trainee_may_not_practise_a_scenario_an_open_exam_deals(client, school):
    version = school["version"]
    for trainee in (school["alice"], make_user("carol", Role.TRAINEE)):
        as_(client, trainee)
        response = client.post(reverse("scenario_deal", args=[version.pk]))
        assert response.status_code == 403
        assert "dealt in the exam “Dice exam”: it cannot be practised" in response.content.decode()
        page = client.get(reverse("tables")).content.decode()
        assert "In the exam “Dice exam”: not dealt for practice" in page
        assert reverse("scenario_deal", args=[version.pk]) not in page
    assert not Attempt.objects.exists()


def test_a_trainees_home_offers_no_deal_of_an_assignment_an_open_exam_deals(client, school):
    version, alice = school["version"], school["alice"]
    assign(school["exam"].cohort, version.scenario)
    as_(client, alice)
    page = client.get(reverse("home")).content.decode()
    assert "In the exam “Dice exam”: not dealt for practice" in page
    assert reverse("scenario_deal", args=[version.pk]) not in page
    Exam.objects.filter(pk=school["exam"].pk).update(closes_at=timezone.now() - timedelta(minutes=1))
    page = client.get(reverse("home")).content.decode()
    assert reverse("scenario_deal", args=[version.pk]) in page and "not dealt for practice" not in page


def test_an_instructor_still_previews_and_deals_an_open_exams_scenario(client, school):
    as_(client, school["instructor"])
    assert client.get(reverse("scenario_preview", args=[school["version"].scenario.pk])).status_code == 200
    response = client.post(reverse("scenario_deal", args=[school["version"].pk]))
    assert response.status_code == 302 and Attempt.objects.get().trainee == school["instructor"]


def test_a_scenario_is_practised_again_once_the_exam_closes_and_the_trainees_sitting_is_over(client, school):
    exam, alice = school["exam"], school["alice"]
    sitting = exams.begin_sitting(exam, alice)
    Exam.objects.filter(pk=exam.pk).update(closes_at=timezone.now() - timedelta(minutes=1))
    as_(client, alice)
    assert client.post(reverse("scenario_deal", args=[school["version"].pk])).status_code == 403
    as_(client, school["bob"])
    assert client.post(reverse("scenario_deal", args=[school["version"].pk])).status_code == 302
    deal(exams.current_round(sitting).attempt, alice)
    exams.settle(sitting)
    as_(client, alice)
    assert client.post(reverse("scenario_deal", args=[school["version"].pk])).status_code == 302
