"""The drop-downs that offer scenarios: the school's own, then the library's drills, grouped by game, sorted by name."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from typing import TypeVar

from django.db import models

from scenarios.models import Scenario
from simulator.games import GAMES

SCHOOL_SCENARIOS = "the school's scenarios"
DRILLS = "drills of the library"
NUMBERS = re.compile(r"(\d+)")

Offered = TypeVar("Offered", bound=models.Model)
Choices = list[tuple[object, object]]
"""A form field's choices: a value and its label, or a group's name and its list of choices (an <optgroup>)."""


def natural_key(name: str) -> list[int | str]:
    """A sort key that puts "Table 2" before "Table 10": the numbers in a name compared as numbers, words without case.

    >>> sorted(["Dice total 10", "dice total 3", "Dice total 9"], key=natural_key)
    ['dice total 3', 'Dice total 9', 'Dice total 10']
    """
    return [int(part) if index % 2 else part.casefold() for index, part in enumerate(NUMBERS.split(name))]


def group_label(game: str, drills: bool) -> str:
    """The name of a drop-down's group: the game's name, then whose scenarios ("Pai Gow Poker: drills of the library").

    A scenario of a game the school no longer has keeps its key as its game's name.
    """
    known = GAMES.get(game)
    return f"{known.name if known else game}: {DRILLS if drills else SCHOOL_SCENARIOS}"


def grouped_choices(
    offered: Iterable[Offered],
    scenario_of: Callable[[Offered], Scenario],
    game_of: Callable[[Offered], str],
    label: Callable[[Offered], str],
    empty: str,
) -> Choices:
    """A scenario drop-down's choices: the empty one, a group per game of the school's scenarios, then of the drills.

    Games come in the registry's order, and each group's scenarios sorted as people count.
    """
    order = {key: place for place, key in enumerate(GAMES)}
    groups: dict[tuple[bool, int, str], Choices] = {}
    for item in sorted(offered, key=lambda item: natural_key(label(item))):
        game = game_of(item)
        groups.setdefault((bool(scenario_of(item).drill), order.get(game, len(order)), game), []).append(
            (item.pk, label(item))
        )
    return [
        ("", empty),
        *((group_label(game, drills), groups[drills, place, game]) for drills, place, game in sorted(groups)),
    ]
