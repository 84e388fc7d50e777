"""The school's pace standards: the rounds per hour a trainee should deal at each game, a house setting.

The regulation sets no pace. Each game's default is its family's, the school's own standard for a table test: set
below the rates published for a full casino table (about 30 an hour at Pai Gow Poker, 30 to 60 at the carnival
poker games, 50 to 70 at blackjack), since a trainee deals every step. An administrator sets any game's standard
on the school's profile page (:attr:`core.models.SchoolProfile.pace_standards` keeps those that differ).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from simulator.games import GAMES

MAX_ROUNDS_PER_HOUR = 240
"""The highest standard taken: a round every 15 seconds."""


@dataclass(frozen=True)
class PaceFamily:
    """A family of games that share a default pace standard: its name, the rounds per hour and its games' keys."""

    name: str
    rounds_per_hour: int
    games: frozenset[str]


PACE_FAMILIES = (
    PaceFamily(
        "Pai Gow Poker games (the players' hands set against the dealer's)",
        20,
        frozenset({"pai-gow-poker", "six-card-fortune-pai-gow-poker", "face-up-pai-gow-poker", "fortune-asia-poker"}),
    ),
    PaceFamily(
        "Carnival poker games",
        40,
        frozenset(
            {
                "let-it-ride",
                "texas-hold-em-bonus",
                "three-card-poker",
                "ultimate-texas-hold-em",
                "mississippi-stud",
                "crazy-4-poker",
                "dj-wild-stud",
            }
        ),
    ),
    PaceFamily("Blackjack", 50, frozenset({"down-under-blackjack"})),
)
"""Each family's default standard, the school's house setting; every game of :data:`simulator.games.GAMES` is in one."""


def family_of(game: str) -> PaceFamily:
    """The family whose default standard a game takes; KeyError for a game no family holds."""
    for family in PACE_FAMILIES:
        if game in family.games:
            return family
    raise KeyError(f"No pace family holds the game {game!r}.")


def read_pace_standards(data: object) -> dict[str, int]:
    """A school's standards read from JSON ({game key: whole rounds per hour}); ValueError naming every fault.

    >>> read_pace_standards({"pai-gow-poker": 25})
    {'pai-gow-poker': 25}
    """
    if not isinstance(data, Mapping):
        raise ValueError("Pace standards are a JSON object of game keys and whole rounds per hour.")
    faults = []
    for key, rate in data.items():
        if key not in GAMES:
            faults.append(f"{key!r} is not a game of the school.")
        elif isinstance(rate, bool) or not isinstance(rate, int) or not 0 < rate <= MAX_ROUNDS_PER_HOUR:
            faults.append(f"The pace standard of {key} is whole rounds per hour from 1 to {MAX_ROUNDS_PER_HOUR}.")
    if faults:
        raise ValueError(" ".join(faults))
    return dict(data)


def pace_standards(overrides: Mapping[str, int]) -> dict[str, int]:
    """Every game's standard in rounds per hour: the school's where it set one, else the game's family's default."""
    return {key: overrides.get(key, family_of(key).rounds_per_hour) for key in GAMES}
