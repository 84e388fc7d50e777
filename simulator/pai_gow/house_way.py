"""House ways: the fixed methods by which the dealer sets seven cards into a high and a low hand.

Pennsylvania publishes no house way: each certificate holder files its own (§645a.11(c), not found). Two
published house ways are offered as the house option, ``foxwoods`` (the default) and ``trump-plaza``.
Every clause carries a house citation, and :class:`HouseWaySetting` says which clause set a hand.

The joker rule holds in every clause: the joker completes a straight, flush, straight flush or royal flush
when it can, and is otherwise an ace; in the low hand it is an ace (see :data:`simulator.core.hands.JOKER_CITATION`).
When counting pairs the joker counts as an ace, so the joker and an ace are a pair of aces.
"""

from __future__ import annotations

import itertools
from abc import ABC, abstractmethod
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

from simulator.core.cards import Card
from simulator.core.citations import Citation
from simulator.core.clauses import cite
from simulator.core.hands import ACE, HandCategory, SetHand, WheelRank, high_value, low_value, require_cards

KING, JACK, TEN, SEVEN = 13, 11, 10, 7


def playing_rank(card: Card) -> int:
    """The rank a card counts as when the house way counts pairs: the joker counts as an ace."""
    return min(card.rank.value, ACE)


@dataclass(frozen=True)
class HouseWaySetting:
    """A hand set by a house way, with the clause of the house way that set it."""

    hand: SetHand
    clause: Citation


@dataclass(frozen=True)
class Holding:
    """Seven cards grouped by the rank they count as (joker = ace), the house way's view of a hand."""

    cards: tuple[Card, ...]
    groups: dict[int, tuple[Card, ...]]

    @classmethod
    def of(cls, cards: Sequence[Card]) -> Holding:
        """Group seven different cards by rank; raise ValueError unless they are seven different cards."""
        require_cards(cards, 7, "The hand to set")
        ordered = tuple(sorted(cards, reverse=True))
        groups: dict[int, list[Card]] = {}
        for card in ordered:
            groups.setdefault(playing_rank(card), []).append(card)
        return cls(ordered, {rank: tuple(group) for rank, group in groups.items()})

    def ranks_held(self, count: int) -> list[int]:
        """The ranks held exactly ``count`` times, highest first."""
        return sorted((rank for rank, group in self.groups.items() if len(group) == count), reverse=True)

    @property
    def singles(self) -> list[int]:
        """The ranks held once, highest first."""
        return self.ranks_held(1)

    def has_complete_hand(self) -> bool:
        """Whether five of the seven cards make a straight, flush, straight flush or royal flush."""
        naturals = [card for card in self.cards if not card.is_joker]
        jokers = len(self.cards) - len(naturals)
        if max(Counter(card.suit for card in naturals).values()) + jokers >= 5:
            return True
        ranks = {card.rank.value for card in naturals}
        if ACE in ranks:
            ranks.add(1)
        return any(sum(rank not in ranks for rank in range(low, low + 5)) <= jokers for low in range(1, 11))

    def set_with_low(self, low_ranks: Sequence[int], wheel: WheelRank) -> SetHand:
        """Set the hand with cards of ``low_ranks`` in the low hand, choosing the cards that make the best high hand."""
        needed = Counter(low_ranks)
        choices = itertools.product(*(itertools.combinations(self.groups[rank], n) for rank, n in needed.items()))
        settings = (self.set_with_low_cards(tuple(itertools.chain(*choice))) for choice in choices)
        return max(settings, key=lambda hand: high_value(hand.high, wheel))

    def set_with_low_cards(self, low: tuple[Card, ...]) -> SetHand:
        """Set the hand with exactly these cards in the low hand and the rest in the high hand."""
        high = tuple(card for card in self.cards if card not in low)
        return SetHand(high, tuple(sorted(low, reverse=True)))


