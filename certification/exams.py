"""Exams: scheduling one for a cohort, a trainee's sittings dealt round by round, the final result and corrections.

A sitting deals the exam's scenarios in order, every round of each in turn, always in exam mode; a watch scenario's
part deals watched rounds, whose debriefs wait until the sitting is decided. Once its last round is over, its result
is worked out from the rounds' score cards and the watched rounds' tallies (:class:`surveillance.watches.ExamTally`
states how a watched round counts) against the exam's criteria and written once
(:class:`~certification.models.ExamResult` is final). A correction is a new record beside it; a passed outcome
issues a certificate (:mod:`certification.certificates`). An exam may be edited until its first sitting begins;
once cancelled, no sitting begins or goes on, and the sittings are kept.
"""

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum

from django.contrib.auth.models import User
from django.db import transaction
from django.db.models import Q, QuerySet
from django.urls import reverse
from django.utils import timezone

from certification.certificates import Wait, audited_write, certificate_due, issue_when_ready, revoke, waits_for
from certification.models import Exam, ExamPart, ExamResult, ExamRound, ExamSitting, ResultCorrection
from certification.statements import exam_result_statement
from core.roles import teaches_cohorts
from grading.scoring import CombinedResult, ScoreCard, Tally
from scenarios.models import ScenarioVersion
from scenarios.watch_runs import deal_watch_round, is_watched
from school.models import Cohort
from surveillance.sittings import HeldDebrief
from surveillance.statements import watched_statement
from surveillance.watches import exam_tally
from trainer import services
from trainer.models import Attempt, Mode
from trainer.sittings import Closure, SittingPlace
from xapi import statements


class SittingRefused(Exception):
    """Why a trainee may not begin a sitting now, in words for the trainee."""


class ExamLocked(Exception):
    """Why an exam can no longer be edited or cancelled, in words for the instructor."""


def edit_refusal(exam: Exam) -> str | None:
    """Why the exam can no longer be edited (cancelled, or a sitting has begun), or None while it can."""
    if exam.cancelled:
        return "This exam is cancelled: it can no longer be edited."
    if exam.sittings.exists():
        return "A sitting of this exam has begun: it can no longer be edited, only cancelled."
    return None


def reschedule_exam(exam: Exam, versions: list[ScenarioVersion]) -> Exam:
    """Write the edited exam and its scenarios in their new order; ExamLocked once a sitting has begun."""
    with transaction.atomic():
        Exam.objects.select_for_update().filter(pk=exam.pk).first()
        problem = edit_refusal(Exam.objects.get(pk=exam.pk))
        if problem is not None:
            raise ExamLocked(problem)
        exam.save()
        exam.parts.all().delete()
        ExamPart.objects.bulk_create(
            ExamPart(exam=exam, position=place, scenario_version=version)
            for place, version in enumerate(versions, start=1)
        )
    return exam


def cancel_exam(exam: Exam, instructor: User) -> Exam:
    """Cancel the exam, recording who and when: its sittings are kept; ExamLocked when it already is."""
    with transaction.atomic():
        locked = Exam.objects.select_for_update().get(pk=exam.pk)
        if locked.cancelled:
            raise ExamLocked("This exam is already cancelled.")
        exam.cancelled_at, exam.cancelled_by = timezone.now(), instructor
        exam.save(update_fields=["cancelled_at", "cancelled_by"])
    return exam


def schedule_exam(exam: Exam, versions: list[ScenarioVersion]) -> Exam:
    """Write the new exam and its published scenario versions in their order, in one transaction."""
    with transaction.atomic():
        exam.save()
        ExamPart.objects.bulk_create(
            ExamPart(exam=exam, position=place, scenario_version=version)
            for place, version in enumerate(versions, start=1)
        )
    return exam


def exam_rounds(exam: Exam) -> list[tuple[ScenarioVersion, int]]:
    """Every round a sitting deals, in order: each part's scenario version with the round's number in it."""
    parts = exam.parts.select_related("scenario_version").order_by("position")
    return [(part.scenario_version, number) for part in parts for number in range(1, part_rounds(part) + 1)]


def part_rounds(part: ExamPart) -> int:
    """How many rounds an exam part deals: its scenario version's."""
    return part.scenario_version.engine_spec().rounds


