"""MHB training table base game, option base_game: the builder rigs the base game a trainee deals, each place's cards,
the board and each seat's player, and its preview deals them; a bad rigging is refused beside its field."""

import html
import json

import pytest
from django.urls import reverse
from table_helpers import make_instructor

from scenarios.models import Scenario, ScenarioVersion
from scenarios.scenario_forms import form_data, new_form_data
from simulator.carnival.rigging import board_size
from simulator.carnival.round import DEALER
from simulator.games import GAMES, Game
from simulator.mystery.tables import MysteryTableRound
from simulator.pai_gow.round import PLACES, SEATS
from simulator.scenarios import deal_scenario

pytestmark = pytest.mark.django_db

BASE_GAME_TABLES = [game for game in GAMES.values() if game.scenario.base_game is not None]
"""Every game whose table lets the trainee deal its base game, as the registry says."""


@pytest.fixture
def instructor(client):
    user = make_instructor()
    client.force_login(user)
    return user


def hole_cards(game: Game, cards: list[str]) -> str:
    """The first of ``cards`` that a place of the game's base game is dealt."""
    base_game = game.scenario.base_game
    assert base_game is not None
    return " ".join(cards[: base_game.hole_cards])


def other_place(game: Game) -> int:
    """The place rigged besides seat 2: the dealer where the dealer holds a hand, else seat 5 (Let It Ride)."""
    assert game.scenario.base_game is not None
    return 0 if game.scenario.base_game.dealer_holds_hand else 5


def has_play_wager(game: Game) -> bool:
    """Whether the base game has a Play Wager, which a careless player may put out wrong (not Let It Ride)."""
    assert game.scenario.base_game is not None
    return any(street.multiples for street in game.scenario.base_game.streets)


def posted(game: Game, base_game: str = "trainee", **fields: str) -> dict[str, str]:
    """The builder's fields for a scenario of ``game`` whose base game ``base_game`` deals, with ``fields``."""
    rigged = {
        f"rigging.cards.{other_place(game)}": hole_cards(game, ["Ah", "Kh", "Qh"]),
        "rigging.cards.2": hole_cards(game, ["7s", "7d", "2c"]),
        "rigging.habits.2": "wrong_amount" if has_play_wager(game) else "cautious",
    }
    return new_form_data(game, f"Rigged {game.name}") | {"rules.base_game": json.dumps(base_game)} | rigged | fields


@pytest.mark.parametrize("game", BASE_GAME_TABLES, ids=lambda game: game.key)
def test_mhb_base_game_option_the_builder_labels_each_places_cards_each_seats_player_and_any_board(
    client, instructor, game
):
    page = html.unescape(client.get(reverse("scenario_fields"), {"game": game.key}).content.decode())
    assert f"The {game.scenario.base_game.name} base game" in page
    for place in PLACES:
        label = "Dealer's cards" if place == 0 else f"Seat {place}'s cards"
        shown = bool(place) or game.scenario.base_game.dealer_holds_hand
        assert (f'<label for="field-rigging-cards-{place}">{label}</label>' in page) == shown, place
    for seat in SEATS:
        assert f'<label for="field-rigging-habits-{seat}">Seat {seat}\'s player</label>' in page, seat
    assert 'aria-describedby="field-rigging-habits-1_helptext"' in page
    has_board = board_size(game.scenario.base_game) > 0
    assert ('<label for="field-rigging-community_cards">Community cards</label>' in page) == has_board


@pytest.mark.parametrize("game", BASE_GAME_TABLES, ids=lambda game: game.key)
def test_mhb_base_game_option_a_rigged_scenario_built_from_the_form_deals_writes_back_and_previews(
    client, instructor, game
):
    community = " ".join(["Jc", "Tc", "4s", "3d", "2c"][: board_size(game.scenario.base_game)])
    board = {"rigging.community_cards": community} if "community_cards" in game.scenario.rigging else {}
    response = client.post(reverse("scenario_new"), posted(game, **board))
    assert response.status_code == 302, html.unescape(response.content.decode())[:3000]
    spec = ScenarioVersion.objects.get().engine_spec()
    round_ = deal_scenario(spec, 7, 1)
    round_.play_out()
    assert isinstance(round_, MysteryTableRound) and round_.carnival is not None
    place = DEALER if other_place(game) == 0 else f"seat {other_place(game)}"
    assert " ".join(map(str, round_.carnival.hands[place])) == hole_cards(game, ["Ah", "Kh", "Qh"])
    assert [str(card) for card in round_.carnival.community] == board.get("rigging.community_cards", "").split()
    assert round_.carnival.habits[2].name == ("WRONG_AMOUNT" if has_play_wager(game) else "CAUTIOUS")
    written = form_data(spec.to_json(), "Rigged")
    for name, value in (posted(game) | board).items():
        if name.startswith("rigging."):
            assert written[name] == value, name
    preview = html.unescape(client.get(response["Location"]).content.decode())
    if not has_play_wager(game):
        assert "return seat 2's pulled Wager 1" in preview, "the cautious player pulls back a pair of sevens"
        return
    dealer_hand = round_.carnival.reading(DEALER).words
    assert f"read the dealer's hand: {dealer_hand}" in preview
    assert "put seat 2's Play Wager" in preview, "the rigged habit's wrong Play Wager is put right"


@pytest.mark.parametrize("game", BASE_GAME_TABLES, ids=lambda game: game.key)
def test_mhb_base_game_option_a_card_rigged_twice_is_refused_beside_the_cards_and_nothing_is_saved(
    client, instructor, game
):
    response = client.post(reverse("scenario_new"), posted(game, **{"rigging.cards.4": "Ah"}))
    page = html.unescape(response.content.decode())
    assert response.status_code == 400
    assert 'id="field-rigging-cards-4_error">Ah rigged twice: the deck holds each card once' in page
    assert not Scenario.objects.exists() and not ScenarioVersion.objects.exists()


@pytest.mark.parametrize("game", BASE_GAME_TABLES, ids=lambda game: game.key)
def test_mhb_base_game_option_rigging_a_base_game_the_engine_deals_is_refused_and_nothing_is_saved(
    client, instructor, game
):
    response = client.post(reverse("scenario_new"), posted(game, base_game="engine"))
    page = html.unescape(response.content.decode())
    assert response.status_code == 400 and "The engine deals the base game at this table" in page
    assert f'id="field-rigging-cards-{other_place(game)}_error">The engine deals the base game' in page
    assert 'id="field-rigging-habits-2_error">The engine deals the base game' in page
    assert not ScenarioVersion.objects.exists()
