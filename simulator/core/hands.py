"""Pai Gow Poker hands: five-card and two-card values, fouls, Tiger 9, copies and hand-against-hand settlement.

Chapter 645a's rankings (§645a.6) were not found, so the rankings here are the industry standard and carry a
house citation; the rank of A-2-3-4-5 among straights is the house option :class:`WheelRank`.

>>> describe_high_hand(evaluate_high_hand(parse_cards("JK Kd Qh Jc Ts")))
'straight, ace high'
>>> describe_low_hand(evaluate_low_hand(parse_cards("9h 8d")))
'nine-eight'
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from enum import IntEnum, StrEnum
from functools import cache
from typing import TypeVar

from simulator.core.cards import RANK_NAMES, Card, Rank, format_cards, parse_cards
from simulator.core.clauses import cite

JOKER_CITATION = cite("Joker as a bug")


class WheelRank(StrEnum):
    """Where A-2-3-4-5 ranks among straights and straight flushes: a house option (§645a.6 not found)."""

    SECOND_HIGHEST = "second-highest"
    LOWEST = "lowest"


class HandCategory(IntEnum):
    """The category of a five-card hand, from lowest to highest."""

    HIGH_CARD = 1
    ONE_PAIR = 2
    TWO_PAIR = 3
    THREE_OF_A_KIND = 4
    STRAIGHT = 5
    FLUSH = 6
    FULL_HOUSE = 7
    FOUR_OF_A_KIND = 8
    STRAIGHT_FLUSH = 9
    ROYAL_FLUSH = 10
    FIVE_ACES = 11


@dataclass(frozen=True, order=True)
class HighHandValue:
    """The rank of a five-card hand; two values compare as the hands do, and equal values are a copy.

    ``tiebreak`` holds the ranks that decide between hands of one category (ace = 14). A straight or straight
    flush has ``(1, top)`` for A-K-Q-J-10 and for A-2-3-4-5 ranked second-highest, ``(0, top)`` otherwise.
    """

    category: HandCategory
    tiebreak: tuple[int, ...]


@dataclass(frozen=True, order=True)
class LowHandValue:
    """The rank of a two-card hand: any pair beats any non-pair, then the ranks high card first (joker = ace)."""

    is_pair: bool
    ranks: tuple[int, ...]


@dataclass(frozen=True)
class SetHand:
    """A seven-card hand set as a five-card high hand and a two-card low hand."""

    high: tuple[Card, ...]
    low: tuple[Card, ...]

    @classmethod
    def from_text(cls, high: str, low: str) -> SetHand:
        """Build a set hand from card text such as ``"As Ks Qs Js Ts"`` and ``"9h 8d"``."""
        return cls(parse_cards(high), parse_cards(low))

    @property
    def cards(self) -> tuple[Card, ...]:
        """All the hand's cards, high hand first."""
        return self.high + self.low

    def __str__(self) -> str:
        """Write the hand as the dealer lays it out: high hand, then low hand."""
        return f"high {format_cards(self.high)} / low {format_cards(self.low)}"


class HandOutcome(StrEnum):
    """How a player's set hand fares against the dealer's."""

    WIN = "win"
    PUSH = "push"
    LOSS = "loss"
    FOUL = "foul"


class Comparison(StrEnum):
    """Which side one hand (high or low) goes to: the player, the dealer, or a copy (which goes to the dealer)."""

    PLAYER = "player"
    DEALER = "dealer"
    COPY = "copy"

    @property
    def spoken(self) -> str:
        """The result in dealer words."""
        return {"player": "player wins", "dealer": "dealer wins", "copy": "copy, to the dealer"}[self.value]


HandValue = TypeVar("HandValue", HighHandValue, LowHandValue)
ACE = 14
ROYAL_RANKS = (14, 13, 12, 11, 10)
WHEEL_RANKS = (14, 5, 4, 3, 2)


