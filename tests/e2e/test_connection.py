"""The table's connection in Chromium: a lost socket, a refused one, a step taken while it is down, a second tab."""

import re

import pytest
from live_table import PRACTICE_TABLE, LiveSchool, TablePage, log_in, seat_trainee
from playwright.sync_api import Locator, Page, WebSocketRoute, expect

from trainer.models import Attempt

pytestmark = pytest.mark.e2e

ABNORMAL_CLOSURE = 1006
"""The close a browser reports when the network or the server drops a socket: htmx's ws extension reconnects."""
QUICK_RECONNECTION = "htmx.config.wsReconnectDelay = () => 100"
LABEL_CHANGES = """
window.labelChanges = 0;
new MutationObserver(function (changes) { window.labelChanges += changes.length; })
  .observe(document.getElementById("connection"), { childList: true, characterData: true, subtree: true });
"""
"""Count every change to the connection label from now on."""


class TableSocket:
    """The page's table socket, passed through to the server until the test drops it, as a failing network would."""

    def __init__(self, page: Page) -> None:
        """Route every table socket the page opens; the network is up."""
        self.up = True
        self.opened = 0
        self.current: WebSocketRoute | None = None
        page.route_web_socket(re.compile(r"/ws/table/\d+/$"), self._open)

    def _open(self, socket: WebSocketRoute) -> None:
        """Connect a socket to the server while the network is up; drop it at once while it is down."""
        self.opened += 1
        if self.up:
            socket.connect_to_server()
            self.current = socket
        else:
            socket.close(code=ABNORMAL_CLOSURE)

    def drop(self, stay_down: bool = False) -> None:
        """Drop the open socket; with ``stay_down``, every reconnection is dropped too until :meth:`restore`."""
        assert self.current is not None
        self.up = not stay_down
        socket, self.current = self.current, None
        socket.close(code=ABNORMAL_CLOSURE)

    def restore(self) -> None:
        """Let the next reconnection through to the server."""
        self.up = True


def open_table(page: Page, school: LiveSchool, username: str) -> tuple[TablePage, TableSocket]:
    """Log in, seat the trainee at a practice round and open its table page with its socket routed."""
    log_in(page, school, username)
    socket = TableSocket(page)
    table = TablePage(page, school, school.query(seat_trainee, username, PRACTICE_TABLE, seed_value=3))
    page.evaluate(QUICK_RECONNECTION)
    return table, socket


def first_step_button(table: TablePage) -> Locator:
    """The control button of the round's next step, which must take no amount or seat."""
    action = table.expected()
    assert action is not None and not action.arguments
    return table.page.locator(f'#controls button[value="{action.step}"]')


def test_a_socket_refused_because_the_session_ended_sends_the_trainee_to_log_in_and_back_to_the_round(
    new_page, school: LiveSchool
):
    page = new_page()
    table, socket = open_table(page, school, "trainee1")
    round_url = page.url
    page.context.clear_cookies()
    socket.drop()
    expect(page).to_have_url(re.compile(r"/login/\?next=%2Frounds%2F\d+%2F$"))
    expect(page.get_by_text("you will be taken back to the page you were on")).to_be_visible()
    page.get_by_label("Username").fill("trainee1")
    page.get_by_label("Password").fill(school.passwords["trainee1"])
    page.get_by_role("button", name="Log in").click()
    expect(page).to_have_url(round_url)
    expect(page.locator("#connection")).to_have_text("Connected")
    action = table.expected()
    table.take(action.step, action.arguments)
    expect(table.feedback).to_contain_text("✓ Right")


def test_a_socket_refused_as_not_allowed_says_so_stops_reconnecting_and_sends_no_step(new_page, school: LiveSchool):
    page = new_page()
    table, socket = open_table(page, school, "trainee2")
    connection = page.locator("#connection")
    expect(connection).to_have_text("Connected")
    socket.drop(stay_down=True)
    step, sequence = first_step_button(table), table.sequence()
    step.click()
    expect(connection).to_contain_text("Your step will be sent when the table is back.")
    log_in(page.context.new_page(), school, "trainee1")
    socket.restore()
    expect(connection).to_have_text(
        "Refused: this round is not open to this account. Steps cannot be taken here. Your waiting step was not sent."
    )
    opened = socket.opened
    page.wait_for_timeout(1000)
    assert socket.opened == opened, "the page stopped reconnecting once refused"
    step.click()
    expect(connection).to_contain_text("Steps cannot be taken here. That step was not sent.")
    assert table.expected().step == step.get_attribute("value")
    assert table.sequence() == sequence


def test_a_step_taken_while_the_connection_is_lost_is_held_sent_once_it_is_back_and_answered(
    new_page, school: LiveSchool
):
    page = new_page()
    table, socket = open_table(page, school, "trainee1")
    connection = page.locator("#connection")
    expect(connection).to_have_text("Connected")
    socket.drop(stay_down=True)
    expect(connection).to_have_text("Connection lost: reconnecting…")
    step, sequence = first_step_button(table), table.sequence()
    step.click()
    expect(connection).to_contain_text("Your step will be sent when the table is back.")
    step.click()
    expect(connection).to_contain_text("A step is already waiting to be sent; that one was not sent.")
    page.wait_for_timeout(500)
    assert table.expected().step == step.get_attribute("value"), "nothing reached the server while it was down"
    socket.restore()
    expect(connection).to_have_text("Connected")
    expect(page.locator("#sequence")).to_have_value(str(sequence + 1))
    expect(table.feedback).to_contain_text("✓ Right")
    page.wait_for_timeout(500)
    assert table.school.query(last_sequence, table.attempt_id) == sequence, "the held step was sent once"


def last_sequence(attempt_id: int) -> int:
    """The frame number of the attempt's last step taken, as the server holds it."""
    return Attempt.objects.get(pk=attempt_id).last_sequence


def test_a_second_tab_on_the_round_follows_it_live_and_the_connection_label_changes_only_with_the_state(
    new_page, school: LiveSchool
):
    page = new_page()
    table, _ = open_table(page, school, "trainee2")
    second = page.context.new_page()
    follower = TablePage(second, school, table.attempt_id)
    second.evaluate(LABEL_CHANGES)
    page.evaluate(LABEL_CHANGES)
    for _ in range(3):
        action = table.expected()
        table.take(action.step, action.arguments)
        expect(second.locator("#sequence")).to_have_value(str(table.sequence()))
    expect(second.locator("#table-log li")).to_have_text(page.locator("#table-log li").all_text_contents())
    action = follower.expected()
    follower.take(action.step, action.arguments)
    expect(page.locator("#sequence")).to_have_value(str(follower.sequence()))
    assert page.evaluate("window.labelChanges") == second.evaluate("window.labelChanges") == 0
    expect(page.locator("#connection")).to_have_text("Connected")
