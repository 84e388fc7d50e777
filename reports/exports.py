"""The school's records out as CSV: a cohort's attempts, steps, clauses, results, certificates, sprints, watches.

Each export holds the cohort's work only (:mod:`school.cohort_work`): the rounds and steps of its own exams and
assignments (and practice if the school says so), its exams' results and certificates, its trainees' payout
sprints (their own drills, tied to no cohort) and the rounds they watched in surveillance mode.
Times are ISO 8601 in the school's time zone, with its offset; a range of days is inclusive and read in that zone.
A cell that a spreadsheet would take for a formula (it starts with =, +, - or @) is written after a ' so it stays
text. The columns are documented in docs/instructors-guide.md.
"""

import csv
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from datetime import date, datetime, time, timedelta
from decimal import Decimal
from fractions import Fraction
from statistics import median
from typing import TYPE_CHECKING, Any

from django.db.models import QuerySet
from django.utils import timezone

from certification.certificates import covered_lines, status_of
from certification.models import Certificate, ExamResult
from certification.sitting_pace import sitting_paces
from core.school_profile import school_pace_standards
from grading.pace import Pace, per_hour_text, short_text
from grading.scoring import GradedStep, Severity, percent_text
from scenarios.models import PayoutSprint
from scenarios.sprint_results import school_standards, sprint_row
from school.cohort_work import cohort_rounds, cohort_watched_rounds
from school.models import Cohort
from simulator.core.clauses import catalogue_order
from trainer.models import Attempt, Step

if TYPE_CHECKING:
    from _typeshed import SupportsWrite

Row = list[str | int]


def cell(value: object) -> str | int:
    """A value as a CSV cell: numbers as they are, yes/no, ISO times in the school's zone, formulas kept as text."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, int):
        return value
    if isinstance(value, datetime):
        return timezone.localtime(value).isoformat(timespec="seconds")
    if isinstance(value, date):
        return value.isoformat()
    text = str(value)
    return "'" + text if text[:1] in ("=", "+", "-", "@") else text


def _between(start: date | None, end: date | None, field: str) -> dict[str, datetime]:
    """The ORM filter for a field's moment within the days from ``start`` to ``end`` inclusive, school time."""
    zone = timezone.get_current_timezone()
    bounds = {}
    if start is not None:
        bounds[f"{field}__gte"] = datetime.combine(start, time(), zone)
    if end is not None:
        bounds[f"{field}__lt"] = datetime.combine(end + timedelta(days=1), time(), zone)
    return bounds


ATTEMPT_COLUMNS = (
    "attempt_id",
    "trainee",
    "trainee_name",
    "table",
    "game",
    "scenario",
    "mode",
    "started_at",
    "finished_at",
    "steps",
    "correct_first_time",
    "accuracy_percent",
    "critical_errors",
    "total_ms",
    "rounds_per_hour",
    "pace_standard",
    "pace_met",
    "passed",
)


def _percent(accuracy: str | None) -> str:
    """A fraction such as "12/13" as a percentage, one decimal, cut, without the sign."""
    return "" if accuracy is None else percent_text(Fraction(accuracy)).rstrip("%")


def attempt_rows(cohort: Cohort, start: date | None, end: date | None) -> Iterator[Row]:
    """The cohort's rounds started in the range, oldest first."""
    attempts: QuerySet[Attempt] = (
        cohort_rounds(cohort)
        .filter(**_between(start, end, "started_at"))
        .select_related("trainee", "table", "scenario_version__scenario")
        .order_by("started_at", "pk")
    )
    standards = school_pace_standards()
    for attempt in attempts:
        card = attempt.score_card or {}
        version = attempt.scenario_version
        pace = Pace(attempt.table.game, 1, card["total_ms"]) if card else None
        rate = None if pace is None else pace.per_hour
        yield [
            cell(value)
            for value in (
                attempt.pk,
                attempt.trainee.get_username(),
                attempt.trainee.get_full_name(),
                attempt.table.name,
                attempt.table.game,
                None if version is None else f"{version.scenario.name} v{version.number}",
                attempt.mode,
                attempt.started_at,
                attempt.finished_at,
                card.get("steps"),
                card.get("correct"),
                _percent(card.get("accuracy")),
                card.get("critical_errors"),
                card.get("total_ms"),
                None if rate is None else per_hour_text(rate),
                None if pace is None else standards[pace.game],
                None if pace is None else pace.meets(standards[pace.game]),
                card.get("passed"),
            )
        ]


STEP_COLUMNS = (
    "trainee",
    "round",
    "table",
    "game",
    "step_number",
    "step",
    "verdict",
    "severity",
    "clause",
    "provenance",
    "seconds",
)


