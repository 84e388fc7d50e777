"""The drill library in the browser: a trainee deals a drill to the end, and runs a payout sprint by keyboard."""

import re

import pytest
from accessibility import wcag_violations
from live_table import LiveSchool, TablePage, log_in, open_from_the_header
from playwright.sync_api import Page, expect

from scenarios.models import PayoutSprint
from simulator.core.chipping import highest_first
from simulator.core.chips import DEFAULT_RACK, chip_total
from simulator.core.money import format_cents
from simulator.drills import DRILLS, DRILLS_BY_KEY

pytestmark = pytest.mark.e2e


def deal_drill(page: Page, school: LiveSchool, key: str) -> TablePage:
    """Open the library from the navigation and press the drill's Deal button: its table opens."""
    open_from_the_header(page, "Drill library")
    expect(page.get_by_role("heading", name="Drill library", level=1)).to_be_visible()
    page.get_by_role("button", name=f"Deal {DRILLS_BY_KEY[key].name}", exact=True).click()
    expect(page).to_have_url(re.compile(r"/rounds/\d+/$"))
    return TablePage(page, school, int(page.url.rstrip("/").rsplit("/", 1)[1]))


def test_a_trainee_deals_the_tiger_9_wager_drill_to_its_end_then_opens_my_mistakes(new_page, school: LiveSchool):
    page = new_page()
    log_in(page, school, "trainee2")
    table = deal_drill(page, school, "tiger-9-wager")
    assert wcag_violations(page) == [], "a drill's table"
    table.deal_correctly_until(lambda action: action is None)
    expect(table.score_card).to_contain_text("Score card")
    open_from_the_header(page, "My mistakes")
    expect(page.get_by_role("heading", name="My mistakes", level=1)).to_be_visible()
    assert wcag_violations(page) == [], "my mistakes"
    find_drills(page, "tiger", "Pai Gow Poker")
    name = page.get_by_text(DRILLS_BY_KEY["tiger-9-wager"].name, exact=True)
    wager = page.locator(".table-card").filter(has=name)
    expect(wager.locator(".badge")).to_have_text("Done")
    expect(wager).to_contain_text("1 round finished")
    assert wcag_violations(page) == [], "the drill library, searched"


def find_drills(page: Page, words: str, game: str) -> None:
    """Search the library by keys alone: type the words, choose the game, press Enter; only matching drills stay."""
    open_from_the_header(page, "Drill library")
    page.get_by_label("Words").focus()
    page.keyboard.type(words)
    page.get_by_label("Game").select_option(label=game)
    page.get_by_label("Words").press("Enter")
    expect(page.locator("main [role=status]")).to_contain_text(re.compile(r"\d+ of the \d+ drills"))
    assert 0 < page.locator(".table-card").count() < len(DRILLS)


def test_a_trainee_refuses_a_late_match_the_dealer_wager_at_down_under_blackjack(new_page, school: LiveSchool):
    page = new_page()
    log_in(page, school, "trainee1")
    table = deal_drill(page, school, "late-match-the-dealer-wager")
    action = table.deal_correctly_until(lambda action: action is not None and action.step == "refuse_late_wager")
    assert action is not None and action.arguments == {"seat": 5}
    table.deal_correctly_until(lambda action: action is None)
    expect(table.score_card).to_contain_text("Score card")


def amounts_due(username: str) -> list[int]:
    """The amounts due of the trainee's newest sprint, as the server holds them (never sent to the page)."""
    return [payout["due"] for payout in PayoutSprint.objects.filter(trainee__username=username).latest("pk").payouts]


def rack_keys(page: Page, due: int) -> tuple[list[str], int]:
    """The rack's keys paying ``due`` as the house chips it, largest chip first, and the coin left under them."""
    chips = highest_first(due, DEFAULT_RACK)
    keys = [page.locator(f"[data-chip='{cents}']").get_attribute("data-rack-key") or "" for cents in sorted(chips)]
    pressed = [key for cents, key in zip(sorted(chips), keys, strict=True) for _ in range(chips[cents])]
    return pressed[::-1], due - chip_total(chips)


def press(page: Page, name: str, role: str = "button") -> None:
    """Put the focus on a control as Tab would and press Enter on it."""
    page.get_by_role(role, name=name, exact=True).focus()  # type: ignore[arg-type]
    page.keyboard.press("Enter")


def test_a_trainee_runs_a_10_payout_sprint_by_keyboard_and_tops_the_cohort_board_as_a_personal_best(
    new_page, school: LiveSchool
):
    page = new_page()
    log_in(page, school, "trainee2")
    open_from_the_header(page, "Drill library")
    press(page, "Payout sprints", "link")
    expect(page.get_by_role("heading", name="Payout sprints", level=1)).to_be_visible()
    expect(page.get_by_label("Paytable line")).to_have_value("mix")
    press(page, "Start the sprint")
    rack = page.get_by_role("group", name=re.compile(r"^Chips for payout 1 of 10: "))
    expect(rack).to_be_focused()
    assert wcag_violations(page) == [], "a sprint's payout"
    page.keyboard.press("Enter")
    said = page.get_by_role("status")
    expect(said).to_contain_text("Add chips from the rack first.")
    expect(page.get_by_role("alert")).to_have_count(0)
    assert wcag_violations(page) == [], "a payment refused"
    for number, due in enumerate(school.query(amounts_due, "trainee2"), start=1):
        rack = page.get_by_role("group", name=re.compile(rf"^Chips for payout {number} of 10: "))
        expect(rack).to_be_focused()
        page.keyboard.press("1")
        page.keyboard.press("Delete")
        expect(rack.locator("[data-rack-total]")).to_have_text("$0.00")
        chips, coin = rack_keys(page, due)
        for key in [*chips, "1"]:
            page.keyboard.press(key)
        page.keyboard.press("Backspace")
        expect(said).to_contain_text(f"Chips to pay: {format_cents(due - coin)}")
        if coin:
            page.get_by_label("Coin").focus()
            page.keyboard.type(format_cents(coin).removeprefix("$"))
        page.keyboard.press("Enter")
        if number < 10:
            expect(page.locator(".messages")).to_contain_text(f"Payout {number}: Right")
    result = page.locator("#sprint-result")
    expect(result).to_contain_text("for 10 payouts, 0 mispaid and 0 in other chips: all right.")
    expect(result).to_contain_text("A personal best.")
    time = re.search(r"\d+\.\d s", result.inner_text())
    assert time is not None
    press(page, "Another sprint, and my personal bests", "link")
    bests = page.get_by_role("table", name="Best payout sprint of each kind, with the school's standard")
    expect(bests.get_by_role("row", name=re.compile("10 payouts: A mix of every line"))).to_contain_text(time[0])

    board = new_page()
    log_in(board, school, "instructor1")
    open_from_the_header(board, "Cohorts")
    press(board, "Demo cohort", "link")
    press(board, "Payout sprint board", "link")
    ranks = board.locator("#sprint-board")
    expect(ranks.get_by_role("row", name=re.compile(rf"^1 {re.escape(time[0])}"))).to_be_visible()
    expect(ranks).not_to_contain_text("Marcus Bell")
    board.get_by_label("Show names").focus()
    board.keyboard.press("Space")
    press(board, "Show the board")
    expect(ranks.get_by_role("row", name=re.compile(rf"^1 Marcus Bell {re.escape(time[0])}"))).to_be_visible()
    assert wcag_violations(board) == [], "the sprint board with names"
