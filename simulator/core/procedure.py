"""The shape every round shares: actions with citations, an append-only operation log, automations.

A round is a state plus a log. Each step has a pair on the game's state class: ``verify_<step>()``
raises :class:`IllegalOperation` and changes nothing, and ``<step>()`` verifies, changes the state, logs and
returns the :class:`Operation`; :meth:`Round.can` asks whether a step with its arguments would be accepted.
``next_action()`` is the correct next step: the automations perform it, and the grader shows it as the expected
action.
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from decimal import Decimal
from enum import StrEnum
from types import MethodType
from typing import Any, Self

from simulator.core.cards import parse_cards, spoken_cards
from simulator.core.citations import Citation, Provenance
from simulator.core.json_values import JsonObject, JsonValue
from simulator.core.meter_device import MeterDevice, MeterStep, MeterUpdate, shifted
from simulator.core.money import format_cents


class Actor(StrEnum):
    """Who performs a step at the table."""

    DEALER = "dealer"
    PLAYER = "player"
    FLOORPERSON = "floorperson"
    SYSTEM = "system"


@functools.cache
def step_signature(function: Callable[..., Any]) -> inspect.Signature:
    """The parameters a step method takes besides the round: worked out once for each method of each game."""
    return inspect.Signature(tuple(inspect.signature(function).parameters.values())[1:])


@dataclass(frozen=True)
class Action:
    """A step to perform: its name, who performs it, its arguments, the rule it follows and a sentence."""

    step: str
    actor: Actor
    arguments: Mapping[str, JsonValue]
    citation: Citation
    description: str


@dataclass(frozen=True)
class Operation:
    """A performed step as the log keeps it, with the facts the engine determined while doing it.

    ``readings`` holds, by meter name, each shared meter as the step met it (server only: a Mystery Bonus reading
    holds the hit value); replay applies the step to the same readings.
    """

    number: int
    action: Action
    facts: Mapping[str, JsonValue] = field(default_factory=dict)
    readings: Mapping[str, JsonObject] = field(default_factory=dict)

    def narration(self) -> str:
        """One performed step as the demo reads it: number, actor, what was done and the rule it follows."""
        action = self.action
        return f"{self.number}. {action.actor.value}: {action.description} — {action.citation}"

    def to_json(self) -> dict[str, JsonValue]:
        """The operation as anyone may read it: step, actor and arguments; never its meter readings."""
        return {"step": self.action.step, "actor": self.action.actor.value, "arguments": dict(self.action.arguments)}


def spoken(value: object) -> str:
    """An argument as a person reads it: lists joined with commas, "none" for an empty list, True as "yes".

    >>> spoken([]), spoken([1, 5]), spoken(True), spoken("Ks Qd")
    ('none', '1, 5', 'yes', 'Ks Qd')
    """
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list):
        return ", ".join(spoken(item) for item in value) or "none"
    return str(value)


def counted(count: int, noun: str) -> str:
    """A count with its noun, in the singular for one.

    >>> counted(1, "round"), counted(3, "round"), counted(0, "card")
    ('1 round', '3 rounds', '0 cards')
    """
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"


CARD_ARGUMENTS = frozenset({"low", "high", "cards"})
"""The step arguments that hold cards, written as codes ("Th Tc") and said in words."""


PLACE_ARGUMENTS = frozenset({"seat", "place", "position"})
"""The step arguments that name where at the table: a seat, or the dealer (place 0, position "dealer")."""


def spoken_argument(name: str, value: object) -> str:
    """A step's argument as a person says it: an amount in dollars, cards in words, a place by name, else spoken.

    >>> spoken_argument("amount", 2500), spoken_argument("low", "Th Tc"), spoken_argument("seats", [2, 5])
    ('$25.00', 'ten of hearts, ten of clubs', '2, 5')
    >>> spoken_argument("place", 0), spoken_argument("place", 3), spoken_argument("position", "dealer")
    ('the dealer', 'seat 3', 'the dealer')
    """
    if name == "amount" and type(value) is int:
        return format_cents(value)
    if name in PLACE_ARGUMENTS and (value == "dealer" or (type(value) is int and name != "seat" and value == 0)):
        return "the dealer"
    if name in PLACE_ARGUMENTS and type(value) is int:
        return f"seat {value}"
    if name in CARD_ARGUMENTS and isinstance(value, str):
        try:
            return spoken_cards(parse_cards(value))
        except ValueError:
            return value
    return spoken(value)


class ErrorCode(StrEnum):
    """Why a step was refused: the one list of codes the grader weighs (grading.scoring.SEVERITIES)."""

    OUT_OF_ORDER = "out_of_order"
    ROUND_OVER = "round_over"
    UNKNOWN_STEP = "unknown_step"
    MALFORMED_STEP = "malformed_step"
    MALFORMED_CARDS = "malformed_cards"
    WRONG_SETTLEMENT = "wrong_settlement"
    WRONG_AMOUNT = "wrong_amount"
    WRONG_CHIPS = "wrong_chips"
    WRONG_SEAT = "wrong_seat"
    WRONG_LAMMERS = "wrong_lammers"
    TOO_FEW_SHAKES = "too_few_shakes"
    WRONG_DICE = "wrong_dice"
    WRONG_STARTING_POSITION = "wrong_starting_position"
    WRONG_DELIVERY_ORDER = "wrong_delivery_order"
    WRONG_POSITION = "wrong_position"
    WRONG_CARDS = "wrong_cards"
    NOT_HOUSE_WAY = "not_house_way"
    WRONG_TIGER_NINE = "wrong_tiger_nine"
    WRONG_CHIP_COUNT = "wrong_chip_count"
    WRONG_HAND = "wrong_hand"
    WRONG_PAYMENT_SOURCE = "wrong_payment_source"
    LATE_WAGER_ACCEPTED = "late_wager_accepted"
    CHIP_MISMATCH_MISSED = "chip_mismatch_missed"
    BAD_SEAT = "bad_seat"
    BAD_WAGER = "bad_wager"


class IllegalOperation(ValueError):
    """A step that may not be performed now or with these arguments; the state is unchanged."""

    def __init__(self, code: ErrorCode, message: str, citation: Citation, expected: Action | None = None) -> None:
        """Keep the error code, the rule broken and the action that was expected instead; say when it is the house's."""
        if citation.provenance is Provenance.HOUSE:
            message = f"House procedure ({citation.clause}): {message}"
        super().__init__(message)
        self.code = code
        self.message = message
        self.citation = citation
        self.expected = expected


