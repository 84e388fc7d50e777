"""A step as a watcher sees it on the felt: who did what, where, with which chips, cards or dice; never a verdict."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from simulator.core.json_values import JsonValue
from simulator.core.procedure import PLACE_ARGUMENTS, Actor, Operation, spoken_argument

FELT_ONLY = frozenset({"face_up"})
"""What the felt shows of a step that no engine step takes as an argument: whether a card was seen face up."""

TABLE = 0
"""The place of a step done for the whole table or at the dealer's own hand: the dice, the dealer's cards, a count."""


@dataclass(frozen=True)
class Seen:
    """One step as the felt shows it: its actor, its step and the arguments it was done with."""

    actor: Actor
    step: str
    arguments: Mapping[str, JsonValue]

    @property
    def place(self) -> int:
        """The seat the step was done at, or :data:`TABLE` for the dealer's or the whole table's."""
        return place_of(self.arguments)

    @property
    def spot(self) -> str | None:
        """The betting area the step was done at, if it names one."""
        spot = self.arguments.get("spot")
        return spot if isinstance(spot, str) else None

    @property
    def step_arguments(self) -> dict[str, JsonValue]:
        """The arguments as the engine's step takes them: what only the felt shows left out."""
        return {name: value for name, value in self.arguments.items() if name not in FELT_ONLY}

    def said(self) -> str:
        """The step in words, the same way for every step: "dealer: pay wager (seat 2, spot pai-gow, amount $10.00)".

        Built from the step and its arguments alone, never the engine's description of the right step, which may say
        why (a push "for a Tiger 9") and so give a fault away.

        >>> Seen(Actor.DEALER, "count_progressive_chips", {"count": 3}).said()
        'dealer: count progressive chips (count 3)'
        >>> Seen(Actor.DEALER, "discard_stub", {}).said()
        'dealer: discard stub'
        """
        done = f"{self.actor.value}: {self.step.replace('_', ' ')}"
        if not self.arguments:
            return done
        spoken = ", ".join(said_argument(name, value) for name, value in self.arguments.items())
        return f"{done} ({spoken})"

    def to_json(self) -> dict[str, JsonValue]:
        """The step as a watcher's page receives it: actor, step, arguments and words."""
        return {"actor": self.actor.value, "step": self.step, "arguments": dict(self.arguments), "said": self.said()}


def said_argument(name: str, value: JsonValue) -> str:
    """One argument in words: a place by itself ("seat 2"), any other with its name ("amount $10.00").

    >>> said_argument("seat", 2), said_argument("amount", 950), said_argument("face_up", True)
    ('seat 2', 'amount $9.50', 'face up yes')
    """
    spoken = spoken_argument(name, value)
    return spoken if name in PLACE_ARGUMENTS else f"{name.replace('_', ' ')} {spoken}"


def seen_of(operation: Operation) -> Seen:
    """A performed step as the felt shows it: its public record, never its citation, facts or meter readings."""
    return Seen(operation.action.actor, operation.action.step, dict(operation.action.arguments))


def place_of(arguments: Mapping[str, JsonValue]) -> int:
    """The seat a step's arguments name (a seat, a place or a position "seat 3"), else :data:`TABLE`.

    >>> place_of({"seat": 4}), place_of({"place": 0}), place_of({"position": "seat 2 split"}), place_of({"count": 3})
    (4, 0, 2, 0)
    """
    for name in ("seat", "place"):
        value = arguments.get(name)
        if type(value) is int:
            return value
    position = arguments.get("position")
    if isinstance(position, str) and position.startswith("seat "):
        return int(position.removeprefix("seat ").split()[0])
    return TABLE
