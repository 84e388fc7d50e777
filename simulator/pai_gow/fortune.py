"""The Fortune Bonus wager and the Envy Bonus: paytables, the hand judged from seven cards, and the envy owed.

Chapter 645a's paytables (§645a.13) were not found; the representative paytable is an industry one and
says so in its citation. A table may file another :class:`FortunePaytable`.

>>> from simulator.core.cards import parse_cards
>>> settle_fortune_wager(parse_cards("9h 8h 7h 6h 5h Kd 2c"), 500, REPRESENTATIVE_FORTUNE_PAYTABLE)
(<FortuneHand.STRAIGHT_FLUSH: 'straight flush'>, 25000)
"""

from __future__ import annotations

import itertools
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum

from simulator.core.cards import Card, Rank
from simulator.core.citations import Citation
from simulator.core.clauses import cite
from simulator.core.hands import ACE, HandCategory, WheelRank, best_five_of_seven, high_value, require_cards
from simulator.core.money import Cents, Odds

ENVY_QUALIFYING_WAGER: Cents = 500
"""The smallest Fortune Bonus wager that qualifies for envy: $5 (§688a.1 analog)."""


class FortuneHand(StrEnum):
    """A line of the Fortune Bonus paytable, highest first."""

    SEVEN_CARD_STRAIGHT_FLUSH = "7-card straight flush without joker"
    ROYAL_FLUSH_PLUS_ROYAL_MATCH = "royal flush plus royal match"
    SEVEN_CARD_STRAIGHT_FLUSH_WITH_JOKER = "7-card straight flush with joker"
    FIVE_ACES = "five aces"
    ROYAL_FLUSH = "royal flush"
    STRAIGHT_FLUSH = "straight flush"
    FOUR_OF_A_KIND = "four of a kind"
    FULL_HOUSE = "full house"
    FLUSH = "flush"
    THREE_OF_A_KIND = "three of a kind"
    STRAIGHT = "straight"


FIVE_CARD_LINES = {
    HandCategory.FIVE_ACES: FortuneHand.FIVE_ACES,
    HandCategory.ROYAL_FLUSH: FortuneHand.ROYAL_FLUSH,
    HandCategory.STRAIGHT_FLUSH: FortuneHand.STRAIGHT_FLUSH,
    HandCategory.FOUR_OF_A_KIND: FortuneHand.FOUR_OF_A_KIND,
    HandCategory.FULL_HOUSE: FortuneHand.FULL_HOUSE,
    HandCategory.FLUSH: FortuneHand.FLUSH,
    HandCategory.THREE_OF_A_KIND: FortuneHand.THREE_OF_A_KIND,
    HandCategory.STRAIGHT: FortuneHand.STRAIGHT,
}


@dataclass(frozen=True)
class FortunePaytable:
    """A Fortune Bonus paytable: odds per hand, the fixed envy per Envy hand, and where the numbers come from."""

    name: str
    pays: Mapping[FortuneHand, Odds]
    envy: Mapping[FortuneHand, Cents]
    citation: Citation

    def __post_init__(self) -> None:
        """Reject an envy amount that is not a positive number of cents."""
        if any(amount <= 0 for amount in self.envy.values()):
            raise ValueError("Every envy amount is a positive number of cents.")


REPRESENTATIVE_FORTUNE_PAYTABLE = FortunePaytable(
    name="Washington State Fortune Bonus paytable",
    pays={
        FortuneHand.SEVEN_CARD_STRAIGHT_FLUSH: Odds(8000),
        FortuneHand.ROYAL_FLUSH_PLUS_ROYAL_MATCH: Odds(2000),
        FortuneHand.SEVEN_CARD_STRAIGHT_FLUSH_WITH_JOKER: Odds(1000),
        FortuneHand.FIVE_ACES: Odds(400),
        FortuneHand.ROYAL_FLUSH: Odds(150),
        FortuneHand.STRAIGHT_FLUSH: Odds(50),
        FortuneHand.FOUR_OF_A_KIND: Odds(25),
        FortuneHand.FULL_HOUSE: Odds(5),
        FortuneHand.FLUSH: Odds(4),
        FortuneHand.THREE_OF_A_KIND: Odds(3),
        FortuneHand.STRAIGHT: Odds(2),
    },
    envy={
        FortuneHand.SEVEN_CARD_STRAIGHT_FLUSH: 500000,
        FortuneHand.ROYAL_FLUSH_PLUS_ROYAL_MATCH: 100000,
        FortuneHand.SEVEN_CARD_STRAIGHT_FLUSH_WITH_JOKER: 50000,
        FortuneHand.FIVE_ACES: 25000,
        FortuneHand.ROYAL_FLUSH: 5000,
        FortuneHand.STRAIGHT_FLUSH: 2000,
        FortuneHand.FOUR_OF_A_KIND: 500,
    },
    citation=cite("Fortune Bonus paytable, option fortune_paytable"),
)


