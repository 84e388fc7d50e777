"""Issue 11's whole path in the browser: a class imported, a rigged scenario built and assigned, dealt and watched.

An instructor imports a class from a CSV, builds a Tiger 9 scenario with a mystery hit on round 2, previews and
publishes it, and assigns it to the cohort with a due date; a trainee of the class logs in with the password the
import showed, finds it on their home page and deals its two rounds, the second watched live by the instructor from
their home; the assignment's pass comes with the attempt, its two rounds together, not with the first round.
"""

import datetime
from pathlib import Path

import pytest
from accessibility import wcag_violations
from live_table import LiveSchool, TablePage, log_in, open_from_the_header
from playwright.sync_api import Page, expect
from test_scenario_builder import fill_in_a_tiger_9_with_a_mystery_hit, publish_from_the_preview

pytestmark = pytest.mark.e2e

SCENARIO = "Tiger 9, mystery on round 2"
ROSTER = "name,email\nDana Scully,dana@example.org\nFox Mulder,fox@example.org\n"


def import_a_class(page: Page, school: LiveSchool) -> str:
    """The instructor creates a cohort and imports two trainees; Dana's username, her password kept by the school."""
    open_from_the_header(page, "Cohorts")
    page.get_by_role("link", name="New cohort").click()
    page.get_by_label("Name").fill("Autumn class")
    page.get_by_role("button", name="Create the cohort").click()
    page.get_by_role("link", name="Import a CSV of trainees").click()
    page.get_by_label("Or paste the CSV").fill(ROSTER)
    page.get_by_role("button", name="Check the CSV").click()
    page.get_by_role("button", name="Create the 2 accounts").click()
    row = page.get_by_role("row").filter(has=page.get_by_role("rowheader", name="dana@example.org"))
    school.passwords["dana@example.org"] = row.locator("code.password").inner_text()
    page.get_by_role("link", name="Back to Autumn class").click()
    return "dana@example.org"


def build_and_publish_the_scenario(page: Page) -> None:
    """The instructor builds a rigged Tiger 9 with the Mystery Bonus hitting on round 2, previews and publishes it."""
    page.goto("/")
    open_from_the_header(page, "Scenarios")
    page.get_by_role("link", name="Build a new scenario").click()
    fill_in_a_tiger_9_with_a_mystery_hit(page, SCENARIO, mystery_round=2, rounds=2)
    page.get_by_role("button", name="Save and preview").click()
    expect(page.get_by_role("heading", name=f"Preview: {SCENARIO}, version 1")).to_be_visible()
    expect(page.locator(".narration")).to_contain_text("Tiger 9")
    publish_from_the_preview(page, 1)
    expect(page.get_by_role("listitem").filter(has_text=SCENARIO)).to_contain_text("published")


def assign_it_to_the_cohort(page: Page, due_on: datetime.date, screenshots: Path) -> None:
    """From the cohort's page, the instructor assigns the scenario to everyone in it, one pass by the due date."""
    page.goto("/cohorts/")
    page.get_by_role("link", name="Autumn class").click()
    page.get_by_role("link", name="Assignments", exact=True).click()
    assert wcag_violations(page) == [], "the cohort's assignments, empty"
    page.get_by_label("Scenario").select_option(label=SCENARIO)
    page.get_by_label("Due date").fill("2001-01-01")
    page.get_by_label("Passes required").fill("1")
    page.get_by_role("button", name="Assign").click()
    expect(page.get_by_role("alert")).to_contain_text("Nothing was assigned")
    expect(page.get_by_text("The due date is in the past")).to_be_visible()
    assert wcag_violations(page) == [], "the assignment form with its errors"
    page.get_by_label("Due date").fill(due_on.isoformat())
    page.get_by_role("button", name="Assign").click()
    expect(page.get_by_role("heading", name=f"{SCENARIO}, due {due_on:%b} {due_on.day}, {due_on.year}")).to_be_visible()
    for name in ("Dana Scully", "Fox Mulder"):
        expect(page.get_by_role("row").filter(has=page.get_by_role("rowheader", name=name))).to_contain_text("0 of 1")
    assert wcag_violations(page) == [], "the cohort's assignments with progress"
    page.screenshot(path=screenshots / "cohort-assignments.png", full_page=True)


