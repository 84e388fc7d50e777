"""A payout sprint's result, the school's standard for it and the best sprints: what the pages and records read."""

from collections.abc import Iterable

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


def standard_for(kind: str, length: int) -> Standard:
    """The school's standard for a kind and length of sprint: the one it set, else the default pace."""
    saved = SprintStandard.objects.filter(kind=kind, length=length).first()
    if saved is None:
        return default_standard(length)
    return Standard(length, saved.seconds, saved.all_right)


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


def personal_bests(trainee: User) -> list[PayoutSprint]:
    """The trainee's best sprint of each kind and length, by kind's words and length."""
    best = best_of(trainee.payout_sprints.filter(finished_at__isnull=False))
    return sorted(best.values(), key=lambda sprint: (sprint.kind_name, sprint.length))


def seconds_words(milliseconds: int) -> str:
    """A sprint's time as the pages say it.

    >>> seconds_words(61_234)
    '61.2 s'
    """
    return f"{milliseconds / 1000:.1f} s"
