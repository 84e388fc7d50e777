"""What the tables ask of the exams dealt at them: which scenarios an exam keeps from practice, and a round's sitting.

Exams live in an app above the tables (certification), which gives its answers to :func:`answer_with` once it is
ready, so the tables never import it. Until an app answers, no scenario is kept from practice and no round is in a
sitting.
"""

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import datetime

from django.contrib.auth.models import User
from django.db.models import QuerySet

from grading.scoring import PassRule
from trainer.models import Attempt


@dataclass(frozen=True)
class Closure:
    """An exam that keeps a scenario from practice now: its name, and why, in words for the trainee."""

    name: str
    reason: str


@dataclass(frozen=True)
class SittingPlace:
    """A round's place in an exam sitting: the sitting, its exam's name, pass rule and cohort, the round's number."""

    sitting_id: int
    exam_name: str
    pass_rule: PassRule
    position: int
    rounds: int
    cohort_id: int


ClosuresFor = Callable[[User, datetime], Mapping[int, Closure]]
"""For a user at a moment, each scenario (by id) an exam keeps from their practice, with that exam."""

SittingsOf = Callable[[QuerySet[Attempt]], Mapping[int, SittingPlace]]
"""For some attempts, the place in its sitting of each that an exam dealt, by attempt id."""


@dataclass
class ExamAnswers:
    """The answers of the app that runs exams; none until it gives them."""

    closures_for: ClosuresFor | None = None
    sittings_of: SittingsOf | None = None


ANSWERS = ExamAnswers()


def answer_with(closures_for: ClosuresFor, sittings_of: SittingsOf) -> None:
    """Let the exams' app answer the tables' questions (called from its ``AppConfig.ready``)."""
    ANSWERS.closures_for, ANSWERS.sittings_of = closures_for, sittings_of


def closures_for(user: User, now: datetime) -> Mapping[int, Closure]:
    """Each scenario (by id) an exam keeps the user from practising now, with that exam; none without exams."""
    return {} if ANSWERS.closures_for is None else ANSWERS.closures_for(user, now)


def sittings_of(attempts: QuerySet[Attempt]) -> Mapping[int, SittingPlace]:
    """The place in its sitting of each of the attempts an exam dealt, by attempt id; none without exams."""
    return {} if ANSWERS.sittings_of is None else ANSWERS.sittings_of(attempts)


def sat_for_other_cohorts(user: User, attempts: QuerySet[Attempt]) -> set[int]:
    """The ids of the attempts among these that an exam of a cohort the user does not teach dealt."""
    taught = set(User.objects.filter(pk=user.pk).values_list("cohorts_taught", flat=True))
    return {attempt_id for attempt_id, place in sittings_of(attempts).items() if place.cohort_id not in taught}


def sitting_of(attempt_id: int) -> SittingPlace | None:
    """The attempt's place in an exam sitting; None for a round of its own."""
    return sittings_of(Attempt.objects.filter(pk=attempt_id)).get(attempt_id)
