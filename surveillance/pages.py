"""What the watched round's pages draw: the game's felt at the step shown, the flags, and after it the debrief.

Before the debrief a page is drawn from :func:`simulator.surveillance.views.public_steps` and the table's public view
at the step shown (``WatchedRound.felt_at``: the operations that step stands on, the faults shown so far drawn as
done), never from the faults' clauses, the log's seed or the steps not yet shown.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from simulator.core.json_values import json_list, json_object
from simulator.games import GAMES
from simulator.notation import deal_saved, perform_saved
from simulator.surveillance.flags import FlagScore
from simulator.surveillance.views import debrief, fault_menu, public_steps
from simulator.surveillance.watching import WatchedRound
from surveillance.models import WatchedRound as WatchedRecord
from trainer.felt import Region
from trainer.models import Mode
from trainer.snapshots import Viewer, ungraded_snapshot
from trainer.submission_answers import school_citations
from trainer.table_page import citation_html, felt_region, posted_region, render_region

SPEEDS = (0.5, 0.75, 1.0, 1.5, 2.0)
"""The speeds a watcher may play a round at, as multiples of the table's pace: from half as fast to twice as fast."""


def place_name(place: int) -> str:
    """A place as the pages name it.

    >>> place_name(0), place_name(3)
    ('The dealer or the whole table', 'Seat 3')
    """
    return f"Seat {place}" if place else "The dealer or the whole table"


def fault_names(game: str) -> dict[str, str]:
    """The fault kinds a flag may name at the game's table, by kind."""
    return {str(item["kind"]): str(item["name"]) for item in fault_menu(GAMES[game])}


def table_felt(record: WatchedRecord, watched: WatchedRound, number: int) -> Region:
    """The game's felt at watched step ``number``, as a watcher of the table sees it: places named, none to choose.

    The round is dealt again from its log and stands after the operations the step stands on; the faults shown so far
    are drawn as they were done, as an exam's money slips that stood are (:func:`trainer.felt.stood_steps`).
    """
    performed, done = watched.felt_at(number)
    saved = json_object(record.log["round"])
    round_ = deal_saved(saved)
    perform_saved(round_, json_list(saved["operations"])[:performed])
    rules = json_object(json_object(saved["setup"])["rules"])
    table = record.table
    snapshot = ungraded_snapshot(round_, GAMES[table.game], rules, (table.pk, table.name), Mode.PRACTICE)
    return felt_region(replace(snapshot, drawn_as_done=done), Viewer.INSTRUCTOR)


def seated(felt: Region) -> list[int]:
    """The seats a flag may name beside the dealer's place (0): a player's, or one with a stack or cash laid there."""
    seats = felt.context["felt"]["seats"]
    return [seat["number"] for seat in seats if seat["occupied"] or seat.get("stack") or seat.get("cash")]


def felt_context(record: WatchedRecord, watched: WatchedRound, number: int | None = None) -> dict[str, Any]:
    """The felt at step ``number`` (the last shown when None): the table drawn, the step said, its place marked."""
    number = record.shown if number is None else number
    current = public_steps(watched, number)[-1]
    felt = table_felt(record, watched, number)
    place = watched.steps[number - 1].place
    return {
        "shown": number,
        "over": record.shown == len(watched.steps),
        "current": current,
        "place": place,
        "where": place_name(place),
        "announce": f"Step {current['number']}: {current['said']}",
        "table": render_region(felt, oob=False),
        "posted": render_region(posted_region(felt), oob=False),
        "seats": seated(felt),
        "places": [(place, place_name(place)) for place in (0, *seated(felt))],
    }


def flags_context(record: WatchedRecord) -> dict[str, Any]:
    """The flags raised so far, as the trainee raised them."""
    names = fault_names(record.table.game)
    return {
        "flags": [
            {
                "step": flag["step"],
                "place": place_name(flag["place"]),
                "fault": names[flag["kind"]],
                "clause": flag["clause"],
                "seconds": flag["ms"] // 1000,
            }
            for flag in record.flags
        ]
    }


def watch_context(record: WatchedRecord, watched: WatchedRound) -> dict[str, Any]:
    """The watching page: the felt (with the flag form's places), the pace and speeds, the faults to name, the flags."""
    menu = fault_menu(GAMES[record.table.game])
    felt = felt_context(record, watched)
    return {
        "record": record,
        "felt": felt,
        "speeds": " ".join(map(str, SPEEDS)),
        "dealer_faults": [item for item in menu if item["by"] == "dealer"],
        "player_faults": [item for item in menu if item["by"] == "player"],
        **flags_context(record),
    }


def debrief_context(record: WatchedRecord, watched: WatchedRound, score: FlagScore, number: int) -> dict[str, Any]:
    """The debrief: each seeded fault, its clause and label, the flag that caught it; false flags; every step.

    The felt is the round's at step ``number``, with the faults seeded and the flags raised at that step beside it.
    """
    drawn = debrief(watched, score)
    citations = school_citations(fault.citation for fault in watched.faults)
    names = fault_names(record.table.game)
    faults = [
        {**json_object(item), "where": place_name(fault.place), "citation": citation_html(citation)}
        for item, fault, citation in zip(json_list(drawn["faults"]), watched.faults, citations, strict=True)
    ]
    false_flags = [
        {"step": flag.step, "where": place_name(flag.place), "fault": names[flag.kind.value], "clause": flag.clause}
        for flag in score.false_flags
    ]
    faulty = {fault.step: names[fault.kind.value] for fault in watched.faults}
    raised = flags_context(record)["flags"]
    return {
        "record": record,
        "score": record.score,
        "faults": faults,
        "false_flags": false_flags,
        "felt": felt_context(record, watched, number),
        "here": {
            "faults": [fault for fault in faults if fault["step"] == number],
            "flags": [flag for flag in raised if flag["step"] == number],
        },
        "previous": number - 1 if number > 1 else None,
        "next": number + 1 if number < len(watched.steps) else None,
        "steps": [{**step, "fault": faulty.get(number)} for number, step in enumerate(public_steps(watched), start=1)],
    }


def debrief_step(watched: WatchedRound, asked: str | None) -> int:
    """The step the debrief's felt shows: the one asked for (``?step=N``), else the first fault's, else the first.

    ValueError for a step the round does not have.
    """
    if asked is None:
        return watched.faults[0].step if watched.faults else 1
    if not (asked.isascii() and asked.isdigit() and 1 <= int(asked) <= len(watched.steps)):
        raise ValueError(f"The round's steps run from 1 to {len(watched.steps)}: choose one of them.")
    return int(asked)
