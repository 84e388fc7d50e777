"""Usernames and e-mail addresses are unique in any case: in the admin's forms and in the database itself."""

from importlib import import_module

import pytest
from django.contrib.auth.models import User
from django.core.management import CommandError, call_command
from django.db import IntegrityError, connection, transaction
from django.db.migrations.executor import MigrationExecutor
from django.urls import reverse
from table_helpers import make_trainee, make_user

from core.roles import Role

pytestmark = pytest.mark.storage

BEFORE = [("school", "0001_cohorts_from_trainer")]
"""The school's migration before usernames and e-mail addresses were unique in any case."""

ANY_CASE = import_module("school.migrations.0002_accounts_unique_in_any_case")


def log_in(client, username, password, address="10.0.0.1"):
    return client.post(reverse("login"), {"username": username, "password": password}, REMOTE_ADDR=address)


def administrator_changes(client, account, **changes):
    """A school administrator saves the account's admin form with the changes; the response."""
    administrator = make_user("ada", Role.SCHOOL_ADMINISTRATOR)
    administrator.is_staff = True
    administrator.save()
    client.force_login(administrator)
    fields = {
        "username": account.username,
        "first_name": account.first_name,
        "last_name": account.last_name,
        "email": account.email,
        "is_active": "on",
        "groups": [group.pk for group in account.groups.all()],
        "date_joined_0": account.date_joined.strftime("%Y-%m-%d"),
        "date_joined_1": account.date_joined.strftime("%H:%M:%S"),
        **changes,
    }
    response = client.post(reverse("admin:auth_user_change", args=[account.pk]), fields)
    client.logout()
    return response


@pytest.mark.django_db
def test_the_admin_refuses_renaming_an_account_to_another_accounts_username_in_upper_case(client):
    make_trainee("maria")
    other = make_trainee("mario")
    response = administrator_changes(client, other, username="MARIA")
    assert response.status_code == 200 and "Another account has this username" in response.text
    other.refresh_from_db()
    assert other.username == "mario"
    assert log_in(client, "maria", "pw").status_code == 302, "the first owner still logs in"


@pytest.mark.django_db
def test_the_admin_renames_an_account_to_its_own_username_in_another_case(client):
    maria = make_trainee("maria")
    assert administrator_changes(client, maria, username="Maria").status_code == 302
    maria.refresh_from_db()
    assert maria.username == "Maria"


@pytest.mark.django_db
def test_the_admin_refuses_another_accounts_email_address_in_another_case(client):
    maria = make_trainee("maria")
    maria.email = "maria.lopez@school.example"
    maria.save()
    other = make_trainee("mario")
    response = administrator_changes(client, other, email="Maria.Lopez@School.example")
    assert response.status_code == 200 and "Another account has this e-mail address" in response.text
    other.refresh_from_db()
    assert other.email == ""


@pytest.mark.django_db
def test_the_admin_add_form_refuses_a_username_another_account_has_in_upper_case(client):
    make_trainee("maria")
    administrator = make_user("ada", Role.SCHOOL_ADMINISTRATOR)
    administrator.is_staff = True
    administrator.save()
    client.force_login(administrator)
    fields = {"username": "MARIA", "usable_password": "false"}
    response = client.post(reverse("admin:auth_user_add"), fields)
    assert response.status_code == 200 and "A user with that username already exists" in response.text
    assert User.objects.filter(username__iexact="maria").count() == 1


@pytest.mark.django_db
def test_the_database_refuses_a_username_that_differs_only_in_case():
    make_trainee("maria")
    with pytest.raises(IntegrityError), transaction.atomic():
        User.objects.create(username="MARIA")
    renamed = make_trainee("mario")
    renamed.username = "Maria"
    with pytest.raises(IntegrityError), transaction.atomic():
        renamed.save()


@pytest.mark.django_db
def test_the_database_refuses_an_email_address_that_differs_only_in_case_but_many_accounts_have_none():
    User.objects.create(username="maria", email="maria@school.example")
    with pytest.raises(IntegrityError), transaction.atomic():
        User.objects.create(username="mario", email="MARIA@school.example")
    User.objects.create(username="nell")
    User.objects.create(username="noor")
    assert User.objects.filter(email="").count() == 2


@pytest.mark.django_db
def test_createsuperuser_refuses_a_username_another_account_has_in_another_case_and_creates_nobody():
    make_trainee("maria")
    with pytest.raises(CommandError, match="taken in another case, by maria"):
        call_command("createsuperuser", interactive=False, username="MARIA", email="root@school.example")
    assert list(User.objects.filter(username__iexact="maria").values_list("username", flat=True)) == ["maria"]
    assert not User.objects.filter(email="root@school.example").exists()


@pytest.mark.django_db
def test_createsuperuser_asks_again_for_a_username_typed_in_another_case(monkeypatch, capsys):
    make_trainee("maria")
    typed = iter(["MARIA", "root", "root@school.example"])
    monkeypatch.setattr("builtins.input", lambda prompt: next(typed))
    monkeypatch.setattr("getpass.getpass", lambda prompt="Password: ": "a long school passphrase")
    call_command("createsuperuser", stdin=TypedAtTheTerminal())
    assert "taken in another case, by maria" in capsys.readouterr().err
    assert User.objects.get(username="root").is_superuser


class TypedAtTheTerminal:
    """Standard input as a terminal, which createsuperuser asks its questions of."""

    def isatty(self):
        return True


def test_a_restart_keeps_a_demo_account_renamed_to_another_case(school):
    school()
    User.objects.filter(username="trainee1").update(username="Trainee1")
    school()
    assert list(User.objects.filter(username__iexact="trainee1").values_list("username", flat=True)) == ["Trainee1"]


def migrate(targets):
    MigrationExecutor(connection).migrate(targets)


def test_migrating_a_database_with_usernames_differing_only_in_case_names_them_and_changes_nothing(
    transactional_db,
):
    try:
        migrate(BEFORE)
        User.objects.create(username="maria", email="maria@school.example")
        User.objects.create(username="MARIA", email="other@school.example")
        User.objects.create(username="nell", email="Nell@School.example")
        User.objects.create(username="noor", email="nell@school.example")
        with pytest.raises(RuntimeError) as refused:
            migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())
        assert "username: MARIA, maria" in str(refused.value)
        assert "email: Nell@School.example (nell), nell@school.example (noor)" in str(refused.value)
        assert sorted(User.objects.values_list("username", flat=True)) == ["MARIA", "maria", "nell", "noor"]
        User.objects.filter(username="MARIA").update(username="maria.2")
        User.objects.filter(username="noor").update(email="")
        migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())
        with pytest.raises(IntegrityError), transaction.atomic():
            User.objects.create(username="Maria.2")
    finally:
        User.objects.all().delete()
        migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())


@pytest.mark.django_db
def test_the_migration_adds_the_constraints_the_database_enforces():
    with connection.cursor() as cursor:
        present = connection.introspection.get_constraints(cursor, User._meta.db_table)
    assert {constraint.name for constraint in ANY_CASE.CONSTRAINTS} <= set(present)
