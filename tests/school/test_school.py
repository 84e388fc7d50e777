import re

from django.contrib.auth import get_user_model

from core.roles import Role, has_role
from school.models import Cohort

DEMO_USERNAMES = ("trainee1", "trainee2", "instructor1", "admin1")


def test_it_prints_the_url_and_the_four_demo_accounts_with_their_roles(school):
    output, accounts = school()
    assert "http://127.0.0.1:8000/" in output
    assert {username: role for username, (role, _) in accounts.items()} == {
        "trainee1": "Trainee",
        "trainee2": "Trainee",
        "instructor1": "Instructor",
        "admin1": "School administrator",
    }


def authenticate(username, password):
    """The account if the password is its own, else None (django-axes wants a request to authenticate)."""
    user = get_user_model().objects.get(username=username)
    return user if user.check_password(password) else None


def test_it_gives_each_account_its_role_and_the_printed_password(school):
    _, accounts = school()
    users = {
        username: authenticate(username=username, password=password) for username, (_, password) in accounts.items()
    }
    assert has_role(users["trainee1"], Role.TRAINEE)
    assert has_role(users["trainee2"], Role.TRAINEE)
    assert has_role(users["instructor1"], Role.INSTRUCTOR)
    assert not has_role(users["trainee1"], Role.INSTRUCTOR)
    assert not has_role(users["instructor1"], Role.TRAINEE)
    assert has_role(users["admin1"], Role.SCHOOL_ADMINISTRATOR)
    assert not has_role(users["instructor1"], Role.SCHOOL_ADMINISTRATOR)


def test_it_makes_only_the_school_administrator_staff(school):
    _, accounts = school()
    assert authenticate(username="admin1", password=accounts["admin1"][1]).is_staff
    assert not authenticate(username="instructor1", password=accounts["instructor1"][1]).is_staff
    assert not authenticate(username="trainee1", password=accounts["trainee1"][1]).is_staff


def test_it_puts_the_demo_trainees_in_a_demo_cohort_taught_by_the_demo_instructor(school):
    school()
    school()
    cohort = Cohort.objects.get(name="Demo cohort")
    assert sorted(cohort.trainees.values_list("username", flat=True)) == ["trainee1", "trainee2"]
    assert list(cohort.instructors.values_list("username", flat=True)) == ["instructor1"]


def test_a_restart_keeps_every_password_so_nobody_is_logged_out(school):
    _, first = school()
    output, second = school()
    assert second == {}, "no password is printed again"
    for username in DEMO_USERNAMES:
        assert re.search(rf"^  {username} .*--new-passwords replaces it", output, re.MULTILINE)
        assert authenticate(username=username, password=first[username][1]) is not None


def test_new_passwords_replaces_every_password_and_prints_them(school):
    _, first = school()
    _, second = school("--new-passwords")
    for username in DEMO_USERNAMES:
        assert first[username][1] != second[username][1]
        assert authenticate(username=username, password=first[username][1]) is None
        assert authenticate(username=username, password=second[username][1]) is not None


def test_every_demo_account_has_a_first_and_last_name_so_a_demo_certificate_is_not_held_for_one(school):
    school()
    for username in DEMO_USERNAMES:
        user = get_user_model().objects.get(username=username)
        assert user.first_name.strip() and user.last_name.strip(), username
        assert user.get_full_name() != username


def test_a_restart_keeps_a_name_given_since_and_names_an_account_left_without_one(school):
    school()
    users = get_user_model().objects
    users.filter(username="trainee1").update(first_name="Rosa", last_name="Delgado")
    users.filter(username="trainee2").update(first_name="", last_name="")
    school()
    assert users.get(username="trainee1").get_full_name() == "Rosa Delgado"
    assert users.get(username="trainee2").get_full_name().strip()
