"""An exam an instructor runs, in Chromium: edited before its first sitting, every trainee's standing on its page, a
certificate that waits for a trainee's full name until the instructor enters it, and the exam cancelled after asking.
axe finds no WCAG 2.1 AA violation on any of these pages."""

import re

import pytest
from accessibility import wcag_violations
from django.contrib.auth import get_user_model
from live_table import LiveSchool, TablePage, log_in, open_from_the_header
from playwright.sync_api import expect
from test_certificates_in_the_browser import publish_one_step_scenario

pytestmark = pytest.mark.e2e

SCENARIO = "One-step exam run"


def forget_name(username: str) -> None:
    """Leave a demo trainee with no full name."""
    get_user_model().objects.filter(username=username).update(first_name="", last_name="")


def test_an_instructor_edits_watches_names_and_cancels_an_exam(new_page, school: LiveSchool):
    school.query(publish_one_step_scenario, SCENARIO)
    school.query(forget_name, "trainee2")
    instructor = new_page()
    log_in(instructor, school, "instructor1")
    open_from_the_header(instructor, "Exams")
    instructor.get_by_role("link", name="Schedule an exam").click()
    instructor.get_by_label("Name").fill("Run-through")
    instructor.get_by_label("Cohort").select_option(label="Demo cohort")
    instructor.get_by_label("Scenario 1").select_option(label=f"{SCENARIO} (version 1)")
    instructor.get_by_role("button", name="Schedule the exam").click()
    instructor.get_by_role("link", name="Edit the exam").click()
    expect(instructor.get_by_label("Scenario 1")).to_have_value(re.compile(r"\d+"))
    assert wcag_violations(instructor) == [], "edit an exam"
    instructor.get_by_label("Name").fill("Run-through, week 2")
    instructor.get_by_role("button", name="Save the exam").click()
    expect(instructor.get_by_role("heading", name="Run-through, week 2")).to_be_visible()
    standings = instructor.get_by_role("table").first
    expect(standings.get_by_role("row").filter(has_text="trainee2")).to_contain_text("has not sat")
    assert wcag_violations(instructor) == [], "an exam with its trainees' standings"
    exam_url = instructor.url

    trainee = new_page()
    log_in(trainee, school, "trainee2")
    trainee.goto(exam_url)
    trainee.get_by_role("button", name="Begin sitting 1 of 1").click()
    trainee.wait_for_url(re.compile(r"/rounds/\d+/$"))
    table = TablePage(trainee, school, int(trainee.url.rstrip("/").rsplit("/", 1)[1]))
    table.deal_correctly_until(lambda action: action is None, verdict="Step recorded")
    table.score_card.get_by_role("link", name="Back to your exam sitting").click()
    expect(trainee.locator(".result-outcome")).to_have_text("Passed")
    expect(trainee.locator("#certificate-waits")).to_contain_text("your full name")
    expect(trainee.get_by_role("link", name="Download the PDF certificate")).to_have_count(0)
    assert wcag_violations(trainee) == [], "a passed sitting whose certificate waits for a name"

    instructor.reload()
    row = standings.get_by_role("row").filter(has_text="trainee2")
    expect(row).to_contain_text("passed: the certificate waits for the trainee's full name")
    expect(instructor.get_by_role("link", name="Edit the exam")).to_have_count(0)
    instructor.goto(trainee.url)
    instructor.get_by_label("Trainee's first name").fill("Sean")
    instructor.get_by_label("Trainee's last name").fill("O'Brien")
    assert wcag_violations(instructor) == [], "a sitting whose certificate waits, the instructor's page"
    instructor.get_by_role("button", name="Save the trainee's name").click()
    expect(instructor.get_by_role("link", name="Download the PDF certificate")).to_be_visible()
    expect(instructor.locator("#certificate-waits")).to_have_count(0)

    instructor.goto(exam_url)
    instructor.get_by_role("link", name="Cancel the exam").click()
    expect(instructor.get_by_role("heading", name="Cancel the exam “Run-through, week 2”?")).to_be_visible()
    assert wcag_violations(instructor) == [], "cancel an exam, the question"
    instructor.get_by_role("button", name="Cancel the exam").click()
    expect(instructor.get_by_text("This exam was cancelled")).to_be_visible()
    expect(standings.get_by_role("row").filter(has_text="Sean O'Brien")).to_contain_text("passed")
    assert wcag_violations(instructor) == [], "a cancelled exam"
