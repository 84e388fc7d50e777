"""Exact returns of the carnival poker paytables, by combinatorial enumeration with fractions, never simulation.

The return of a wager is the player's expected net result per unit wagered (negative: the house's edge).

Three Card Poker: every one of the C(52, 3) = 22,100 hands is read once for Pair Plus and the Ante Bonus. The
Ante and Play Wagers, played from a lowest hand up (queen-six-four by the house advice, a pair by the cautious
habit), set each of the 22,100 player hands against each of the C(49, 3) = 18,424 dealer hands the other cards
leave: the dealer hands of each value are counted from the whole deck, then those sharing a card with the player's
hand are taken away by inclusion and exclusion (hands holding each of its cards, added back for each two of its
cards, then the hand itself), each a sorted list searched by bisection, so the 407 million pairs are counted
exactly in a second.

Ultimate Texas Hold 'Em's Trips Wager: the seven-card hands (C(52, 7) = 133,784,560) are counted by category.
Five or more cards of one suit leave too few other cards for four of a kind or a full house, so a hand with a
flush is a flush, straight flush or royal flush by its suited ranks alone; every other hand's category is its
ranks', counted over the suit assignments that make no flush.
"""

from __future__ import annotations

import itertools
from bisect import bisect_left
from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from math import comb, prod

from simulator.carnival.hands import THREE_CARD_NAMES, ThreeCardCategory, ranks_value
from simulator.carnival.poker import Paytable
from simulator.carnival.three_card_poker import QUEEN_HIGH, QUEEN_SIX_FOUR
from simulator.carnival.ultimate_texas import CATEGORY_NAMES
from simulator.core.hands import HandCategory

THREE_CARD_HANDS = comb(52, 3)
SEVEN_CARD_HANDS = comb(52, 7)
RANKS = tuple(range(2, 15))
STRAIGHTS = (*(frozenset(range(top - 4, top + 1)) for top in range(6, 15)), frozenset({14, 2, 3, 4, 5}))
"""Every five-rank straight, A-2-3-4-5 among them."""
ROYAL = frozenset(range(10, 15))


