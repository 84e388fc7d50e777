"""A step the school's database could not save, in Chromium: said "not saved", sent again by the page, taken once.

The database refuses the step because the test holds SQLite's write lock on the live server's file (``BEGIN
IMMEDIATE`` on a connection of its own): the server's write waits out its busy timeout and fails as a database that
does not answer does. Released, the write the server is waiting on goes through.
"""

import json
import sqlite3
import time
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from django.conf import settings
from live_table import PRACTICE_TABLE, LiveSchool, TablePage, log_in, seat_trainee
from playwright.sync_api import Page, WebSocket, expect

from core.unavailable import NOT_SAVED
from trainer.models import Step

pytestmark = pytest.mark.e2e

OUTAGE_MS = 30_000
"""The longest the test waits on the outage: the server's busy timeout (5 s) per try, and the page's pauses."""


@contextmanager
def writes_refused() -> Iterator[None]:
    """Hold the live server's SQLite file locked for writing until the block ends; reading stays open."""
    database = sqlite3.connect(settings.DATABASES["default"]["NAME"], isolation_level=None)
    try:
        database.execute("BEGIN IMMEDIATE")
        yield
    finally:
        database.close()


def steps_saved(attempt_id: int) -> list[int]:
    """The frame numbers of the attempt's Step rows, as the server stored them."""
    return list(Step.objects.filter(attempt_id=attempt_id).values_list("sequence", flat=True))


class SentFrames:
    """The frames the page sends on its table socket."""

    def __init__(self, page: Page) -> None:
        """Note the frames of every socket the page opens from now on."""
        self.sent: list[dict[str, str]] = []
        page.on("websocket", self._watch)

    def _watch(self, socket: WebSocket) -> None:
        socket.on("framesent", lambda payload: self.sent.append(json.loads(payload)))

    def count(self, sequence: int) -> int:
        """How many times a step with this frame number was sent."""
        return sum(1 for frame in self.sent if frame.get("seq") == str(sequence))


def wait_for_sends(page: Page, frames: SentFrames, sequence: int, times: int) -> None:
    """Wait (bounded) until the page has sent the step numbered ``sequence`` ``times`` times."""
    deadline = time.monotonic() + OUTAGE_MS / 1000
    while frames.count(sequence) < times:
        assert time.monotonic() < deadline, f"the page sent frame {sequence} {frames.count(sequence)} times"
        page.wait_for_timeout(100)


def test_a_step_the_database_did_not_save_is_shown_not_saved_sent_again_by_the_page_and_taken_once_back(
    new_page, school: LiveSchool
):
    page = new_page()
    log_in(page, school, "trainee1")
    frames = SentFrames(page)
    table = TablePage(page, school, school.query(seat_trainee, "trainee1", PRACTICE_TABLE, seed_value=3))
    action = table.expected()
    assert action is not None and not action.arguments

    with writes_refused():
        table.page.locator(f'#controls button[value="{action.step}"]').click()
        expect(table.feedback).to_contain_text(NOT_SAVED, timeout=OUTAGE_MS)
        expect(page.locator("#feedback-alert")).to_contain_text(NOT_SAVED)
        wait_for_sends(page, frames, 1, 2)  # the page sent it again by itself
        assert school.query(steps_saved, table.attempt_id) == []

    expect(table.feedback).to_contain_text("✓ Right", timeout=OUTAGE_MS)
    expect(page.locator("#sequence")).to_have_value("2")
    assert school.query(steps_saved, table.attempt_id) == [1], "saved once"
