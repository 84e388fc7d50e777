import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from simulator.core.dice import DiceRoll, all_rolls, parse_dice_roll, roll_dice

faces = st.integers(min_value=1, max_value=6)
rolls = st.builds(DiceRoll, faces, st.tuples(faces, faces))


def test_645b2_c_roll_is_one_red_and_two_blue_dice():
    roll = DiceRoll(6, (2, 1))
    assert roll.red == 6
    assert roll.blue == (2, 1)
    assert roll.values == (6, 2, 1)
    assert roll.total == 9


@pytest.mark.parametrize(
    ("red", "blue", "named"),
    [(0, (1, 1), "red"), (7, (1, 1), "red"), (1, (0, 1), "blue"), (1, (1, 7), "blue"), (True, (1, 1), "red")],
)
def test_645b2_c_die_outside_one_to_six_is_refused(red, blue, named):
    with pytest.raises(ValueError, match=f"The {named} die shows .*1 to 6"):
        DiceRoll(red, blue)


@pytest.mark.parametrize("blue", [(1,), (1, 2, 3), [1, 2]])
def test_645b2_c_roll_needs_a_pair_of_blue_dice(blue):
    with pytest.raises(ValueError, match="exactly two blue dice"):
        DiceRoll(1, blue)


def test_645b2_g_dealer_announces_each_die():
    assert str(DiceRoll(6, (2, 1))) == "red 6, blue 2, blue 1"


@pytest.mark.parametrize(
    "text", ["red 6, blue 2, blue 1", "red 6, blue 2 and 1", "RED 6 BLUE 2 AND 1", "red 6, blue 2, 1", "6 2 1", "6-2-1"]
)
def test_parse_dice_roll_reads_spoken_and_numeric_forms(text):
    assert parse_dice_roll(text) == DiceRoll(6, (2, 1))


@pytest.mark.parametrize("text", ["", "red 6", "6 2", "red seven, blue 1 and 1", "blue 2 and 1, red 6"])
def test_parse_dice_roll_refuses_anything_else(text):
    with pytest.raises(ValueError, match="is not a dice roll"):
        parse_dice_roll(text)


def test_parse_dice_roll_refuses_a_face_out_of_range():
    with pytest.raises(ValueError, match="blue die shows 9"):
        parse_dice_roll("red 1, blue 9 and 1")


@settings(max_examples=100)
@given(rolls)
def test_format_and_parse_round_trip(roll):
    assert parse_dice_roll(str(roll)) == roll


@settings(max_examples=50)
@given(st.integers())
def test_roll_dice_same_seed_same_roll(seed_value):
    assert roll_dice(random.Random(seed_value)) == roll_dice(random.Random(seed_value))


def test_roll_dice_uses_every_face_of_every_die():
    rng = random.Random(2021)
    seen = [roll_dice(rng) for _ in range(600)]
    assert {roll.red for roll in seen} == set(range(1, 7))
    assert {roll.blue[0] for roll in seen} == set(range(1, 7))
    assert {roll.blue[1] for roll in seen} == set(range(1, 7))


def test_all_rolls_are_the_216_ordered_outcomes():
    every = list(all_rolls())
    assert len(every) == 6 * 6 * 6
    assert len(set(every)) == 216
    totals = Counter(roll.total for roll in every)
    # Ordered ways for three dice: 3 and 18 one way each, 10 and 11 twenty-seven ways each.
    assert totals[3] == totals[18] == 1
    assert totals[10] == totals[11] == 27
    assert sum(totals.values()) == 216
