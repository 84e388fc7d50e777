"""The house's chipping procedure: which chips make up a payout from the rack, a table option beside the rack itself.

Every game's rules carry both, declared once here: :class:`HouseChips` gives a rules type its ``rack`` and
``chipping`` attributes, and :data:`CHIP_OPTIONS` the two options that read, write and describe them. Neither is
regulation: the regulation says what a wager is paid, never in which chips, so both are the school's house procedure.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from functools import lru_cache, reduce
from math import gcd
from operator import or_

from simulator.core.chips import (
    CHIP_COLOURS,
    DEFAULT_RACK,
    MAX_CHIPS,
    ChipPayment,
    Chips,
    ChipsError,
    Rack,
    chip_count,
    chip_total,
    largest_chip,
    read_rack,
    spoken_chips,
    write_rack,
)
from simulator.core.clauses import cite
from simulator.core.json_values import JsonValue
from simulator.core.money import Cents, format_cents
from simulator.core.rules import HouseOption, OptionField, RulesError, choice, write_options


class ChippingProcedure(StrEnum):
    """The ways a house has its dealers make up a payout."""

    HIGHEST_FIRST = "highest_first"
    COLOUR_FOR_COLOUR = "colour_for_colour"
    AT_MOST = "at_most"


@dataclass(frozen=True)
class Chipping:
    """A chipping procedure; ``most`` is the stated mix's limit on chips of one denomination (``AT_MOST`` only)."""

    procedure: ChippingProcedure = ChippingProcedure.HIGHEST_FIRST
    most: int = 0

    @property
    def key(self) -> str:
        """The procedure as the rules' JSON names it: "highest_first", "colour_for_colour" or "at_most_4"."""
        if self.procedure is ChippingProcedure.AT_MOST:
            return f"{self.procedure.value}_{self.most}"
        return self.procedure.value

    @property
    def words(self) -> str:
        """The procedure as the house rules say it.

        >>> Chipping().words, Chipping(ChippingProcedure.AT_MOST, 4).words
        ('highest denominations first', 'at most 4 chips of one denomination')
        """
        if self.procedure is ChippingProcedure.AT_MOST:
            return f"at most {self.most} {'chip' if self.most == 1 else 'chips'} of one denomination"
        return PROCEDURE_WORDS[self.procedure]

    def payment(self, amount: Cents, rack: Rack, wager: Cents | None = None) -> ChipPayment:
        """The chips this procedure pays ``amount`` in, and the coin below the smallest; ``wager`` the one paid on.

        Colour for colour pays highest first in no chip larger than the wager's largest, taking the wager as made up
        highest first (the chips on it are not recorded); a payout with no wager of its own (a bonus, a progressive
        or Mystery Bonus award), or one that would take more than MAX_CHIPS chips or more coin so, is paid highest
        first. At most N of one denomination pays the fewest chips within it (:func:`fewest_within`).

        >>> Chipping(ChippingProcedure.COLOUR_FOR_COLOUR).payment(4500, DEFAULT_RACK, wager=3000).chips
        {2500: 1, 500: 4}
        >>> Chipping(ChippingProcedure.COLOUR_FOR_COLOUR).payment(4550, DEFAULT_RACK, wager=1000)
        ChipPayment(chips={500: 9}, coin=50)
        >>> Chipping(ChippingProcedure.AT_MOST, 4).payment(1000, read_rack("$5 red; $2.50 pink; $1 white")).chips
        {500: 2}
        """
        chips = highest_first(amount, rack)
        coin = amount - chip_total(chips)
        if self.procedure is ChippingProcedure.AT_MOST:
            chips = fewest_within(amount - coin, rack, self.most) or chips
        if self.procedure is ChippingProcedure.COLOUR_FOR_COLOUR and wager is not None:
            largest = largest_chip(wager, rack).cents
            matched = highest_first(amount, tuple(each for each in rack if each.cents <= largest))
            fits = chip_count(matched) <= MAX_CHIPS and chip_total(matched) == amount - coin
            chips = matched if fits else chips
        return ChipPayment(chips, coin)

    def follows(self, chips: Chips, rack: Rack, wager: Cents | None = None, coin: Cents = 0) -> bool:
        """Whether a payment in ``chips`` follows this procedure: the procedure's own chips, or within its stated mix.

        ``coin`` paid beside the chips counts in the amount the procedure makes up: coin in place of a chip the rack
        has (50 cents and two $1 whites for a $2.50 pink) is not the procedure's.

        >>> at_most_four = Chipping(ChippingProcedure.AT_MOST, 4)
        >>> at_most_four.follows({10000: 1, 2500: 2, 500: 6}, DEFAULT_RACK)
        False
        >>> at_most_four.follows({100000: 7, 2500: 4}, DEFAULT_RACK)
        True
        """
        if self.procedure is ChippingProcedure.AT_MOST:
            within = all(count <= self.most for cents, count in chips.items() if cents != rack[0].cents)
            return within and coin == self.payment(chip_total(chips) + coin, rack).coin
        paid = {cents: count for cents, count in chips.items() if count}
        return paid == self.payment(chip_total(chips) + coin, rack, wager).chips


