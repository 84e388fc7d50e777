"""Dice wagers, clause by clause, with every expected payout worked from the paytable text of §645b.2(g)."""

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from simulator.core.citations import Provenance
from simulator.core.dice import DiceRoll, all_rolls
from simulator.core.money import Odds
from simulator.dice.wagers import (
    BeatItPaytable,
    SumPaytable,
    beat_it_paytable,
    match_paytable,
    settle_beat_it_wager,
    settle_match_wager,
    settle_sum_wager,
    sum_paytable,
)

FIVE_DOLLARS = 500
TEN_DOLLARS = 1000

# The paytables as §645b.2(g) prints them, and the winning conditions of §645b.2(e), written out again here
# so that the engine is checked against the text and not against itself. Each gives the odds won, or None.


def sum_a(roll):  # (e)(1)(i), (g)(1) Paytable A: 17 25 to 1, 16 6 to 1, 8 3 to 1
    return {17: Fraction(25), 16: Fraction(6), 8: Fraction(3)}.get(roll.total)


def sum_b(roll):  # (e)(1)(ii), (g)(1) Paytable B: 3 25 to 1, 8 4 to 1, 9 2 to 1
    return {3: Fraction(25), 8: Fraction(4), 9: Fraction(2)}.get(roll.total)


def sum_c(roll):  # (e)(1)(iii), (g)(1) Paytable C: any three match 3 to 1, any two match 1 to 1
    distinct = len(set(roll.values))
    return {1: Fraction(3), 2: Fraction(1)}.get(distinct)


def sum_d(roll):  # (e)(1)(iv), (g)(1) Paytable D: any series of three 15 to 2
    low, middle, high = sorted(roll.values)
    return Fraction(15, 2) if (middle - low, high - middle) == (1, 1) else None


def match_on(number):  # (e)(2), (g)(2): triple match 100 to 1, double match 6 to 1
    return lambda roll: {3: Fraction(100), 2: Fraction(6)}.get(roll.values.count(number))


def beat_it_red(four_points):  # (e)(3)(i), (g)(3): red die minus blue dice: 4, 2 or 3, tie or 1
    odds = {4: four_points, 3: Fraction(10), 2: Fraction(10), 1: Fraction(1), 0: Fraction(1)}
    return lambda roll: odds.get(roll.red - sum(roll.blue))


def beat_it_c(roll):  # (e)(3)(ii), (g)(3) Paytable C: any die beats the other two by 1 to 4 points, 5 to 2
    margins = [face - (roll.total - face) for face in roll.values]
    return Fraction(5, 2) if any(1 <= margin <= 4 for margin in margins) else None


EVERY_PAYTABLE = [
    (sum_paytable(SumPaytable.A), sum_a),
    (sum_paytable(SumPaytable.B), sum_b),
    (sum_paytable(SumPaytable.C), sum_c),
    (sum_paytable(SumPaytable.D), sum_d),
    *[(match_paytable(number), match_on(number)) for number in range(1, 7)],
    (beat_it_paytable(BeatItPaytable.A), beat_it_red(Fraction(50))),
    (beat_it_paytable(BeatItPaytable.B), beat_it_red(Fraction(60))),
    (beat_it_paytable(BeatItPaytable.C), beat_it_c),
]
PAYTABLE_IDS = [paytable.title for paytable, _ in EVERY_PAYTABLE]


def assert_pays(settlement, line_name, odds, wager):
    assert settlement.won
    assert settlement.line is not None
    assert settlement.line.name == line_name
    assert settlement.line.odds == odds
    assert settlement.wager == wager
    assert settlement.payout == wager * odds.win // odds.stake


def assert_loses(settlement):
    assert not settlement.won
    assert settlement.line is None
    assert settlement.payout == 0
    assert settlement.citation.provenance is Provenance.SEED
    assert settlement.citation.clause.endswith("(g)")


# §645b.2(e)(1)(i), (g)(1): Sum Paytable A.


