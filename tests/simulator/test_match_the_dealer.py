"""Match the Dealer (§685b.1): combinations, the seed's paytables, the meter, settlement and odds."""

from decimal import Decimal
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from simulator.blackjack.match_the_dealer import (
    MatchCombination,
    MatchMeter,
    SecondaryReading,
    combination_probabilities,
    fixed_odds_return,
    judge_match,
    match_paytable,
    match_the_dealer_odds_report,
    settle_match_wager,
)
from simulator.core.cards import parse_card, parse_cards, standard_deck
from simulator.core.money import Odds, Rounding
from simulator.core.progressive import MeterShare

C = MatchCombination


def judge(player: str, upcard: str) -> MatchCombination | None:
    return judge_match(parse_cards(player), parse_card(upcard))


# --- §685b.1(a): the six combinations --------------------------------------------------------------


def test_685b1_a1_two_suited_match_aces_of_spades_needs_both_cards_and_the_upcard_ace_of_spades() -> None:
    assert judge("AsAs", "As") is C.TWO_SUITED_ACES_OF_SPADES


def test_685b1_a1_two_aces_of_spades_against_another_ace_is_not_the_progressive() -> None:
    assert judge("AsAs", "Ah") is C.TWO_NON_SUITED
    assert judge("AsAh", "As") is C.ONE_NON_SUITED_AND_ONE_SUITED
    assert judge("AhAh", "Ah") is C.TWO_SUITED_ALL_OTHERS


def test_685b1_a2_two_suited_match_all_others() -> None:
    assert judge("KhKh", "Kh") is C.TWO_SUITED_ALL_OTHERS
    assert judge("2c2c", "2c") is C.TWO_SUITED_ALL_OTHERS


def test_685b1_a3_one_non_suited_and_one_suited_match_in_either_order() -> None:
    assert judge("7h7d", "7h") is C.ONE_NON_SUITED_AND_ONE_SUITED
    assert judge("7d7h", "7h") is C.ONE_NON_SUITED_AND_ONE_SUITED


def test_685b1_a4_one_suited_match() -> None:
    assert judge("9s4d", "9s") is C.ONE_SUITED
    assert judge("4d9s", "9s") is C.ONE_SUITED


def test_685b1_a5_two_non_suited_matches() -> None:
    assert judge("QcQd", "Qh") is C.TWO_NON_SUITED
    assert judge("QcQc", "Qh") is C.TWO_NON_SUITED


def test_685b1_a6_one_non_suited_match() -> None:
    assert judge("5c8h", "5d") is C.ONE_NON_SUITED


def test_685b1_g1_no_card_matching_the_upcard_loses_and_suit_alone_is_no_match() -> None:
    assert judge("2h3h", "Kh") is None
    assert judge("KcQd", "Jh") is None


def test_685b1_a_judging_needs_exactly_two_player_cards() -> None:
    with pytest.raises(ValueError):
        judge_match(parse_cards("KhKhKh"), parse_card("Kh"))


# --- §685b.1(i): the paytables, written here from the seed text ---------------------------------------
# Each tuple: 1 Non-Suited and 1 Suited Match, 1 Suited Match, 2 Non-Suited Matches, 1 Non-Suited Match
# ("x to 1"), Paytables 1 to 10, read column by column from the run-together seed text.
SIX_DECKS = {
    1: (12, 10, 4, 2),
    2: (10, 7, 6, 3),
    3: (8, 4, 8, 4),
    4: (75, 4, 15, 3),
    5: (12, 9, 6, 3),
    6: (13, 10, 6, 3),
    7: (11, 7, 8, 4),
    8: (100, 5, 20, 3),
    9: (15, 12, 6, 3),
    10: (13, 9, 8, 4),
}
EIGHT_DECKS = {
    1: (9, 6, 6, 3),
    2: (12, 10, 4, 2),
    3: (8, 4, 8, 4),
    4: (75, 4, 15, 3),
    5: (12, 9, 6, 3),
    6: (10, 6, 8, 4),
    7: (13, 10, 6, 3),
    8: (14, 11, 6, 3),
    9: (100, 5, 20, 3),
    10: (15, 12, 6, 3),
}
FIXED_LINES = (C.ONE_NON_SUITED_AND_ONE_SUITED, C.ONE_SUITED, C.TWO_NON_SUITED, C.ONE_NON_SUITED)


