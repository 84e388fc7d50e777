"""Typing in the controls: Enter takes the field's own step, and a sent step's typed fields start afresh."""

import pytest
from live_table import PRACTICE_TABLE, LiveSchool, TablePage, dollars, log_in, seat_trainee
from playwright.sync_api import expect

pytestmark = pytest.mark.e2e


def test_enter_in_chips_counted_counts_the_chips_and_in_the_amount_pays_the_wager(new_page, school: LiveSchool):
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
    table._choose_wager(pay.arguments["seat"], pay.arguments["spot"])
    amount = page.locator("#settlement-form").locator('input[name="amount"]')
    amount.fill(dollars(pay.arguments["amount"]))
    amount.press("Enter")
    expect(page.locator("#sequence")).to_have_value(str(sequence + 1))
    expect(table.feedback).to_contain_text("✓ Right")


def test_an_amount_typed_for_one_step_is_cleared_once_it_is_sent(new_page, school: LiveSchool):
    page = new_page()
    log_in(page, school, "trainee2")
    table = TablePage(page, school, school.query(seat_trainee, "trainee2", PRACTICE_TABLE, seed_value=3))
    pay = table.deal_correctly_until(lambda action: action.step == "pay_wager")
    table.take(pay.step, pay.arguments)
    expect(table.feedback).to_contain_text("✓ Right")
    expect(page.locator("#settlement-form").locator('input[name="amount"]')).to_have_value("")