def _graded_steps(cohort: Cohort, start: date | None, end: date | None, *fields: str) -> Iterator[tuple[Any, ...]]:
    """The fields and graded step of each step of the cohort's rounds started in the range, in order."""
    steps = Step.objects.filter(attempt__in=cohort_rounds(cohort), **_between(start, end, "attempt__started_at"))
    ordered = steps.order_by("attempt__started_at", "attempt_id", "sequence").values_list(*fields, "graded")
    for *values, graded in ordered.iterator():
        if graded is not None:
            yield (*values, GradedStep.from_json(graded))


def step_rows(cohort: Cohort, start: date | None, end: date | None) -> Iterator[Row]:
    """Every graded step (retries included) of the cohort's rounds started in the range, oldest first."""
    fields = ("attempt_id", "attempt__trainee__username", "attempt__table__name", "attempt__table__game")
    for attempt_id, trainee, table, game, graded in _graded_steps(cohort, start, end, *fields):
        yield [
            cell(value)
            for value in (
                trainee,
                attempt_id,
                table,
                game,
                graded.number,
                graded.step,
                "right" if graded.correct else "wrong",
                None if graded.severity is None else str(graded.severity),
                graded.citation.clause,
                graded.citation.kind,
                Decimal(graded.elapsed_ms).scaleb(-3),
            )
        ]


CLAUSE_COLUMNS = ("trainee", "clause", "provenance", "attempts", "errors", "critical_errors")


def clause_rows(cohort: Cohort, start: date | None, end: date | None) -> Iterator[Row]:
    """Each trainee's graded steps in the range counted by clause: by trainee, clauses in catalogue order."""
    attempts: Counter[tuple[str, str, str]] = Counter()
    errors: Counter[tuple[str, str, str]] = Counter()
    critical: Counter[tuple[str, str, str]] = Counter()
    for trainee, graded in _graded_steps(cohort, start, end, "attempt__trainee__username"):
        key = (trainee, graded.citation.clause, graded.citation.kind)
        attempts[key] += 1
        errors[key] += not graded.correct
        critical[key] += graded.severity is Severity.CRITICAL
    for key in sorted(attempts, key=lambda key: (key[0], catalogue_order(key[1]), key[1])):
        yield [cell(value) for value in (*key, attempts[key], errors[key], critical[key])]


RESULT_COLUMNS = (
    "result_id",
    "exam",
    "cohort",
    "trainee",
    "trainee_name",
    "sitting",
    "decided_at",
    "steps",
    "correct_first_time",
    "accuracy_percent",
    "critical_errors",
    "total_ms",
    "pace",
    "passed_as_decided",
    "failures",
    "corrections",
    "outcome",
    "corrected_at",
    "corrected_by",
    "correction_reason",
)


def result_rows(cohort: Cohort, start: date | None, end: date | None) -> Iterator[Row]:
    """The results of the cohort's exams decided in the range, oldest first, with their newest correction."""
    results = (
        ExamResult.objects.filter(sitting__exam__cohort=cohort, **_between(start, end, "decided_at"))
        .select_related("sitting__exam", "sitting__trainee")
        .order_by("decided_at", "pk")
    )
    paced = sitting_paces(result.sitting_id for result in results)
    standards = school_pace_standards()
    for result in results:
        sitting = result.sitting
        correction = result.latest_correction()
        pace = "; ".join(short_text(held, standards[held.game]) for held in paced[sitting.pk])
        yield [
            cell(value)
            for value in (
                result.pk,
                sitting.exam.name,
                cohort.name,
                sitting.trainee.get_username(),
                sitting.trainee.get_full_name(),
                sitting.number,
                result.decided_at,
                result.steps,
                result.correct,
                _percent(result.accuracy),
                result.critical_errors,
                result.total_ms,
                pace,
                result.passed,
                "; ".join(result.failures),
                result.corrections.count(),
                "passed" if result.outcome_passed() else "not passed",
                None if correction is None else correction.corrected_at,
                None if correction is None else correction.corrected_by.get_username(),
                None if correction is None else correction.reason,
            )
        ]


CERTIFICATE_COLUMNS = (
    "code",
    "trainee",
    "name_on_certificate",
    "exam",
    "cohort",
    "covers",
    "issued_at",
    "expires_on",
    "status",
    "revoked_at",
    "revoked_by",
    "revocation_reason",
)