@pytest.mark.parametrize(("decks", "printed"), [(6, SIX_DECKS), (8, EIGHT_DECKS)])
def test_685b1_i_paytables_1_to_10_as_the_seed_prints_them(decks: int, printed: dict[int, tuple[int, ...]]) -> None:
    for number, odds in printed.items():
        paytable = match_paytable(decks, number)
        assert paytable.payouts[C.TWO_SUITED_ACES_OF_SPADES] == MeterShare(100)
        assert paytable.payouts[C.TWO_SUITED_ALL_OTHERS] == MeterShare(10)
        assert [paytable.payouts[line] for line in FIXED_LINES] == [Odds(win, 1) for win in odds]


def test_685b1_b_match_the_dealer_uses_6_or_8_decks_and_paytables_1_to_10() -> None:
    for decks, number in [(1, 1), (7, 1), (6, 0), (8, 11)]:
        with pytest.raises(ValueError):
            match_paytable(decks, number)


# --- §685b.1(e), (j): the meter ---------------------------------------------------------------------


def test_685b1_e_the_wager_is_1_or_5_dollars_only() -> None:
    for cents in (50, 200, 1000):
        with pytest.raises(ValueError):
            MatchMeter.seeded(cents)


def test_685b1_j_meter_seeds_at_1000_times_the_wager() -> None:
    assert MatchMeter.seeded(100).amount == 1_000 * 100  # $1 -> $1,000
    assert MatchMeter.seeded(500).amount == 5_000 * 100  # $5 -> $5,000
    assert MatchMeter.seeded(500).reserve == 0


def test_685b1_j_primary_15_percent_to_the_meter_and_secondary_6_percent_to_the_reserve() -> None:
    one = MatchMeter.seeded(100).add_wagers(3)
    assert one.amount == 100_000 + 3 * 15  # 15% of $1 is 15 cents
    assert one.reserve == 3 * 6  # 6% of $1 is 6 cents
    five = MatchMeter.seeded(500).add_wagers(2)
    assert five.amount == 500_000 + 2 * 75  # 15% of $5 is 75 cents
    assert five.reserve == 2 * 30


def test_685b1_i_100_percent_award_pays_the_meter_and_resets_it_to_the_seed_plus_reserve() -> None:
    meter = MatchMeter.seeded(500, SecondaryReading.RESET_RESERVE).add_wagers(10)
    paid, after = meter.award(MeterShare(100))
    assert paid == 500_000 + 10 * 75
    assert after.amount == 500_000 + 10 * 30
    assert after.reserve == 0


def test_685b1_j_seed_recovery_reading_resets_the_meter_to_the_seed_alone() -> None:
    meter = MatchMeter.seeded(100, SecondaryReading.SEED_RECOVERY).add_wagers(10)
    paid, after = meter.award(MeterShare(100))
    assert paid == 100_000 + 10 * 15
    assert after.amount == 100_000
    assert after.reserve == 10 * 6


def test_685b1_i_10_percent_award_leaves_90_percent_on_the_meter() -> None:
    meter = MatchMeter.seeded(500).add_wagers(4)  # $5,003.00
    paid, after = meter.award(MeterShare(10))
    assert paid == 50_030
    assert after.amount == 450_270
    assert after.reserve == meter.reserve


def test_685b1_i_10_percent_award_rounds_to_a_cent_and_the_meter_keeps_the_rest() -> None:
    meter = MatchMeter.seeded(100).add_wagers(1)  # $1,000.15: 10% is $100.015
    paid_down, after_down = meter.award(MeterShare(10), Rounding.DOWN)
    assert (paid_down, after_down.amount) == (10_001, Decimal("90014"))
    paid_up, after_up = meter.award(MeterShare(10), Rounding.UP)
    assert (paid_up, after_up.amount) == (10_002, Decimal("90013"))


def test_685b1_j_meter_survives_a_json_round_trip() -> None:
    meter = MatchMeter.seeded(500, SecondaryReading.SEED_RECOVERY).add_wagers(7)
    assert MatchMeter.from_json(meter.to_json()) == meter


