"""The scenario builder in the browser: a rigged Tiger 9 a trainee deals; Down Under previewed; a watch scenario."""

import re

import pytest
from accessibility import wcag_violations
from live_table import LiveSchool, log_in
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.e2e


def fill_in_a_tiger_9_with_a_mystery_hit(page: Page, name: str, mystery_round: int, rounds: int = 1) -> None:
    """Fill in the builder: a rigged Tiger 9 for the dealer (dice 6 1 1) and the Mystery Bonus hitting on a round."""
    page.get_by_label("Name").fill(name)
    page.get_by_label("Rounds per attempt").fill(str(rounds))
    page.get_by_label("Seat 2 wagers").fill("Pai Gow 25, Tiger 9 5, Progressive 1")
    page.get_by_label("Dice, red first").fill("6 1 1")
    page.get_by_label("Dealer's seven cards").fill("9h 8c 7d 5s 4h 3c Kd")
    page.get_by_label("Deal the dealer a Tiger 9").check()
    page.get_by_label("Round the Mystery Bonus hits").fill(str(mystery_round))


def publish_from_the_preview(page: Page, number: int) -> None:
    """Publish the previewed version: the preview's link asks first, and the question's button publishes."""
    page.get_by_role("link", name=f"Publish version {number}").click()
    expect(page.get_by_role("heading", name=re.compile(rf"^Publish .*, version {number}\?$"))).to_be_visible()
    assert wcag_violations(page) == [], "publish question"
    page.get_by_role("button", name=f"Publish version {number}").click()
    expect(page.get_by_role("status")).to_contain_text(f"version {number}: trainees can deal it now")


def test_an_instructor_builds_previews_and_publishes_a_tiger_9_scenario_and_a_trainee_deals_it(
    new_page, school: LiveSchool
):
    page = new_page()
    log_in(page, school, "instructor1")
    page.goto("/scenarios/")
    assert wcag_violations(page) == [], "scenario list"
    page.get_by_role("link", name="Build a new scenario").click()
    assert wcag_violations(page) == [], "builder"
    fill_in_a_tiger_9_with_a_mystery_hit(page, "Tiger 9 with a mystery hit", mystery_round=1)
    page.get_by_role("button", name="Save and preview").click()
    expect(page.get_by_role("heading", name="Preview: Tiger 9 with a mystery hit, version 1")).to_be_visible()
    expect(page.locator(".narration")).to_contain_text("Tiger 9")
    expect(page.locator(".narration")).to_contain_text("Mystery Bonus")
    assert wcag_violations(page) == [], "preview"
    publish_from_the_preview(page, 1)
    expect(page.get_by_role("listitem").filter(has_text="Tiger 9 with a mystery hit")).to_contain_text("published")
    trainee = new_page()
    log_in(trainee, school, "trainee1")
    trainee.goto("/tables/")
    trainee.get_by_role("button", name="Deal Tiger 9 with a mystery hit").click()
    expect(trainee.locator("body[data-ws-ready]")).to_have_count(1)
    assert "/rounds/" in trainee.url


def test_a_field_error_on_the_builder_has_no_wcag_21_aa_violation(new_page, school: LiveSchool):
    page = new_page()
    log_in(page, school, "instructor1")
    page.goto("/scenarios/new/")
    page.get_by_label("Name").fill("Bad dice")
    page.get_by_label("Dice, red first").fill("7 1 1")
    page.get_by_role("button", name="Save and preview").click()
    dice = page.get_by_label("Dice, red first")
    expect(page.locator("#field-rigging-dice_error")).to_have_text(re.compile(r"^The red die shows 7"))
    assert wcag_violations(page) == []
    page.get_by_role("alert").get_by_role("link", name="Dice, red first").click()
    expect(dice).to_be_focused()
    expect(dice).to_be_in_viewport()


