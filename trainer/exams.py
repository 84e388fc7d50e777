"""Exams: scheduling one for a cohort, a trainee's sittings dealt round by round, the final result and corrections.

A sitting deals the exam's scenarios in order, every round of each in turn, always in exam mode. Once its last
round is over, its result is worked out from the rounds' score cards against the exam's criteria and written once
(:class:`~trainer.models.ExamResult` is final). A correction is a new record beside it; a passed outcome issues a
certificate (:mod:`trainer.certification`).
"""

from datetime import datetime

from django.contrib.auth.models import User
from django.db import transaction
from django.db.models import Q, QuerySet
from django.utils import timezone

from trainer import services
from trainer.certification import audited_write, issue_certificate, revoke
from trainer.models import (
    Attempt,
    Exam,
    ExamPart,
    ExamResult,
    ExamRound,
    ExamSitting,
    Mode,
    ResultCorrection,
    ScenarioVersion,
    teaches_cohorts,
)
from trainer.scoring import CombinedResult, ScoreCard
from xapi import statements


class SittingRefused(Exception):
    """Why a trainee may not begin a sitting now, in words for the trainee."""


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
    return [
        (part.scenario_version, number)
        for part in parts
        for number in range(1, part.scenario_version.engine_spec().rounds + 1)
    ]


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
    parts = ExamPart.objects.filter(dealing).select_related("exam", "scenario_version")
    return {part.scenario_version.scenario_id: part.exam for part in parts}


def practice_closed_text(exam: Exam) -> str:
    """Why a scenario is not dealt for practice now, in words for the trainee."""
    return (
        f"This scenario is dealt in the exam “{exam.name}”: it cannot be practised while the exam is open or your "
        "sitting of it is not over."
    )


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
    """The rounds dealt so far in the sitting, in order, with their attempts."""
    return list(sitting.rounds.select_related("attempt").order_by("position"))


def current_attempt(sitting: ExamSitting) -> Attempt | None:
    """The sitting's round being dealt now, if one is unfinished."""
    rounds = sitting_rounds(sitting)
    if rounds and not rounds[-1].attempt.finished:
        return rounds[-1].attempt
    return None


def deal_next_round(sitting: ExamSitting) -> Attempt | None:
    """The round to deal now: the unfinished one, else the next one dealt in exam mode; None after the last."""
    dealt = sitting_rounds(sitting)
    if dealt and not dealt[-1].attempt.finished:
        return dealt[-1].attempt
    plan = exam_rounds(sitting.exam)
    if len(dealt) >= len(plan):
        return None
    version, number = plan[len(dealt)]
    attempt = services.start_scenario_round(sitting.trainee, version, number, mode=Mode.EXAM)
    ExamRound.objects.create(sitting=sitting, position=len(dealt) + 1, attempt=attempt)
    return attempt


def judge(sitting: ExamSitting, cards: list[ScoreCard]) -> ExamResult:
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
    """The sitting's final result, written once when its last round is over (with a certificate if it passed)."""
    rounds = sitting_rounds(sitting)
    if len(rounds) < len(exam_rounds(sitting.exam)) or not all(r.attempt.finished for r in rounds):
        return result_of(sitting)
    cards = [ScoreCard.from_json(r.attempt.score_card or {}) for r in rounds]
    with transaction.atomic():
        ExamSitting.objects.select_for_update().filter(pk=sitting.pk).first()
        existing = result_of(sitting)
        if existing is not None:
            return existing
        result = judge(sitting, cards)
        with audited_write():
            result.save()
        if statements.enabled():
            statements.queue(statements.exam_result_statement(result), result.decided_at)
        if result.passed:
            issue_certificate(result)
    return result


def correct_result(result: ExamResult, instructor: User, reason: str, passed: bool) -> ResultCorrection:
    """Record a correction beside the result; a pass issues a certificate, a fail revokes the sitting's."""
    reason = reason.strip()
    if not reason:
        raise ValueError("Give the reason for the correction.")
    with transaction.atomic():
        with audited_write():
            correction = ResultCorrection.objects.create(
                result=result, corrected_by=instructor, reason=reason, passed=passed
            )
        live = result.certificates.filter(revoked_at__isnull=True)
        if passed and not live.exists():
            issue_certificate(result)
        if not passed:
            for certificate in live:
                revoke(certificate, instructor, f"The exam result was corrected to not passed: {reason}")
    return correction
