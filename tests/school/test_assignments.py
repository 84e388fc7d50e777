"""Assignments: who may open the pages, the form's field errors, progress and statuses, the trainee's home."""

import datetime
import re
from fractions import Fraction

import pytest
from django.urls import reverse
from django.utils import timezone
from table_helpers import make_instructor, make_trainee, make_user

from core.roles import Role
from grading.scoring import PassRule, ScoreCard
from scenarios.models import RunRound, ScenarioRun
from scenarios.scenario_runs import rounds_per_attempt
from scenarios.scenario_versions import create_scenario, publish, save_draft
from school.assignments import MASTERY_RUN, Result, Status, progress_of, status_of
from school.models import Assignment, Cohort
from simulator.scenarios import ScenarioSpec
from trainer.models import Attempt

pytestmark = pytest.mark.django_db

TODAY = datetime.date(2026, 12, 1)
NOW = datetime.datetime(2026, 12, 1, 12, tzinfo=datetime.UTC)


def make_cohort(name, instructor, *trainees):
    cohort = Cohort.objects.create(name=name)
    cohort.instructors.add(instructor)
    cohort.trainees.add(*trainees)
    return cohort


def published_scenario(name="Tiger 9 drill"):
    """A published Pai Gow Poker scenario (version 1) by an instructor of its own."""
    spec = ScenarioSpec.from_json({"game": "pai-gow-poker"})
    return publish(create_scenario(name, make_instructor(f"author of {name}"), spec)).scenario


def assign(cohort, scenario, trainee=None, due_in_days=7, passes=1):
    return Assignment.objects.create(
        scenario=scenario,
        cohort=cohort,
        trainee=trainee,
        due_on=timezone.localdate() + datetime.timedelta(days=due_in_days),
        passes_required=passes,
    )


def finished_run(trainee, scenario, passed=True, critical_errors=0, rounds_over=None):
    """A run of the scenario's newest published version, every round over (or only ``rounds_over`` of them), each
    round's card 10 steps with 10 right (passed) or 5 (not), under a rule allowing the critical errors given."""
    version = scenario.published_version()
    rule = PassRule(critical_error_fails=not critical_errors)
    correct = 10 if passed else 5
    figures = {"steps": 10, "attempts": 10, "correct": correct, "errors": (), "total_ms": 1000, "rule": rule}
    card = ScoreCard(
        **figures,
        critical_errors=critical_errors,
        accuracy=Fraction(correct, 10),
        passed=passed,
        failures=(),
        step_times=(),
        skills=(),
    )
    run = ScenarioRun.objects.create(trainee=trainee, scenario_version=version)
    rounds = rounds_per_attempt(version) if rounds_over is None else rounds_over
    for position in range(1, rounds + 1):
        attempt = Attempt.objects.create(
            trainee=trainee,
            table=version.table,
            scenario_version=version,
            score_card=card.to_json(),
            pass_rule=rule.to_json(),
            finished_at=timezone.now(),
        )
        RunRound.objects.create(run=run, position=position, attempt=attempt)
    return run


@pytest.fixture
def cohort():
    """Ivy's evening class with Alice and Bob in it."""
    return make_cohort("Evening class", make_instructor("ivy"), make_trainee("alice"), make_trainee("bob"))


@pytest.fixture
def scenario():
    return published_scenario()


def form(chosen, **fields):
    due = (timezone.localdate() + datetime.timedelta(days=7)).isoformat()
    return {"scenario": chosen.pk, "trainee": "", "due_on": due, "passes_required": "2"} | fields


def assignment_pages(cohort, assignment):
    return [
        ("get", reverse("assignments", args=[cohort.pk])),
        ("post", reverse("assignments", args=[cohort.pk])),
        ("get", reverse("withdraw_assignment", args=[cohort.pk, assignment.pk])),
        ("post", reverse("withdraw_assignment", args=[cohort.pk, assignment.pk])),
    ]


# ----- who may open the pages -----


def test_a_trainee_gets_403_on_every_assignment_page(client, cohort, scenario):
    client.force_login(cohort.trainees.first())
    for method, url in assignment_pages(cohort, assign(cohort, scenario)):
        assert getattr(client, method)(url).status_code == 403, url
    assert Assignment.objects.count() == 1


