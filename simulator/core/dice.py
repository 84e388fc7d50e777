"""The three dice of the Pai Gow Poker shaker: one red and two blue, rolled, read and written."""

from __future__ import annotations

import itertools
import random
import re
from collections.abc import Iterator
from dataclasses import dataclass

DIE_FACES = range(1, 7)
"""The faces of one die: 1 through 6."""

_SPOKEN_ROLL = re.compile(r"red\s+(\d+)\s*,?\s*blue\s+(\d+)\s*(?:,\s*blue|and|,|\s)\s*(\d+)", re.IGNORECASE)
_NUMBERS_ROLL = re.compile(r"(\d+)[\s,-]+(\d+)[\s,-]+(\d+)")


def spoken_dice(red: int, first_blue: int, second_blue: int) -> str:
    """Three dice as the dealer calls them, red first: ``red 5, blue 1, blue 5``."""
    return f"red {red}, blue {first_blue}, blue {second_blue}"


def _check_face(value: object, die: str) -> int:
    """Return ``value`` if it is a face of a die; raise ValueError naming the die otherwise."""
    if isinstance(value, bool) or not isinstance(value, int) or value not in DIE_FACES:
        raise ValueError(f"The {die} die shows {value!r}: a die shows a whole number from 1 to 6.")
    return value


@dataclass(frozen=True)
class DiceRoll:
    """One roll of the shaker: the red die and the two blue dice (§645b.2(c)).

    >>> roll = DiceRoll(6, (2, 1))
    >>> roll.total, roll.values, str(roll)
    (9, (6, 2, 1), 'red 6, blue 2, blue 1')
    """

    red: int
    blue: tuple[int, int]

    def __post_init__(self) -> None:
        """Reject a roll that is not one red and two blue dice showing 1 to 6."""
        _check_face(self.red, "red")
        if not isinstance(self.blue, tuple) or len(self.blue) != 2:
            raise ValueError(f"Blue dice {self.blue!r}: a roll has exactly two blue dice, given as a pair.")
        for blue in self.blue:
            _check_face(blue, "blue")

    @property
    def values(self) -> tuple[int, int, int]:
        """The three faces, red first, then the blue dice."""
        return (self.red, *self.blue)

    @property
    def total(self) -> int:
        """The sum of the three dice, 3 to 18."""
        return sum(self.values)

    def __str__(self) -> str:
        """Write the roll as the dealer announces it: ``red 6, blue 2, blue 1``."""
        return spoken_dice(*self.values)


def parse_dice_roll(text: str) -> DiceRoll:
    """Read a roll written ``red 6, blue 2, blue 1`` or as three numbers red first (``6 2 1``, ``6-2-1``).

    >>> parse_dice_roll("Red 5, blue 1 and 1"), parse_dice_roll("6,2,1")
    (DiceRoll(red=5, blue=(1, 1)), DiceRoll(red=6, blue=(2, 1)))
    """
    cleaned = text.strip()
    match = _SPOKEN_ROLL.fullmatch(cleaned) or _NUMBERS_ROLL.fullmatch(cleaned)
    if match is None:
        raise ValueError(f"{text!r} is not a dice roll: write 'red 6, blue 2, blue 1' or three numbers red first.")
    red, first_blue, second_blue = (int(group) for group in match.groups())
    return DiceRoll(red, (first_blue, second_blue))


def roll_dice(rng: random.Random) -> DiceRoll:
    """Roll the red die, then the two blue dice, from the injected random source.

    >>> roll_dice(random.Random(7)) == roll_dice(random.Random(7))
    True
    """
    red = rng.randint(1, 6)
    first_blue = rng.randint(1, 6)
    second_blue = rng.randint(1, 6)
    return DiceRoll(red, (first_blue, second_blue))


def all_rolls() -> Iterator[DiceRoll]:
    """Every one of the 216 ordered rolls, red die slowest, each exactly once.

    >>> rolls = list(all_rolls())
    >>> len(rolls), len(set(rolls)), str(rolls[0]), str(rolls[-1])
    (216, 216, 'red 1, blue 1, blue 1', 'red 6, blue 6, blue 6')
    """
    for red, first_blue, second_blue in itertools.product(DIE_FACES, repeat=3):
        yield DiceRoll(red, (first_blue, second_blue))
