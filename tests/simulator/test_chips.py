"""The chip rack's text: chips named by denomination and count, the total derived, bad counts refused."""

import pytest

from simulator.core.chips import (
    DEFAULT_RACK,
    MAX_CHIPS,
    ChipPayment,
    ChipsError,
    Denomination,
    chip_total,
    read_chips,
    read_payment,
    spoken_chips,
    write_chips,
)


def test_chips_name_their_total_as_the_server_derives_it() -> None:
    """Two black, one green and three white make $228: the step names the chips, the server adds them up."""
    chips = read_chips("10000x2 2500x1 100x3")
    assert chip_total(chips) == 2 * 100_00 + 25_00 + 3 * 1_00
    assert write_chips(chips) == "10000x2 2500x1 100x3"
    assert spoken_chips(chips) == "2 black, $200.00; 1 green, $25.00; 3 white, $3.00"


@pytest.mark.parametrize(
    ("text", "refusal"),
    [
        ("700x1", r"The rack has no \$7\.00 chip\."),
        ("2500x-1", "is not a count of chips"),
        ("2500x0", "is not a count of chips"),
        ("2500x99999", "is not a count of chips"),
        ("2500", "is not a count of chips"),
        ("2500x1 2500x2", "counted twice"),
        (f"100000x{MAX_CHIPS} 100x1", f"at most {MAX_CHIPS} chips"),
        ("500x5000 100x5000", f"at most {MAX_CHIPS} chips"),
    ],
)
def test_a_chip_count_the_rack_cannot_move_is_refused_with_why(text: str, refusal: str) -> None:
    """A denomination the table lacks, a negative, empty or huge count, or ten thousand chips: a sentence saying why."""
    with pytest.raises(ChipsError, match=refusal):
        read_chips(text)


def test_a_school_s_own_rack_is_the_one_a_count_is_read_against() -> None:
    """A rack with a $2.50 pink chip reads one; the default rack has none."""
    pink = (*DEFAULT_RACK[:-1], Denomination(250, "pink"), DEFAULT_RACK[-1])
    assert chip_total(read_chips("250x3", pink)) == 750
    with pytest.raises(ChipsError, match=r"no \$2\.50 chip"):
        read_chips("250x3")


@pytest.mark.parametrize(
    ("text", "refusal"),
    [
        ("500x1 coin0", "the coin is named once, in cents"),
        ("coin25 coin25", "the coin is named once, in cents"),
        ("coin-5", "the coin is named once, in cents"),
        ("coin100", r"less than the smallest chip, \$1\.00"),
    ],
)
def test_coin_pays_once_and_only_what_is_less_than_the_smallest_chip(text: str, refusal: str) -> None:
    """The remainder below the rack's least chip is coin ("coin50"): named once, in cents, under that chip's value."""
    with pytest.raises(ChipsError, match=refusal):
        read_payment(text)
    assert read_payment("500x1 100x2 coin50") == ChipPayment({500: 1, 100: 2}, 50)