def test_an_outsider_is_sent_to_the_login_page_from_every_assignment_page(client, cohort, scenario):
    for method, url in assignment_pages(cohort, assign(cohort, scenario)):
        response = getattr(client, method)(url)
        assert response.status_code == 302 and response.url.startswith(reverse("login")), url


def test_a_signed_in_account_without_a_role_gets_403(client, cohort, scenario):
    client.force_login(make_user("walk-in"))
    for method, url in assignment_pages(cohort, assign(cohort, scenario)):
        assert getattr(client, method)(url).status_code == 403, url


def test_an_instructor_finds_no_other_instructors_cohort_and_withdraws_nothing_there(client, cohort, scenario):
    other = make_cohort("Morning class", make_instructor("otto"), make_trainee("carol"))
    theirs = assign(other, scenario)
    client.force_login(cohort.instructors.get())
    for method, url in assignment_pages(other, theirs):
        assert getattr(client, method)(url, form(scenario)).status_code == 404, url
    assert client.post(reverse("withdraw_assignment", args=[cohort.pk, theirs.pk])).status_code == 404
    assert list(Assignment.objects.all()) == [theirs]


def test_a_school_administrator_assigns_to_any_cohort(client, cohort, scenario):
    client.force_login(make_user("ada", Role.SCHOOL_ADMINISTRATOR))
    response = client.post(reverse("assignments", args=[cohort.pk]), form(scenario))
    assert response.status_code == 302 and Assignment.objects.get().cohort == cohort
    page = client.get(reverse("assignments", args=[cohort.pk])).text
    assert "Tiger 9 drill" in page and reverse("scenarios") not in page


# ----- assigning -----


def test_an_instructor_assigns_a_published_scenario_to_the_cohort_and_sees_each_trainees_passes(
    client, cohort, scenario
):
    instructor = cohort.instructors.get()
    client.force_login(instructor)
    response = client.post(reverse("assignments", args=[cohort.pk]), form(scenario))
    assignment = Assignment.objects.get()
    assert response.url == reverse("assignments", args=[cohort.pk])
    assert (assignment.trainee, assignment.passes_required, assignment.assigned_by) == (None, 2, instructor)
    finished_run(cohort.trainees.get(username="alice"), scenario)
    page = client.get(response.url).text
    assert "to everyone in the cohort" in page
    rows = re.findall(r'<th scope="row">(\w+)</th>\s*<td>(\d+) of 2</td>', page)
    assert rows == [("alice", "1"), ("bob", "0")]


def test_an_instructor_assigns_a_scenario_to_one_trainee_of_the_cohort(client, cohort, scenario):
    client.force_login(cohort.instructors.get())
    bob = cohort.trainees.get(username="bob")
    client.post(reverse("assignments", args=[cohort.pk]), form(scenario, trainee=bob.pk))
    assert Assignment.objects.get().trainee == bob
    page = client.get(reverse("assignments", args=[cohort.pk])).text
    assert re.findall(r'<th scope="row">(\w+)</th>', page) == ["bob"]


def test_a_due_date_of_today_is_accepted(client, cohort, scenario):
    client.force_login(cohort.instructors.get())
    fields = form(scenario, due_on=timezone.localdate().isoformat())
    assert client.post(reverse("assignments", args=[cohort.pk]), fields).status_code == 302


@pytest.mark.parametrize(
    ("fields", "field", "message"),
    [
        ({"due_on": "2001-01-01"}, "due_on", "The due date is in the past"),
        ({"due_on": "someday"}, "due_on", "Give the due date as a date"),
        ({"due_on": ""}, "due_on", "Choose a due date."),
        ({"passes_required": "0"}, "passes_required", "At least one pass is required."),
        ({"passes_required": "-3"}, "passes_required", "At least one pass is required."),
        ({"passes_required": "101"}, "passes_required", "At most 100 passes"),
        ({"passes_required": "two"}, "passes_required", "from 1 to 100"),
        ({"scenario": ""}, "scenario", "Choose a published scenario."),
    ],
)
def test_a_wrong_field_gets_its_error_beside_it_and_nothing_is_assigned(
    client, cohort, scenario, fields, field, message
):
    client.force_login(cohort.instructors.get())
    response = client.post(reverse("assignments", args=[cohort.pk]), form(scenario, **fields))
    page = response.text
    assert response.status_code == 400 and "Nothing was assigned" in page
    assert message in page.split(f'id="id_{field}_error">')[1].split("</ul>")[0]
    assert not Assignment.objects.exists()


