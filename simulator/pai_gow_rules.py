"""The Rules Submission of a Pai Gow Poker table: every option the regulation leaves to the house.

§601a.2 has each certificate holder file the options it uses; :class:`TableRules` is that filing for
one simulated table. Options that fill a gap in 51 Pa.B. 5607 (or in the Chapter 645a text we could not
read) carry a house citation, so the trainee always sees that they are house rules, not law.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from decimal import Decimal
from enum import StrEnum
from typing import Any

from simulator.citations import Citation
from simulator.clauses import cite
from simulator.dice_wagers import BeatItPaytable, SumPaytable
from simulator.fortune import REPRESENTATIVE_FORTUNE_PAYTABLE, FortunePaytable
from simulator.hands import WheelRank
from simulator.house_way import HOUSE_WAYS
from simulator.money import Cents, Rounding, format_cents
from simulator.mystery import MysteryConfiguration, PaymentSource, mystery_configuration
from simulator.pai_gow_progressive import EXAMPLE_PROGRESSIVE_PAYTABLE, ProgressivePaytable
from simulator.starting_position import DealingDirection


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


DEALING_SECTIONS = {
    DealingMethod.MANUAL_SHOE: "§645a.8",
    DealingMethod.HAND: "§645a.9",
    DealingMethod.AUTOMATED_SHOE: "§645a.10",
}


@dataclass(frozen=True)
class WagerLimits:
    """The table minimum and maximum for one kind of wager, in cents."""

    minimum: Cents
    maximum: Cents
    unit: Cents = 100

    def __post_init__(self) -> None:
        """Reject limits that cannot hold a wager."""
        if not 0 < self.minimum <= self.maximum or self.minimum % self.unit or self.maximum % self.unit:
            raise ValueError("Limits need 0 < minimum ≤ maximum, both in whole units.")

    def check(self, name: str, amount: Cents) -> None:
        """Raise ValueError with the limits when ``amount`` is outside them or not in whole units."""
        if amount < self.minimum or amount > self.maximum or amount % self.unit:
            raise ValueError(
                f"The {name} wager of {format_cents(amount)} is outside the table limits "
                f"({format_cents(self.minimum)} to {format_cents(self.maximum)} in {format_cents(self.unit)} units)."
            )


@dataclass(frozen=True)
class TableRules:
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
    mystery: MysteryConfiguration | None = field(default_factory=lambda: mystery_configuration("A", 100))
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
        """Reject combinations the regulation does not allow."""
        if self.tiger_nine_offered and not self.commission_free:
            raise ValueError("The Tiger 9 wager is offered only in Commission-free Pai Gow Poker (§645b.1(d)(2)).")
        if self.house_way not in HOUSE_WAYS:
            raise ValueError(f"Unknown house way {self.house_way!r}: choose one of {', '.join(HOUSE_WAYS)}.")
        if self.mystery is not None and self.progressive_wager < self.mystery.minimum_wager:
            raise ValueError("The progressive wager must be at least the mystery configuration's minimum wager.")
        if self.progressive_paytable is not None and self.progressive_wager != self.progressive_paytable.wager:
            wanted = format_cents(self.progressive_paytable.wager)
            raise ValueError(f"The progressive paytable pays a {wanted} wager: the progressive wager must be {wanted}.")
        if not Decimal(0) <= self.commission_rate < Decimal(1):
            raise ValueError("The commission rate is a fraction below 1.")

    @property
    def progressive_wager_offered(self) -> bool:
        """Whether the Progressive Payout wager is offered: it feeds the Mystery Bonus, the paytable or both."""
        return self.mystery is not None or self.progressive_paytable is not None

    @property
    def game_name(self) -> str:
        """The game's name as the layout shows it."""
        return "Commission-free Pai Gow Poker" if self.commission_free else "Pai Gow Poker"

    def to_json(self) -> dict[str, Any]:
        """The rules as JSON-ready values, for saving a round."""
        data: dict[str, Any] = {}
        for item in fields(self):
            value = getattr(self, item.name)
            if isinstance(value, FortunePaytable | ProgressivePaytable):
                value = value.name
            elif isinstance(value, MysteryConfiguration):
                value = {"configuration": value.letter, "minimum_wager": value.minimum_wager}
            elif isinstance(value, WagerLimits):
                value = {"minimum": value.minimum, "maximum": value.maximum, "unit": value.unit}
            elif isinstance(value, Decimal):
                value = str(value)
            data[item.name] = value
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> TableRules:
        """Rebuild rules saved by :meth:`to_json`; raise ValueError on an unknown option.

        Rules saved before the progressive paytable existed have no ``progressive_paytable``: that table paid no
        progressive hand, so it is read as None and an old round replays exactly as it was dealt.
        """
        known = {item.name: item for item in fields(cls)}
        unknown = set(data) - set(known)
        if unknown:
            raise ValueError(f"Unknown table options: {', '.join(sorted(unknown))}.")
        values: dict[str, Any] = {"progressive_paytable": None}
        for name, value in data.items():
            values[name] = _option_from_json(name, value)
        return cls(**values)


