"""Accessible dealing (WCAG 2.1 AA): names that say the seat and wager, a skip link, one live region that stays.

A screen reader user deals the same round as anyone: each betting area is a button named by its seat, its wager
and its chip; each seat is a group named by its label; the table page's heading is the table's name and its first
Tab reaches a link to the dealer controls; the feedback is a live region that a frame changes but never replaces,
and a wrong verdict is also said at once in an assertive alert. Colour is never the only signal (WCAG 1.4.1).
"""

import re
from collections import Counter

import pytest
from live_table import PRACTICE_TABLE, TablePage, log_in, seat_trainee
from playwright.sync_api import Page, expect
from test_table_layout import EVERY_WAGER, seat_every_wager

from trainer.felt_pai_gow import SPOT_LABELS

pytestmark = pytest.mark.e2e

ROLE_NAME = re.compile(r'^\s*- (?P<role>button|group) "(?P<name>[^"]*)"', re.MULTILINE)
RECORD_FEEDBACK = """() => {
  window.feedbackRegion = document.getElementById("feedback");
  window.alertRegion = document.getElementById("feedback-alert");
  window.saidPolitely = [];
  window.saidAssertively = [];
  new MutationObserver(() => window.saidPolitely.push(window.feedbackRegion.textContent.trim()))
    .observe(window.feedbackRegion, { childList: true, subtree: true, characterData: true });
  new MutationObserver(() => window.saidAssertively.push(window.alertRegion.textContent.trim()))
    .observe(window.alertRegion, { childList: true, subtree: true, characterData: true });
}"""
"""Record every change of the feedback panel and of its alert, keeping the two elements the page started with."""


def names(page: Page, selector: str, role: str) -> list[str]:
    """The accessible names of the elements of a role inside a part of the page, from its ARIA snapshot."""
    snapshot = page.locator(selector).aria_snapshot()
    return [match["name"] for match in ROLE_NAME.finditer(snapshot) if match["role"] == role]


def test_every_betting_area_on_a_full_table_has_a_name_of_its_own_saying_its_seat_wager_and_chip(new_page, school):
    page = new_page()
    log_in(page, school, "trainee1")
    TablePage(page, school, school.query(seat_every_wager, "trainee1"))
    areas = [name for name in names(page, "#felt .positions", "button") if not re.fullmatch(r"Seat \d", name)]
    assert len(areas) == 6 * len(EVERY_WAGER)
    assert [name for name, count in Counter(areas).items() if count > 1] == []
    for seat in range(1, 7):
        for spot in EVERY_WAGER:
            expected = re.compile(rf"^Seat {seat} {SPOT_LABELS[spot]}( \$[\d,]+\.\d\d)?\b")
            assert any(expected.match(name) for name in areas), (seat, spot)
    assert any(name.endswith(" lost") for name in areas)
    assert any(re.search(r" \+\$[\d,]+\.\d\d paid\b", name) for name in areas)
    groups = names(page, "#felt .positions", "group")
    for seat in range(1, 7):
        assert any(re.match(rf"Seat {seat}\b", name) for name in groups), seat


def test_colour_is_never_the_only_signal_the_red_die_and_a_lost_wager_say_so_in_words(new_page, school):
    page = new_page()
    log_in(page, school, "trainee1")
    TablePage(page, school, school.query(seat_every_wager, "trainee1"))
    expect(page.locator("#felt-shaker .die-face").filter(has=page.locator(".die-red"))).to_have_text("red")
    lost = page.locator("#felt .area.settled-collect")
    assert lost.count() > 0
    for index in range(lost.count()):
        expect(lost.nth(index).locator(".settle-mark")).to_have_text("lost")


def test_the_table_page_is_headed_by_the_tables_name_and_its_first_tab_skips_to_the_dealer_controls(new_page, school):
    page = new_page()
    log_in(page, school, "trainee1")
    TablePage(page, school, school.query(seat_trainee, "trainee1", PRACTICE_TABLE, seed_value=3))
    expect(page.get_by_role("heading", level=1)).to_have_text(PRACTICE_TABLE)
    page.keyboard.press("Tab")
    skip = page.get_by_role("link", name="Skip to the dealer controls")
    expect(skip).to_be_focused()
    expect(skip).to_be_visible()
    page.keyboard.press("Enter")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.closest('#controls') !== null")


def test_the_tables_page_names_each_practice_and_exam_button_by_its_table(new_page, school):
    page = new_page()
    log_in(page, school, "trainee1")
    page.goto("/tables/")
    buttons = names(page, ".panel", "button")
    for mode in ("Practice", "Exam"):
        named = [name for name in buttons if name.startswith(mode)]
        assert len(named) > 1 and len(set(named)) == len(named), named
    expect(page.get_by_role("button", name=f"Practice at {PRACTICE_TABLE}", exact=True)).to_have_count(1)


def test_the_feedback_is_one_live_region_that_stays_and_a_wrong_verdict_is_also_said_assertively(new_page, school):
    page = new_page()
    log_in(page, school, "trainee1")
    table = TablePage(page, school, school.query(seat_trainee, "trainee1", PRACTICE_TABLE, seed_value=3))
    expect(table.feedback).to_have_attribute("role", "status")
    expect(table.feedback).to_have_attribute("aria-live", "polite")
    alert = page.locator("#feedback-alert")
    expect(alert).to_have_attribute("aria-live", "assertive")
    expect(alert).to_have_text("")
    page.evaluate(RECORD_FEEDBACK)
    table.take("clear_table", {})  # before "No more bets": out of order, a minor error
    expect(table.feedback).to_contain_text("✗ Wrong")
    expect(alert).to_have_text(re.compile(r"^Wrong, minor error: "))
    table.deal_correctly_until(lambda action: action is None or action.step == "shake_shaker")
    expect(alert).to_have_text("")
    said = page.evaluate("window.saidPolitely")
    assert any(text.startswith("✗ Wrong") for text in said) and any(text.startswith("✓ Right") for text in said)
    assert next(text for text in page.evaluate("window.saidAssertively") if text).startswith("Wrong, minor error: ")
    assert page.evaluate("document.getElementById('feedback') === window.feedbackRegion")
    assert page.evaluate("document.getElementById('feedback-alert') === window.alertRegion")


def test_focus_stays_on_the_seat_the_trainee_works_at_when_its_part_of_the_felt_is_redrawn(new_page, school):
    page = new_page()
    log_in(page, school, "trainee1")
    table = TablePage(page, school, school.query(seat_trainee, "trainee1", PRACTICE_TABLE, seed_value=3))
    select = table.deal_correctly_until(lambda action: action.step == "select_shaker_player")
    seat = select.arguments["seat"]
    pick = page.locator(f'#felt [data-pick-place="{seat}"]')
    pick.focus()
    page.keyboard.press("Enter")
    sequence = table.sequence()
    page.keyboard.press(page.locator('#controls button[value="select_shaker_player"]').get_attribute("data-key"))
    expect(page.locator("#sequence")).to_have_value(str(sequence + 1))
    expect(table.feedback).to_contain_text("✓ Right")
    expect(page.locator(f"#felt-seat-{seat}")).to_contain_text("shaker")
    expect(page.locator(f'#felt [data-pick-place="{seat}"]')).to_be_focused()
