"""Poker hands of the carnival games: three-card hands and the best five cards of five to seven.

Three Card Poker ranks its hands as three cards allow: a straight beats a flush (three suited cards are likelier
than three in sequence), and A-2-3 is the lowest straight. Five-card hands are ranked as §653a.6 ranks them for
Ultimate Texas Hold 'Em: A-2-3-4-5 is the lowest straight and straight flush.

>>> from simulator.core.cards import parse_cards
>>> describe_three_card_hand(three_card_value(parse_cards("Qs Jh 9d")))
'queen high'
>>> best_five(parse_cards("Ah Kh 7c 7d 7s 2h 9h")).category.name
'THREE_OF_A_KIND'
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass
from enum import IntEnum

from simulator.core.cards import Card, format_cards
from simulator.core.hands import ACE, HighHandValue, WheelRank, plural_rank_name, rank_name, value_of_ranks


class ThreeCardCategory(IntEnum):
    """The category of a three-card hand, lowest first: a straight outranks a flush."""

    HIGH_CARD = 1
    PAIR = 2
    FLUSH = 3
    STRAIGHT = 4
    THREE_OF_A_KIND = 5
    STRAIGHT_FLUSH = 6


THREE_CARD_NAMES = {
    ThreeCardCategory.HIGH_CARD: "high card",
    ThreeCardCategory.PAIR: "pair",
    ThreeCardCategory.FLUSH: "flush",
    ThreeCardCategory.STRAIGHT: "straight",
    ThreeCardCategory.THREE_OF_A_KIND: "three of a kind",
    ThreeCardCategory.STRAIGHT_FLUSH: "straight flush",
}
"""Each category as a paytable line and a dealer's reading name it."""


@dataclass(frozen=True, order=True)
class ThreeCardValue:
    """The rank of a three-card hand; values compare as the hands do and equal values tie.

    ``tiebreak`` holds the ranks that decide between hands of one category (ace = 14): the ranks high to low, the
    pair then the odd card, or a straight's top card (3 for A-2-3).
    """

    category: ThreeCardCategory
    tiebreak: tuple[int, ...]

    @property
    def name(self) -> str:
        """The category's name: "pair", "straight flush"."""
        return THREE_CARD_NAMES[self.category]


def require_hand(cards: Sequence[Card], smallest: int, largest: int) -> None:
    """Raise ValueError unless ``cards`` are ``smallest`` to ``largest`` different standard cards."""
    if not smallest <= len(cards) <= largest or len(set(cards)) != len(cards) or any(card.is_joker for card in cards):
        wanted = f"{smallest}" if smallest == largest else f"{smallest} to {largest}"
        raise ValueError(f"A hand here is {wanted} different cards without a joker, not {format_cards(cards)!r}.")


def three_card_value(cards: Sequence[Card]) -> ThreeCardValue:
    """The value of three different cards as Three Card Poker ranks them.

    >>> from simulator.core.cards import parse_cards
    >>> three_card_value(parse_cards("As 2d 3c"))
    ThreeCardValue(category=<ThreeCardCategory.STRAIGHT: 4>, tiebreak=(3,))
    """
    require_hand(cards, 3, 3)
    high, middle, low = sorted((card.rank.value for card in cards), reverse=True)
    return ranks_value((high, middle, low), len({card.suit for card in cards}) == 1)


def ranks_value(ranks: tuple[int, int, int], suited: bool) -> ThreeCardValue:
    """The value of three ranks (high to low), suited or not: what the exact odds enumerate."""
    high, middle, low = ranks
    if high == low:
        return ThreeCardValue(ThreeCardCategory.THREE_OF_A_KIND, (high,))
    if high == middle or middle == low:
        return ThreeCardValue(ThreeCardCategory.PAIR, (middle, low if high == middle else high))
    top = 3 if ranks == (ACE, 3, 2) else high if high - low == 2 else None
    if top is not None:
        return ThreeCardValue(ThreeCardCategory.STRAIGHT_FLUSH if suited else ThreeCardCategory.STRAIGHT, (top,))
    return ThreeCardValue(ThreeCardCategory.FLUSH if suited else ThreeCardCategory.HIGH_CARD, ranks)


def describe_three_card_hand(value: ThreeCardValue) -> str:
    """The three-card hand in dealer words: "pair of nines", "straight, queen high", "king high"."""
    ranks = value.tiebreak
    if value.category is ThreeCardCategory.THREE_OF_A_KIND:
        return f"three {plural_rank_name(ranks[0])}"
    if value.category is ThreeCardCategory.PAIR:
        return f"pair of {plural_rank_name(ranks[0])}"
    if value.category is ThreeCardCategory.HIGH_CARD:
        return f"{rank_name(ranks[0])} high"
    return f"{value.name}, {rank_name(ranks[0])} high"


def five_card_value(cards: Sequence[Card]) -> HighHandValue:
    """The value of five different standard cards, A-2-3-4-5 the lowest straight (§653a.6(a))."""
    ranks = tuple(sorted((card.rank.value for card in cards), reverse=True))
    return value_of_ranks(ranks, len({card.suit for card in cards}) == 1, WheelRank.LOWEST)


def best_five(cards: Sequence[Card]) -> HighHandValue:
    """The value of the best five-card hand among five to seven different cards (§653a.1 "Hand").

    >>> from simulator.core.cards import parse_cards
    >>> best_five(parse_cards("5s 4s 3s 2s As Kd Kc")).category.name
    'STRAIGHT_FLUSH'
    """
    require_hand(cards, 5, 7)
    return max(five_card_value(five) for five in itertools.combinations(cards, 5))
