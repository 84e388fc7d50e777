"""The chip rack: a table's denominations and colours, chips counted by denomination, and a count read from text.

A step that moves money from the rack names its chips, not a total: ``"2500x3 500x1"`` is three $25 chips and one
$5 chip, each denomination in cents with its count, largest first. The server derives the total from the chips.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

from simulator.core.money import Cents, format_cents, parse_dollars


@dataclass(frozen=True)
class Denomination:
    """One chip in the rack: its value in cents and the colour the felt draws it in."""

    cents: Cents
    colour: str

    def stack_name(self, count: int) -> str:
        """A stack as a screen reader says it.

        >>> Denomination(2500, "green").stack_name(3)
        '3 green, $75.00'
        """
        return f"{count} {self.colour}, {format_cents(self.cents * count)}"


Rack = tuple[Denomination, ...]
"""A table's chips, largest first."""

DEFAULT_RACK: Rack = (
    Denomination(100000, "orange"),
    Denomination(50000, "purple"),
    Denomination(10000, "black"),
    Denomination(2500, "green"),
    Denomination(500, "red"),
    Denomination(100, "white"),
)
"""The rack a table has unless its school sets another: $1,000 orange down to $1 white, largest first."""

CHIP_COLOURS = ("white", "pink", "red", "blue", "yellow", "green", "black", "purple", "orange", "grey", "lavender")
"""The colours a rack's chips may take, in the order houses commonly give them value ($1 white, $2.50 pink, $5 red,
$10 blue, $20 yellow, $25 green, $100 black, $500 purple, $1,000 orange, $5,000 grey or lavender): those the felt
draws with its contrast measured (static/css/felt.css)."""

RACK_SEPARATOR = "; "
"""Between two denominations in a rack's text: "$25.00 green; $5.00 red"."""

MAX_RACK_CHARACTERS = 300
"""The longest rack text read: a denomination in every colour written out takes about 220 characters."""

MAX_CHIPS = 500
"""The most chips one step may move: more than any payout a table pays from its rack, far less than a flood."""

Chips = Mapping[Cents, int]
"""A count of chips by denomination in cents."""

TOKEN = re.compile(r"([1-9][0-9]{0,8})x([1-9][0-9]{0,3})")
"""One denomination's count in a chip text: the value in cents, "x", the number of chips."""

COIN = re.compile(r"coin([1-9][0-9]{0,8})")
"""The coin in a chip text: "coin", then the cents paid in coin, less than the rack's smallest chip ("coin50")."""


class ChipsError(ValueError):
    """Chips that cannot be moved: a denomination the rack lacks, a bad count or too many chips."""


def read_rack(text: str) -> Rack:
    """A rack from its text, each denomination its amount and colour, largest first; ChipsError saying what is wrong.

    Every colour is one the felt draws and at most one denomination has it, so a dealer and a screen reader tell the
    chips apart by colour.

    >>> read_rack("$25 green; $5 red") == (Denomination(2500, "green"), Denomination(500, "red"))
    True
    >>> read_rack("$5 red; $25 green")
    Traceback (most recent call last):
    ...
    simulator.core.chips.ChipsError: The rack lists its chips largest first: $25.00 comes before $5.00.
    """
    if len(text) > MAX_RACK_CHARACTERS:
        raise ChipsError(f"A rack is written in at most {MAX_RACK_CHARACTERS} characters.")
    if not text.strip():
        raise ChipsError("A rack holds at least one denomination.")
    rack: list[Denomination] = []
    for written in text.split(";"):
        amount, _, colour = written.strip().rpartition(" ")
        if colour not in CHIP_COLOURS:
            raise ChipsError(f"{colour[:20]!r} is not a chip colour: choose from {', '.join(CHIP_COLOURS)}.")
        try:
            cents = parse_dollars(amount)
        except ValueError as error:
            raise ChipsError(f"{written.strip()[:40]!r}: {error}") from None
        if cents <= 0:
            raise ChipsError("A chip is worth more than nothing.")
        if any(each.colour == colour for each in rack):
            raise ChipsError(f"Two denominations are {colour}: each colour names one.")
        if rack and cents >= rack[-1].cents:
            raise ChipsError(
                f"The rack lists its chips largest first: {format_cents(cents)} comes before "
                f"{format_cents(rack[-1].cents)}."
            )
        rack.append(Denomination(cents, colour))
    return tuple(rack)


def write_rack(rack: Rack) -> str:
    """A rack as its text, largest first.

    >>> write_rack(DEFAULT_RACK[-2:])
    '$5.00 red; $1.00 white'
    """
    return RACK_SEPARATOR.join(f"{format_cents(each.cents)} {each.colour}" for each in rack)


def chip_total(chips: Chips) -> Cents:
    """The amount the chips make.

    >>> chip_total({2500: 3, 500: 1})
    8000
    """
    return sum(cents * count for cents, count in chips.items())


