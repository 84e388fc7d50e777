"""The Must-Hit-By Mystery Bonus meter: its twelve configurations, exact contributions and the secret hit value.

The meter holds its amount in exact :class:`~decimal.Decimal` cents (0.5% of $5 is 2.5 cents). The hit value
is a whole number of cents drawn uniformly from the minimum dollar value up to, but not including, the
maximum dollar value (:data:`HIT_VALUE_DRAW`): the bonus is won by the contribution that takes the meter
"in excess of" the hit value, so with the maximum excluded the meter can never reach its maximum without a
hit, and it passes the maximum by less than one contribution at most.

A hit freezes the award (100% of the meter) and lights the winning position. A contribution that arrives after
the hit goes onto the reset meter (:data:`CONTRIBUTIONS_AFTER_HIT`): the reset sets the meter to the minimum,
draws a new hit value and then applies those contributions in the order they arrived, so one of them can light a
position again. The meter counts its cycles: each reset (and so each hit value drawn) starts the next one.

Many rounds share one meter (:mod:`simulator.core.meter_device`), so the meter itself never waits for a dealer: the
hit closes its cycle at once (:meth:`MysteryMeter.close_hits`) and the award waits in the winning round, whose
dealer confirms the light, pays and resets the meter as §645b.3(c)(5) says.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal
from enum import StrEnum
from typing import TypedDict

from simulator.core.chipping import HouseChips
from simulator.core.citations import Citation
from simulator.core.clauses import cite
from simulator.core.json_values import JsonValue, json_int, json_list, json_object, json_str
from simulator.core.money import Cents, Rounding, format_cents, round_to_unit
from simulator.core.rules import OptionField, choice


@dataclass(frozen=True)
class MysteryConfiguration:
    """One of the seed's twelve MHB configurations: letter, minimum progressive wager, meter bounds, rate."""

    letter: str
    minimum_wager: Cents
    minimum_value: Cents
    maximum_value: Cents
    contribution_rate: Decimal

    @property
    def name(self) -> str:
        """The configuration as the seed heads it, such as "Configuration A, $1"."""
        return f"Configuration {self.letter}, {format_cents(self.minimum_wager).removesuffix('.00')}"

    def contribution(self, wager: Cents) -> Decimal:
        """The exact amount in cents that ``wager`` adds to the meter.

        >>> mystery_configuration("C", 500).contribution(500)
        Decimal('2.500')
        """
        return wager * self.contribution_rate


def _configuration(letter: str, wager_dollars: int, minimum: int, maximum: int, rate: str) -> MysteryConfiguration:
    """A configuration from the seed's table, written in whole dollars and a percentage."""
    return MysteryConfiguration(letter, wager_dollars * 100, minimum * 100, maximum * 100, Decimal(rate) / 100)


MYSTERY_CONFIGURATIONS: tuple[MysteryConfiguration, ...] = (
    _configuration("A", 1, 100, 200, "2"),
    _configuration("A", 2, 100, 200, "1.5"),
    _configuration("A", 5, 100, 250, "1"),
    _configuration("B", 1, 100, 500, "5"),
    _configuration("B", 2, 100, 500, "3.5"),
    _configuration("B", 5, 100, 500, "2"),
    _configuration("C", 1, 250, 500, "2"),
    _configuration("C", 2, 250, 500, "1.5"),
    _configuration("C", 5, 250, 500, "0.5"),
    _configuration("D", 1, 250, 1000, "5"),
    _configuration("D", 2, 250, 1000, "3"),
    _configuration("D", 5, 250, 1000, "2"),
)
"""The twelve configurations exactly as §645b.3(c)(4) (and its ten twins) prints them."""

HIT_VALUE_DRAW = cite("MHB hit value draw")

CONTRIBUTIONS_AFTER_HIT = cite("MHB contributions after a hit")


def mystery_configuration(letter: str, minimum_wager: Cents) -> MysteryConfiguration:
    """The configuration for a letter and a minimum progressive wager in cents; ValueError if there is none.

    >>> mystery_configuration("D", 200).contribution_rate
    Decimal('0.03')
    """
    for configuration in MYSTERY_CONFIGURATIONS:
        if configuration.letter == letter and configuration.minimum_wager == minimum_wager:
            return configuration
    raise ValueError(f"There is no MHB configuration {letter!r} for a {format_cents(minimum_wager)} wager.")


