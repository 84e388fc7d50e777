"""Trainees' progress on their assignments: passes counted from finished scenario runs, and each one's status."""

import datetime
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum

from django.contrib.auth.models import User
from django.db.models import Q, QuerySet
from django.utils import timezone

from scenarios.models import ScenarioRun, ScenarioVersion
from scenarios.scenario_runs import run_records
from scenarios.scenario_versions import published_versions
from school.models import Assignment, Cohort

DUE_SOON_DAYS = 2
"""An assignment not yet done is due soon from this many days before its due date to the due date itself."""

MASTERY_RUN = 3
"""Mastered: the passes are reached and the last this-many finished runs all passed with no critical error."""


class Status(StrEnum):
    """Where a trainee stands on an assignment, from the furthest along: mastered, done, overdue, due soon, assigned."""

    MASTERED = "mastered"
    DONE = "done"
    OVERDUE = "overdue"
    DUE_SOON = "due soon"
    ASSIGNED = "assigned"


STATUS_MEANINGS = (
    (Status.ASSIGNED, f"short of passes, due in more than {DUE_SOON_DAYS} days"),
    (Status.DUE_SOON, f"short of passes, due within {DUE_SOON_DAYS} days (or today)"),
    (Status.OVERDUE, "short of passes after the due date"),
    (Status.DONE, "the passes required are reached"),
    (Status.MASTERED, f"done, and the last {MASTERY_RUN} finished attempts all passed with no critical error"),
)
"""What each status means, as the pages explain it. A pass is a finished attempt at the scenario (a run: every round
of it), begun since it was assigned, whose rounds together passed under the scenario's pass rule."""


@dataclass(frozen=True)
class Result:
    """A finished run of an assigned scenario as an assignment counts it: when it began, pass, critical errors."""

    started_at: datetime.datetime
    passed: bool
    critical_errors: int

    @property
    def clean_pass(self) -> bool:
        """Whether the run passed with no critical error (even where the pass rule allows them)."""
        return self.passed and self.critical_errors == 0


def status_of(results: Sequence[Result], required: int, due_on: datetime.date, today: datetime.date) -> Status:
    """The status of an assignment from the trainee's results on it, oldest first, on ``today``."""
    passes = sum(result.passed for result in results)
    if passes >= required:
        run = results[-MASTERY_RUN:]
        mastered = len(run) == MASTERY_RUN and all(result.clean_pass for result in run)
        return Status.MASTERED if mastered else Status.DONE
    if today > due_on:
        return Status.OVERDUE
    if (due_on - today).days <= DUE_SOON_DAYS:
        return Status.DUE_SOON
    return Status.ASSIGNED


@dataclass(frozen=True)
class Progress:
    """One trainee's progress on one assignment: the passes so far and the status."""

    assignment: Assignment
    trainee: User
    passes: int
    status: Status


def _results(pairs: Sequence[tuple[Assignment, User]]) -> dict[tuple[int, int], list[Result]]:
    """Each (trainee, scenario) pair's finished runs, oldest finished first, in one read of their rounds."""
    trainees = {trainee.pk for _, trainee in pairs}
    scenarios = {assignment.scenario_id for assignment, _ in pairs}
    runs = ScenarioRun.objects.filter(trainee__in=trainees, scenario_version__scenario__in=scenarios)
    finished = [(record.finished_at, record) for record in run_records(runs) if record.finished_at is not None]
    results: dict[tuple[int, int], list[Result]] = defaultdict(list)
    for _, record in sorted(finished, key=lambda pair: pair[0]):
        result = record.result
        if result is not None:
            key = (record.trainee_id, record.scenario_id)
            results[key].append(Result(record.started_at, result.passed, result.critical_errors))
    return results


def progress_of(pairs: Iterable[tuple[Assignment, User]], today: datetime.date | None = None) -> list[Progress]:
    """Each trainee's progress on each assignment paired with them; runs begun before the assignment don't count."""
    pairs = list(pairs)
    today = today or timezone.localdate()
    results = _results(pairs)
    progress = []
    for assignment, trainee in pairs:
        counted = [r for r in results[trainee.pk, assignment.scenario_id] if r.started_at >= assignment.assigned_at]
        status = status_of(counted, assignment.passes_required, assignment.due_on, today)
        progress.append(Progress(assignment, trainee, sum(result.passed for result in counted), status))
    return progress


def assignments_of(trainee: User) -> QuerySet[Assignment]:
    """What is assigned to a trainee, directly or to a cohort of theirs, soonest due first."""
    return (
        Assignment.objects.filter(cohort__trainees=trainee)
        .filter(Q(trainee__isnull=True) | Q(trainee=trainee))
        .select_related("scenario", "cohort")
        .distinct()
    )


def cohort_progress(cohort: Cohort) -> list[tuple[Assignment, list[Progress]]]:
    """Each of the cohort's assignments, soonest due first, with every assignee's progress."""
    assignments = list(cohort.assignments.select_related("scenario", "trainee", "assigned_by"))
    trainees = list(cohort.trainees.order_by("username"))
    pairs = [
        (assignment, trainee)
        for assignment in assignments
        for trainee in ([assignment.trainee] if assignment.trainee else trainees)
    ]
    progress = progress_of(pairs)
    return [(assignment, [row for row in progress if row.assignment is assignment]) for assignment in assignments]


def overdue_in(cohort: Cohort) -> list[tuple[Assignment, list[Progress]]]:
    """The cohort's assignments past their due date, each with the trainees still short of passes."""
    overdue = []
    for assignment, rows in cohort_progress(cohort):
        short = [row for row in rows if row.status is Status.OVERDUE]
        if short:
            overdue.append((assignment, short))
    return overdue


def assigned_to(trainee: User) -> list[tuple[Progress, ScenarioVersion | None]]:
    """The trainee's assignments with their progress and the scenario's newest published version, to deal."""
    versions = {version.scenario_id: version for version in published_versions()}
    progress = progress_of((assignment, trainee) for assignment in assignments_of(trainee))
    return [(row, versions.get(row.assignment.scenario_id)) for row in progress]