def rounds_per_exam(exam_ids: Iterable[int]) -> dict[int, int]:
    """How many rounds a sitting of each exam deals, by exam id, read in one query."""
    counts = dict.fromkeys(exam_ids, 0)
    for part in ExamPart.objects.filter(exam_id__in=counts).select_related("scenario_version"):
        counts[part.exam_id] += part_rounds(part)
    return counts


def exams_for_trainee(trainee: User) -> QuerySet[Exam]:
    """The exams scheduled for the trainee's cohorts."""
    return Exam.objects.filter(cohort__trainees=trainee).select_related("cohort").distinct()


def sittings_of(exam: Exam, trainee: User) -> QuerySet[ExamSitting]:
    """The trainee's sittings of the exam, first first, with their results."""
    return exam.sittings.filter(trainee=trainee).select_related("result").order_by("number")


def is_open(exam: Exam, now: datetime) -> bool:
    """Whether a sitting may begin at this moment: the window has opened and not yet closed."""
    return exam.opens_at <= now < exam.closes_at


def refusal(exam: Exam, trainee: User, now: datetime) -> str | None:
    """Why the trainee may not begin a sitting of the exam now, or None when they may."""
    if not exam.cohort.trainees.filter(pk=trainee.pk).exists():
        return "This exam is for another cohort."
    if exam.cancelled:
        return "This exam was cancelled."
    if now < exam.opens_at:
        return "This exam has not opened yet."
    if now >= exam.closes_at:
        return "This exam has closed."
    sittings = list(sittings_of(exam, trainee))
    if any(result_of(sitting) is None for sitting in sittings):
        return "Finish the sitting you have begun first."
    if len(sittings) >= exam.attempts_allowed:
        return f"You have taken all {exam.attempts_allowed} sitting{'s' if exam.attempts_allowed > 1 else ''} allowed."
    return None


def exams_closing_practice(user: User, now: datetime) -> dict[int, Exam]:
    """For a trainee, each scenario (by id) an exam deals that is open, or whose sitting of theirs is not over.

    Such a scenario is not dealt for practice, so no trainee sees its verdicts before or between exam rounds.
    Those who teach may still preview and deal it.
    """
    if teaches_cohorts(user):
        return {}
    unfinished = ExamSitting.objects.filter(trainee=user, result__isnull=True).values("exam_id")
    dealing = Q(exam__opens_at__lte=now, exam__closes_at__gt=now) | Q(exam_id__in=unfinished)
    parts = ExamPart.objects.filter(dealing, exam__cancelled_at__isnull=True).select_related("exam", "scenario_version")
    return {part.scenario_version.scenario_id: part.exam for part in parts}


def practice_closed_text(exam: Exam) -> str:
    """Why a scenario is not dealt for practice now, in words for the trainee."""
    return (
        f"This scenario is dealt in the exam “{exam.name}”: it cannot be practised while the exam is open or your "
        "sitting of it is not over."
    )


def practice_closures(user: User, now: datetime) -> dict[int, Closure]:
    """The tables' question (:mod:`trainer.sittings`): each scenario an exam keeps the user from practising, and why."""
    closing = exams_closing_practice(user, now)
    return {scenario: Closure(exam.name, practice_closed_text(exam)) for scenario, exam in closing.items()}


def exam_rounds_of(cohorts: QuerySet[Cohort]) -> QuerySet[ExamRound, int]:
    """The cohorts' pages' question (:mod:`school.cohort_work`): the ids of the attempts the cohorts' exams dealt."""
    dealt = ExamRound.objects.filter(sitting__exam__cohort__in=cohorts, attempt__isnull=False)
    return dealt.values_list("attempt", flat=True)


def sitting_places(attempts: QuerySet[Attempt]) -> dict[int, SittingPlace]:
    """The tables' question (:mod:`trainer.sittings`): the place in its sitting of each attempt an exam dealt."""
    exam_rounds_dealt = list(ExamRound.objects.filter(attempt__in=attempts).select_related("sitting__exam"))
    rounds_of = rounds_per_exam({exam_round.sitting.exam_id for exam_round in exam_rounds_dealt})
    places: dict[int, SittingPlace] = {}
    for exam_round in exam_rounds_dealt:
        exam = exam_round.sitting.exam
        assert exam_round.attempt_id is not None, "the rounds of these attempts are dealt, not watched"
        places[exam_round.attempt_id] = SittingPlace(
            exam_round.sitting_id, exam.name, exam.pass_rule(), exam_round.position, rounds_of[exam.pk], exam.cohort_id
        )
    return places