def require_cards(cards: Sequence[Card], count: int, what: str) -> None:
    """Raise ValueError unless ``cards`` are exactly ``count`` different cards."""
    if len(cards) != count:
        raise ValueError(f"{what} holds exactly {count} cards, not {len(cards)}.")
    if len(set(cards)) != count:
        raise ValueError(f"{what} holds a card twice: {format_cards(cards)}.")


def straight_tiebreak(ranks: tuple[int, ...], wheel: WheelRank) -> tuple[int, int] | None:
    """The tiebreak of five different ranks (high to low) that make a straight, or None when they do not."""
    if ranks[0] - ranks[4] == 4:
        return (1 if ranks[0] == ACE else 0, ranks[0])
    if ranks == WHEEL_RANKS:
        return (1 if wheel is WheelRank.SECOND_HIGHEST else 0, 5)
    return None


@cache
def value_of_ranks(ranks: tuple[int, ...], suited: bool, wheel: WheelRank) -> HighHandValue:
    """The value of five ranks (high to low), a flush when ``suited``, without a joker."""
    groups = sorted(Counter(ranks).items(), key=lambda item: (item[1], item[0]), reverse=True)
    shape = tuple(count for _, count in groups)
    order = tuple(rank for rank, _ in groups)
    if shape == (5,):
        return HighHandValue(HandCategory.FIVE_ACES, ())
    if shape == (4, 1):
        return HighHandValue(HandCategory.FOUR_OF_A_KIND, order)
    if shape == (3, 2):
        return HighHandValue(HandCategory.FULL_HOUSE, order)
    if shape == (3, 1, 1):
        return HighHandValue(HandCategory.THREE_OF_A_KIND, order)
    if shape == (2, 2, 1):
        return HighHandValue(HandCategory.TWO_PAIR, order)
    if shape == (2, 1, 1, 1):
        return HighHandValue(HandCategory.ONE_PAIR, order)
    straight = straight_tiebreak(ranks, wheel)
    if straight and suited:
        if ranks == ROYAL_RANKS:
            return HighHandValue(HandCategory.ROYAL_FLUSH, ())
        return HighHandValue(HandCategory.STRAIGHT_FLUSH, straight)
    if suited:
        return HighHandValue(HandCategory.FLUSH, ranks)
    if straight:
        return HighHandValue(HandCategory.STRAIGHT, straight)
    return HighHandValue(HandCategory.HIGH_CARD, ranks)


@cache
def value_with_joker(ranks: tuple[int, ...], suited: bool, wheel: WheelRank) -> HighHandValue:
    """The value of four ranks (high to low) and the joker: the best of the joker as an ace or as a completer."""
    candidates = [value_of_ranks(add_rank(ranks, ACE), False, wheel)]
    if len(set(ranks)) == 4:
        for rank in range(2, ACE + 1):
            full = add_rank(ranks, rank)
            if rank not in ranks and straight_tiebreak(full, wheel):
                candidates.append(value_of_ranks(full, suited, wheel))
    if suited:
        missing = max(rank for rank in range(2, ACE + 1) if rank not in ranks)
        candidates.append(value_of_ranks(add_rank(ranks, missing), True, wheel))
    return max(candidates)


def add_rank(ranks: tuple[int, ...], rank: int) -> tuple[int, ...]:
    """The ranks with one more, high to low."""
    return tuple(sorted((*ranks, rank), reverse=True))


def high_value(cards: Sequence[Card], wheel: WheelRank) -> HighHandValue:
    """The value of five cards already known to be five different cards."""
    ranks = sorted((card.rank.value for card in cards if card.suit is not None), reverse=True)
    suited = len({card.suit for card in cards if card.suit is not None}) == 1
    if len(ranks) == 5:
        return value_of_ranks(tuple(ranks), suited, wheel)
    return value_with_joker(tuple(ranks), suited, wheel)