@settings(max_examples=60, deadline=None)
@given(
    wager=st.sampled_from([100, 500]),
    reading=st.sampled_from(list(SecondaryReading)),
    steps=st.lists(st.one_of(st.integers(0, 6), st.sampled_from([MeterShare(10), MeterShare(100)])), max_size=30),
)
def test_685b1_j_meter_money_is_conserved(wager: int, reading: SecondaryReading, steps: list[int | MeterShare]) -> None:
    """Seeds put in plus 21% of every wager equal the awards paid plus what the meter and reserve hold."""
    meter = MatchMeter.seeded(wager, reading)
    put_in, paid_out = Decimal(1_000 * wager), Decimal(0)
    for step in steps:
        if isinstance(step, int):
            meter = meter.add_wagers(step)
            put_in += Decimal("0.21") * wager * step
        else:
            paid, meter = meter.award(step)
            paid_out += paid
            if step.percent == 100:
                put_in += 1_000 * wager
    assert put_in == paid_out + meter.amount + meter.reserve


# --- settlement ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("wager", [100, 500])
def test_685b1_i_fixed_odds_lines_pay_wager_times_odds_for_1_and_5_dollars(wager: int) -> None:
    paytable, meter = match_paytable(6, 8), MatchMeter.seeded(wager)  # 100, 5, 20, 3 to 1
    cases = {"TdTs": 100, "Td4s": 5, "TcTh": 20, "Tc4h": 3}  # against the upcard Td
    for player, odds in cases.items():
        settlement = settle_match_wager(parse_cards(player), parse_card("Td"), paytable, meter)
        assert settlement.amount == wager * odds
        assert not settlement.from_meter
        assert settlement.meter == meter


@pytest.mark.parametrize("wager", [100, 500])
def test_685b1_h4_percentage_lines_pay_a_share_of_the_meter(wager: int) -> None:
    paytable, meter = match_paytable(8, 9), MatchMeter.seeded(wager)
    jackpot = settle_match_wager(parse_cards("AsAs"), parse_card("As"), paytable, meter)
    assert (jackpot.amount, jackpot.from_meter) == (1_000 * wager, True)
    tenth = settle_match_wager(parse_cards("3h3h"), parse_card("3h"), paytable, meter)
    assert (tenth.amount, tenth.from_meter, tenth.meter.amount) == (100 * wager, True, 900 * wager)


def test_685b1_g1_a_losing_wager_pays_nothing() -> None:
    settlement = settle_match_wager(parse_cards("2c3d"), parse_card("Kh"), match_paytable(6, 1), MatchMeter.seeded(100))
    assert (settlement.wins, settlement.amount, settlement.citation.clause) == (False, 0, "§685b.1(g)(1)")


# --- odds ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("decks", [6, 8])
def test_685b1_odds_match_an_enumeration_of_every_deal_player_upcard_player(decks: int) -> None:
    kinds = standard_deck()
    counts: dict[MatchCombination | None, int] = {}
    for first in kinds:
        for upcard in kinds:
            for second in kinds:
                ways = decks * (decks - (upcard == first)) * (decks - (second == first) - (second == upcard))
                combination = judge_match((first, second), upcard)
                counts[combination] = counts.get(combination, 0) + ways
    shoe = 52 * decks
    triples = shoe * (shoe - 1) * (shoe - 2)
    assert combination_probabilities(decks) == {key: Fraction(value, triples) for key, value in counts.items()}


def test_685b1_i_fixed_odds_return_of_6_deck_paytable_1() -> None:
    # Against one upcard, 311 cards remain: 5 suited, 18 non-suited rank matches, 288 others.
    pairs = 311 * 310
    chances = {
        "1 non-suited and 1 suited": Fraction(2 * 5 * 18, pairs),
        "1 suited": Fraction(2 * 5 * 288, pairs),
        "2 non-suited": Fraction(18 * 17, pairs),
        "1 non-suited": Fraction(2 * 18 * 288, pairs),
    }
    odds = {"1 non-suited and 1 suited": 12, "1 suited": 10, "2 non-suited": 4, "1 non-suited": 2}
    expected = sum(chances[line] * odds[line] for line in odds)
    assert fixed_odds_return(match_paytable(6, 1)) == expected


def test_685b1_odds_report_lists_both_shoes_and_every_paytable() -> None:
    report = match_the_dealer_odds_report()
    assert "6 decks" in report and "8 decks" in report
    assert report.count("Paytable 10:") == 2
    assert "1/250666" in report  # 6 * 5 * 4 / (312 * 311 * 310)
