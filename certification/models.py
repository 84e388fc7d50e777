"""Exams and certificates: exams, their parts, sittings, rounds, results, corrections, sign-offs and certificates.

The models moved here from the trainer app (trainer 0024, certification 0001) keep their tables' names
(``trainer_exam`` and so on, each model's ``db_table``): on PostgreSQL the final records' triggers (trainer 0020
and 0023) guard exam results, corrections, sign-offs and certificates by table name.
"""

from datetime import datetime
from fractions import Fraction
from typing import Any

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.urls import reverse

from grading.pass_rule_fields import PassRuleFields
from grading.scoring import clock_text, percent_text
from scenarios.models import ScenarioVersion
from school.models import Cohort
from surveillance.models import WatchedRound
from trainer.models import Attempt

REASON_LENGTH = 2000
"""The longest reason an instructor gives, for correcting a result or revoking a certificate."""


class FinalRecordError(Exception):
    """A final record (an exam result, a correction) was about to be changed or deleted: add a correction instead."""


class FinalQuerySet(models.QuerySet[Any]):
    """Rows that are written once: a bulk update or delete is refused."""

    def update(self, **kwargs: Any) -> int:
        """Refuse: a final record is never changed."""
        raise FinalRecordError(f"{self.model.__name__} rows are final and are never updated.")

    def delete(self) -> tuple[int, dict[str, int]]:
        """Refuse: a final record is never deleted."""
        raise FinalRecordError(f"{self.model.__name__} rows are final and are never deleted.")


class FinalRecord(models.Model):
    """A row written once and never changed or deleted, through the model, a queryset or the admin."""

    objects = FinalQuerySet.as_manager()

    class Meta:
        abstract = True
        default_permissions = ("add", "view")

    def save(self, *args: Any, **kwargs: Any) -> None:
        """Write a new row; refuse to save one that is already written."""
        if not self._state.adding:
            raise FinalRecordError(f"This {self._meta.verbose_name} is final: it is never changed.")
        super().save(*args, **kwargs)

    def delete(self, *args: Any, **kwargs: Any) -> tuple[int, dict[str, int]]:
        """Refuse: a final record is never deleted."""
        raise FinalRecordError(f"This {self._meta.verbose_name} is final: it is never deleted.")


class Exam(PassRuleFields):
    """An exam an instructor schedules for a cohort: scenarios dealt in order in exam mode, pass criteria, a window.

    The pass criteria apply to a sitting as a whole: its accuracy over every step of its rounds, its critical
    errors and its time (the sum of its rounds' step times).
    """

    name = models.CharField(max_length=120)
    cohort = models.ForeignKey(Cohort, on_delete=models.PROTECT, related_name="exams")
    scheduled_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="exams_scheduled")
    created_at = models.DateTimeField(auto_now_add=True)
    opens_at = models.DateTimeField(help_text="When trainees may begin a sitting.")
    closes_at = models.DateTimeField(help_text="After this no sitting may begin; one begun before may be finished.")
    attempts_allowed = models.PositiveSmallIntegerField(
        default=1, validators=[MinValueValidator(1), MaxValueValidator(10)], help_text="Sittings per trainee, 1–10."
    )
    validity_months = models.PositiveSmallIntegerField(
        default=12,
        validators=[MinValueValidator(1), MaxValueValidator(120)],
        help_text="How long a certificate from this exam is valid, in months from the day it is issued.",
    )
    cancelled_at = models.DateTimeField(null=True, blank=True, editable=False)
    cancelled_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, editable=False, on_delete=models.PROTECT, related_name="+"
    )

    class Meta:
        # The trainer's table, kept by name: the model moved here without touching a row (trainer 0024).
        db_table = "trainer_exam"
        ordering = ("-opens_at", "pk")
        constraints = (
            models.CheckConstraint(condition=models.Q(closes_at__gt=models.F("opens_at")), name="exam_window_opens"),
            models.CheckConstraint(condition=models.Q(attempts_allowed__gte=1), name="exam_attempts_positive"),
            models.CheckConstraint(condition=models.Q(pass_accuracy_percent__lte=100), name="exam_mark_at_most_100"),
            models.CheckConstraint(condition=models.Q(validity_months__gte=1), name="exam_validity_positive"),
        )

    def __str__(self) -> str:
        """The exam's name and its cohort."""
        return f"{self.name} ({self.cohort})"

    @property
    def cancelled(self) -> bool:
        """Whether an instructor cancelled the exam: no sitting begins or goes on; those decided are kept."""
        return self.cancelled_at is not None


