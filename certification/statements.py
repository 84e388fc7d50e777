"""The xAPI statement of an exam sitting's result, queued with the result (:mod:`xapi.statements` says how)."""

from fractions import Fraction

from certification.models import ExamResult
from certification.sitting_pace import sitting_paces
from xapi import statements
from xapi.statements import Json


def exam_result_statement(result: ExamResult) -> Json:
    """The trainee passed or failed an exam sitting by its criteria: first-attempt accuracy, pace per game."""
    sitting = result.sitting
    exam = sitting.exam
    return statements.result_statement(
        trainee=sitting.trainee,
        activity=statements.Activity(f"exams/{exam.pk}/", exam.name, statements.ASSESSMENT),
        passed=result.passed,
        scaled=Fraction(result.accuracy),
        duration_ms=result.total_ms,
        paces=sitting_paces([sitting.pk])[sitting.pk],
        context={},
        timestamp=result.decided_at,
    )
