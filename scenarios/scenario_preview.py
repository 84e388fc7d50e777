"""The builder's preview: each round of a version dealt once, its felt as dealt and the engine's narration of it.

The felt is drawn as the replay page draws a round (:func:`trainer.table_page.felt_region`) from the round as the
trainee would first see it, its automated opening steps performed; then the engine performs every step and
narrates them. A watch scenario's round is seeded with faults as a trainee's would be, and narrated as the watcher's
felt shows it, each faulty step marked with its fault for the instructor. Nothing is stored.
"""

from __future__ import annotations

import random
import secrets
from dataclasses import dataclass

from markupsafe import Markup

from scenarios.models import ScenarioVersion
from simulator.core.json_values import json_object
from simulator.core.procedure import Round
from simulator.scenarios import ScenarioSpec, deal_scenario
from simulator.surveillance.catalogue import FAULTS
from simulator.surveillance.scenarios import seed_faults
from trainer.models import Mode
from trainer.snapshots import AnyTableSnapshot, Viewer, ungraded_snapshot
from trainer.table_page import felt_region, render_region


@dataclass(frozen=True)
class PreviewRound:
    """One round of the preview: its number and the engine's narration of every step, from the deal to the end."""

    number: int
    narration: list[str]


def _dealt_snapshot(version: ScenarioVersion, round_: Round) -> AnyTableSnapshot:
    """The round as dealt, as an instructor sees a table: no attempt, no trainee, nothing graded yet."""
    spec = version.engine_spec()
    rules = json_object(round_.setup_json()["rules"])
    return ungraded_snapshot(round_, spec.game, rules, (version.table_id or 0, version.scenario.name), Mode(spec.mode))


def preview(version: ScenarioVersion, shown: int) -> tuple[list[PreviewRound], Markup]:
    """Every round of the version dealt once and narrated, and the felt of round ``shown`` as it was dealt."""
    spec = version.engine_spec()
    rounds, felt = [], Markup()
    for number in range(1, spec.rounds + 1):
        round_ = deal_scenario(spec, secrets.randbits(63), number)
        round_.advance()
        if number == shown:
            felt = render_region(felt_region(_dealt_snapshot(version, round_), Viewer.INSTRUCTOR), oob=False)
        rounds.append(PreviewRound(number, _narration(spec, round_)))
    return rounds, felt


def _narration(spec: ScenarioSpec, round_: Round) -> list[str]:
    """Every step of the dealt round as the engine performs it; a watch scenario's as its felt shows them, marked."""
    if spec.watch is None:
        round_.play_out()
        return [operation.narration() for operation in round_.operations]
    watched = seed_faults(spec, round_, random.Random(secrets.randbits(63)))
    faulty = {fault.step: FAULTS[fault.kind].name for fault in watched.faults}
    return [
        seen.said() + (f" (seeded fault: {faulty[number]})" if number in faulty else "")
        for number, seen in enumerate(watched.steps, start=1)
    ]
