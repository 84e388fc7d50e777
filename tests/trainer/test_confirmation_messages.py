"""Messages that confirm what an instructor just did: unlock a login, withdraw an assignment, reset a password."""

import datetime

import pytest
from django.urls import reverse
from django.utils import timezone
from table_helpers import make_instructor, make_trainee

from scenarios.scenario_versions import create_scenario, publish
from school.models import Assignment, Cohort
from simulator.scenarios import ScenarioSpec

pytestmark = pytest.mark.django_db


@pytest.fixture
def instructor(client):
    user = make_instructor()
    client.force_login(user)
    return user


@pytest.fixture
def cohort(instructor):
    found = Cohort.objects.create(name="Evening")
    found.instructors.add(instructor)
    found.trainees.add(make_trainee("alice"))
    return found


def test_unlocking_a_login_is_confirmed_by_a_message(client, cohort):
    alice = cohort.trainees.get()
    page = client.post(reverse("unlock_login", args=[cohort.pk, alice.pk]), follow=True).content.decode()
    assert "Unlocked the login of alice: they can log in again now." in page


def test_withdrawing_an_assignment_is_confirmed_by_a_message(client, cohort, instructor):
    spec = ScenarioSpec.from_json({"game": "down-under-blackjack"})
    scenario = publish(create_scenario("Due", instructor, spec)).scenario
    due = timezone.localdate() + datetime.timedelta(days=3)
    assignment = Assignment.objects.create(scenario=scenario, cohort=cohort, due_on=due, passes_required=1)
    url = reverse("withdraw_assignment", args=[cohort.pk, assignment.pk])
    page = client.post(url, follow=True).content.decode()
    assert "Withdrew Due: the rounds dealt for it stay in the history." in page


def test_resetting_a_password_is_confirmed_by_a_message(client, cohort):
    alice = cohort.trainees.get()
    page = client.post(reverse("reset_password", args=[cohort.pk, alice.pk])).content.decode()
    assert "Reset the password of alice: give them the new one below." in page
