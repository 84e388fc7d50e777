"""The builder's preview: each round of a version dealt once, its felt as dealt and the engine's narration of it.

The felt is drawn as the replay page draws a round (:func:`trainer.table_page.felt_region`) from the round as the
trainee would first see it, its automated opening steps performed; then the engine performs every step and
narrates them. Nothing is stored.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass

from markupsafe import Markup

from scenarios.models import ScenarioVersion
from simulator.core.json_values import json_object
from simulator.core.procedure import Round
from simulator.scenarios import deal_scenario
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
        round_.play_out()
        rounds.append(PreviewRound(number, [operation.narration() for operation in round_.operations]))
    return rounds, felt