def test_645b2_e1_i_sum_paytable_a_total_17_pays_25_to_1():
    settlement = settle_sum_wager(SumPaytable.A, DiceRoll(6, (6, 5)), FIVE_DOLLARS)
    assert_pays(settlement, "17", Odds(25, 1), FIVE_DOLLARS)
    assert settlement.payout == 12500  # 25 × $5 = $125


def test_645b2_e1_i_sum_paytable_a_total_16_pays_6_to_1():
    settlement = settle_sum_wager(SumPaytable.A, DiceRoll(4, (6, 6)), FIVE_DOLLARS)
    assert_pays(settlement, "16", Odds(6, 1), FIVE_DOLLARS)
    assert settlement.payout == 3000  # 6 × $5 = $30


def test_645b2_e1_i_sum_paytable_a_total_8_pays_3_to_1():
    settlement = settle_sum_wager(SumPaytable.A, DiceRoll(2, (3, 3)), FIVE_DOLLARS)
    assert_pays(settlement, "8", Odds(3, 1), FIVE_DOLLARS)
    assert settlement.payout == 1500  # 3 × $5 = $15


@pytest.mark.parametrize("total", [3, 4, 5, 6, 7, 9, 10, 11, 12, 13, 14, 15, 18])
def test_645b2_e1_i_sum_paytable_a_other_totals_lose(total):
    roll = next(roll for roll in all_rolls() if roll.total == total)
    assert_loses(settle_sum_wager(SumPaytable.A, roll, FIVE_DOLLARS))


# §645b.2(e)(1)(ii), (g)(1): Sum Paytable B.


def test_645b2_e1_ii_sum_paytable_b_total_3_pays_25_to_1():
    settlement = settle_sum_wager(SumPaytable.B, DiceRoll(1, (1, 1)), FIVE_DOLLARS)
    assert_pays(settlement, "3", Odds(25, 1), FIVE_DOLLARS)
    assert settlement.payout == 12500  # 25 × $5


def test_645b2_e1_ii_sum_paytable_b_total_8_pays_4_to_1():
    settlement = settle_sum_wager(SumPaytable.B, DiceRoll(5, (2, 1)), FIVE_DOLLARS)
    assert_pays(settlement, "8", Odds(4, 1), FIVE_DOLLARS)
    assert settlement.payout == 2000  # 4 × $5


def test_645b2_e1_ii_sum_paytable_b_total_9_pays_2_to_1():
    settlement = settle_sum_wager(SumPaytable.B, DiceRoll(6, (2, 1)), FIVE_DOLLARS)
    assert_pays(settlement, "9", Odds(2, 1), FIVE_DOLLARS)
    assert settlement.payout == 1000  # 2 × $5


@pytest.mark.parametrize("roll", [DiceRoll(6, (6, 5)), DiceRoll(6, (5, 5)), DiceRoll(1, (1, 2)), DiceRoll(6, (6, 6))])
def test_645b2_e1_ii_sum_paytable_b_other_totals_lose(roll):
    assert_loses(settle_sum_wager(SumPaytable.B, roll, FIVE_DOLLARS))


# §645b.2(e)(1)(iii), (g)(1): Sum Paytable C.


def test_645b2_e1_iii_sum_paytable_c_three_match_pays_3_to_1_only():
    settlement = settle_sum_wager(SumPaytable.C, DiceRoll(4, (4, 4)), FIVE_DOLLARS)
    assert_pays(settlement, "Any three match", Odds(3, 1), FIVE_DOLLARS)
    assert settlement.payout == 1500  # 3 × $5, not also 1 × $5 for "Any two match"


@pytest.mark.parametrize("roll", [DiceRoll(2, (2, 5)), DiceRoll(2, (5, 2)), DiceRoll(5, (2, 2))])
def test_645b2_e1_iii_sum_paytable_c_two_match_pays_1_to_1(roll):
    settlement = settle_sum_wager(SumPaytable.C, roll, FIVE_DOLLARS)
    assert_pays(settlement, "Any two match", Odds(1, 1), FIVE_DOLLARS)
    assert settlement.payout == 500  # 1 × $5


