import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from simulator.core.cards import pai_gow_deck, parse_cards
from simulator.core.hands import (
    Comparison,
    HandCategory,
    HandOutcome,
    HighHandValue,
    LowHandValue,
    SetHand,
    WheelRank,
    best_five_of_seven,
    compare_high,
    compare_low,
    describe_high_hand,
    describe_low_hand,
    evaluate_high_hand,
    evaluate_low_hand,
    is_foul,
    is_tiger_nine,
    settle_hands,
)


def high(text: str, wheel: WheelRank = WheelRank.SECOND_HIGHEST) -> HighHandValue:
    return evaluate_high_hand(parse_cards(text), wheel)


def low(text: str) -> LowHandValue:
    return evaluate_low_hand(parse_cards(text))


# §645a.6 rankings (industry order, high to low): five aces, royal flush, straight flush, four of a kind,
# full house, flush, straight, three of a kind, two pair, one pair, high card.
RANKING_EXAMPLES = [
    ("As Ah Ad Ac JK", HandCategory.FIVE_ACES),
    ("As Ks Qs Js Ts", HandCategory.ROYAL_FLUSH),
    ("9h 8h 7h 6h 5h", HandCategory.STRAIGHT_FLUSH),
    ("7c 7d 7h 7s 2c", HandCategory.FOUR_OF_A_KIND),
    ("Qc Qd Qh 4s 4c", HandCategory.FULL_HOUSE),
    ("Kd Td 8d 5d 2d", HandCategory.FLUSH),
    ("Tc 9d 8h 7s 6c", HandCategory.STRAIGHT),
    ("5c 5d 5h Ks 2c", HandCategory.THREE_OF_A_KIND),
    ("Jc Jd 3h 3s Ac", HandCategory.TWO_PAIR),
    ("8c 8d Ah Ks 2c", HandCategory.ONE_PAIR),
    ("Ac Qd 9h 6s 3c", HandCategory.HIGH_CARD),
]


@pytest.mark.parametrize(("text", "category"), RANKING_EXAMPLES)
def test_645a6_ranking_categories(text: str, category: HandCategory) -> None:
    assert high(text).category is category


def test_645a6_ranking_order_is_five_aces_down_to_high_card() -> None:
    values = [high(text) for text, _ in RANKING_EXAMPLES]
    assert values == sorted(values, reverse=True)


def test_645a6_suits_have_no_rank_so_equal_ranks_are_equal_values() -> None:
    assert high("Ac Qd 9h 6s 3c") == high("Ad Qh 9s 6c 3h")
    assert high("Kd Td 8d 5d 2d") == high("Kc Tc 8c 5c 2c")


def test_645a6_kickers_break_ties_within_a_category() -> None:
    assert high("8c 8d Ah Ks 3c") > high("8h 8s Ad Kc 2c")
    assert high("Jc Jd 3h 3s Ac") > high("Jh Js 3d 3c Kc")
    assert high("Qc Qd Qh 4s 4c") > high("Jc Jd Jh As Ac")


def test_645a6_wheel_second_highest_straight_by_default() -> None:
    broadway, wheel, king_high, six_high = (
        high("Ac Kd Qh Js Tc"),
        high("Ac 2d 3h 4s 5c"),
        high("Kc Qd Jh Ts 9c"),
        high("6c 5d 4h 3s 2c"),
    )
    assert broadway > wheel > king_high > six_high


def test_645a6_wheel_lowest_straight_when_the_house_ranks_it_lowest() -> None:
    lowest = WheelRank.LOWEST
    assert high("6c 5d 4h 3s 2c", lowest) > high("Ac 2d 3h 4s 5c", lowest)


def test_645a6_wheel_option_applies_to_straight_flushes() -> None:
    assert high("As 2s 3s 4s 5s") > high("Ks Qs Js Ts 9s")
    assert high("As 2s 3s 4s 5s", WheelRank.LOWEST) < high("6s 5s 4s 3s 2s", WheelRank.LOWEST)


def test_645a3_joker_completes_a_straight() -> None:
    assert high("JK Kd Qh Jc Ts") == high("Ac Kd Qh Jc Ts")
    assert high("9c 8d JK 6s 5c") == high("9c 8d 7h 6s 5c")


def test_645a3_joker_makes_the_highest_straight_it_can() -> None:
    assert high("8c 7d 6h 5s JK") == high("9c 8d 7h 6s 5c")


