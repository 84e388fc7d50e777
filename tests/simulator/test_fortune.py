"""Fortune Bonus and Envy tests, with expected amounts taken from the representative paytable's text:

7-card straight flush without joker 8,000 to 1 (envy $5,000); royal flush plus royal match 2,000 to 1 ($1,000);
7-card straight flush with joker 1,000 to 1 ($500); five aces 400 to 1 ($250); royal flush 150 to 1 ($50);
straight flush 50 to 1 ($20); four of a kind 25 to 1 ($5); full house 5 to 1; flush 4 to 1;
three of a kind 3 to 1; straight 2 to 1; anything lower loses.
"""

import pytest

from simulator.core.cards import parse_cards
from simulator.core.citations import Provenance
from simulator.core.hands import WheelRank
from simulator.core.money import Odds
from simulator.pai_gow.fortune import (
    REPRESENTATIVE_FORTUNE_PAYTABLE,
    FortuneHand,
    FortunePaytable,
    envy_awards,
    envy_qualifying_seats,
    fortune_hand,
    settle_fortune_wager,
)

PAYTABLE = REPRESENTATIVE_FORTUNE_PAYTABLE
FIVE_DOLLARS = 500

PAYTABLE_LINES = [
    ("8h 9h Th Jh Qh Kh Ah", FortuneHand.SEVEN_CARD_STRAIGHT_FLUSH, 8000),
    ("As Ks Qs Js Ts Kh Qh", FortuneHand.ROYAL_FLUSH_PLUS_ROYAL_MATCH, 2000),
    ("2c 3c 4c 5c 6c JK 8c", FortuneHand.SEVEN_CARD_STRAIGHT_FLUSH_WITH_JOKER, 1000),
    ("As Ah Ad Ac JK 9d 2c", FortuneHand.FIVE_ACES, 400),
    ("As Ks Qs Js Ts 9d 2c", FortuneHand.ROYAL_FLUSH, 150),
    ("9h 8h 7h 6h 5h Kd 2c", FortuneHand.STRAIGHT_FLUSH, 50),
    ("7c 7d 7h 7s Kd 9d 2c", FortuneHand.FOUR_OF_A_KIND, 25),
    ("Qc Qd Qh 4s 4c 9d 2c", FortuneHand.FULL_HOUSE, 5),
    ("Kd Td 8d 5d 2d 9c 3h", FortuneHand.FLUSH, 4),
    ("5c 5d 5h Ks 9c 3d 2h", FortuneHand.THREE_OF_A_KIND, 3),
    ("Tc 9d 8h 7s 6c 2d Kh", FortuneHand.STRAIGHT, 2),
]


@pytest.mark.parametrize(("seven", "line", "to_one"), PAYTABLE_LINES)
def test_645a13_fortune_paytable_line_pays_its_odds(seven: str, line: FortuneHand, to_one: int) -> None:
    assert settle_fortune_wager(parse_cards(seven), FIVE_DOLLARS, PAYTABLE) == (line, FIVE_DOLLARS * to_one)


def test_645a13_fortune_two_pair_or_lower_loses() -> None:
    assert settle_fortune_wager(parse_cards("Kc Kd 9h 9s 6c 3d 2h"), FIVE_DOLLARS, PAYTABLE) == (None, 0)
    assert fortune_hand(parse_cards("As Qd 9c 7h 5s 4d 2c")) is None


def test_645a11_h_fortune_judged_on_all_seven_cards_however_set() -> None:
    # The house way sets this two pair split (9-9 low) and breaks up the straight; the Fortune Bonus pays the straight.
    assert fortune_hand(parse_cards("Ts Td 9c 9h 8s 7d 6c")) is FortuneHand.STRAIGHT


def test_645a13_fortune_joker_completes_a_royal_flush() -> None:
    assert fortune_hand(parse_cards("As Ks Qs JK Ts 9d 2c")) is FortuneHand.ROYAL_FLUSH


def test_645a13_fortune_seven_card_straight_flush_ace_low() -> None:
    assert fortune_hand(parse_cards("Ad 2d 3d 4d 5d 6d 7d")) is FortuneHand.SEVEN_CARD_STRAIGHT_FLUSH


def test_645a13_fortune_six_suited_in_a_row_and_a_stranger_is_a_straight_flush_only() -> None:
    assert fortune_hand(parse_cards("2c 3c 4c 5c 6c 7c Kd")) is FortuneHand.STRAIGHT_FLUSH


def test_645a13_fortune_royal_match_needs_a_suited_king_queen() -> None:
    assert fortune_hand(parse_cards("As Ks Qs Js Ts Kh Qd")) is FortuneHand.ROYAL_FLUSH
    assert fortune_hand(parse_cards("As Ks Qs Js Ts Ah Kh")) is FortuneHand.ROYAL_FLUSH


