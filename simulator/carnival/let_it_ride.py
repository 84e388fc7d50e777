"""Let It Ride Poker declared on the carnival poker shape: three equal wagers, two of them pulled back or let ride.

§643a.1 defines the hand (three cards and two community cards) and letting a wager ride (not withdrawing it as
§643a.11(b) and (d) permit); the rest of Chapter 643a (the deal, the rankings' text, the payout odds) is not in the
regulation text we have, so those rules are the house's or inferred, and their citations say so. The dealer holds no
hand: the two community cards lie face down in the dealer's place, turned one after each decision.

>>> from simulator.core.cards import parse_cards
>>> read_let_it_ride_hand(parse_cards("Ts Td 4c 8h 2s")).category
'pair of tens or better'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from simulator.carnival.hands import best_five
from simulator.carnival.poker import (
    END_OF_ROUND,
    HAND_READING,
    SETTLEMENT_ORDER,
    CarnivalGame,
    HandReading,
    PaytableChoice,
    SeatResult,
    Street,
    paytables,
)
from simulator.carnival.ultimate_texas import CATEGORY_NAMES
from simulator.core.cards import Card
from simulator.core.clauses import cite
from simulator.core.hands import HandCategory, describe_high_hand
from simulator.core.money import Cents
from simulator.core.settling import Settlement, WagerSettlement

HAND = cite("§643a.1 definition of Hand")
COMMUNITY_CARD = cite("§643a.1 definition of Community card")
LET_IT_RIDE = cite("§643a.1 definition of Let It Ride")
FIRST_WITHDRAWN = cite("§643a.11(b)")
SECOND_WITHDRAWN = cite("§643a.11(d)")
RANKINGS = cite("§643a.6(b)")
DEAL = cite("Let It Ride Poker deal")
PAYTABLE = cite("Let It Ride Poker paytable, option let_it_ride_paytable")
ADVICE = cite("Let It Ride Poker house advice")

TENS_OR_BETTER = "pair of tens or better"
LOWER_PAIR = "lower pair"
HIGH_PAIR_RANK = 10
"""The lowest pair that pays: tens."""
HIGH_CARD_RANK = 10
"""The lowest rank the house advice counts as a high card: a ten."""

CATEGORIES = {**CATEGORY_NAMES, HandCategory.ONE_PAIR: TENS_OR_BETTER}
"""Each five-card category as the paytable names it, a pair by whether it pays."""
HAND_NAMES = (*tuple(CATEGORIES.values())[:-1], LOWER_PAIR, CATEGORIES[HandCategory.HIGH_CARD])
"""The hands a dealer reads at Let It Ride, highest first."""
PAYING_LINES = HAND_NAMES[:9]
"""The hands the paytable lists: royal flush down to a pair of tens or better."""

PAYTABLES = paytables(
    PAYING_LINES,
    {
        f"{royal}-200-50-11-8-5-3-2-1": {
            "royal flush": f"{royal} to 1",
            "straight flush": "200 to 1",
            "four of a kind": "50 to 1",
            "full house": "11 to 1",
            "flush": "8 to 1",
            "straight": "5 to 1",
            "three of a kind": "3 to 1",
            "two pair": "2 to 1",
            TENS_OR_BETTER: "1 to 1",
        }
        for royal in (1000, 500)
    },
)
"""The paytables a table may choose, each named by its odds from royal flush down to a pair of tens or better."""

FIRST_DECISION = Street("after the three cards", 0, (), False, LET_IT_RIDE, FIRST_WITHDRAWN, pulls="first")
SECOND_DECISION = Street("after the first community card", 1, (), False, LET_IT_RIDE, SECOND_WITHDRAWN, DEAL, "second")


def read_let_it_ride_hand(cards: Sequence[Card]) -> HandReading:
    """A player's five cards read as the dealer reads them, a pair named by whether it pays (§643a.1 "Hand")."""
    value = best_five(cards)
    category = CATEGORIES[value.category]
    if value.category is HandCategory.ONE_PAIR and value.tiebreak[0] < HIGH_PAIR_RANK:
        category = LOWER_PAIR
    return HandReading((value.category, *value.tiebreak), category, describe_high_hand(value))


def paying_hand(cards: Sequence[Card]) -> bool:
    """Whether three or four cards already hold a paying hand: a pair of tens or better, or more of a kind."""
    counts = [sum(card.rank == held.rank for card in cards) for held in cards]
    paired = [held.rank.value for held, count in zip(cards, counts, strict=True) if count >= 2]
    return max(counts) >= 3 or len(paired) >= 4 or any(rank >= HIGH_PAIR_RANK for rank in paired)


