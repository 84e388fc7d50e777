"""Three Card Poker declared on the carnival poker shape: Ante, Play, Pair Plus, the Ante Bonus, queen-high.

Chapter 649a is not in the regulation text we have, so every rule here is the house's and its citation says so;
the paytables are the house's options.

>>> from simulator.core.cards import parse_cards
>>> read_three_card_hand(parse_cards("Qs 6h 4d")) >= QUEEN_SIX_FOUR
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from simulator.carnival.hands import THREE_CARD_NAMES, ThreeCardCategory, describe_three_card_hand, three_card_value
from simulator.carnival.poker import (
    END_OF_ROUND,
    HAND_READING,
    SETTLEMENT_ORDER,
    WRONG_PLAY_WAGER,
    CarnivalGame,
    HandReading,
    PaytableChoice,
    SeatResult,
    Street,
    paytables,
)
from simulator.core.cards import Card
from simulator.core.clauses import cite
from simulator.core.money import Cents
from simulator.core.settling import Settlement, WagerSettlement

RANKINGS = cite("Three Card Poker rankings")
DEAL = cite("Three Card Poker deal")
PLAY_WAGER = cite("Three Card Poker Play Wager")
QUALIFICATION = cite("Three Card Poker dealer qualification")
ANTE_AND_PLAY = cite("Three Card Poker Ante and Play settlement")
PAIR_PLUS = cite("Pair Plus paytable, option pair_plus_paytable")
ANTE_BONUS = cite("Ante Bonus paytable, option ante_bonus_paytable")
ADVICE = cite("Three Card Poker house advice")

PAYING_LINES = tuple(THREE_CARD_NAMES[category] for category in reversed(ThreeCardCategory))[:-1]
"""The hands a Three Card Poker paytable may list, highest first: straight flush down to pair."""

PAIR_PLUS_PAYTABLES = paytables(
    PAYING_LINES,
    {
        "40-30-6-4-1": {
            "straight flush": "40 to 1",
            "three of a kind": "30 to 1",
            "straight": "6 to 1",
            "flush": "4 to 1",
            "pair": "1 to 1",
        },
        "40-30-6-3-1": {
            "straight flush": "40 to 1",
            "three of a kind": "30 to 1",
            "straight": "6 to 1",
            "flush": "3 to 1",
            "pair": "1 to 1",
        },
        "40-30-5-4-1": {
            "straight flush": "40 to 1",
            "three of a kind": "30 to 1",
            "straight": "5 to 1",
            "flush": "4 to 1",
            "pair": "1 to 1",
        },
    },
)
"""The Pair Plus paytables a table may choose, each named by its odds from straight flush down to pair."""

ANTE_BONUS_PAYTABLES = paytables(
    PAYING_LINES,
    {
        "5-4-1": {"straight flush": "5 to 1", "three of a kind": "4 to 1", "straight": "1 to 1"},
        "5-3-1": {"straight flush": "5 to 1", "three of a kind": "3 to 1", "straight": "1 to 1"},
    },
)
"""The Ante Bonus paytables a table may choose, each named by its odds on straight flush, three of a kind, straight."""

QUEEN_HIGH = HandReading((ThreeCardCategory.HIGH_CARD, 12, 3, 2), "high card", "queen high")
"""The lowest qualifying dealer hand: queen high."""
QUEEN_SIX_FOUR = HandReading((ThreeCardCategory.HIGH_CARD, 12, 6, 4), "high card", "queen high")
"""The lowest hand the house advice plays."""


def read_three_card_hand(cards: Sequence[Card]) -> HandReading:
    """Three cards read as the dealer reads them."""
    value = three_card_value(cards)
    return HandReading((value.category, *value.tiebreak), value.name, describe_three_card_hand(value))


def play_by_advice(street: Street, hole: Sequence[Card], community: Sequence[Card]) -> int:
    """Play (1 times the Ante) with queen-six-four or better, else fold."""
    return 1 if read_three_card_hand(hole) >= QUEEN_SIX_FOUR else 0


def play_cautiously(street: Street, hole: Sequence[Card], community: Sequence[Card]) -> int:
    """Play only a pair or better."""
    return 1 if three_card_value(hole).category >= ThreeCardCategory.PAIR else 0


def qualifies(dealer: HandReading) -> bool:
    """Whether the dealer's hand is queen high or better."""
    return dealer >= QUEEN_HIGH


