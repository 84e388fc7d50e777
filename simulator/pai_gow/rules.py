"""The Rules Submission of a Pai Gow Poker table: every option the regulation leaves to the house.

§601a.2 has each certificate holder file the options it uses; :class:`TableRules` is that filing for
one simulated table. Options that fill a gap in 51 Pa.B. 5607 (or in the Chapter 645a text we could not
read) carry a house citation, so the trainee always sees that they are house rules, not law.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from decimal import Decimal
from enum import StrEnum
from typing import Any

from simulator.core.chipping import BEYOND_THE_RACK, CHIP_OPTIONS, HouseChips
from simulator.core.citations import Citation
from simulator.core.clauses import cite
from simulator.core.hands import JOKER_CITATION as JOKER
from simulator.core.hands import WheelRank
from simulator.core.json_values import JsonObject, JsonValue
from simulator.core.money import Cents, Rounding, format_cents, round_to_unit
from simulator.core.mystery_meter import (
    DEFAULT_CONFIGURATION,
    MysteryConfiguration,
    PaymentSource,
    configuration_fields,
    mystery_clause,
    mystery_configuration,
)
from simulator.core.progressive import FIXED_ODDS_SOURCE
from simulator.core.rules import (
    HouseOption,
    Option,
    OptionField,
    RulesError,
    choice,
    describe_options,
    describe_value,
    flag,
    gap_options,
    group,
    members,
    read_options,
    whole_number,
    write_options,
)
from simulator.dice.wagers import BeatItPaytable, DicePaytable, SumPaytable, beat_it_paytable, sum_paytable
from simulator.pai_gow.filed_paytables import (
    fortune_paytable_json,
    progressive_paytable_json,
    read_fortune_paytable,
    read_progressive_paytable,
)
from simulator.pai_gow.fortune import REPRESENTATIVE_FORTUNE_PAYTABLE, FortunePaytable
from simulator.pai_gow.house_way import HOUSE_WAYS
from simulator.pai_gow.progressive import EXAMPLE_PROGRESSIVE_PAYTABLE, ProgressivePaytable
from simulator.pai_gow.starting_position import DealingDirection

RATE = re.compile(r"[0-9](?:\.[0-9]{1,8})?")
"""A commission rate as text: a digit and up to eight decimals ("0.05"), never an exponent, NaN or Infinity."""


class ShakerType(StrEnum):
    """How the three dice are shaken (§645b.2(a), (f))."""

    PLAYER_ACTIVATED = "player-activated shaker"
    MANUAL = "manual shaker"


class ShakerSelection(StrEnum):
    """Which player is selected to press the shaker button; §645b.2(f)(1) does not say."""

    ROTATE = "rotates one occupied seat per round from first base"
    LARGEST_WAGER = "the player with the largest Pai Gow Poker wager (first base breaks ties)"


class FoulRule(StrEnum):
    """What happens to a fouled player hand; the Chapter 645a rule was not found."""

    LOSES = "a fouled hand loses"
    RESET_BY_HOUSE_WAY = "the dealer resets a fouled hand by the house way"


class DealingMethod(StrEnum):
    """How the seven stacks are made (§§645a.8–645a.10)."""

    AUTOMATED_SHOE = "automated dealing shoe"
    MANUAL_SHOE = "manual dealing shoe"
    HAND = "dealt from the hand"


class MysteryPayoutTiming(StrEnum):
    """When in the round a Must-Hit-By Mystery Bonus is paid; §645b.3 does not say."""

    AFTER_SETTLEMENT = "after every wager is settled"
    AT_LOCK_OUT = "as soon as the contributions are added, before the dice"


@dataclass(frozen=True)
class WagerLimits:
    """The table minimum and maximum for one kind of wager, in cents."""

    minimum: Cents
    maximum: Cents
    unit: Cents = 100

    def __post_init__(self) -> None:
        """Reject limits that cannot hold a wager, naming each bad field."""
        problems = {}
        if self.unit <= 0:
            problems["unit"] = "must be above $0.00"
        elif self.minimum % self.unit or self.maximum % self.unit:
            problems["unit"] = f"the limits are not whole units of {format_cents(self.unit)}"
        if self.minimum <= 0:
            problems["minimum"] = "must be above $0.00"
        if self.maximum < self.minimum:
            problems["maximum"] = f"{format_cents(self.maximum)} is below the minimum {format_cents(self.minimum)}"
        if problems:
            raise RulesError(problems)

    def __str__(self) -> str:
        """Write the limits as the table sign does."""
        return f"{format_cents(self.minimum)} to {format_cents(self.maximum)}"

    def check(self, name: str, amount: Cents) -> None:
        """Raise ValueError with the limits when ``amount`` is outside them or not in whole units."""
        if amount < self.minimum or amount > self.maximum or amount % self.unit:
            raise ValueError(
                f"The {name} wager of {format_cents(amount)} is outside the table limits "
                f"({format_cents(self.minimum)} to {format_cents(self.maximum)} in {format_cents(self.unit)} units)."
            )

    def to_json(self) -> dict[str, JsonValue]:
        """The limits as JSON."""
        return {"minimum": self.minimum, "maximum": self.maximum, "unit": self.unit}


MAX_COMMISSION_RATE = Decimal("0.10")
"""The largest commission a table may collect: a house bound, as the rate of §645a.13 was not found."""


@dataclass(frozen=True)
class TableRules(HouseChips):
    """One table's Rules Submission (§601a.2): the game, its optional wagers and every house option."""

    commission_free: bool = True
    tiger_nine_offered: bool = True
    shaker: ShakerType = ShakerType.PLAYER_ACTIVATED
    shaker_selection: ShakerSelection = ShakerSelection.ROTATE
    sum_paytable: SumPaytable | None = SumPaytable.A
    match_offered: bool = True
    beat_it_paytable: BeatItPaytable | None = BeatItPaytable.A
    fortune_paytable: FortunePaytable | None = REPRESENTATIVE_FORTUNE_PAYTABLE
    envy_qualifying_wager: Cents = 500
    mystery: MysteryConfiguration | None = DEFAULT_CONFIGURATION
    mystery_payment_source: PaymentSource = PaymentSource.TABLE_INVENTORY
    mystery_payout_timing: MysteryPayoutTiming = MysteryPayoutTiming.AFTER_SETTLEMENT
    progressive_paytable: ProgressivePaytable | None = EXAMPLE_PROGRESSIVE_PAYTABLE
    house_way: str = "foxwoods"
    wheel_rank: WheelRank = WheelRank.SECOND_HIGHEST
    foul_rule: FoulRule = FoulRule.LOSES
    tiger_nine_pushes_fouled_hands: bool = True
    commission_rate: Decimal = Decimal("0.05")
    commission_unit: Cents = 1
    commission_rounding: Rounding = Rounding.DOWN
    dealing_method: DealingMethod = DealingMethod.AUTOMATED_SHOE
    dealing_direction: DealingDirection = DealingDirection.CLOCKWISE
    pai_gow_limits: WagerLimits = WagerLimits(1000, 100000)
    side_wager_limits: WagerLimits = WagerLimits(100, 10000)
    progressive_wager: Cents = 100

    def __post_init__(self) -> None:
        """Reject combinations the regulation does not allow, naming each field at fault."""
        problems = self.chip_problems()
        if self.tiger_nine_offered and not self.commission_free:
            problems["tiger_nine_offered"] = (
                "The Tiger 9 wager is offered only in Commission-free Pai Gow Poker (§645b.1(d)(2))."
            )
        if self.house_way not in HOUSE_WAYS:
            problems["house_way"] = f"Unknown house way {self.house_way!r}: choose one of {', '.join(HOUSE_WAYS)}."
        if self.mystery is not None and self.progressive_wager < self.mystery.minimum_wager:
            problems["progressive_wager"] = (
                "The progressive wager must be at least the mystery configuration's minimum wager."
            )
        if self.progressive_paytable is not None and self.progressive_wager != self.progressive_paytable.wager:
            wanted = format_cents(self.progressive_paytable.wager)
            problems["progressive_wager"] = (
                f"The progressive paytable pays a {wanted} wager: the progressive wager must be {wanted}."
            )
        if not Decimal(0) <= self.commission_rate <= MAX_COMMISSION_RATE:
            problems["commission_rate"] = (
                f"The commission is at most {describe_value(MAX_COMMISSION_RATE)}, a house bound: "
                "the rate of §645a.13 was not found."
            )
        if not self.commission_free and self.commission(self.pai_gow_limits.maximum) == 0:
            problems["commission_free"] = (
                f"{self.uncollected_commission()} collects no vigorish, and a game in which no vigorish is collected "
                "is Commission-free Pai Gow Poker (§645b.1(a)), where a dealer's Tiger 9 pushes every Pai Gow Poker "
                "wager (§645b.1(f)(1)): choose Commission free, or a commission that is collected."
            )
        unpaid = self.unpaid_side_wager_unit()
        if unpaid:
            problems["side_wager_limits.unit"] = unpaid
        unpaid_fortune = self.unpaid_fortune_line()
        if unpaid_fortune:
            problems["fortune_paytable"] = unpaid_fortune
        if problems:
            raise RulesError(problems)

    def commission(self, winnings: Cents) -> Cents:
        """The vigorish on a standard-game win of ``winnings`` cents, rounded as the house option says.

        >>> TableRules(commission_free=False, tiger_nine_offered=False).commission(2500)
        125
        """
        return round_to_unit(Decimal(winnings) * self.commission_rate, self.commission_unit, self.commission_rounding)

    def uncollected_commission(self) -> str:
        """The commission that collects nothing, as the builder reads it."""
        if self.commission_rate == 0:
            return "A 0% commission"
        return (
            f"A {describe_value(self.commission_rate)} commission rounded {self.commission_rounding} to "
            f"{format_cents(self.commission_unit)}, nothing even on the table maximum "
            f"{format_cents(self.pai_gow_limits.maximum)},"
        )

    def unpaid_side_wager_unit(self) -> str:
        """Why some wager in whole side wager units could not be paid in whole cents by a dice paytable; "" if none."""
        unit = self.side_wager_limits.unit
        paytables: list[DicePaytable] = []
        if self.sum_paytable is not None:
            paytables.append(sum_paytable(self.sum_paytable))
        if self.beat_it_paytable is not None:
            paytables.append(beat_it_paytable(self.beat_it_paytable))
        reasons = []
        for paytable in paytables:
            try:
                paytable.verify_unit(unit)
            except ValueError as error:
                reasons.append(str(error))
        if not reasons:
            return ""
        needed = math.lcm(*(paytable.wager_unit for paytable in paytables))
        return (
            f"{' '.join(reasons)} Side wagers come in units of {format_cents(unit)} here: "
            f"choose a unit that is a multiple of {needed} cents."
        )

    def unpaid_fortune_line(self) -> str:
        """Why a Fortune Bonus line cannot pay a wager of one side wager unit in whole cents; "" if every line can."""
        unit = self.side_wager_limits.unit
        paytable = self.fortune_paytable
        if paytable is None:
            return ""
        for hand, odds in paytable.pays.items():
            if unit * odds.win % odds.stake:
                return (
                    f'{paytable.name} pays {odds} ("{hand.value}"), which cannot pay a {format_cents(unit)} wager in '
                    "whole cents: choose odds or a side wager unit that can."
                )
        return ""

    @property
    def progressive_wager_offered(self) -> bool:
        """Whether the Progressive Payout wager is offered: it feeds the Mystery Bonus, the paytable or both."""
        return self.mystery is not None or self.progressive_paytable is not None

    @property
    def game_name(self) -> str:
        """The game's name as the layout shows it."""
        return "Commission-free Pai Gow Poker" if self.commission_free else "Pai Gow Poker"

    def to_json(self) -> dict[str, JsonValue]:
        """The rules as JSON-ready values, for saving a table or a round."""
        return write_options(OPTIONS, self)

    @classmethod
    def from_json(cls, data: Mapping[str, JsonValue]) -> TableRules:
        """Build rules from JSON; RulesError naming every unknown or bad field. A missing field takes its default.

        Rules saved before the progressive paytable existed have no ``progressive_paytable``: that table paid no
        progressive hand, so it is read as None and an old round replays exactly as it was dealt.
        """
        values = read_options(OPTIONS, data)
        values.setdefault("progressive_paytable", None)
        return cls(**values)

    @classmethod
    def options(cls) -> tuple[Option, ...]:
        """Every option with its default, allowed values, clause and provenance, for the scenario builder."""
        return describe_options(OPTIONS, cls().to_json())

    def house_options(self) -> list[HouseOption]:
        """The options and fixed procedures that fill a gap in the regulation, with the value here and the default."""
        paytables = {"fortune_paytable": self.fortune_paytable, "progressive_paytable": self.progressive_paytable}
        options = [
            replace(option, citation=paytable.citation) if (paytable := paytables.get(option.name)) else option
            for option in gap_options(OPTIONS, self.to_json(), TableRules().to_json())
        ]
        options.append(BEYOND_THE_RACK)
        options.append(HouseOption("joker", "a bug: an ace, or to complete a straight or flush", "the same", JOKER))
        if self.commission_free:
            options.append(HouseOption("Tiger 9 declaration", TIGER_NINE_DECLARED, "the same", TIGER_NINE_DECLARATION))
        if self.sum_paytable is not None or self.match_offered or self.beat_it_paytable is not None:
            options.append(HouseOption("dice wager settlement order", DICE_ORDER, "the same", DICE_SETTLEMENT_ORDER))
        if (paytable := self.progressive_paytable) is not None:
            rate = f"{describe_value(paytable.rate)} of each wager"
            options.append(HouseOption("progressive contribution rate", rate, "the same", paytable.rate_citation))
            source = "paid from the table inventory"
            options.append(HouseOption("fixed-odds progressive wins", source, "the same", FIXED_ODDS_SOURCE))
        return options


