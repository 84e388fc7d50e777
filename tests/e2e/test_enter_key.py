"""Paying and typing in the controls: Enter takes the field's own step or pays the rack's chips, and a sent step's
fields and chips start afresh."""

import re

import pytest
from live_table import PRACTICE_TABLE, LiveSchool, TablePage, log_in, seat_trainee
from playwright.sync_api import expect
from table_helpers import cut_from_rack

from simulator.core.money import format_cents

pytestmark = pytest.mark.e2e


def test_enter_in_chips_counted_counts_the_chips_and_in_the_rack_pays_the_chips_tapped(new_page, school: LiveSchool):
    """Issue 32 item 1: a chip tapped (or clicked) is added to the wager's payment, shown as a stack named by its
    count, colour and value; Enter in the rack pays what the chips make."""
    page = new_page()
    log_in(page, school, "trainee1")
    table = TablePage(page, school, school.query(seat_trainee, "trainee1", PRACTICE_TABLE, seed_value=3))

    count = table.deal_correctly_until(lambda action: action.step == "count_progressive_chips")
    sequence = table.sequence()
    field = page.locator("#controls").get_by_label("Chips counted")
    field.fill(str(count.arguments["count"]))
    field.press("Enter")
    expect(page.locator("#sequence")).to_have_value(str(sequence + 1))
    expect(table.feedback).to_contain_text("✓ Right")
    assert table.expected().step != "count_progressive_chips", "the chips were counted, not the lock-out sent again"

    pay = table.deal_correctly_until(lambda action: action.step == "pay_wager")
    sequence = table.sequence()
    rack = table._choose_wager(pay.arguments["seat"], pay.arguments["spot"]).locator("[data-rack]")
    denominations = [
        int(cents) for cents in rack.locator("[data-chip]").evaluate_all("(c) => c.map((chip) => chip.dataset.chip)")
    ]
    made, coins = cut_from_rack(pay.arguments["amount"], denominations)
    assert coins == 0, "the practice table's wagers are paid in whole chips"
    names = []
    for cents, number in made.items():
        chip = rack.locator(f'[data-chip="{cents}"]')
        colour = chip.get_attribute("data-colour")
        expect(chip).to_have_accessible_name(
            re.compile(rf"^Add a {re.escape(format_cents(cents).removesuffix('.00'))} {colour} chip$")
        )
        for _ in range(number):
            chip.click()
        names.append(f"{number} {colour}, {format_cents(cents * number)}")
    stacks = rack.get_by_role("list", name="Chips added").get_by_role("listitem")
    expect(stacks).to_have_text(names)
    expect(rack.locator("[data-rack-total]")).to_have_text(format_cents(pay.arguments["amount"]))
    page.keyboard.press("Enter")  # the focus is on the last chip clicked, in the rack
    expect(page.locator("#sequence")).to_have_value(str(sequence + 1))
    expect(table.feedback).to_contain_text("✓ Right")


def test_chips_added_for_one_step_are_cleared_once_it_is_sent(new_page, school: LiveSchool):
    page = new_page()
    log_in(page, school, "trainee2")
    table = TablePage(page, school, school.query(seat_trainee, "trainee2", PRACTICE_TABLE, seed_value=3))
    pay = table.deal_correctly_until(lambda action: action.step == "pay_wager")
    table.take(pay.step, pay.arguments)
    expect(table.feedback).to_contain_text("✓ Right")
    rack = page.locator("#settlement-form [data-rack]")
    expect(rack.locator('input[name="chips"]')).to_have_value("")
    expect(rack.locator("[data-rack-total]")).to_have_text("$0.00")
    expect(rack.get_by_role("listitem")).to_have_count(0)