def test_an_instructor_builds_a_down_under_scenario_from_its_own_form_and_previews_the_felt(
    new_page, school: LiveSchool
):
    page = new_page()
    log_in(page, school, "instructor1")
    page.goto("/scenarios/new/")
    page.get_by_label("Game").select_option(label="Down Under Blackjack")
    seats = page.get_by_role("group", name="Seats and wagers")
    expect(seats).to_contain_text("Betting areas: Blackjack, Match the Dealer")
    expect(page.get_by_label("Dice, red first")).to_have_count(0)
    expect(page.get_by_label("Deal the dealer a Tiger 9")).to_have_count(0)
    assert wcag_violations(page) == [], "Down Under builder"
    page.get_by_label("Name").fill("Match the Dealer on the felt")
    page.get_by_label("Seat 2 wagers").fill("Blackjack 10, Match the Dealer 1")
    page.get_by_label("Round the A♠ Match the Dealer combination is dealt").fill("1")
    page.get_by_role("button", name="Save and preview").click()
    expect(page.get_by_role("heading", name="Preview: Match the Dealer on the felt, version 1")).to_be_visible()
    felt = page.locator(".preview-felt #felt")
    expect(felt).to_be_visible()
    expect(felt).to_contain_text("Match the Dealer")
    expect(page.locator(".narration")).to_contain_text("Match the Dealer")
    assert wcag_violations(page) == [], "Down Under preview"
    page.get_by_role("link", name="Versions and what changed").click()
    expect(page.get_by_role("heading", name="Version 1: draft")).to_be_visible()
    assert wcag_violations(page) == [], "versions"
    page.get_by_role("link", name="Preview").click()
    page.get_by_role("link", name="Discard this draft").click()
    expect(page.get_by_role("heading", name=re.compile(r"^Discard the draft of"))).to_be_visible()
    assert wcag_violations(page) == [], "discard question"
    page.get_by_role("button", name="Discard the draft").click()
    expect(page.get_by_role("status")).to_contain_text("Discarded Match the Dealer on the felt")
    assert wcag_violations(page) == [], "list with a message"


def test_mhb_base_game_option_an_instructor_rigs_the_base_game_by_its_labelled_fields_and_previews_it(
    new_page, school: LiveSchool
):
    page = new_page()
    log_in(page, school, "instructor1")
    page.goto("/scenarios/new/")
    page.get_by_label("Game").select_option(label="Ultimate Texas Hold 'Em Poker")
    base_game = page.get_by_role("group", name="The Ultimate Texas Hold 'Em base game")
    expect(base_game).to_contain_text("Up to 2 cards each")
    assert wcag_violations(page) == [], "Ultimate Texas Hold 'Em builder"
    page.get_by_label("Name").fill("Rigged board")
    page.get_by_label("Base game").select_option(value='"trainee"')
    page.get_by_label("Dealer's cards").fill("Ah Kh")
    page.get_by_label("Seat 3's cards").fill("Ah 2c")
    page.get_by_role("textbox", name="Community cards").fill("Jc Tc 4s 3d 2d")
    page.get_by_label("Seat 3's player").select_option(value="wrong_amount")
    page.get_by_role("button", name="Save and preview").click()
    expect(page.locator("#field-rigging-cards-3_error")).to_have_text(re.compile(r"^Ah rigged twice"))
    assert wcag_violations(page) == [], "a rigged card twice"
    page.get_by_label("Seat 3's cards").fill("As 2c")
    page.get_by_role("button", name="Save and preview").click()
    expect(page.get_by_role("heading", name="Preview: Rigged board, version 1")).to_be_visible()
    expect(page.locator(".narration")).to_contain_text("read the dealer's hand: ace high")
    expect(page.locator(".narration")).to_contain_text("put seat 3's Play Wager")
    assert wcag_violations(page) == [], "preview of the rigged base game"


def test_an_instructor_builds_a_watch_scenario_by_keyboard_previews_its_fault_and_a_trainee_watches_it(
    new_page, school: LiveSchool
):
    page = new_page()
    log_in(page, school, "instructor1")
    page.goto("/scenarios/new/")
    page.get_by_label("Name").fill("Spot the missed push")
    page.get_by_label("Seat 1 wagers").fill("Pai Gow 10")
    watching = page.get_by_role("group", name="Watch scenario")
    for box in (
        "Deal the dealer a Tiger 9",
        "Trainees watch each round and flag its faults",
        "Missed push (by the dealer)",
    ):
        page.get_by_label(box, exact=True).focus()
        page.keyboard.press("Space")
        expect(page.get_by_label(box, exact=True)).to_be_checked()
    watching.get_by_label("Fewest faults a round holds").fill("1")
    watching.get_by_label("Most faults a round holds").fill("1")
    assert wcag_violations(page) == [], "builder with a watch scenario"
    page.get_by_role("button", name="Save and preview").click()
    expect(page.get_by_role("heading", name="Preview: Spot the missed push, version 1")).to_be_visible()
    expect(page.locator(".narration")).to_contain_text("(seeded fault: Missed push)")
    assert wcag_violations(page) == [], "preview of a watch scenario"
    publish_from_the_preview(page, 1)
    trainee = new_page()
    log_in(trainee, school, "trainee1")
    trainee.goto("/tables/")
    trainee.get_by_role("button", name="Deal Spot the missed push").click()
    expect(trainee).to_have_url(re.compile(r"/watched/\d+/$"))
    expect(trainee.get_by_role("heading", level=1)).to_have_text("Watch a round: Spot the missed push, version 1")
