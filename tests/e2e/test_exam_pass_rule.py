"""An exam in Chromium: the pass rule is stated before the first step and again on the score card with what failed."""

import re

import pytest
from live_table import PRACTICE_TABLE, LiveSchool, TablePage, log_in
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.e2e

DEFAULT_RULE = "at least 90.0% of steps right at the first attempt, no critical error, no time limit"


def test_an_exams_score_card_states_the_pass_rule_and_the_critical_error_that_failed_it(new_page, school: LiveSchool):
    page: Page = new_page()
    log_in(page, school, "trainee2")
    page.goto("/tables/")
    card = page.locator(".table-card").filter(has_text=PRACTICE_TABLE)
    expect(card).to_contain_text(f"To pass a round in exam mode here: {DEFAULT_RULE}.")
    card.get_by_role("button", name="Exam").click()
    page.wait_for_url(re.compile(r"/rounds/\d+/$"))
    table = TablePage(page, school, int(page.url.rstrip("/").rsplit("/", 1)[1]))
    expect(table.feedback).to_contain_text(f"To pass: {DEFAULT_RULE}.")

    called_wrong = 0
    while (action := table.expected()) is not None:
        arguments = dict(action.arguments)
        if action.step == "announce_dice" and not called_wrong:
            arguments["red"] = arguments["red"] % 6 + 1  # a wrong die called: a critical error; called again
            called_wrong = table.sequence()
        table.take(action.step, arguments)

    expect(table.score_card).to_contain_text("Score card: not passed")
    expect(table.score_card).to_contain_text("Not passed: 1 critical error (the pass rule allows none).")
    expect(table.score_card).to_contain_text(f"To pass: {DEFAULT_RULE}.")
    expect(table.score_card.locator(".errors")).to_contain_text(
        re.compile(r"Step \d+ of \d+: you did Announce the dice")
    )
    expect(table.score_card.locator(".skill-times")).to_contain_text("Calling the dice")
