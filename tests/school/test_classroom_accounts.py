"""Accounts that fit a classroom: lockouts by account before address, logins in any case, passwords the trainee
chooses, and trainees removed from a cohort or deactivated from its page."""

from importlib import import_module

import pytest
from django.apps import apps
from django.contrib.auth import get_user_model
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.urls import reverse
from table_helpers import make_instructor, make_trainee, make_user

from school.models import Cohort, PasswordChangeDue

pytestmark = [pytest.mark.storage, pytest.mark.django_db]

fold_usernames = import_module("trainer.migrations.0017_sign_in").fold_usernames


def log_in(client, username, password, address="10.0.0.1"):
    return client.post(reverse("login"), {"username": username, "password": password}, REMOTE_ADDR=address)


@pytest.fixture
def cohort():
    """Ivy's Evening cohort with alice and bob."""
    found = Cohort.objects.create(name="Evening")
    found.instructors.add(make_instructor("ivy"))
    found.trainees.add(make_trainee("alice"), make_trainee("bob"))
    return found


def test_one_trainees_wrong_passwords_lock_their_account_not_the_classrooms_address(client, settings, cohort):
    for _ in range(settings.AXES_FAILURE_LIMIT + 1):
        log_in(client, "alice", "wrong", address="10.1.1.1")
    assert log_in(client, "alice", "pw", address="10.1.1.1").status_code == 429
    assert log_in(client, "bob", "pw", address="10.1.1.1").status_code == 302, "the classroom's address is not locked"


def test_an_address_locks_at_its_own_higher_threshold(client, settings, cohort):
    settings.SCHOOL_ADDRESS_LOGIN_FAILURES = 3 * settings.AXES_FAILURE_LIMIT
    for number in range(settings.SCHOOL_ADDRESS_LOGIN_FAILURES - 1):
        log_in(client, f"guess{number}", "wrong", address="10.2.2.2")
        log_in(client, f"guess{number}", "wrong", address="10.2.2.3")
    log_in(client, "guess-last", "wrong", address="10.2.2.3")
    assert log_in(client, "bob", "pw", address="10.2.2.2").status_code == 302, "one failure short of the lock"
    client.logout()
    assert log_in(client, "bob", "pw", address="10.2.2.3").status_code == 429


def test_a_login_matches_the_username_in_any_case_and_its_failures_count_as_one_account(client, settings):
    get_user_model().objects.create_user("maria.lopez@example.org", password="pw")
    assert log_in(client, "Maria.Lopez@Example.org", "pw").status_code == 302
    client.logout()
    for number in range(settings.AXES_FAILURE_LIMIT):
        log_in(client, "MARIA.lopez@example.org" if number % 2 else "maria.LOPEZ@example.org", "wrong")
    assert log_in(client, "maria.lopez@example.org", "pw", address="10.3.3.3").status_code == 429


def test_the_migration_folds_usernames_to_lower_case():
    get_user_model().objects.create_user("Maria.Lopez@example.org")
    fold_usernames(apps, None)
    assert get_user_model().objects.filter(username="maria.lopez@example.org").exists()


def test_the_migration_refuses_usernames_that_differ_only_in_case_naming_them(transactional_db):
    today = MigrationExecutor(connection).loader.graph.leaf_nodes()
    before = MigrationExecutor(connection).migrate([("school", "0001_cohorts_from_trainer")])  # no any-case constraint
    try:
        get_user_model().objects.create_user("Sean@example.org")
        get_user_model().objects.create_user("sean@example.org")
        with pytest.raises(RuntimeError, match=r"Sean@example\.org, sean@example\.org"):
            fold_usernames(apps, None)
        assert get_user_model().objects.filter(username="Sean@example.org").exists(), "nothing is renamed"
    finally:
        before.apps.get_model("auth", "User").objects.all().delete()  # as the tables stand: no later app's rows
        MigrationExecutor(connection).migrate(today)


def test_a_signed_in_user_changes_their_password(client):
    alice = make_trainee("alice")
    client.force_login(alice)
    assert 'href="/password/"' in client.get(reverse("home")).text
    fields = {"old_password": "pw", "new_password1": "felt-and-dice-42", "new_password2": "felt-and-dice-42"}
    response = client.post(reverse("password_change"), fields)
    assert response.status_code == 302 and response.url == reverse("password_change_done")
    alice.refresh_from_db()
    assert alice.check_password("felt-and-dice-42")
    assert client.get(reverse("home")).status_code == 200, "this session stays signed in"


