"""Login throttling: wrong passwords lock an account and an address for a while; an instructor can unlock it.

The instructor's way, "Unlock login" on the cohort page, is tested in test_cohorts.py.
"""

import pytest
from axes.models import AccessAttempt
from django.urls import reverse
from table_helpers import make_instructor, make_trainee, make_user

from core.roles import Role

pytestmark = [pytest.mark.storage, pytest.mark.django_db]


def log_in(client, username, password, address="10.0.0.1"):
    return client.post(reverse("login"), {"username": username, "password": password}, REMOTE_ADDR=address)


def test_five_wrong_passwords_lock_the_account_and_even_the_right_one_is_then_refused(client, settings):
    make_trainee("alice")
    for _ in range(settings.AXES_FAILURE_LIMIT - 1):
        assert log_in(client, "alice", "wrong").status_code == 200
    locked = log_in(client, "alice", "wrong")
    assert locked.status_code == 429
    assert "Login locked" in locked.text and "An instructor can unlock it sooner" in locked.text
    assert log_in(client, "alice", "pw", address="10.9.9.9").status_code == 429, "the account is locked anywhere"
    assert "_auth_user_id" not in client.session


def test_wrong_passwords_from_one_address_lock_that_address_for_every_account(client, settings):
    make_trainee("alice")
    make_trainee("bob")
    for number in range(settings.SCHOOL_ADDRESS_LOGIN_FAILURES):
        log_in(client, f"guess{number}", "wrong", address="10.6.6.6")
    assert log_in(client, "bob", "pw", address="10.6.6.6").status_code == 429
    assert log_in(client, "alice", "pw", address="10.7.7.7").status_code == 302, "another address logs in"


def test_a_school_administrator_unlocks_a_locked_account_in_the_admin(client, settings):
    make_trainee("alice")
    for _ in range(settings.AXES_FAILURE_LIMIT):
        log_in(client, "alice", "wrong")
    administrator = make_user("ada", Role.SCHOOL_ADMINISTRATOR)
    administrator.is_staff = True
    administrator.save()
    client.force_login(administrator)
    listing = client.get(reverse("admin:axes_accessattempt_changelist"))
    assert listing.status_code == 200 and "alice" in listing.text
    attempts = AccessAttempt.objects.filter(username="alice")
    delete = reverse("admin:axes_accessattempt_delete", args=[attempts.get().pk])
    assert client.post(delete, {"post": "yes"}).status_code == 302
    client.logout()
    assert log_in(client, "alice", "pw", address="10.8.8.8").status_code == 302


def test_an_instructor_has_no_admin_and_no_access_attempts_permission(client):
    instructor = make_instructor()
    assert not instructor.has_perm("axes.delete_accessattempt")
    client.force_login(instructor)
    assert client.get(reverse("admin:axes_accessattempt_changelist")).status_code == 302


def test_login_success_keeps_other_accounts_failures(client, settings):
    make_trainee("victim")
    make_trainee("mallory")
    guesses = 0
    for _ in range(6):
        for _ in range(settings.AXES_FAILURE_LIMIT - 1):
            if log_in(client, "victim", "wrong").status_code == 429:
                break
            guesses += 1
        assert log_in(client, "mallory", "pw").status_code == 302
        client.logout()
    assert guesses == settings.AXES_FAILURE_LIMIT - 1, "the victim locks at the limit, whoever logs in between"
    assert log_in(client, "victim", "pw", address="10.9.9.9").status_code == 429


def test_login_success_leaves_another_accounts_lockout(client, settings):
    make_trainee("victim")
    make_trainee("mallory")
    for _ in range(settings.AXES_FAILURE_LIMIT):
        log_in(client, "victim", "wrong")
    assert log_in(client, "mallory", "pw").status_code == 302
    assert log_in(client, "victim", "pw", address="10.9.9.9").status_code == 429


def test_login_success_forgets_the_accounts_own_failures(client, settings):
    make_trainee("alice")
    for _ in range(settings.AXES_FAILURE_LIMIT - 1):
        log_in(client, "alice", "wrong")
    assert log_in(client, "Alice", "pw").status_code == 302
    client.logout()
    for _ in range(settings.AXES_FAILURE_LIMIT - 1):
        assert log_in(client, "alice", "wrong").status_code == 200
    assert log_in(client, "alice", "pw").status_code == 302


def change_password(client, old, address="10.0.0.1"):
    fields = {"old_password": old, "new_password1": "a fresh long secret 91", "new_password2": "a fresh long secret 91"}
    return client.post(reverse("password_change"), fields, REMOTE_ADDR=address)


def test_wrong_old_passwords_at_the_password_page_lock_the_account(client, settings):
    alice = make_trainee("alice")
    client.force_login(alice)
    for _ in range(settings.AXES_FAILURE_LIMIT - 1):
        assert change_password(client, "wrong").status_code == 200
    locked = change_password(client, "wrong")
    assert locked.status_code == 429 and "An instructor can unlock it sooner" in locked.text
    assert change_password(client, "pw").status_code == 429, "the right old password is refused while locked"
    alice.refresh_from_db()
    assert alice.check_password("pw")
    client.logout()
    assert log_in(client, "alice", "pw", address="10.9.9.9").status_code == 429, "the same lockout as logging in"


def test_wrong_old_passwords_and_wrong_logins_count_together(client, settings):
    alice = make_trainee("alice")
    for _ in range(settings.AXES_FAILURE_LIMIT - 1):
        log_in(client, "alice", "wrong", address="10.9.9.9")
    client.force_login(alice)
    assert change_password(client, "wrong").status_code == 429