def test_645b2_e1_iii_sum_paytable_c_no_match_loses():
    assert_loses(settle_sum_wager(SumPaytable.C, DiceRoll(1, (3, 6)), FIVE_DOLLARS))


# §645b.2(e)(1)(iv), (g)(1): Sum Paytable D.


@pytest.mark.parametrize(
    "roll", [DiceRoll(1, (2, 3)), DiceRoll(3, (4, 5)), DiceRoll(5, (3, 4)), DiceRoll(6, (4, 5)), DiceRoll(3, (2, 4))]
)
def test_645b2_e1_iv_sum_paytable_d_series_pays_15_to_2(roll):
    settlement = settle_sum_wager(SumPaytable.D, roll, FIVE_DOLLARS)
    assert_pays(settlement, "Any Series of three", Odds(15, 2), FIVE_DOLLARS)
    assert settlement.payout == 3750  # 15/2 × $5 = $37.50


@pytest.mark.parametrize("roll", [DiceRoll(5, (6, 1)), DiceRoll(1, (2, 4)), DiceRoll(2, (2, 3)), DiceRoll(3, (3, 3))])
def test_645b2_e1_iv_sum_paytable_d_anything_but_a_series_loses(roll):
    assert_loses(settle_sum_wager(SumPaytable.D, roll, FIVE_DOLLARS))


def test_645b2_e1_iv_sum_paytable_d_odd_cents_cannot_be_paid():
    # 15 to 2 on $1.01 is $7.575: not a whole cent, whatever the dice show.
    for roll in (DiceRoll(1, (2, 3)), DiceRoll(1, (1, 1))):
        with pytest.raises(ValueError, match=r"\$1\.01 cannot be paid in whole cents at 15 to 2"):
            settle_sum_wager(SumPaytable.D, roll, 101)
    assert settle_sum_wager(SumPaytable.D, DiceRoll(1, (2, 3)), 102).payout == 765  # 15/2 × $1.02


# §645b.2(e)(2), (g)(2): Match.


@pytest.mark.parametrize("roll", [DiceRoll(1, (1, 4)), DiceRoll(4, (1, 1)), DiceRoll(1, (6, 1))])
def test_645b2_e2_match_double_pays_6_to_1(roll):
    settlement = settle_match_wager(1, roll, FIVE_DOLLARS)
    assert_pays(settlement, "Double Match", Odds(6, 1), FIVE_DOLLARS)
    assert settlement.payout == 3000  # 6 × $5


def test_645b2_e2_match_triple_pays_100_to_1():
    settlement = settle_match_wager(1, DiceRoll(1, (1, 1)), FIVE_DOLLARS)
    assert_pays(settlement, "Triple Match", Odds(100, 1), FIVE_DOLLARS)
    assert settlement.payout == 50000  # 100 × $5 = $500, not also the double


@pytest.mark.parametrize("roll", [DiceRoll(1, (2, 3)), DiceRoll(2, (1, 3)), DiceRoll(2, (3, 1))])
def test_645b2_e2_match_single_die_loses(roll):
    assert_loses(settle_match_wager(1, roll, FIVE_DOLLARS))


def test_645b2_e2_match_none_of_the_number_loses():
    assert_loses(settle_match_wager(4, DiceRoll(3, (3, 3)), FIVE_DOLLARS))


@pytest.mark.parametrize("number", [1, 2, 3, 4, 5, 6])
def test_645b2_e2_match_pays_only_the_chosen_number(number):
    other = 1 if number != 1 else 2
    assert settle_match_wager(number, DiceRoll(number, (number, other)), FIVE_DOLLARS).payout == 3000
    assert_loses(settle_match_wager(number, DiceRoll(other, (other, number)), FIVE_DOLLARS))


@pytest.mark.parametrize("number", [0, 7, True])
def test_645b2_d2_match_areas_are_one_through_six(number):
    with pytest.raises(ValueError, match="inscribed 1 through 6"):
        settle_match_wager(number, DiceRoll(1, (1, 1)), FIVE_DOLLARS)


