"""MHB training table base game, option base_game: where the trainee deals a carnival poker game, the table's page for
instructors shows each paytable it pays by with the wager's exact return (simulator.carnival.odds)."""

import pytest
from django.urls import reverse
from markupsafe import escape
from table_helpers import make_instructor

from rules_submission.exact_returns import table_paytables
from trainer.models import Table

pytestmark = pytest.mark.django_db


def test_mhb_base_game_option_three_card_poker_returns_are_shown_beside_its_paytables_as_published(client):
    client.force_login(make_instructor())
    table = Table.objects.create(name="Dealt", game="three-card-poker", rules={"base_game": "trainee"})
    page = client.get(reverse("table_standards", args=[table.pk])).text
    assert "Paytables and their exact returns" in page
    # Pair Plus 40-30-6-4-1: straight flush 40 to 1, three of a kind 30, straight 6, flush 4, pair 1 to 1.
    assert "Pair Plus 40-30-6-4-1" in page and "straight flush 40 to 1" in page
    assert "Pair Plus Wager: -2.32%" in page  # the published house edge of 2.32%
    # The Ante and Play Wagers with the 5-4-1 Ante Bonus, played by queen-six-four: the published 3.37% edge.
    assert escape("Ante and Play Wagers with the Ante Bonus, by the house advice, per unit of Ante: -3.37%") in page


def test_mhb_base_game_option_a_chosen_paytable_is_the_one_shown_and_an_engine_dealt_table_shows_none(client):
    rules = {"base_game": "trainee", "pair_plus_paytable": "40-30-6-3-1"}
    shown = {paytable.area: paytable for paytable in table_paytables("three-card-poker", rules)}
    assert shown["Pair Plus"].name == "40-30-6-3-1"
    assert shown["Pair Plus"].returns == (("Pair Plus Wager", "-7.28%"),)  # a flush paid 3 to 1: the published 7.28%
    assert table_paytables("three-card-poker", {}) == []
    assert table_paytables("mississippi-stud", {}) == []
    client.force_login(make_instructor())
    engine = Table.objects.create(name="Three Card Poker", game="three-card-poker", rules={})
    assert "exact returns" not in client.get(reverse("table_standards", args=[engine.pk])).text


def test_653a12_an_ultimate_texas_table_shows_the_ante_blind_and_play_return_beside_its_blind_paytable():
    shown = {
        paytable.area: paytable for paytable in table_paytables("ultimate-texas-hold-em", {"base_game": "trainee"})
    }
    # Blind paytable A, played by the house advice: the stored enumeration's -2.47% (the optimal play's is -2.185%).
    assert shown["Blind"].returns == (
        ("Ante, Blind and Play Wagers (cautious play), per unit of Ante", "-42.90%"),
        ("Ante, Blind and Play Wagers (house advice play), per unit of Ante", "-2.47%"),
    )
