"""The cohort pages: who may open them, new cohorts, trainees added or created, passwords reset, logins unlocked."""

import re

import pytest
from axes.models import AccessAttempt
from django.contrib.auth import get_user_model
from django.urls import reverse
from table_helpers import demo_table, make_instructor, make_trainee, make_user

from core.roles import Role
from school.models import Cohort
from trainer import services
from trainer.models import Mode

pytestmark = pytest.mark.django_db

PASSWORD = re.compile(r'<code class="password">([^<]+)</code>')


@pytest.fixture
def cohort():
    """Ivy's cohort with Alice in it."""
    return make_cohort("Evening class", make_instructor("ivy"), make_trainee("alice"))


def make_cohort(name, instructor, *trainees):
    cohort = Cohort.objects.create(name=name)
    cohort.instructors.add(instructor)
    cohort.trainees.add(*trainees)
    return cohort


def cohort_pages(cohort):
    """Every cohort page, GET ones and POST ones, with the trainee row of the cohort's first trainee."""
    trainee = cohort.trainees.first()
    return [
        ("get", reverse("cohorts")),
        ("get", reverse("new_cohort")),
        ("get", reverse("cohort", args=[cohort.pk])),
        ("get", reverse("import_roster", args=[cohort.pk])),
        ("post", reverse("add_trainee", args=[cohort.pk])),
        ("post", reverse("new_trainee", args=[cohort.pk])),
        ("get", reverse("reset_password", args=[cohort.pk, trainee.pk])),
        ("post", reverse("reset_password", args=[cohort.pk, trainee.pk])),
        ("post", reverse("unlock_login", args=[cohort.pk, trainee.pk])),
        ("post", reverse("confirm_import", args=[cohort.pk])),
    ]


def test_a_trainee_gets_403_on_every_cohort_page(client, cohort):
    client.force_login(cohort.trainees.get())
    for method, url in cohort_pages(cohort):
        assert getattr(client, method)(url).status_code == 403, url


def test_an_outsider_is_sent_to_the_login_page_from_every_cohort_page(client, cohort):
    for method, url in cohort_pages(cohort):
        response = getattr(client, method)(url)
        assert response.status_code == 302 and response.url.startswith(reverse("login")), url


def test_an_instructor_sees_only_the_cohorts_they_teach(client, cohort):
    other = make_cohort("Morning class", make_instructor("otto"), make_trainee("bob"))
    client.force_login(cohort.instructors.get())
    listing = client.get(reverse("cohorts")).text
    assert "Evening class" in listing and "Morning class" not in listing
    assert client.get(reverse("cohort", args=[cohort.pk])).status_code == 200
    for method, url in cohort_pages(other):
        if "/cohorts/" + str(other.pk) in url:
            assert getattr(client, method)(url).status_code == 404, url
    assert client.post(reverse("reset_password", args=[cohort.pk, other.trainees.get().pk])).status_code == 404


def test_a_school_administrator_sees_and_opens_every_cohort(client, cohort):
    other = make_cohort("Morning class", make_instructor("otto"), make_trainee("bob"))
    client.force_login(make_user("ada", Role.SCHOOL_ADMINISTRATOR))
    listing = client.get(reverse("cohorts")).text
    assert "Evening class" in listing and "Morning class" in listing
    assert "bob" in client.get(reverse("cohort", args=[other.pk])).text


def test_an_instructor_creates_a_cohort_they_teach_with_a_co_instructor(client):
    ivy, otto = make_instructor("ivy"), make_instructor("otto")
    client.force_login(ivy)
    response = client.post(reverse("new_cohort"), {"name": " Night class ", "instructors": [otto.pk]})
    cohort = Cohort.objects.get(name="Night class")
    assert response.url == reverse("cohort", args=[cohort.pk])
    assert set(cohort.instructors.all()) == {ivy, otto}


def test_the_new_cohort_form_offers_the_other_instructors_not_the_creator_and_no_list_when_there_is_none(client):
    ivy = make_instructor("ivy")
    client.force_login(ivy)
    assert "Other instructors" not in client.get(reverse("new_cohort")).text
    make_instructor("otto")
    page = client.get(reverse("new_cohort")).text
    assert "Other instructors" in page and "otto" in page and "> ivy</label>" not in page
    assert client.post(reverse("new_cohort"), {"name": "Solo", "instructors": [ivy.pk]}).status_code == 400


def test_a_cohort_needs_a_name_no_other_cohort_has(client, cohort):
    client.force_login(cohort.instructors.get())
    assert client.post(reverse("new_cohort"), {"name": "   "}).status_code == 400
    taken = client.post(reverse("new_cohort"), {"name": "evening CLASS"})
    assert taken.status_code == 400 and "There is already a cohort called evening CLASS" in taken.text
    assert Cohort.objects.count() == 1


@pytest.mark.usefixtures("practice_shown")
def test_the_cohort_page_lists_each_trainee_with_the_last_round_and_its_accuracy(client, cohort):
    alice = cohort.trainees.get()
    services.start_round(alice, demo_table(), Mode.PRACTICE)
    last = services.start_round(alice, demo_table(index=1), Mode.EXAM)
    last.score_card = {"accuracy_text": "87.5%"}
    last.save()
    client.force_login(cohort.instructors.get())
    page = client.get(reverse("cohort", args=[cohort.pk])).text
    assert f"{last.table.name} · Exam" in page and "87.5%" in page


