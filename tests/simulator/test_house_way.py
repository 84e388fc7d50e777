"""House-way tests, written clause by clause from each house way's published text.

Each case gives seven cards and the low hand the published clause puts in front; the high hand is the rest.
"""

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from simulator.core.cards import pai_gow_deck, parse_cards
from simulator.core.citations import Citation, Provenance
from simulator.core.hands import HandCategory, SetHand, WheelRank, evaluate_high_hand, evaluate_low_hand, is_foul
from simulator.pai_gow import house_way as hw
from simulator.pai_gow.house_way import HOUSE_WAYS, HouseWay

FOXWOODS = HOUSE_WAYS["foxwoods"]
TRUMP_PLAZA = HOUSE_WAYS["trump-plaza"]


def expected_setting(seven: str, low: str) -> tuple[tuple, SetHand]:
    cards = parse_cards(seven)
    low_cards = parse_cards(low)
    return cards, SetHand(tuple(card for card in cards if card not in low_cards), low_cards)


def assert_house_way(way: HouseWay, seven: str, low: str, clause: Citation) -> None:
    """The house way sets ``seven`` with ``low`` in front (or the same ranks in other suits), by ``clause``."""
    cards, expected = expected_setting(seven, low)
    setting = way.setting(cards)
    assert evaluate_low_hand(setting.hand.low) == evaluate_low_hand(expected.low)
    assert evaluate_high_hand(setting.hand.high) == evaluate_high_hand(expected.high)
    assert way.is_house_way(cards, expected)
    assert setting.clause == clause


# ----- Foxwoods, clause 1: no pair -----


def test_foxwoods_1_no_pair_second_and_third_highest_in_front() -> None:
    assert_house_way(FOXWOODS, "As Qd 9c 7h 5s 4d 2c", "Qd 9c", hw.FOXWOODS_NO_PAIR)


def test_foxwoods_1_no_pair_joker_is_the_highest_card_as_an_ace() -> None:
    assert_house_way(FOXWOODS, "JK Qd 9c 7h 5s 3d 2c", "Qd 9c", hw.FOXWOODS_NO_PAIR)


# ----- clause 2: one pair -----


def test_foxwoods_2_one_pair_in_back_two_highest_others_in_front() -> None:
    assert_house_way(FOXWOODS, "8s 8d Kc Jh 6s 4d 2c", "Kc Jh", hw.FOXWOODS_ONE_PAIR)


def test_foxwoods_2_one_pair_joker_goes_in_front_as_an_ace() -> None:
    assert_house_way(FOXWOODS, "8s 8d JK Jh 6s 4d 2c", "JK Jh", hw.FOXWOODS_ONE_PAIR)


def test_foxwoods_2_joker_and_ace_are_a_pair_of_aces() -> None:
    assert_house_way(FOXWOODS, "As JK Kc Jh 6s 4d 2c", "Kc Jh", hw.FOXWOODS_ONE_PAIR)


# ----- clause 3: two pair -----


def test_foxwoods_3a_two_pair_big_pair_a_k_q_j_small_pair_in_front() -> None:
    assert_house_way(FOXWOODS, "Qs Qd 4c 4h As 9d 2c", "4c 4h", hw.FOXWOODS_TWO_PAIR_HIGH)
    assert_house_way(FOXWOODS, "Ks Kd 5c 5h JK 9d 2c", "5c 5h", hw.FOXWOODS_TWO_PAIR_HIGH)


def test_foxwoods_3b_two_pair_big_pair_10_to_7_both_back_with_an_ace_in_front() -> None:
    assert_house_way(FOXWOODS, "9s 9d 5c 5h As Jd 2c", "As Jd", hw.FOXWOODS_TWO_PAIR_MEDIUM)


def test_foxwoods_3b_two_pair_big_pair_10_to_7_without_an_ace_split() -> None:
    assert_house_way(FOXWOODS, "9s 9d 5c 5h Ks Jd 2c", "5c 5h", hw.FOXWOODS_TWO_PAIR_MEDIUM)


def test_foxwoods_3b_two_pair_joker_is_the_ace_that_goes_in_front() -> None:
    assert_house_way(FOXWOODS, "9s 9d 5c 5h JK Jd 2c", "JK Jd", hw.FOXWOODS_TWO_PAIR_MEDIUM)


