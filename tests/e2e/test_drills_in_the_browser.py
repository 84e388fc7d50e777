"""The drill library in the browser: a trainee finds a drill in the navigation and deals it to the end."""

import re

import pytest
from accessibility import wcag_violations
from live_table import LiveSchool, TablePage, log_in, open_from_the_header
from playwright.sync_api import Page, expect

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
