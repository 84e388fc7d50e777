"""The base games in view: Mystery Bonus tables (the engine's deal and the trainee's) and Down Under Blackjack, dealt in
Chromium at 1366×768; and at a table of each family a player's buy-in and another's colour-up, dealt whole."""

import re
from collections.abc import Callable

import pytest
from accessibility import wcag_violations
from live_table import PRACTICE_TABLE, LiveSchool, TablePage, log_in, seat_trainee, seed_with_cash
from playwright.sync_api import expect

from simulator.core.procedure import Action

pytestmark = pytest.mark.e2e

THREE_CARD_POKER = "Three Card Poker — Mystery Bonus, Configuration B, $5"
THREE_CARD_POKER_DEALT = "Three Card Poker — the trainee deals the game, Mystery Bonus, Configuration B, $5"
LET_IT_RIDE_DEALT = "Let It Ride Poker — the trainee deals the game, Mystery Bonus, Configuration A, $1"
DOWN_UNDER = "Down Under Blackjack — Match the Dealer, 6 decks, Paytable 1, $5"


def test_three_card_poker_shows_its_base_game_face_up_and_its_mystery_bonus_sign(new_page, school: LiveSchool):
    page = new_page()
    log_in(page, school, "trainee1")
    table = TablePage(page, school, school.query(seat_trainee, "trainee1", THREE_CARD_POKER, seed_value=4))
    felt = page.locator("#felt")
    expect(felt.locator("#felt-base-game")).to_contain_text("is dealt by the engine once the progressive wagers")
    expect(felt.locator(".card")).to_have_count(0)
    expect(page.locator("#posted")).to_contain_text("Configuration B")
    table.deal_correctly_until(lambda action: action is None)
    expect(felt.locator("#felt-base-game")).to_contain_text("dealt face up by the engine (house automation)")
    occupied = felt.locator(".position.occupied")
    for seat in range(occupied.count()):
        expect(occupied.nth(seat).locator(".card")).to_have_count(3)
    expect(felt.locator(".base-game-dealer .card")).to_have_count(3)
    assert wcag_violations(page) == []


def test_mhb_base_game_option_a_trainee_deals_three_card_poker_with_its_cards_face_down_until_turned(
    new_page, school: LiveSchool
):
    page = new_page()
    log_in(page, school, "trainee1")
    table = TablePage(page, school, school.query(seat_trainee, "trainee1", THREE_CARD_POKER_DEALT, seed_value=4))
    felt = page.locator("#felt")
    table.deal_correctly_until(lambda action: action is not None and action.step == "reveal_hand")
    dealer = felt.locator(".base-game-dealer")
    expect(dealer.locator(".card-back")).to_have_count(3)
    expect(dealer.locator(".card")).to_have_count(0)
    expect(felt.locator(".position.occupied .card")).to_have_count(0)
    table.deal_correctly_until(lambda action: action is None)
    expect(dealer.locator(".card")).to_have_count(3)
    expect(felt.locator("#felt-base-game")).to_contain_text("the base game dealt by the trainee")
    expect(felt.locator(".area-ante").first).to_be_visible()
    assert wcag_violations(page) == []


def test_643a1_let_it_ride_a_trainee_deals_let_it_ride_whole_returning_each_pulled_wager_and_turning_the_board(
    new_page, school: LiveSchool
):
    page = new_page()
    log_in(page, school, "trainee1")
    table = TablePage(page, school, school.query(seat_trainee, "trainee1", LET_IT_RIDE_DEALT, seed_value=4))
    felt = page.locator("#felt")
    board = felt.locator(".base-game-board")
    steps: list[str] = []

    def until(step: str) -> Callable[[Action | None], bool]:
        """Stop at ``step`` ("": the round's end), noting every step on the way."""

        def stop(action: Action | None) -> bool:
            steps.append(action.step if action else "")
            return steps[-1] == step

        return stop

    table.deal_correctly_until(until("turn_community_card"))
    expect(board.locator(".card-back")).to_have_count(2)
    expect(board.locator(".card")).to_have_count(0)
    expect(felt.locator(".base-game-dealer")).to_have_count(0)
    table.deal_correctly_until(until(""))
    assert "return_wager" in steps and "qualify_dealer" not in steps
    expect(board.locator(".card")).to_have_count(2)
    expect(felt.locator(".area-third").first).to_be_visible()
    expect(felt.locator("#felt-base-game")).to_contain_text("the base game dealt by the trainee")
    assert wcag_violations(page) == []


def test_down_under_blackjack_says_each_hands_outcome_and_the_dealers(new_page, school: LiveSchool):
    page = new_page()
    log_in(page, school, "trainee2")
    table = TablePage(page, school, school.query(seat_trainee, "trainee2", DOWN_UNDER, seed_value=6))
    table.deal_correctly_until(lambda action: action is None)
    felt = page.locator("#felt")
    results = felt.locator(".hand-result")
    expect(results.first).to_be_visible()
    for index in range(results.count()):
        expect(results.nth(index)).to_have_text(
            re.compile(r"^(Blackjack: wins \$[\d,.]+|Wins \$[\d,.]+|Push|Loses|Bust: loses)$")
        )
    expect(felt.locator("#felt-dealer")).to_contain_text(re.compile(r"Dealer (has blackjack|busts|stands on \d+)"))
    assert wcag_violations(page) == []


@pytest.mark.parametrize(
    ("table_name", "by_keys"),
    [(PRACTICE_TABLE, True), (THREE_CARD_POKER_DEALT, False), (DOWN_UNDER, False)],
    ids=["pai-gow-poker-by-keys", "three-card-poker-by-buttons", "down-under-blackjack-by-buttons"],
)
def test_house_cash_a_buy_in_and_a_colour_up_are_dealt_whole_with_the_pages_own_controls(
    new_page, school: LiveSchool, table_name: str, by_keys: bool
):
    page = new_page()
    log_in(page, school, "trainee1")
    seed_value = school.query(seed_with_cash, table_name)
    table = TablePage(page, school, school.query(seat_trainee, "trainee1", table_name, seed_value=seed_value))
    table.by_keys = by_keys
    felt = page.locator("#felt")
    expect(felt.locator(".seat-cash")).to_contain_text("Buy-in")
    expect(felt.locator(".seat-cash .bill").first).to_be_visible()
    expect(page.locator("#controls > form.control-group").first).to_contain_text("Buy-in")
    expect(page.get_by_role("button", name="Count seat 1's cash", exact=True)).to_be_visible()
    table.deal_correctly_until(lambda action: action is not None and action.step == "sell_chips")
    expect(felt.locator(".seat-cash")).to_contain_text("dropped")
    table.deal_correctly_until(lambda action: action is not None and action.step == "colour_up")
    expect(felt.locator(".seat-cash")).to_contain_text("Colour up")
    expect(page.locator("#controls > form.control-group").first).to_contain_text("Colour up")
    assert wcag_violations(page) == []
    assert table.deal_correctly_until(lambda action: action is None) is None
    expect(felt.locator(".seat-cash")).to_have_count(0)
    expect(table.score_card).to_contain_text("100.0%")
    expect(table.score_card).to_contain_text("Chip inventory: reconciled")