def test_an_instructor_adds_an_existing_trainee_but_not_an_instructor(client, cohort):
    bob, otto = make_trainee("bob"), make_instructor("otto")
    client.force_login(cohort.instructors.get())
    assert client.post(reverse("add_trainee", args=[cohort.pk]), {"trainee": otto.pk}).status_code == 400
    assert client.post(reverse("add_trainee", args=[cohort.pk]), {"trainee": bob.pk}).status_code == 302
    assert set(cohort.trainees.all()) == {cohort.trainees.get(username="alice"), bob}


def test_a_new_trainee_account_shows_its_first_password_once_and_logs_in_with_it(client, cohort):
    client.force_login(cohort.instructors.get())
    fields = {"username": "carol", "name": "Carol Danvers", "email": "carol@example.org"}
    response = client.post(reverse("new_trainee", args=[cohort.pk]), fields)
    assert response.status_code == 200 and "no-store" in response["Cache-Control"]
    (password,) = PASSWORD.findall(response.text)
    carol = cohort.trainees.get(username="carol")
    assert carol.get_full_name() == "Carol Danvers" and carol.email == "carol@example.org"
    assert carol.groups.filter(name=Role.TRAINEE).exists() and not carol.is_staff
    assert carol.check_password(password)
    assert password not in client.get(reverse("cohort", args=[cohort.pk])).text


@pytest.mark.parametrize(
    ("fields", "error"),
    [
        ({"username": "alice", "name": "Alice", "email": "new@example.org"}, "The username alice is already taken"),
        ({"username": "carol", "name": "Carol", "email": "ALICE@example.org"}, "already belongs to an account"),
        ({"username": "carol", "name": "Carol", "email": "not-an-address"}, "Enter a valid email address"),
        ({"username": "carol", "name": "", "email": "carol@example.org"}, "This field is required"),
    ],
)
def test_a_new_trainee_account_is_refused_with_the_reason_and_nothing_is_created(client, cohort, fields, error):
    cohort.trainees.update(email="alice@example.org")
    client.force_login(cohort.instructors.get())
    users = get_user_model().objects.count()
    response = client.post(reverse("new_trainee", args=[cohort.pk]), fields)
    assert response.status_code == 400 and error in response.text
    assert get_user_model().objects.count() == users


def test_a_password_reset_shows_the_new_password_once(client, cohort):
    alice = cohort.trainees.get()
    client.force_login(cohort.instructors.get())
    response = client.post(reverse("reset_password", args=[cohort.pk, alice.pk]))
    assert "no-store" in response["Cache-Control"]
    (password,) = PASSWORD.findall(response.text)
    alice.refresh_from_db()
    assert alice.check_password(password) and not alice.check_password("pw")
    assert password not in client.get(reverse("cohort", args=[cohort.pk])).text


def test_reset_password_asks_first_and_changes_nothing_until_confirmed(client, cohort):
    alice = cohort.trainees.get()
    client.force_login(cohort.instructors.get())
    address = reverse("reset_password", args=[cohort.pk, alice.pk])
    assert f'href="{address}"' in client.get(reverse("cohort", args=[cohort.pk])).text
    page = client.get(address)
    assert page.status_code == 200 and "no-store" in page["Cache-Control"]
    assert "Reset the password of" in page.text and "alice" in page.text
    assert f'<form method="post" action="{address}"' in page.text
    assert f'href="{reverse("cohort", args=[cohort.pk])}">Cancel</a>' in page.text
    alice.refresh_from_db()
    assert alice.check_password("pw") and not PASSWORD.findall(page.text)


def test_a_locked_trainee_shows_unlock_login_and_unlocking_lets_them_log_in(client, cohort, settings):
    for _ in range(settings.AXES_FAILURE_LIMIT):
        client.post(reverse("login"), {"username": "alice", "password": "wrong"}, REMOTE_ADDR="10.0.0.1")
    instructor = cohort.instructors.get()
    client.force_login(instructor)
    page = client.get(reverse("cohort", args=[cohort.pk])).text
    assert "Unlock login" in page
    client.post(reverse("unlock_login", args=[cohort.pk, cohort.trainees.get().pk]))
    assert not AccessAttempt.objects.filter(username="alice").exists()
    assert "Unlock login" not in client.get(reverse("cohort", args=[cohort.pk])).text
    client.logout()
    response = client.post(reverse("login"), {"username": "alice", "password": "pw"}, REMOTE_ADDR="10.0.0.2")
    assert response.status_code == 302


def test_an_instructor_is_shown_cohorts_and_only_their_trainees_live_tables(client, cohort):
    services.start_round(cohort.trainees.get(), demo_table(), Mode.PRACTICE)
    services.start_round(make_trainee("bob"), demo_table(), Mode.PRACTICE)
    client.force_login(cohort.instructors.get())
    assert reverse("cohorts") in client.get(reverse("home")).text
    tables = client.get(reverse("tables")).text
    assert reverse("cohorts") in tables
    assert "alice at" in tables and "bob at" not in tables


def test_a_trainee_is_shown_no_link_to_the_cohorts(client, cohort):
    client.force_login(cohort.trainees.get())
    assert reverse("cohorts") not in client.get(reverse("home")).text
    assert reverse("cohorts") not in client.get(reverse("tables")).text