DEFAULT_CONFIGURATION = mystery_configuration("A", 100)
"""The configuration a table offers when its rules name none: A with a $1 minimum progressive wager (house default)."""


def configuration_fields(section: str) -> dict[str, OptionField]:
    """The two options that pick a configuration in a game's MHB section: its letter and minimum progressive wager."""
    citation = mystery_clause(section, "(c)(4)")
    letters = {configuration.letter: configuration.letter for configuration in MYSTERY_CONFIGURATIONS}
    wagers = {configuration.minimum_wager: configuration.minimum_wager for configuration in MYSTERY_CONFIGURATIONS}
    return {
        "configuration": choice(
            letters, citation, "The configuration letter: the meter's minimum and maximum values and its rate."
        ),
        "minimum_wager": choice(
            wagers, citation, "The minimum progressive wager that qualifies: $1, $2 or $5.", money=True
        ),
    }


class PaymentSource(StrEnum):
    """Where an MHB award is paid from, as the Rules Submission says (§645b.3(c)(6))."""

    TABLE_INVENTORY = "table inventory"
    PROGRESSIVE_JACKPOT_SLIP = "progressive jackpot slip"


class BaseGameDealer(StrEnum):
    """Who deals the base game at an MHB training table: the engine, face up, or the trainee, step by step."""

    ENGINE = "engine"
    TRAINEE = "trainee"


@dataclass(frozen=True)
class MysteryRules(HouseChips):
    """The Rules Submission's MHB choices: configuration, payment source, award rounding and the qualifying wager.

    ``qualifying_wager`` names the progressive wager that qualifies where the game's section names two and leaves the
    choice to the Rules Submission (§643b.1, §649b.1, §657b.1 (c)(1)); None takes the game's default.
    ``base_game`` is the school's choice of who deals the base game, and ``base_game_paytables`` the base game's
    paytables by option where the trainee deals it, each a name or a filed paytable's JSON (one left out takes its
    default). The chip rack and the chipping procedure are every table's (:class:`~simulator.core.chipping.HouseChips`).
    """

    configuration: MysteryConfiguration
    payment_source: PaymentSource = PaymentSource.TABLE_INVENTORY
    award_rounding: Rounding = Rounding.UP
    qualifying_wager: str | None = None
    base_game: BaseGameDealer = BaseGameDealer.ENGINE
    base_game_paytables: tuple[tuple[str, JsonValue], ...] = ()

    def award_cents(self, meter_amount: Decimal) -> Cents:
        """The chips paid for a meter amount: rounded up to the cent by default so the winner gets at least 100%.

        >>> MysteryRules(mystery_configuration("C", 500)).award_cents(Decimal("10002.5"))
        10003
        """
        return round_to_unit(meter_amount, 1, self.award_rounding)


AWARD_ROUNDING_OPTION = cite("MHB award rounding, option award_rounding")


class MysteryMeterView(TypedDict):
    """The Mystery Bonus display: configuration, amount exact and as money, and any lit position; no hit value."""

    configuration: str
    minimum_wager: Cents
    amount: str
    display: str
    lit_seat: int | None


@dataclass(frozen=True)
class MysteryHit:
    """A hit waiting for its payout: the lit position and the meter amount it won."""

    seat: int
    amount: Decimal


