"""The base game dealt face up at every MHB training table whose own round does not deal it (all but Pai Gow Poker)."""

from __future__ import annotations

import json
from collections import Counter
from decimal import Decimal
from pathlib import Path

import pytest

from simulator.core.cards import parse_cards
from simulator.core.mystery_meter import MysteryMeter, MysteryRules, mystery_configuration
from simulator.games import GAMES
from simulator.mystery.base_game_deal import best_five_card_hand
from simulator.mystery.games import MYSTERY_GAMES, MysteryGame
from simulator.mystery.tables import MysterySeatWagers, MysteryTableRound
from simulator.notation import replay_round

TABLE_GAMES = [MYSTERY_GAMES[key] for key, game in GAMES.items() if game.round_class is MysteryTableRound]
"""Every registered game an MHB table round deals, its base game dealt by the engine."""
CONFIGURATION = mystery_configuration("B", 500)
SAVED = json.loads((Path(__file__).parent / "rounds_saved_before_rules_as_data.json").read_text())["mystery"]

# (cards to each player, community cards, dealer's cards) as the catalogue's base game layout states them.
DEALS = {
    "let-it-ride": (3, 2, 0),
    "texas-hold-em-bonus": (2, 5, 2),
    "three-card-poker": (3, 0, 3),
    "ultimate-texas-hold-em": (2, 5, 2),
    "mississippi-stud": (2, 3, 0),
    "crazy-4-poker": (5, 0, 5),
    "fortune-asia-poker": (7, 0, 7),
    "six-card-fortune-pai-gow-poker": (6, 0, 6),
    "dj-wild-stud": (5, 0, 5),
    "face-up-pai-gow-poker": (7, 0, 7),
}


def full_table(game: MysteryGame, seed: int = 11) -> MysteryTableRound:
    name = game.progressive_wagers[0].name
    seats = [MysterySeatWagers(seat, 1000, ((name, 500),)) for seat in range(1, 7)]
    meter = MysteryMeter(CONFIGURATION, Decimal(20000), 45678)
    return MysteryTableRound(game, MysteryRules(CONFIGURATION), seats, seed, meter=meter)


def play_to_base_game(round_: MysteryTableRound) -> None:
    while (action := round_.next_action()) is not None and action.step != "play_base_game":
        round_.perform(action.step, action.arguments)


@pytest.mark.parametrize("game", TABLE_GAMES, ids=lambda game: game.key)
def test_every_game_an_mhb_table_deals_has_its_layout(game: MysteryGame) -> None:
    assert game.layout is not None, f"{game.key}: no base game layout in simulator/mystery/games.py"


@pytest.mark.parametrize(("key", "deal"), DEALS.items())
def test_base_game_layout_is_the_one_the_catalogue_states(key: str, deal: tuple[int, int, int]) -> None:
    layout = MYSTERY_GAMES[key].layout
    assert layout is not None
    assert (layout.player_cards, layout.community_cards, layout.dealer_cards) == deal


@pytest.mark.parametrize("game", TABLE_GAMES, ids=lambda game: game.key)
def test_base_game_layout_deals_each_game_its_public_cards(game: MysteryGame) -> None:
    round_ = full_table(game)
    round_.play_out()
    dealt = round_.table_view()["base_game"]
    assert dealt is not None and game.layout is not None
    each, community, dealer = game.layout.player_cards, game.layout.community_cards, game.layout.dealer_cards
    assert [len(hand["cards"].split()) for hand in dealt["seats"].values()] == [each] * 6
    assert len(dealt["community"].split()) == community
    assert (dealt["dealer"] is None) == (dealer == 0)
    if dealt["dealer"]:
        assert len(dealt["dealer"]["cards"].split()) == dealer
    every_card = [*" ".join(hand["cards"] for hand in dealt["seats"].values()).split(), *dealt["community"].split()]
    every_card += dealt["dealer"]["cards"].split() if dealt["dealer"] else []
    assert max(Counter(every_card).values()) == 1  # one deck: no card twice


@pytest.mark.parametrize("game", TABLE_GAMES, ids=lambda game: game.key)
def test_base_game_no_card_is_shown_before_the_engine_deals_it(game: MysteryGame) -> None:
    round_ = full_table(game)
    play_to_base_game(round_)
    before = round_.table_view()
    assert before["base_game"] is None
    assert all("cards" not in json.dumps(operation.facts) for operation in round_.operations)
    round_.perform("play_base_game", {})
    assert round_.table_view()["base_game"] is not None


@pytest.mark.parametrize("game", TABLE_GAMES, ids=lambda game: game.key)
def test_base_game_deal_leaves_the_mystery_bonus_draws_as_they_were(game: MysteryGame) -> None:
    round_ = full_table(game)
    play_to_base_game(round_)
    state = round_.rng.getstate()
    round_.perform("play_base_game", {})
    assert round_.rng.getstate() == state


def test_base_game_a_round_saved_before_the_cards_were_shown_replays_the_same_mystery_bonus() -> None:
    round_ = replay_round(SAVED)
    assert round_.finished
    payouts = [
        operation.action.arguments for operation in round_.operations if operation.action.step == "pay_mystery_bonus"
    ]
    assert payouts == [op["arguments"] for op in SAVED["operations"] if op["step"] == "pay_mystery_bonus"]
    # The same setup deals the same cards again.
    assert replay_round(SAVED).table_view()["base_game"] == round_.table_view()["base_game"]


def test_base_game_hands_named_with_the_community_cards() -> None:
    game = MYSTERY_GAMES["texas-hold-em-bonus"]
    round_ = full_table(game)
    round_.play_out()
    dealt = round_.table_view()["base_game"]
    assert dealt is not None
    board = dealt["community"]
    for hand in dealt["seats"].values():
        assert hand["hand"] == best_five_card_hand(parse_cards(f"{hand['cards']} {board}"))


def test_base_game_three_card_hands_and_wild_cards_are_not_given_a_five_card_rank() -> None:
    for key in ("three-card-poker", "dj-wild-stud"):
        round_ = full_table(MYSTERY_GAMES[key])
        round_.play_out()
        dealt = round_.table_view()["base_game"]
        assert dealt is not None and dealt["dealer"] is not None
        assert {hand["hand"] for hand in dealt["seats"].values()} == {None} and dealt["dealer"]["hand"] is None


def test_base_game_best_five_card_hand_among_seven() -> None:
    assert best_five_card_hand(parse_cards("Ah Kh Qh Jh Th 2c 3d")) == "royal flush"
    assert best_five_card_hand(parse_cards("As 2d 3c 4h 5s 9d 9c")) == "straight, five high"
    assert best_five_card_hand(parse_cards("9s 9h 6d 6c 6s")) == "full house, sixes full of nines"
    with pytest.raises(ValueError):
        best_five_card_hand(parse_cards("As Ks Qs"))