def test_a_first_password_must_be_changed_before_any_other_page(client, cohort):
    client.force_login(cohort.instructors.get())
    fields = {"username": "Carol", "name": "Carol Danvers", "email": "carol@example.org"}
    client.post(reverse("new_trainee", args=[cohort.pk]), fields)
    carol = get_user_model().objects.get(username="carol")
    assert PasswordChangeDue.objects.filter(user=carol).exists()
    client.force_login(carol)
    for page in (reverse("home"), reverse("tables"), reverse("history")):
        response = client.get(page)
        assert response.status_code == 302 and response.url == reverse("password_change"), page
    form = client.get(reverse("password_change")).text
    assert "choose your own before you go on" in form
    carol.set_password("first")
    carol.save()
    client.force_login(carol)
    fields = {"old_password": "first", "new_password1": "felt-and-dice-42", "new_password2": "felt-and-dice-42"}
    client.post(reverse("password_change"), fields)
    assert client.get(reverse("home")).status_code == 200


def test_no_first_password_change_when_the_school_turns_it_off(client, settings, cohort):
    settings.FIRST_PASSWORD_CHANGE = False
    client.force_login(cohort.instructors.get())
    fields = {"username": "carol", "name": "Carol Danvers", "email": "carol@example.org"}
    client.post(reverse("new_trainee", args=[cohort.pk]), fields)
    assert not PasswordChangeDue.objects.exists()


@pytest.mark.parametrize(("option", "due"), [({"option": "on"}, True), ({}, False)])
def test_a_reset_asks_for_a_change_at_next_login_when_ticked(client, cohort, option, due):
    alice = cohort.trainees.get(username="alice")
    client.force_login(cohort.instructors.get())
    page = client.get(reverse("reset_password", args=[cohort.pk, alice.pk])).text
    assert 'name="option" id="confirm-option" checked' in page
    client.post(reverse("reset_password", args=[cohort.pk, alice.pk]), option)
    assert PasswordChangeDue.objects.filter(user=alice).exists() is due


def test_an_instructor_removes_a_trainee_from_the_cohort_after_asking(client, cohort):
    alice = cohort.trainees.get(username="alice")
    client.force_login(cohort.instructors.get())
    address = reverse("remove_trainee", args=[cohort.pk, alice.pk])
    assert f'href="{address}"' in client.get(reverse("cohort", args=[cohort.pk])).text
    assert "Remove alice from Evening?" in client.get(address).text
    assert cohort.trainees.filter(pk=alice.pk).exists(), "asking changes nothing"
    assert client.post(address).status_code == 302
    assert not cohort.trainees.filter(pk=alice.pk).exists()
    assert get_user_model().objects.filter(pk=alice.pk, is_active=True).exists(), "the account stays"


def test_an_instructor_deactivates_and_reactivates_an_account(client, cohort):
    alice = cohort.trainees.get(username="alice")
    client.force_login(cohort.instructors.get())
    address = reverse("set_active", args=[cohort.pk, alice.pk])
    assert "Deactivate the account of alice?" in client.get(address).text
    client.post(address)
    assert "Account deactivated" in client.get(reverse("cohort", args=[cohort.pk])).text
    client.logout()
    assert log_in(client, "alice", "pw").status_code == 200, "a deactivated account cannot log in"
    client.force_login(cohort.instructors.get())
    client.post(address)
    client.logout()
    assert log_in(client, "alice", "pw").status_code == 302


def test_a_colleagues_shared_trainee_is_not_deactivated_by_another_instructor(client, cohort):
    alice = cohort.trainees.get(username="alice")
    morning = Cohort.objects.create(name="Morning")
    morning.instructors.add(make_instructor("olga"))
    morning.trainees.add(alice)
    client.force_login(cohort.instructors.get())
    assert client.post(reverse("set_active", args=[cohort.pk, alice.pk])).status_code == 403
    alice.refresh_from_db()
    assert alice.is_active


def test_the_cohort_page_shows_a_locked_address_and_unlocks_it(client, settings, cohort):
    settings.SCHOOL_ADDRESS_LOGIN_FAILURES = settings.AXES_FAILURE_LIMIT + 2
    log_in(client, "alice", "wrong", address="10.4.4.4")
    for number in range(settings.SCHOOL_ADDRESS_LOGIN_FAILURES):
        log_in(client, f"guess{number}", "wrong", address="10.4.4.4")
    assert log_in(client, "bob", "pw", address="10.4.4.4").status_code == 429
    client.force_login(cohort.instructors.get())
    page = client.get(reverse("cohort", args=[cohort.pk])).text
    assert "10.4.4.4 locked" in page
    assert client.post(reverse("unlock_address", args=[cohort.pk]), {"address": "10.9.9.9"}).status_code == 404
    client.post(reverse("unlock_address", args=[cohort.pk]), {"address": "10.4.4.4"})
    client.logout()
    assert log_in(client, "bob", "pw", address="10.4.4.4").status_code == 302


def test_someone_without_a_role_cannot_open_the_change_password_page_unsigned(client):
    make_user("nobody")
    response = client.get(reverse("password_change"))
    assert response.status_code == 302 and response.url.startswith(reverse("login"))