def _commission_rate(given: JsonValue) -> Decimal:
    """Read the commission rate, written as a decimal string such as "0.05"."""
    if not isinstance(given, str):
        raise ValueError(f'a decimal written as text, such as "0.05", is wanted, not {given!r}')
    if not RATE.fullmatch(given):
        raise ValueError(f"{given[:24]!r} is not a decimal such as 0.05")
    rate = Decimal(given)
    if not Decimal(0) <= rate < Decimal(1):
        raise ValueError(f"{given} is not a fraction from 0 up to 1")
    return rate


def _paytable_name(paytable: FortunePaytable | ProgressivePaytable | None) -> str:
    """A paytable's name, or "none" when the wager is not offered."""
    return "none" if paytable is None else paytable.name


def _paytable_choice(
    paytable: FortunePaytable | ProgressivePaytable,
    former_name: str,
    filed: tuple[Callable[[JsonObject], Any], Callable[[Any], JsonObject]],
    explanation: str,
    label: str,
) -> OptionField:
    """A house paytable by its name, null, or a school's filed paytable as an object (``filed`` reads and writes it).

    Rules saved under the default's former name read as the default too.
    """
    field = choice(
        {paytable.name: paytable},
        paytable.citation,
        explanation,
        optional=True,
        describe=_paytable_name,
        house_rule=True,
        label=label,
    )
    read = field.read
    read_filed, write_filed = filed

    def read_named_or_filed(given: JsonValue) -> Any:
        if isinstance(given, dict):
            return read_filed(given)
        return read(paytable.name if given == former_name else given)

    def write_named_or_filed(value: Any) -> JsonValue:
        return field.write(value) if value is None or value == paytable else write_filed(value)

    return replace(field, read=read_named_or_filed, write=write_named_or_filed)


