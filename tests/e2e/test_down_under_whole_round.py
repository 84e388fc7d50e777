"""The Down Under Blackjack demo table whose trainee deals the whole round, dealt in Chromium by the keyboard alone.

Every step is graded right with its clause and provenance shown, the page passes axe at each new kind of step, and
until the hole card is turned no card the table has not exposed (the hole card above all) is anywhere in the page.
"""

import re
from collections import Counter

import pytest
from accessibility import wcag_violations
from live_table import LiveSchool, TablePage, log_in, seat_trainee
from playwright.sync_api import Page, expect

from simulator.blackjack.hand import HAND_STEPS, PLAYER_HAND_STEPS, SPLIT_SUFFIX
from simulator.blackjack.round import DEALER_BOX
from trainer import round_store, services
from trainer.models import Attempt, Table

pytestmark = pytest.mark.e2e

WHOLE_ROUND = "Down Under Blackjack — the whole round, hits soft 17, 6 decks, Paytable 1, $5"
EVERY_HAND_STEP = HAND_STEPS - PLAYER_HAND_STEPS
"""The dealer's steps of the hand: confirming a signal, splitting, turning the hole card and each settlement."""
NAMED_STEPS = frozenset(
    {"deal_card", "settle_losing_match_wager", "confirm_decision", "split_pair", *EVERY_HAND_STEP} - {"turn_hole_card"}
)
"""The steps whose button says the seat or hand it acts on."""


def place_name(arguments) -> str:
    """A step's seat or hand as its button names it: "the dealer", "seat 3", "seat 3 split hand"."""
    if "seat" in arguments:
        return f"seat {arguments['seat']}"
    position = str(arguments["position"])
    return "the dealer" if position == DEALER_BOX else position.replace(SPLIT_SUFFIX, " split hand")


def seed_dealing_every_hand_step(table_name: str) -> int:
    """The first seed whose round at the table takes every dealer step of the hand, a split hand's card too."""
    table = Table.objects.get(name=table_name)
    for seed_value in range(1, 1000):
        round_ = services.deal_round(table, seed_value)
        taken, split_dealt = set(), False
        while (action := round_.next_action()) is not None:
            taken.add(action.step)
            split_dealt |= action.step == "deal_card" and str(action.arguments["position"]).endswith(" split")
            round_.perform(action.step, action.arguments)
        if taken >= EVERY_HAND_STEP and split_dealt:
            return seed_value
    raise AssertionError("no seed up to 1000 takes every dealer step of the hand")


def table_cards(attempt_id: int) -> tuple[Counter[str], str | None, bool]:
    """The cards the table has exposed (every player's hand, the upcard, the hole card once turned), the hole card
    and whether it is turned (server side)."""
    round_ = round_store.live_round(Attempt.objects.get(pk=attempt_id))
    dealer = round_.dealer_cards if round_.hole_card_exposed else round_.dealer_cards[:1]
    hands = [*round_.hands.values(), *round_.split_hands.values(), dealer]
    hole = str(round_.dealer_cards[1]) if len(round_.dealer_cards) > 1 else None
    return Counter(str(card) for hand in hands for card in hand), hole, round_.hole_card_exposed


def cards_in_the_page(page: Page) -> Counter[str]:
    """Every card the page draws, wherever it is in the DOM."""
    return Counter(page.locator("[data-card]").evaluate_all("cards => cards.map(card => card.dataset.card)"))


def test_a_trainee_deals_the_whole_round_by_keyboard_graded_and_cited_and_the_hole_card_stays_out_of_the_page(
    new_page, school: LiveSchool
):
    seed_value = school.query(seed_dealing_every_hand_step, WHOLE_ROUND)
    page = new_page()
    log_in(page, school, "trainee2")
    table = TablePage(page, school, school.query(seat_trainee, "trainee2", WHOLE_ROUND, seed_value=seed_value))
    table.by_tab = True
    assert wcag_violations(page) == []
    checked, hole_kept_back = set(), False
    while (action := table.expected()) is not None:
        exposed, hole, turned = school.query(table_cards, table.attempt_id)
        shown = cards_in_the_page(page)
        assert shown <= exposed, shown - exposed
        if hole is not None and not turned:
            assert shown[hole] == exposed[hole], f"the hole card {hole} is in the page before it is turned"
            expect(page.locator("#felt-dealer [data-card]")).to_have_count(1)
            hole_kept_back = True
        table.take(action.step, action.arguments)
        expect(table.feedback).to_contain_text("✓ Right")
        citation = table.feedback.locator(".citation")
        expect(citation.locator("strong")).to_have_text(action.citation.clause)
        expect(citation.locator(".provenance")).to_have_text(action.citation.kind)
        if action.step in NAMED_STEPS:
            button = page.locator(f'#controls button[value="{action.step}"]')
            expect(button).to_have_accessible_name(re.compile(rf"\b{re.escape(place_name(action.arguments))}\b"))
        if action.step not in checked:
            checked.add(action.step)
            assert wcag_violations(page) == [], action.step
    assert hole_kept_back and checked >= EVERY_HAND_STEP
    expect(page.locator("#felt-dealer")).to_contain_text(re.compile(r"Dealer (has blackjack|busts|stands on \d+)"))
    expect(table.score_card).to_contain_text("100.0%")
    assert wcag_violations(page) == []


def test_each_control_acting_on_a_hand_is_named_by_its_seat_and_hand(new_page, school: LiveSchool):
    page = new_page()
    log_in(page, school, "trainee2")
    TablePage(page, school, school.query(seat_trainee, "trainee2", WHOLE_ROUND, seed_value=5))
    controls = page.locator("#controls")

    def choose(step: str, place: str) -> None:
        """Choose a place in the list of a step's form, as the controls' own list."""
        form = controls.locator("form").filter(has=page.locator(f'button[value="{step}"]'))
        form.locator("select[data-place-select]").select_option(place)

    def named(name: str) -> None:
        expect(controls.get_by_role("button", name=name, exact=True)).to_have_count(1)

    named("Deal a card to the dealer")
    named("Pay seat 1 Blackjack wager")
    choose("deal_card", "3s")
    named("Deal a card to seat 3 split hand")
    choose("pay_blackjack_wager", "3s")
    for settlement in ("Pay", "Push", "Collect"):
        named(f"{settlement} seat 3 split hand Blackjack wager")
    expect(controls.locator(".settling")).to_have_text("Settling seat 3 split hand Blackjack wager")
    choose("confirm_decision", "2s")
    named("Ask the player to confirm at seat 2 split hand")
    choose("split_pair", "4")
    named("Split the pair at seat 4")
    page.locator('#felt [data-pick-place="6"]').click()
    named("Deal a card to seat 6")
    named("Collect: no match at seat 6 Match the Dealer wager")
    named("Pay seat 6 Blackjack wager")
    assert wcag_violations(page) == []