def test_foxwoods_3c_two_pair_big_pair_6_to_3_both_back_with_a_king_in_front() -> None:
    assert_house_way(FOXWOODS, "6s 6d 3c 3h Ks Jd 2c", "Ks Jd", hw.FOXWOODS_TWO_PAIR_LOW)
    assert_house_way(FOXWOODS, "6s 6d 3c 3h As 9d 8c", "As 9d", hw.FOXWOODS_TWO_PAIR_LOW)


def test_foxwoods_3c_two_pair_big_pair_6_to_3_without_king_or_ace_split() -> None:
    assert_house_way(FOXWOODS, "6s 6d 3c 3h Qs Jd 9c", "3c 3h", hw.FOXWOODS_TWO_PAIR_LOW)


# ----- clause 4: three pair -----


def test_foxwoods_4_three_pair_high_pair_in_front() -> None:
    assert_house_way(FOXWOODS, "Ks Kd 7c 7h 4s 4d 2c", "Ks Kd", hw.FOXWOODS_THREE_PAIR)


def test_foxwoods_4_three_pair_joker_and_ace_are_the_high_pair() -> None:
    assert_house_way(FOXWOODS, "As JK 7c 7h 4s 4d 2c", "As JK", hw.FOXWOODS_THREE_PAIR)


# ----- clause 5: three of a kind -----


def test_foxwoods_5a_three_aces_an_ace_and_the_next_highest_in_front() -> None:
    assert_house_way(FOXWOODS, "As Ad Ac Kh 9s 5d 2c", "Ac Kh", hw.FOXWOODS_TRIPS_ACES)


def test_foxwoods_5a_two_aces_and_the_joker_are_three_aces() -> None:
    assert_house_way(FOXWOODS, "As Ad JK Qh 9s 5d 2c", "As Qh", hw.FOXWOODS_TRIPS_ACES)


def test_foxwoods_5b_three_of_a_kind_kings_and_below_stay_back() -> None:
    assert_house_way(FOXWOODS, "Ts Td Tc Kh 8s 5d 2c", "Kh 8s", hw.FOXWOODS_TRIPS)


# ----- clause 6: two sets -----


def test_foxwoods_6_two_sets_pair_from_the_higher_set_in_front() -> None:
    assert_house_way(FOXWOODS, "9s 9d 9c 5h 5s 5d Kc", "9s 9d", hw.FOXWOODS_TWO_SETS)


# ----- clause 7: straight, flush, straight flush -----


def test_foxwoods_7a_straight_no_pair_two_highest_cards_that_leave_a_straight() -> None:
    assert_house_way(FOXWOODS, "Ts 9d 8c 7h 6s 5d Kc", "Kc Ts", hw.FOXWOODS_STRAIGHT_NO_PAIR)


def test_foxwoods_7a_flush_no_pair_two_highest_cards_that_leave_a_flush() -> None:
    assert_house_way(FOXWOODS, "As Ks 9s 6s 3s 2s Qd", "As Qd", hw.FOXWOODS_STRAIGHT_NO_PAIR)


def test_foxwoods_7a_joker_completes_the_straight_rather_than_play_as_an_ace() -> None:
    assert_house_way(FOXWOODS, "JK Kd Qc Jh 9s 4d 2c", "4d 2c", hw.FOXWOODS_STRAIGHT_NO_PAIR)


def test_foxwoods_7a_joker_completes_a_flush() -> None:
    assert_house_way(FOXWOODS, "JK Kh 9h 6h 3h Qd Jc", "Qd Jc", hw.FOXWOODS_STRAIGHT_NO_PAIR)


def test_foxwoods_7b_straight_one_pair_pair_in_front_when_the_straight_allows() -> None:
    assert_house_way(FOXWOODS, "Ts 9d 8c 7h 6s 2d 2c", "2d 2c", hw.FOXWOODS_STRAIGHT_ONE_PAIR)


def test_foxwoods_7b_straight_one_pair_highest_two_cards_that_leave_the_straight() -> None:
    assert_house_way(FOXWOODS, "Ts 9d 8c 7h 6s 6d 2c", "6d 2c", hw.FOXWOODS_STRAIGHT_ONE_PAIR)


