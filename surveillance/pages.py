"""What the watched round's pages draw: the felt from the public steps shown, the flags, and after it the debrief.

Before the debrief a page is drawn from :func:`simulator.surveillance.views.public_steps` alone, never from the
faults, the log or the steps not yet shown.
"""

from __future__ import annotations

from typing import Any

from simulator.core.json_values import json_list, json_object
from simulator.games import GAMES
from simulator.surveillance.flags import PLACES, FlagScore
from simulator.surveillance.views import debrief, fault_menu, public_steps
from simulator.surveillance.watching import WatchedRound
from surveillance.models import WatchedRound as WatchedRecord
from trainer.submission_answers import school_citations
from trainer.table_page import citation_html

RECENT = 3
"""The most steps a place of the felt lists: its latest."""


def place_name(place: int) -> str:
    """A place as the pages name it.

    >>> place_name(0), place_name(3)
    ('The dealer or the whole table', 'Seat 3')
    """
    return f"Seat {place}" if place else "The dealer or the whole table"


def fault_names(game: str) -> dict[str, str]:
    """The fault kinds a flag may name at the game's table, by kind."""
    return {str(item["kind"]): str(item["name"]) for item in fault_menu(GAMES[game])}


def felt_context(record: WatchedRecord, watched: WatchedRound) -> dict[str, Any]:
    """The felt after the steps shown: each place with its latest steps, the step just shown, whether it ends."""
    steps = public_steps(watched, record.shown)
    by_place: dict[int, list[dict[str, Any]]] = {}
    for number, seen in enumerate(watched.steps[: record.shown], start=1):
        by_place.setdefault(seen.place, []).append({"number": number, "said": steps[number - 1]["said"]})
    current = steps[-1]
    return {
        "shown": record.shown,
        "over": record.shown == len(watched.steps),
        "current": current,
        "announce": f"Step {current['number']}: {current['said']}",
        "places": [{"name": place_name(place), "steps": by_place[place][-RECENT:]} for place in sorted(by_place)],
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
    """The watching page: the felt, the flag form's choices, the flags raised."""
    menu = fault_menu(GAMES[record.table.game])
    return {
        "record": record,
        "felt": felt_context(record, watched),
        "places": [(place, place_name(place)) for place in PLACES],
        "dealer_faults": [item for item in menu if item["by"] == "dealer"],
        "player_faults": [item for item in menu if item["by"] == "player"],
        **flags_context(record),
    }


def debrief_context(record: WatchedRecord, watched: WatchedRound, score: FlagScore) -> dict[str, Any]:
    """The debrief: each seeded fault, its clause and label, the flag that caught it; false flags; every step."""
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
    return {
        "record": record,
        "score": record.score,
        "faults": faults,
        "false_flags": false_flags,
        "steps": [{**step, "fault": faulty.get(number)} for number, step in enumerate(public_steps(watched), start=1)],
    }