PROCEDURE_WORDS = {
    ChippingProcedure.HIGHEST_FIRST: "highest denominations first",
    ChippingProcedure.COLOUR_FOR_COLOUR: "colour for colour with the wager",
}
"""The procedures that take no number, in the house rules' words."""

MOST_OF_ONE_DENOMINATION = range(1, 11)
"""The stated mixes a table may choose: at most 1 to 10 chips of one denomination."""

CHIPPINGS = {
    chipping.key: chipping
    for chipping in (
        Chipping(),
        Chipping(ChippingProcedure.COLOUR_FOR_COLOUR),
        *(Chipping(ChippingProcedure.AT_MOST, most) for most in MOST_OF_ONE_DENOMINATION),
    )
}
"""Every chipping procedure a table may choose, by its JSON key."""

DEFAULT_CHIPPING = Chipping()
"""Highest denominations first, unless the school sets another procedure."""


@dataclass(frozen=True)
class BuyInMix:
    """The chips cash is sold in: up to ``most`` chips of ``unit`` first, the rest highest first (no unit: all so)."""

    unit: Cents = 0
    most: int = 0

    @property
    def key(self) -> str:
        """The mix as the rules' JSON names it: "highest_first" or "unit_500_20"."""
        return f"unit_{self.unit}_{self.most}" if self.unit else "highest_first"

    @property
    def words(self) -> str:
        """The mix as the house rules say it.

        >>> BuyInMix(500, 20).words, BuyInMix().words
        ('up to 20 $5.00 chips, the rest highest denominations first', 'highest denominations first')
        """
        if not self.unit:
            return PROCEDURE_WORDS[ChippingProcedure.HIGHEST_FIRST]
        return f"up to {self.most} {format_cents(self.unit)} chips, the rest highest denominations first"

    def chips(self, cash: Cents, rack: Rack) -> dict[Cents, int]:
        """The chips ``cash`` is sold in.

        >>> BuyInMix(500, 20).chips(30000, DEFAULT_RACK)
        {10000: 2, 500: 20}
        >>> BuyInMix(500, 20).chips(4300, DEFAULT_RACK)
        {500: 8, 100: 3}
        """
        units = min(cash // self.unit, self.most) if self.unit else 0
        rest = highest_first(cash - units * self.unit, rack)
        if units:
            rest[self.unit] = rest.get(self.unit, 0) + units
        return {cents: rest[cents] for cents in sorted(rest, reverse=True)}


BUY_IN_MIXES = {
    mix.key: mix for mix in (BuyInMix(), *(BuyInMix(unit, most) for unit in (100, 500, 2500) for most in (10, 20)))
}
"""Every buy-in mix a table may choose, by its JSON key."""

DEFAULT_BUY_IN_MIX = BuyInMix(500, 20)
"""Up to twenty $5 chips, the rest highest first, unless the school sets another mix."""

CHIP_RACK = cite("Chip rack, option rack")
BUY_IN_MIX = cite("Buy-in mix, option buy_in_mix")
CHIPPING = cite("Chipping procedure, option chipping")
BEYOND_THE_RACK = HouseOption(
    "paying beyond the rack",
    f"coin for what is less than the smallest chip; a payout of more than {MAX_CHIPS} chips by its amount",
    "the same",
    cite("Paying beyond the rack"),
)
"""The fixed house procedure for what the rack's chips cannot pay, listed with every table's house rules."""


def highest_first(amount: Cents, rack: Rack) -> dict[Cents, int]:
    """The chips that pay ``amount`` highest first: each as large as the amount left allows, largest first.

    A chip is taken only while the smaller ones can still make up the rest, so that what is left below the rack's
    smallest chip, paid in coin (:data:`BEYOND_THE_RACK`), is as little as may be: beside a $2.50 pink, $44 is a
    $25 green, three $5 reds and four $1 whites, not a pink, a white and 50 cents in coin.

    >>> highest_first(18000, DEFAULT_RACK)
    {10000: 1, 2500: 3, 500: 1}
    >>> pink = read_rack("$25 green; $5 red; $2.50 pink; $1 white")
    >>> highest_first(750, pink), highest_first(4400, pink), highest_first(4450, pink)
    ({500: 1, 250: 1}, {2500: 1, 500: 3, 100: 4}, {2500: 1, 500: 3, 250: 1, 100: 2})
    """
    step = reduce(gcd, (each.cents for each in rack))
    coins = range(amount % step, min(amount, rack[-1].cents - 1) + 1, step)
    # The chips each as large as the amount left allows, whatever their coin, are among those tried: one is found.
    return next(chips for coin in coins if (chips := made_up(amount - coin, rack)) is not None)


def made_up(amount: Cents, rack: Rack) -> dict[Cents, int] | None:
    """``amount`` made up exactly in the rack's chips, as many of each as leave a rest the smaller chips make; or None.

    Each chip is tried from as many as fit down to as many fewer as bring the rest round to every remainder the
    smaller chips' common measure allows.
    """
    if not rack:
        return {} if amount == 0 else None
    first, smaller = rack[0].cents, rack[1:]
    most = amount // first
    measure = reduce(gcd, (each.cents for each in smaller), 0)
    tries = measure // gcd(first, measure) if measure else 1
    for count in range(most, max(most - tries, -1), -1):
        rest = made_up(amount - count * first, smaller)
        if rest is not None:
            return {first: count, **rest} if count else rest
    return None


def fewest_within(amount: Cents, rack: Rack, most: int) -> dict[Cents, int] | None:
    """``amount`` in the fewest chips, at most ``most`` of each but the largest; among as few, the larger chips first.

    Each chip is tried from as many as fit down to none, the largest first, and a way is kept only when it takes
    fewer chips than any found before it: of the ways with the fewest chips, the one with the most of the larger
    chips. None when no way keeps to ``most``.

    >>> pink = read_rack("$5 red; $2.50 pink; $1 white")
    >>> fewest_within(900, pink, 4), fewest_within(400, pink, 3)
    ({500: 1, 100: 4}, None)
    """
    best: dict[Cents, int] | None = None

    def search(rest: Cents, index: int, chosen: dict[Cents, int], count: int) -> None:
        nonlocal best
        if rest == 0:
            if best is None or count < chip_count(best):
                best = {cents: n for cents, n in chosen.items() if n}
            return
        smaller = rack[index:]
        if not smaller or rest % reduce(gcd, (each.cents for each in smaller)):
            return
        first = smaller[0].cents
        cap = rest // first if index == 0 else min(most, rest // first)
        below = most * sum(each.cents for each in smaller[1:])
        for n in range(cap, max(-1, -(-(rest - below) // first) - 1), -1):
            if best is not None and count + n + (1 if rest > n * first else 0) >= chip_count(best):
                continue
            search(rest - n * first, index + 1, {**chosen, first: n}, count + n)

    search(amount, 0, {}, 0)
    return best


MOST_AMOUNTS_CHECKED = 1 << 20
"""The most amounts, in steps of the rack's common measure, a stated mix is checked over when the table is set."""


@lru_cache(maxsize=256)
def first_unpaid(rack: Rack, most: int) -> Cents | None:
    """The least amount the rack's chips make that none with at most ``most`` of one denomination make; or None.

    The largest chip is excepted from ``most``. ChipsError when the rack is too wide to check.

    Amounts are counted in steps of the rack's common measure, as bits of an integer: those the chips within the
    mix make, then each with any number of the largest chip added. Past the most the smaller chips make, whether an
    amount is made depends only on its remainder by the largest chip, so every amount to one largest chip beyond
    that, and beyond every amount the rack makes at all, settles every amount.
    """
    step = reduce(gcd, (each.cents for each in rack))
    largest, smallest = rack[0].cents // step, rack[-1].cents // step
    within = 1
    for each in rack[1:]:
        within = reduce(or_, (within << count * (each.cents // step) for count in range(most + 1)))
    top = within.bit_length() + largest * (smallest + 1)
    if top > MOST_AMOUNTS_CHECKED:
        raise ChipsError("this rack's chips are too far apart in value for a stated mix to be checked against it")
    mask = (1 << top) - 1
    any_chips = reduce(lambda made, each: with_any(made, each.cents // step, mask), rack, 1)
    made = with_any(within, largest, mask)
    missing = any_chips & ~made & mask
    return ((missing & -missing).bit_length() - 1) * step if missing else None


def with_any(amounts: int, chip: int, mask: int) -> int:
    """The amounts, as bits, each with any number of ``chip`` added, up to ``mask``: doubling the number each pass."""
    shift = chip
    while amounts != (amounts := amounts | (amounts << shift) & mask):
        shift *= 2
    return amounts


def chipping_fault(rack: Rack, chipping: Chipping) -> str:
    """Why a procedure cannot make up every payout from the rack; "" when it can.

    A stated mix that leaves some amount the rack's chips make unpaid, its coin aside (:data:`BEYOND_THE_RACK`), is
    refused when the table is set, never at a payout, naming the smallest such amount and the least mix that pays
    every one.
    """
    if chipping.procedure is not ChippingProcedure.AT_MOST:
        return ""
    try:
        unpaid = first_unpaid(rack, chipping.most)
        if unpaid is None:
            return ""
        needed = next((most for most in MOST_OF_ONE_DENOMINATION if first_unpaid(rack, most) is None), None)
    except ChipsError as error:
        return f"{chipping.words.capitalize()} cannot follow this rack: {error}."
    least = next(most for most in range(chipping.most + 1, MAX_CHIPS) if fewest_within(unpaid, rack, most))
    paid = fewest_within(unpaid, rack, least) or {}
    choose = f"choose at least {needed}" if needed else "no stated mix pays every amount: choose another procedure"
    return (
        f"{chipping.words.capitalize()} cannot follow this rack: {format_cents(unpaid)} takes at least {least} "
        f"chips of one denomination in any payment from it ({spoken_chips(paid, rack)}): {choose}."
    )


@dataclass(frozen=True, kw_only=True)
class HouseChips:
    """The chip rack and the chipping procedure of a table's rules: every game's rules type is one."""

    rack: Rack = DEFAULT_RACK
    chipping: Chipping = DEFAULT_CHIPPING
    buy_in_mix: BuyInMix = DEFAULT_BUY_IN_MIX

    def __post_init__(self) -> None:
        """Refuse a chipping procedure the rack cannot follow for every payout, naming the option."""
        problems = self.chip_problems()
        if problems:
            raise RulesError(problems)

    def chip_problems(self) -> dict[str, str]:
        """The option at fault and why, for a rules type that reports every bad field at once; none when all is well."""
        problems: dict[str, str] = {}
        fault = chipping_fault(self.rack, self.chipping)
        if fault:
            problems["chipping"] = fault
        unit = self.buy_in_mix.unit
        if unit and all(each.cents != unit for each in self.rack):
            problems["buy_in_mix"] = f"The rack has no {format_cents(unit)} chip to sell a buy-in in."
        return problems


def _rack(given: JsonValue) -> Rack:
    """Read a rack written as text: ValueError saying what is wrong."""
    if not isinstance(given, str):
        raise ValueError(f'a rack written as text, such as "$25 green; $5 red; $1 white", is wanted, not {given!r}')
    try:
        return read_rack(given)
    except ChipsError as error:
        raise ValueError(str(error)) from None


CHIP_OPTIONS: dict[str, OptionField] = {
    "rack": OptionField(
        CHIP_RACK,
        'The chips in the rack, largest first, each its amount and colour ("$25 green; $5 red; $2.50 pink; $1 white"); '
        f"each colour names one denomination, from {', '.join(CHIP_COLOURS[:-1])} and {CHIP_COLOURS[-1]}.",
        _rack,
        write_rack,
        write_rack,
        house_rule=True,
        label="Chip rack",
    ),
    "chipping": choice(
        CHIPPINGS,
        CHIPPING,
        "Which chips make up a payout: highest denominations first, colour for colour with the wager, or at most a "
        "number of chips of one denomination (any mix within it; the fewest chips named as expected, the most of the "
        "larger chips among as few).",
        describe=lambda chipping: chipping.words,
        house_rule=True,
        label="Chipping procedure",
    ),
    "buy_in_mix": choice(
        BUY_IN_MIXES,
        BUY_IN_MIX,
        "Which chips a buy-in is sold in: up to a number of chips of the betting unit first, the rest highest "
        "denominations first; or all of it highest denominations first.",
        describe=lambda mix: mix.words,
        house_rule=True,
        label="Buy-in mix",
    ),
}
"""The rack, the chipping procedure and the buy-in mix: the options every game's rules share, by attribute."""


def chip_options_json(rules: HouseChips, *, skip_defaults: bool = False) -> dict[str, JsonValue]:
    """The rack and chipping of ``rules`` as JSON; with ``skip_defaults`` only those the table changed."""
    data = write_options(CHIP_OPTIONS, rules)
    defaults = write_options(CHIP_OPTIONS, HouseChips())
    return {name: value for name, value in data.items() if not (skip_defaults and value == defaults[name])}


def rack_fault(amount: Cents, rack: Rack) -> str:
    """Why the rack cannot pay ``amount`` in one step, highest first with coin below its smallest chip; "" if it can.

    Such a payout is paid by its amount alone (:data:`BEYOND_THE_RACK`), so no round waits on chips it cannot have.

    >>> rack_fault(800_000_00, DEFAULT_RACK)
    '$800,000.00 takes 800 chips highest first, more than the 500 one payment moves: it is paid by its amount.'
    """
    count = chip_count(highest_first(amount, rack))
    if count <= MAX_CHIPS:
        return ""
    return (
        f"{format_cents(amount)} takes {count} chips highest first, more than the {MAX_CHIPS} one payment moves: "
        "it is paid by its amount."
    )
