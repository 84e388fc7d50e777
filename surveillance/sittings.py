"""What surveillance asks of the exams: whether a watched round's debrief waits for the end of its exam sitting.

Exams live in an app above surveillance (certification), which gives its answer to :func:`answer_with` once it is
ready, so surveillance never imports it. Until an app answers, no watched round is in a sitting.
"""

from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True)
class HeldDebrief:
    """Why a watched round's debrief is not shown yet: the exam whose sitting is not over, and the sitting's page."""

    exam_name: str
    sitting_url: str


HeldBy = Callable[[int], HeldDebrief | None]
"""For a watched round (by id), the exam sitting not yet decided that holds its debrief; None when none does."""


@dataclass
class SittingAnswers:
    """The answer of the app that runs exams; none until it gives it."""

    held_by: HeldBy | None = None


ANSWERS = SittingAnswers()


def answer_with(held_by: HeldBy) -> None:
    """Let the exams' app answer surveillance's question (called from its ``AppConfig.ready``)."""
    ANSWERS.held_by = held_by


def held_debrief(record_id: int) -> HeldDebrief | None:
    """The undecided exam sitting whose end the watched round's debrief waits for; None when it may be shown."""
    return None if ANSWERS.held_by is None else ANSWERS.held_by(record_id)
