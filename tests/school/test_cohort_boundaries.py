"""Cohort boundaries: an instructor never reaches, adds, resets or unlocks a colleague's trainee; the admin's user
form keeps superuser status and permissions for superusers."""

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse
from exam_helpers import exam_school, schedule, sit_through
from table_helpers import demo_table, make_instructor, make_trainee, make_user

from certification.models import Certificate, Exam, ExamResult, SignOff
from core.roles import Role
from school.models import Cohort
from trainer import services
from trainer.models import Mode

pytestmark = pytest.mark.django_db


@pytest.fixture
def colleagues():
    """Ivy teaches the Evening cohort (alice, bob); Olga teaches the Morning cohort (mallory, who has a certificate,
    an exam sitting, a finished and an open round); pat is in no cohort yet."""
    ivy, evening, alice, _, version = exam_school()
    olga, mallory = make_instructor("olga"), make_trainee("mallory")
    mallory.first_name, mallory.last_name = "Mallory", "Quinn"
    mallory.save()
    morning = Cohort.objects.create(name="Morning cohort")
    morning.instructors.add(olga)
    morning.trainees.add(mallory)
    sitting = sit_through(schedule(morning, olga, [version], name="Morning exam"), mallory)
    open_round = services.start_round(mallory, demo_table(), Mode.PRACTICE)
    return {
        "ivy": ivy,
        "evening": evening,
        "olga": olga,
        "morning": morning,
        "mallory": mallory,
        "sitting": sitting,
        "open_round": open_round,
        "pat": make_trainee("pat"),
        "alice": alice,
    }


def instructor_actions(school, trainee):
    """Every instructor action that names a trainee or one of their records, through each cohort's addresses."""
    sitting = school["sitting"]
    result = ExamResult.objects.get(sitting=sitting)
    certificate = Certificate.objects.get(result=result)
    finished = sitting.rounds.get().attempt
    actions = [
        ("post", reverse("add_trainee", args=[school["evening"].pk]), {"trainee": trainee.pk}),
        ("get", reverse("attempt", args=[school["open_round"].pk]), {}),
        ("get", reverse("sitting", args=[sitting.pk]), {}),
        ("get", reverse("certificate_pdf", args=[certificate.pk]), {}),
        ("post", reverse("revoke_certificate", args=[certificate.pk]), {"reason": "taken over"}),
        ("post", reverse("correct_result", args=[result.pk]), {"outcome": "failed", "reason": "taken over"}),
        ("post", reverse("sign_off_result", args=[result.pk]), {}),
        ("post", reverse("enter_full_name", args=[result.pk]), {"name-first_name": "M", "name-last_name": "Q"}),
        ("get", reverse("exam_edit", args=[sitting.exam_id]), {}),
        ("post", reverse("exam_cancel", args=[sitting.exam_id]), {}),
        ("get", reverse("error_attempts", args=[school["evening"].pk]) + f"?trainee={trainee.pk}", {}),
        ("get", reverse("attempt", args=[finished.pk]), {}),
        ("get", reverse("replay", args=[finished.pk]), {}),
    ]
    for cohort in (school["evening"], school["morning"]):
        actions += [
            ("get", reverse("reset_password", args=[cohort.pk, trainee.pk]), {}),
            ("post", reverse("reset_password", args=[cohort.pk, trainee.pk]), {}),
            ("post", reverse("unlock_login", args=[cohort.pk, trainee.pk]), {}),
            ("get", reverse("trainee_errors", args=[cohort.pk, trainee.pk]), {}),
        ]
    return actions


def test_every_instructor_action_on_a_trainee_of_another_cohort_is_refused_and_changes_nothing(client, colleagues):
    mallory = colleagues["mallory"]
    password, certificate = mallory.password, Certificate.objects.get()
    client.force_login(colleagues["ivy"])
    for method, url, data in instructor_actions(colleagues, mallory):
        response = getattr(client, method)(url, data)
        assert response.status_code in (400, 403, 404), (method, url, response.status_code)
    mallory.refresh_from_db()
    certificate.refresh_from_db()
    assert mallory.password == password and certificate.revoked_at is None
    assert not colleagues["evening"].trainees.filter(pk=mallory.pk).exists()
    assert ExamResult.objects.get().corrections.count() == 0
    assert not SignOff.objects.exists() and not Exam.objects.filter(cancelled_at__isnull=False).exists()


