"""What a watcher's page may be sent of a watched round, and the debrief shown once the round is over.

:func:`public_steps` and :func:`public_step` are what the felt shows: each step's actor, step, arguments and words,
the same for a step done right and one done wrong, so nothing in them says which step holds a fault, what was due
instead, or anything the engine keeps hidden (the deck, future dice, a hit value, a seed). :func:`fault_menu` is the
fault kinds a flag may name at a game's table, the same for every round of it. :func:`debrief` is server-only until
the round (or, in an exam, the exam) is over: every seeded fault, its clause, what was done and what was right.
"""

from __future__ import annotations

from simulator.core.json_values import JsonValue
from simulator.games import Game
from simulator.surveillance.catalogue import FAULTS, fault_kinds
from simulator.surveillance.flags import FlagScore
from simulator.surveillance.watching import SeededFault, WatchedRound


def public_step(watched: WatchedRound, number: int) -> dict[str, JsonValue]:
    """Watched step ``number`` (1 to M) as the felt shows it; ValueError for a step the round does not have."""
    if type(number) is not int or not 1 <= number <= len(watched.steps):
        raise ValueError(f"Step {number!r} is not a step of the round (1 to {len(watched.steps)}).")
    return {"number": number, **watched.steps[number - 1].to_json()}


def public_steps(watched: WatchedRound, shown: int | None = None) -> list[dict[str, JsonValue]]:
    """The first ``shown`` watched steps (all when None) as the felt shows them, in order; ValueError past the end."""
    count = len(watched.steps) if shown is None else shown
    if type(count) is not int or not 0 <= count <= len(watched.steps):
        raise ValueError(f"A round shows 0 to {len(watched.steps)} steps, not {count!r}.")
    return [public_step(watched, number) for number in range(1, count + 1)]


def fault_menu(game: Game) -> list[dict[str, JsonValue]]:
    """The fault kinds a watcher may flag at the game's table, with their names and who commits them."""
    return [{"kind": kind.value, "name": FAULTS[kind].name, "by": FAULTS[kind].by.value} for kind in fault_kinds(game)]


def fault_json(fault: SeededFault) -> dict[str, JsonValue]:
    """A seeded fault as the debrief shows it: where, what, the clause, what was done and what was right."""
    citation = fault.citation
    return {
        "step": fault.step,
        "kind": fault.kind.value,
        "fault": FAULTS[fault.kind].name,
        "by": FAULTS[fault.kind].by.value,
        "place": fault.place,
        "spot": fault.spot,
        "done": fault.seen.said(),
        "right": [seen.said() for seen in fault.right],
        "error": None if fault.code is None else fault.code.value,
        "clause": citation.clause,
        "title": citation.title,
        "rule_kind": citation.kind,
        "label": citation.label,
        "text": citation.text,
    }


def debrief(watched: WatchedRound, score: FlagScore) -> dict[str, JsonValue]:
    """The debrief, server only until the round is over: each fault with the flag that caught it, and false flags."""
    catches = {catch.fault.step: catch for catch in score.caught}
    faults: list[JsonValue] = []
    for fault in watched.faults:
        catch = catches.get(fault.step)
        flagged = None if catch is None else catch.to_json()
        faults.append(fault_json(fault) | {"caught": flagged})
    return {"faults": faults, "false_flags": [flag.to_json() for flag in score.false_flags], **score.totals()}