def low_value(cards: Sequence[Card]) -> LowHandValue:
    """The value of two cards already known to be two different cards."""
    first, second = sorted((min(card.rank.value, ACE) for card in cards), reverse=True)
    return LowHandValue(first == second, (first, second))


def evaluate_high_hand(cards: Sequence[Card], wheel: WheelRank = WheelRank.SECOND_HIGHEST) -> HighHandValue:
    """The value of a five-card high hand; raise ValueError unless it is five different cards.

    >>> evaluate_high_hand(parse_cards("As Ah Ad Ac JK")).category.name
    'FIVE_ACES'
    >>> evaluate_high_hand(parse_cards("As Ks 9s 4s JK"))
    HighHandValue(category=<HandCategory.FLUSH: 6>, tiebreak=(14, 13, 12, 9, 4))
    """
    require_cards(cards, 5, "A high hand")
    return high_value(cards, wheel)


def evaluate_low_hand(cards: Sequence[Card]) -> LowHandValue:
    """The value of a two-card low hand (the joker is an ace); raise ValueError unless it is two different cards.

    >>> evaluate_low_hand(parse_cards("JK Ad"))
    LowHandValue(is_pair=True, ranks=(14, 14))
    """
    require_cards(cards, 2, "A low hand")
    return low_value(cards)


def as_low_hand(value: HighHandValue) -> LowHandValue | None:
    """What a high hand is worth against a two-card hand, or None when it beats every two-card hand."""
    if value.category is HandCategory.HIGH_CARD:
        return LowHandValue(False, value.tiebreak[:2])
    if value.category is HandCategory.ONE_PAIR:
        return LowHandValue(True, (value.tiebreak[0], value.tiebreak[0]))
    return None


def is_foul(hand: SetHand, wheel: WheelRank = WheelRank.SECOND_HIGHEST) -> bool:
    """Whether a set hand is a foul: not five cards and two, or a low hand that outranks the high hand.

    Raise ValueError when the hand holds a card twice: that is not a way of setting seven cards.

    >>> is_foul(SetHand.from_text("Kd Jc 9h 5s 3c", "Kh Qd"))
    True
    >>> is_foul(SetHand.from_text("Kd Kc 9h 5s 3c", "Ah Qd"))
    False
    """
    if len(hand.high) != 5 or len(hand.low) != 2:
        return True
    require_cards(hand.cards, 7, "A set hand")
    against_low = as_low_hand(high_value(hand.high, wheel))
    return against_low is not None and low_value(hand.low) > against_low


def is_tiger_nine(low: Sequence[Card]) -> bool:
    """Whether a two-card low hand is a Tiger 9 (§645b.1(b)): unpaired with a 9 as its higher card.

    The joker is an ace in the low hand, so a low hand holding it is never a Tiger 9.

    >>> is_tiger_nine(parse_cards("9h 2c")), is_tiger_nine(parse_cards("9h 9c")), is_tiger_nine(parse_cards("JK 9c"))
    (True, False, False)
    """
    value = evaluate_low_hand(low)
    return not value.is_pair and value.ranks[0] == Rank.NINE


def comparison(player: HandValue, dealer: HandValue) -> Comparison:
    """Which side wins when two values of the same kind meet; equal values are a copy."""
    if player == dealer:
        return Comparison.COPY
    return Comparison.PLAYER if player > dealer else Comparison.DEALER


def compare_high(player: SetHand, dealer: SetHand, wheel: WheelRank = WheelRank.SECOND_HIGHEST) -> Comparison:
    """Compare the player's high hand with the dealer's."""
    return comparison(evaluate_high_hand(player.high, wheel), evaluate_high_hand(dealer.high, wheel))


def compare_low(player: SetHand, dealer: SetHand) -> Comparison:
    """Compare the player's low hand with the dealer's."""
    return comparison(evaluate_low_hand(player.low), evaluate_low_hand(dealer.low))


