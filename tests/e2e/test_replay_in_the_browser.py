"""An instructor in the browser: a cohort's errors by clause, the worst clause's attempts, one replayed by keys."""

import re

import pytest
from accessibility import wcag_violations
from contrast import text_contrast
from django.contrib.auth import get_user_model
from live_table import PRACTICE_TABLE, LiveSchool, expected_action, log_in
from playwright.sync_api import expect

from trainer import services
from trainer.controls import StepFrame
from trainer.models import Mode, Table

pytestmark = pytest.mark.e2e
TEXT_CONTRAST = 4.5
"""WCAG 1.4.3: words on the felt at 4.5:1."""


def finished_with_wrong_openings(username: str, seed: int, wrong: int) -> int:
    """A practice round of the trainee's dealt to its end, its opening step first tried wrongly ``wrong`` times."""
    trainee = get_user_model().objects.get(username=username)
    table = Table.objects.get(name=PRACTICE_TABLE)
    attempt = services.start_round(trainee, table, Mode.PRACTICE, seed_value=seed)
    sequence = 0
    for _ in range(wrong):
        sequence += 1
        services.apply_step(attempt.pk, trainee, StepFrame(sequence, "uncover_shaker", {}))
    while (action := expected_action(attempt.pk)) is not None:
        sequence += 1
        services.apply_step(attempt.pk, trainee, StepFrame(sequence, action.step, dict(action.arguments)))
    return attempt.pk


def test_an_instructor_opens_the_heatmap_clicks_the_worst_clause_and_replays_an_attempt_by_keys(
    new_page, school: LiveSchool, screenshots
):
    school.query(finished_with_wrong_openings, "trainee1", 11, 2)
    school.query(finished_with_wrong_openings, "trainee2", 12, 1)
    page = new_page()
    log_in(page, school, "instructor1")
    page.goto("/cohorts/")
    page.get_by_role("link", name="Demo cohort").click()
    page.get_by_role("link", name="Errors by clause and progress by skill").click()
    expect(page.get_by_role("heading", name="Errors by clause: Demo cohort")).to_be_visible()
    expect(page.get_by_role("table", name=re.compile("Wrong steps by clause"))).to_be_visible()
    expect(page.get_by_role("img", name=re.compile("Calling the dice: accuracy by week"))).to_be_visible()
    assert wcag_violations(page) == [], "the cohort's errors by clause"
    page.screenshot(path=screenshots / "errors-by-clause.png", full_page=True)
    page.locator(".most-missed li").first.get_by_role("link").click()
    expect(page.get_by_role("heading", name=re.compile("Attempts that broke"))).to_be_visible()
    assert wcag_violations(page) == [], "the attempts behind the worst clause"
    page.get_by_role("link", name=re.compile("Replay from the first error")).first.click()
    expect(page.get_by_role("heading", name=re.compile(r"^Replay: "))).to_be_visible()
    expect(page.locator("#replay-grade")).to_contain_text("✗ Wrong")
    assert wcag_violations(page) == [], "the replay at the first error"
    assert page.locator("#felt button").count() == 0, "a replay's felt has nothing to choose, so no tab stop"
    assert text_contrast(page, page.locator("#felt .seat-name").first) >= TEXT_CONTRAST
    page.screenshot(path=screenshots / "replay-first-error.png", full_page=True)
    position = int(re.search(r"step=(\d+)", page.url)[1])
    page.keyboard.press("ArrowRight")
    expect(page).to_have_url(re.compile(rf"step={position + 1}$"))
    expect(page.locator("#replay-announce")).to_contain_text(f"Position {position + 1} of")
    expect(page.locator(".replay-position")).to_have_text(re.compile(rf"Position {position + 1} of \d+"))
    page.keyboard.press("ArrowRight")
    expect(page.locator("#replay-announce")).to_contain_text(f"Position {position + 2} of")
    page.keyboard.press("ArrowLeft")
    expect(page.locator("#replay-announce")).to_contain_text(f"Position {position + 1} of")
    page.keyboard.press("ArrowLeft")
    expect(page).to_have_url(re.compile(rf"step={position}$"))
    expect(page.locator("#replay-grade")).to_contain_text("✗ Wrong")
    page.get_by_role("link", name="Next step →").click()
    expect(page.locator("#replay-announce")).to_contain_text(f"Position {position + 1} of")
    expect(page.get_by_role("link", name="Next step →")).to_be_focused()
    assert wcag_violations(page) == [], "the replay after moving by keys"