def three_card_key(cards: Sequence[int]) -> tuple[int, ...]:
    """The value key of three cards numbered 0 to 51 (rank 2 + number // 4, suit number % 4)."""
    high, middle, low = sorted((card // 4 + 2 for card in cards), reverse=True)
    value = ranks_value((high, middle, low), len({card % 4 for card in cards}) == 1)
    return (value.category, *value.tiebreak)


@cache
def three_card_counts() -> Mapping[str, int]:
    """How many of the 22,100 three-card hands fall in each category, by its name."""
    counts: Counter[str] = Counter()
    for cards in itertools.combinations(range(52), 3):
        counts[THREE_CARD_NAMES[ThreeCardCategory(three_card_key(cards)[0])]] += 1
    return counts


def paytable_return(paytable: Paytable, counts: Mapping[str, int], total: int) -> Fraction:
    """The return of a wager paid by ``paytable`` on hands counted by category; a hand it does not list loses."""
    lost = total - sum(counts.get(line, 0) for line in paytable.pays)
    return bonus_return(paytable, counts, total) - Fraction(lost, total)


def bonus_return(paytable: Paytable, counts: Mapping[str, int], total: int) -> Fraction:
    """The return of a bonus paid by ``paytable`` on top of a wager, per unit of that wager: it never loses."""
    paid = sum(
        (Fraction(odds.win, odds.stake) * counts.get(line, 0) for line, odds in paytable.pays.items()), Fraction(0)
    )
    return paid / total


def hit_frequency(paytable: Paytable, counts: Mapping[str, int], total: int) -> Fraction:
    """The chance that ``paytable`` pays, on hands counted by category."""
    return Fraction(sum(counts.get(line, 0) for line in paytable.pays), total)


def three_card_hits(paytable: Paytable) -> Fraction:
    """The chance that a three-card paytable (Pair Plus, the Ante Bonus) pays."""
    return hit_frequency(paytable, three_card_counts(), THREE_CARD_HANDS)


def pair_plus_return(paytable: Paytable) -> Fraction:
    """The exact return of a Pair Plus Wager."""
    return paytable_return(paytable, three_card_counts(), THREE_CARD_HANDS)


def ante_bonus_return(paytable: Paytable) -> Fraction:
    """The exact Ante Bonus paid per unit of Ante, to a player who plays every straight or better."""
    return bonus_return(paytable, three_card_counts(), THREE_CARD_HANDS)


LOWEST_PLAYED: Mapping[str, tuple[int, ...]] = {
    "house advice": QUEEN_SIX_FOUR.key,
    "cautious": (ThreeCardCategory.PAIR,),
}
"""The lowest hand each simulated player's strategy plays, by the strategy's name (the Hold 'Em sums' names)."""


def ante_and_play_return(ante_bonus: Paytable, lowest_played: tuple[int, ...] = QUEEN_SIX_FOUR.key) -> Fraction:
    """The exact return per unit of Ante of the Ante and Play Wagers with the Ante Bonus, playing ``lowest_played`` up.

    The house advice plays queen-six-four or better (the default); the cautious habit plays a pair or better.
    """
    deck = three_card_dealers()
    lowest = deck.ordinal[next(key for key in deck.keys if key >= lowest_played)]
    bonus = {
        deck.ordinal[key]: Fraction(odds.win, odds.stake)
        for key in deck.keys
        if (odds := ante_bonus.odds(THREE_CARD_NAMES[ThreeCardCategory(key[0])])) is not None
    }
    total = Fraction(0)
    for cards, held in zip(deck.hands, deck.value, strict=True):
        if held < lowest:
            total -= comb(49, 3)
            continue
        not_qualifying, beaten, _tied, beating = deck.outcomes(cards)
        total += not_qualifying + 2 * beaten - 2 * beating + bonus.get(held, Fraction(0)) * comb(49, 3)
    return total / (THREE_CARD_HANDS * comb(49, 3))


@dataclass(frozen=True)
class ThreeCardDealers:
    """Every three-card hand's value as an ordinal, and the sorted values of the hands holding each card or pair."""

    hands: tuple[tuple[int, ...], ...]
    keys: tuple[tuple[int, ...], ...]
    ordinal: Mapping[tuple[int, ...], int]
    value: tuple[int, ...]
    every: Sequence[int]
    by_card: Sequence[Sequence[int]]
    by_pair: Mapping[tuple[int, ...], Sequence[int]]
    lowest_qualifying: int

    def outcomes(self, cards: tuple[int, ...]) -> tuple[int, int, int, int]:
        """Of the 18,424 dealer hands the other 49 cards make: not qualifying, beaten, tied and beating ``cards``."""
        held = self.ordinal[three_card_key(cards)]
        outcomes = [0, 0, 0, 0]
        signed = [(self.every, 1), *((self.by_card[card], -1) for card in cards)]
        signed += [(self.by_pair[pair], 1) for pair in itertools.combinations(cards, 2)]
        for values, sign in signed:
            for place, count in enumerate(dealer_outcomes(values, self.lowest_qualifying, held)):
                outcomes[place] += sign * count
        outcomes[0 if held < self.lowest_qualifying else 2] -= 1  # the player's own hand, counted once too often
        not_qualifying, beaten, tied, beating = outcomes
        return not_qualifying, beaten, tied, beating


@cache
def three_card_dealers() -> ThreeCardDealers:
    """The 22,100 hands' values, sorted whole, by each card they hold and by each two cards they hold."""
    hands = tuple(itertools.combinations(range(52), 3))
    keys = tuple(sorted({three_card_key(cards) for cards in hands}))
    ordinal = {key: place for place, key in enumerate(keys)}
    value = tuple(ordinal[three_card_key(cards)] for cards in hands)
    by_card: list[list[int]] = [[] for _ in range(52)]
    by_pair: dict[tuple[int, ...], list[int]] = {}
    for cards, held in zip(hands, value, strict=True):
        for card in cards:
            by_card[card].append(held)
        for pair in itertools.combinations(cards, 2):
            by_pair.setdefault(pair, []).append(held)
    for values in (*by_card, *by_pair.values()):
        values.sort()
    lowest_qualifying = ordinal[next(key for key in keys if key >= QUEEN_HIGH.key)]
    return ThreeCardDealers(hands, keys, ordinal, value, sorted(value), by_card, by_pair, lowest_qualifying)


def dealer_outcomes(values: Sequence[int], lowest_qualifying: int, held: int) -> tuple[int, int, int, int]:
    """Among sorted dealer values: not qualifying, then qualifying and beaten by, tied with, and beating ``held``."""
    below = bisect_left(values, lowest_qualifying)
    under = bisect_left(values, max(held, lowest_qualifying))
    over = bisect_left(values, max(held + 1, lowest_qualifying))
    tied = over - bisect_left(values, held) if held >= lowest_qualifying else 0
    return below, under - below, tied, len(values) - over


def rank_multisets(cards: int, ranks: Sequence[int] = RANKS) -> Iterator[dict[int, int]]:
    """Every way to hold ``cards`` cards by rank, at most four of a rank."""
    if not ranks:
        if cards == 0:
            yield {}
        return
    first, rest = ranks[0], ranks[1:]
    for held in range(min(4, cards) + 1):
        for multiset in rank_multisets(cards - held, rest):
            yield {first: held, **multiset} if held else multiset


def category_of_ranks(multiset: Mapping[int, int]) -> HandCategory:
    """The best five-card category seven cards of these ranks make without a flush."""
    shape = sorted(multiset.values(), reverse=True)
    if shape[0] == 4:
        return HandCategory.FOUR_OF_A_KIND
    if shape[0] == 3 and shape[1] >= 2:
        return HandCategory.FULL_HOUSE
    if any(straight <= multiset.keys() for straight in STRAIGHTS):
        return HandCategory.STRAIGHT
    if shape[0] == 3:
        return HandCategory.THREE_OF_A_KIND
    if shape[1] == 2:
        return HandCategory.TWO_PAIR
    return HandCategory.ONE_PAIR if shape[0] == 2 else HandCategory.HIGH_CARD


def category_of_suited(ranks: frozenset[int]) -> HandCategory:
    """The category of five or more cards of one suit: royal flush, straight flush or flush."""
    if ranks >= ROYAL:
        return HandCategory.ROYAL_FLUSH
    if any(straight <= ranks for straight in STRAIGHTS):
        return HandCategory.STRAIGHT_FLUSH
    return HandCategory.FLUSH


def flush_assignments(multiset: Mapping[int, int]) -> int:
    """How many suit assignments of these ranks hold five or more cards of one suit."""
    ranks = list(multiset)
    ways = 0
    for size in range(5, len(ranks) + 1):
        for suited in itertools.combinations(ranks, size):
            ways += prod(comb(3, multiset[rank] - (rank in suited)) for rank in ranks)
    return 4 * ways


@cache
def seven_card_counts() -> Mapping[str, int]:
    """How many of the 133,784,560 seven-card hands make each best five-card category, by its name."""
    counts: Counter[str] = Counter()
    for size in range(5, 8):
        for suited in itertools.combinations(RANKS, size):
            counts[CATEGORY_NAMES[category_of_suited(frozenset(suited))]] += 4 * comb(39, 7 - size)
    for multiset in rank_multisets(7):
        plain = prod(comb(4, held) for held in multiset.values()) - flush_assignments(multiset)
        counts[CATEGORY_NAMES[category_of_ranks(multiset)]] += plain
    return counts


def seven_card_hits(paytable: Paytable) -> Fraction:
    """The chance that a paytable read on the player's seven cards (Trips) pays."""
    return hit_frequency(paytable, seven_card_counts(), SEVEN_CARD_HANDS)


def trips_return(paytable: Paytable) -> Fraction:
    """The exact return of a Trips Wager: it wins on the player's seven cards whatever the dealer holds."""
    return paytable_return(paytable, seven_card_counts(), SEVEN_CARD_HANDS)
