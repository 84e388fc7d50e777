"""Ultimate Texas Hold 'Em declared on the carnival poker shape: Ante, Blind, Play at three streets, Trips.

§653a.6 ranks the hands and §653a.12(a)–(c) sets the Ante, Play, Blind and Trips odds, quoted in the catalogue;
the deal, the Play Wager's amounts, the dealer's qualification and the settlement (§653a.7–§653a.11, not in the
regulation text we have) are the house's, and their citations say so.

>>> from simulator.core.cards import parse_cards
>>> read_holdem_hand(parse_cards("Ah Kh Qh Jh Th 2c 2d")).words
'royal flush'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from simulator.carnival.hands import best_five
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
from simulator.core.cards import Card, standard_deck
from simulator.core.clauses import cite
from simulator.core.hands import HandCategory, describe_high_hand
from simulator.core.money import Cents
from simulator.core.settling import Settlement, WagerSettlement

RANKINGS = cite("§653a.6(b)")
FLOP = cite("§653a.1 definition of Flop")
CHECK = cite("§653a.1 definition of Check")
FOLD = cite("§653a.1 definition of Fold")
ANTE_AND_PLAY_ODDS = cite("§653a.12(a)")
BLIND_PAYTABLE = cite("§653a.12(b)")
TRIPS_PAYTABLE = cite("§653a.12(c)")
DEAL = cite("Ultimate Texas Hold 'Em deal")
PLAY_WAGER = cite("Ultimate Texas Hold 'Em Play Wager")
QUALIFICATION = cite("Ultimate Texas Hold 'Em dealer qualification")
SETTLEMENT = cite("Ultimate Texas Hold 'Em settlement")
ADVICE = cite("Ultimate Texas Hold 'Em house advice")

CATEGORY_NAMES = {
    HandCategory.ROYAL_FLUSH: "royal flush",
    HandCategory.STRAIGHT_FLUSH: "straight flush",
    HandCategory.FOUR_OF_A_KIND: "four of a kind",
    HandCategory.FULL_HOUSE: "full house",
    HandCategory.FLUSH: "flush",
    HandCategory.STRAIGHT: "straight",
    HandCategory.THREE_OF_A_KIND: "three of a kind",
    HandCategory.TWO_PAIR: "two pair",
    HandCategory.ONE_PAIR: "pair",
    HandCategory.HIGH_CARD: "high card",
}
"""Each five-card category as §653a.6(b) and the paytables of §653a.12 name it."""
PAYING_LINES = tuple(CATEGORY_NAMES.values())[:7]
"""The hands a paytable of §653a.12 lists, royal flush down to three of a kind."""

BLIND_PAYTABLES = paytables(
    PAYING_LINES,
    {
        "A": {
            "royal flush": "500 to 1",
            "straight flush": "50 to 1",
            "four of a kind": "10 to 1",
            "full house": "3 to 1",
            "flush": "3 to 2",
            "straight": "1 to 1",
        },
        "B": {
            "royal flush": "500 to 1",
            "straight flush": "50 to 1",
            "four of a kind": "10 to 1",
            "full house": "3 to 1",
            "flush": "3 to 2",
        },
    },
)
"""§653a.12(b)'s Blind Wager paytables A and B."""

TRIPS_PAYTABLES = paytables(
    PAYING_LINES,
    {
        name: {
            "royal flush": "50 to 1",
            "straight flush": "40 to 1",
            "four of a kind": f"{quads} to 1",
            "full house": f"{full_house} to 1",
            "flush": f"{flush} to 1",
            "straight": f"{straight} to 1",
            "three of a kind": "3 to 1",
        }
        for name, quads, full_house, flush, straight in (
            ("A", 30, 9, 7, 4),
            ("B", 30, 8, 6, 5),
            ("C", 30, 8, 7, 4),
            ("D", 20, 7, 6, 5),
        )
    },
)
"""§653a.12(c)'s Trips Wager paytables A to D."""

PREFLOP = Street("before the flop", 0, (3, 4), False, PLAY_WAGER, CHECK)
FLOP_STREET = Street("after the flop", 3, (2,), False, PLAY_WAGER, CHECK, FLOP)
RIVER = Street("after the river", 5, (1,), True, PLAY_WAGER, FOLD, DEAL)
DEALER_OUTS_LIMIT = 21
"""The house advice plays at the river when fewer unseen cards than this would give the dealer a better hand."""


