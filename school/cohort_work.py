"""A cohort's work: the rounds its pages and records show of its trainees, and none another cohort's exam dealt.

A round is the cohort's when one of its exams dealt it, or when it is a round of a run of a scenario assigned in the
cohort (to the trainee or to every trainee) begun since it was assigned, as the assignment counts it. Every other round
is practice (an ordinary table, a drill, a scenario nobody assigned): a cohort shows it only when the school says so
(``COHORT_PRACTICE``, off by default). A round an exam or an assignment of another cohort claims is never practice.
A round a trainee watched in surveillance mode is game-protection training, never practice: every cohort of the
trainee shows it.

Exams live in an app above this one (certification), which says which rounds an exam dealt through
:func:`answer_with` once it is ready; until it does, no round is an exam's.
"""

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.contrib.auth.models import User
from django.db.models import Exists, OuterRef, Q, QuerySet

from core.roles import is_school_administrator
from school.models import Assignment, Cohort, cohorts_of
from surveillance.models import WatchedRound
from trainer.models import Attempt

ExamRoundsOf = Callable[[QuerySet[Cohort]], QuerySet[Any]]
"""For some cohorts, the ids of the attempts their exams dealt (a subquery)."""


@dataclass
class ExamsAnswer:
    """The answer of the app that runs exams; none until it gives it."""

    exam_rounds_of: ExamRoundsOf | None = None


ANSWERS = ExamsAnswer()


def answer_with(exam_rounds_of: ExamRoundsOf) -> None:
    """Let the exams' app say which rounds the cohorts' exams dealt (called from its ``AppConfig.ready``)."""
    ANSWERS.exam_rounds_of = exam_rounds_of


def _exam_rounds_of(cohorts: QuerySet[Cohort]) -> Q:
    """The condition on an attempt that one of the cohorts' exams dealt it; never true without exams."""
    answer = ANSWERS.exam_rounds_of
    return Q(pk__in=[]) if answer is None else Q(pk__in=answer(cohorts))


def _assigned_in(cohorts: QuerySet[Cohort]) -> Exists:
    """Whether an attempt is a round of a run an assignment of one of the cohorts counts."""
    counting = Assignment.objects.filter(
        cohort__in=cohorts,
        cohort__trainees=OuterRef("trainee"),
        scenario=OuterRef("run_round__run__scenario_version__scenario"),
        assigned_at__lte=OuterRef("run_round__run__started_at"),
    )
    return Exists(counting.filter(Q(trainee__isnull=True) | Q(trainee=OuterRef("trainee"))))


def work_of(cohorts: QuerySet[Cohort]) -> Q:
    """The condition on an attempt that it is work of one of the cohorts: an exam's, an assignment's, or practice."""
    theirs = _exam_rounds_of(cohorts) | Q(_assigned_in(cohorts))
    if not settings.COHORT_PRACTICE:
        return theirs
    every = Cohort.objects.all()
    return theirs | (~_exam_rounds_of(every) & ~Q(_assigned_in(every)))


def cohort_rounds(cohort: Cohort) -> QuerySet[Attempt]:
    """The rounds of the cohort's trainees that are the cohort's work."""
    return Attempt.objects.filter(work_of(Cohort.objects.filter(pk=cohort.pk)), trainee__cohorts=cohort)


def cohort_watched_rounds(cohort: Cohort) -> QuerySet[WatchedRound]:
    """The cohort's trainees' watched rounds, always: game-protection training, not practice dealing."""
    return WatchedRound.objects.filter(trainee__cohorts=cohort)


def work_text(cohort: Cohort) -> str:
    """What the cohort's pages show, in a sentence for them."""
    practice = "and its trainees' practice" if settings.COHORT_PRACTICE else "not practice (the school's setting)"
    return (
        f"Only {cohort.name}'s work is shown: its exams, its assignments and their rounds, its trainees' watched "
        f"rounds, {practice}."
    )


def reviews(user: User, attempt: Attempt) -> bool:
    """Whether the user may review another's round: any for a school administrator, else work of a cohort they teach."""
    if is_school_administrator(user):
        return True
    cohorts = cohorts_of(user).filter(trainees=attempt.trainee_id)
    return Attempt.objects.filter(work_of(cohorts), pk=attempt.pk, trainee__cohorts__in=cohorts).exists()
