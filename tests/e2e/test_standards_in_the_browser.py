"""Standards in Chromium: an instructor opens a table's standards from the tables page, is refused a target time out
of bounds beside its field, saves one, and sets a scenario's target times; axe finds no WCAG 2.1 AA violation."""

import re

import pytest
from accessibility import wcag_violations
from live_table import LiveSchool, log_in, open_from_the_header
from playwright.sync_api import expect
from test_certificates_in_the_browser import publish_one_step_scenario

pytestmark = pytest.mark.e2e

SCENARIO = "Standards drill"


def test_an_instructor_sets_a_tables_standards_and_a_scenarios_target_times(new_page, school: LiveSchool):
    school.query(publish_one_step_scenario, SCENARIO)
    page = new_page()
    log_in(page, school, "instructor1")
    open_from_the_header(page, "Tables")
    page.get_by_role("link", name=re.compile(r"^Standards of ")).first.click()
    expect(page.get_by_role("heading", name=re.compile(r"^Standards of "))).to_be_visible()
    dice = page.get_by_label("Calling the dice (seconds)")
    expect(dice).to_have_attribute("placeholder", "5")
    expect(dice).to_have_accessible_description("The school's default: 5 s. Empty for the default.")
    assert wcag_violations(page) == [], "a table's standards"
    dice.fill("0")
    page.locator("main form").evaluate("form => { form.noValidate = true; }")  # the server's refusal, not Chromium's
    page.get_by_role("button", name="Save the standards").click()
    expect(page.get_by_text("Ensure this value is greater than or equal to 1.")).to_be_visible()
    assert wcag_violations(page) == [], "a table's standards, with an error"
    page.get_by_label("Calling the dice (seconds)").fill("4")
    page.get_by_role("button", name="Save the standards").click()
    expect(page.get_by_role("status")).to_contain_text("are saved")
    expect(page.get_by_label("Calling the dice (seconds)")).to_have_value("4")

    open_from_the_header(page, "Scenarios")
    page.get_by_role("link", name=f"Target times of {SCENARIO}").click()
    expect(page.get_by_text("The pass rule is set in")).to_be_visible()
    assert wcag_violations(page) == [], "a scenario's target times"
    page.get_by_label("Calling the dice (seconds)").fill("3")
    page.get_by_role("button", name="Save the standards").click()
    expect(page.get_by_role("status")).to_contain_text("saved in draft version 2")