def test_foxwoods_7b_exception_ace_in_front_pair_of_kings_back_when_front_improves() -> None:
    assert_house_way(FOXWOODS, "As Kd Kc Qh Jd Ts 3c", "As Qh", hw.FOXWOODS_STRAIGHT_ACE_EXCEPTION)


def test_foxwoods_7b_exception_not_taken_when_the_flush_front_is_better() -> None:
    assert_house_way(FOXWOODS, "Kd Kc As 9s 7s 4s 2s", "Kd Kc", hw.FOXWOODS_STRAIGHT_ONE_PAIR)


def test_foxwoods_7c_straight_with_two_pair_plays_the_two_pair_rule() -> None:
    cards, expected = expected_setting("Ts Td 9c 9h 8s 7d 6c", "9c 9h")
    setting = FOXWOODS.setting(cards)
    assert set(setting.hand.low) == set(expected.low)
    assert setting.clause == hw.FOXWOODS_TWO_PAIR_MEDIUM


def test_foxwoods_7c_two_pair_rule_applies_even_to_a_royal_flush() -> None:
    cards, expected = expected_setting("As Ks Qs Js Ts Kh Th", "Ts Th")
    assert FOXWOODS.is_house_way(cards, expected)
    assert evaluate_high_hand(FOXWOODS.set_hand(cards).high).category is HandCategory.ONE_PAIR


def test_foxwoods_7d_straight_with_three_of_a_kind_pair_in_front() -> None:
    assert_house_way(FOXWOODS, "8s 8d 8c 9h Ts Jd Qc", "8d 8c", hw.FOXWOODS_STRAIGHT_TRIPS)


def test_foxwoods_7d_straight_with_three_aces_made_by_the_joker() -> None:
    assert_house_way(FOXWOODS, "As Ad JK Kh Qs Jd Tc", "Ad JK", hw.FOXWOODS_STRAIGHT_TRIPS)


# ----- clause 8: full house -----


def test_foxwoods_8_full_house_pair_in_front() -> None:
    assert_house_way(FOXWOODS, "Qs Qd Qc 4h 4s 9d 2c", "4h 4s", hw.FOXWOODS_FULL_HOUSE)


def test_foxwoods_8_full_house_with_two_pairs_highest_pair_in_front() -> None:
    assert_house_way(FOXWOODS, "3s 3d 3c Kh Ks 9d 9c", "Kh Ks", hw.FOXWOODS_FULL_HOUSE)


# ----- clause 9: four of a kind -----


def test_foxwoods_9a_four_aces_to_jacks_always_split() -> None:
    assert_house_way(FOXWOODS, "Js Jd Jc Jh As 9d 2c", "Js Jd", hw.FOXWOODS_QUADS_HIGH)


def test_foxwoods_9a_three_aces_and_the_joker_are_four_aces_and_split() -> None:
    assert_house_way(FOXWOODS, "As Ad Ac JK Ks 9d 2c", "As Ad", hw.FOXWOODS_QUADS_HIGH)


def test_foxwoods_9b_four_10s_to_7s_back_with_a_king_in_front() -> None:
    assert_house_way(FOXWOODS, "8s 8d 8c 8h Ks 9d 2c", "Ks 9d", hw.FOXWOODS_QUADS_MEDIUM)


def test_foxwoods_9b_four_10s_to_7s_without_a_king_split() -> None:
    assert_house_way(FOXWOODS, "8s 8d 8c 8h Qs 9d 2c", "8s 8d", hw.FOXWOODS_QUADS_MEDIUM)


def test_foxwoods_9c_four_6s_and_below_never_split() -> None:
    assert_house_way(FOXWOODS, "5s 5d 5c 5h Qs 9d 2c", "Qs 9d", hw.FOXWOODS_QUADS_LOW)
    assert_house_way(FOXWOODS, "5s 5d 5c 5h As Kd 2c", "As Kd", hw.FOXWOODS_QUADS_LOW)


def test_foxwoods_9d_four_of_a_kind_with_a_pair_plays_the_pair_in_front() -> None:
    assert_house_way(FOXWOODS, "Ks Kd Kc Kh 9s 9d 2c", "9s 9d", hw.FOXWOODS_QUADS_WITH_PAIR)