def settle_three_card_poker(result: SeatResult) -> list[tuple[str, WagerSettlement]]:
    """Ante, Play, the Ante Bonus (only when it pays) and Pair Plus of one position, in that order."""
    wagers, hand = result.wagers, result.hand
    settled: list[tuple[str, WagerSettlement]] = []
    if result.folded:
        settled.append(("ante", WagerSettlement(Settlement.COLLECT, 0, PLAY_WAGER, "folded")))
    elif "ante" in wagers:
        settled.extend(ante_and_play(result))
        odds = result.paytables["ante_bonus"].odds(hand.category)
        if odds is not None:
            bonus = WagerSettlement(Settlement.PAY, odds.pay(wagers["ante"]), ANTE_BONUS, f"{hand.category}, {odds}")
            settled.append(("ante_bonus", bonus))
    if "pair_plus" in wagers:
        odds = result.paytables["pair_plus"].odds(hand.category)
        if odds is None:
            settled.append(("pair_plus", WagerSettlement(Settlement.COLLECT, 0, PAIR_PLUS, "less than a pair")))
        else:
            pays = WagerSettlement(Settlement.PAY, odds.pay(wagers["pair_plus"]), PAIR_PLUS, f"{hand.category}, {odds}")
            settled.append(("pair_plus", pays))
    return settled


def ante_and_play(result: SeatResult) -> list[tuple[str, WagerSettlement]]:
    """The Ante and Play Wagers of a position that played, against the dealer's hand."""
    ante, play = result.wagers["ante"], result.play
    if not result.dealer_qualifies:
        return [
            ("ante", WagerSettlement(Settlement.PAY, ante, QUALIFICATION, "the dealer does not qualify, 1 to 1")),
            ("play", WagerSettlement(Settlement.PUSH, 0, QUALIFICATION, "the dealer does not qualify")),
        ]
    if result.hand > result.dealer:
        return [
            ("ante", WagerSettlement(Settlement.PAY, ante, ANTE_AND_PLAY, "beats the dealer, 1 to 1")),
            ("play", WagerSettlement(Settlement.PAY, play, ANTE_AND_PLAY, "beats the dealer, 1 to 1")),
        ]
    how, reason = (
        (Settlement.PUSH, "ties the dealer") if result.hand == result.dealer else (Settlement.COLLECT, "loses")
    )
    return [(area, WagerSettlement(how, 0, ANTE_AND_PLAY, reason)) for area in ("ante", "play")]


def check_three_card_wagers(wagers: Mapping[str, Cents]) -> str | None:
    """A position holds an Ante Wager, a Pair Plus Wager or both, and never a Play Wager before the deal."""
    if "play" in wagers:
        return "the Play Wager is placed after the cards are seen, not before the deal."
    if not wagers:
        return "a position holds an Ante Wager, a Pair Plus Wager or both."
    return None


THREE_CARD_POKER = CarnivalGame(
    key="three-card-poker",
    name="Three Card Poker",
    areas={"ante": "Ante", "play": "Play", "pair_plus": "Pair Plus"},
    side_areas=frozenset({"pair_plus"}),
    hole_cards=3,
    streets=(Street("after the deal", 0, (1,), True, PLAY_WAGER, PLAY_WAGER),),
    read=read_three_card_hand,
    rankings=RANKINGS,
    qualifies=qualifies,
    qualification=QUALIFICATION,
    deal=DEAL,
    paytable_choices=(
        PaytableChoice(
            "pair_plus_paytable",
            "pair_plus",
            "pair_plus",
            PAIR_PLUS_PAYTABLES,
            "40-30-6-4-1",
            PAIR_PLUS,
            "The Pair Plus paytable, named by its odds on straight flush, three of a kind, straight, flush and pair.",
            True,
        ),
        PaytableChoice(
            "ante_bonus_paytable",
            "ante_bonus",
            "ante",
            ANTE_BONUS_PAYTABLES,
            "5-4-1",
            ANTE_BONUS,
            "The Ante Bonus paytable, named by its odds on straight flush, three of a kind and straight.",
            True,
        ),
    ),
    advice=play_by_advice,
    cautious=play_cautiously,
    settle=settle_three_card_poker,
    check_wagers=check_three_card_wagers,
    house_procedures=(
        RANKINGS,
        DEAL,
        PLAY_WAGER,
        QUALIFICATION,
        ANTE_AND_PLAY,
        ADVICE,
        WRONG_PLAY_WAGER,
        HAND_READING,
        SETTLEMENT_ORDER,
        END_OF_ROUND,
    ),
)
"""Three Card Poker, declared once."""
