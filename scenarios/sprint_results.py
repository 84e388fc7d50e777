"""A payout sprint's result, the school's standard for it and the best sprints: what the pages and records read."""

from collections.abc import Iterable
from dataclasses import dataclass

from django.contrib.auth.models import User

from scenarios.models import PayoutSprint, SprintStandard
from simulator.core.procedure import ErrorCode
from simulator.sprints import SprintResult, default_standard
from simulator.sprints import SprintStandard as Standard


def result_of(sprint: PayoutSprint) -> SprintResult:
    """A finished sprint's result: its mispays, mis-chips and time."""
    marks = list(sprint.marks)
    return SprintResult(
        sprint.length,
        marks.count(ErrorCode.WRONG_AMOUNT.value),
        marks.count(ErrorCode.WRONG_CHIPS.value),
        sprint.milliseconds or 0,
    )


Standards = dict[tuple[str, int], Standard]
"""The standards a school set, by the sprint's kind and length."""


def school_standards() -> Standards:
    """Every standard the school set, in one query."""
    return {
        (saved.kind, saved.length): Standard(saved.length, saved.seconds, saved.all_right)
        for saved in SprintStandard.objects.all()
    }


def standard_for(kind: str, length: int, standards: Standards | None = None) -> Standard:
    """The school's standard for a kind and length of sprint: the one it set, else the default pace."""
    saved = school_standards() if standards is None else standards
    return saved.get((kind, length)) or default_standard(length)


def ranking(sprint: PayoutSprint) -> tuple[int, int]:
    """How sprints rank, best first: fewer wrong payouts, then the faster."""
    result = result_of(sprint)
    return (result.mispays + result.mischips, result.milliseconds)


def best_of(sprints: Iterable[PayoutSprint]) -> dict[tuple[str, int], PayoutSprint]:
    """The best finished sprint of each kind and length."""
    best: dict[tuple[str, int], PayoutSprint] = {}
    for sprint in sprints:
        if sprint.finished_at is None:
            continue
        key = (sprint.kind, sprint.length)
        if key not in best or ranking(sprint) < ranking(best[key]):
            best[key] = sprint
    return best


def by_words(sprint: PayoutSprint) -> tuple[str, int]:
    """How bests are listed: by the kind's words, then the length."""
    return (sprint.kind_name, sprint.length)


def personal_bests(trainee: User) -> list[PayoutSprint]:
    """The trainee's best sprint of each kind and length, by kind's words and length."""
    best = best_of(trainee.payout_sprints.filter(finished_at__isnull=False))
    return sorted(best.values(), key=by_words)


def seconds_words(milliseconds: int) -> str:
    """A sprint's time as the pages say it.

    >>> seconds_words(61_234)
    '61.2 s'
    """
    return f"{milliseconds / 1000:.1f} s"


@dataclass(frozen=True)
class SprintRow:
    """A finished sprint as the pages and records show it: its result and time, the school's standard, and if met."""

    sprint: PayoutSprint
    result: SprintResult
    standard: Standard

    @property
    def time(self) -> str:
        """The sprint's time in words."""
        return seconds_words(self.result.milliseconds)

    @property
    def met(self) -> bool:
        """Whether the sprint meets the school's standard."""
        return self.standard.met_by(self.result)


def sprint_row(sprint: PayoutSprint, standards: Standards | None = None) -> SprintRow:
    """A finished sprint with its result and the school's standard for it (from ``standards`` when given)."""
    return SprintRow(sprint, result_of(sprint), standard_for(sprint.kind, sprint.length, standards))


def bests_by_trainee(trainees: Iterable[User]) -> dict[int, list[SprintRow]]:
    """Each trainee's personal bests with the school's standards, by the trainee's id, in two queries."""
    standards = school_standards()
    sprints: dict[int, list[PayoutSprint]] = {trainee.pk: [] for trainee in trainees}
    for sprint in PayoutSprint.objects.filter(trainee__in=list(sprints), finished_at__isnull=False):
        sprints[sprint.trainee_id].append(sprint)
    return {
        pk: [sprint_row(best, standards) for best in sorted(best_of(each).values(), key=by_words)]
        for pk, each in sprints.items()
    }
