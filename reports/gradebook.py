"""The gradebook: one trainee's record together, and a cohort's trainees summarised one row each.

A record is the trainee's assignments, exam sittings, certificates, accuracy, pace by game, speed by skill and the
clauses most missed. Every figure is read from the records the other pages read (the assignments' progress, the
results with their newest correction, the certificates' status today, the finished rounds' score cards), in a fixed
number of queries however many trainees, rounds and steps there are. A cohort's gradebook holds only the cohort's
work (:mod:`school.cohort_work`): its own exams and their certificates, its assignments, their rounds (and practice
if the school says so); a trainee's own record holds all of theirs.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from statistics import median
from typing import Any

from django.contrib.auth.models import User
from django.db.models import Count, Max, OuterRef, Q, QuerySet, Subquery

from certification.certificates import Status as CertificateStatus
from certification.certificates import status_of
from certification.models import Certificate, ExamResult, ExamSitting, ResultCorrection
from certification.sitting_pace import sitting_paces
from core.school_profile import school_pace_standards
from grading.pace import pace_context, paces
from grading.scoring import percent_text, seconds_text
from grading.standards import SKILLS
from reports.error_report import FinishedRound, finished_rounds, most_missed
from reports.watched_records import WatchedScore, WatchedTotals, finished_watches, watched_totals
from scenarios.drill_library import drill_versions, drills_for
from scenarios.sprint_results import SprintRow, bests_by_trainee
from school.assignments import Progress, Status, assignments_of, cohort_progress, progress_of
from school.cohort_work import cohort_rounds, cohort_watched_rounds
from school.models import Cohort
from surveillance.models import WatchedRound
from trainer.models import Attempt

DONE = (Status.DONE, Status.MASTERED)
"""The statuses of an assignment whose passes are reached."""

RECENT_WATCHED = 5
"""How many of a trainee's latest watched rounds their own record links to the debriefs of."""


@dataclass(frozen=True)
class SkillSummary:
    """A skill over all the trainee's finished rounds: steps, how many right at the first attempt, median time."""

    name: str
    steps: int
    right: int
    median_ms: int
    target_seconds: int

    @property
    def accuracy_text(self) -> str:
        """The share of the steps right at the first attempt, as a percentage."""
        return percent_text(Fraction(self.right, self.steps))

    @property
    def median_text(self) -> str:
        """The median time per step in seconds."""
        return seconds_text(self.median_ms)


def skill_summaries(rounds: Sequence[FinishedRound]) -> list[SkillSummary]:
    """Each skill the rounds exercised, in the order of the skills, with its figures over all of them."""
    times: dict[str, list[tuple[bool, int]]] = {}
    for r in rounds:
        for time in r.card.step_times:
            if time.skill is not None:
                times.setdefault(time.skill, []).append((time.right_first_time, time.elapsed_ms))
    return [
        SkillSummary(
            SKILLS[key].name,
            len(times[key]),
            sum(right for right, _ in times[key]),
            int(median(ms for _, ms in times[key])),
            SKILLS[key].target_seconds,
        )
        for key in SKILLS
        if key in times
    ]


def overall_accuracy(rounds: Sequence[FinishedRound]) -> str | None:
    """The share of all the rounds' steps right at the first attempt, as a percentage; None without a step."""
    steps = sum(r.card.steps for r in rounds)
    return percent_text(Fraction(sum(r.card.correct for r in rounds), steps)) if steps else None


def paces_of(rounds: Sequence[FinishedRound], standards: dict[str, int]) -> list[dict[str, Any]]:
    """Each game's pace over the rounds against the school's standard for it; none without a finished round."""
    return [pace_context(pace, standards) for pace in paces((r.game, r.card.total_ms) for r in rounds)]


@dataclass(frozen=True)
class Sitting:
    """An exam sitting: its result (None until decided), outcome after any correction, revocation, pace per game."""

    sitting: ExamSitting
    result: ExamResult | None
    corrected: bool
    passed: bool | None
    revoked: bool
    paces: list[dict[str, Any]]


def sittings_of(trainees: Sequence[User], cohort: Cohort | None) -> list[Sitting]:
    """The trainees' sittings (of the cohort's exams, if given), newest first, with the outcome its page states."""
    sittings = ExamSitting.objects.filter(trainee__in=trainees).select_related("exam").order_by("-started_at", "-pk")
    if cohort is not None:
        sittings = sittings.filter(exam__cohort=cohort)
    newest = ResultCorrection.objects.filter(result=OuterRef("pk")).order_by("-corrected_at", "-pk")
    results = {
        result.sitting_id: result
        for result in ExamResult.objects.filter(sitting__in=sittings).annotate(
            corrected_to=Subquery(newest.values("passed")[:1]),
            corrected_at=Subquery(newest.values("corrected_at")[:1]),
            last_issued=Max("certificates__issued_at"),
            live=Count("certificates", filter=Q(certificates__revoked_at__isnull=True)),
        )
    }
    paced = sitting_paces(sitting.pk for sitting in sittings)
    standards = school_pace_standards()
    rows = []
    for sitting in sittings:
        result = results.get(sitting.pk)
        corrected = result is not None and result.corrected_to is not None
        passed = None if result is None else (result.corrected_to if corrected else result.passed)
        revoked = bool(passed) and result is not None and _revoked(result)
        pace = [pace_context(held, standards) for held in paced[sitting.pk]]
        rows.append(Sitting(sitting, result, corrected, passed and not revoked, revoked, pace))
    return rows


def _revoked(result: Any) -> bool:
    """Whether an annotated passed result's certificate, issued since its outcome, was revoked and none is valid."""
    since = result.corrected_at or result.decided_at
    return result.live == 0 and result.last_issued is not None and result.last_issued >= since


