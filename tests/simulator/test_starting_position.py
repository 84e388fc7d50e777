"""Starting position and delivery order: the count of digest §8, seats numbered 1-6 from the dealer's left."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from simulator.core.citations import Provenance
from simulator.pai_gow.starting_position import (
    DEALER_SEAT,
    DEALING_DIRECTION_CITATION,
    REVEAL_ORDER_CITATION,
    STARTING_POSITION_CITATION,
    DealingDirection,
    delivery_order,
    reveal_order,
    starting_position,
    starting_position_from_number,
)

# Counting counterclockwise from the dealer (1): dealer's far right is seat 6 (count 2), then seat 5 (3),
# seat 4 (4), seat 3 (5), seat 2 (6), seat 1 at the dealer's far left (7), and the dealer again (8), ...
EXPECTED_SEAT = {
    3: 5,  # dealer 1, seat 6 is 2, seat 5 is 3
    4: 4,
    5: 3,
    6: 2,
    7: 1,  # seat 1, first base, is the seventh place counted
    8: 0,  # back to the dealer
    9: 6,
    10: 5,
    11: 4,
    12: 3,
    13: 2,
    14: 1,
    15: 0,  # the dealer a third time
    16: 6,
    17: 5,
    18: 4,
}


@pytest.mark.parametrize(("total", "seat"), sorted(EXPECTED_SEAT.items()))
def test_645b2_a_starting_position_counts_dealer_as_1_counterclockwise(total, seat):
    assert starting_position(total) == seat


def test_645b2_a_totals_8_and_15_start_with_the_dealer():
    assert starting_position(8) == DEALER_SEAT
    assert starting_position(15) == DEALER_SEAT


@pytest.mark.parametrize("total", [0, 1, 2, 19, 21, True, 9.0])
def test_645b2_a_three_dice_total_3_to_18_only(total):
    with pytest.raises(ValueError, match="three dice total 3 to 18"):
        starting_position(total)


def test_starting_position_from_a_number_1_to_7_counts_the_same_way():
    # 1 is the dealer, 2 the dealer's far right (seat 6), ... 7 the dealer's far left (seat 1).
    assert [starting_position_from_number(number) for number in range(1, 8)] == [0, 6, 5, 4, 3, 2, 1]
    for number in (0, 8):
        with pytest.raises(ValueError, match="count 1 to 7 places"):
            starting_position_from_number(number)


def test_starting_position_cites_the_pa_analog_not_the_seed():
    assert STARTING_POSITION_CITATION.provenance is Provenance.PA_INFERRED
    assert "§621a.6(c)" in STARTING_POSITION_CITATION.clause


def test_645a10_delivery_default_is_clockwise_from_the_starting_position():
    # Digest §8: total 12 → count slot 5 → slots 5, 4, 3, 2, 1 (dealer), 7, 6; slot k is seat 8 - k.
    slots = [5, 4, 3, 2, 1, 7, 6]
    seats = tuple(0 if slot == 1 else 8 - slot for slot in slots)
    assert seats == (3, 4, 5, 6, 0, 1, 2)
    assert delivery_order(starting_position(12)) == seats
    assert delivery_order(starting_position(12), DealingDirection.CLOCKWISE) == seats


def test_645a10_delivery_counterclockwise_option_goes_the_other_way():
    # From seat 3 counterclockwise: seat 2, seat 1 (dealer's far left), the dealer, then seat 6, 5, 4.
    assert delivery_order(3, DealingDirection.COUNTERCLOCKWISE) == (3, 2, 1, 0, 6, 5, 4)


def test_645a10_delivery_from_the_dealer():
    assert delivery_order(0) == (0, 1, 2, 3, 4, 5, 6)
    assert delivery_order(0, DealingDirection.COUNTERCLOCKWISE) == (0, 6, 5, 4, 3, 2, 1)


@settings(max_examples=50)
@given(start=st.integers(min_value=0, max_value=6), direction=st.sampled_from(list(DealingDirection)))
def test_645a10_every_place_gets_one_stack_occupied_or_not(start, direction):
    order = delivery_order(start, direction)
    assert order[0] == start
    assert sorted(order) == [0, 1, 2, 3, 4, 5, 6]


@pytest.mark.parametrize("start", [-1, 7, True])
def test_645a10_delivery_needs_a_real_seat(start):
    with pytest.raises(ValueError, match="does not exist"):
        delivery_order(start)


def test_dealing_direction_is_a_house_option_defaulting_to_the_pa_analog():
    assert DEALING_DIRECTION_CITATION.provenance is Provenance.HOUSE
    assert "§670a.10(c)" in DEALING_DIRECTION_CITATION.text
    assert DealingDirection.CLOCKWISE.citation.provenance is Provenance.PA_INFERRED
    assert DealingDirection.CLOCKWISE.citation.clause == "§670a.10(c)"
    assert DealingDirection.COUNTERCLOCKWISE.citation.provenance is Provenance.HOUSE
    assert DealingDirection("clockwise") is DealingDirection.CLOCKWISE


def test_645a11_e_hands_revealed_from_dealers_far_right_counterclockwise():
    assert reveal_order() == (6, 5, 4, 3, 2, 1)
    assert REVEAL_ORDER_CITATION.provenance is Provenance.PA_INFERRED