def test_add_an_existing_trainee_offers_only_trainees_in_no_colleagues_cohort(client, colleagues):
    client.force_login(colleagues["ivy"])
    page = client.get(reverse("cohort", args=[colleagues["evening"].pk])).text
    assert ">pat</option>" in page and ">mallory</option>" not in page
    assert "a school administrator adds them" in page
    response = client.post(reverse("add_trainee", args=[colleagues["evening"].pk]), {"trainee": colleagues["pat"].pk})
    assert response.status_code == 302 and colleagues["evening"].trainees.filter(username="pat").exists()


def test_a_trainee_of_a_cohort_the_instructor_co_teaches_is_theirs_to_add_and_reset(client, colleagues):
    colleagues["morning"].instructors.add(colleagues["ivy"])
    client.force_login(colleagues["ivy"])
    evening = colleagues["evening"]
    assert (
        client.post(reverse("add_trainee", args=[evening.pk]), {"trainee": colleagues["mallory"].pk}).status_code == 302
    )
    assert client.post(reverse("reset_password", args=[evening.pk, colleagues["mallory"].pk])).status_code == 200


def test_a_trainee_an_administrator_shares_with_a_colleagues_cohort_is_seen_but_not_reset_or_unlocked(
    client, colleagues
):
    mallory, evening = colleagues["mallory"], colleagues["evening"]
    evening.trainees.add(mallory)
    client.force_login(colleagues["ivy"])
    page = client.get(reverse("cohort", args=[evening.pk])).text
    assert "mallory" in page and "a school administrator resets" in page
    assert reverse("reset_password", args=[evening.pk, mallory.pk]) not in page
    response = client.post(reverse("reset_password", args=[evening.pk, mallory.pk]))
    assert response.status_code == 403
    assert client.post(reverse("unlock_login", args=[evening.pk, mallory.pk])).status_code == 403
    assert client.get(reverse("trainee_errors", args=[evening.pk, mallory.pk])).status_code == 200


def test_a_school_administrator_adds_and_resets_any_trainee(client, colleagues):
    client.force_login(make_user("ada", Role.SCHOOL_ADMINISTRATOR))
    evening, mallory = colleagues["evening"], colleagues["mallory"]
    assert ">mallory</option>" in client.get(reverse("cohort", args=[evening.pk])).text
    assert client.post(reverse("add_trainee", args=[evening.pk]), {"trainee": mallory.pk}).status_code == 302
    assert client.post(reverse("reset_password", args=[evening.pk, mallory.pk])).status_code == 200


@pytest.fixture
def administrator(client):
    ada = make_user("ada", Role.SCHOOL_ADMINISTRATOR)
    ada.is_staff = True
    ada.save()
    client.force_login(ada)
    return ada


def test_the_admins_user_form_offers_superuser_and_permissions_only_to_superusers(client, administrator):
    url = reverse("admin:auth_user_change", args=[administrator.pk])
    page = client.get(url).text
    assert client.get(url).status_code == 200
    assert 'name="is_superuser"' not in page and 'name="user_permissions"' not in page and 'name="groups"' in page
    form = {
        "username": "ada",
        "is_active": "on",
        "is_staff": "on",
        "is_superuser": "on",
        "date_joined_0": "2026-01-01",
        "date_joined_1": "00:00:00",
    }
    client.post(url, form)
    administrator.refresh_from_db()
    assert not administrator.is_superuser
    root = get_user_model().objects.create_superuser("root", password="pw")
    client.force_login(root)
    assert 'name="is_superuser"' in client.get(url).text


def test_a_school_administrator_cannot_open_or_reset_a_superusers_account(client, administrator):
    root = get_user_model().objects.create_superuser("root", password="pw")
    assert client.get(reverse("admin:auth_user_change", args=[root.pk])).status_code in (302, 404)
    response = client.post(
        reverse("admin:auth_user_password_change", args=[root.pk]),
        {"password1": "taken-over-9", "password2": "taken-over-9"},
    )
    assert response.status_code == 404
    root.refresh_from_db()
    assert root.check_password("pw")
    assert "root" not in client.get(reverse("admin:auth_user_changelist")).text
