"""A cohort's payout sprint board: each trainee's best sprint of one kind and length, ranked, with or without names.

Sprints are the trainee's own drills, not tied to a cohort: the board and the gradebooks show every sprint of the
cohort's trainees. Ranked by fewer wrong payouts, then the faster; without names, a row is its rank alone.
"""

from dataclasses import dataclass

from django.contrib.auth.models import User

from scenarios.models import PayoutSprint
from scenarios.sprint_results import SprintRow, best_of, ranking, sprint_row
from school.models import Cohort


@dataclass(frozen=True)
class BoardRow:
    """A place on the board: its rank, the trainee (None when names are hidden) and their best sprint."""

    rank: int
    trainee: User | None
    best: SprintRow


def cohort_board(cohort: Cohort, kind: str, length: int, *, names: bool) -> list[BoardRow]:
    """The cohort's trainees who finished a sprint of ``kind`` and ``length``, best first; equal results share a rank.

    Without ``names`` no row holds its trainee.
    """
    sprints = PayoutSprint.objects.filter(
        trainee__in=cohort.trainees.all(), kind=kind, length=length, finished_at__isnull=False
    ).select_related("trainee")
    by_trainee: dict[int, list[PayoutSprint]] = {}
    for sprint in sprints:
        by_trainee.setdefault(sprint.trainee_id, []).append(sprint)
    bests = [best_of(each)[(kind, length)] for each in by_trainee.values()]
    ordered = sorted(bests, key=lambda sprint: (ranking(sprint), sprint.trainee.get_username()))
    rows: list[BoardRow] = []
    for place, sprint in enumerate(ordered, start=1):
        rank = rows[-1].rank if rows and ranking(sprint) == ranking(rows[-1].best.sprint) else place
        rows.append(BoardRow(rank, sprint.trainee if names else None, sprint_row(sprint)))
    return rows
