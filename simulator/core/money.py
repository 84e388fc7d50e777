"""Exact money: chips in integer cents, payout odds as whole-number ratios, no floats."""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import ROUND_DOWN, ROUND_HALF_UP, ROUND_UP, Decimal
from enum import StrEnum
from fractions import Fraction

Cents = int
"""An amount of chips in whole cents."""


@dataclass(frozen=True)
class Odds:
    """Payout odds "win to stake", such as 15 to 2.

    >>> Odds(15, 2).pay(500)
    3750
    >>> str(Odds(30, 1))
    '30 to 1'
    """

    win: int
    stake: int = 1

    def __post_init__(self) -> None:
        """Reject odds that are not positive whole numbers."""
        if self.win <= 0 or self.stake <= 0:
            raise ValueError("Odds are two positive whole numbers.")

    def pays_whole_cents(self, wager: Cents) -> bool:
        """Whether the winnings on ``wager`` cents are a whole number of cents.

        >>> Odds(6, 5).pays_whole_cents(1005), Odds(6, 5).pays_whole_cents(1001)
        (True, False)
        """
        return wager * self.win % self.stake == 0

    def pay(self, wager: Cents) -> Cents:
        """The winnings on ``wager`` cents; raise ValueError if that is not a whole cent."""
        if not self.pays_whole_cents(wager):
            raise ValueError(f"{self} on {format_cents(wager)} is not a whole number of cents.")
        return wager * self.win // self.stake

    def __str__(self) -> str:
        """Write the odds as the paytable does."""
        return f"{self.win} to {self.stake}"

    @classmethod
    def parse(cls, text: str) -> Odds:
        """Read odds written as a paytable writes them, such as "15 to 2"; ValueError for anything else.

        >>> Odds.parse(" 8,000 to 1 ")
        Odds(win=8000, stake=1)
        >>> Odds.parse("2.5 to 1")
        Traceback (most recent call last):
        ...
        ValueError: '2.5 to 1' is not odds of two whole numbers, such as 25 to 1 or 15 to 2.
        """
        found = ODDS.fullmatch(text.strip()) if len(text) <= MAX_DOLLARS_CHARACTERS else None
        if found is None:
            raise ValueError(f"{_quoted(text)} is not odds of two whole numbers, such as 25 to 1 or 15 to 2.")
        win, stake = (int(number.replace(",", "")) for number in found.groups())
        if win == 0 or stake == 0:
            raise ValueError(f"{_quoted(text)}: both numbers of the odds are above 0.")
        return cls(win, stake)


class Rounding(StrEnum):
    """How a fraction of a cent (or of a larger unit) is rounded."""

    DOWN = "down"
    UP = "up"
    HALF_UP = "half up"


_ROUNDING_MODES = {Rounding.DOWN: ROUND_DOWN, Rounding.UP: ROUND_UP, Rounding.HALF_UP: ROUND_HALF_UP}


def round_to_unit(amount: Decimal, unit: Cents, rounding: Rounding) -> Cents:
    """Round an amount in cents to a whole number of ``unit`` cents.

    >>> round_to_unit(Decimal("126.25"), 25, Rounding.UP)
    150
    >>> round_to_unit(Decimal("5.05"), 1, Rounding.HALF_UP)
    5
    """
    units = (amount / unit).quantize(Decimal(1), rounding=_ROUNDING_MODES[rounding])
    return int(units) * unit


def format_cents(amount: Cents | Decimal) -> str:
    """Write an amount as dollars, with sub-cent digits only when there are any.

    >>> format_cents(3750), format_cents(-125), format_cents(Decimal("10002.5"))
    ('$37.50', '-$1.25', '$100.025')
    """
    sign = "-" if amount < 0 else ""
    dollars = abs(Decimal(amount)) / 100
    text = f"{dollars:,.2f}" if dollars == dollars.quantize(Decimal("0.01")) else f"{dollars.normalize():,f}"
    return f"{sign}${text}"


def exact_percent(value: Fraction) -> str:
    """A fraction as a percentage to four decimals, rounded half to even from the exact value.

    >>> exact_percent(Fraction(512, 22100)), exact_percent(Fraction(1, 3))
    ('2.3167%', '33.3333%')
    """
    rounded = round(value * 100, 4)
    return f"{Decimal(rounded.numerator) / Decimal(rounded.denominator):.4f}%"


def given_money(amount: object) -> str:
    """An amount given by the trainee, written as money when it is a whole number of cents.

    >>> given_money(1250), given_money(True), given_money("12.50")
    ('$12.50', 'True', "'12.50'")
    """
    return format_cents(amount) if isinstance(amount, int) and not isinstance(amount, bool) else repr(amount)


DOLLARS = re.compile(r"(?:[0-9]{1,3}(?:,[0-9]{3})+|[0-9]+)(?:\.[0-9]+)?")
"""Dollars in ASCII digits, a comma only between groups of three: "1,000.50", never "5,00", "1e3", "-5" or "NaN"."""

ODDS = re.compile(r"([0-9]{1,3}(?:,[0-9]{3})+|[0-9]{1,7}) to ([0-9]{1,3}(?:,[0-9]{3})+|[0-9]{1,7})")
"""Odds as a paytable writes them: two whole numbers of at most seven digits, "win to stake"."""

MAX_CENTS: Cents = 999_999_999
"""The largest amount typed anywhere in the school, $9,999,999.99: it fits a database's 32-bit integer column."""

MAX_DOLLARS_CHARACTERS = 24
"""The longest text read as dollars ("$9,999,999.99" is 13): anything longer is refused unread."""


def _quoted(text: str) -> str:
    """The text as an error message quotes it, cut short when it is long."""
    return repr(text if len(text) <= MAX_DOLLARS_CHARACTERS else f"{text[:MAX_DOLLARS_CHARACTERS]}…")


def parse_dollars(text: str) -> Cents:
    """Read a dollar amount such as ``"37.50"`` or ``"$1,000"`` into cents; raise ValueError otherwise.

    The text is bounded before it is converted: its length, then its shape (:data:`DOLLARS`: no sign, exponent, NaN
    or Infinity), then the amount (at most :data:`MAX_CENTS`), so no text costs more to refuse than a short one.

    >>> parse_dollars("$1,037.50")
    103750
    >>> parse_dollars("1e399999")
    Traceback (most recent call last):
    ...
    ValueError: '1e399999' is not an amount in dollars, such as 25 or 37.50.
    """
    cleaned = text.strip().removeprefix("$")
    if len(cleaned) > MAX_DOLLARS_CHARACTERS or not DOLLARS.fullmatch(cleaned):
        raise ValueError(f"{_quoted(text)} is not an amount in dollars, such as 25 or 37.50.")
    cents = Decimal(cleaned.replace(",", "")) * 100
    if cents != cents.to_integral_value():
        raise ValueError(f"{_quoted(text)} is not a whole number of cents.")
    if cents > MAX_CENTS:
        raise ValueError(f"{_quoted(text)} is over {format_cents(MAX_CENTS)}, the most an amount can be.")
    return int(cents)
