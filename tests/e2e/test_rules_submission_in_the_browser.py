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


def test_an_administrator_files_a_pair_plus_paytable_and_reads_its_exact_edge_before_saving(
    new_page, school: LiveSchool
):
    page = new_page()
    log_in(page, school, "admin1")
    open_from_the_header(page, "Rules Submission")
    page.get_by_role("link", name="Three Card Poker Pair Plus paytable").focus()
    page.keyboard.press("Enter")
    figures = page.get_by_role("table", name="Exact house edge")
    expect(figures).to_contain_text("Pair Plus Wager")
    expect(figures).to_contain_text("2.3167%")  # 40-30-6-4-1, the published 2.32%
    assert wcag_violations(page) == [], "the Pair Plus paytable form and its figures"

    flush = page.get_by_label("Flush: Pair Plus pays", exact=True)
    flush.fill("3 to 1")
    flush.press("Enter")  # the first button shows the figures and saves nothing
    expect(page.get_by_text("The paytable as you sent it, not saved yet")).to_be_visible()
    expect(figures).to_contain_text("7.2760%")  # a flush paid 3 to 1, the published 7.28%

    page.get_by_label("Pair: Pair Plus pays", exact=True).fill("3 to 1")
    page.get_by_role("button", name="Save as a new version").focus()
    page.keyboard.press("Enter")
    expect(page.get_by_role("alert")).to_contain_text("the Pair Plus Wager pays back more than 100%")
    assert wcag_violations(page) == [], "the warning before a generous paytable is saved"
    page.get_by_label("Save it even though a wager pays back more than 100%").focus()
    page.keyboard.press("Space")
    page.get_by_role("button", name="Save as a new version").focus()
    page.keyboard.press("Enter")
    expect(page.get_by_role("status")).to_contain_text("Saved as version 1")
    expect(figures).to_contain_text("a player's edge of")
