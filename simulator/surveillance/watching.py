"""A watched round: a round the engine deals and plays right, with up to three faults seeded at chosen steps.

The engine plays every step right (``Round.play_out``), so the round's state is the right procedure's, as an exam's
money slip that stands leaves it (:mod:`grading.scoring`). What the felt shows differs at each seeded fault: the
dealer's step done otherwise, or a player's move beside it (:mod:`simulator.surveillance.deviations`). The log is the
round's own (:mod:`simulator.notation`) and each fault's kind and operation number; replaying it deals the round
again, performs its operations and seeds the same faults, so every step shown and every fault come back the same.
The faults are server-only: pages get :mod:`simulator.surveillance.views`.
"""

from __future__ import annotations

import random
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass

from simulator.core.citations import Citation
from simulator.core.json_values import JsonValue, json_int, json_list, json_object, json_str
from simulator.core.procedure import ErrorCode, Round
from simulator.notation import replay_round, save_round
from simulator.scenarios import MAX_FAULTS
from simulator.surveillance.catalogue import FAULTS, FaultKind
from simulator.surveillance.deviations import Deviation, Moment, shown
from simulator.surveillance.refusals import refusal
from simulator.surveillance.seen import Seen


@dataclass(frozen=True)
class FaultChoice:
    """A fault to seed: its kind and the number of the operation (1 to N in the round's log) it is seeded at."""

    kind: FaultKind
    operation: int

    def to_json(self) -> dict[str, JsonValue]:
        """The choice as the watched round's log keeps it."""
        return {"kind": self.kind.value, "operation": self.operation}

    @classmethod
    def from_json(cls, data: JsonValue) -> FaultChoice:
        """Read a choice written by :meth:`to_json`; ValueError for an unknown kind."""
        saved = json_object(data)
        return cls(FaultKind(json_str(saved["kind"])), json_int(saved["operation"]))


@dataclass(frozen=True)
class SeededFault:
    """A fault as seeded in a watched round: server only until the debrief.

    ``step`` is the number (1 to M) of the watched step that shows it; ``seen`` is that step as done, ``right`` the
    steps the felt would have shown for the operations it covers, ``citation`` the clause it breaks and ``code`` the
    error the grader would give for it (None for a card seen face up, which no step of the engine can be).
    """

    kind: FaultKind
    operation: int
    step: int
    seen: Seen
    right: tuple[Seen, ...]
    citation: Citation
    code: ErrorCode | None

    @property
    def place(self) -> int:
        """The seat the fault happened at, or 0 for the dealer's or the whole table's."""
        return self.seen.place

    @property
    def spot(self) -> str | None:
        """The betting area it happened at, if any."""
        return self.seen.spot


@dataclass(frozen=True)
class WatchedRound:
    """A round played right by the engine, what its felt showed step by step, and the faults seeded in it."""

    round: Round
    steps: tuple[Seen, ...]
    faults: tuple[SeededFault, ...]
    performed: tuple[int, ...]
    """For each watched step, how many of the round's operations the engine has performed once it is shown."""

    def felt_at(self, number: int) -> tuple[int, tuple[Seen, ...]]:
        """What the felt draws at watched step ``number``, server side: operations performed, faulty steps shown.

        The felt is the round as it stands after that many of its operations (replayed from the log), with the faulty
        steps shown so far drawn as done, as an exam's money slips that stood are (``trainer.felt.stood_steps``).
        """
        if not 1 <= number <= len(self.steps):
            raise ValueError(f"Step {number!r} is not a step of the round (1 to {len(self.steps)}).")
        return self.performed[number - 1], tuple(fault.seen for fault in self.faults if fault.step <= number)

    @property
    def choices(self) -> tuple[FaultChoice, ...]:
        """The faults as they were chosen, in the order of the round."""
        return tuple(FaultChoice(fault.kind, fault.operation) for fault in self.faults)


def deviation(round_: Round, choice: FaultChoice) -> Deviation:
    """What a fault does at its operation of a played round; ValueError where it cannot happen."""
    operations = round_.operations
    if not 1 <= choice.operation <= len(operations):
        raise ValueError(f"Operation {choice.operation} is not in the round (1 to {len(operations)}).")
    fault = FAULTS[choice.kind]
    step = operations[choice.operation - 1].action.step
    done = fault.deviate(Moment(round_, choice.operation - 1)) if fault.at(step) else None
    if done is None:
        raise ValueError(f"{fault.name} cannot be seeded at operation {choice.operation} ({step}).")
    return done


