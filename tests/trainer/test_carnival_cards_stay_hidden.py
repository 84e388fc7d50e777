"""MHB training table base game, option base_game: where the trainee deals a carnival poker game, no frame or page
sent to the trainee holds the dealer's hole cards, a player's face-down cards or an undealt card before it is turned
over, at every step of the round."""

import re
from dataclasses import replace

import pytest
from django.urls import reverse
from table_helpers import make_instructor, make_trainee
from test_fragments import current, take

from scenarios.scenario_versions import create_scenario, publish
from simulator.carnival.games import CARNIVAL_GAMES
from simulator.carnival.rigging import board_size
from simulator.carnival.round import DEALER
from simulator.core.cards import card_name, format_cards
from simulator.games import GAMES
from simulator.scenarios import ScenarioSpec
from trainer import services
from trainer.frames import TableFrames
from trainer.models import Floorperson, Mode, Table
from trainer.snapshots import Viewer

pytestmark = pytest.mark.django_db

CARD = re.compile(r'data-card="(\w\w)"')


def exposed_and_hidden(round_) -> tuple[set[str], set[str]]:
    """The cards the base game has turned face up, and those still face down or in the deck, as codes."""
    carnival = round_.carnival
    exposed = {str(card) for card in carnival.community}
    for position in carnival.revealed:
        exposed |= {str(card) for card in carnival.hands[position]}
    return exposed, {str(card) for card in carnival.deck} - exposed


def shown_cards(sent: str) -> set[str]:
    """The cards a frame or page draws face up."""
    return set(CARD.findall(sent))


@pytest.mark.parametrize("mode", [Mode.PRACTICE, Mode.EXAM])
@pytest.mark.parametrize("key", list(CARNIVAL_GAMES))
def test_mhb_base_game_option_no_frame_shows_a_hidden_card_before_it_is_turned_over(client, key, mode):
    table = Table.objects.create(
        name=f"{key}, dealt by the trainee", game=key, rules={"base_game": "trainee"}, floorperson=Floorperson.AUTOMATED
    )
    trainee = make_trainee()
    attempt = services.start_round(trainee, table, mode, seed_value=5, force_mystery_hit=True)
    turned_over, ever_shown = deal_checking_every_frame(client, trainee, attempt)
    if CARNIVAL_GAMES[key].dealer_holds_hand:
        assert DEALER in turned_over, f"{key}: the dealer's hand was never turned over"
    _, round_ = current(attempt.pk)
    # the dealer's hand, or at Let It Ride the community cards dealt face down in the dealer's place
    assert {str(card) for card in round_.carnival.hands[DEALER]} <= ever_shown, f"{key}: the felt never drew the cards"


def deal_checking_every_frame(client, trainee, attempt) -> tuple[set[str], set[str]]:
    """Deal the attempt to the end, checking every frame and page sent for a card still face down or undealt.

    Returns the positions turned over and every card the felt drew face up.
    """
    client.force_login(trainee)
    frames = TableFrames(Viewer.TRAINEE)
    sent = [frames.table(services.table_snapshot(attempt))]
    turned_over, ever_shown = set(), set()
    while (action := current(attempt.pk)[1].next_action()) is not None:
        _, round_ = current(attempt.pk)
        exposed, hidden = exposed_and_hidden(round_)
        sent.append(client.get(reverse("attempt", args=[attempt.pk])).content.decode())
        for text in sent:
            ever_shown |= shown_cards(text)
            assert shown_cards(text) <= exposed, f"{action.step}: {shown_cards(text) - exposed} shown face down"
            for card in hidden:
                assert card_name(card_of(round_, card)).words not in text, f"{action.step}: {card} named"
        sent = []
        reply = take(attempt.pk, trainee, action)
        if action.step == "reveal_hand":
            turned_over.add(action.arguments["position"])
        if reply.snapshot.finished:
            break
        sent.append(frames.table(reply.snapshot, reply))
    return turned_over, ever_shown


@pytest.mark.parametrize(
    "game", [game for game in GAMES.values() if game.scenario.base_game], ids=lambda game: game.key
)
def test_mhb_base_game_option_a_scenarios_rigged_cards_reach_no_frame_before_they_are_dealt_and_turned_over(
    client, game
):
    base_game = game.scenario.base_game
    dealer = " ".join(["Ah", "Kh", "Qh"][: base_game.dealer_place_cards])
    rigging = {"cards": {"3": " ".join(["2c", "7d", "9s"][: base_game.hole_cards])}}
    if base_game.dealer_holds_hand:
        rigging["cards"]["0"] = dealer
    if "community_cards" in game.scenario.rigging:
        board = "Jh Th 4s 3d 8c" if base_game.dealer_holds_hand else dealer
        rigging["community_cards"] = " ".join(board.split()[: board_size(base_game)])
    spec = ScenarioSpec.from_json({"game": game.key, "rules": {"base_game": "trainee"}, "rigging": rigging})
    version = publish(create_scenario(f"Rigged {game.name}", make_instructor(), spec))
    trainee = make_trainee()
    attempt = services.start_scenario_round(trainee, version, 1, seed_value=5)
    turned_over, ever_shown = deal_checking_every_frame(client, trainee, attempt)
    _, round_ = current(attempt.pk)
    assert format_cards(round_.carnival.hands[DEALER]) == dealer, "the rigged cards are the dealer's place's"
    assert (DEALER in turned_over) is base_game.dealer_holds_hand and set(dealer.split()) <= ever_shown
    assert set(rigging.get("community_cards", "").split()) <= ever_shown


def card_of(round_, code: str):
    """The card of the base game's deck written ``code``."""
    return next(card for card in round_.carnival.deck if str(card) == code)


def test_mhb_base_game_option_an_exam_keeps_the_dealers_cards_down_when_the_trainee_turned_over_another_hand():
    table = Table.objects.create(
        name="Three Card Poker, dealt by the trainee", game="three-card-poker", rules={"base_game": "trainee"}
    )
    trainee = make_trainee()
    attempt = services.start_round(trainee, table, Mode.EXAM, seed_value=5)
    frames, sent = TableFrames(Viewer.TRAINEE), []
    while (action := current(attempt.pk)[1].next_action()) is not None:
        if action.step == "reveal_hand" and action.arguments["position"] == DEALER:
            seat = next(iter(current(attempt.pk)[1].carnival.seats))
            action = replace(action, arguments={"position": f"seat {seat}"})
            reply = take(attempt.pk, trainee, action)
            sent.append(frames.table(reply.snapshot, reply))
            break
        take(attempt.pk, trainee, action)
    _, round_ = current(attempt.pk)
    dealer = {str(card) for card in round_.carnival.hands[DEALER]}
    assert DEALER not in round_.carnival.revealed, "the table never turns the dealer's hand over in the trainee's place"
    assert not shown_cards(sent[-1]) & dealer
    while (action := current(attempt.pk)[1].next_action()) is not None:
        reply = take(attempt.pk, trainee, action)
    assert dealer <= shown_cards(frames.table(reply.snapshot, reply)), "the score card's felt shows the table as it is"