def chip_count(chips: Chips) -> int:
    """How many chips there are."""
    return sum(chips.values())


def read_chips(text: str, rack: Rack = DEFAULT_RACK) -> dict[Cents, int]:
    """The chips a text names, each denomination once and in the rack; ChipsError with a sentence for anything else.

    >>> read_chips("2500x3 500x1")
    {2500: 3, 500: 1}
    >>> read_chips("")
    {}
    >>> read_chips("700x1")
    Traceback (most recent call last):
    ...
    simulator.core.chips.ChipsError: The rack has no $7.00 chip.
    """
    values = {denomination.cents for denomination in rack}
    chips: dict[Cents, int] = {}
    for token in text.split():
        match = TOKEN.fullmatch(token)
        if match is None:
            raise ChipsError(f"{token[:20]!r} is not a count of chips, such as 2500x3 for three $25 chips.")
        cents, count = int(match[1]), int(match[2])
        if cents not in values:
            raise ChipsError(f"The rack has no {format_cents(cents)} chip.")
        if cents in chips:
            raise ChipsError(f"The {format_cents(cents)} chips are counted twice.")
        chips[cents] = count
        if chip_count(chips) > MAX_CHIPS:
            raise ChipsError(f"One step moves at most {MAX_CHIPS} chips.")
    return chips


@dataclass(frozen=True)
class ChipPayment:
    """A payment from the rack: its chips, and the coin that pays what is less than the rack's smallest chip."""

    chips: Chips
    coin: Cents = 0

    @property
    def total(self) -> Cents:
        """The amount the chips and the coin make."""
        return chip_total(self.chips) + self.coin

    @property
    def text(self) -> str:
        """The payment as a step's text names it, its chips largest first, then its coin.

        >>> ChipPayment({100: 2, 500: 1}, 50).text
        '500x1 100x2 coin50'
        """
        return " ".join(filter(None, (write_chips(self.chips), f"coin{self.coin}" if self.coin else "")))

    def spoken(self, rack: Rack = DEFAULT_RACK) -> str:
        """The payment as a dealer counts it down: the stacks, then the coin.

        >>> ChipPayment({500: 1, 100: 2}, 50).spoken()
        '1 red, $5.00; 2 white, $2.00; $0.50 in coin'
        """
        coin = f"{format_cents(self.coin)} in coin" if self.coin else ""
        stacks = spoken_chips(self.chips, rack) if self.chips or not coin else ""
        return "; ".join(filter(None, (stacks, coin)))


def read_payment(text: str, rack: Rack = DEFAULT_RACK) -> ChipPayment:
    """The chips and any coin a step's text names (:func:`read_chips`, then "coin50"); ChipsError saying what is wrong.

    Coin pays only what is less than the rack's smallest chip: the rest of a payout is paid in chips.

    >>> read_payment("500x1 100x2 coin50").total
    750
    >>> read_payment("coin150")
    Traceback (most recent call last):
    ...
    simulator.core.chips.ChipsError: Coin pays only what is less than the smallest chip, $1.00: the rest is in chips.
    """
    words = text.split()
    coins = [word for word in words if word.startswith("coin")]
    chips = read_chips(" ".join(word for word in words if not word.startswith("coin")), rack)
    if not coins:
        return ChipPayment(chips)
    match = COIN.fullmatch(coins[0])
    if len(coins) > 1 or match is None:
        raise ChipsError(f"{coins[-1][:20]!r}: the coin is named once, in cents, such as coin50 for 50 cents.")
    coin = int(match[1])
    if coin >= rack[-1].cents:
        smallest = format_cents(rack[-1].cents)
        raise ChipsError(f"Coin pays only what is less than the smallest chip, {smallest}: the rest is in chips.")
    return ChipPayment(chips, coin)


def write_chips(chips: Chips) -> str:
    """The chips as a step's text names them, largest first, with no empty stack.

    >>> write_chips({500: 1, 2500: 3, 100: 0})
    '2500x3 500x1'
    """
    return " ".join(f"{cents}x{count}" for cents, count in sorted(chips.items(), reverse=True) if count)


def spoken_chips(chips: Chips, rack: Rack = DEFAULT_RACK) -> str:
    """The chips as a dealer counts them down, stack by stack, largest first.

    >>> spoken_chips({500: 1, 2500: 3})
    '3 green, $75.00; 1 red, $5.00'
    >>> spoken_chips({})
    'no chips'
    """
    return "; ".join(each.stack_name(chips[each.cents]) for each in rack if chips.get(each.cents)) or "no chips"


def largest_chip(amount: Cents, rack: Rack = DEFAULT_RACK) -> Denomination:
    """The largest chip an amount holds, or the rack's smallest for less than it: the colour the felt draws it in.

    >>> largest_chip(8000).colour, largest_chip(50).colour
    ('green', 'white')
    """
    return next((each for each in rack if amount >= each.cents), rack[-1])