def certificate_rows(cohort: Cohort, start: date | None, end: date | None) -> Iterator[Row]:
    """The certificates from the cohort's exams issued in the range, oldest first, with their status today."""
    certificates = (
        Certificate.objects.filter(result__sitting__exam__cohort=cohort, **_between(start, end, "issued_at"))
        .select_related("trainee", "revoked_by")
        .order_by("issued_at", "pk")
    )
    for certificate in certificates:
        covers = "; ".join(covered_lines(certificate))
        yield [
            cell(value)
            for value in (
                certificate.code,
                certificate.trainee.get_username(),
                certificate.name_on_certificate,
                certificate.exam_name,
                cohort.name,
                covers,
                certificate.issued_at,
                certificate.expires_on,
                str(status_of(certificate)),
                certificate.revoked_at,
                None if certificate.revoked_by is None else certificate.revoked_by.get_username(),
                certificate.revocation_reason or None,
            )
        ]


SPRINT_COLUMNS = (
    "sprint_id",
    "trainee",
    "trainee_name",
    "sprint",
    "kind",
    "payouts",
    "started_at",
    "finished_at",
    "total_ms",
    "mispays",
    "mischips",
    "all_right",
    "standard",
    "met_standard",
)


def sprint_rows(cohort: Cohort, start: date | None, end: date | None) -> Iterator[Row]:
    """The payout sprints the cohort's trainees finished in the range, oldest first, against today's standards."""
    standards = school_standards()
    sprints = (
        PayoutSprint.objects.filter(
            trainee__in=cohort.trainees.all(), finished_at__isnull=False, **_between(start, end, "finished_at")
        )
        .select_related("trainee")
        .order_by("finished_at", "pk")
    )
    for sprint in sprints:
        row = sprint_row(sprint, standards)
        yield [
            cell(value)
            for value in (
                sprint.pk,
                sprint.trainee.get_username(),
                sprint.trainee.get_full_name(),
                sprint.kind_name,
                sprint.kind,
                sprint.length,
                sprint.started_at,
                sprint.finished_at,
                row.result.milliseconds,
                row.result.mispays,
                row.result.mischips,
                row.result.all_right,
                str(row.standard),
                row.met,
            )
        ]


WATCHED_COLUMNS = (
    "watched_id",
    "trainee",
    "trainee_name",
    "table",
    "game",
    "started_at",
    "finished_at",
    "faults",
    "caught",
    "missed",
    "false_flags",
    "clauses_right",
    "median_delay_ms",
    "missed_clauses",
)


def watched_rows(cohort: Cohort, start: date | None, end: date | None) -> Iterator[Row]:
    """The rounds the cohort's trainees watched to their debrief, started in the range, oldest first, as scored."""
    records = (
        cohort_watched_rounds(cohort)
        .filter(finished_at__isnull=False, **_between(start, end, "started_at"))
        .select_related("trainee", "table")
        .order_by("started_at", "pk")
    )
    for record in records:
        score = record.score or {}
        delays = score.get("delays_ms", [])
        yield [
            cell(value)
            for value in (
                record.pk,
                record.trainee.get_username(),
                record.trainee.get_full_name(),
                record.table.name,
                record.table.game,
                record.started_at,
                record.finished_at,
                score.get("faults"),
                score.get("caught"),
                score.get("missed"),
                score.get("false_flags"),
                score.get("clauses_right"),
                int(median(delays)) if delays else None,
                "; ".join(score.get("missed_clauses", [])),
            )
        ]


EXPORTS: dict[str, tuple[tuple[str, ...], Callable[[Cohort, date | None, date | None], Iterator[Row]]]] = {
    "attempts": (ATTEMPT_COLUMNS, attempt_rows),
    "steps": (STEP_COLUMNS, step_rows),
    "clauses": (CLAUSE_COLUMNS, clause_rows),
    "results": (RESULT_COLUMNS, result_rows),
    "certificates": (CERTIFICATE_COLUMNS, certificate_rows),
    "sprints": (SPRINT_COLUMNS, sprint_rows),
    "watched": (WATCHED_COLUMNS, watched_rows),
}
"""Each export by its name: its header row and its rows."""

EXPORT_LABELS = {
    "attempts": "attempts",
    "steps": "graded steps",
    "clauses": "steps by clause",
    "results": "exam results",
    "certificates": "certificates",
    "sprints": "payout sprints",
    "watched": "watched rounds",
}
"""What the records page calls each export on its button."""


def write_csv(out: "SupportsWrite[str]", header: Iterable[str], rows: Iterable[Row]) -> None:
    """Write the header, then each row, as CSV."""
    writer = csv.writer(out)
    writer.writerow(list(header))
    writer.writerows(rows)