def test_foxwoods_9d_four_of_a_kind_with_three_of_a_kind_plays_a_pair_in_front() -> None:
    assert_house_way(FOXWOODS, "7s 7d 7c 7h 4s 4d 4c", "4s 4d", hw.FOXWOODS_QUADS_WITH_PAIR)


# ----- clause 10: five aces -----


def test_foxwoods_10_five_aces_pair_of_aces_in_front() -> None:
    assert_house_way(FOXWOODS, "As Ad Ac Ah JK 9d 2c", "As Ad", hw.FOXWOODS_FIVE_ACES)


def test_foxwoods_10_five_aces_pair_of_kings_in_front_when_held() -> None:
    assert_house_way(FOXWOODS, "As Ad Ac Ah JK Kd Kc", "Kd Kc", hw.FOXWOODS_FIVE_ACES)


# ----- Trump Plaza two-pair rule (other clauses are Foxwoods's) -----


def test_trump_plaza_pair_of_aces_and_any_pair_always_split() -> None:
    assert_house_way(TRUMP_PLAZA, "As Ad 3c 3h Ks 9d 2c", "3c 3h", hw.TRUMP_PLAZA_ACES)


def test_trump_plaza_low_and_low_split_unless_king_or_better() -> None:
    assert_house_way(TRUMP_PLAZA, "6s 6d 3c 3h Ks 9d 2c", "Ks 9d", hw.TRUMP_PLAZA_LOW_WITH_LOW_OR_MEDIUM)
    assert_house_way(TRUMP_PLAZA, "6s 6d 3c 3h Qs 9d 2c", "3c 3h", hw.TRUMP_PLAZA_LOW_WITH_LOW_OR_MEDIUM)


def test_trump_plaza_low_and_medium_split_unless_king_or_better() -> None:
    assert_house_way(TRUMP_PLAZA, "9s 9d 4c 4h Ks Jd 2c", "Ks Jd", hw.TRUMP_PLAZA_LOW_WITH_LOW_OR_MEDIUM)
    assert_house_way(TRUMP_PLAZA, "9s 9d 4c 4h Qs Jd 2c", "4c 4h", hw.TRUMP_PLAZA_LOW_WITH_LOW_OR_MEDIUM)


def test_trump_plaza_low_and_high_split_unless_ace() -> None:
    assert_house_way(TRUMP_PLAZA, "Qs Qd 4c 4h As 9d 2c", "As 9d", hw.TRUMP_PLAZA_LOW_WITH_HIGH)
    assert_house_way(TRUMP_PLAZA, "Qs Qd 4c 4h Ks 9d 2c", "4c 4h", hw.TRUMP_PLAZA_LOW_WITH_HIGH)


def test_trump_plaza_joker_counts_as_the_ace_held() -> None:
    assert_house_way(TRUMP_PLAZA, "Qs Qd 4c 4h JK 9d 2c", "JK 9d", hw.TRUMP_PLAZA_LOW_WITH_HIGH)


def test_trump_plaza_medium_and_medium_split_unless_ace() -> None:
    assert_house_way(TRUMP_PLAZA, "Ts Td 8c 8h As 9d 2c", "As 9d", hw.TRUMP_PLAZA_MEDIUM_WITH_MEDIUM)
    assert_house_way(TRUMP_PLAZA, "Ts Td 8c 8h Ks 9d 2c", "8c 8h", hw.TRUMP_PLAZA_MEDIUM_WITH_MEDIUM)


def test_trump_plaza_medium_and_high_always_split() -> None:
    assert_house_way(TRUMP_PLAZA, "Ks Kd 8c 8h As 9d 2c", "8c 8h", hw.TRUMP_PLAZA_MEDIUM_OR_HIGH_WITH_HIGH)


def test_trump_plaza_high_and_high_always_split() -> None:
    assert_house_way(TRUMP_PLAZA, "Ks Kd Jc Jh As 9d 2c", "Jc Jh", hw.TRUMP_PLAZA_MEDIUM_OR_HIGH_WITH_HIGH)


def test_trump_plaza_other_clauses_are_foxwoods() -> None:
    assert_house_way(TRUMP_PLAZA, "8s 8d Kc Jh 6s 4d 2c", "Kc Jh", hw.FOXWOODS_ONE_PAIR)
    assert_house_way(TRUMP_PLAZA, "As Ad JK Kh Qs Jd Tc", "Ad JK", hw.FOXWOODS_STRAIGHT_TRIPS)