class Round:
    """Base for a game's round: the operation log, automations and the verify / do helpers."""

    def __init__(self, automations: frozenset[str]) -> None:
        """Start an empty log; ``automations`` names the steps the engine performs by itself.

        ``meters`` is the device holding the table's shared meters; None while the round's own copies stand in.
        """
        self.operations: list[Operation] = []
        self.automations = automations
        self.meters: MeterDevice | None = None
        self._recorded_readings: Mapping[str, JsonValue] = {}
        self._readings: dict[str, JsonObject] = {}

    def next_action(self) -> Action | None:
        """The correct next step, or None when the round is finished."""
        raise NotImplementedError

    @property
    def finished(self) -> bool:
        """Whether every step of the round has been performed."""
        return self.next_action() is None

    def perform(self, step: str, arguments: Mapping[str, JsonValue]) -> Operation:
        """Perform a named step with JSON arguments; raise IllegalOperation for an unknown or malformed step."""
        method = self.step_method(step)
        self.bind_arguments(method, arguments)
        operation: Operation = method(**arguments)
        return operation

    def perform_recorded(
        self, step: str, arguments: Mapping[str, JsonValue], readings: Mapping[str, JsonValue]
    ) -> Operation:
        """Perform a step again from the log, meeting the meter readings it met then instead of any device."""
        self._recorded_readings = readings
        try:
            return self.perform(step, arguments)
        finally:
            self._recorded_readings = {}

    def change_meter(self, name: str, own_copy: JsonObject, update: MeterStep) -> MeterUpdate:
        """Apply a step's change to shared meter ``name`` and note the reading it met for the step's log record.

        The reading is the one recorded when replaying, else the device's, else ``own_copy`` (no device).
        """
        recorded = self._recorded_readings.get(name)
        if isinstance(recorded, dict):
            reading, result = recorded, update(recorded)
        elif self.meters is not None:
            reading, result = self.meters.change(name, len(self.operations) + 1, own_copy, update)
        else:
            reading, result = own_copy, update(own_copy)
        self._readings[name] = reading
        return result

    def shift_meter(self, name: str, before: JsonObject, after: JsonObject, contributed: Decimal) -> JsonObject:
        """Move shared meter ``name`` as the step moved the round's copy, ``before`` to ``after``; the meter now."""
        return self.change_meter(
            name, before, lambda reading: MeterUpdate(shifted(reading, before, after), contributed)
        ).after

    def can(self, step: str, arguments: Mapping[str, JsonValue]) -> bool:
        """Whether the named step could be performed now with these arguments."""
        try:
            method = self.step_method(f"verify_{step}")
            self.bind_arguments(method, arguments)
            method(**arguments)
        except IllegalOperation:
            return False
        return True

    def bind_arguments(self, method: MethodType, arguments: Mapping[str, JsonValue]) -> None:
        """Raise IllegalOperation when the arguments do not fit the step's parameters."""
        try:
            step_signature(method.__func__).bind(**arguments)
        except TypeError as error:
            expected = self.next_action()
            citation = expected.citation if expected else self.closing_citation()
            raise IllegalOperation(ErrorCode.MALFORMED_STEP, f"Malformed step: {error}.", citation, expected) from None

    def step_method(self, name: str) -> MethodType:
        """The bound method for a step name, refusing anything that is not a step of this game."""
        bare = name.removeprefix("verify_")
        if bare not in self.step_names():
            expected = self.next_action()
            citation = expected.citation if expected else self.closing_citation()
            raise IllegalOperation(ErrorCode.UNKNOWN_STEP, f"{bare!r} is not a step of this game.", citation, expected)
        method: MethodType = getattr(self, name)
        return method

    def step_names(self) -> frozenset[str]:
        """The names of every step of this game."""
        raise NotImplementedError

    def offered_steps(self) -> frozenset[str]:
        """The steps this round's rules can ever ask for: every step of the game unless its rules leave some out."""
        return self.step_names()

    def closing_citation(self) -> Citation:
        """The rule cited when something is tried after the round is over."""
        raise NotImplementedError

    def table_view(self) -> Mapping[str, object]:
        """What anyone at the table may see now, as the game's TypedDict of JSON values; never the deck or a secret."""
        raise NotImplementedError

    @classmethod
    def from_setup_json(cls, data: Mapping[str, JsonValue]) -> Self:
        """A fresh round from :meth:`setup_json`, before any step."""
        raise NotImplementedError

    def carried_meters(self) -> dict[str, JsonValue]:
        """The progressive meters, with their secrets, that the table carries to its next round; server side only."""
        raise NotImplementedError

    def setup_json(self) -> dict[str, JsonValue]:
        """Everything needed to deal the round again from its first step; server side only, it holds the seed."""
        raise NotImplementedError

    def advance(self) -> list[Operation]:
        """Perform automated steps until the next step is a person's or the round is over."""
        performed = []
        action = self.next_action()
        while action is not None and action.step in self.automations:
            performed.append(self.perform(action.step, action.arguments))
            action = self.next_action()
        return performed

    def play_out(self) -> list[Operation]:
        """Perform every remaining step correctly, as a fully automated round does."""
        performed = []
        action = self.next_action()
        while action is not None:
            performed.append(self.perform(action.step, action.arguments))
            action = self.next_action()
        return performed

    def require_step(self, step: str) -> Action:
        """Return the expected action if it is ``step``; otherwise raise an out-of-order error."""
        expected = self.next_action()
        if expected is None:
            citation = self.closing_citation()
            raise IllegalOperation(
                ErrorCode.ROUND_OVER, "The round is over: there is no step left to perform.", citation
            )
        if expected.step != step:
            message = f"Out of order: the next step is {expected.description}"
            raise IllegalOperation(ErrorCode.OUT_OF_ORDER, message, self.order_citation(expected, step), expected)
        return expected

    def order_citation(self, expected: Action, step: str) -> Citation:
        """The rule ``step`` breaks by coming before ``expected``: that step's own, unless the game sets an order."""
        return expected.citation

    def require_argument(
        self, expected: Action, name: str, given: object, code: ErrorCode, citation: Citation | None = None
    ) -> None:
        """Raise ``code`` unless argument ``name`` equals what the expected action holds.

        The error cites ``citation`` when the argument follows a rule of its own, else the expected step's rule.
        """
        if expected.arguments[name] != given:
            said = f"you chose {spoken_argument(name, given)}" if name in PLACE_ARGUMENTS else None
            said = said or f"you gave {spoken_argument(name, given)}"
            message = f"{name.replace('_', ' ').capitalize()}: {said}; expected: {expected.description}."
            raise IllegalOperation(code, message, citation or expected.citation, expected)

    def record(self, action: Action, facts: Mapping[str, JsonValue] | None = None) -> Operation:
        """Append the performed action to the log and return its record."""
        operation = Operation(len(self.operations) + 1, action, dict(facts or {}), self._readings)
        self._readings = {}
        self.operations.append(operation)
        return operation


class NoMoreBetsMixin(Round):
    """The "No more bets" announcement every game opens with; the host's next_action() offers it first."""

    no_more_bets: bool = False

    def no_more_bets_facts(self) -> Mapping[str, JsonValue]:
        """What the log records with the announcement; a host may add the wagers it closes."""
        return {}

    def verify_announce_no_more_bets(self) -> Action:
        """Raise unless announcing "No more bets" is the next step."""
        return self.require_step("announce_no_more_bets")

    def announce_no_more_bets(self) -> Operation:
        """Announce "No more bets": no wager may be placed, changed or withdrawn from now on."""
        action = self.verify_announce_no_more_bets()
        self.no_more_bets = True
        return self.record(action, self.no_more_bets_facts())
