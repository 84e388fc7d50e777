"""A trainee deals in Chromium against the live Daphne server: a perfect round, three graded mistakes, a mystery win."""

import re
from itertools import combinations

import pytest
from live_table import (
    INSTRUCTOR_TABLE,
    LAPTOP,
    MANUAL_SHAKER_TABLE,
    PRACTICE_TABLE,
    TABLET,
    LiveSchool,
    TablePage,
    expected_action,
    log_in,
    open_from_the_header,
    seat_trainee,
)
from playwright.sync_api import Page, expect

from simulator.core.clauses import cite
from simulator.core.money import format_cents
from simulator.core.procedure import Actor
from simulator.pai_gow.round import NO_MORE_BETS
from trainer import round_store, services
from trainer.models import Attempt, Table

pytestmark = pytest.mark.e2e

AUTOMATED_TABLES = {"commission-free": PRACTICE_TABLE, "standard-manual-shaker": MANUAL_SHAKER_TABLE}
"""The demo tables where the engine acts as floorperson, by the name of their screenshots."""
SUM_PAYTABLE_A = {17: "25 to 1", 16: "6 to 1", 8: "3 to 1"}
"""§645b.2(g)(1), Sum of Dice Paytable A as printed: a total of 17 pays 25 to 1, 16 pays 6 to 1, 8 pays 3 to 1."""


def citation_shown(panel, clause, provenance, text):
    """Check a panel shows the rule: its clause, its provenance label and its text."""
    citation = panel.locator(".citation").filter(has_text=clause)
    expect(citation.locator("strong")).to_have_text(clause)
    expect(citation.locator(".provenance")).to_have_text(provenance)
    expect(citation).to_contain_text(text)


def seed_with_a_winning_sum_wager():
    """The first seed whose round at the practice table pays a Sum wager (server side)."""
    table = Table.objects.get(name=PRACTICE_TABLE)
    for seed_value in range(1, 1000):
        round_ = services.deal_round(table, seed_value)
        while (action := round_.next_action()) is not None and action.step != "find_starting_position":
            if action.step == "pay_wager" and action.arguments["spot"] == "sum":
                return seed_value
            round_.perform(action.step, action.arguments)
    raise AssertionError("no seed up to 1000 pays a Sum wager")


def not_the_house_way(attempt_id):
    """Two of the dealer's cards that the house way would not put in the low hand (server side)."""
    round_ = round_store.live_round(Attempt.objects.get(pk=attempt_id))
    cards = [str(card) for card in round_.stack_for(0)]
    return next(
        " ".join(pair) for pair in combinations(cards, 2) if not round_.can("set_dealer_hand", {"low": " ".join(pair)})
    )


def sum_wager_and_total(attempt_id, seat):
    """The Sum wager at a seat and the dice total (server side)."""
    round_ = round_store.live_round(Attempt.objects.get(pk=attempt_id))
    return round_.seats[seat]["sum"], round_.dice.total


@pytest.mark.parametrize("picture", AUTOMATED_TABLES)
def test_a_trainee_logs_in_and_deals_a_full_round_correctly_to_100_percent(
    new_page, school: LiveSchool, screenshots, picture
):
    page: Page = new_page()
    log_in(page, school, "trainee1")
    open_from_the_header(page, "Tables")
    table_card = page.locator(".table-card").filter(has_text=AUTOMATED_TABLES[picture])
    table_card.get_by_role("button", name="Practice").click()
    expect(page).to_have_url(re.compile(r"/rounds/\d+/$"))
    table = TablePage(page, school, int(page.url.rstrip("/").rsplit("/", 1)[1]))
    expect(table.feedback).to_contain_text("Practice mode")

    table.deal_correctly_until(lambda action: action.step == "reveal_player_hand")
    action = table.expected()
    table.take(action.step, action.arguments)
    page.screenshot(path=screenshots / f"{picture}-mid-round-laptop.png", full_page=True)
    page.set_viewport_size(TABLET)
    page.screenshot(path=screenshots / f"{picture}-mid-round-tablet.png", full_page=True)
    page.set_viewport_size(LAPTOP)

    assert table.deal_correctly_until(lambda action: action is None) is None
    expect(table.score_card).to_contain_text("Score card: passed")
    expect(table.score_card).to_be_in_viewport()
    expect(table.score_card.get_by_role("heading", level=2)).to_be_focused()
    expect(table.score_card).to_contain_text("100.0%")
    expect(table.score_card).to_contain_text("No error: every step was right.")
    expect(table.status).to_contain_text("Round over: 100.0% accuracy")
    page.screenshot(path=screenshots / f"{picture}-score-card-laptop.png", full_page=True)