def read_holdem_hand(cards: Sequence[Card]) -> HandReading:
    """The best five-card hand of five to seven cards, read as the dealer reads it (§653a.6(b))."""
    value = best_five(cards)
    return HandReading((value.category, *value.tiebreak), CATEGORY_NAMES[value.category], describe_high_hand(value))


def raises_before_the_flop(hole: Sequence[Card]) -> bool:
    """The house advice's four-times hands: 3-3 or better, any ace, K-x suited, K-5+, Q-6s+, Q-8+, J-8s+, J-T."""
    high, low = sorted((card.rank.value for card in hole), reverse=True)
    suited = hole[0].suit == hole[1].suit
    smallest_kicker = {14: 2, 13: 2 if suited else 5, 12: 6 if suited else 8, 11: 8 if suited else 10}
    return (high == low and high >= 3) or low >= smallest_kicker.get(high, 15)


def uses_a_hole_card(hole: Sequence[Card], community: Sequence[Card]) -> bool:
    """Whether a hole card pairs the other or a community card (pocket twos alone do not count)."""
    ranks = [card.rank for card in community]
    first, second = (card.rank for card in hole)
    return first in ranks or second in ranks or (first == second and first.value > 2)


def four_to_a_hidden_flush(hole: Sequence[Card], community: Sequence[Card]) -> bool:
    """Four cards of one suit among five, with a ten or better of that suit in the hole."""
    cards = [*hole, *community]
    return any(sum(card.suit == hidden.suit for card in cards) >= 4 and hidden.rank.value >= 10 for hidden in hole)


def dealer_outs(hole: Sequence[Card], community: Sequence[Card]) -> int:
    """How many unseen cards, with the five community cards, beat the player's hand."""
    player = read_holdem_hand([*hole, *community])
    unseen = [card for card in standard_deck() if card not in hole and card not in community]
    return sum(read_holdem_hand([*community, card]) > player for card in unseen)


def improves_on_the_board(hole: Sequence[Card], community: Sequence[Card]) -> bool:
    """A pair or better that uses a hole card: a hole card pairs, or the hole cards make a higher category."""
    player = read_holdem_hand([*hole, *community])
    return uses_a_hole_card(hole, community) or player.key[0] > read_holdem_hand(community).key[0]


def play_by_advice(street: Street, hole: Sequence[Card], community: Sequence[Card]) -> int:
    """The house advice: the Play Wager multiple at a street, 0 to check or fold."""
    if not community:
        return 4 if raises_before_the_flop(hole) else 0
    if len(community) == FLOP_STREET.board_cards:
        strong = read_holdem_hand([*hole, *community]).key[0] >= HandCategory.TWO_PAIR
        return 2 if strong or uses_a_hole_card(hole, community) or four_to_a_hidden_flush(hole, community) else 0
    if improves_on_the_board(hole, community) or dealer_outs(hole, community) < DEALER_OUTS_LIMIT:
        return 1
    return 0


def play_cautiously(street: Street, hole: Sequence[Card], community: Sequence[Card]) -> int:
    """Never before the flop; two times with two pair or better; at the river only with the hole cards playing."""
    if not community:
        return 0
    if len(community) == FLOP_STREET.board_cards:
        return 2 if read_holdem_hand([*hole, *community]).key[0] >= HandCategory.TWO_PAIR else 0
    return 1 if improves_on_the_board(hole, community) else 0


def qualifies(dealer: HandReading) -> bool:
    """Whether the dealer's hand is a pair or better."""
    return dealer.key[0] >= HandCategory.ONE_PAIR


def settle_ultimate_texas(result: SeatResult) -> list[tuple[str, WagerSettlement]]:
    """Ante, Blind, Play and Trips of one position, in that order."""
    settled = ante_blind_and_play(result)
    if "trips" in result.wagers:
        hand = result.hand
        odds = result.paytables["trips"].odds(hand.category)
        if odds is None:
            settled.append(("trips", WagerSettlement(Settlement.COLLECT, 0, SETTLEMENT, "less than three of a kind")))
        else:
            pays = odds.pay(result.wagers["trips"])
            settled.append(("trips", WagerSettlement(Settlement.PAY, pays, TRIPS_PAYTABLE, f"{hand.category}, {odds}")))
    return settled


