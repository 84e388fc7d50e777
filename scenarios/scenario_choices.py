"""The drop-downs that offer scenarios: the school's own, then the drill library's, each sorted as people count."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from typing import TypeVar

from django.db import models

from trainer.models import Scenario

SCHOOL_SCENARIOS = "The school's scenarios"
DRILLS = "Drills of the library"
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


def grouped_choices(
    offered: Iterable[Offered], scenario_of: Callable[[Offered], Scenario], label: Callable[[Offered], str], empty: str
) -> Choices:
    """A scenario drop-down's choices: the empty one, then the school's scenarios and the drills, each sorted."""
    groups: dict[str, Choices] = {SCHOOL_SCENARIOS: [], DRILLS: []}
    for item in sorted(offered, key=lambda item: natural_key(label(item))):
        groups[DRILLS if scenario_of(item).drill else SCHOOL_SCENARIOS].append((item.pk, label(item)))
    return [("", empty), *((group, choices) for group, choices in groups.items() if choices)]