def test_an_instructor_imports_a_class_builds_and_assigns_a_rigged_scenario_a_trainee_deals_it_and_it_is_watched(
    new_page, school: LiveSchool, screenshots
):
    instructor = new_page()
    log_in(instructor, school, "instructor1")
    dana = import_a_class(instructor, school)
    build_and_publish_the_scenario(instructor)
    due_on = datetime.date.today() + datetime.timedelta(days=14)
    assign_it_to_the_cohort(instructor, due_on, screenshots)

    trainee = new_page()
    log_in(trainee, school, dana)
    assignment = trainee.get_by_role("row").filter(has=trainee.get_by_role("rowheader", name=SCENARIO))
    expect(assignment).to_contain_text("0 of 1")
    expect(assignment).to_contain_text("Assigned")
    assert wcag_violations(trainee) == [], "the trainee's home with an assignment"
    trainee.screenshot(path=screenshots / "home-trainee-assigned.png", full_page=True)
    assignment.get_by_role("button", name=f"Deal {SCENARIO}").click()
    expect(trainee.locator("body[data-ws-ready]")).to_have_count(1)
    table = TablePage(trainee, school, int(trainee.url.rstrip("/").rsplit("/", 1)[1]))
    expect(trainee.get_by_text("Round 1 of 2 of this attempt at the scenario")).to_be_visible()
    table.deal_correctly_until(lambda action: action is None)
    expect(table.score_card).to_contain_text("Score card: passed")
    expect(table.score_card).to_contain_text("Round 1 of 2 of this attempt: the attempt is judged")
    expect(trainee.locator("#table-log")).not_to_contain_text("the Mystery Bonus of")

    trainee.goto("/")
    expect(assignment).to_contain_text("0 of 1")
    expect(assignment).to_contain_text("Assigned")
    assignment.get_by_role("button", name=f"Deal {SCENARIO}").click()
    table = TablePage(trainee, school, int(trainee.url.rstrip("/").rsplit("/", 1)[1]))
    expect(trainee.get_by_text("Round 2 of 2 of this attempt at the scenario")).to_be_visible()
    steps_taken = iter(range(3, -1, -1))
    table.deal_correctly_until(lambda action: next(steps_taken) == 0)
    step_on = table.expected()
    assert step_on is not None

    instructor.goto("/")
    live = instructor.get_by_role("row").filter(has=instructor.get_by_role("rowheader", name="Dana Scully"))
    expect(live).to_contain_text(SCENARIO)
    expect(live).to_contain_text(table.controls[step_on.step].label)
    expect(live).to_contain_text("100.0% of 3 steps")
    assert wcag_violations(instructor) == [], "the instructor's home with a live table"
    instructor.screenshot(path=screenshots / "home-instructor-live-tables.png", full_page=True)
    live.get_by_role("link", name="Watch").click()
    expect(instructor.locator("body[data-ws-ready]")).to_have_count(1)
    expect(instructor.get_by_text("watching, read-only")).to_be_visible()

    table.deal_correctly_until(lambda action: action is None)
    expect(table.score_card).to_contain_text("Score card: passed")
    expect(table.score_card).to_contain_text("Round 2 of 2: the attempt passed")
    assert wcag_violations(trainee) == [], "the score card of a scenario's last round with the attempt's result"
    expect(instructor.locator("#table-log")).to_contain_text("the Mystery Bonus of")

    trainee.goto("/")
    expect(assignment).to_contain_text("1 of 1")
    expect(assignment).to_contain_text("Done")