def _limits(citation: Citation, explanation: str, label: str) -> OptionField:
    """A table minimum and maximum in whole units, as a group of three fields."""
    parts = {
        "minimum": whole_number(citation, "The smallest wager.", minimum=1, money=True),
        "maximum": whole_number(citation, "The largest wager.", minimum=1, money=True),
        "unit": whole_number(citation, "Wagers are whole multiples of this amount.", minimum=1, money=True),
    }
    return group(parts, WagerLimits, WagerLimits.to_json, citation, explanation, house_rule=True, label=label)


TABLE_LIMITS = cite("Table limits, options pai_gow_limits and side_wager_limits")
COMMISSION = cite("Commission, options commission_rate, commission_unit and commission_rounding")
DICE_SETTLEMENT_ORDER = cite("Dice wager settlement order")
DICE_ORDER = "position by position in the reveal order; at each, Sum, Match 1 to 6, then Beat It"
"""The fixed house order of settling the dice wagers, as the table's house rules list it."""
TIGER_NINE_DECLARATION = cite("Tiger 9 declaration")
TIGER_NINE_DECLARED = "declared before the players' hands are revealed"
"""When the house has the dealer declare whether the dealer's low hand is a Tiger 9."""
MYSTERY_SECTION = "§645b.3"
"""The Pai Gow Poker section of the Must-Hit-By Mystery Bonus."""

