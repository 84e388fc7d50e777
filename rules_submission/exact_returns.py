"""The paytables a table's trainee-dealt carnival poker game pays by, each with its exact return, for instructors.

The returns are :mod:`simulator.carnival.odds`'s combinatorial enumeration, worked out once for each paytable in a
process (an Ante and Play return takes about a second), and Ultimate Texas Hold 'Em's Ante, Blind and Play sums
stored by :mod:`simulator.carnival.holdem_stored`, each written as a percentage of the wager to two places.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from decimal import ROUND_HALF_EVEN, Decimal
from fractions import Fraction
from functools import cache, partial

from simulator.carnival.games import CARNIVAL_GAMES
from simulator.carnival.holdem_stored import stored_return, stored_tallies
from simulator.carnival.odds import ante_and_play_return, ante_bonus_return, pair_plus_return, trips_return
from simulator.carnival.poker import Paytable
from simulator.core.json_values import JsonValue
from simulator.core.mystery_meter import BaseGameDealer
from simulator.mystery.games import MYSTERY_GAMES
from simulator.mystery.tables import base_game_table, rules_from_json

RETURNS: Mapping[str, tuple[tuple[str, Callable[[Paytable], Fraction]], ...]] = {
    "pair_plus": (("Pair Plus Wager", pair_plus_return),),
    "ante_bonus": (
        ("Ante Bonus, per unit of Ante", ante_bonus_return),
        ("Ante and Play Wagers with the Ante Bonus, by the house advice, per unit of Ante", ante_and_play_return),
    ),
    "trips": (("Trips Wager", trips_return),),
}
"""The wagers whose exact return each paytable decides, by the area it pays, and how each is worked out."""


@dataclass(frozen=True)
class PaytableReturns:
    """One paytable of a table: the area it pays, its name and lines, and the exact return of each wager it decides."""

    area: str
    name: str
    lines: str
    returns: tuple[tuple[str, str], ...]


def percent(value: Fraction) -> str:
    """A return as a percentage of the wager to two places, signed.

    >>> percent(Fraction(-512, 22100)), percent(Fraction(1, 200))
    ('-2.32%', '+0.50%')
    """
    exact = Decimal(value.numerator) / Decimal(value.denominator) * 100
    return f"{exact.quantize(Decimal('0.01'), rounding=ROUND_HALF_EVEN):+}%"


@cache
def exact_returns(game: str, option: str, name: str) -> tuple[tuple[str, str], ...]:
    """The exact return of each wager the paytable ``name`` of ``game``'s ``option`` decides, worked out once."""
    choice = next(choice for choice in CARNIVAL_GAMES[game].paytable_choices if choice.option == option)
    paytable = choice.paytables[name]
    return tuple((wager, percent(worked_out(paytable))) for wager, worked_out in wagers_decided(choice.area))


def wagers_decided(area: str) -> tuple[tuple[str, Callable[[Paytable], Fraction]], ...]:
    """The wagers a paytable of this area decides, with how each return is worked out.

    The Blind paytable decides the Ante, Blind and Play Wagers together, once for each strategy whose enumeration is
    stored.
    """
    if area == "blind":
        label = "Ante, Blind and Play Wagers ({} play), per unit of Ante"
        return tuple((label.format(name), partial(stored_return, name)) for name in stored_tallies())
    return RETURNS.get(area, ())


def table_paytables(game: str, rules: Mapping[str, JsonValue]) -> list[PaytableReturns]:
    """The paytables of a table where the trainee deals a carnival poker game, with their returns; else none."""
    carnival = CARNIVAL_GAMES.get(game)
    if carnival is None:
        return []
    mystery_game = MYSTERY_GAMES[game]
    read = rules_from_json(rules, mystery_game)
    if read.base_game is not BaseGameDealer.TRAINEE:
        return []
    table = base_game_table(read, mystery_game)
    spots = carnival.spot_names()
    return [
        PaytableReturns(
            spots[choice.area],
            table.paytable(choice).name,
            str(table.paytable(choice)),
            exact_returns(game, choice.option, table.paytable(choice).name),
        )
        for choice in carnival.paytable_choices
    ]
