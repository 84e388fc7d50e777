"""WCAG 2.1 A and AA, checked by axe-core in Chromium on every page and state of the school."""

import re

import pytest
from accessibility import wcag_violations
from live_table import INSTRUCTOR_TABLE, PRACTICE_TABLE, LiveSchool, TablePage, log_in, seat_trainee
from playwright.sync_api import expect

from trainer.models import Mode

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
    for path in ("/drills/", "/drills/mistakes/"):
        page.goto(path)
        assert wcag_violations(page) == [], path


def test_the_watch_page_has_no_wcag_21_aa_violation(new_page, school: LiveSchool):
    page = new_page()
    log_in(page, school, "instructor1")
    page.goto(f"/rounds/{school.query(seat_trainee, 'trainee2', INSTRUCTOR_TABLE, seed_value=5)}/")
    expect(page.locator("body[data-ws-ready]")).to_have_count(1)
    assert wcag_violations(page) == []


def test_the_login_page_with_an_error_and_an_exam_from_its_opening_to_its_score_card_have_no_violation(
    new_page, school: LiveSchool
):
    page = new_page()
    page.goto("/login/")
    page.get_by_label("Username").fill("trainee2")
    page.get_by_label("Password").fill("not the password")
    page.get_by_role("button", name="Log in").click()
    expect(page.get_by_role("alert")).to_be_visible()
    assert wcag_violations(page) == [], "login with an error"
    log_in(page, school, "trainee2")
    table = TablePage(page, school, school.query(seat_trainee, "trainee2", PRACTICE_TABLE, Mode.EXAM, seed_value=3))
    assert wcag_violations(page) == [], "an exam, opening"
    table.take("select_shaker_player", {"seat": 1})
    expect(table.feedback).to_contain_text("Step recorded")
    assert wcag_violations(page) == [], "an exam after a wrong step"
    table.deal_correctly_until(lambda action: action is None, verdict="Step recorded")
    expect(table.score_card).to_contain_text("Score card")
    assert wcag_violations(page) == [], "an exam's score card"
    page.goto("/drills/mistakes/")
    expect(page.get_by_role("heading", level=2).first).to_be_visible()
    assert wcag_violations(page) == [], "my mistakes, after the exam's wrong step"


def test_the_replay_and_the_errors_by_clause_pages_have_no_wcag_21_aa_violation(new_page, school: LiveSchool):
    page = new_page()
    log_in(page, school, "trainee2")
    table = TablePage(page, school, school.query(seat_trainee, "trainee2", PRACTICE_TABLE, seed_value=4))
    table.deal_correctly_until(lambda action: action is None)
    page.get_by_role("link", name="Replay this round step by step").click()
    assert wcag_violations(page) == [], "the replay, as dealt"
    page.goto(f"/rounds/{table.attempt_id}/replay/?step=12")
    assert wcag_violations(page) == [], "the replay, mid-round"
    page.get_by_role("link", name="Next step →").click()
    expect(page.locator("#replay-announce")).to_contain_text("Position 13 of")
    assert wcag_violations(page) == [], "the replay after a step forward"
    page.goto("/history/")
    assert wcag_violations(page) == [], "the history with its replay links"
    log_in(page, school, "instructor1")
    page.goto("/cohorts/")
    page.get_by_role("link", name="Demo cohort").click()
    page.get_by_role("link", name="Errors by clause of trainee2").click()
    expect(page.get_by_role("heading", name=re.compile("Errors by clause: trainee2"))).to_be_visible()
    assert wcag_violations(page) == [], "one trainee's errors by clause"
