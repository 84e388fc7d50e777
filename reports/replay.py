"""Replaying a finished attempt: the stored log re-run through the engine, frame by frame, to any position.

Position 0 is the table as dealt, before the trainee's first step; position k the table after the k-th frame the
attempt applied (a trainee's graded step, or an instructor's validation as floorperson). Nothing is stored: each
position is dealt again from the attempt's log as dealt and the operations of its steps
(:meth:`~trainer.models.Attempt.saved_frames`), and shown through the same public ``table_view()`` the live table
showed, so it holds nothing the dealer had not seen at that point (no card still in the deck, no future dice, no
mystery hit value).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from grading.scoring import GradedStep, ScoreCard, one_by_one, step_numbers
from simulator.core.chips import Rack
from simulator.core.json_values import JsonValue, json_object, json_str
from simulator.notation import perform_saved, replay_round
from trainer.models import Attempt
from trainer.round_store import LiveAttempt
from trainer.snapshots import AnyTableSnapshot, Viewer, snapshot_of
from trainer.table_page import (
    chip_inventory_context,
    felt_region,
    graded_context,
    posted_region,
    render_region,
)
from trainer.tables import table_description

SavedFrame = tuple[list[JsonValue], dict[str, Any] | None]
"""A frame as the attempt stored it: the operations it performed and its grade (None for a validation)."""


@dataclass(frozen=True)
class FrameSummary:
    """One position of a replay in the list of steps: its number, its words and how it was graded."""

    position: int
    text: str
    correct: bool | None
    severity: str | None


def replayed_snapshot(attempt: Attempt, frames: list[SavedFrame], position: int) -> AnyTableSnapshot:
    """The table after the attempt's first ``position`` frames, dealt again from its log through the engine.

    The score card is on the table only once the round is over, as it was live.
    """
    round_ = replay_round(attempt.log)
    for operations, _ in frames[:position]:
        perform_saved(round_, operations)
    graded = one_by_one([GradedStep.from_json(grade) for _, grade in frames[:position] if grade is not None])
    snapshot = snapshot_of(LiveAttempt(attempt, round_, attempt.log, graded, position, len(round_.operations)))
    return replace(snapshot, sequence=position, score_card=snapshot.score_card if round_.finished else None)


def frame_summaries(frames: list[SavedFrame], game: str, rack: Rack) -> list[FrameSummary]:
    """Every position after the first: the trainee's step as the score card numbers it, or the floorperson's check."""
    graded = one_by_one([GradedStep.from_json(grade) for _, grade in frames if grade is not None])
    numbers = iter((n, step) for n, step in zip(step_numbers(graded), graded, strict=True) if not step.omitted)
    table, summaries = table_description(game), []
    for position, (operations, grade) in enumerate(frames, start=1):
        if grade is None:
            check = json_object(operations[0])
            did = table.describe(json_str(check["step"]), json_object(check["arguments"]), rack)
            text = f"The floorperson: {did}"
            summaries.append(FrameSummary(position, text, None, None))
            continue
        number, step = next(numbers)
        text = f"Step {number}: {table.describe(step.step, step.arguments, rack)}"
        summaries.append(FrameSummary(position, text, step.correct, step.severity.value if step.severity else None))
    return summaries


def frame_grade(frames: list[SavedFrame], position: int, steps: int, game: str, rack: Rack) -> dict[str, Any] | None:
    """The grade of the frame that led to the position, as the score card shows a step; None for a validation."""
    grade = frames[position - 1][1] if position else None
    if grade is None:
        return None
    graded = one_by_one([GradedStep.from_json(saved) for _, saved in frames[:position] if saved is not None])
    number = step_numbers(graded)[-1]
    attempt_at_step = sum(step.number == graded[-1].number for step in graded)
    return graded_context(graded[-1], game, rack) | {"step_number": number, "of": steps, "attempt": attempt_at_step}


def performed_at(attempt: Attempt, frames: list[SavedFrame], snapshot: AnyTableSnapshot, position: int) -> list[str]:
    """The table log's lines the frame performed: the step and the engine's automations after it (the deal at 0)."""
    opening = len(attempt.log["operations"])
    done = 0 if position == 0 else opening + sum(len(operations) for operations, _ in frames[: position - 1])
    return [f"{entry.actor}: {entry.description}" for entry in snapshot.log[done:]]


def first_error_at(frames: list[SavedFrame], clause: str) -> int:
    """The position just after the round's first wrong step that broke the clause (0 when there is none)."""
    for position, (_, grade) in enumerate(frames, start=1):
        steps = [] if grade is None else one_by_one([GradedStep.from_json(grade)])
        if any(not step.correct and step.citation.clause == clause for step in steps):
            return position
    return 0


def replay_context(attempt: Attempt, position: int) -> dict[str, Any]:
    """Everything the replay page draws at a position: the felt as it was, the step's grade and the way around.

    ``position`` outside 0 to the number of frames is a ValueError.
    """
    frames: list[SavedFrame] = attempt.saved_frames()
    if not 0 <= position <= len(frames):
        raise ValueError(f"There is no step {position} in this replay: its positions run from 0 to {len(frames)}.")
    snapshot = replayed_snapshot(attempt, frames, position)
    steps = ScoreCard.from_json(attempt.score_card).steps if attempt.score_card else 0
    rack = snapshot.rack
    summaries = frame_summaries(frames, attempt.table.game, rack)
    felt = felt_region(snapshot, Viewer.INSTRUCTOR)
    here = summaries[position - 1].text if position else "The table as dealt, before the first step"
    return {
        "attempt": attempt,
        "snapshot": snapshot,
        "felt": render_region(felt, oob=False),
        "posted": render_region(posted_region(felt), oob=False),
        "position": position,
        "last": len(frames),
        "previous": position - 1 if position > 0 else None,
        "next": position + 1 if position < len(frames) else None,
        "here": here,
        "announce": f"Position {position} of {len(frames)}. {here}.",
        "grade": frame_grade(frames, position, steps, attempt.table.game, rack),
        "performed": performed_at(attempt, frames, snapshot, position),
        "summaries": summaries,
        "inventory": chip_inventory_context(snapshot.chip_inventory),
    }
