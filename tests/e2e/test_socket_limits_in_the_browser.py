"""A table socket closed by the server for breaking its limits: the page tells the trainee why."""

import pytest
from live_table import PRACTICE_TABLE, LiveSchool, TablePage, log_in, seat_trainee
from playwright.sync_api import expect

pytestmark = pytest.mark.e2e

SEND_ON_THE_TABLE_SOCKET = """([text, times]) => {
  const socket = document.querySelector("[ws-connect]")["htmx-internal-data"].webSocket.socket;
  for (let sent = 0; sent < times; sent++) socket.send(text);
}"""
"""Send a frame, so many times at once, on the page's own table socket, as a misbehaving page or extension would."""


def test_a_frame_over_the_size_limit_closes_the_table_and_the_page_says_why(new_page, school: LiveSchool):
    page = new_page()
    log_in(page, school, "trainee1")
    TablePage(page, school, school.query(seat_trainee, "trainee1", PRACTICE_TABLE))
    page.evaluate(SEND_ON_THE_TABLE_SOCKET, ["x" * 70_000, 1])
    expect(page.locator("#connection")).to_have_text(
        "Disconnected by the server: A message over 65,536 bytes is far more than any step. Reload the page to deal on."
    )
    expect(page.locator("#connection")).to_have_attribute("data-state", "closed")


def test_frames_faster_than_anyone_deals_close_the_table_and_the_page_says_why(new_page, school: LiveSchool):
    page = new_page()
    log_in(page, school, "trainee1")
    TablePage(page, school, school.query(seat_trainee, "trainee1", PRACTICE_TABLE))
    page.evaluate(SEND_ON_THE_TABLE_SOCKET, ["{}", 150])
    expect(page.locator("#connection")).to_have_text(
        "Disconnected by the server: Messages came faster than 20 a second. Reload the page to deal on."
    )