def test_a_draft_scenario_cannot_be_assigned(client, cohort):
    draft = create_scenario("Draft", make_instructor("otto"), ScenarioSpec.from_json({"game": "pai-gow-poker"}))
    client.force_login(cohort.instructors.get())
    response = client.post(reverse("assignments", args=[cohort.pk]), form(draft.scenario))
    assert response.status_code == 400 and "Choose a published scenario." in response.text
    assert not Assignment.objects.exists()


def test_a_trainee_outside_the_cohort_cannot_be_assigned(client, cohort, scenario):
    outsider = make_trainee("carol")
    make_cohort("Morning class", make_instructor("otto"), outsider)
    client.force_login(cohort.instructors.get())
    response = client.post(reverse("assignments", args=[cohort.pk]), form(scenario, trainee=outsider.pk))
    assert response.status_code == 400 and "Choose a trainee of this cohort" in response.text
    assert not Assignment.objects.exists()


def test_withdrawing_an_assignment_keeps_the_runs_dealt_for_it(client, cohort, scenario):
    assignment = assign(cohort, scenario)
    finished_run(cohort.trainees.get(username="alice"), scenario)
    client.force_login(cohort.instructors.get())
    response = client.post(reverse("withdraw_assignment", args=[cohort.pk, assignment.pk]))
    assert response.url == reverse("assignments", args=[cohort.pk])
    assert not Assignment.objects.exists() and Attempt.objects.count() == 1


def test_withdraw_asks_first_and_withdraws_nothing_until_confirmed(client, cohort, scenario):
    assignment = assign(cohort, scenario)
    client.force_login(cohort.instructors.get())
    address = reverse("withdraw_assignment", args=[cohort.pk, assignment.pk])
    assert f'href="{address}"' in client.get(reverse("assignments", args=[cohort.pk])).text
    page = client.get(address)
    assert page.status_code == 200 and f"Withdraw {scenario.name}, due" in page.text
    assert f'<form method="post" action="{address}"' in page.text
    assert f'href="{reverse("assignments", args=[cohort.pk])}">Cancel</a>' in page.text
    assert list(Assignment.objects.all()) == [assignment]


def test_the_cohort_page_links_to_its_assignments(client, cohort):
    client.force_login(cohort.instructors.get())
    assert reverse("assignments", args=[cohort.pk]) in client.get(reverse("cohort", args=[cohort.pk])).text


# ----- statuses -----


def results(*cards):
    """Results from (passed, critical errors) pairs, oldest first."""
    return [Result(NOW, passed, critical) for passed, critical in cards]


@pytest.mark.parametrize(
    ("due_in_days", "status"),
    [(30, Status.ASSIGNED), (3, Status.ASSIGNED), (2, Status.DUE_SOON), (0, Status.DUE_SOON), (-1, Status.OVERDUE)],
)
def test_a_trainee_short_of_passes_is_assigned_due_soon_or_overdue_by_the_due_date(due_in_days, status):
    due_on = TODAY + datetime.timedelta(days=due_in_days)
    assert status_of(results((True, 0), (False, 0)), 2, due_on, TODAY) is status


def test_reaching_the_passes_is_done_even_after_the_due_date():
    assert status_of(results((True, 0), (False, 2), (True, 0)), 2, TODAY - datetime.timedelta(days=5), TODAY) is (
        Status.DONE
    )


def test_mastered_is_done_with_the_last_three_runs_passed_without_a_critical_error():
    clean = [(True, 0)] * MASTERY_RUN
    assert status_of(results((False, 3), *clean), 1, TODAY, TODAY) is Status.MASTERED
    assert status_of(results(*clean[1:]), 1, TODAY, TODAY) is Status.DONE
    passed_with_a_critical_error = (True, 1)
    assert status_of(results(*clean, passed_with_a_critical_error), 1, TODAY, TODAY) is Status.DONE
    assert status_of(results(*clean, (False, 0)), 1, TODAY, TODAY) is Status.DONE


