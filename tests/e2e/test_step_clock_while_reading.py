"""The step clock stands while the trainee reads: a wrong step's verdict, the posted paytables, the shortcuts' help."""

import pytest
from live_table import PRACTICE_TABLE, LiveSchool, TablePage, log_in, seat_trainee
from playwright.sync_api import Page, expect

from trainer.models import Attempt

pytestmark = pytest.mark.e2e


def clock_running(attempt_id: int) -> bool:
    """Whether the attempt's step clock runs, as the server's database holds it."""
    return Attempt.objects.get(pk=attempt_id).step_clock_running


def clock_becomes(table: TablePage, running: bool) -> None:
    """Wait until the server has started (or stopped) the step's clock, or fail saying which."""
    for _ in range(50):
        if table.school.query(clock_running, table.attempt_id) is running:
            return
        table.page.wait_for_timeout(100)
    raise AssertionError(f"the step's clock did not {'start' if running else 'stop'}")


def test_the_step_clock_stands_while_a_verdict_the_posted_paytables_or_the_help_is_open(new_page, school: LiveSchool):
    page: Page = new_page()
    log_in(page, school, "trainee2")
    table = TablePage(page, school, school.query(seat_trainee, "trainee2", PRACTICE_TABLE))
    clock_becomes(table, True)

    table.take("clear_table", {})  # before "No more bets": a wrong step, its verdict to read
    expect(table.feedback).to_contain_text("✗ Wrong")
    clock_becomes(table, False)
    page.locator("#controls button").first.focus()  # back to the controls: the verdict is read
    clock_becomes(table, True)

    posted = page.locator("#posted > summary")
    posted.click()
    clock_becomes(table, False)
    posted.click()
    clock_becomes(table, True)

    page.get_by_role("button", name="Keyboard shortcuts").click()
    clock_becomes(table, False)
    page.keyboard.press("Escape")
    clock_becomes(table, True)
