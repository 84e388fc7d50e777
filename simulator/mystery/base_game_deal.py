"""The base game's public cards at an MHB training table, dealt by the engine so the trainee sees the hands.

The base games' own chapters are not in this module: the engine deals each game's cards as its layout shows
them (a house automation, :data:`BASE_GAME_LAYOUT`) and names each hand by its best five-card poker rank
where five or more plain cards make one; it settles nothing. The deal draws from its own generator, seeded from
the round's seed, so a round's Mystery Bonus draws are the ones they were before the cards were shown.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TypedDict

from simulator.core.cards import Card, format_cards, pai_gow_deck, shuffled, standard_deck
from simulator.core.clauses import cite
from simulator.core.hands import WheelRank, describe_high_hand, high_value
from simulator.core.json_values import JsonValue

BASE_GAME_LAYOUT = cite("MHB training table base game layout")
"""The house note that the cards each game's layout shows are the engine's, not its chapter's."""


@dataclass(frozen=True)
class BaseGameLayout:
    """The cards a game's layout shows face up: each player's, the community cards' and the dealer's."""

    player_cards: int
    community_cards: int = 0
    dealer_cards: int = 0
    joker: bool = False
    """Whether the deck is the 53-card deck with the joker."""
    ranked: bool = True
    """Whether a five-card poker rank names a hand (not where wild cards play)."""


class BaseHandView(TypedDict):
    """A hand as the table shows it: its cards and, where a five-card rank names it, that rank."""

    cards: str
    hand: str | None


class BaseGameView(TypedDict):
    """The base game's public cards once dealt: each position's hand, the community cards and the dealer's hand."""

    seats: dict[str, BaseHandView]
    community: str
    dealer: BaseHandView | None


def best_five_card_hand(cards: Sequence[Card]) -> str:
    """The best five-card poker hand among five or more cards, in dealer words (A-2-3-4-5 the lowest straight).

    >>> from simulator.core.cards import parse_cards
    >>> best_five_card_hand(parse_cards("9s 9h 6d 6c 2s Kd"))
    'two pair, nines and sixes'
    """
    if len(cards) < 5:
        raise ValueError("A five-card hand needs at least five cards.")
    return describe_high_hand(max(high_value(five, WheelRank.LOWEST) for five in itertools.combinations(cards, 5)))


@dataclass(frozen=True)
class BaseGameDeal:
    """The base game's cards as the engine dealt them face up."""

    layout: BaseGameLayout
    hands: Mapping[int, tuple[Card, ...]]
    community: tuple[Card, ...]
    dealer: tuple[Card, ...]

    def hand_view(self, cards: tuple[Card, ...]) -> BaseHandView:
        """A hand with its rank, counted with the community cards, where a five-card rank names it."""
        whole = (*cards, *self.community)
        ranked = self.layout.ranked and len(whole) >= 5
        return {"cards": format_cards(cards), "hand": best_five_card_hand(whole) if ranked else None}

    def view(self) -> BaseGameView:
        """Every public card of the deal and each hand's rank."""
        return {
            "seats": {str(seat): self.hand_view(cards) for seat, cards in self.hands.items()},
            "community": format_cards(self.community),
            "dealer": self.hand_view(self.dealer) if self.dealer else None,
        }

    def facts(self) -> dict[str, JsonValue]:
        """The deal as the log records it."""
        view = self.view()
        seats: dict[str, JsonValue] = {seat: _hand_json(hand) for seat, hand in view["seats"].items()}
        dealer = view["dealer"]
        return {
            "seats": seats,
            "community": view["community"],
            "dealer": None if dealer is None else _hand_json(dealer),
        }


def _hand_json(hand: BaseHandView) -> dict[str, JsonValue]:
    """A hand as the log records it."""
    return {"cards": hand["cards"], "hand": hand["hand"]}


def deal_base_game(layout: BaseGameLayout, seats: Sequence[int], seed_value: int) -> BaseGameDeal:
    """Deal the layout's cards to ``seats`` in order, then the community cards and the dealer's, from the seed."""
    deck = iter(shuffled(pai_gow_deck() if layout.joker else standard_deck(), random.Random(f"base game {seed_value}")))
    hands = {seat: tuple(itertools.islice(deck, layout.player_cards)) for seat in seats}
    community = tuple(itertools.islice(deck, layout.community_cards))
    dealer = tuple(itertools.islice(deck, layout.dealer_cards))
    return BaseGameDeal(layout, hands, community, dealer)
