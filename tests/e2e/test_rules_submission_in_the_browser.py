"""A school administrator files the school's own Rules Submission with the keyboard alone, and axe checks each page."""

import pytest
from accessibility import wcag_violations
from live_table import LiveSchool, log_in, open_from_the_header
from playwright.sync_api import expect

pytestmark = pytest.mark.e2e


def test_an_administrator_files_a_paytable_and_a_house_wording_with_the_keyboard(new_page, school: LiveSchool):
    page = new_page()
    log_in(page, school, "admin1")
    open_from_the_header(page, "Rules Submission")
    expect(page.get_by_role("heading", name="Your Rules Submission")).to_be_visible()
    assert wcag_violations(page) == [], "the Rules Submission"

    page.get_by_role("link", name="Fortune Bonus and Envy Bonus paytable").focus()
    page.keyboard.press("Enter")
    full_house = page.get_by_label("Full house: Fortune Bonus pays")
    expect(full_house).to_have_value("5 to 1")
    assert wcag_violations(page) == [], "the Fortune Bonus paytable form"
    full_house.fill("5.5 to 1")
    full_house.press("Enter")
    expect(page.get_by_text("'5.5 to 1' is not odds of two whole numbers")).to_be_visible()
    assert wcag_violations(page) == [], "the form with a refused line"
    page.get_by_label("Full house: Fortune Bonus pays").fill("5 to 1")
    page.get_by_role("button", name="Save as a new version").focus()
    page.keyboard.press("Enter")
    expect(page.get_by_role("status")).to_contain_text("Saved as version 1")
    expect(page.get_by_role("rowheader", name="Rules Submission of")).to_contain_text("version 1 of")
    assert wcag_violations(page) == [], "the saved paytable and its versions"

    page.get_by_role("link", name="Back to your Rules Submission").focus()
    page.keyboard.press("Enter")
    page.get_by_role("link", name="Tiger 9 declaration", exact=True).focus()
    page.keyboard.press("Enter")
    expect(page.get_by_role("heading", name="House procedure: Tiger 9 declaration")).to_be_visible()
    assert wcag_violations(page) == [], "a house procedure"
    page.get_by_label("Your house procedure, as your verdicts should state it").fill(
        "The dealer calls Tiger 9 or no Tiger 9 before turning any player's hand."
    )
    page.keyboard.press("Tab")
    expect(page.get_by_role("button", name="Save as a new version")).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.get_by_role("status")).to_contain_text("Saved as version 1")
    expect(page.get_by_role("cell", name="The dealer calls Tiger 9")).to_be_visible()
    assert wcag_violations(page) == [], "the saved wording and its versions"
