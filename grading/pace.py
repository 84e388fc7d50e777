"""Pace: the rounds a trainee deals per hour at a game, from the dealing time the step clock counted.

A round's dealing time is the sum of its steps' times (the score card's ``total_ms``, :mod:`grading.step_clock`):
the clock stops while the table is closed and while the trainee reads (a verdict, the posted paytables, the
keyboard help), so reading is never counted as dealing. A game's pace is its finished rounds over their dealing
time together, worked out exactly (a :class:`~fractions.Fraction`) and shown cut to one decimal, never rounded up,
so a pace shown as meeting the school's standard meets it. Plain Python: the standard is given by the caller.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from grading.scoring import clock_text
from simulator.games import GAMES

HOUR_MS = 3_600_000
"""The milliseconds in an hour."""


def per_hour_text(rate: Fraction) -> str:
    """Rounds per hour with one decimal, cut (never rounded up, so 29.96 is 29.9, short of a standard of 30).

    >>> per_hour_text(Fraction(30)), per_hour_text(Fraction(2996, 100)), per_hour_text(Fraction(100, 3))
    ('30.0', '29.9', '33.3')
    """
    tenths = int(rate * 10)
    return f"{tenths // 10}.{tenths % 10}"


@dataclass(frozen=True)
class Pace:
    """A game's finished rounds and their dealing time together, in whole milliseconds.

    >>> Pace("pai-gow-poker", rounds=3, dealing_ms=6 * 60_000).text  # 3 rounds in 6 minutes
    '30.0 rounds per hour'
    """

    game: str
    rounds: int
    dealing_ms: int

    @property
    def per_hour(self) -> Fraction | None:
        """Rounds per hour, exactly; None without a round or without dealing time counted (no figure to give)."""
        if self.rounds == 0 or self.dealing_ms == 0:
            return None
        return Fraction(self.rounds * HOUR_MS, self.dealing_ms)

    @property
    def text(self) -> str:
        """The pace in words, or why there is none.

        >>> Pace("three-card-poker", rounds=0, dealing_ms=0).text, Pace("three-card-poker", 1, 0).text
        ('no finished round', 'no dealing time counted')
        """
        rate = self.per_hour
        if rate is not None:
            return f"{per_hour_text(rate)} rounds per hour"
        return "no finished round" if self.rounds == 0 else "no dealing time counted"

    def meets(self, standard: int) -> bool | None:
        """Whether the exact pace reaches ``standard`` rounds per hour; None when there is no figure.

        >>> Pace("down-under-blackjack", 1, 72_000).meets(50), Pace("down-under-blackjack", 1, 72_001).meets(50)
        (True, False)
        """
        rate = self.per_hour
        return None if rate is None else rate >= standard


def paces(rounds: Iterable[tuple[str, int]]) -> list[Pace]:
    """Each game's pace over finished rounds given as (game, dealing milliseconds), games in their first round's order.

    >>> [(p.game, p.text) for p in paces([("a", 120_000), ("b", 60_000), ("a", 240_000)])]
    [('a', '20.0 rounds per hour'), ('b', '60.0 rounds per hour')]
    """
    counts: dict[str, tuple[int, int]] = {}
    for game, dealing_ms in rounds:
        held, ms = counts.get(game, (0, 0))
        counts[game] = (held + 1, ms + dealing_ms)
    return [Pace(game, held, ms) for game, (held, ms) in counts.items()]


def standard_text(pace: Pace, standard: int) -> str:
    """The pace set against the school's standard for its game, labelled as the school's, never as regulation.

    >>> standard_text(Pace("pai-gow-poker", 1, 200_000), 20)
    "below the school's house standard of 20 rounds per hour at Pai Gow Poker (not regulation)"
    """
    label = f"the school's house standard of {standard} rounds per hour at {GAMES[pace.game].name} (not regulation)"
    met = pace.meets(standard)
    if met is None:
        return f"no figure to set against {label}"
    return f"{'meets' if met else 'below'} {label}"


def short_text(pace: Pace, standard: int) -> str:
    """The pace in a table's cell or an export's: the game, rounds per hour, the house standard and whether met.

    >>> short_text(Pace("pai-gow-poker", 3, 360_000), 20)
    'Pai Gow Poker: 30.0 rounds per hour (house standard 20: met)'
    """
    met = pace.meets(standard)
    outcome = "no figure" if met is None else "met" if met else "below"
    return f"{GAMES[pace.game].name}: {pace.text} (house standard {standard}: {outcome})"


def pace_context(pace: Pace, standards: Mapping[str, int]) -> dict[str, Any]:
    """A game's pace as the pages show it: the game, rounds, dealing time, rounds per hour and the school's standard."""
    standard = standards[pace.game]
    return {
        "short": short_text(pace, standard),
        "game": GAMES[pace.game].name,
        "rounds": pace.rounds,
        "dealing": clock_text(pace.dealing_ms),
        "per_hour": pace.text,
        "standard": standard,
        "met": pace.meets(standard),
        "verdict": standard_text(pace, standard),
    }
