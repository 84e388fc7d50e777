"""Keyboard shortcuts (WCAG 2.1.4): a key for every step, listed and remapped in the help, only on the table."""

import re

import pytest
from live_table import MANUAL_SHAKER_TABLE, PRACTICE_TABLE, LiveSchool, TablePage, log_in, seat_trainee
from playwright.sync_api import Page, expect
from table_helpers import cut_from_rack

from simulator.core.money import format_cents
from trainer.models import Mode

pytestmark = pytest.mark.e2e

HELP_KEY = "?"
CHIP_KEYS = "(chips) => chips.map((chip) => [chip.dataset.chip, chip.dataset.rackKey])"
"""Each chip of a rack, largest first, with its digit key."""
OPTION_VALUES = "(options) => options.map((option) => option.value)"
"""The values of a select's options, in order."""


def open_table(page: Page, school: LiveSchool, username: str, table_name: str = PRACTICE_TABLE, **options) -> TablePage:
    log_in(page, school, username)
    return TablePage(page, school, school.query(seat_trainee, username, table_name, **options))


def no_step_sent(table: TablePage, sequence: int) -> None:
    """Check, after the server had time to answer, that no frame was sent."""
    table.page.wait_for_timeout(500)
    expect(table.page.locator("#sequence")).to_have_value(str(sequence))


@pytest.mark.parametrize(
    ("table_name", "options"),
    [(PRACTICE_TABLE, {"force_progressive_win": True, "seed_value": 4}), (MANUAL_SHAKER_TABLE, {"seed_value": 2})],
)
def test_every_step_of_a_round_is_taken_by_its_key(new_page, school: LiveSchool, table_name, options):
    page = new_page()
    table = open_table(page, school, "trainee1", table_name, **options)
    table.by_keys = True
    assert table.deal_correctly_until(lambda action: action is None) is None
    expect(table.score_card).to_contain_text("100.0%")


def test_question_mark_opens_the_help_listing_every_step_key_and_escape_closes_it(new_page, school: LiveSchool):
    page = new_page()
    table = open_table(page, school, "trainee2")
    help_dialog = page.get_by_role("dialog", name="Keyboard shortcuts")
    table._press(HELP_KEY)
    expect(help_dialog).to_be_visible()
    for button in page.locator("#controls button[data-shortcut]").all():
        label = button.locator(".step-label").inner_text()
        expect(help_dialog.get_by_role("textbox", name=f"Key for {label}", exact=True)).to_have_value(
            button.get_attribute("data-key")
        )
    expect(help_dialog.get_by_role("textbox", name='Key for Announce "No more bets"')).to_have_value("n")
    page.keyboard.press("Escape")
    expect(help_dialog).to_be_hidden()

    opener = page.get_by_role("button", name="Keyboard shortcuts")
    opener.click()
    expect(help_dialog).to_be_visible()
    page.keyboard.press("Escape")
    expect(opener).to_be_focused()


def test_a_remapped_key_takes_its_step_and_is_remembered_after_a_reload(new_page, school: LiveSchool):
    page = new_page()
    table = open_table(page, school, "trainee1")
    page.get_by_role("button", name="Keyboard shortcuts").click()
    help_dialog = page.get_by_role("dialog", name="Keyboard shortcuts")
    field = help_dialog.get_by_role("textbox", name='Key for Announce "No more bets"')

    for refused, message in (("p", "both have the key P"), ("3", "not a digit"), ("", "give one letter or sign")):
        field.fill(refused)
        help_dialog.get_by_role("button", name="Save").click()
        expect(help_dialog).to_be_visible()
        expect(help_dialog.locator("#shortcuts-error")).to_contain_text(message)
        expect(field).to_have_attribute("aria-invalid", "true")
        expect(field).to_be_focused()

    field.fill("q")
    help_dialog.get_by_role("button", name="Save").click()
    expect(help_dialog).to_be_hidden()
    page.reload()
    table = TablePage(page, school, table.attempt_id)
    sequence = table.sequence()
    table._press("n")
    no_step_sent(table, sequence)
    expect(page.locator('#controls button[value="announce_no_more_bets"]')).to_have_attribute("aria-keyshortcuts", "Q")
    table._press("q")
    expect(page.locator("#sequence")).to_have_value(str(sequence + 1))
    expect(table.feedback).to_contain_text("✓ Right")