class MysteryMeter:
    """The MHB progressive meter with its secret hit value; a hit waits for the dealer's reset."""

    def __init__(
        self,
        configuration: MysteryConfiguration,
        amount: Decimal,
        hit_value: Cents,
        hit: MysteryHit | None = None,
        carried: tuple[tuple[int, Cents], ...] = (),
        cycle: int = 0,
    ) -> None:
        """A meter at ``amount`` cents that hits when a contribution takes it past ``hit_value`` cents, in ``cycle``."""
        if not configuration.minimum_value <= hit_value < configuration.maximum_value:
            raise ValueError(f"Hit value {hit_value} is outside {configuration.name}'s bounds.")
        if hit is None and (amount > hit_value or carried):
            raise ValueError("A meter past its hit value or carrying contributions must hold its hit.")
        self.configuration = configuration
        self.amount = amount
        self._hit_value = hit_value
        self.hit = hit
        self.carried = list(carried)
        self.cycle = cycle

    @classmethod
    def start(cls, configuration: MysteryConfiguration, rng: random.Random) -> MysteryMeter:
        """A new meter at the configuration's minimum with a freshly drawn hit value."""
        return cls(configuration, Decimal(configuration.minimum_value), draw_hit_value(configuration, rng))

    def contribute(self, seat: int, wager: Cents) -> bool:
        """Add a qualifying wager's contribution; True if it takes the meter past the hit value (a hit)."""
        if self.hit is not None:
            self.carried.append((seat, wager))
            return False
        self.amount += self.configuration.contribution(wager)
        if self.amount > self._hit_value:
            self.hit = MysteryHit(seat, self.amount)
            return True
        return False

    def award(self) -> Decimal:
        """100% of the meter amount at the hit, in exact cents; ValueError when nothing has hit."""
        if self.hit is None:
            raise ValueError("The meter has not hit.")
        return self.hit.amount

    def reset(self, rng: random.Random) -> bool:
        """Reset to the minimum, draw a new hit value, apply carried contributions; True if one of them hit."""
        carried = self.carried
        self.amount = Decimal(self.configuration.minimum_value)
        self._hit_value = draw_hit_value(self.configuration, rng)
        self.hit = None
        self.carried = []
        self.cycle += 1
        hits = [self.contribute(seat, wager) for seat, wager in carried]
        return any(hits)

    def close_hits(self, rng: random.Random) -> list[MysteryHit]:
        """Close the cycle of each hit the meter holds, in order: reset at once and draw the next hit value.

        The meter is then ready for the next contribution from any round; the awards are the caller's to pay.
        """
        hits = []
        while self.hit is not None:
            hits.append(self.hit)
            self.reset(rng)
        return hits

    def force_hit(self) -> None:
        """Rig the secret hit value so the next contribution wins: the meter rounded up to the cent (demos, tests).

        Every configuration's smallest contribution is at least 2 cents, so the next one passes the value.
        """
        rigged = math.ceil(self.amount)
        self._hit_value = min(max(rigged, self.configuration.minimum_value), self.configuration.maximum_value - 1)

    def public_view(self) -> MysteryMeterView:
        """What the progressive display shows everyone: configuration, amount and any lit position; no hit value."""
        return {
            "configuration": self.configuration.letter,
            "minimum_wager": self.configuration.minimum_wager,
            "amount": str(self.amount),
            "display": format_cents(self.amount),
            "lit_seat": None if self.hit is None else self.hit.seat,
        }

    def to_json(self) -> dict[str, JsonValue]:
        """The whole meter for saving on the server, secret hit value included; never send it to a trainee."""
        return {
            "configuration": self.configuration.letter,
            "minimum_wager": self.configuration.minimum_wager,
            "amount": str(self.amount),
            "hit_value": self._hit_value,
            "hit": None if self.hit is None else {"seat": self.hit.seat, "amount": str(self.hit.amount)},
            "carried": [[seat, wager] for seat, wager in self.carried],
            "cycle": self.cycle,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, JsonValue]) -> MysteryMeter:
        """Restore a meter saved by :meth:`to_json`."""
        configuration = mystery_configuration(json_str(data["configuration"]), json_int(data["minimum_wager"]))
        hit = None if data["hit"] is None else json_object(data["hit"])
        return cls(
            configuration,
            Decimal(json_str(data["amount"])),
            json_int(data["hit_value"]),
            None if hit is None else MysteryHit(json_int(hit["seat"]), Decimal(json_str(hit["amount"]))),
            tuple(_carried(json_list(pair)) for pair in json_list(data["carried"])),
            json_int(data.get("cycle", 0)),
        )


def _carried(pair: list[JsonValue]) -> tuple[int, Cents]:
    """A saved contribution carried to the reset meter: its seat and wager."""
    seat, wager = pair
    return json_int(seat), json_int(wager)


def draw_hit_value(configuration: MysteryConfiguration, rng: random.Random) -> Cents:
    """Draw the secret hit value uniformly in whole cents from the minimum up to, not including, the maximum."""
    return rng.randrange(configuration.minimum_value, configuration.maximum_value)


def mystery_clause(section: str, paragraph: str) -> Citation:
    """The catalogue's entry for an MHB paragraph in a game's section, such as ``mystery_clause("§643b.1", "(c)(3)")``.

    >>> str(mystery_clause("§649b.1", "(c)(7)"))
    '§649b.1(c)(7) [Regulation]'
    """
    return cite(f"{section}{paragraph}")