# §645b.2(e)(3)(i), (g)(3): Beat It Paytables A and B.


def test_645b2_e3_i_beat_it_paytable_a_red_by_4_points_pays_50_to_1():
    settlement = settle_beat_it_wager(BeatItPaytable.A, DiceRoll(6, (1, 1)), FIVE_DOLLARS)
    assert_pays(settlement, "4 Points", Odds(50, 1), FIVE_DOLLARS)
    assert settlement.payout == 25000  # 50 × $5


def test_645b2_e3_i_beat_it_paytable_b_red_by_4_points_pays_60_to_1():
    settlement = settle_beat_it_wager(BeatItPaytable.B, DiceRoll(6, (1, 1)), FIVE_DOLLARS)
    assert_pays(settlement, "4 Points", Odds(60, 1), FIVE_DOLLARS)
    assert settlement.payout == 30000  # 60 × $5


@pytest.mark.parametrize("choice", [BeatItPaytable.A, BeatItPaytable.B])
@pytest.mark.parametrize("roll", [DiceRoll(6, (2, 1)), DiceRoll(5, (1, 1)), DiceRoll(6, (2, 2)), DiceRoll(4, (1, 1))])
def test_645b2_e3_i_beat_it_red_by_2_or_3_points_pays_10_to_1(choice, roll):
    # DiceRoll(6, (2, 1)) is the seed's own example: a red six against blue two and one.
    settlement = settle_beat_it_wager(choice, roll, FIVE_DOLLARS)
    assert_pays(settlement, "2 or 3 Points", Odds(10, 1), FIVE_DOLLARS)
    assert settlement.payout == 5000  # 10 × $5


@pytest.mark.parametrize("choice", [BeatItPaytable.A, BeatItPaytable.B])
@pytest.mark.parametrize("roll", [DiceRoll(6, (3, 3)), DiceRoll(2, (1, 1)), DiceRoll(4, (1, 3))])
def test_645b2_e3_i_beat_it_tie_pays_1_to_1(choice, roll):
    settlement = settle_beat_it_wager(choice, roll, FIVE_DOLLARS)
    assert_pays(settlement, "Tie or 1 Point", Odds(1, 1), FIVE_DOLLARS)
    assert settlement.payout == 500  # 1 × $5


@pytest.mark.parametrize("choice", [BeatItPaytable.A, BeatItPaytable.B])
@pytest.mark.parametrize("roll", [DiceRoll(6, (4, 1)), DiceRoll(3, (1, 1)), DiceRoll(5, (2, 2))])
def test_645b2_e3_i_beat_it_red_by_1_point_pays_1_to_1(choice, roll):
    settlement = settle_beat_it_wager(choice, roll, FIVE_DOLLARS)
    assert_pays(settlement, "Tie or 1 Point", Odds(1, 1), FIVE_DOLLARS)


@pytest.mark.parametrize("choice", [BeatItPaytable.A, BeatItPaytable.B])
@pytest.mark.parametrize("roll", [DiceRoll(3, (2, 2)), DiceRoll(1, (1, 1)), DiceRoll(1, (6, 1)), DiceRoll(5, (6, 6))])
def test_645b2_e3_i_beat_it_red_below_blue_sum_loses(choice, roll):
    # A blue die beating the rest does not count on Paytables A and B: only the red die against the blues.
    assert_loses(settle_beat_it_wager(choice, roll, FIVE_DOLLARS))


# §645b.2(e)(3)(ii), (g)(3): Beat It Paytable C.


