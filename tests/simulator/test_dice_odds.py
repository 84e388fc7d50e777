"""Exact dice-wager odds, checked against counts and expected values worked by hand from the paytables.

Counting ordered rolls of three dice (216 in all), by total: 3:1, 8:21, 9:25, 16:6, 17:3.
Player EV per unit = (sum over winning rolls of the odds - losing rolls) / 216. The digest §2.2 table
gives the same figures; each test shows the arithmetic.
"""

from fractions import Fraction

import pytest

from simulator.dice.odds import ROLL_COUNT, dice_odds_report, dice_wager_odds, every_dice_wager_odds
from simulator.dice.wagers import BeatItPaytable, SumPaytable, beat_it_paytable, match_paytable, sum_paytable


def line_counts(odds):
    return {line.name: rolls for line, rolls in odds.line_rolls}


def test_645b2_g1_sum_paytable_a_30_rolls_ev_minus_1_18():
    odds = dice_wager_odds(sum_paytable(SumPaytable.A))
    # 17 (6-6-5 three ways): 3 rolls; 16 (6-6-4 three ways, 6-5-5 three ways): 6 rolls; 8: 21 rolls.
    assert line_counts(odds) == {"17": 3, "16": 6, "8": 21}
    assert odds.winning_rolls == 30
    assert odds.hit_frequency == Fraction(30, 216)
    # (25×3 + 6×6 + 3×21 − 186) / 216 = (75 + 36 + 63 − 186) / 216 = −12/216
    assert odds.expected_value == Fraction(-1, 18)
    assert odds.house_edge == "5.56%"


def test_645b2_g1_sum_paytable_b_47_rolls_ev_minus_5_108():
    odds = dice_wager_odds(sum_paytable(SumPaytable.B))
    assert line_counts(odds) == {"3": 1, "8": 21, "9": 25}
    assert odds.winning_rolls == 47
    # (25×1 + 4×21 + 2×25 − 169) / 216 = (25 + 84 + 50 − 169) / 216 = −10/216
    assert odds.expected_value == Fraction(-5, 108)
    assert odds.house_edge == "4.63%"


def test_645b2_g1_sum_paytable_c_96_rolls_ev_minus_1_18():
    odds = dice_wager_odds(sum_paytable(SumPaytable.C))
    # Triples: 6. Exactly two alike: 6 faces for the pair × 5 for the odd die × 3 places for it = 90.
    assert line_counts(odds) == {"Any three match": 6, "Any two match": 90}
    assert odds.winning_rolls == 96
    # (3×6 + 1×90 − 120) / 216 = −12/216
    assert odds.expected_value == Fraction(-1, 18)
    assert odds.house_edge == "5.56%"


def test_645b2_g1_sum_paytable_d_24_rolls_ev_minus_1_18():
    odds = dice_wager_odds(sum_paytable(SumPaytable.D))
    # Series 1-2-3, 2-3-4, 3-4-5, 4-5-6, each in 3! = 6 orders: 24.
    assert line_counts(odds) == {"Any Series of three": 24}
    # (15/2 × 24 − 192) / 216 = (180 − 192) / 216 = −12/216
    assert odds.expected_value == Fraction(-1, 18)
    assert odds.house_edge == "5.56%"


@pytest.mark.parametrize("number", [1, 2, 3, 4, 5, 6])
def test_645b2_g2_match_16_rolls_ev_minus_5_108_on_any_number(number):
    odds = dice_wager_odds(match_paytable(number))
    # Three of the number: 1 roll. Exactly two: 3 places for the odd die × 5 faces = 15.
    assert line_counts(odds) == {"Triple Match": 1, "Double Match": 15}
    # (100×1 + 6×15 − 200) / 216 = −10/216
    assert odds.expected_value == Fraction(-5, 108)
    assert odds.house_edge == "4.63%"


def test_645b2_g3_beat_it_paytable_a_35_rolls_ev_minus_2_27():
    odds = dice_wager_odds(beat_it_paytable(BeatItPaytable.A))
    # Red minus blue sum = 4: 6 v 1+1 (1). = 3: 6 v 3 (2), 5 v 2 (1). = 2: 6 v 4 (3), 5 v 3 (2), 4 v 2 (1).
    # = 1: 4 + 3 + 2 + 1 = 10. Tie: 5 + 4 + 3 + 2 + 1 = 15.
    assert line_counts(odds) == {"4 Points": 1, "2 or 3 Points": 3 + 6, "Tie or 1 Point": 10 + 15}
    assert odds.winning_rolls == 35
    # (50×1 + 10×9 + 1×25 − 181) / 216 = (50 + 90 + 25 − 181) / 216 = −16/216
    assert odds.expected_value == Fraction(-2, 27)
    assert odds.house_edge == "7.41%"


def test_645b2_g3_beat_it_paytable_b_35_rolls_ev_minus_1_36():
    odds = dice_wager_odds(beat_it_paytable(BeatItPaytable.B))
    assert line_counts(odds) == {"4 Points": 1, "2 or 3 Points": 9, "Tie or 1 Point": 25}
    # (60×1 + 10×9 + 1×25 − 181) / 216 = −6/216
    assert odds.expected_value == Fraction(-1, 36)
    assert odds.house_edge == "2.78%"


def test_645b2_g3_beat_it_paytable_c_60_rolls_ev_minus_1_36():
    odds = dice_wager_odds(beat_it_paytable(BeatItPaytable.C))
    # High die h beats the other two (ordered pairs summing to at most h − 1): h=3: 1, h=4: 3, h=5: 6,
    # h=6: 10, so 20; the high die can be any of the 3 dice: 60. Only one die can beat the other two.
    assert odds.winning_rolls == 60
    # (5/2 × 60 − 156) / 216 = (150 − 156) / 216 = −6/216
    assert odds.expected_value == Fraction(-1, 36)
    assert odds.house_edge == "2.78%"


def test_every_dice_wager_odds_covers_each_paytable_once():
    titles = [odds.title for odds in every_dice_wager_odds()]
    assert titles == [
        "Sum Paytable A",
        "Sum Paytable B",
        "Sum Paytable C",
        "Sum Paytable D",
        "Match (any chosen number)",
        "Beat It Paytable A",
        "Beat It Paytable B",
        "Beat It Paytable C",
    ]
    assert ROLL_COUNT == 6**3


def test_dice_odds_report_shows_every_wager_with_its_figures():
    report = dice_odds_report().splitlines()
    # Hit frequencies: 30/216 = 13.89%, 47/216 = 21.76%, 96/216 = 44.44%, 24/216 = 11.11%, 16/216 = 7.41%,
    # 35/216 = 16.20%, 60/216 = 27.78%.
    for title, rolls, hit, ev, edge in [
        ("Sum Paytable A", 30, "13.89%", "-1/18", "5.56%"),
        ("Sum Paytable B", 47, "21.76%", "-5/108", "4.63%"),
        ("Sum Paytable C", 96, "44.44%", "-1/18", "5.56%"),
        ("Sum Paytable D", 24, "11.11%", "-1/18", "5.56%"),
        ("Match (any chosen number)", 16, "7.41%", "-5/108", "4.63%"),
        ("Beat It Paytable A", 35, "16.20%", "-2/27", "7.41%"),
        ("Beat It Paytable B", 35, "16.20%", "-1/36", "2.78%"),
        ("Beat It Paytable C", 60, "27.78%", "-1/36", "2.78%"),
    ]:
        row = next(line for line in report if line.startswith(title))
        assert row.removeprefix(title).split() == [str(rolls), "/", "216", hit, ev, edge]
