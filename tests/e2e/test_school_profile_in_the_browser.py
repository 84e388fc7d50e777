"""A school administrator names the school and sets a pace standard on its profile page with the keyboard; the
header says the name."""

import pytest
from accessibility import wcag_violations
from live_table import LiveSchool, log_in, open_from_the_header
from playwright.sync_api import expect

pytestmark = pytest.mark.e2e


def test_an_administrator_names_the_school_and_the_header_says_it(new_page, school: LiveSchool):
    page = new_page()
    log_in(page, school, "admin1")
    open_from_the_header(page, "School profile")
    expect(page.get_by_role("heading", name="School profile")).to_be_visible()
    assert wcag_violations(page) == [], "the school profile"
    page.get_by_label("School name").fill("Keystone Dealer Academy")
    page.get_by_label("Pai Gow Poker (rounds per hour)", exact=True).fill("25")
    page.get_by_role("button", name="Save the profile").focus()
    page.keyboard.press("Enter")
    expect(page.get_by_role("status")).to_contain_text("Saved the school's profile")
    expect(page.locator(".site-header .brand")).to_have_text("Keystone Dealer Academy")
    expect(page.get_by_label("Pai Gow Poker (rounds per hour)", exact=True)).to_have_value("25")
    assert wcag_violations(page) == [], "the saved school profile"