def is_seven_card_straight_flush(cards: Sequence[Card]) -> bool:
    """Whether all seven cards make one straight flush of seven ranks (the joker filling one rank)."""
    naturals = [card for card in cards if not card.is_joker]
    if len({card.suit for card in naturals}) != 1:
        return False
    ranks = {card.rank.value for card in naturals} | ({1} if any(card.rank is Rank.ACE for card in naturals) else set())
    jokers = len(cards) - len(naturals)
    return any(sum(rank not in ranks for rank in range(low, low + 7)) <= jokers for low in range(1, ACE - 5))


def is_royal_flush_plus_royal_match(cards: Sequence[Card], wheel: WheelRank) -> bool:
    """Whether five cards make a royal flush and the other two are a king and a queen of one suit."""
    for pair in itertools.combinations(cards, 2):
        first, second = pair
        if {first.rank, second.rank} == {Rank.KING, Rank.QUEEN} and first.suit == second.suit:
            rest = [card for card in cards if card not in pair]
            if high_value(rest, wheel).category is HandCategory.ROYAL_FLUSH:
                return True
    return False


def fortune_hand(cards: Sequence[Card], wheel: WheelRank = WheelRank.SECOND_HIGHEST) -> FortuneHand | None:
    """The paytable line of seven different cards, judged on all seven however they were set; None below a straight.

    >>> from simulator.core.cards import parse_cards
    >>> fortune_hand(parse_cards("As Ks Qs Js Ts Kh Qh"))
    <FortuneHand.ROYAL_FLUSH_PLUS_ROYAL_MATCH: 'royal flush plus royal match'>
    """
    require_cards(cards, 7, "A Fortune Bonus hand")
    if is_seven_card_straight_flush(cards):
        if any(card.is_joker for card in cards):
            return FortuneHand.SEVEN_CARD_STRAIGHT_FLUSH_WITH_JOKER
        return FortuneHand.SEVEN_CARD_STRAIGHT_FLUSH
    if is_royal_flush_plus_royal_match(cards, wheel):
        return FortuneHand.ROYAL_FLUSH_PLUS_ROYAL_MATCH
    value, _ = best_five_of_seven(cards, wheel)
    return FIVE_CARD_LINES.get(value.category)


def settle_fortune_wager(
    cards: Sequence[Card], wager: Cents, paytable: FortunePaytable, wheel: WheelRank = WheelRank.SECOND_HIGHEST
) -> tuple[FortuneHand | None, Cents]:
    """The paying line and the winnings on a Fortune Bonus wager; ``(None, 0)`` when the wager loses."""
    if wager <= 0:
        raise ValueError("A Fortune Bonus wager is a positive amount.")
    hand = fortune_hand(cards, wheel)
    if hand is None or hand not in paytable.pays:
        return None, 0
    return hand, paytable.pays[hand].pay(wager)


def envy_qualifying_seats(fortune_wagers: Mapping[int, Cents], minimum: Cents = ENVY_QUALIFYING_WAGER) -> set[int]:
    """The seats whose Fortune Bonus wager qualifies for envy (at least ``minimum``, $5 by default)."""
    return {seat for seat, wager in fortune_wagers.items() if wager >= minimum}


def envy_awards(
    hands: Mapping[int, FortuneHand | None], qualifying_seats: Collection[int], paytable: FortunePaytable
) -> dict[int, Cents]:
    """The total envy owed to each qualifying seat for the Envy hands the other players hold.

    ``hands`` holds the players' seats only: the dealer's hand never pays envy. Each Envy hand pays its fixed
    amount once to every qualifying seat but its holder's, and several hands add up.

    >>> envy_awards({1: FortuneHand.FOUR_OF_A_KIND, 2: None, 3: None}, {1, 2}, REPRESENTATIVE_FORTUNE_PAYTABLE)
    {1: 0, 2: 500}
    """
    awards = dict.fromkeys(sorted(qualifying_seats), 0)
    for holder, hand in hands.items():
        if hand is None or hand not in paytable.envy:
            continue
        for seat in awards:
            if seat != holder:
                awards[seat] += paytable.envy[hand]
    return awards
