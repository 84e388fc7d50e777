"""WCAG 2.1 A and AA, checked by axe-core in Chromium on every page and state of the school."""

import pytest
from accessibility import wcag_violations
from live_table import INSTRUCTOR_TABLE, PRACTICE_TABLE, LiveSchool, TablePage, log_in, seat_trainee
from playwright.sync_api import expect

pytestmark = pytest.mark.e2e


def test_every_page_a_trainee_sees_has_no_wcag_21_aa_violation(new_page, school: LiveSchool):
    page = new_page()
    page.goto("/login/")
    assert wcag_violations(page) == [], "login"
    log_in(page, school, "trainee1")
    assert wcag_violations(page) == [], "home"
    for path in ("/tables/", "/history/"):
        page.goto(path)
        assert wcag_violations(page) == [], path
    table = TablePage(page, school, school.query(seat_trainee, "trainee1", PRACTICE_TABLE, seed_value=3))
    assert wcag_violations(page) == [], "the table, opening"
    table.deal_correctly_until(lambda action: action.step == "reveal_player_hand")
    assert wcag_violations(page) == [], "the table, mid-round"
    table.deal_correctly_until(lambda action: action is None)
    assert wcag_violations(page) == [], "the table with its score card"


def test_the_watch_page_has_no_wcag_21_aa_violation(new_page, school: LiveSchool):
    page = new_page()
    log_in(page, school, "instructor1")
    page.goto(f"/rounds/{school.query(seat_trainee, 'trainee2', INSTRUCTOR_TABLE, seed_value=5)}/")
    expect(page.locator("body[data-ws-ready]")).to_have_count(1)
    assert wcag_violations(page) == []