class ExamPart(models.Model):
    """One published scenario version of an exam, in its place; every round of the scenario is dealt in turn."""

    exam = models.ForeignKey(Exam, on_delete=models.CASCADE, related_name="parts")
    position = models.PositiveSmallIntegerField()
    scenario_version = models.ForeignKey(ScenarioVersion, on_delete=models.PROTECT, related_name="exam_parts")

    class Meta:
        # The trainer's table, kept by name: the model moved here without touching a row (trainer 0024).
        db_table = "trainer_exampart"
        ordering = ("exam", "position")
        constraints = (models.UniqueConstraint(fields=("exam", "position"), name="one_part_per_place"),)

    def __str__(self) -> str:
        """The part's place and scenario."""
        return f"{self.position}. {self.scenario_version}"


class ExamSitting(models.Model):
    """One of a trainee's allowed attempts at an exam: its rounds (:class:`ExamRound`) and, once over, its result."""

    exam = models.ForeignKey(Exam, on_delete=models.PROTECT, related_name="sittings")
    trainee = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="exam_sittings")
    number = models.PositiveSmallIntegerField(help_text="1 for the trainee's first sitting of the exam, and so on.")
    started_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        # The trainer's table, kept by name: the model moved here without touching a row (trainer 0024).
        db_table = "trainer_examsitting"
        ordering = ("exam", "trainee", "number")
        constraints = (models.UniqueConstraint(fields=("exam", "trainee", "number"), name="one_sitting_per_number"),)

    def __str__(self) -> str:
        """The trainee, the exam and which sitting."""
        return f"{self.trainee} at {self.exam}, sitting {self.number}"


class ExamRound(models.Model):
    """A round of a sitting in its place in the exam: the attempt dealt in exam mode, or a watch part's round."""

    sitting = models.ForeignKey(ExamSitting, on_delete=models.PROTECT, related_name="rounds")
    position = models.PositiveSmallIntegerField(help_text="The round's place in the sitting, from 1.")
    attempt = models.OneToOneField(Attempt, null=True, blank=True, on_delete=models.PROTECT, related_name="exam_round")
    watched = models.OneToOneField(
        WatchedRound,
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="exam_round",
        help_text="The watched round of a watch scenario's part; none for a round the trainee deals.",
    )

    class Meta:
        # The trainer's table, kept by name: the model moved here without touching a row (trainer 0024).
        db_table = "trainer_examround"
        ordering = ("sitting", "position")
        constraints = (
            models.UniqueConstraint(fields=("sitting", "position"), name="one_round_per_place"),
            models.CheckConstraint(
                condition=models.Q(attempt__isnull=False, watched__isnull=True)
                | models.Q(attempt__isnull=True, watched__isnull=False),
                name="exam_round_dealt_or_watched",
            ),
        )

    def __str__(self) -> str:
        """The sitting and the round's place."""
        return f"round {self.position} of {self.sitting}"

    def get_absolute_url(self) -> str:
        """The round's page: the attempt's table, or the watched round's."""
        if self.watched_id is not None:
            return reverse("watched", args=[self.watched_id])
        return reverse("attempt", args=[self.attempt_id])

    @property
    def finished_at(self) -> datetime | None:
        """When the round was over (its attempt finished, or its watched round ended); None while it is not."""
        over = self.attempt if self.watched is None else self.watched
        return None if over is None else over.finished_at


class ExamResult(FinalRecord):
    """A sitting's result, worked out from its rounds' score cards against the exam's criteria: final once written."""

    sitting = models.OneToOneField(ExamSitting, on_delete=models.PROTECT, related_name="result")
    decided_at = models.DateTimeField(auto_now_add=True)
    steps = models.PositiveIntegerField()
    correct = models.PositiveIntegerField()
    critical_errors = models.PositiveIntegerField()
    total_ms = models.PositiveIntegerField()
    accuracy = models.CharField(max_length=20, help_text='The share of steps right at the first attempt, as "12/13".')
    pass_rule = models.JSONField(help_text="The exam's criteria the sitting was judged by (PassRule.to_json).")
    failures = models.JSONField(default=list, help_text="Each criterion the sitting did not meet, in words.")
    passed = models.BooleanField()

    class Meta(FinalRecord.Meta):
        # The trainer's table, kept by name: PostgreSQL's final-records trigger (trainer 0020) guards it.
        db_table = "trainer_examresult"
        ordering = ("-decided_at", "pk")

    def __str__(self) -> str:
        """The sitting and its outcome."""
        return f"{self.sitting}: {'passed' if self.passed else 'not passed'}"

    @property
    def accuracy_text(self) -> str:
        """The accuracy as a percentage with one decimal, cut."""
        return percent_text(Fraction(self.accuracy))

    @property
    def time_text(self) -> str:
        """The sitting's time, the sum of its step times, in minutes and seconds."""
        return clock_text(self.total_ms)

    def latest_correction(self) -> "ResultCorrection | None":
        """The newest correction of the result, which states its outcome now; None when never corrected."""
        return self.corrections.order_by("-corrected_at", "-pk").first()

    def outcome_passed(self) -> bool:
        """Whether the sitting counts as passed: the newest correction's outcome, else the result's."""
        correction = self.latest_correction()
        return self.passed if correction is None else correction.passed


