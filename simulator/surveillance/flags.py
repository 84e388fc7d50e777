"""A watcher's flags read and scored against the seeded faults: caught, missed, false, and how long each took.

Pure functions. A flag catches a fault when it names the fault's kind and place (a seat, or 0 for the dealer's or the
whole table's) at the fault's step or later; each fault is caught by its earliest such flag, each flag catches one
fault (the earliest it can), and a flag that catches none is false. The clause a flag names counts only for the
higher level: it is right or wrong beside the catch, never instead of it.
"""

from __future__ import annotations

import bisect
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from simulator.core.clauses import CLAUSES
from simulator.core.json_values import JsonValue, json_list, json_object, json_str
from simulator.surveillance.catalogue import FaultKind
from simulator.surveillance.watching import SeededFault

MAX_FLAGS = 20
"""The most flags a watcher may raise in one round: more is a flood, refused."""

PLACES = range(0, 7)
"""The places a flag may name: 0 for the dealer or the whole table, seats 1 to 6."""

KINDS = frozenset(kind.value for kind in FaultKind)
"""The fault kinds a flag may name, as a page sends them."""


@dataclass(frozen=True)
class Flag:
    """A watcher's flag: the step it was raised at, the place and fault it names, any clause, and when (ms).

    A page that keeps only the time a flag was raised finds its step with :func:`step_shown_at`.
    """

    step: int
    place: int
    kind: FaultKind
    clause: str | None = None
    ms: int | None = None

    def to_json(self) -> dict[str, JsonValue]:
        """The flag as JSON-ready values."""
        return {"step": self.step, "place": self.place, "kind": self.kind.value, "clause": self.clause, "ms": self.ms}


def whole(data: Mapping[str, JsonValue], name: str, low: int, high: int | None = None) -> int:
    """A flag's whole-number field within bounds; ValueError naming it."""
    value = data.get(name)
    if type(value) is not int or value < low or (high is not None and value > high):
        bounds = f"{low} to {high}" if high is not None else f"{low} or more"
        raise ValueError(f"A flag's {name} is a whole number from {bounds}, not {value!r}.")
    return value


def read_flag(raw: JsonValue, shown: int) -> Flag:
    """A flag as a page sends it, raised once ``shown`` steps were shown; ValueError naming what is wrong."""
    data = json_object(raw)
    unknown = set(data) - {"step", "place", "kind", "clause", "ms"}
    if unknown:
        raise ValueError(f"A flag has no field {sorted(unknown)[0]!r}.")
    kind, clause, ms = data.get("kind"), data.get("clause"), data.get("ms")
    if kind not in KINDS:
        raise ValueError(f"{kind!r} is not a fault a flag may name.")
    if clause is not None and (not isinstance(clause, str) or clause not in CLAUSES):
        raise ValueError(f"{clause!r} is not a clause of the catalogue.")
    return Flag(
        whole(data, "step", 1, shown),
        whole(data, "place", PLACES.start, PLACES.stop - 1),
        FaultKind(json_str(kind)),
        clause,
        None if ms is None else whole(data, "ms", 0),
    )


def step_shown_at(shown_ms: Sequence[int], ms: int) -> int:
    """The watched step on the felt at time ``ms``, given when each step was shown; ValueError before the first.

    >>> step_shown_at([0, 1500, 4000], 1499), step_shown_at([0, 1500, 4000], 1500), step_shown_at([0, 1500], 9000)
    (1, 2, 2)
    """
    step = bisect.bisect_right(shown_ms, ms)
    if step == 0:
        raise ValueError(f"No step was shown yet at {ms} ms.")
    return step


def read_flags(raw: JsonValue, shown: int) -> tuple[Flag, ...]:
    """Every flag of a round, at most :data:`MAX_FLAGS`; ValueError for a flood or any bad flag, reading none."""
    flags = json_list(raw)
    if len(flags) > MAX_FLAGS:
        raise ValueError(f"A round takes at most {MAX_FLAGS} flags, not {len(flags)}.")
    return tuple(read_flag(flag, shown) for flag in flags)


@dataclass(frozen=True)
class Catch:
    """A fault caught: the flag that caught it, in steps and milliseconds after it showed, and whether its clause fit.

    ``clause_right`` is None when the flag named no clause; ``delay_ms`` None unless both times are known.
    """

    fault: SeededFault
    flag: Flag
    delay_steps: int
    delay_ms: int | None
    clause_right: bool | None

    def to_json(self) -> dict[str, JsonValue]:
        """The catch as the debrief shows it beside its fault."""
        return {
            "flag": self.flag.to_json(),
            "delay_steps": self.delay_steps,
            "delay_ms": self.delay_ms,
            "clause_right": self.clause_right,
        }


@dataclass(frozen=True)
class FlagScore:
    """A watcher's flags against a round's faults: the faults caught, the faults missed, the false flags."""

    caught: tuple[Catch, ...]
    missed: tuple[SeededFault, ...]
    false_flags: tuple[Flag, ...]

    def totals(self) -> dict[str, JsonValue]:
        """The counts a score card shows, and the clauses named right at the higher level."""
        return {
            "caught": len(self.caught),
            "missed": len(self.missed),
            "false_flags": len(self.false_flags),
            "clauses_right": sum(catch.clause_right is True for catch in self.caught),
        }


def catches(fault: SeededFault, flag: Flag) -> bool:
    """Whether a flag names this fault: its kind and place, at its step or later."""
    return flag.kind is fault.kind and flag.place == fault.place and flag.step >= fault.step


def score_flags(
    faults: Sequence[SeededFault], flags: Sequence[Flag], shown_ms: Sequence[int] | None = None
) -> FlagScore:
    """Score the flags against the faults; ``shown_ms`` is when each watched step was shown, if the page kept it."""
    uncaught = sorted(faults, key=lambda fault: fault.step)
    caught: list[Catch] = []
    false_flags: list[Flag] = []
    for flag in sorted(flags, key=lambda flag: flag.step):
        fault = next((fault for fault in uncaught if catches(fault, flag)), None)
        if fault is None:
            false_flags.append(flag)
            continue
        uncaught.remove(fault)
        delay_ms = None if shown_ms is None or flag.ms is None else flag.ms - shown_ms[fault.step - 1]
        clause_right = None if flag.clause is None else flag.clause == fault.citation.clause
        caught.append(Catch(fault, flag, flag.step - fault.step, delay_ms, clause_right))
    return FlagScore(tuple(caught), tuple(uncaught), tuple(false_flags))