def test_only_passed_runs_begun_since_the_assignment_count_and_a_run_of_any_version_does(cohort, scenario):
    alice = cohort.trainees.get(username="alice")
    finished_run(alice, scenario)
    assignment = assign(cohort, scenario, passes=3)
    finished_run(alice, scenario)
    finished_run(alice, scenario, passed=False)
    version_2 = publish(save_draft(scenario, ScenarioSpec.from_json({"game": "pai-gow-poker", "rounds": 2})))
    assert scenario.published_version() == version_2
    finished_run(alice, scenario)
    finished_run(alice, scenario, rounds_over=1)
    (progress,) = progress_of([(assignment, alice)])
    assert (progress.passes, progress.status) == (2, Status.ASSIGNED)


def test_a_pass_is_a_run_whose_rounds_together_pass_not_a_passed_round(cohort):
    """Round 1 all right (10 of 10), round 2 half right (5 of 10): the run's 15 of 20 is under the 90% mark."""
    alice = cohort.trainees.get(username="alice")
    two_rounds = published_scenario("Two rounds")
    save_draft(two_rounds, ScenarioSpec.from_json({"game": "pai-gow-poker", "rounds": 2}))
    publish(two_rounds.latest_version())
    assignment = assign(cohort, two_rounds)
    run = finished_run(alice, two_rounds)
    first, second = (run_round.attempt for run_round in run.rounds.order_by("position"))
    half_right = second.score_card | {"correct": 5, "accuracy": "1/2", "passed": False}
    Attempt.objects.filter(pk=second.pk).update(score_card=half_right)
    (progress,) = progress_of([(assignment, alice)])
    assert (first.score_card["passed"], progress.passes, progress.status) == (True, 0, Status.ASSIGNED)
    finished_run(alice, two_rounds)
    (progress,) = progress_of([(assignment, alice)])
    assert (progress.passes, progress.status) == (1, Status.DONE)


def test_mastered_reads_the_last_three_finished_runs(cohort, scenario):
    alice = cohort.trainees.get(username="alice")
    assignment = assign(cohort, scenario)
    finished_run(alice, scenario, critical_errors=1)
    for _ in range(MASTERY_RUN - 1):
        finished_run(alice, scenario)
    (progress,) = progress_of([(assignment, alice)])
    assert (progress.passes, progress.status) == (MASTERY_RUN, Status.DONE)
    finished_run(alice, scenario)
    (progress,) = progress_of([(assignment, alice)])
    assert (progress.passes, progress.status) == (MASTERY_RUN + 1, Status.MASTERED)


# ----- the trainee's home -----


def test_a_trainees_home_shows_what_is_assigned_to_them_and_their_cohort_with_a_button_to_deal_it(
    client, cohort, scenario
):
    alice, bob = cohort.trainees.get(username="alice"), cohort.trainees.get(username="bob")
    assign(cohort, scenario, due_in_days=10, passes=2)
    assign(cohort, published_scenario("Bob's drill"), trainee=bob)
    solo = published_scenario("Alice's drill")
    assign(cohort, solo, trainee=alice, due_in_days=-1)
    finished_run(alice, scenario)
    client.force_login(alice)
    page = client.get(reverse("home")).text
    assert "Bob's drill" not in page
    row = r'<th scope="row">([^<]+)</th>\s*<td>[^<]+</td>\s*<td>(\d+ of \d+)</td>\s*<td><span[^>]*>(\w[\w ]*)<'
    rows = re.findall(row, page)
    assert rows == [("Alice&#39;s drill", "0 of 1", "Overdue"), ("Tiger 9 drill", "1 of 2", "Assigned")]
    deal = reverse("scenario_deal", args=[scenario.published_version().pk])
    assert f'action="{deal}"' in page and "Deal Tiger 9 drill" in page
    response = client.post(deal)
    assert Attempt.objects.get(pk=response.url.split("/")[-2]).scenario_version.scenario == scenario


def test_a_trainees_home_says_when_nothing_is_assigned(client):
    client.force_login(make_trainee())
    page = client.get(reverse("home")).text
    assert "Nothing is assigned to you." in page and "Live tables" not in page


def test_the_deal_button_deals_the_newest_published_version(client, cohort, scenario):
    assign(cohort, scenario)
    version_2 = publish(save_draft(scenario, ScenarioSpec.from_json({"game": "pai-gow-poker", "rounds": 2})))
    save_draft(scenario, ScenarioSpec.from_json({"game": "pai-gow-poker", "rounds": 3}))
    client.force_login(cohort.trainees.get(username="alice"))
    page = client.get(reverse("home")).text
    assert f'action="{reverse("scenario_deal", args=[version_2.pk])}"' in page