def ranks_as_dealt(cards: Sequence[Card]) -> list[list[int]]:
    """The cards' ranks, sorted, once with the ace high and once with it low where there is one."""
    high = sorted(card.rank.value for card in cards)
    low = sorted(1 if rank == 14 else rank for rank in high)
    return [high, low] if low != high else [high]


def straight_flush_draw(cards: Sequence[Card]) -> bool:
    """Three suited cards, ace high or low: in a row (not 2-3-4, A-2-3), spread 4 with a high card, 5 with two."""
    if len({card.suit for card in cards}) != 1 or len({card.rank for card in cards}) != len(cards):
        return False
    for ranks in ranks_as_dealt(cards):
        spread = ranks[-1] - ranks[0] + 1
        high = sum(rank >= HIGH_CARD_RANK for rank in ranks)
        if (spread == 3 and ranks[0] > 2) or (spread == 4 and high >= 1) or (spread == 5 and high >= 2):
            return True
    return False


def straight_draw(cards: Sequence[Card]) -> bool:
    """Whether four cards of four ranks are an open-ended straight draw with a ten or better, or four high cards."""
    ranks = sorted(card.rank.value for card in cards)
    if len(set(ranks)) != len(ranks):
        return False
    if ranks[0] >= HIGH_CARD_RANK:
        return True
    return ranks[-1] - ranks[0] == 3 and ranks[-1] >= HIGH_CARD_RANK


def let_it_ride_by_advice(street: Street, hole: Sequence[Card], community: Sequence[Card]) -> int:
    """The house advice: 1 to let the wager ride, 0 to pull it back."""
    cards = [*hole, *community]
    if paying_hand(cards):
        return 1
    if not community:
        return int(straight_flush_draw(cards))
    return int(len({card.suit for card in cards}) == 1 or straight_draw(cards))


def let_it_ride_cautiously(street: Street, hole: Sequence[Card], community: Sequence[Card]) -> int:
    """Let a wager ride only on a paying hand already held."""
    return int(paying_hand([*hole, *community]))


def settle_let_it_ride(result: SeatResult) -> list[tuple[str, WagerSettlement]]:
    """Each wager in action of one position, in the layout's order, at the paytable's odds or collected."""
    hand = result.hand
    odds = result.paytables[PAYTABLE_AREA].odds(hand.category)
    settled = []
    for area in AREAS:
        if area not in result.wagers:
            continue
        if odds is None:
            settled.append((area, WagerSettlement(Settlement.COLLECT, 0, PAYTABLE, "less than a pair of tens")))
        else:
            pays = odds.pay(result.wagers[area])
            settled.append((area, WagerSettlement(Settlement.PAY, pays, PAYTABLE, f"{hand.category}, {odds}")))
    return settled


AREAS = ("first", "second", "third")
"""The three wagers in the layout's order: the first and second may be pulled back, the third stays."""
PAYTABLE_AREA = "third"
"""The area the paytable option is filed under: the wager that always stays; its odds pay each wager in action."""


def check_let_it_ride_wagers(wagers: Mapping[str, Cents]) -> str | None:
    """A position holds three equal wagers."""
    if set(wagers) != set(AREAS) or len(set(wagers.values())) != 1:
        return "a position holds three equal wagers, the first, second and third."
    return None


LET_IT_RIDE_POKER = CarnivalGame(
    key="let-it-ride",
    name="Let It Ride Poker",
    areas={"first": "Wager 1", "second": "Wager 2", "third": "Wager 3"},
    side_areas=frozenset(),
    hole_cards=3,
    streets=(FIRST_DECISION, SECOND_DECISION),
    read=read_let_it_ride_hand,
    rankings=RANKINGS,
    qualifies=None,
    qualification=None,
    deal=DEAL,
    paytable_choices=(
        PaytableChoice(
            "let_it_ride_paytable",
            PAYTABLE_AREA,
            PAYTABLE_AREA,
            PAYTABLES,
            "1000-200-50-11-8-5-3-2-1",
            PAYTABLE,
            "The Let It Ride paytable, named by its odds from royal flush down to a pair of tens or better.",
            True,
            "Let It Ride",
        ),
    ),
    advice=let_it_ride_by_advice,
    cautious=let_it_ride_cautiously,
    settle=settle_let_it_ride,
    check_wagers=check_let_it_ride_wagers,
    house_procedures=(DEAL, ADVICE, HAND_READING, SETTLEMENT_ORDER, END_OF_ROUND),
    base_areas=AREAS,
    pushes=False,
    board_face_down=2,
)
"""Let It Ride Poker, declared once."""
