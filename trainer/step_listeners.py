"""What the apps above the tables write with a step: the rows each adds to the step's own transaction.

An app above the tables (xapi, whose statements report the step) gives its listener to :func:`listen` once it is
ready, so the round store never imports it. A listener hears each step as it commits, inside its transaction, and
answers with the rows to write there; the round store inserts them as it writes the step itself, in plain SQL or
through the ORM (:class:`~trainer.step_writes.StepWrites`). Until an app listens, a step writes nothing more.
"""

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, NamedTuple

from django.db.models import Model

from grading.scoring import GradedStep, ScoreCard
from trainer.models import Attempt


@dataclass(frozen=True)
class CommittedStep:
    """A step as its transaction writes it.

    ``steps`` are the round's graded steps one by one, the step's own last; ``graded`` is its grade (None for a
    step that only validated the round), ``score_card`` the card of the round it ends, ``at`` when it committed.
    """

    attempt: Attempt
    steps: Sequence[GradedStep]
    graded: GradedStep | None
    score_card: ScoreCard | None
    at: datetime


class Row(NamedTuple):
    """A row to insert: its model and its fields' values, a relation's by the field or by its ``_id`` attribute."""

    model: type[Model]
    values: dict[str, Any]


StepListener = Callable[[CommittedStep], Iterable[Row]]
"""For a step as it commits, the rows to write in its transaction."""

LISTENERS: list[StepListener] = []


def listen(listener: StepListener) -> None:
    """Let an app write rows with every step (called from its ``AppConfig.ready``; once, however often called)."""
    if listener not in LISTENERS:
        LISTENERS.append(listener)


def rows_of(step: CommittedStep) -> Iterator[Row]:
    """The rows the listening apps write with the step, in the order they began to listen."""
    for listener in LISTENERS:
        yield from listener(step)