class SignOff(FinalRecord):
    """An instructor's sign-off of a passed result, which its certificate waits for when DJANGO_EXAM_SIGN_OFF is on."""

    result = models.OneToOneField(ExamResult, on_delete=models.PROTECT, related_name="sign_off")
    signed_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    signed_at = models.DateTimeField(auto_now_add=True)

    class Meta(FinalRecord.Meta):
        # The trainer's table, kept by name: PostgreSQL's final-records trigger (trainer 0023) guards it.
        db_table = "trainer_signoff"

    def __str__(self) -> str:
        """The result signed off and by whom."""
        return f"sign-off of {self.result} by {self.signed_by}"


class ResultCorrection(FinalRecord):
    """An audited correction of an exam result, kept beside it: who, when, why, and the corrected outcome."""

    result = models.ForeignKey(ExamResult, on_delete=models.PROTECT, related_name="corrections")
    corrected_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    corrected_at = models.DateTimeField(auto_now_add=True)
    reason = models.TextField(max_length=REASON_LENGTH)
    passed = models.BooleanField(help_text="The corrected outcome.")

    class Meta(FinalRecord.Meta):
        # The trainer's table, kept by name: PostgreSQL's final-records trigger (trainer 0020) guards it.
        db_table = "trainer_resultcorrection"
        ordering = ("result", "corrected_at", "pk")
        constraints = (models.CheckConstraint(condition=~models.Q(reason=""), name="correction_has_reason"),)

    def __str__(self) -> str:
        """The result corrected and the outcome."""
        return f"correction of {self.result}: {'passed' if self.passed else 'not passed'}"


class Certificate(models.Model):
    """A certificate issued for a passed sitting: what it covers, when it expires, its public verification code.

    Only its revocation is ever written after it is issued (:meth:`save` refuses anything else).
    """

    REVOCATION_FIELDS = frozenset({"revoked_at", "revoked_by", "revocation_reason"})

    code = models.CharField(max_length=40, unique=True, editable=False, help_text="The public verification code.")
    result = models.ForeignKey(ExamResult, on_delete=models.PROTECT, related_name="certificates")
    trainee = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="certificates")
    name_on_certificate = models.CharField(max_length=300)
    exam_name = models.CharField(max_length=120)
    covers = models.JSONField(help_text='The games and their sections: [{"game": name, "sections": ["§645b.1"]}].')
    issued_at = models.DateTimeField()
    expires_on = models.DateField(help_text="The last day the certificate is valid, in the school's time zone.")
    revoked_at = models.DateTimeField(null=True, blank=True)
    revoked_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    revocation_reason = models.TextField(max_length=REASON_LENGTH, blank=True)

    class Meta:
        # The trainer's table, kept by name: PostgreSQL's final-records trigger (trainer 0020) guards it.
        db_table = "trainer_certificate"
        ordering = ("-issued_at", "pk")
        default_permissions = ("add", "view")
        constraints = (
            models.CheckConstraint(
                condition=models.Q(revoked_at__isnull=True) | ~models.Q(revocation_reason=""),
                name="revocation_has_reason",
            ),
        )

    def __str__(self) -> str:
        """The name on the certificate and the exam."""
        return f"{self.name_on_certificate}: {self.exam_name}"

    def save(self, *args: Any, **kwargs: Any) -> None:
        """Write a new certificate, or its revocation alone (``update_fields`` within the revocation's)."""
        fields = kwargs.get("update_fields")
        if not self._state.adding and (fields is None or not set(fields) <= self.REVOCATION_FIELDS):
            raise FinalRecordError("A certificate is never changed once issued; it can only be revoked.")
        super().save(*args, **kwargs)
