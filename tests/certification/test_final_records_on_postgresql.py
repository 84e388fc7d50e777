"""On PostgreSQL, exam results, corrections, sign-offs and certificates are final in the database itself.

Any UPDATE, DELETE or INSERT from outside the application fails; the application's audited correction and a
certificate's revocation still go through. CI's PostgreSQL pass (DATABASE_URL=postgres://...) runs these.
"""

import os

import pytest
from django.db import DatabaseError, connection, transaction
from exam_helpers import exam_school, schedule, sit_through

from certification import exams
from certification.certificates import revoke, sign_off, status_of
from certification.models import Certificate, ExamResult, ResultCorrection, SignOff

pytestmark = [
    pytest.mark.storage,
    pytest.mark.django_db,
    pytest.mark.skipif(
        not os.environ.get("DATABASE_URL", "").startswith(("postgres://", "postgresql://")),
        reason="the triggers are PostgreSQL's; on SQLite the models alone refuse (DATABASE_URL=postgres://... runs it)",
    ),
]


@pytest.fixture
def passed():
    """A passed sitting's result with its certificate, and the instructor of its cohort."""
    instructor, cohort, alice, _bob, version = exam_school()
    sitting = sit_through(schedule(cohort, instructor, [version]), alice)
    return ExamResult.objects.get(sitting=sitting), instructor


def refused(sql, *parameters):
    """Run one statement as someone at the database would, outside the application: it must fail."""
    with pytest.raises(DatabaseError, match="exam records are final"), transaction.atomic(), connection.cursor() as c:
        c.execute(sql, parameters)


def test_a_raw_update_or_delete_of_an_exam_result_fails(passed):
    result, _ = passed
    refused("UPDATE trainer_examresult SET passed = false WHERE id = %s", result.pk)
    refused("UPDATE trainer_examresult SET correct = steps WHERE id = %s", result.pk)
    refused("DELETE FROM trainer_examresult WHERE id = %s", result.pk)
    assert ExamResult.objects.get(pk=result.pk).passed is True


def test_a_raw_insert_update_or_delete_of_a_correction_fails(passed):
    result, instructor = passed
    refused(
        "INSERT INTO trainer_resultcorrection (result_id, corrected_by_id, corrected_at, reason, passed) "
        "VALUES (%s, %s, now(), 'typed in psql', false)",
        result.pk,
        instructor.pk,
    )
    exams.correct_result(result, instructor, "The dice call was misheard", passed=False)
    correction = ResultCorrection.objects.get()
    refused("UPDATE trainer_resultcorrection SET passed = true WHERE id = %s", correction.pk)
    refused("DELETE FROM trainer_resultcorrection WHERE id = %s", correction.pk)
    assert ResultCorrection.objects.get().passed is False


def test_a_raw_change_of_a_certificate_fails_even_a_revocation(passed):
    result, _ = passed
    certificate = Certificate.objects.get(result=result)
    refused("UPDATE trainer_certificate SET expires_on = expires_on + 3650 WHERE id = %s", certificate.pk)
    refused(
        "UPDATE trainer_certificate SET revoked_at = now(), revocation_reason = 'psql' WHERE id = %s", certificate.pk
    )
    refused("DELETE FROM trainer_certificate WHERE id = %s", certificate.pk)
    refused(
        "INSERT INTO trainer_certificate (code, result_id, trainee_id, name_on_certificate, exam_name, covers, "
        "issued_at, expires_on, revocation_reason) SELECT 'forged', result_id, trainee_id, name_on_certificate, "
        "exam_name, covers, issued_at, expires_on, '' FROM trainer_certificate WHERE id = %s",
        certificate.pk,
    )
    assert status_of(Certificate.objects.get()).value == "valid"


def test_the_audited_write_lets_only_a_revocation_through_never_another_column(passed):
    result, _ = passed
    certificate = Certificate.objects.get(result=result)
    audited_then = (
        "SELECT set_config('school.audited_write', 'on', true); UPDATE trainer_certificate SET exam_name = %s"
    )
    with pytest.raises(DatabaseError, match="exam records are final"), transaction.atomic(), connection.cursor() as c:
        c.execute(f"{audited_then} WHERE id = %s", ["Another exam", certificate.pk])


def test_the_applications_correction_and_revocation_still_go_through(passed):
    result, instructor = passed
    exams.correct_result(result, instructor, "A critical error was missed", passed=False)
    first = Certificate.objects.get(result=result)
    assert first.revoked_at is not None and "A critical error was missed" in first.revocation_reason
    exams.correct_result(result, instructor, "The error was the engine's", passed=True)
    second = Certificate.objects.get(result=result, revoked_at__isnull=True)
    revoke(second, instructor, "Certificate issued in error")
    assert Certificate.objects.filter(revoked_at__isnull=True).count() == 0
    assert [c.passed for c in ResultCorrection.objects.order_by("pk")] == [False, True]
    assert ExamResult.objects.get(pk=result.pk).passed is True


def test_a_sign_off_is_written_by_the_application_and_refused_from_outside(passed):
    result, instructor = passed
    signed = sign_off(result, instructor)
    refused("UPDATE trainer_signoff SET signed_at = now() WHERE id = %s", signed.pk)
    refused("DELETE FROM trainer_signoff WHERE id = %s", signed.pk)
    refused(
        "INSERT INTO trainer_signoff (result_id, signed_by_id, signed_at) VALUES (%s, %s, now())",
        result.pk,
        instructor.pk,
    )
    assert SignOff.objects.get().signed_by == instructor