def test_a_trainee_makes_three_mistakes_in_practice_and_sees_the_three_right_citations(new_page, school: LiveSchool):
    page = new_page()
    log_in(page, school, "trainee1")
    seed_value = school.query(seed_with_a_winning_sum_wager)
    table = TablePage(page, school, school.query(seat_trainee, "trainee1", PRACTICE_TABLE, seed_value=seed_value))

    # 1. Out of order: the shaker player is selected before "No more bets" (§645b.2(f), seed text, minor).
    assert table.expected().step == "announce_no_more_bets"
    table.take("select_shaker_player", {"seat": 1})
    expect(table.feedback).to_contain_text("✗ Wrong")
    expect(table.feedback.locator(".severity")).to_have_text("minor")
    citation_shown(table.feedback, "§645b.2(f)", "Regulation", NO_MORE_BETS.text)

    # 2. A wrong Sum payout: even money instead of Paytable A's odds (§645b.2(g)(1), seed, critical).
    action = table.deal_correctly_until(lambda action: action.arguments.get("spot") == "sum")
    seat = action.arguments["seat"]
    wager, total = school.query(sum_wager_and_total, table.attempt_id, seat)
    assert action.step == "pay_wager" and action.arguments["amount"] != wager
    table.take("pay_wager", {"seat": seat, "spot": "sum", "amount": wager})
    expect(table.feedback).to_contain_text("✗ Wrong")
    expect(table.feedback.locator(".severity")).to_have_text("critical")
    citation_shown(table.feedback, "§645b.2(g)(1)", "Regulation", cite("§645b.2(g)(1)").text)
    odds = int(SUM_PAYTABLE_A[total].split()[0])
    expect(table.feedback).to_contain_text(format_cents(wager * odds))

    # 3. The dealer's hand not set by the house way (the table's Foxwoods house way, a house rule, critical).
    action = table.deal_correctly_until(lambda action: action.step == "set_dealer_hand")
    table.take("set_dealer_hand", {"low": school.query(not_the_house_way, table.attempt_id)})
    expect(table.feedback).to_contain_text("✗ Wrong")
    expect(table.feedback.locator(".severity")).to_have_text("critical")
    assert action.citation.clause.startswith("Foxwoods house way: ")
    citation_shown(table.feedback, action.citation.clause, "Your house procedure", action.citation.text)

    assert table.deal_correctly_until(lambda action: action is None) is None
    expect(table.score_card).to_contain_text("Score card: not passed")
    errors = table.score_card.locator("ol.errors > li")
    expect(errors).to_have_count(3)
    for error, clause, provenance in zip(
        errors.all(),
        ("§645b.2(f)", "§645b.2(g)(1)", action.citation.clause),
        ("Regulation", "Regulation", "Your house procedure"),
        strict=True,
    ):
        expect(error.locator(".citation strong")).to_have_text(clause)
        expect(error.locator(".provenance")).to_have_text(provenance)


