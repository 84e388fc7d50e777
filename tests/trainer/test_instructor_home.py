"""The instructor's home: live tables first (who deals, where, the step they are on, accuracy), then overdue work."""

import datetime
import re

import pytest
from django.urls import reverse
from django.utils import timezone
from markupsafe import escape
from table_helpers import (
    demo_table,
    frame_for,
    make_instructor,
    make_trainee,
    make_user,
    read_dealer_step,
    step_controls,
)
from test_assignments import finished_run

from core.roles import Role
from scenarios.scenario_versions import create_scenario, publish
from school.models import Assignment, Cohort
from simulator.core.money import format_cents
from simulator.scenarios import ScenarioSpec
from trainer import round_store, services
from trainer.models import Attempt, Mode

pytestmark = pytest.mark.django_db


@pytest.fixture
def cohort():
    """Ivy's evening class with Alice and Bob in it."""
    cohort = Cohort.objects.create(name="Evening class")
    cohort.instructors.add(make_instructor("ivy"))
    cohort.trainees.add(make_trainee("alice"), make_trainee("bob"))
    return cohort


def take(attempt, step, **arguments):
    """The trainee sends one step (its frame as the browser sends it) at the frame number that follows."""
    attempt.refresh_from_db()
    frame = {"step": step, "seq": str(attempt.last_sequence + 1), **arguments}
    return services.apply_step(attempt.pk, attempt.trainee, read_dealer_step(attempt, frame))


def take_the_right_step(attempt):
    attempt.refresh_from_db()
    action = round_store.live_round(attempt).next_action()
    frame = frame_for(action, attempt.last_sequence + 1)
    return services.apply_step(attempt.pk, attempt.trainee, read_dealer_step(attempt, frame))


def live_rows(page):
    """Each live table's row: who deals, the step they are on, the accuracy so far."""
    section = page.split("<h2>Live tables</h2>")[1].split("<h2>")[0]
    return re.findall(r'<th scope="row">(\w+)<br>.*?</td>\s*<td>([^<]+)</td>\s*<td>([^<]+)</td>', section, re.S)


def test_an_instructor_sees_their_trainees_live_tables_first_with_the_step_they_are_on_and_the_accuracy(client, cohort):
    alice = cohort.trainees.get(username="alice")
    attempt = services.start_round(alice, demo_table(), Mode.PRACTICE, seed_value=3)
    client.force_login(cohort.instructors.get())
    page = client.get(reverse("home")).text
    assert page.index("<h2>Live tables</h2>") < page.index("<h2>Your cohorts</h2>") < page.index("What you can do")
    assert live_rows(page) == [
        ("alice", escape(step_controls(attempt.table.game)["announce_no_more_bets"].label), "no step yet")
    ]
    assert f'href="{reverse("attempt", args=[attempt.pk])}"' in page and "Watch" in page

    assert not take(attempt, "uncover_shaker").graded.correct
    assert take_the_right_step(attempt).graded.correct
    next_step = round_store.live_round(attempt).next_action().step
    assert take_the_right_step(attempt).graded.correct
    page = client.get(reverse("home")).text
    (row,) = live_rows(page)
    assert row[1] != escape(step_controls(attempt.table.game)[next_step].label)
    assert row[1] == escape(step_controls(attempt.table.game)[round_store.live_round(attempt).next_action().step].label)
    assert row[2] == "50.0% of 2 steps"


def test_the_instructors_home_never_shows_the_deck_the_seed_the_mystery_hit_or_the_steps_answer(client, cohort):
    alice = cohort.trainees.get(username="alice")
    attempt = services.start_round(alice, demo_table(), Mode.EXAM, seed_value=987654321987)
    client.force_login(cohort.instructors.get())
    round_ = round_store.live_round(attempt)
    while round_.next_action().step != "pay_wager":
        take_the_right_step(attempt)
        round_ = round_store.live_round(attempt)
    page = client.get(reverse("home")).text
    assert live_rows(page)[0][1] == "Pay"
    assert "987654321987" not in page
    assert " ".join(str(card) for card in round_.deck) not in page
    assert format_cents(round_.next_action().arguments["amount"]) not in page.split("<h2>Your cohorts</h2>")[0]
    assert format_cents(round_.mystery.meter._hit_value) not in page
    assert not re.search(r'class="card[ "]', page)


def test_an_instructor_sees_no_live_table_of_another_cohort_and_a_school_administrator_sees_every_one(client, cohort):
    other = Cohort.objects.create(name="Morning class")
    other.instructors.add(make_instructor("otto"))
    other.trainees.add(make_trainee("carol"))
    services.start_round(other.trainees.get(), demo_table(), Mode.PRACTICE)
    services.start_round(cohort.trainees.get(username="bob"), demo_table(), Mode.PRACTICE)
    client.force_login(cohort.instructors.get())
    page = client.get(reverse("home")).text
    assert [row[0] for row in live_rows(page)] == ["bob"] and "Morning class" not in page
    client.force_login(make_user("ada", Role.SCHOOL_ADMINISTRATOR))
    page = client.get(reverse("home")).text
    assert sorted(row[0] for row in live_rows(page)) == ["bob", "carol"]
    assert "Evening class" in page and "Morning class" in page


def test_a_finished_round_is_not_a_live_table(client, cohort):
    attempt = services.start_round(cohort.trainees.get(username="bob"), demo_table(), Mode.PRACTICE)
    Attempt.objects.filter(pk=attempt.pk).update(finished_at=timezone.now(), score_card={"passed": True})
    client.force_login(cohort.instructors.get())
    assert "No trainee of yours is dealing right now." in client.get(reverse("home")).text


def test_the_instructors_home_lists_each_cohort_with_the_trainees_short_of_passes_after_the_due_date(client, cohort):
    scenario = publish(
        create_scenario("Tiger 9 drill", make_instructor("author"), ScenarioSpec.from_json({"game": "pai-gow-poker"}))
    ).scenario
    yesterday = timezone.localdate() - datetime.timedelta(days=1)
    overdue = Assignment.objects.create(scenario=scenario, cohort=cohort, due_on=yesterday, passes_required=1)
    Assignment.objects.create(scenario=scenario, cohort=cohort, due_on=timezone.localdate(), passes_required=1)
    finished_run(cohort.trainees.get(username="bob"), scenario)
    client.force_login(cohort.instructors.get())
    section = client.get(reverse("home")).text.split("<h2>Your cohorts</h2>")[1].split("<h2>")[0]
    assert "Evening class" in section and reverse("assignments", args=[cohort.pk]) in section
    assert f"Tiger 9 drill, due {overdue.due_on:%b} {overdue.due_on.day}" in section
    assert "alice (0 of 1 pass)" in section and "bob" not in section
    assert section.count("Overdue") == 1


def test_an_instructor_without_a_cohort_is_told_where_to_create_one(client):
    client.force_login(make_instructor())
    page = client.get(reverse("home")).text
    assert "You teach no cohort yet" in page and "Assigned to you" not in page


def test_a_school_administrators_home_speaks_of_every_table_and_every_cohort_not_their_own(client, cohort):
    client.force_login(make_user("ada", Role.SCHOOL_ADMINISTRATOR))
    page = client.get(reverse("home")).text
    assert "No trainee is dealing right now." in page and "<h2>Every cohort</h2>" in page
    assert "of yours" not in page and "Your cohorts" not in page