FOXWOODS_NO_PAIR = cite("Foxwoods house way: no pair")
FOXWOODS_ONE_PAIR = cite("Foxwoods house way: one pair")
FOXWOODS_TWO_PAIR_HIGH = cite("Foxwoods house way: two pair, big pair A, K, Q or J")
FOXWOODS_TWO_PAIR_MEDIUM = cite("Foxwoods house way: two pair, big pair 10, 9, 8 or 7")
FOXWOODS_TWO_PAIR_LOW = cite("Foxwoods house way: two pair, big pair 6, 5, 4 or 3")
FOXWOODS_THREE_PAIR = cite("Foxwoods house way: three pair")
FOXWOODS_TRIPS_ACES = cite("Foxwoods house way: three aces")
FOXWOODS_TRIPS = cite("Foxwoods house way: three of a kind, kings and below")
FOXWOODS_TWO_SETS = cite("Foxwoods house way: two sets of three")
FOXWOODS_STRAIGHT_NO_PAIR = cite("Foxwoods house way: straight, flush or straight flush with no pair")
FOXWOODS_STRAIGHT_ONE_PAIR = cite("Foxwoods house way: straight, flush or straight flush with one pair")
FOXWOODS_STRAIGHT_ACE_EXCEPTION = cite(
    "Foxwoods house way: straight, flush or straight flush with an ace and a pair of K, Q, J or 10"
)
FOXWOODS_STRAIGHT_TRIPS = cite("Foxwoods house way: straight, flush or straight flush with three of a kind")
FOXWOODS_FULL_HOUSE = cite("Foxwoods house way: full house")
FOXWOODS_QUADS_HIGH = cite("Foxwoods house way: four aces, kings, queens or jacks")
FOXWOODS_QUADS_MEDIUM = cite("Foxwoods house way: four 10s, 9s, 8s or 7s")
FOXWOODS_QUADS_LOW = cite("Foxwoods house way: four 6s and below")
FOXWOODS_QUADS_WITH_PAIR = cite("Foxwoods house way: four of a kind with a pair or three of a kind")
FOXWOODS_FIVE_ACES = cite("Foxwoods house way: five aces")

TRUMP_PLAZA_ACES = cite("Trump Plaza house way: two pair, a pair of aces and any other pair")
TRUMP_PLAZA_LOW_WITH_LOW_OR_MEDIUM = cite(
    "Trump Plaza house way: two pair, low pair (2-6) with a low or medium pair (7-10)"
)
TRUMP_PLAZA_LOW_WITH_HIGH = cite("Trump Plaza house way: two pair, low pair (2-6) with a high pair (J-K)")
TRUMP_PLAZA_MEDIUM_WITH_MEDIUM = cite("Trump Plaza house way: two pair, two medium pairs (7-10)")
TRUMP_PLAZA_MEDIUM_OR_HIGH_WITH_HIGH = cite(
    "Trump Plaza house way: two pair, a medium (7-10) or high (J-K) pair with a high pair"
)


class HouseWay(ABC):
    """A named house way: sets any seven cards, deterministically and never as a foul, and checks a setting."""

    name: ClassVar[str]
    title: ClassVar[str]
    """The house way's name as the school writes it: "Foxwoods"."""

    @abstractmethod
    def setting(self, cards: Sequence[Card], wheel: WheelRank = WheelRank.SECOND_HIGHEST) -> HouseWaySetting:
        """Set seven different cards by this house way, naming the clause applied; ValueError otherwise."""

    def set_hand(self, cards: Sequence[Card], wheel: WheelRank = WheelRank.SECOND_HIGHEST) -> SetHand:
        """Set seven different cards by this house way; raise ValueError unless they are seven different cards."""
        return self.setting(cards, wheel).hand

    def is_house_way(
        self, cards: Sequence[Card], proposed: SetHand, wheel: WheelRank = WheelRank.SECOND_HIGHEST
    ) -> bool:
        """Whether ``proposed`` sets exactly these seven cards into hands of the same value as this house way.

        Settings that differ only by suits of equal ranks are both accepted.
        """
        expected = self.set_hand(cards, wheel)
        if len(proposed.high) != 5 or len(proposed.low) != 2 or set(proposed.cards) != set(cards):
            return False
        return (high_value(proposed.high, wheel), low_value(proposed.low)) == (
            high_value(expected.high, wheel),
            low_value(expected.low),
        )


