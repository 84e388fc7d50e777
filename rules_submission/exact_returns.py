"""The exact figures of a carnival poker paytable: each wager's house edge and how often the paytable pays.

The figures are :mod:`simulator.carnival.odds`'s combinatorial enumeration (an Ante and Play return takes about a
second, the rest less) and Ultimate Texas Hold 'Em's Ante, Blind and Play sums stored by
:mod:`simulator.carnival.holdem_stored`, worked out once a process for each paytable's lines and strategy. The
Ante and Play Wagers and the Blind turn on how the player plays: each figure says which strategy it assumes.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from rules_submission.submission import filed_rules
from simulator.carnival.games import CARNIVAL_GAMES
from simulator.carnival.holdem_stored import stored_blind, stored_return, stored_tallies
from simulator.carnival.odds import (
    LOWEST_PLAYED,
    ante_and_play_return,
    ante_bonus_return,
    pair_plus_return,
    seven_card_hits,
    three_card_hits,
    trips_return,
)
from simulator.carnival.poker import Paytable
from simulator.core.json_values import JsonValue
from simulator.core.money import Odds, exact_percent
from simulator.core.mystery_meter import BaseGameDealer
from simulator.mystery.games import MYSTERY_GAMES
from simulator.mystery.tables import base_game_table, rules_from_json

STRATEGY_WORDS = {
    "house advice": "the house advice the simulated players follow",
    "cautious": "the cautious habit",
}
"""How a page names each strategy a return may assume (the instructors' guide says what each plays)."""


@dataclass(frozen=True)
class WagerFigure:
    """One wager's exact figures under a paytable: its return, how often the paytable pays, the strategy assumed.

    ``hits`` is None for wagers settled against the dealer, whose paytable is one part of what they win;
    ``warns`` is False for a figure that pays back more than 100% without a warning, being one part of a wager that
    is warned of (the Blind beside its Ante) or a ``bonus`` paid on top of a wager (the Ante Bonus).
    """

    wager: str
    returned: Fraction
    hits: Fraction | None
    strategy: str = ""
    warns: bool = True
    bonus: bool = False

    @property
    def pays_back_over_100(self) -> bool:
        """Whether the wager pays the player back more than was wagered, on average."""
        return self.warns and self.returned > 0

    @property
    def edge(self) -> str:
        """The house's edge, or the player's where the wager pays back more than 100%, to four decimals."""
        if self.returned <= 0:
            return exact_percent(-self.returned)
        if self.bonus:
            return f"none of its own: it adds {exact_percent(self.returned)} of the wager it is paid on, on average"
        return f"none: pays back {exact_percent(1 + self.returned)}, a player's edge of {exact_percent(self.returned)}"

    @property
    def hit_frequency(self) -> str:
        """How often the paytable pays, to four decimals; empty where the wager has no hit frequency of its own."""
        return "" if self.hits is None else exact_percent(self.hits)

    @property
    def assumes(self) -> str:
        """The strategy the figure assumes, in words; empty where it does not depend on one."""
        return f"the player follows {STRATEGY_WORDS[self.strategy]}" if self.strategy else ""


def strategies(area: str) -> tuple[str, ...]:
    """The strategies a return of this area's paytable depends on, the house advice first; none where none does."""
    worked_out = {"ante_bonus": LOWEST_PLAYED, "blind": stored_tallies()}.get(area, {})
    return tuple(name for name in STRATEGY_WORDS if name in worked_out)


def paytable_figures(area: str, paytable: Paytable, chosen: Iterable[str] = ()) -> tuple[WagerFigure, ...]:
    """The figures of a paytable paying ``area``, under each ``chosen`` strategy (else the first) where one matters."""
    lines = tuple(paytable.pays.items())
    assumed = tuple(chosen) or strategies(area)[:1] or ("",)
    return tuple(dict.fromkeys(figure for strategy in assumed for figure in _figures(area, lines, strategy)))


@lru_cache(maxsize=512)
def _figures(area: str, lines: tuple[tuple[str, Odds], ...], strategy: str) -> tuple[WagerFigure, ...]:
    """The figures of one paytable's lines under one strategy (empty where none matters), worked out once.

    Nothing is worked out for the Blind before Ultimate Texas Hold 'Em's sums are stored.
    """
    paytable = Paytable("", dict(lines))
    if area == "pair_plus":
        return (WagerFigure("Pair Plus Wager", pair_plus_return(paytable), three_card_hits(paytable)),)
    if area == "trips":
        return (WagerFigure("Trips Wager", trips_return(paytable), seven_card_hits(paytable)),)
    if area == "ante_bonus":
        bonus = WagerFigure(
            "Ante Bonus, paid per unit of Ante",
            ante_bonus_return(paytable),
            three_card_hits(paytable),
            warns=False,
            bonus=True,
        )
        wagers = ante_and_play_return(paytable, LOWEST_PLAYED[strategy])
        both = WagerFigure("Ante and Play Wagers with this Ante Bonus, per unit of Ante", wagers, None, strategy)
        return bonus, both
    if area == "blind" and strategy in stored_tallies():
        blind, hits = stored_blind(strategy, paytable)
        return (
            WagerFigure("Blind Wager, per unit of Blind", blind, hits, strategy, warns=False),
            WagerFigure(
                "Ante, Blind and Play Wagers, per unit of Ante", stored_return(strategy, paytable), None, strategy
            ),
        )
    return ()


def over_100(figures: Iterable[WagerFigure]) -> list[WagerFigure]:
    """The figures of the wagers that pay back more than 100%."""
    return [figure for figure in figures if figure.pays_back_over_100]


@dataclass(frozen=True)
class PaytableReturns:
    """One paytable of a table: the area it pays, its name, filing and lines, and the figures of each wager."""

    area: str
    name: str
    lines: str
    figures: tuple[WagerFigure, ...]
    filing: str = ""


def table_paytables(game: str, rules: Mapping[str, JsonValue]) -> list[PaytableReturns]:
    """The paytables of a table where the trainee deals a carnival poker game, as dealt, with figures; else none.

    The rules are the table's as the school's Rules Submission deals them: its filed paytables in the defaults'
    place. Where a return depends on the player's strategy, it is given under each strategy.
    """
    carnival = CARNIVAL_GAMES.get(game)
    if carnival is None:
        return []
    mystery_game = MYSTERY_GAMES[game]
    read = rules_from_json(filed_rules(game, rules), mystery_game)
    if read.base_game is not BaseGameDealer.TRAINEE:
        return []
    table = base_game_table(read, mystery_game)
    shown = []
    for choice in carnival.paytable_choices:
        paytable = table.paytable(choice)
        figures = paytable_figures(choice.area, paytable, strategies(choice.area))
        shown.append(PaytableReturns(choice.heading, paytable.name, str(paytable), figures, paytable.submission))
    return shown