def test_645a3_joker_completes_a_flush_as_the_highest_card_missing() -> None:
    assert high("As Ks 9s 4s JK") == high("As Ks Qs 9s 4s")
    assert high("Ks 9s 4s 2s JK") == high("As Ks 9s 4s 2s")


def test_645a3_joker_completes_straight_and_royal_flushes() -> None:
    assert high("9h 8h JK 6h 5h").category is HandCategory.STRAIGHT_FLUSH
    assert high("Ah Kh Qh JK Th").category is HandCategory.ROYAL_FLUSH


def test_645a3_joker_is_otherwise_an_ace() -> None:
    assert high("JK Ad 9h 6s 3c") == high("As Ad 9h 6s 3c")
    assert high("JK Kd 9h 6s 3c") == high("As Kd 9h 6s 3c")


def test_645a3_joker_never_pairs_anything_but_an_ace() -> None:
    assert high("Kc Kd Kh 5s JK") == high("Kc Kd Kh 5s Ac")


def test_645a3_four_aces_and_the_joker_are_five_aces() -> None:
    assert high("As Ah Ad Ac JK") > high("As Ks Qs Js Ts")


def test_evaluate_high_hand_rejects_wrong_count_and_duplicates() -> None:
    with pytest.raises(ValueError, match="exactly 5"):
        evaluate_high_hand(parse_cards("As Ks Qs Js"))
    with pytest.raises(ValueError, match="twice"):
        evaluate_high_hand(parse_cards("As As Qs Js Ts"))


def test_645a6_low_hand_any_pair_beats_any_non_pair() -> None:
    assert low("2c 2d") > low("Ac Kd")


def test_645a6_low_hand_pairs_by_rank_non_pairs_by_high_then_low_card() -> None:
    assert low("Ac Ad") > low("Kc Kd") > low("3c 3d") > low("2c 2d")
    assert low("Ac Kd") > low("Ac Qd") > low("Kc Qd") > low("3c 2d")


def test_645a3_joker_is_an_ace_in_the_low_hand() -> None:
    assert low("JK Ah") == low("As Ad")
    assert low("JK 4c") == low("As 4d")


def test_evaluate_low_hand_rejects_wrong_count() -> None:
    with pytest.raises(ValueError, match="exactly 2"):
        evaluate_low_hand(parse_cards("As Kd Qc"))


def test_foul_when_not_five_and_two() -> None:
    assert is_foul(SetHand.from_text("As Kd Qc Jh", "9c 8d 7h"))


def test_foul_when_the_low_hand_outranks_the_high_hand() -> None:
    assert is_foul(SetHand.from_text("Kd Jc 9h 5s 3c", "Kh Qd"))
    assert is_foul(SetHand.from_text("Ad Kc 9h 5s 3c", "7h 7d"))
    assert is_foul(SetHand.from_text("6d 6c 9h 5s 3c", "7h 7d"))


def test_not_a_foul_when_the_high_hand_ranks_equal_or_higher() -> None:
    assert not is_foul(SetHand.from_text("Kd Qc 9h 5s 3c", "Kh Qd"))
    assert not is_foul(SetHand.from_text("Jd Jc 9h 5s 3c", "Jh Js"))
    assert not is_foul(SetHand.from_text("2d 2c 9h 5s 3c", "Ah Kd"))
    assert not is_foul(SetHand.from_text("9d 9c 5h 5s 3c", "Ah Ad"))


def test_foul_judges_joker_as_ace_in_both_hands() -> None:
    assert is_foul(SetHand.from_text("Ad Qc 9h 5s 3c", "JK Kd"))
    assert not is_foul(SetHand.from_text("JK Kc 9h 5s 3c", "Ad Qd"))


def test_645b1_b_tiger_nine_is_an_unpaired_nine_high_low_hand() -> None:
    assert is_tiger_nine(parse_cards("9h 8d"))
    assert is_tiger_nine(parse_cards("2c 9s"))


def test_645b1_b_not_tiger_nine_for_a_pair_of_nines_or_other_high_cards() -> None:
    assert not is_tiger_nine(parse_cards("9h 9d"))
    assert not is_tiger_nine(parse_cards("Th 9d"))
    assert not is_tiger_nine(parse_cards("8h 7d"))


def test_645b1_b_joker_in_the_low_hand_is_an_ace_never_a_tiger_nine() -> None:
    assert not is_tiger_nine(parse_cards("JK 9d"))