# ----- the house ways as table options -----


def test_house_ways_are_named_options_from_the_published_text() -> None:
    assert set(HOUSE_WAYS) == {"foxwoods", "trump-plaza"}
    assert hw.DEFAULT_HOUSE_WAY == "foxwoods"
    for way in HOUSE_WAYS.values():
        assert "Wizard of Odds" in (type(way).__doc__ or "")


def test_every_clause_citation_is_a_house_rule() -> None:
    clauses = [value for name, value in vars(hw).items() if name.startswith(("FOXWOODS_", "TRUMP_PLAZA_"))]
    assert len(clauses) == 24
    assert all(clause.provenance is Provenance.HOUSE for clause in clauses)


def test_set_hand_needs_seven_different_cards() -> None:
    with pytest.raises(ValueError, match="exactly 7"):
        FOXWOODS.set_hand(parse_cards("As Kd Qc Jh 9s 8d"))
    with pytest.raises(ValueError, match="twice"):
        FOXWOODS.set_hand(parse_cards("As As Qc Jh 9s 8d 2c"))


def test_set_hand_does_not_depend_on_the_order_of_the_cards() -> None:
    cards = parse_cards("Ts 9d 8c 7h 6s 5d Kc")
    assert FOXWOODS.set_hand(cards) == FOXWOODS.set_hand(tuple(reversed(cards)))


def test_is_house_way_accepts_equal_ranks_in_other_suits() -> None:
    cards = parse_cards("Js Jd Jc Jh As 9d 2c")
    assert FOXWOODS.is_house_way(cards, expected_setting("Js Jd Jc Jh As 9d 2c", "Jc Jh")[1])
    assert FOXWOODS.is_house_way(cards, expected_setting("Js Jd Jc Jh As 9d 2c", "Js Jd")[1])


def test_is_house_way_rejects_another_setting_other_cards_and_wrong_counts() -> None:
    cards = parse_cards("8s 8d Kc Jh 6s 4d 2c")
    assert not FOXWOODS.is_house_way(cards, expected_setting("8s 8d Kc Jh 6s 4d 2c", "Kc 6s")[1])
    assert not FOXWOODS.is_house_way(cards, SetHand.from_text("8s 8d 6s 4d 2c", "Kc Qh"))
    assert not FOXWOODS.is_house_way(cards, SetHand.from_text("8s 8d 6s 4d", "Kc Jh 2c"))


def test_wheel_option_decides_which_ace_stays_with_the_straight() -> None:
    seven = "As 2d 3c 4h 5s JK 9c"
    cards, joker_front = expected_setting(seven, "JK 9c")
    _, ace_front = expected_setting(seven, "As 9c")
    assert FOXWOODS.is_house_way(cards, joker_front, WheelRank.SECOND_HIGHEST)
    assert FOXWOODS.is_house_way(cards, ace_front, WheelRank.SECOND_HIGHEST)
    assert FOXWOODS.is_house_way(cards, ace_front, WheelRank.LOWEST)
    assert not FOXWOODS.is_house_way(cards, joker_front, WheelRank.LOWEST)


@settings(max_examples=300, deadline=None)
@given(
    deck=st.permutations(pai_gow_deck()),
    way=st.sampled_from(sorted(HOUSE_WAYS)),
    wheel=st.sampled_from(list(WheelRank)),
    other=st.sampled_from(list(itertools.combinations(range(7), 2))),
)
def test_property_house_way_sets_any_seven_cards_legally(deck, way, wheel, other) -> None:
    house_way, cards = HOUSE_WAYS[way], tuple(deck[:7])
    hand = house_way.set_hand(cards, wheel)
    assert len(hand.high) == 5 and len(hand.low) == 2
    assert sorted(hand.cards) == sorted(cards)
    assert not is_foul(hand, wheel)
    assert house_way.is_house_way(cards, hand, wheel)
    low = tuple(cards[i] for i in other)
    different = SetHand(tuple(card for card in cards if card not in low), low)
    same_value = (evaluate_high_hand(different.high, wheel), evaluate_low_hand(different.low)) == (
        evaluate_high_hand(hand.high, wheel),
        evaluate_low_hand(hand.low),
    )
    assert house_way.is_house_way(cards, different, wheel) == same_value
