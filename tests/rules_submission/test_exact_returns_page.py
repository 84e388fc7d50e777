"""MHB training table base game, option base_game: where the trainee deals a carnival poker game, the table's page for
instructors shows each paytable it pays by with each wager's exact house edge (simulator.carnival.odds)."""

from html import unescape

import pytest
from django.urls import reverse
from table_helpers import make_instructor

from rules_submission.exact_returns import table_paytables
from trainer.models import Table

pytestmark = pytest.mark.django_db

HOUSE_ADVICE = "if the player follows the house advice the simulated players follow"


def test_mhb_base_game_option_three_card_poker_edges_are_shown_beside_its_paytables_as_published(client):
    client.force_login(make_instructor())
    table = Table.objects.create(name="Dealt", game="three-card-poker", rules={"base_game": "trainee"})
    page = unescape(client.get(reverse("table_standards", args=[table.pk])).text)
    assert "Paytables and their exact returns" in page
    # Pair Plus 40-30-6-4-1: straight flush 40 to 1, three of a kind 30, straight 6, flush 4, pair 1 to 1.
    assert "Pair Plus 40-30-6-4-1" in page and "straight flush 40 to 1" in page
    assert "Pair Plus Wager: house edge 2.3167%" in page  # the published house edge of 2.32%
    # The Ante and Play Wagers with the 5-4-1 Ante Bonus, played by queen-six-four: the published 3.37% edge.
    assert f"Ante and Play Wagers with this Ante Bonus, per unit of Ante, {HOUSE_ADVICE}: house edge 3.3730%" in page


def test_mhb_base_game_option_a_chosen_paytable_is_the_one_shown_and_an_engine_dealt_table_shows_none(client):
    rules = {"base_game": "trainee", "pair_plus_paytable": "40-30-6-3-1"}
    shown = {paytable.area: paytable for paytable in table_paytables("three-card-poker", rules)}
    assert shown["Pair Plus"].name == "40-30-6-3-1"
    [figure] = shown["Pair Plus"].figures
    # A flush paid 3 to 1: 1,608 units lost of 22,100, the published 7.28%.
    assert (figure.wager, figure.edge) == ("Pair Plus Wager", "7.2760%")
    assert table_paytables("three-card-poker", {}) == []
    assert table_paytables("mississippi-stud", {}) == []
    client.force_login(make_instructor())
    engine = Table.objects.create(name="Three Card Poker", game="three-card-poker", rules={})
    assert "exact returns" not in client.get(reverse("table_standards", args=[engine.pk])).text


def test_653a12_an_ultimate_texas_table_shows_the_ante_blind_and_play_edge_beside_its_blind_paytable_by_strategy():
    shown = {
        paytable.area: paytable for paytable in table_paytables("ultimate-texas-hold-em", {"base_game": "trainee"})
    }
    # Blind paytable A, played by the house advice: the stored enumeration's 2.47% (the optimal play's is 2.185%).
    together = {
        figure.strategy: figure.edge for figure in shown["Blind"].figures if figure.wager.startswith("Ante, Blind")
    }
    assert together == {"house advice": "2.4666%", "cautious": "42.9050%"}


def test_house_let_it_ride_paytable_a_let_it_ride_table_shows_its_paytable_and_says_its_return_is_not_computed(client):
    client.force_login(make_instructor())
    table = Table.objects.create(name="Dealt", game="let-it-ride", rules={"base_game": "trainee"})
    page = client.get(reverse("table_standards", args=[table.pk])).text
    assert "Let It Ride 1000-200-50-11-8-5-3-2-1" in page and "royal flush 1000 to 1" in page
    assert "not computed" in page