class FoxwoodsHouseWay(HouseWay):
    """The Foxwoods house way, as published by Wizard of Odds (restated clause by clause).

    Source: https://wizardofodds.com/games/pai-gow-poker/house-way/foxwoods/ [INDUSTRY].

    1. No pair: the second and third highest cards go in the low hand.
    2. One pair: the pair in the high hand, the two highest other cards in the low hand.
    3. Two pair, by the big pair:
       (a) aces, kings, queens, jacks: the small pair goes in the low hand;
       (b) 10s, 9s, 8s, 7s: both pairs in the high hand if an ace can go in the low hand, otherwise split;
       (c) 6s, 5s, 4s, 3s: both pairs in the high hand if a king or higher can go in the low hand, otherwise split.
    4. Three pair: the high pair goes in the low hand.
    5. Three of a kind: (a) aces: an ace and the next highest card go in the low hand; (b) kings and below:
       the three of a kind in the high hand, the two highest other cards in the low hand.
    6. Two sets of three: a pair from the higher set goes in the low hand.
    7. Straight, flush, straight flush: (a) with no pair: the two highest cards that leave any complete hand
       in the high hand go in the low hand; (b) with one pair: the highest two cards possible, pair or no
       pair, that leave any complete hand in the high hand; exception: with an ace and a pair of kings,
       queens, jacks or 10s, the ace in the low hand and the pair in the high hand if that improves the low
       hand; (c) with two pair: the two-pair rule; (d) with three of a kind: the complete hand in the high
       hand, the pair in the low hand.
    8. Full house: the highest permissible pair goes in the low hand.
    9. Four of a kind: (a) aces, kings, queens, jacks: always split; (b) 10s, 9s, 8s, 7s: the four in the
       high hand if at least a king can go in the low hand, otherwise split; (c) 6s and below: never split;
       (d) with a pair or three of a kind: the pair goes in the low hand.
    10. Five aces: a pair of aces in the low hand, unless a pair of kings can go there.
    Joker: completes a straight, flush, straight flush or royal flush, otherwise an ace; an ace in the low hand.

    How this implementation settles what the text leaves open (house choices, each tested):
    - Precedence: five aces, four of a kind, two sets, full house, three pair, two pair, then straight or
      flush (with no pair, one pair or three of a kind), then three of a kind, one pair, no pair. Two pair
      with a straight or flush plays the two-pair rule (clause 7(c)), even when the straight or flush is a
      straight flush; three of a kind with a straight or flush plays clause 7(d), aces included.
    - Pairs are counted with the joker as an ace: the joker and an ace are a pair of aces; the joker with no
      ace is an ace for "an ace in the low hand", "a king or higher", and the no-pair and one-pair clauses.
    - "Split" puts the small pair in the low hand and the big pair in the high hand; keeping two pairs
      together puts the two highest other cards in the low hand (an ace, or a king or higher, first).
    - Clause 7: among the settings whose high hand is a straight or better, the best low hand wins, then the
      best high hand. The exception compares the one-pair setting's low hand (the ace and the next highest
      card) with that best low hand and takes it only when it is strictly better.
    - Clause 9(d) comes before 9(a)-(c): four of a kind with a pair or a set always plays the pair low.
    - Where equal ranks of different suits could go low, the cards chosen are those that make the best high hand.
    """

    name = "foxwoods"
    title = "Foxwoods"

    def setting(self, cards: Sequence[Card], wheel: WheelRank = WheelRank.SECOND_HIGHEST) -> HouseWaySetting:
        """Set seven different cards by the Foxwoods clauses, in the precedence the class docstring gives."""
        holding = Holding.of(cards)
        pairs, sets = holding.ranks_held(2), holding.ranks_held(3)
        if holding.ranks_held(5):
            return self.five_aces(holding, wheel)
        if holding.ranks_held(4):
            return self.four_of_a_kind(holding, wheel)
        if len(sets) == 2:
            return HouseWaySetting(holding.set_with_low([sets[0], sets[0]], wheel), FOXWOODS_TWO_SETS)
        if sets and pairs:
            return HouseWaySetting(holding.set_with_low([pairs[0], pairs[0]], wheel), FOXWOODS_FULL_HOUSE)
        if len(pairs) == 3:
            return HouseWaySetting(holding.set_with_low([pairs[0], pairs[0]], wheel), FOXWOODS_THREE_PAIR)
        if len(pairs) == 2:
            return self.two_pair(holding, wheel)
        if holding.has_complete_hand():
            return self.straight_or_flush(holding, wheel)
        if sets:
            return self.three_of_a_kind(holding, wheel)
        if pairs:
            return HouseWaySetting(holding.set_with_low(holding.singles[:2], wheel), FOXWOODS_ONE_PAIR)
        return HouseWaySetting(holding.set_with_low(holding.singles[1:3], wheel), FOXWOODS_NO_PAIR)

    def five_aces(self, holding: Holding, wheel: WheelRank) -> HouseWaySetting:
        """Clause 10: a pair of aces low, unless a pair of kings can go low."""
        low_rank = KING if holding.ranks_held(2) == [KING] else ACE
        return HouseWaySetting(holding.set_with_low([low_rank, low_rank], wheel), FOXWOODS_FIVE_ACES)

    def four_of_a_kind(self, holding: Holding, wheel: WheelRank) -> HouseWaySetting:
        """Clause 9: four of a kind, by its rank, or with a pair or a set beside it."""
        (quads,) = holding.ranks_held(4)
        others = holding.ranks_held(3) + holding.ranks_held(2)
        if others:
            return HouseWaySetting(holding.set_with_low([others[0], others[0]], wheel), FOXWOODS_QUADS_WITH_PAIR)
        singles = holding.singles
        if quads >= JACK:
            keep, rule = False, FOXWOODS_QUADS_HIGH
        elif quads >= SEVEN:
            keep, rule = singles[0] >= KING, FOXWOODS_QUADS_MEDIUM
        else:
            keep, rule = True, FOXWOODS_QUADS_LOW
        low_ranks = singles[:2] if keep else [quads, quads]
        return HouseWaySetting(holding.set_with_low(low_ranks, wheel), rule)

    def two_pair(self, holding: Holding, wheel: WheelRank) -> HouseWaySetting:
        """Clause 3: split two pair, or keep both in the high hand, by the big pair and the best other card."""
        big, _ = holding.ranks_held(2)
        best_single = holding.singles[0]
        if big >= JACK:
            return split_or_keep_two_pair(holding, False, FOXWOODS_TWO_PAIR_HIGH, wheel)
        if big >= SEVEN:
            return split_or_keep_two_pair(holding, best_single == ACE, FOXWOODS_TWO_PAIR_MEDIUM, wheel)
        return split_or_keep_two_pair(holding, best_single >= KING, FOXWOODS_TWO_PAIR_LOW, wheel)

    def straight_or_flush(self, holding: Holding, wheel: WheelRank) -> HouseWaySetting:
        """Clause 7 with no pair, one pair or three of a kind: keep a complete hand high, the best low hand."""
        complete = [
            hand
            for hand in map(holding.set_with_low_cards, itertools.combinations(holding.cards, 2))
            if high_value(hand.high, wheel).category >= HandCategory.STRAIGHT
        ]
        best = max(complete, key=lambda hand: (low_value(hand.low), high_value(hand.high, wheel)))
        pairs, sets = holding.ranks_held(2), holding.ranks_held(3)
        if sets:
            return HouseWaySetting(best, FOXWOODS_STRAIGHT_TRIPS)
        if not pairs:
            return HouseWaySetting(best, FOXWOODS_STRAIGHT_NO_PAIR)
        if TEN <= pairs[0] <= KING and holding.singles[0] == ACE:
            pair_high = holding.set_with_low(holding.singles[:2], wheel)
            if low_value(pair_high.low) > low_value(best.low):
                return HouseWaySetting(pair_high, FOXWOODS_STRAIGHT_ACE_EXCEPTION)
        return HouseWaySetting(best, FOXWOODS_STRAIGHT_ONE_PAIR)

    def three_of_a_kind(self, holding: Holding, wheel: WheelRank) -> HouseWaySetting:
        """Clause 5: three aces split an ace low; lower sets stay high with the two highest others low."""
        (trips,) = holding.ranks_held(3)
        if trips == ACE:
            return HouseWaySetting(holding.set_with_low([ACE, holding.singles[0]], wheel), FOXWOODS_TRIPS_ACES)
        return HouseWaySetting(holding.set_with_low(holding.singles[:2], wheel), FOXWOODS_TRIPS)