def ante_blind_and_play(result: SeatResult) -> list[tuple[str, WagerSettlement]]:
    """The Ante, Blind and Play Wagers of a position against the dealer's hand."""
    ante = result.wagers["ante"]
    if result.folded:
        return [(area, WagerSettlement(Settlement.COLLECT, 0, FOLD, "folded")) for area in ("ante", "blind")]
    if result.hand == result.dealer:
        return [(area, WagerSettlement(Settlement.PUSH, 0, SETTLEMENT, "ties the dealer")) for area in AREAS_AT_RISK]
    if result.hand < result.dealer:
        lost = [(area, WagerSettlement(Settlement.COLLECT, 0, SETTLEMENT, "loses")) for area in AREAS_AT_RISK]
        if not result.dealer_qualifies:
            lost[0] = ("ante", WagerSettlement(Settlement.PUSH, 0, QUALIFICATION, "the dealer does not qualify"))
        return lost
    if result.dealer_qualifies:
        ante_settled = WagerSettlement(Settlement.PAY, ante, ANTE_AND_PLAY_ODDS, "beats the dealer, 1 to 1")
    else:
        ante_settled = WagerSettlement(Settlement.PUSH, 0, QUALIFICATION, "the dealer does not qualify")
    odds = result.paytables["blind"].odds(result.hand.category)
    if odds is None:
        blind = WagerSettlement(Settlement.PUSH, 0, BLIND_PAYTABLE, f"{result.hand.category}, not on the paytable")
    else:
        blind = WagerSettlement(Settlement.PAY, odds.pay(ante), BLIND_PAYTABLE, f"{result.hand.category}, {odds}")
    play = WagerSettlement(Settlement.PAY, result.play, ANTE_AND_PLAY_ODDS, "beats the dealer, 1 to 1")
    return [("ante", ante_settled), ("blind", blind), ("play", play)]


AREAS_AT_RISK = ("ante", "blind", "play")
"""The wagers settled against the dealer's hand, in the layout's order."""


def check_holdem_wagers(wagers: Mapping[str, Cents]) -> str | None:
    """A position holds equal Ante and Blind Wagers, a Trips Wager if it likes, and no Play Wager before the deal."""
    if "play" in wagers:
        return "the Play Wager is placed at a decision, not before the deal."
    if "ante" not in wagers or wagers.get("blind") != wagers["ante"]:
        return "a position holds an Ante Wager and a Blind Wager of the same amount."
    return None


ULTIMATE_TEXAS_HOLD_EM = CarnivalGame(
    key="ultimate-texas-hold-em",
    name="Ultimate Texas Hold 'Em",
    areas={"ante": "Ante", "blind": "Blind", "play": "Play", "trips": "Trips"},
    side_areas=frozenset({"trips"}),
    hole_cards=2,
    streets=(PREFLOP, FLOP_STREET, RIVER),
    read=read_holdem_hand,
    rankings=RANKINGS,
    qualifies=qualifies,
    qualification=QUALIFICATION,
    deal=DEAL,
    paytable_choices=(
        PaytableChoice(
            "blind_paytable",
            "blind",
            "blind",
            BLIND_PAYTABLES,
            "A",
            BLIND_PAYTABLE,
            "The Blind Wager paytable of §653a.12(b), A or B, as the Rules Submission selects.",
            False,
        ),
        PaytableChoice(
            "trips_paytable",
            "trips",
            "trips",
            TRIPS_PAYTABLES,
            "A",
            TRIPS_PAYTABLE,
            "The Trips Wager paytable of §653a.12(c), A to D, as the Rules Submission selects.",
            False,
        ),
    ),
    advice=play_by_advice,
    cautious=play_cautiously,
    settle=settle_ultimate_texas,
    check_wagers=check_holdem_wagers,
    house_procedures=(
        DEAL,
        PLAY_WAGER,
        QUALIFICATION,
        SETTLEMENT,
        ADVICE,
        WRONG_PLAY_WAGER,
        HAND_READING,
        SETTLEMENT_ORDER,
        END_OF_ROUND,
    ),
    base_areas=("ante", "blind"),
)
"""Ultimate Texas Hold 'Em, declared once."""