def test_an_instructor_in_a_second_browser_validates_a_mystery_win_and_the_trainee_deals_on(
    new_page, school: LiveSchool, screenshots
):
    trainee_page, instructor_page = new_page(), new_page()
    log_in(trainee_page, school, "trainee2")
    log_in(instructor_page, school, "instructor1")
    attempt_id = school.query(seat_trainee, "trainee2", INSTRUCTOR_TABLE, force_mystery_hit=True)
    table = TablePage(trainee_page, school, attempt_id)
    instructor_page.goto(f"/rounds/{attempt_id}/")
    expect(instructor_page.locator("body[data-ws-ready]")).to_have_count(1)
    floorperson = instructor_page.locator("#floorperson")
    expect(floorperson).to_contain_text("Nothing is waiting")

    validation = table.deal_correctly_until(lambda action: action.actor is Actor.FLOORPERSON)
    while validation.step != "validate_mystery_payout":
        # A simulated player's own progressive hand win waits for the floorperson first: take it and deal on.
        button = instructor_page.locator("#floorperson button")
        expect(button).to_have_count(1)
        button.click()
        validation = table.deal_correctly_until(lambda action: action.actor is Actor.FLOORPERSON)
    seat = validation.arguments["seat"]
    expect(table.status).to_contain_text(f"Waiting for the floorperson to validate the payout at seat {seat}")
    expect(instructor_page.locator("#felt")).to_contain_text(f"Light on at seat {seat}")
    instructor_page.screenshot(path=screenshots / "instructor-validation-laptop.png", full_page=True)

    instructor_page.get_by_role("button", name=f"Validate the payout at seat {seat}").click()
    expect(floorperson).to_contain_text("Nothing is waiting")
    expect(table.status).not_to_contain_text("Waiting for the floorperson")
    expect(table.status).to_contain_text("Dealing")
    assert school.query(expected_action, attempt_id).step == "pay_mystery_bonus"

    assert table.deal_correctly_until(lambda action: action is None) is None
    expect(table.score_card).to_contain_text("Score card: passed")
    expect(table.score_card).to_contain_text("100.0%")
    expect(instructor_page.locator("#status")).to_contain_text("Round over: 100.0% accuracy")


def test_a_trainee_pays_a_progressive_hand_win_in_order_hand_light_validation_payment(new_page, school: LiveSchool):
    page = new_page()
    log_in(page, school, "trainee1")
    attempt_id = school.query(seat_trainee, "trainee1", PRACTICE_TABLE, force_progressive_win=True)
    table = TablePage(page, school, attempt_id)
    page.goto(f"/rounds/{attempt_id}/")
    expect(page.locator("body[data-ws-ready]")).to_have_count(1)
    steps = []
    action = table.deal_correctly_until(lambda action: action.step == "confirm_progressive_hand")
    while action is not None and action.step.endswith(("progressive_hand", "progressive_light", "progressive_win")):
        steps.append(action.step)
        table.take(action.step, action.arguments)
        expect(table.feedback).to_contain_text("✓ Right")
        action = school.query(expected_action, attempt_id)
    # The engine is the floorperson at this table: it validates between the light and the payment (§685b.1(h)).
    assert steps == ["confirm_progressive_hand", "confirm_progressive_light", "pay_progressive_win"]
    assert table.deal_correctly_until(lambda action: action is None) is None
    expect(table.score_card).to_contain_text("100.0%")


def seed_with_late_wager(table_name: str) -> tuple[int, int]:
    """A seed whose round at the table has a player try a non-progressive wager after "No more bets", and the seat."""
    table = Table.objects.get(name=table_name)
    for seed in range(500):
        late = services.deal_round(table, seed).wager_phase.late
        if late is not None and late.spot != "progressive":
            return seed, late.seat
    raise AssertionError("no seed with a late wager")


def test_645b2_f_a_trainee_refuses_a_late_wager_at_the_pai_gow_table(new_page, school: LiveSchool):
    page = new_page()
    log_in(page, school, "trainee1")
    seed, seat = school.query(seed_with_late_wager, PRACTICE_TABLE)
    attempt_id = school.query(seat_trainee, "trainee1", PRACTICE_TABLE, seed_value=seed)
    table = TablePage(page, school, attempt_id)
    page.goto(f"/rounds/{attempt_id}/")
    expect(page.locator("body[data-ws-ready]")).to_have_count(1)
    action = table.deal_correctly_until(lambda action: action is not None and action.step == "refuse_late_wager")
    assert action is not None and action.arguments == {"seat": seat}
    expect(page.locator("#controls").get_by_label("Late wager at seat")).to_be_visible()
    table.take("refuse_late_wager", {"seat": seat})
    expect(table.feedback).to_contain_text("✓ Right")
    expect(table.feedback).to_contain_text("§645b.2(f)")
    assert table.deal_correctly_until(lambda action: action is None) is None
    expect(table.score_card).to_contain_text("100.0%")
