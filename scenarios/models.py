"""The instructors' scenarios and the school's drills, their numbered versions, and trainees' runs of them.

The models moved here from the trainer app (migration 0001): each keeps its table, ``trainer_<model>``, so every
attempt, exam part and assignment still points at the row it pointed at.
"""

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models

from grading.standards import read_target_overrides
from simulator.scenarios import ScenarioError, ScenarioSpec
from simulator.surveillance.scenarios import read_scenario
from trainer.models import Attempt, Table


def validate_scenario_spec(value: object) -> None:
    """Refuse a scenario the engine cannot deal (simulator.scenarios), naming every bad field, or an unknown skill."""
    if not isinstance(value, dict):
        raise ValidationError("A scenario is a JSON object.")
    try:
        read_target_overrides(read_scenario(value).skill_targets)
    except (ScenarioError, ValueError) as error:
        raise ValidationError(str(error)) from error


class Scenario(models.Model):
    """An instructor's scenario, or a drill of the school's library: a name; its content lives in numbered versions."""

    name = models.CharField(max_length=120)
    author = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="scenarios",
        help_text="The instructor who built it; none for a drill of the library.",
    )
    drill = models.CharField(
        max_length=60,
        null=True,
        blank=True,
        unique=True,
        editable=False,
        help_text="The key of its simulator.drills declaration, for a drill of the library; none for an instructor's.",
    )
    created_at = models.DateTimeField(auto_now_add=True)
    archived_at = models.DateTimeField(
        null=True,
        blank=True,
        help_text="When its author archived it (off their list, the tables page and new assignments); none if in use.",
    )

    class Meta:
        db_table = "trainer_scenario"
        ordering = ("name", "pk")
        constraints = (
            models.CheckConstraint(
                condition=models.Q(author__isnull=True, drill__isnull=False)
                | models.Q(author__isnull=False, drill__isnull=True),
                name="scenario_built_by_an_instructor_or_a_drill",
            ),
        )

    def __str__(self) -> str:
        """The scenario's name."""
        return self.name

    def latest_version(self) -> "ScenarioVersion":
        """The newest version: the draft being edited, or the last one published."""
        return self.versions.order_by("-number").first() or ScenarioVersion(scenario=self, number=0)

    def published_version(self) -> "ScenarioVersion | None":
        """The newest published version, the one trainees deal; None before the first is published."""
        return self.versions.filter(published_at__isnull=False).order_by("-number").first()


class ScenarioVersion(models.Model):
    """One version of a scenario: its engine description, a draft until published, then never changed.

    Publishing gives the version its own table (``table``), where its rounds are dealt and its meters carried.
    """

    scenario = models.ForeignKey(Scenario, on_delete=models.CASCADE, related_name="versions")
    number = models.PositiveIntegerField()
    spec = models.JSONField(validators=[validate_scenario_spec], help_text="simulator.scenarios.ScenarioSpec JSON.")
    created_at = models.DateTimeField(auto_now_add=True)
    published_at = models.DateTimeField(null=True, blank=True)
    table = models.OneToOneField(
        Table, null=True, blank=True, on_delete=models.PROTECT, related_name="scenario_version", editable=False
    )

    class Meta:
        db_table = "trainer_scenarioversion"
        ordering = ("scenario", "number")
        constraints = (models.UniqueConstraint(fields=("scenario", "number"), name="one_number_per_version"),)

    def __str__(self) -> str:
        """The scenario's name and the version's number."""
        return f"{self.scenario} v{self.number}"

    @property
    def published(self) -> bool:
        """Whether trainees can deal this version."""
        return self.published_at is not None

    def engine_spec(self) -> ScenarioSpec:
        """The version as the engine deals it (or, for a watch scenario, deals and seeds with faults)."""
        return read_scenario(self.spec)


class ScenarioRun(models.Model):
    """A trainee's attempt at a scenario version: its rounds 1 to N dealt in turn (:class:`RunRound`), judged together.

    Nothing about its result is stored: once its last round is over, the result is worked out from its rounds' score
    cards (``scenarios.scenario_runs``), which are final. Rounds dealt before runs existed (the trainer's migration
    0014) and exam rounds belong to no run.
    """

    trainee = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="scenario_runs")
    scenario_version = models.ForeignKey(ScenarioVersion, on_delete=models.PROTECT, related_name="runs")
    started_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        db_table = "trainer_scenariorun"
        ordering = ("trainee", "started_at", "pk")

    def __str__(self) -> str:
        """The trainee, the scenario version and when."""
        return f"{self.trainee} at {self.scenario_version} ({self.started_at:%Y-%m-%d %H:%M})"


class RunRound(models.Model):
    """A round of a scenario run: the attempt dealt, in its place (1 to the scenario's rounds per attempt)."""

    run = models.ForeignKey(ScenarioRun, on_delete=models.CASCADE, related_name="rounds")
    position = models.PositiveSmallIntegerField(help_text="The round's number in the run, from 1.")
    attempt = models.OneToOneField(Attempt, on_delete=models.CASCADE, related_name="run_round")

    class Meta:
        db_table = "trainer_runround"
        ordering = ("run", "position")
        constraints = (models.UniqueConstraint(fields=("run", "position"), name="one_run_round_per_place"),)

    def __str__(self) -> str:
        """The run and the round's place."""
        return f"round {self.position} of {self.run}"


class PayoutSprint(models.Model):
    """A trainee's payout sprint: its kind and length, its payouts (server only) and each one's mark as it is paid.

    The server times it: ``started_at`` when its first payout is shown, ``finished_at`` when its last is paid.
    """

    trainee = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="payout_sprints")
    kind = models.CharField(max_length=200, help_text='The paytable line\'s key (simulator.sprints), or "mix".')
    kind_name = models.CharField(max_length=300, help_text="The line or the mix in words, as it was when drawn.")
    length = models.PositiveSmallIntegerField(help_text="How many payouts: 10, 20 or 30.")
    payouts = models.JSONField(help_text="Each payout's line, words, clause, wager and amount due: never sent ahead.")
    marks = models.JSONField(default=list, blank=True, help_text='Each payout paid: "right", or its error code.')
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    milliseconds = models.PositiveIntegerField(
        null=True, blank=True, help_text="From the first shown to the last paid."
    )

    class Meta:
        ordering = ("trainee", "created_at", "pk")
        indexes = (models.Index(fields=("kind", "length", "finished_at"), name="sprint_kind_finished"),)

    def __str__(self) -> str:
        """The trainee, the sprint and when."""
        return f"{self.trainee}: {self.length} payouts of {self.kind_name} ({self.created_at:%Y-%m-%d %H:%M})"


class SprintStandard(models.Model):
    """The school's standard for one kind and length of sprint, where it differs from the default pace."""

    kind = models.CharField(max_length=200, help_text='The paytable line\'s key, or "mix".')
    length = models.PositiveSmallIntegerField()
    seconds = models.PositiveIntegerField(help_text="The most seconds the sprint may take, 1 to 3,600.")
    all_right = models.BooleanField(default=True, help_text="Whether every payout must be right.")
    saved_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    saved_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = (models.UniqueConstraint(fields=("kind", "length"), name="one_standard_per_sprint"),)

    def __str__(self) -> str:
        """The kind, the length and the standard."""
        return f"{self.kind}: {self.length} payouts in {self.seconds} s"