OPTIONS: dict[str, OptionField] = {
    "commission_free": flag(
        cite("§645b.1(a)"),
        "Commission free: no vigorish on a winning Pai Gow Poker wager.",
    ),
    "tiger_nine_offered": flag(
        cite("§645b.1(d)(2)"),
        "Whether the Tiger 9 wager is offered (Commission free only).",
        label="Tiger 9 offered",
    ),
    "shaker": choice(
        members(ShakerType),
        cite("§645b.2(a)"),
        "How the three dice are shaken.",
    ),
    "shaker_selection": choice(
        members(ShakerSelection),
        cite("Shaker selection, option shaker_selection"),
        "Which player presses the shaker button.",
        house_rule=True,
    ),
    "sum_paytable": choice(
        members(SumPaytable),
        cite("§645b.2(e)(1)"),
        "The Sum paytable, A to D; none when the table does not offer the Sum wager.",
        optional=True,
    ),
    "match_offered": flag(
        cite("§645b.2(e)(2)"),
        "Whether the Match wager is offered.",
    ),
    "beat_it_paytable": choice(
        members(BeatItPaytable),
        cite("§645b.2(e)(3)"),
        "The Beat It paytable, A to C; none when the table does not offer the Beat It wager.",
        optional=True,
        label="Beat It paytable",
    ),
    "fortune_paytable": _paytable_choice(
        REPRESENTATIVE_FORTUNE_PAYTABLE,
        "Representative industry Fortune Bonus paytable",
        (read_fortune_paytable, fortune_paytable_json),
        "The Fortune Bonus paytable; none when the table does not offer the Fortune Bonus wager.",
        "Fortune Bonus paytable",
    ),
    "envy_qualifying_wager": whole_number(
        cite("§688a.1"),
        "The smallest Fortune Bonus wager that earns Envy Bonuses.",
        minimum=1,
        house_rule=True,
        money=True,
        label="Envy Bonus qualifying wager",
    ),
    "mystery": group(
        configuration_fields(MYSTERY_SECTION),
        lambda configuration, minimum_wager: mystery_configuration(configuration, minimum_wager),
        lambda configuration: {"configuration": configuration.letter, "minimum_wager": configuration.minimum_wager},
        mystery_clause(MYSTERY_SECTION, "(c)(4)"),
        "The Must-Hit-By Mystery Bonus configuration, when the table offers the Mystery Bonus.",
        optional=True,
        label="Mystery Bonus",
    ),
    "mystery_payment_source": choice(
        members(PaymentSource),
        mystery_clause(MYSTERY_SECTION, "(c)(6)"),
        "Whether a Mystery Bonus is paid from the table inventory or by progressive jackpot slip.",
        label="Mystery Bonus payment source",
    ),
    "mystery_payout_timing": choice(
        members(MysteryPayoutTiming),
        cite("Mystery Bonus payout timing, option mystery_payout_timing"),
        "When in the round a Mystery Bonus hit is paid.",
        house_rule=True,
        label="Mystery Bonus payout timing",
    ),
    "progressive_paytable": _paytable_choice(
        EXAMPLE_PROGRESSIVE_PAYTABLE,
        "EXAMPLE Progressive Payout paytable (Pennsylvania's §645a.13 paytable not retrieved)",
        (read_progressive_paytable, progressive_paytable_json),
        "The Progressive Payout paytable; none when the table pays no progressive hand.",
        "Progressive Payout paytable",
    ),
    "house_way": choice(
        {name: name for name in HOUSE_WAYS},
        cite("House way, option house_way"),
        "The house way the dealer sets the dealer's hand by.",
        describe=lambda name: HOUSE_WAYS[name].title,
        house_rule=True,
    ),
    "wheel_rank": choice(
        members(WheelRank),
        cite("Wheel rank, option wheel_rank"),
        "Where A-2-3-4-5 ranks among straights.",
        house_rule=True,
    ),
    "foul_rule": choice(
        members(FoulRule),
        cite("Fouled hand, option foul_rule"),
        "What happens to a fouled player hand.",
        house_rule=True,
    ),
    "tiger_nine_pushes_fouled_hands": flag(
        cite("Fouled hand against a dealer Tiger 9, option tiger_nine_pushes_fouled_hands"),
        "Whether a dealer Tiger 9 pushes a fouled player hand too.",
        house_rule=True,
        label="Tiger 9 pushes fouled hands",
    ),
    "commission_rate": OptionField(
        COMMISSION,
        'The vigorish on a winning Pai Gow Poker wager, a decimal written as text ("0.05" is 5%); '
        "at most 10%, a house bound; a commission that collects nothing is Commission free.",
        _commission_rate,
        str,
        house_rule=True,
    ),
    "commission_unit": whole_number(
        COMMISSION,
        "The commission is rounded to a whole multiple of this amount.",
        minimum=1,
        house_rule=True,
        money=True,
    ),
    "commission_rounding": choice(
        members(Rounding),
        COMMISSION,
        "Which way the commission is rounded to its unit.",
        house_rule=True,
    ),
    "dealing_method": choice(
        members(DealingMethod),
        cite("§645b.1(e)"),
        "How the seven stacks are made.",
    ),
    "dealing_direction": choice(
        members(DealingDirection),
        cite("Dealing direction, option dealing_direction"),
        "Which way the stacks go after the first.",
        house_rule=True,
    ),
    "pai_gow_limits": _limits(TABLE_LIMITS, "The Pai Gow Poker wager's table limits.", "Pai Gow Poker wager limits"),
    "side_wager_limits": _limits(
        TABLE_LIMITS, "The table limits of the Tiger 9, dice and Fortune Bonus wagers.", "Side wager limits"
    ),
    "progressive_wager": whole_number(
        cite("§645a.7(e)(4)"),
        "The Progressive Payout wager: the paytable's wager, at least the Mystery Bonus minimum.",
        minimum=1,
        money=True,
        label="Progressive Payout wager",
    ),
    **CHIP_OPTIONS,
}
"""Every Pai Gow Poker table option, in the order the Rules Submission lists them."""
