"""An instructor in the browser: a new cohort, a CSV of three trainees previewed and imported, and axe on each page."""

import pytest
from accessibility import wcag_violations
from live_table import LiveSchool, log_in, open_from_the_header
from playwright.sync_api import expect

pytestmark = pytest.mark.e2e

ROSTER = "name,email\nAda Lovelace,ada@example.org\nGrace Hopper,grace@example.org\nAlan Turing,alan@example.org\n"


def test_an_instructor_imports_three_trainees_from_a_csv_after_the_preview(new_page, school: LiveSchool):
    page = new_page()
    log_in(page, school, "instructor1")
    open_from_the_header(page, "Cohorts")
    expect(page.get_by_role("link", name="Demo cohort")).to_be_visible()
    assert wcag_violations(page) == [], "the list of cohorts"
    page.get_by_role("link", name="New cohort").click()
    assert wcag_violations(page) == [], "a new cohort"
    page.get_by_label("Name").fill("Spring class")
    page.get_by_role("button", name="Create the cohort").click()
    expect(page.get_by_role("heading", name="Spring class")).to_be_visible()
    assert wcag_violations(page) == [], "an empty cohort"
    page.get_by_role("link", name="Import a CSV of trainees").click()
    assert wcag_violations(page) == [], "the import form"
    page.get_by_label("Or paste the CSV").fill(ROSTER)
    page.get_by_role("button", name="Check the CSV").click()
    expect(page.get_by_role("status")).to_contain_text("These 3 trainee accounts will be created")
    assert wcag_violations(page) == [], "the preview"
    page.get_by_role("button", name="Create the 3 accounts").click()
    expect(page.get_by_role("rowheader", name="grace@example.org")).to_be_visible()
    assert page.locator("code.password").count() == 3
    assert wcag_violations(page) == [], "the new passwords"
    page.get_by_role("link", name="Back to Spring class").click()
    for name in ("Ada Lovelace", "Grace Hopper", "Alan Turing"):
        expect(page.get_by_role("rowheader", name=name)).to_be_visible()
    assert wcag_violations(page) == [], "the cohort with its trainees"


def test_a_wrong_row_is_shown_in_the_preview_without_a_way_to_create_anything(new_page, school: LiveSchool):
    page = new_page()
    log_in(page, school, "instructor1")
    page.goto("/cohorts/")
    page.get_by_role("link", name="Demo cohort").click()
    assert wcag_violations(page) == [], "the demo cohort"
    page.get_by_role("link", name="Import a CSV of trainees").click()
    page.get_by_label("Or paste the CSV").fill("name,email\n,nobody@example.org\n")
    page.get_by_role("button", name="Check the CSV").click()
    expect(page.get_by_role("alert")).to_contain_text("Nothing can be created")
    expect(page.get_by_role("cell", name="The name is empty.")).to_be_visible()
    expect(page.get_by_role("button", name="Create")).to_have_count(0)
    assert wcag_violations(page) == [], "the preview with errors"


def test_an_imported_trainee_logs_in_in_any_case_and_chooses_their_own_password_first(new_page, school: LiveSchool):
    page = new_page()
    log_in(page, school, "instructor1")
    page.goto("/cohorts/")
    page.get_by_role("link", name="Demo cohort").click()
    page.get_by_role("link", name="Import a CSV of trainees").click()
    page.get_by_label("Or paste the CSV").fill("name,email\nKatherine Johnson,katherine@example.org\n")
    page.get_by_role("button", name="Check the CSV").click()
    page.get_by_role("button", name="Create the account").click()
    password = page.locator("code.password").inner_text()
    page.get_by_role("link", name="Back to Demo cohort").click()
    expect(page.get_by_role("link", name="Remove katherine@example.org from the cohort")).to_be_visible()
    expect(page.get_by_role("link", name="Deactivate the account of katherine@example.org")).to_be_visible()
    assert wcag_violations(page) == [], "the cohort with its account actions"
    page.get_by_role("button", name="Log out").click()
    page.get_by_label("Username").fill("Katherine@Example.org")
    page.get_by_label("Password").fill(password)
    page.get_by_role("button", name="Log in").click()
    expect(page.get_by_role("heading", name="Change your password")).to_be_visible()
    expect(page.get_by_role("status")).to_contain_text("choose your own before you go on")
    assert wcag_violations(page) == [], "the first password's change"
    page.get_by_label("Old password").fill(password)
    page.get_by_label("New password", exact=True).fill("felt-and-dice-42")
    page.get_by_label("New password confirmation").fill("felt-and-dice-42")
    page.get_by_role("button", name="Change the password").click()
    expect(page.get_by_role("heading", name="Password changed")).to_be_visible()
    assert wcag_violations(page) == [], "the password changed"
    page.get_by_role("link", name="Go to your home page").click()
    expect(page.get_by_role("heading", name="Welcome, Katherine")).to_be_visible()