def certificates_of(trainees: Sequence[User], cohort: Cohort | None) -> list[tuple[Certificate, CertificateStatus]]:
    """The trainees' certificates (from the cohort's exams, if given), newest first, each with its status today."""
    certificates = Certificate.objects.filter(trainee__in=trainees).order_by("-issued_at", "-pk")
    if cohort is not None:
        certificates = certificates.filter(result__sitting__exam__cohort=cohort)
    return [(certificate, status_of(certificate)) for certificate in certificates]


@dataclass(frozen=True)
class Record:
    """One trainee's gradebook: assignments, sittings, certificates, rounds finished, accuracy, skills, clauses."""

    trainee: User
    assignments: list[Progress]
    sittings: list[Sitting]
    certificates: list[tuple[Certificate, CertificateStatus]]
    rounds: int
    accuracy: str | None
    paces: list[dict[str, Any]]
    skills: list[SkillSummary]
    most_missed: list[dict[str, Any]]
    sprints: list[SprintRow]
    watching: WatchedTotals | None
    watched: list[WatchedRound]
    """The latest finished watched rounds, newest first, for the trainee's own record to link their debriefs."""


def watched_of(trainee: User, cohort: Cohort | None) -> QuerySet[WatchedRound]:
    """The trainee's watched rounds: all of theirs, or those the cohort's pages show; none of an undecided sitting."""
    records = WatchedRound.objects.all() if cohort is None else cohort_watched_rounds(cohort)
    undecided = Q(exam_round__isnull=False, exam_round__sitting__result__isnull=True)
    return records.filter(trainee=trainee).exclude(undecided)


def record_of(trainee: User, cohort: Cohort | None) -> Record:
    """The trainee's gradebook in the cohort (all of theirs without one), and drills for each clause most missed."""
    attempts = Attempt.objects.all() if cohort is None else cohort_rounds(cohort)
    rounds = finished_rounds(attempts.filter(trainee=trainee))
    versions = drill_versions()
    missed = [clause | {"drills": drills_for(clause["clause"], versions)} for clause in most_missed(rounds)]
    assignments = assignments_of(trainee) if cohort is None else assignments_of(trainee).filter(cohort=cohort)
    return Record(
        trainee=trainee,
        assignments=progress_of((assignment, trainee) for assignment in assignments),
        sittings=sittings_of([trainee], cohort),
        certificates=certificates_of([trainee], cohort),
        rounds=len(rounds),
        accuracy=overall_accuracy(rounds),
        paces=paces_of(rounds, school_pace_standards()),
        skills=skill_summaries(rounds),
        most_missed=missed,
        sprints=bests_by_trainee([trainee])[trainee.pk],
        watching=watched_totals(finished_watches(watched_of(trainee, cohort))),
        watched=list(
            watched_of(trainee, cohort)
            .filter(finished_at__isnull=False)
            .select_related("table")
            .order_by("-finished_at")[:RECENT_WATCHED]
        ),
    )


@dataclass(frozen=True)
class CohortRow:
    """A trainee's line in the cohort's gradebook."""

    trainee: User
    assignments_done: int
    assignments: int
    exams_passed: int
    valid_certificates: int
    accuracy: str | None
    paces: list[dict[str, Any]]
    most_missed: str | None
    sprints: list[SprintRow]
    faults_caught: str | None
    """The faults caught of those seeded in the trainee's watched rounds; None without one."""

    @property
    def sprints_met(self) -> int:
        """How many of the trainee's personal bests meet the school's standard."""
        return sum(row.met for row in self.sprints)


def cohort_gradebook(cohort: Cohort) -> list[CohortRow]:
    """One row per trainee of the cohort, by username: the cohort's assignments done, its exams passed, and so on."""
    trainees = list(cohort.trainees.order_by("username"))
    progress = [row for _, rows in cohort_progress(cohort) for row in rows]
    assigned = Counter(row.trainee.pk for row in progress)
    done = Counter(row.trainee.pk for row in progress if row.status in DONE)
    passed = {(row.sitting.trainee_id, row.sitting.exam_id) for row in sittings_of(trainees, cohort) if row.passed}
    valid = Counter(
        c.trainee_id for c, status in certificates_of(trainees, cohort) if status is CertificateStatus.VALID
    )
    rounds: dict[int, list[FinishedRound]] = {trainee.pk: [] for trainee in trainees}
    for r in finished_rounds(cohort_rounds(cohort)):
        rounds[r.trainee_id].append(r)
    standards = school_pace_standards()
    sprints = bests_by_trainee(trainees)
    watches: dict[int, list[WatchedScore]] = {trainee.pk: [] for trainee in trainees}
    for watch in finished_watches(cohort_watched_rounds(cohort)):
        watches[watch.trainee_id].append(watch)
    rows = []
    for trainee in trainees:
        missed = most_missed(rounds[trainee.pk])[:1]
        watching = watched_totals(watches[trainee.pk])
        rows.append(
            CohortRow(
                trainee=trainee,
                assignments_done=done[trainee.pk],
                assignments=assigned[trainee.pk],
                exams_passed=sum(trainee_id == trainee.pk for trainee_id, _ in passed),
                valid_certificates=valid[trainee.pk],
                accuracy=overall_accuracy(rounds[trainee.pk]),
                paces=paces_of(rounds[trainee.pk], standards),
                most_missed=missed[0]["clause"] if missed else None,
                sprints=sprints[trainee.pk],
                faults_caught=None if watching is None else watching.caught_text,
            )
        )
    return rows