DEALER = SetHand.from_text("Kd Kc 9h 5s 3c", "Ah Qd")


def test_645a11_f_both_hands_higher_wins() -> None:
    assert settle_hands(SetHand.from_text("As Ac 8h 6s 2c", "Ad Kc"), DEALER) is HandOutcome.WIN


def test_645a11_f_one_hand_higher_pushes() -> None:
    assert settle_hands(SetHand.from_text("As Ac 8h 6s 2c", "Jd Tc"), DEALER) is HandOutcome.PUSH


def test_645a11_f_neither_hand_higher_loses() -> None:
    assert settle_hands(SetHand.from_text("Qs Qh 8h 6s 2c", "Jd Tc"), DEALER) is HandOutcome.LOSS


def test_copy_goes_to_the_dealer() -> None:
    copy_low = SetHand.from_text("As Ad 8h 6s 2c", "Ac Qh")
    assert compare_low(copy_low, DEALER) is Comparison.COPY
    assert compare_high(copy_low, DEALER) is Comparison.PLAYER
    assert settle_hands(copy_low, DEALER) is HandOutcome.PUSH
    copy_both = SetHand.from_text("Ks Kh 9c 5d 3h", "As Qc")
    assert settle_hands(copy_both, DEALER) is HandOutcome.LOSS


def test_copy_narration_in_dealer_words() -> None:
    assert Comparison.COPY.spoken == "copy, to the dealer"
    assert Comparison.PLAYER.spoken == "player wins"


def test_foul_settles_as_foul_before_comparing() -> None:
    assert settle_hands(SetHand.from_text("Kd Jc 9h 5s 3c", "Ah Ad"), DEALER) is HandOutcome.FOUL


def test_settle_hands_refuses_a_fouled_dealer_hand() -> None:
    with pytest.raises(ValueError, match="house way"):
        settle_hands(DEALER, SetHand.from_text("Kd Jc 9h 5s 3c", "Ah Ad"))


def test_best_five_of_seven_finds_the_joker_straight_flush() -> None:
    value, five = best_five_of_seven(parse_cards("9h 8h 6h 5h JK Kc Kd"))
    assert value.category is HandCategory.STRAIGHT_FLUSH
    assert set(five) == set(parse_cards("9h 8h 6h 5h JK"))


def test_best_five_of_seven_prefers_five_aces() -> None:
    value, _ = best_five_of_seven(parse_cards("As Ah Ad Ac JK Ks Qs"))
    assert value.category is HandCategory.FIVE_ACES


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("Ac Kd Qh Js Tc", "straight, ace high"),
        ("Ac 2d 3h 4s 5c", "straight, five high"),
        ("9c 9d Ah Ks 2c", "pair of nines"),
        ("6c 6d 6h Ks 2c", "three sixes"),
        ("Qc Qd Qh 4s 4c", "full house, queens full of fours"),
        ("7c 7d 7h 7s 2c", "four sevens"),
        ("Kd Td 8d 5d 2d", "flush, king high"),
        ("9h 8h 7h 6h 5h", "straight flush, nine high"),
        ("As Ks Qs Js Ts", "royal flush"),
        ("As Ah Ad Ac JK", "five aces"),
        ("Ac Qd 9h 6s 3c", "ace high"),
    ],
)
def test_describe_high_hand_in_dealer_words(text: str, words: str) -> None:
    assert describe_high_hand(high(text)) == words


def test_describe_low_hand_in_dealer_words() -> None:
    assert describe_low_hand(low("9h 8d")) == "nine-eight"
    assert describe_low_hand(low("9h 9d")) == "pair of nines"
    assert describe_low_hand(low("4c JK")) == "ace-four"


def test_set_hand_from_text_and_str() -> None:
    hand = SetHand.from_text("As Ks Qs Js Ts", "9h 8d")
    assert str(hand) == "high As Ks Qs Js Ts / low 9h 8d"
    assert len(hand.cards) == 7


@settings(max_examples=200, deadline=None)
@given(st.randoms(use_true_random=False))
def test_best_five_of_seven_is_the_maximum_over_all_fives(rng: random.Random) -> None:
    seven = rng.sample(pai_gow_deck(), 7)
    value, five = best_five_of_seven(seven)
    assert value == max(evaluate_high_hand(cards) for cards in itertools.combinations(seven, 5))
    assert evaluate_high_hand(five) == value