def begin_sitting(exam: Exam, trainee: User) -> ExamSitting:
    """A new sitting of the exam with its first round dealt; SittingRefused when it may not begin now."""
    with transaction.atomic():
        Exam.objects.select_for_update().filter(pk=exam.pk).first()
        problem = refusal(exam, trainee, timezone.now())
        if problem is not None:
            raise SittingRefused(problem)
        number = exam.sittings.filter(trainee=trainee).count() + 1
        sitting = ExamSitting.objects.create(exam=exam, trainee=trainee, number=number)
        deal_next_round(sitting)
    return sitting


def sitting_rounds(sitting: ExamSitting) -> list[ExamRound]:
    """The rounds dealt so far in the sitting, in order, with their attempts or watched rounds."""
    return list(sitting.rounds.select_related("attempt", "watched").order_by("position"))


def current_round(sitting: ExamSitting) -> ExamRound | None:
    """The sitting's round being dealt or watched now, if one is unfinished (none once the exam is cancelled)."""
    rounds = sitting_rounds(sitting)
    if sitting.exam.cancelled:
        return None
    if rounds and rounds[-1].finished_at is None:
        return rounds[-1]
    return None


def deal_next_round(sitting: ExamSitting) -> ExamRound | None:
    """The round to play now: the unfinished one, else the next (in exam mode, or watched); None after the last."""
    if sitting.exam.cancelled:
        return None
    dealt = sitting_rounds(sitting)
    if dealt and dealt[-1].finished_at is None:
        return dealt[-1]
    plan = exam_rounds(sitting.exam)
    if len(dealt) >= len(plan):
        return None
    version, number = plan[len(dealt)]
    position = len(dealt) + 1
    if is_watched(version):
        watched = deal_watch_round(sitting.trainee, version, number)
        return ExamRound.objects.create(sitting=sitting, position=position, watched=watched)
    attempt = services.start_scenario_round(sitting.trainee, version, number, mode=Mode.EXAM)
    return ExamRound.objects.create(sitting=sitting, position=position, attempt=attempt)


def tally(exam_round: ExamRound) -> Tally:
    """A finished round's figures as the sitting counts them: its score card, or its watched round's tally."""
    if exam_round.watched is not None:
        return exam_tally(exam_round.watched)
    assert exam_round.attempt is not None, "a round is dealt or watched"
    return ScoreCard.from_json(exam_round.attempt.score_card or {})


def held_by(record_id: int) -> HeldDebrief | None:
    """Surveillance's question (:mod:`surveillance.sittings`): the undecided sitting holding a watched debrief."""
    exam_round = ExamRound.objects.filter(watched_id=record_id).select_related("sitting__exam").first()
    if exam_round is None or result_of(exam_round.sitting) is not None:
        return None
    sitting = exam_round.sitting
    return HeldDebrief(sitting.exam.name, reverse("sitting", args=[sitting.pk]))


def judge(sitting: ExamSitting, cards: Sequence[Tally]) -> ExamResult:
    """The sitting's result, not yet written: its rounds' figures together against the exam's criteria."""
    combined = CombinedResult.of(cards, sitting.exam.pass_rule(), judged="exam")
    return ExamResult(
        sitting=sitting,
        steps=combined.steps,
        correct=combined.correct,
        critical_errors=combined.critical_errors,
        total_ms=combined.total_ms,
        accuracy=str(combined.accuracy),
        pass_rule=combined.rule.to_json(),
        failures=[failure.text for failure in combined.failures],
        passed=combined.passed,
    )


def result_of(sitting: ExamSitting) -> ExamResult | None:
    """The sitting's result, read afresh; None while it is not decided."""
    return ExamResult.objects.filter(sitting=sitting).first()


