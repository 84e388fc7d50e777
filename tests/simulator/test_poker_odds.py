"""Exact returns of the carnival poker paytables, checked against counts derived by hand and published values."""

from fractions import Fraction
from math import comb

from simulator.carnival.odds import (
    ante_and_play_return,
    ante_bonus_return,
    pair_plus_return,
    seven_card_counts,
    three_card_counts,
    trips_return,
)
from simulator.carnival.three_card_poker import ANTE_BONUS_PAYTABLES, PAIR_PLUS_PAYTABLES
from simulator.carnival.ultimate_texas import TRIPS_PAYTABLES

ALL_THREE = comb(52, 3)
SEQUENCES = 12
"""Three-card runs A-2-3 up to Q-K-A."""
THREE_CARD_COUNTS = {
    "straight flush": SEQUENCES * 4,
    "three of a kind": 13 * comb(4, 3),
    "straight": SEQUENCES * (4**3 - 4),
    "flush": 4 * (comb(13, 3) - SEQUENCES),
    "pair": 13 * comb(4, 2) * 48,
}
"""Each paying three-card hand counted by hand: 48, 52, 720, 1,096 and 3,744 of 22,100."""


def paytable_text_return(pays: dict[str, int], counts: dict[str, int], total: int) -> Fraction:
    """The return of a wager paying ``pays`` (to 1) on ``counts``, every other hand losing its stake."""
    won = sum(odds * counts[hand] for hand, odds in pays.items())
    lost = total - sum(counts[hand] for hand in pays)
    return Fraction(won - lost, total)


def test_three_card_poker_rankings_count_each_paying_hand_as_derived_by_hand():
    counts = three_card_counts()
    assert {hand: counts[hand] for hand in THREE_CARD_COUNTS} == THREE_CARD_COUNTS
    assert THREE_CARD_COUNTS == {
        "straight flush": 48,
        "three of a kind": 52,
        "straight": 720,
        "flush": 1096,
        "pair": 3744,
    }
    assert sum(counts.values()) == ALL_THREE == 22100


def test_pair_plus_paytable_40_30_6_4_1_returns_the_published_minus_2_32_percent():
    pays = {"straight flush": 40, "three of a kind": 30, "straight": 6, "flush": 4, "pair": 1}
    expected = paytable_text_return(pays, THREE_CARD_COUNTS, ALL_THREE)
    assert expected == Fraction(-512, 22100)
    assert pair_plus_return(PAIR_PLUS_PAYTABLES["40-30-6-4-1"]) == expected
    assert round(float(expected), 4) == -0.0232


def test_pair_plus_paytable_40_30_6_3_1_pays_a_flush_3_to_1_and_returns_minus_7_28_percent():
    pays = {"straight flush": 40, "three of a kind": 30, "straight": 6, "flush": 3, "pair": 1}
    expected = paytable_text_return(pays, THREE_CARD_COUNTS, ALL_THREE)
    assert pair_plus_return(PAIR_PLUS_PAYTABLES["40-30-6-3-1"]) == expected == Fraction(-1608, 22100)
    assert round(float(expected), 4) == -0.0728


def test_ante_bonus_paytable_5_4_1_pays_5_48_plus_4_52_plus_720_over_22100():
    expected = Fraction(5 * 48 + 4 * 52 + 1 * 720, 22100)
    assert ante_bonus_return(ANTE_BONUS_PAYTABLES["5-4-1"]) == expected


def test_three_card_poker_house_advice_ante_and_play_return_is_the_published_minus_3_37_percent():
    exact = ante_and_play_return(ANTE_BONUS_PAYTABLES["5-4-1"])
    assert (ALL_THREE * comb(49, 3)) % exact.denominator == 0
    assert round(float(exact), 4) == -0.0337
    assert ante_and_play_return(ANTE_BONUS_PAYTABLES["5-3-1"]) < exact


SEVEN_CARD_COUNTS = {
    "royal flush": 4324,
    "straight flush": 37260,
    "four of a kind": 224848,
    "full house": 3473184,
    "flush": 4047644,
    "straight": 6180020,
    "three of a kind": 6461620,
    "two pair": 31433400,
    "pair": 58627800,
    "high card": 23294460,
}
"""The published frequencies of the best five-card hand among seven cards."""


def test_653a6_b_seven_card_hands_are_counted_as_published():
    assert dict(seven_card_counts()) == SEVEN_CARD_COUNTS
    assert sum(SEVEN_CARD_COUNTS.values()) == comb(52, 7)


def test_653a12_c_trips_paytables_return_what_their_text_and_the_seven_card_counts_give():
    lines = ("royal flush", "straight flush", "four of a kind", "full house", "flush", "straight", "three of a kind")
    text = {"A": (50, 40, 30, 9, 7, 4, 3), "B": (50, 40, 30, 8, 6, 5, 3), "C": (50, 40, 30, 8, 7, 4, 3)}
    text["D"] = (50, 40, 20, 7, 6, 5, 3)
    for name, odds in text.items():
        expected = paytable_text_return(dict(zip(lines, odds, strict=True)), SEVEN_CARD_COUNTS, comb(52, 7))
        assert trips_return(TRIPS_PAYTABLES[name]) == expected, name
    assert round(float(trips_return(TRIPS_PAYTABLES["B"])), 4) == -0.0190