@pytest.mark.parametrize(
    "roll",
    [
        DiceRoll(5, (1, 1)),  # the seed's example: 5 - (1 + 1) = 3
        DiceRoll(1, (5, 1)),  # any single die, so a blue die counts too
        DiceRoll(1, (1, 5)),
        DiceRoll(6, (1, 1)),  # 4 points, the most three dice allow
        DiceRoll(3, (1, 1)),  # 1 point
        DiceRoll(2, (6, 3)),  # 6 - (2 + 3) = 1
    ],
)
def test_645b2_e3_ii_beat_it_paytable_c_any_die_beats_the_other_two_pays_5_to_2(roll):
    settlement = settle_beat_it_wager(BeatItPaytable.C, roll, TEN_DOLLARS)
    assert_pays(settlement, "Any Die Beats Sum of other two by one or more Points", Odds(5, 2), TEN_DOLLARS)
    assert settlement.payout == 2500  # 5/2 × $10 = $25


@pytest.mark.parametrize("roll", [DiceRoll(4, (2, 2)), DiceRoll(2, (1, 1)), DiceRoll(3, (3, 3)), DiceRoll(2, (3, 4))])
def test_645b2_e3_ii_beat_it_paytable_c_a_tie_or_less_loses(roll):
    assert_loses(settle_beat_it_wager(BeatItPaytable.C, roll, TEN_DOLLARS))


def test_645b2_e3_ii_beat_it_paytable_c_odd_cents_cannot_be_paid():
    with pytest.raises(ValueError, match=r"\$0\.05 cannot be paid in whole cents at 5 to 2"):
        settle_beat_it_wager(BeatItPaytable.C, DiceRoll(5, (1, 1)), 5)


# §645b.2(g): collecting, citations and wager amounts.


@pytest.mark.parametrize(("paytable", "expected"), EVERY_PAYTABLE, ids=PAYTABLE_IDS)
def test_645b2_g_every_line_cites_the_paragraph_that_prints_its_paytable(paytable, expected):
    paragraph = {"Sum": "§645b.2(g)(1)", "Match": "§645b.2(g)(2)", "Beat": "§645b.2(g)(3)"}[paytable.title.split()[0]]
    for line in paytable.lines:
        assert line.citation.provenance is Provenance.SEED
        assert line.citation.clause == paragraph


@pytest.mark.parametrize("wager", [0, -500, True, 5.0])
def test_645b2_g_wager_is_a_positive_whole_number_of_cents(wager):
    with pytest.raises(ValueError, match="not a positive whole number of cents"):
        settle_sum_wager(SumPaytable.A, DiceRoll(6, (6, 5)), wager)


def test_645b2_g_wager_unit_follows_the_odds():
    # 15 to 2 and 5 to 2 need an even number of cents; every other line is "to 1".
    units = {paytable.title: paytable.wager_unit for paytable, _ in EVERY_PAYTABLE}
    assert units.pop("Sum Paytable D") == 2
    assert units.pop("Beat It Paytable C") == 2
    assert set(units.values()) == {1}


@pytest.mark.parametrize(("paytable", "expected"), EVERY_PAYTABLE, ids=PAYTABLE_IDS)
def test_645b2_e_g_every_roll_settles_as_the_text_says(paytable, expected):
    for roll in all_rolls():
        settlement = paytable.settle(roll, TEN_DOLLARS)
        odds = expected(roll)
        if odds is None:
            assert_loses(settlement)
        else:
            assert settlement.won
            assert settlement.payout == odds * TEN_DOLLARS
            assert [line for line in paytable.lines if line.reached_by(roll)] == [settlement.line]


@settings(max_examples=300)
@given(
    roll=st.sampled_from(list(all_rolls())),
    table=st.sampled_from(EVERY_PAYTABLE),
    dollars=st.integers(min_value=1, max_value=10_000),
)
def test_645b2_g_each_roll_settles_each_wager_to_exactly_one_outcome(roll, table, dollars):
    paytable, expected = table
    wager = dollars * 100
    settlement = paytable.settle(roll, wager)
    outcomes = [line for line in paytable.lines if line.reached_by(roll)] or [None]
    assert outcomes == [settlement.line]
    odds = expected(roll)
    assert settlement.payout == (0 if odds is None else odds * wager)
    assert settlement.won is (odds is not None)