def settle(sitting: ExamSitting) -> ExamResult | None:
    """The sitting's final result, written once when its last round is over (with a certificate if it passed).

    With xAPI on, its statement is queued with it, and its watched rounds' statements, held until now since they
    name the clauses missed. A sitting whose last round ended after the exam was cancelled is never decided.
    """
    rounds, exam = sitting_rounds(sitting), sitting.exam
    finished = [at for r in rounds if (at := r.finished_at) is not None]
    if len(rounds) < len(exam_rounds(exam)) or len(finished) < len(rounds):
        return result_of(sitting)
    if exam.cancelled_at is not None and max(finished) > exam.cancelled_at:
        return result_of(sitting)
    cards = [tally(r) for r in rounds]
    with transaction.atomic():
        ExamSitting.objects.select_for_update().filter(pk=sitting.pk).first()
        existing = result_of(sitting)
        if existing is not None:
            return existing
        result = judge(sitting, cards)
        with audited_write():
            result.save()
        if statements.enabled():
            statements.queue(exam_result_statement(result), result.decided_at)
            for watched in (r.watched for r in rounds if r.watched is not None):
                statements.queue(watched_statement(watched), result.decided_at)
        issue_when_ready(result)
    return result


def correct_result(result: ExamResult, instructor: User, reason: str, passed: bool) -> ResultCorrection:
    """Record a correction beside the result; a pass issues the certificate it is owed, a fail revokes the sitting's."""
    reason = reason.strip()
    if not reason:
        raise ValueError("Give the reason for the correction.")
    with transaction.atomic():
        with audited_write():
            correction = ResultCorrection.objects.create(
                result=result, corrected_by=instructor, reason=reason, passed=passed
            )
        if passed:
            issue_when_ready(result)
        else:
            for certificate in result.certificates.filter(revoked_at__isnull=True):
                revoke(certificate, instructor, f"The exam result was corrected to not passed: {reason}")
    return correction


class Standing(StrEnum):
    """Where a trainee stands at an exam, as its page lists them."""

    NOT_SAT = "has not sat"
    SITTING = "sitting now"
    CANCELLED = "sitting cancelled"
    MAY_SIT_AGAIN = "not passed, may sit again"
    NOT_PASSED = "not passed"
    OUT_OF_SITTINGS = "out of sittings"
    PASSED = "passed"
    REVOKED = "passed, certificate revoked"


@dataclass(frozen=True)
class TraineeStanding:
    """One trainee's line on the exam page: sittings used, where they stand, what a passed certificate waits for."""

    trainee: User
    sittings: int
    standing: Standing
    waits: list[Wait]


def result_standing(result: ExamResult) -> Standing:
    """A decided sitting's standing: passed (a certificate valid, expired or to come), revoked, or not passed."""
    if not result.outcome_passed():
        return Standing.NOT_PASSED
    if certificate_due(result) or result.certificates.filter(revoked_at__isnull=True).exists():
        return Standing.PASSED
    return Standing.REVOKED


def standing_of(exam: Exam, sittings: list[ExamSitting]) -> tuple[Standing, list[Wait]]:
    """Where a trainee stands from their sittings of the exam, and what a passed one's certificate waits for."""
    results = [result for result in map(result_of, sittings) if result is not None]
    standings = {result: result_standing(result) for result in results}
    for result, standing in standings.items():
        if standing is Standing.PASSED:
            return standing, waits_for(result) if certificate_due(result) else []
    if Standing.REVOKED in standings.values():
        return Standing.REVOKED, []
    if not sittings:
        return Standing.NOT_SAT, []
    if len(results) < len(sittings):
        return (Standing.CANCELLED if exam.cancelled else Standing.SITTING), []
    if len(sittings) >= exam.attempts_allowed:
        return Standing.OUT_OF_SITTINGS, []
    may_sit = exam.closes_at > timezone.now() and not exam.cancelled
    return (Standing.MAY_SIT_AGAIN if may_sit else Standing.NOT_PASSED), []


def standings(exam: Exam) -> list[TraineeStanding]:
    """Every trainee of the exam's cohort, and anyone else who sat it, by name, with where they stand."""
    sittings = list(exam.sittings.select_related("trainee").order_by("number"))
    trainees = {trainee.pk: trainee for trainee in exam.cohort.trainees.all()}
    trainees |= {sitting.trainee_id: sitting.trainee for sitting in sittings}
    lines = []
    for trainee in sorted(trainees.values(), key=lambda t: (t.last_name, t.first_name, t.username)):
        own = [sitting for sitting in sittings if sitting.trainee_id == trainee.pk]
        standing, waits = standing_of(exam, own)
        lines.append(TraineeStanding(trainee, len(own), standing, waits))
    return lines
