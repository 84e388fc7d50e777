"""Exams an instructor runs: edited until the first sitting, cancelled with the sittings kept, every trainee's
standing on the exam page, and a certificate that waits for the trainee's full name and, when the school asks for
it (DJANGO_EXAM_SIGN_OFF), an instructor's sign-off."""

from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse
from django.utils import timezone
from exam_helpers import exam_school, schedule, short_scenario, sit_through
from table_helpers import make_trainee

from certification import exams
from certification.certificates import revoke, sign_off
from certification.models import Certificate, Exam, ExamSitting, SignOff

pytestmark = [pytest.mark.storage, pytest.mark.django_db]


@pytest.fixture
def school():
    instructor, cohort, alice, bob, version = exam_school()
    return {
        "instructor": instructor,
        "cohort": cohort,
        "alice": alice,
        "bob": bob,
        "version": version,
        "exam": schedule(cohort, instructor, [version]),
    }


def as_(client, user):
    client.force_login(user)
    return client


def edit_data(school, **changes):
    """The edit form's fields for the school's exam, with ``changes`` over them."""
    exam = school["exam"]
    fields = {
        "name": exam.name,
        "cohort": exam.cohort_id,
        "opens_at": timezone.localtime(exam.opens_at).strftime("%Y-%m-%dT%H:%M"),
        "closes_at": timezone.localtime(exam.closes_at).strftime("%Y-%m-%dT%H:%M"),
        "attempts_allowed": exam.attempts_allowed,
        "pass_accuracy_percent": exam.pass_accuracy_percent,
        "critical_error_fails": "on",
        "validity_months": exam.validity_months,
        "scenario_1": school["version"].pk,
    }
    return fields | changes


def test_an_instructor_edits_an_exam_before_its_first_sitting_its_fields_and_scenarios_shown_as_they_are(
    client, school
):
    exam, second = school["exam"], short_scenario(school["instructor"], name="Second dice call")
    page = as_(client, school["instructor"]).get(reverse("exam_edit", args=[exam.pk])).text
    assert 'value="Dice exam"' in page and f'<option value="{school["version"].pk}" selected>' in page
    data = edit_data(school, name="Dice exam, week 2", attempts_allowed=3, scenario_2=second.pk)
    assert client.post(reverse("exam_edit", args=[exam.pk]), data).status_code == 302
    exam.refresh_from_db()
    assert (exam.name, exam.attempts_allowed) == ("Dice exam, week 2", 3)
    assert [part.scenario_version for part in exam.parts.order_by("position")] == [school["version"], second]


def test_an_edit_with_an_error_is_refused_beside_its_field_and_changes_nothing(client, school):
    exam = school["exam"]
    response = as_(client, school["instructor"]).post(
        reverse("exam_edit", args=[exam.pk]), edit_data(school, name="Renamed", attempts_allowed=11)
    )
    assert response.status_code == 400 and "Ensure this value is less than or equal to 10." in response.text
    exam.refresh_from_db()
    assert exam.name == "Dice exam" and exam.parts.count() == 1


def test_an_exam_is_no_longer_edited_once_its_first_sitting_has_begun(client, school):
    exam = school["exam"]
    exams.begin_sitting(exam, school["alice"])
    as_(client, school["instructor"])
    assert "Edit the exam" not in client.get(reverse("exam", args=[exam.pk])).text
    for response in (
        client.get(reverse("exam_edit", args=[exam.pk])),
        client.post(reverse("exam_edit", args=[exam.pk]), edit_data(school, name="Renamed")),
    ):
        assert response.status_code == 409 and "A sitting of this exam has begun" in response.text
    exam.refresh_from_db()
    assert exam.name == "Dice exam"


def test_an_edit_saved_after_a_sitting_began_meanwhile_is_refused(school):
    exam = Exam.objects.get(pk=school["exam"].pk)
    exams.begin_sitting(school["exam"], school["alice"])
    exam.name = "Renamed"
    with pytest.raises(exams.ExamLocked, match="A sitting of this exam has begun"):
        exams.reschedule_exam(exam, [school["version"]])
    assert Exam.objects.get(pk=exam.pk).name == "Dice exam"


def test_a_trainee_neither_edits_nor_cancels_an_exam(client, school):
    as_(client, school["alice"])
    exam = school["exam"]
    assert client.get(reverse("exam_edit", args=[exam.pk])).status_code == 403
    assert client.post(reverse("exam_cancel", args=[exam.pk])).status_code == 403
    exam.refresh_from_db()
    assert not exam.cancelled