def split_or_keep_two_pair(holding: Holding, keep: bool, rule: Citation, wheel: WheelRank) -> HouseWaySetting:
    """Keep both pairs high with the two highest other cards low, or split with the small pair low."""
    _, small = holding.ranks_held(2)
    low_ranks = holding.singles[:2] if keep else [small, small]
    return HouseWaySetting(holding.set_with_low(low_ranks, wheel), rule)


def pair_size(rank: int) -> str:
    """The Trump Plaza size of a pair: low (2-6), medium (7-10) or high (J-K); aces are their own rule."""
    if rank <= 6:
        return "low"
    return "medium" if rank <= TEN else "high"


class TrumpPlazaHouseWay(FoxwoodsHouseWay):
    """The Trump Plaza two-pair rule, with every other clause from the Foxwoods house way.

    Source: Wizard of Odds, Pai Gow Poker appendix 2, https://www.sonofdave.com/games/pai-gow-poker/appendix/2/
    [INDUSTRY], which gives only the two-pair rule (low = 2 through 6, medium = 7 through 10, high = J through K):

    - low pair and low pair: split unless holding a king or better;
    - low pair and medium pair: split unless holding a king or better;
    - low pair and high pair: split unless holding an ace;
    - medium pair and medium pair: split unless holding an ace;
    - medium pair and high pair: always split;
    - high pair and high pair: always split;
    - pair of aces and any other pair: always split.

    The published text has no other clauses, so this house way takes every other clause, the precedence and
    the tie-breaks from :class:`FoxwoodsHouseWay` (a house choice), including clause 7(c): two pair with a
    straight or flush plays this two-pair rule. "Holding" a card means holding it outside the two pairs (the
    joker counts as an ace); keeping the pairs together puts the two highest other cards in the low hand.
    """

    name = "trump-plaza"
    title = "Trump Plaza"

    def two_pair(self, holding: Holding, wheel: WheelRank) -> HouseWaySetting:
        """The Trump Plaza two-pair table."""
        big, small = holding.ranks_held(2)
        best_single = holding.singles[0]
        sizes = (pair_size(small), pair_size(big))
        if big == ACE:
            return split_or_keep_two_pair(holding, False, TRUMP_PLAZA_ACES, wheel)
        if sizes in {("low", "low"), ("low", "medium")}:
            return split_or_keep_two_pair(holding, best_single >= KING, TRUMP_PLAZA_LOW_WITH_LOW_OR_MEDIUM, wheel)
        if sizes == ("low", "high"):
            return split_or_keep_two_pair(holding, best_single == ACE, TRUMP_PLAZA_LOW_WITH_HIGH, wheel)
        if sizes == ("medium", "medium"):
            return split_or_keep_two_pair(holding, best_single == ACE, TRUMP_PLAZA_MEDIUM_WITH_MEDIUM, wheel)
        return split_or_keep_two_pair(holding, False, TRUMP_PLAZA_MEDIUM_OR_HIGH_WITH_HIGH, wheel)


HOUSE_WAYS: dict[str, HouseWay] = {way.name: way for way in (FoxwoodsHouseWay(), TrumpPlazaHouseWay())}
"""The house ways a table may file, by name; ``foxwoods`` is the default."""
DEFAULT_HOUSE_WAY = "foxwoods"