def test_645a13_fortune_joker_royal_with_a_royal_match() -> None:
    assert fortune_hand(parse_cards("As JK Qs Js Ts Kh Qh")) is FortuneHand.ROYAL_FLUSH_PLUS_ROYAL_MATCH


def test_fortune_wheel_option_does_not_change_the_line() -> None:
    seven = parse_cards("As 2d 3c 4h 5s 9d Kh")
    assert fortune_hand(seven, WheelRank.LOWEST) is fortune_hand(seven) is FortuneHand.STRAIGHT


def test_fortune_wager_must_be_positive_and_hand_seven_cards() -> None:
    with pytest.raises(ValueError, match="positive"):
        settle_fortune_wager(parse_cards("Tc 9d 8h 7s 6c 2d Kh"), 0, PAYTABLE)
    with pytest.raises(ValueError, match="exactly 7"):
        fortune_hand(parse_cards("Tc 9d 8h 7s 6c"))


def test_representative_paytable_is_a_house_rule_not_pennsylvania_text() -> None:
    assert PAYTABLE.citation.provenance is Provenance.HOUSE
    assert "not in the regulation text we have" in PAYTABLE.citation.text


def test_representative_paytable_envy_amounts() -> None:
    assert dict(PAYTABLE.envy) == {
        FortuneHand.SEVEN_CARD_STRAIGHT_FLUSH: 500000,
        FortuneHand.ROYAL_FLUSH_PLUS_ROYAL_MATCH: 100000,
        FortuneHand.SEVEN_CARD_STRAIGHT_FLUSH_WITH_JOKER: 50000,
        FortuneHand.FIVE_ACES: 25000,
        FortuneHand.ROYAL_FLUSH: 5000,
        FortuneHand.STRAIGHT_FLUSH: 2000,
        FortuneHand.FOUR_OF_A_KIND: 500,
    }


def test_a_configured_paytable_without_a_line_collects_that_hand() -> None:
    no_straights = FortunePaytable("no straights", {FortuneHand.FLUSH: Odds(4)}, {}, PAYTABLE.citation)
    assert settle_fortune_wager(parse_cards("Tc 9d 8h 7s 6c 2d Kh"), FIVE_DOLLARS, no_straights) == (None, 0)
    with pytest.raises(ValueError, match="positive"):
        FortunePaytable("bad", {}, {FortuneHand.FOUR_OF_A_KIND: 0}, PAYTABLE.citation)


# ----- Envy -----


def test_envy_qualifying_wager_is_at_least_five_dollars() -> None:
    assert envy_qualifying_seats({1: 500, 2: 499, 3: 2500, 4: 100}) == {1, 3}


def test_envy_four_of_a_kind_pays_five_dollars_to_every_other_qualifying_player() -> None:
    hands = {1: FortuneHand.FOUR_OF_A_KIND, 2: None, 3: FortuneHand.FLUSH, 4: None}
    assert envy_awards(hands, {1, 2, 3}, PAYTABLE) == {1: 0, 2: 500, 3: 500}


def test_envy_never_paid_for_a_players_own_hand() -> None:
    assert envy_awards({1: FortuneHand.ROYAL_FLUSH, 2: None}, {1}, PAYTABLE) == {1: 0}


def test_envy_never_paid_for_the_dealers_hand() -> None:
    # The dealer's four of a kind is not a player's hand, so it is not among the hands: nobody is paid.
    assert envy_awards({1: None, 2: None}, {1, 2}, PAYTABLE) == {1: 0, 2: 0}


def test_envy_two_qualifying_hands_add_up() -> None:
    hands = {1: FortuneHand.STRAIGHT_FLUSH, 2: FortuneHand.FIVE_ACES, 3: None}
    assert envy_awards(hands, {1, 2, 3}, PAYTABLE) == {1: 25000, 2: 2000, 3: 2000 + 25000}


def test_envy_not_paid_to_a_sub_five_dollar_wager() -> None:
    seats = envy_qualifying_seats({1: 500, 2: 400, 3: 500})
    hands = {1: FortuneHand.FOUR_OF_A_KIND, 2: None, 3: None}
    assert envy_awards(hands, seats, PAYTABLE) == {1: 0, 3: 500}


def test_envy_hands_below_four_of_a_kind_pay_no_envy() -> None:
    hands = {1: FortuneHand.FULL_HOUSE, 2: FortuneHand.STRAIGHT, 3: None}
    assert envy_awards(hands, {1, 2, 3}, PAYTABLE) == {1: 0, 2: 0, 3: 0}