def test_switched_off_shortcuts_take_no_step_and_stay_off_after_a_reload(new_page, school: LiveSchool):
    page = new_page()
    table = open_table(page, school, "trainee2")
    page.get_by_role("button", name="Keyboard shortcuts").click()
    help_dialog = page.get_by_role("dialog", name="Keyboard shortcuts")
    help_dialog.get_by_role("checkbox", name="Use single-key shortcuts").uncheck()
    help_dialog.get_by_role("button", name="Save").click()
    page.reload()
    table = TablePage(page, school, table.attempt_id)
    sequence = table.sequence()
    for key in ("n", "3", HELP_KEY):
        table._press(key)
    no_step_sent(table, sequence)
    expect(help_dialog).to_be_hidden()
    expect(page.locator("#controls select[data-place-select]").first).not_to_have_value("3")
    # The rack's keys act only while the focus is in the rack (WCAG 2.1.4 asks no switch of them): they stay said.
    expect(page.locator("#controls [aria-keyshortcuts]:not([data-rack] *)")).to_have_count(0)


def test_a_key_pressed_on_a_button_outside_the_table_takes_no_step(new_page, school: LiveSchool):
    page = new_page()
    table = open_table(page, school, "trainee1")
    sequence = table.sequence()
    for outside in (page.get_by_role("button", name="Log out"), page.locator(".house-rules summary")):
        outside.focus()
        page.keyboard.press(table.controls["announce_no_more_bets"].key)
        page.keyboard.press(table.controls["clear_table"].key)
    no_step_sent(table, sequence)
    page.locator("#controls button").first.focus()
    page.keyboard.press(table.controls["announce_no_more_bets"].key)
    expect(page.locator("#sequence")).to_have_value(str(sequence + 1))


def test_a_wager_is_chosen_on_the_felt_and_paid_from_the_rack_by_keyboard_alone_its_total_said_politely(
    new_page, school: LiveSchool
):
    """Issue 32 items 1 and 6: Pay goes to the empty rack and sends nothing; a chip's digit adds it (1 the smallest),
    Backspace takes the last back, each stack is named by its count, colour and value, the feedback (the page's one
    polite live region) says the total, and Enter pays what the chips make. The stacks are drawn on the spot being
    paid too, hidden from screen readers, following the chips and the seat chosen, the felt's size unchanged, and go
    once the step is sent."""
    page = new_page()
    table = open_table(page, school, "trainee2", seed_value=3)
    pay = table.deal_correctly_until(lambda action: action.step == "pay_wager")
    seat, spot = pay.arguments["seat"], pay.arguments["spot"]
    area = page.locator(f'#felt button.area[data-seat="{seat}"][data-spot="{spot}"]')
    area.focus()
    page.keyboard.press("Enter")
    expect(area).to_be_focused()  # the area keeps the focus: the next key is a shortcut, never typed into a field
    rack = page.locator('#settlement-form [data-rack][data-pay-step="pay_wager"]')
    sequence = table.sequence()
    page.keyboard.press(table.controls["pay_wager"].key)
    expect(rack).to_be_focused()  # Pay with no chip yet goes to the rack and sends nothing
    no_step_sent(table, sequence)
    spot_name = page.locator(f'#settlement-form select[name="spot"] option[value="{spot}"]').inner_text()
    for settlement in ("Pay", "Push", "Collect"):
        expect(page.get_by_role("button", name=f"{settlement} Seat {seat} · {spot_name}", exact=True)).to_have_count(1)
    chips = {int(cents): key for cents, key in rack.locator("[data-chip]").evaluate_all(CHIP_KEYS)}
    assert list(chips.values()) == [str(digit) for digit in range(len(chips), 0, -1)], "1 is the smallest chip"
    smallest, largest = min(chips), max(chips)
    felt = page.locator("#felt").bounding_box()
    mirror = area.locator('[data-rack-mirror="pay_wager"][aria-hidden="true"]')
    page.keyboard.press(chips[largest])
    page.keyboard.press(chips[smallest])
    page.keyboard.press(chips[smallest])
    said = page.locator("#feedback .chip-rack-said")
    expect(said).to_have_text(re.compile(rf"^Chips to pay: {re.escape(format_cents(largest + 2 * smallest))}, "))
    face = {cents: rack.locator(f'[data-chip="{cents}"]').inner_text().strip() for cents in (smallest, largest)}
    expect(mirror.locator(".chip")).to_have_text([f"1×{face[largest]}", f"2×{face[smallest]}"])
    assert page.locator("#felt").bounding_box() == felt, "the mirror is drawn over the felt, never beside it"
    page.keyboard.press("Backspace")
    expect(rack.locator("[data-rack-total]")).to_have_text(format_cents(largest + smallest))
    expect(mirror.locator(".chip")).to_have_text([f"1×{face[largest]}", f"1×{face[smallest]}"])
    seats = page.locator('#settlement-form select[name="seat"]')
    other = next(number for number in seats.locator("option").evaluate_all(OPTION_VALUES) if number != str(seat))
    seats.select_option(other)
    expect(mirror).to_have_count(0)
    expect(page.locator(f'#felt-seat-{other} [data-rack-mirror="pay_wager"] .chip')).to_have_count(2)
    seats.select_option(str(seat))
    expect(mirror.locator(".chip")).to_have_count(2)
    rack.focus()
    page.keyboard.press("Delete")
    expect(rack.locator("[data-rack-total]")).to_have_text("$0.00")
    expect(said).to_have_text("Chips to pay: $0.00.")
    expect(page.locator("#felt [data-rack-mirror]")).to_have_count(0)
    made, coins = cut_from_rack(pay.arguments["amount"], chips)
    assert coins == 0, "the practice table's wagers are paid in whole chips"
    for cents, count in made.items():
        for _ in range(count):
            page.keyboard.press(chips[cents])
    for cents, count in made.items():
        colour = rack.locator(f'[data-chip="{cents}"]').get_attribute("data-colour")
        stack = f"{count} {colour}, {format_cents(cents * count)}"
        expect(
            rack.get_by_role("list", name="Chips added").get_by_role("listitem").filter(has_text=stack)
        ).to_have_count(1)
    expect(said).to_have_text(re.compile(rf"^Chips to pay: {re.escape(format_cents(pay.arguments['amount']))}, "))
    expect(page.locator("[aria-live]")).to_have_count(2)  # the feedback and its alert: the rack adds no region
    expect(rack).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator("#sequence")).to_have_value(str(sequence + 1))
    expect(table.feedback).to_contain_text("✓ Right")
    expect(rack.locator("[data-rack-total]")).to_have_text("$0.00")
    expect(page.locator("#felt [data-rack-mirror]")).to_have_count(0)


