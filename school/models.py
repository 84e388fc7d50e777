"""The school's cohorts, the accounts that owe a password change, and the assignments instructors set.

Their tables keep the names they had in the trainer app (``trainer_*``), where they were made.
"""

from django.conf import settings
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models

from core.roles import Role, is_school_administrator
from scenarios.models import Scenario


class Cohort(models.Model):
    """A group of trainees taught together by one or more instructors."""

    name = models.CharField(max_length=120, unique=True)
    instructors = models.ManyToManyField(settings.AUTH_USER_MODEL, related_name="cohorts_taught")
    trainees = models.ManyToManyField(settings.AUTH_USER_MODEL, related_name="cohorts", blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        db_table = "trainer_cohort"
        ordering = ("name",)
        constraints = (models.CheckConstraint(condition=~models.Q(name=""), name="cohort_named"),)

    def __str__(self) -> str:
        """The cohort's name."""
        return self.name

    def clean(self) -> None:
        """Refuse a name that is only spaces."""
        if not self.name.strip():
            raise ValidationError({"name": "Give the cohort a name."})


def cohorts_of(user: User) -> models.QuerySet[Cohort]:
    """The cohorts the user may open: every cohort for someone who runs the school, else those they teach."""
    if is_school_administrator(user):
        return Cohort.objects.all()
    return Cohort.objects.filter(instructors=user)


def trainees_open_to(user: User) -> models.QuerySet[User]:
    """Active trainees the user may add to a cohort: all if they run the school, else none of a colleague's cohort."""
    trainees = User.objects.filter(groups__name=Role.TRAINEE, is_active=True)
    if is_school_administrator(user):
        return trainees
    return trainees.exclude(cohorts__in=Cohort.objects.exclude(instructors=user))


def manages_account(user: User, trainee: User) -> bool:
    """Whether the user may reset or unlock the trainee's login: they run the school or teach all their cohorts."""
    if is_school_administrator(user):
        return True
    cohorts = trainee.cohorts.all()
    return cohorts.exists() and not cohorts.exclude(instructors=user).exists()


class PasswordChangeDue(models.Model):
    """An account that must choose its own password before any other page: a first password, or a reset one."""

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="password_change_due")
    since = models.DateTimeField(auto_now_add=True)

    class Meta:
        db_table = "trainer_passwordchangedue"


class Assignment(models.Model):
    """A published scenario an instructor set a cohort, or one trainee of it: passes to reach by a due date.

    A pass is a finished run of the scenario (any of its versions: every round of an attempt, :class:`ScenarioRun`)
    begun since the assignment was made, whose rounds together passed under its pass rule (``school.assignments``).
    """

    scenario = models.ForeignKey(Scenario, on_delete=models.PROTECT, related_name="assignments")
    cohort = models.ForeignKey(Cohort, on_delete=models.CASCADE, related_name="assignments")
    trainee = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="assignments",
        help_text="The one trainee of the cohort it is set; empty for everyone in the cohort.",
    )
    due_on = models.DateField("due date", help_text="The last day, in the school's time zone, to reach the passes.")
    passes_required = models.PositiveSmallIntegerField(
        "passes required", validators=[MinValueValidator(1), MaxValueValidator(100)]
    )
    assigned_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="assignments_given", editable=False
    )
    assigned_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        db_table = "trainer_assignment"
        ordering = ("due_on", "pk")
        constraints = (
            models.CheckConstraint(
                condition=models.Q(passes_required__gte=1, passes_required__lte=100), name="passes_required_1_to_100"
            ),
        )

    def __str__(self) -> str:
        """The scenario, to whom and when it is due."""
        return f"{self.scenario} for {self.trainee or self.cohort}, due {self.due_on}"
