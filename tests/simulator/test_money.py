"""Amounts typed in dollars: read into whole cents within bounds, everything else refused before it is converted."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from simulator.core.money import MAX_CENTS, parse_dollars


@pytest.mark.parametrize(
    ("text", "cents"),
    [("25", 2500), ("$1,037.50", 103750), (" 0.25 ", 25), ("1.500", 150), ("9,999,999.99", MAX_CENTS)],
)
def test_an_amount_in_dollars_is_read_in_whole_cents(text, cents):
    assert parse_dollars(text) == cents


@pytest.mark.parametrize(
    "text",
    [
        *("1e399999", "1e999990", "1e999999999", "1e5000", "sNaN", "NaN", "-Infinity", "Infinity", "-5", "+5"),
        *("1_000", "5,00", "1,0,0", "٥", "0x10", "", "$", "1.", ".5", "9" * 100_000, "[" * 100_000),
    ],
)
def test_exponents_nan_infinity_signs_and_odd_digits_are_not_amounts_in_dollars(text):
    with pytest.raises(ValueError, match="is not an amount in dollars"):
        parse_dollars(text)


@pytest.mark.parametrize("text", ["10000000", "99999999999999999999.99", "10,000,000.00"])
def test_an_amount_over_the_school_maximum_is_refused(text):
    with pytest.raises(ValueError, match=r"is over \$9,999,999\.99"):
        parse_dollars(text)


def test_a_fraction_of_a_cent_is_refused():
    with pytest.raises(ValueError, match="not a whole number of cents"):
        parse_dollars("0.005")


@given(st.text(max_size=40) | st.from_regex(r"\$?[0-9,]{1,12}(\.[0-9]{0,4})?", fullmatch=True))
def test_any_text_is_whole_cents_within_bounds_or_a_value_error(text):
    try:
        cents = parse_dollars(text)
    except ValueError:
        return
    assert type(cents) is int and 0 <= cents <= MAX_CENTS
