"""The exam records in the school administrators' Django admin: results, corrections, sign-offs, certificates."""

from typing import Any

from django.contrib import admin
from django.http import HttpRequest

from certification.models import Certificate, ExamResult, ResultCorrection, SignOff


class RecordAdmin(admin.ModelAdmin[Any]):
    """A record the admin shows and never adds, changes or deletes: results and corrections are final."""

    def has_add_permission(self, request: HttpRequest, obj: object = None) -> bool:
        """Records are written by the exam pages, never here."""
        return False

    def has_change_permission(self, request: HttpRequest, obj: object = None) -> bool:
        """Nobody edits a record; a result is corrected by a new correction on its sitting's page."""
        return False

    def has_delete_permission(self, request: HttpRequest, obj: object = None) -> bool:
        """Nobody deletes a record."""
        return False


@admin.register(ExamResult)
class ExamResultAdmin(RecordAdmin):
    """Exam results, read-only: final once written."""

    list_display = ("sitting", "passed", "decided_at")


@admin.register(ResultCorrection)
class ResultCorrectionAdmin(RecordAdmin):
    """Corrections of exam results, read-only: who, when, why and the corrected outcome."""

    list_display = ("result", "passed", "corrected_by", "corrected_at")


@admin.register(SignOff)
class SignOffAdmin(RecordAdmin):
    """Instructors' sign-offs of passed results, read-only: who signed and when."""

    list_display = ("result", "signed_by", "signed_at")


@admin.register(Certificate)
class CertificateAdmin(RecordAdmin):
    """Certificates, read-only: an instructor revokes one on its sitting's page, with a reason."""

    list_display = ("name_on_certificate", "exam_name", "issued_at", "expires_on", "revoked_at")
