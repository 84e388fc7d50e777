"""Queries and the login read within bounds: a number or a text past them answers 400 or a field error, never a 500.

The inputs come from a security probe (issue 30, item 4). These tests run on SQLite and, with DATABASE_URL set, on
PostgreSQL, whose columns refuse what SQLite keeps silently.
"""

import pytest
from axes.models import AccessAttempt
from django.urls import reverse
from table_helpers import make_instructor, make_trainee

from scenarios.scenario_versions import create_scenario
from school.models import Cohort
from simulator.games import GAMES
from simulator.scenarios import ScenarioSpec

pytestmark = [pytest.mark.storage, pytest.mark.django_db]

NO_NUMBERS = ("9" * 5000, "9" * 20, "2147483648", "²", "٥", "-1", "1.0", " 1", "1\n", "")
"""Query numbers the probe sent, and their kin: digits past Python's limit or a column's, or only like a number."""


def test_a_username_longer_than_its_column_at_login_is_a_field_error(client):
    make_trainee("alice")
    response = client.post(reverse("login"), {"username": "u" * 256, "password": "wrong"}, REMOTE_ADDR="10.0.0.1")
    assert response.status_code == 200 and "A username is at most 150 characters (this one is 256)." in response.text
    assert not AccessAttempt.objects.exists(), "no password was checked"
    right = client.post(reverse("login"), {"username": "alice", "password": "pw"}, REMOTE_ADDR="10.0.0.1")
    assert right.status_code == 302


@pytest.fixture
def cohort_of_ivy(client):
    """Ivy, signed in, teaching Alice; the cohort."""
    ivy = make_instructor("ivy", teaching=[make_trainee("alice")])
    client.force_login(ivy)
    return Cohort.objects.get(instructors=ivy)


@pytest.mark.parametrize("trainee", NO_NUMBERS)
def test_an_errors_list_trainee_that_is_no_number_of_nine_digits_is_400(client, cohort_of_ivy, trainee):
    response = client.get(
        reverse("error_attempts", args=[cohort_of_ivy.pk]), {"clause": "§645b.2(f)(2)", "trainee": trainee}
    )
    assert response.status_code == 400 and "The trainee is given by their number" in response.text


def test_an_errors_list_trainee_of_nine_digits_no_account_has_is_404(client, cohort_of_ivy):
    response = client.get(
        reverse("error_attempts", args=[cohort_of_ivy.pk]), {"clause": "§645b.2(f)(2)", "trainee": "9" * 9}
    )
    assert response.status_code == 404


def test_an_errors_list_clause_longer_than_any_citation_is_400(client, cohort_of_ivy):
    response = client.get(reverse("error_attempts", args=[cohort_of_ivy.pk]), {"clause": "§" * 201})
    assert response.status_code == 400 and "at most 200 characters" in response.text


@pytest.mark.parametrize("shown", NO_NUMBERS)
def test_a_preview_round_that_is_no_number_of_nine_digits_is_400(client, shown):
    instructor = make_instructor("ivy")
    client.force_login(instructor)
    game = next(iter(GAMES.values()))
    scenario = create_scenario("Bounds", instructor, ScenarioSpec.from_json({"game": game.key})).scenario
    response = client.get(reverse("scenario_preview", args=[scenario.pk]), {"round": shown})
    assert response.status_code == 400 and "The round to show is given by its number" in response.text


def test_a_builders_name_longer_than_any_query_text_is_400(client):
    client.force_login(make_instructor("ivy"))
    assert client.get(reverse("scenario_new"), {"name": "N" * 120}).status_code == 200
    response = client.get(reverse("scenario_new"), {"name": "N" * 201})
    assert response.status_code == 400 and "at most 200 characters" in response.text