def settle_hands(player: SetHand, dealer: SetHand, wheel: WheelRank = WheelRank.SECOND_HIGHEST) -> HandOutcome:
    """Settle a player's set hand against the dealer's: foul, win (both hands won), push (one) or loss.

    Raise ValueError when the dealer's hand is a foul: the dealer's hand is set by the house way, never fouled.

    >>> dealer = SetHand.from_text("Kd Kc 9h 5s 3c", "Ah Qd")
    >>> settle_hands(SetHand.from_text("As Ac 8h 6s 2c", "Ad Qc"), dealer)
    <HandOutcome.PUSH: 'push'>
    """
    if is_foul(player, wheel):
        return HandOutcome.FOUL
    if is_foul(dealer, wheel):
        raise ValueError(f"The dealer's hand ({dealer}) is a foul; set it by the house way.")
    won = [compare_high(player, dealer, wheel), compare_low(player, dealer)].count(Comparison.PLAYER)
    return (HandOutcome.LOSS, HandOutcome.PUSH, HandOutcome.WIN)[won]


def best_five_of_seven(
    cards: Sequence[Card], wheel: WheelRank = WheelRank.SECOND_HIGHEST
) -> tuple[HighHandValue, tuple[Card, ...]]:
    """The best five-card hand among seven different cards, with the five cards that make it.

    >>> value, five = best_five_of_seven(parse_cards("As Ks Qs Js 2d 3c JK"))
    >>> value.category.name, format_cards(five)
    ('ROYAL_FLUSH', 'As Ks Qs Js JK')
    """
    require_cards(cards, 7, "A Pai Gow Poker hand")
    return max(((high_value(five, wheel), five) for five in itertools.combinations(cards, 5)), key=lambda pair: pair[0])


def rank_name(rank: int) -> str:
    """The spoken name of a rank."""
    return RANK_NAMES[Rank(rank)]


def plural_rank_name(rank: int) -> str:
    """The spoken plural of a rank: nines, sixes."""
    name = rank_name(rank)
    return name + ("es" if name.endswith("x") else "s")


def describe_high_hand(value: HighHandValue) -> str:
    """The five-card hand in dealer words, such as ``straight, ace high`` or ``pair of nines``.

    >>> describe_high_hand(evaluate_high_hand(parse_cards("9s 9h 6d 6c 2s")))
    'two pair, nines and sixes'
    """
    category, ranks = value.category, value.tiebreak
    if category is HandCategory.FIVE_ACES:
        return "five aces"
    if category is HandCategory.ROYAL_FLUSH:
        return "royal flush"
    if category is HandCategory.STRAIGHT_FLUSH:
        return f"straight flush, {rank_name(ranks[1])} high"
    if category is HandCategory.FOUR_OF_A_KIND:
        return f"four {plural_rank_name(ranks[0])}"
    if category is HandCategory.FULL_HOUSE:
        return f"full house, {plural_rank_name(ranks[0])} full of {plural_rank_name(ranks[1])}"
    if category is HandCategory.FLUSH:
        return f"flush, {rank_name(ranks[0])} high"
    if category is HandCategory.STRAIGHT:
        return f"straight, {rank_name(ranks[1])} high"
    if category is HandCategory.THREE_OF_A_KIND:
        return f"three {plural_rank_name(ranks[0])}"
    if category is HandCategory.TWO_PAIR:
        return f"two pair, {plural_rank_name(ranks[0])} and {plural_rank_name(ranks[1])}"
    if category is HandCategory.ONE_PAIR:
        return f"pair of {plural_rank_name(ranks[0])}"
    return f"{rank_name(ranks[0])} high"


def describe_low_hand(value: LowHandValue) -> str:
    """The two-card hand in dealer words, such as ``pair of nines`` or ``nine-eight``."""
    if value.is_pair:
        return f"pair of {plural_rank_name(value.ranks[0])}"
    return "-".join(rank_name(rank) for rank in value.ranks)
