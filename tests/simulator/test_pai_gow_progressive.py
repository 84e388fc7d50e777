"""The Pai Gow Poker Progressive Payout paytable: the example, the hand judged, the meter paid, the option."""

from decimal import Decimal

import pytest

from simulator.core.cards import parse_cards
from simulator.core.citations import Provenance
from simulator.core.progressive import JackpotMeter, MeterShare
from simulator.pai_gow.fortune import FortuneHand
from simulator.pai_gow.progressive import EXAMPLE_PROGRESSIVE_PAYTABLE, ProgressivePaytable, judge_progressive_hand
from simulator.pai_gow.rules import TableRules

PAYTABLE = EXAMPLE_PROGRESSIVE_PAYTABLE


def test_645a13_the_example_paytable_says_plainly_that_it_is_an_example() -> None:
    assert "Training" in PAYTABLE.name and "not Pennsylvania's" in PAYTABLE.name
    assert PAYTABLE.citation.provenance is Provenance.HOUSE
    assert PAYTABLE.citation.clause == "Progressive Payout paytable, option progressive_paytable"
    assert "§645a.13" in PAYTABLE.citation.note
    assert "not Pennsylvania's" in PAYTABLE.citation.text and "§655a.12(c)" in PAYTABLE.citation.text


def test_655a12_c_analog_top_two_lines_pay_shares_of_the_meter_and_fortune_odds_pay_fixed_amounts() -> None:
    # 7-card straight flush without joker 100% of the meter; royal flush plus royal match 10% of the meter; then the
    # Fortune Bonus odds on the $1 wager as fixed amounts: 1,000, 400, 150, 50 and 25 to 1.
    assert PAYTABLE.wager == 100
    assert dict(PAYTABLE.awards) == {
        FortuneHand.SEVEN_CARD_STRAIGHT_FLUSH: MeterShare(100),
        FortuneHand.ROYAL_FLUSH_PLUS_ROYAL_MATCH: MeterShare(10),
        FortuneHand.SEVEN_CARD_STRAIGHT_FLUSH_WITH_JOKER: 1_000 * 100,
        FortuneHand.FIVE_ACES: 400 * 100,
        FortuneHand.ROYAL_FLUSH: 150 * 100,
        FortuneHand.STRAIGHT_FLUSH: 50 * 100,
        FortuneHand.FOUR_OF_A_KIND: 25 * 100,
    }
    assert PAYTABLE.lines()[:3] == [
        ("7-card straight flush without joker", "100% of the progressive meter"),
        ("royal flush plus royal match", "10% of the progressive meter"),
        ("7-card straight flush with joker", "$1,000.00"),
    ]


def test_685b1_j_analog_meter_seeds_at_1000_times_the_wager_and_adds_15_percent_of_each() -> None:
    assert PAYTABLE.seeded_meter() == JackpotMeter(1_000 * 100, Decimal(100_000))
    assert PAYTABLE.contribution(4) == 4 * 15  # 15% of $1 is 15 cents
    # The 15% is this simulator's rate, borrowed from Match the Dealer: a house number, never shown as §645a.13.
    assert PAYTABLE.rate_citation.provenance is Provenance.HOUSE
    assert "§685b.1(j)" in PAYTABLE.rate_citation.text and "§645a.13" in PAYTABLE.rate_citation.note


@pytest.mark.parametrize(
    ("cards", "hand"),
    [
        ("9h 8h 7h 6h 5h 4h 3h", FortuneHand.SEVEN_CARD_STRAIGHT_FLUSH),
        ("9h 8h 7h JK 5h 4h 3h", FortuneHand.SEVEN_CARD_STRAIGHT_FLUSH_WITH_JOKER),
        ("As Ks Qs Js Ts Kd Qd", FortuneHand.ROYAL_FLUSH_PLUS_ROYAL_MATCH),
        ("Ac Ad Ah As JK 7c 2d", FortuneHand.FIVE_ACES),
        ("Kd 9c 9d 9h 9s 3c 2h", FortuneHand.FOUR_OF_A_KIND),
        ("Kh Kd Kc 2s 2h 7c 3d", None),  # a full house pays the Fortune Bonus, not this progressive
    ],
)
def test_645a11_h_the_hand_is_judged_on_all_seven_cards(cards: str, hand: FortuneHand | None) -> None:
    assert judge_progressive_hand(parse_cards(cards), PAYTABLE) == hand


def test_685b1_h4_a_100_percent_award_resets_to_the_seed_and_10_percent_leaves_the_rest() -> None:
    meter = PAYTABLE.seeded_meter().add(PAYTABLE.contribution(3))  # $1,000.45
    paid, after = PAYTABLE.pay(FortuneHand.SEVEN_CARD_STRAIGHT_FLUSH, meter)
    assert (paid, after.amount) == (100_045, 100_000)
    paid, after = PAYTABLE.pay(FortuneHand.ROYAL_FLUSH_PLUS_ROYAL_MATCH, meter)
    assert (paid, after.amount) == (10_004, Decimal("100045") - 10_004)  # $100.045 rounded down; the meter keeps it
    paid, after = PAYTABLE.pay(FortuneHand.FOUR_OF_A_KIND, meter)
    assert (paid, after) == (2_500, meter)
    assert PAYTABLE.pays_from_meter(FortuneHand.ROYAL_FLUSH_PLUS_ROYAL_MATCH)
    assert not PAYTABLE.pays_from_meter(FortuneHand.STRAIGHT_FLUSH)


def test_a_paytable_that_cannot_pay_is_refused() -> None:
    citation = PAYTABLE.citation
    with pytest.raises(ValueError, match="positive"):
        ProgressivePaytable("x", 100, {FortuneHand.FIVE_ACES: 0}, 100_000, Decimal("0.1"), citation, citation)
    with pytest.raises(ValueError, match="rate"):
        ProgressivePaytable("x", 100, {FortuneHand.FIVE_ACES: 5}, 100_000, Decimal(2), citation, citation)
    with pytest.raises(ValueError, match="at least one"):
        ProgressivePaytable("x", 100, {}, 100_000, Decimal("0.1"), citation, citation)


def test_601a2_the_progressive_paytable_is_a_house_option_saved_with_the_rules() -> None:
    rules = TableRules()
    assert rules.progressive_paytable is PAYTABLE
    assert TableRules.from_json(rules.to_json()) == rules
    assert TableRules.from_json(TableRules(progressive_paytable=None).to_json()).progressive_paytable is None
    saved_before_the_option = {key: value for key, value in rules.to_json().items() if key != "progressive_paytable"}
    assert TableRules.from_json(saved_before_the_option).progressive_paytable is None
    with pytest.raises(ValueError, match="progressive_paytable: 'Paytable Z' is not one of"):
        TableRules.from_json(rules.to_json() | {"progressive_paytable": "Paytable Z"})
    option = next(option for option in rules.house_options() if option.name == "progressive_paytable")
    assert option.value == option.default == PAYTABLE.name
    assert option.citation.provenance is Provenance.HOUSE
    assert "not in the regulation text we have" in option.citation.note


def test_645a7_the_progressive_wager_is_the_amount_the_paytable_pays() -> None:
    with pytest.raises(ValueError, match=r"must be \$1\.00"):
        TableRules(progressive_wager=500)
    assert TableRules(progressive_wager=500, progressive_paytable=None).progressive_wager == 500
    assert not TableRules(mystery=None, progressive_paytable=None).progressive_wager_offered