def test_cancelling_asks_first_then_keeps_every_sitting_marked_cancelled_and_no_sitting_begins_or_goes_on(
    client, school
):
    exam, alice, bob = school["exam"], school["alice"], school["bob"]
    decided = sit_through(exam, alice)
    begun = exams.begin_sitting(exam, bob)
    as_(client, school["instructor"])
    question = client.get(reverse("exam_cancel", args=[exam.pk]))
    assert "Cancel the exam “Dice exam”?" in question.text
    exam.refresh_from_db()
    assert not exam.cancelled
    assert client.post(reverse("exam_cancel", args=[exam.pk])).status_code == 302
    exam.refresh_from_db()
    assert exam.cancelled and exam.cancelled_by == school["instructor"]
    page = client.get(reverse("exam", args=[exam.pk])).text
    assert "This exam was cancelled" in page and "sitting cancelled" in page
    assert exams.result_of(decided).passed and Certificate.objects.filter(trainee=alice, revoked_at=None).exists()
    assert ExamSitting.objects.filter(exam=exam).count() == 2
    as_(client, bob)
    assert "This sitting is cancelled" in client.get(reverse("sitting", args=[begun.pk])).text
    assert client.post(reverse("next_exam_round", args=[begun.pk])).status_code == 302
    assert begun.rounds.count() == 1 and exams.settle(begun) is None
    with pytest.raises(exams.SittingRefused, match="This exam was cancelled"):
        exams.begin_sitting(exam, bob)
    assert exams.exams_closing_practice(bob, timezone.now()) == {}


def test_a_cancelled_exam_is_not_cancelled_twice(client, school):
    exam = school["exam"]
    as_(client, school["instructor"]).post(reverse("exam_cancel", args=[exam.pk]))
    response = client.post(reverse("exam_cancel", args=[exam.pk]))
    assert response.status_code == 409 and "This exam is already cancelled." in response.text


def test_the_exam_page_lists_who_has_not_sat_who_passed_and_who_is_out_of_sittings(client, school):
    exam, alice, bob = school["exam"], school["alice"], school["bob"]
    carol = make_trainee("carol")
    carol.first_name, carol.last_name = "Carol", "Adeyemi"
    carol.save()
    school["cohort"].trainees.add(carol)
    sit_through(exam, alice)
    sit_through(exam, bob, wrong_red_die=True)
    rows = {line.trainee.username: (line.sittings, line.standing) for line in exams.standings(exam)}
    assert rows == {
        "alice": (1, exams.Standing.PASSED),
        "bob": (1, exams.Standing.OUT_OF_SITTINGS),
        "carol": (0, exams.Standing.NOT_SAT),
    }
    page = as_(client, school["instructor"]).get(reverse("exam", args=[exam.pk])).text
    assert "<td>Carol Adeyemi</td>\n            <td>0 of 1</td>\n            <td>has not sat</td>" in page
    assert "<td>Bob Tanaka</td>\n            <td>1 of 1</td>\n            <td>out of sittings</td>" in page


def test_a_trainee_with_sittings_left_may_sit_again_until_the_exam_closes(school):
    exam = schedule(school["cohort"], school["instructor"], [school["version"]], name="Two tries", attempts_allowed=2)
    sit_through(exam, school["bob"], wrong_red_die=True)
    standing = {line.trainee.username: line.standing for line in exams.standings(exam)}["bob"]
    assert standing is exams.Standing.MAY_SIT_AGAIN
    Exam.objects.filter(pk=exam.pk).update(closes_at=timezone.now() - timedelta(minutes=1))
    exam.refresh_from_db()
    assert {line.trainee.username: line.standing for line in exams.standings(exam)}["bob"] is exams.Standing.NOT_PASSED


def test_a_revoked_certificates_exam_no_longer_shows_passed_and_it_is_not_issued_again(client, school):
    exam, alice = school["exam"], school["alice"]
    sitting = sit_through(exam, alice)
    revoke(Certificate.objects.get(), school["instructor"], "Coached during the exam.")
    as_(client, school["instructor"])
    page = client.get(reverse("exam", args=[exam.pk])).text
    assert "passed, certificate revoked" in page and "<td>passed</td>" not in page
    assert "certificate revoked" in client.get(reverse("sitting", args=[sitting.pk])).text
    assert Certificate.objects.count() == 1