def test_in_an_exam_no_control_suggests_the_next_step(new_page, school: LiveSchool):
    page = new_page()
    log_in(page, school, "trainee1")
    table = TablePage(page, school, school.query(seat_trainee, "trainee1", PRACTICE_TABLE, Mode.EXAM, seed_value=3))
    controls = page.locator("#controls")
    hints = "#controls :disabled, #controls [aria-current], #felt [aria-current], #felt button:disabled"
    expect(page.locator(hints)).to_have_count(0)
    expect(page.locator("#sequence[data-next-step]")).to_have_count(0)
    drawn = controls.inner_html()
    for _ in range(3):
        action = table.expected()
        table.take(action.step, action.arguments)
        expect(table.feedback).to_contain_text("Step recorded")
        expect(page.locator(hints)).to_have_count(0)
        expect(page.locator("#sequence[data-next-step]")).to_have_count(0)
        assert controls.inner_html() == drawn, "the controls look the same whatever step comes next"


def tab_to(page: Page, name: str) -> None:
    """Press Tab until the focused element's text (or field name) starts with ``name`` (at most 120 times)."""
    for _ in range(120):
        page.keyboard.press("Tab")
        focused = page.evaluate("(document.activeElement.textContent || document.activeElement.name || '').trim()")
        if focused.startswith(name):
            return
    raise AssertionError(f"Tab never reached {name!r}")


def test_a_trainee_logs_in_opens_a_table_and_deals_a_round_by_keyboard_alone(new_page, school: LiveSchool):
    page = new_page()
    page.goto("/login/")
    tab_to(page, "username")
    page.keyboard.type("trainee2")
    page.keyboard.press("Tab")
    page.keyboard.type(school.passwords["trainee2"])
    page.keyboard.press("Enter")
    expect(page.get_by_role("heading", name=re.compile(r"^Welcome, "))).to_be_visible()
    tab_to(page, "Tables")
    page.keyboard.press("Enter")
    expect(page).to_have_url(re.compile(r"/tables/$"))
    tab_to(page, f"Practice at {PRACTICE_TABLE}")
    page.keyboard.press("Enter")
    expect(page).to_have_url(re.compile(r"/rounds/\d+/$"))
    table = TablePage(page, school, int(page.url.rstrip("/").rsplit("/", 1)[1]))
    table.by_keys = True
    assert table.deal_correctly_until(lambda action: action is None) is None
    expect(table.score_card).to_contain_text("Score card")


def test_with_shortcuts_switched_off_a_round_is_dealt_by_tab_enter_space_and_typing_alone(new_page, school: LiveSchool):
    page = new_page()
    table = open_table(page, school, "trainee1", seed_value=3)
    table.by_tab = True
    table._click(page.get_by_role("button", name="Keyboard shortcuts"))
    help_dialog = page.get_by_role("dialog", name="Keyboard shortcuts")
    expect(help_dialog).to_be_visible()
    table._check(help_dialog.get_by_role("checkbox", name="Use single-key shortcuts"), False)
    table._click(help_dialog.get_by_role("button", name="Save"))
    expect(help_dialog).to_be_hidden()
    # The rack's keys act only while the focus is in the rack (WCAG 2.1.4 asks no switch of them): they stay said.
    expect(page.locator("#controls [aria-keyshortcuts]:not([data-rack] *)")).to_have_count(0)
    assert table.deal_correctly_until(lambda action: action is None) is None
    expect(table.score_card).to_contain_text("100.0%")
