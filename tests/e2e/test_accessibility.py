"""WCAG 2.1 A and AA, checked by axe-core in Chromium on every page and state of the school."""

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


def test_the_exam_and_records_pages_and_the_unknown_certificate_page_have_no_wcag_21_aa_violation(
    new_page, school: LiveSchool
):
    page = new_page()
    page.goto("/verify/no-such-code/")
    expect(page.get_by_role("heading", name="No such certificate")).to_be_visible()
    assert wcag_violations(page) == [], "verify, unknown code"
    log_in(page, school, "instructor1")
    for path in ("/exams/", "/exams/new/", "/exports/"):
        page.goto(path)
        assert wcag_violations(page) == [], path
    page.get_by_label("Cohort").select_option(label="Demo cohort")
    page.get_by_label("From (day)").fill("2026-03-12")
    page.get_by_label("To (day, included)").fill("2026-03-11")
    page.get_by_role("button", name="Download the attempts (CSV)").click()
    expect(page.get_by_text("The range must end on or after the day it starts.")).to_be_visible()
    assert wcag_violations(page) == [], "records with an error"
    trainee = new_page()
    log_in(trainee, school, "trainee2")
    trainee.goto("/exams/")
    assert wcag_violations(trainee) == [], "exams, a trainee's"