def test_a_certificate_waits_for_the_trainees_full_name_which_the_instructor_enters_and_it_is_issued(client, school):
    exam, bob = school["exam"], school["bob"]
    bob.first_name = bob.last_name = ""
    bob.save()
    sitting = sit_through(exam, bob)
    assert exams.result_of(sitting).passed and not Certificate.objects.exists()
    trainee_page = as_(client, bob).get(reverse("sitting", args=[sitting.pk])).text
    assert "it waits for" in trainee_page and "your full name, which a certificate carries: ask your instructor" in (
        trainee_page
    )
    as_(client, school["instructor"])
    assert "the certificate waits for the trainee's full name" in client.get(reverse("exam", args=[exam.pk])).text
    url = reverse("enter_full_name", args=[sitting.result.pk])
    refused = client.post(url, {"name-first_name": "=HYPERLINK(1)", "name-last_name": "Tanaka"})
    assert refused.status_code == 400 and "which a spreadsheet reads as a formula" in refused.text
    assert not Certificate.objects.exists()
    assert client.post(url, {"name-first_name": "Bob", "name-last_name": "Tanaka"}).status_code == 302
    assert Certificate.objects.get().name_on_certificate == "Bob Tanaka"
    again = client.post(url, {"name-first_name": "Robert", "name-last_name": "Tanaka"})
    assert again.status_code == 409 and "already has a full name" in again.text


def test_a_name_entered_elsewhere_issues_the_waiting_certificate_when_the_sitting_is_next_opened(client, school):
    bob = school["bob"]
    bob.first_name = bob.last_name = ""
    bob.save()
    sitting = sit_through(school["exam"], bob)
    bob.first_name, bob.last_name = "Bob", "Tanaka"
    bob.save()
    as_(client, bob).get(reverse("sitting", args=[sitting.pk]))
    assert Certificate.objects.get(trainee=bob).name_on_certificate == "Bob Tanaka"


def test_with_sign_off_on_a_certificate_waits_for_an_instructor_who_is_recorded_with_the_time(client, school, settings):
    settings.EXAM_SIGN_OFF = True
    exam, alice = school["exam"], school["alice"]
    sitting = sit_through(exam, alice)
    assert not Certificate.objects.exists()
    assert "an instructor to sign off this result" in as_(client, alice).get(reverse("sitting", args=[sitting.pk])).text
    assert client.post(reverse("sign_off_result", args=[sitting.result.pk])).status_code == 403
    as_(client, school["instructor"])
    assert "the certificate waits for your sign-off" in client.get(reverse("exam", args=[exam.pk])).text
    assert client.post(reverse("sign_off_result", args=[sitting.result.pk])).status_code == 302
    signed = SignOff.objects.get()
    assert signed.signed_by == school["instructor"] and signed.signed_at <= timezone.now()
    assert Certificate.objects.get().result == sitting.result
    page = client.get(reverse("sitting", args=[sitting.pk])).text
    assert "Signed off by ivy on" in page and "Sign off the result" not in page
    twice = client.post(reverse("sign_off_result", args=[sitting.result.pk]))
    assert twice.status_code == 409 and "already signed off" in twice.text


def test_signing_off_asks_first_and_changes_nothing_until_confirmed(client, school, settings):
    settings.EXAM_SIGN_OFF = True
    sitting = sit_through(school["exam"], school["alice"])
    url = reverse("sign_off_result", args=[sitting.result.pk])
    page = as_(client, school["instructor"]).get(reverse("sitting", args=[sitting.pk])).text
    assert f'<form method="get" action="{url}">' in page
    asked = client.get(url)
    assert asked.status_code == 200 and "<h1>Sign off the result of" in asked.text and "cannot be undone" in asked.text
    assert not SignOff.objects.exists() and not Certificate.objects.exists(), "asking changes nothing"
    assert client.post(url).status_code == 302 and SignOff.objects.exists()


def test_a_result_not_passed_is_not_signed_off(client, school, settings):
    settings.EXAM_SIGN_OFF = True
    sitting = sit_through(school["exam"], school["bob"], wrong_red_die=True)
    response = as_(client, school["instructor"]).post(reverse("sign_off_result", args=[sitting.result.pk]))
    assert response.status_code == 409 and "Only a passed result is signed off." in response.text
    assert not SignOff.objects.exists()


def test_without_sign_off_a_passed_sittings_certificate_is_issued_at_once(school, settings):
    settings.EXAM_SIGN_OFF = False
    sitting = sit_through(school["exam"], school["alice"])
    assert Certificate.objects.get().result == sitting.result and not SignOff.objects.exists()


def test_the_admin_lists_sign_offs_and_never_adds_changes_or_deletes_one(client, school, settings):
    settings.EXAM_SIGN_OFF = True
    sitting = sit_through(school["exam"], school["alice"])
    signed = sign_off(sitting.result, school["instructor"])
    client.force_login(get_user_model().objects.create_superuser("root", "root@example.org", "pw"))
    assert "ivy" in client.get(reverse("admin:certification_signoff_changelist")).text
    assert client.get(reverse("admin:certification_signoff_add")).status_code == 403
    assert client.post(reverse("admin:certification_signoff_delete", args=[signed.pk])).status_code == 403
    assert SignOff.objects.get() == signed