_ENUM_OPTIONS: dict[str, Any] = {
    "shaker": ShakerType,
    "shaker_selection": ShakerSelection,
    "sum_paytable": SumPaytable,
    "beat_it_paytable": BeatItPaytable,
    "mystery_payment_source": PaymentSource,
    "mystery_payout_timing": MysteryPayoutTiming,
    "wheel_rank": WheelRank,
    "foul_rule": FoulRule,
    "commission_rounding": Rounding,
    "dealing_method": DealingMethod,
    "dealing_direction": DealingDirection,
}


def _option_from_json(name: str, value: Any) -> Any:
    """Turn one saved option back into its typed value."""
    if value is None:
        return None
    if name in _ENUM_OPTIONS:
        return _ENUM_OPTIONS[name](value)
    if name == "fortune_paytable":
        if value != REPRESENTATIVE_FORTUNE_PAYTABLE.name:
            raise ValueError(f"Unknown Fortune Bonus paytable {value!r}.")
        return REPRESENTATIVE_FORTUNE_PAYTABLE
    if name == "progressive_paytable":
        if value != EXAMPLE_PROGRESSIVE_PAYTABLE.name:
            raise ValueError(f"Unknown progressive paytable {value!r}.")
        return EXAMPLE_PROGRESSIVE_PAYTABLE
    if name == "mystery":
        return mystery_configuration(value["configuration"], value["minimum_wager"])
    if name in ("pai_gow_limits", "side_wager_limits"):
        return WagerLimits(**value)
    if name == "commission_rate":
        return Decimal(value)
    return value


@dataclass(frozen=True)
class HouseOption:
    """One option that fills a gap in the regulation, with its value here and its default."""

    name: str
    value: str
    default: str
    citation: Citation


_GAPS = {
    "shaker_selection": cite("Shaker selection, option shaker_selection"),
    "house_way": cite("House way, option house_way"),
    "wheel_rank": cite("Wheel rank, option wheel_rank"),
    "foul_rule": cite("Fouled hand, option foul_rule"),
    "tiger_nine_pushes_fouled_hands": cite(
        "Fouled hand against a dealer Tiger 9, option tiger_nine_pushes_fouled_hands"
    ),
    "commission_rate": cite("§645a.13"),
    "commission_unit": cite("Commission rounding, options commission_unit and commission_rounding"),
    "commission_rounding": cite("Commission rounding, options commission_unit and commission_rounding"),
    "dealing_direction": cite("Dealing direction, option dealing_direction"),
    "envy_qualifying_wager": cite("§688a.1"),
    "fortune_paytable": cite("Fortune Bonus paytable, option fortune_paytable"),
    "mystery_payout_timing": cite("Mystery Bonus payout timing, option mystery_payout_timing"),
    "progressive_paytable": cite("Progressive Payout paytable, option progressive_paytable"),
    "pai_gow_limits": cite("Table limits, options pai_gow_limits and side_wager_limits"),
    "side_wager_limits": cite("Table limits, options pai_gow_limits and side_wager_limits"),
}


def house_options(rules: TableRules) -> list[HouseOption]:
    """Every option of ``rules`` that fills a gap in the regulation, with the default and why it is a house rule."""
    defaults = TableRules()
    return [
        HouseOption(name, _describe(getattr(rules, name)), _describe(getattr(defaults, name)), citation)
        for name, citation in _GAPS.items()
    ]


def _describe(value: object) -> str:
    """Write an option's value for a person."""
    if isinstance(value, WagerLimits):
        return f"{format_cents(value.minimum)} to {format_cents(value.maximum)}"
    if isinstance(value, FortunePaytable | ProgressivePaytable):
        return value.name
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, int):
        return format_cents(value)
    if isinstance(value, Decimal):
        return f"{(value * 100).normalize():f}%"
    return str(value)