def eligible_faults(round_: Round, kinds: Collection[FaultKind] | None = None) -> list[FaultChoice]:
    """Every fault (of ``kinds``, else any) that can be seeded at an operation of the round, played right first."""
    round_.play_out()
    chosen = list(FAULTS) if kinds is None else [kind for kind in FAULTS if kind in kinds]
    return [
        FaultChoice(kind, number)
        for number, operation in enumerate(round_.operations, start=1)
        for kind in chosen
        if FAULTS[kind].at(operation.action.step) and FAULTS[kind].deviate(Moment(round_, number - 1)) is not None
    ]


def covered(round_: Round, choice: FaultChoice) -> range:
    """The operation numbers a fault covers."""
    return range(choice.operation, choice.operation + deviation(round_, choice).covers)


def choose_faults(
    round_: Round, count: int, rng: random.Random, kinds: Collection[FaultKind] | None = None
) -> tuple[FaultChoice, ...]:
    """Up to ``count`` faults at random among those the played round can hold, none covering another's operation."""
    if not 0 <= count <= MAX_FAULTS:
        raise ValueError(f"A round holds 0 to {MAX_FAULTS} faults, not {count}.")
    candidates = eligible_faults(round_, kinds)
    rng.shuffle(candidates)
    chosen: list[FaultChoice] = []
    taken: set[int] = set()
    for candidate in candidates:
        operations = set(covered(round_, candidate))
        if len(chosen) < count and not operations & taken:
            chosen.append(candidate)
            taken |= operations
    return tuple(sorted(chosen, key=lambda choice: choice.operation))


def watch(round_: Round, choices: Sequence[FaultChoice]) -> WatchedRound:
    """Play the dealt round right and seed the chosen faults; ValueError for too many, overlapping or impossible."""
    if len(choices) > MAX_FAULTS:
        raise ValueError(f"A round holds at most {MAX_FAULTS} faults, not {len(choices)}.")
    round_.play_out()
    deviations: dict[int, tuple[FaultChoice, Deviation]] = {}
    taken: set[int] = set()
    for choice in sorted(choices, key=lambda choice: choice.operation):
        done = deviation(round_, choice)
        operations = set(range(choice.operation, choice.operation + done.covers))
        if operations & taken:
            raise ValueError(f"Two faults are seeded at operation {min(operations & taken)}.")
        taken |= operations
        deviations[choice.operation] = (choice, done)
    return seeded(round_, deviations)


def seeded(round_: Round, deviations: Mapping[int, tuple[FaultChoice, Deviation]]) -> WatchedRound:
    """The played round's steps as the felt shows them, each deviation in place of the operations it covers."""
    steps: list[Seen] = []
    performed: list[int] = []
    faults: list[SeededFault] = []
    operations = round_.operations
    number = 1
    while number <= len(operations):
        if number not in deviations:
            steps.append(shown(operations[number - 1]))
            performed.append(number)
            number += 1
            continue
        choice, done = deviations[number]
        right = tuple(shown(operation) for operation in operations[number - 1 : number - 1 + done.covers])
        faulty = done.seen[done.faulty]
        fault = FAULTS[choice.kind]
        refused = refusal(round_, number - 1 + (done.performed[done.faulty - 1] if done.faulty else 0), faulty)
        citation = fault.clause(round_, faulty, operations[number - 1].action.citation, refused)
        step = len(steps) + done.faulty + 1
        faults.append(SeededFault(choice.kind, number, step, faulty, right, citation, fault.code(refused)))
        steps.extend(done.seen)
        performed.extend(number - 1 + count for count in done.performed)
        number += done.covers
    return WatchedRound(round_, tuple(steps), tuple(faults), tuple(performed))


def watched_log(watched: WatchedRound) -> dict[str, JsonValue]:
    """The watched round's log, server only: the round's own saved log (its setup holds the seed) and its faults."""
    return {"round": save_round(watched.round), "faults": [choice.to_json() for choice in watched.choices]}


def replay_watched(log: Mapping[str, JsonValue]) -> WatchedRound:
    """Deal and play the logged round again and seed the same faults: the same steps shown, the same faults."""
    round_ = replay_round(json_object(log["round"]))
    return watch(round_, [FaultChoice.from_json(choice) for choice in json_list(log["faults"])])
