"""The school's tables, attempts and steps, and the progressive meters their rounds change."""

from itertools import chain
from typing import Any

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models

from grading.pass_rule_fields import PassRuleFields
from grading.scoring import Mode as Mode
from grading.standards import read_target_overrides
from simulator.core.rules import RulesError
from simulator.games import GAMES


class Floorperson(models.TextChoices):
    """Who validates a progressive or mystery win at a table."""

    AUTOMATED = "automated", "Automated (the engine validates)"
    INSTRUCTOR = "instructor", "An instructor validates from their own browser"


def validate_game(value: str) -> None:
    """Refuse a key that is not one of the school's games (simulator.games)."""
    if value not in GAMES:
        raise ValidationError(f"{value[:40]!r} is not a game of the school: choose one of {', '.join(GAMES)}.")


def validate_skill_targets(value: object) -> None:
    """Refuse target times that are not whole seconds for skills the grader knows (grading.standards)."""
    try:
        read_target_overrides(value)
    except ValueError as error:
        raise ValidationError(str(error)) from error


class Table(PassRuleFields):
    """A training table: a game, its Rules Submission, its pass rule and timed standards; its :class:`Meter` rows."""

    name = models.CharField(max_length=120, unique=True)
    game = models.CharField(max_length=40, validators=[validate_game], help_text="A key of simulator.games.GAMES.")
    rules = models.JSONField(default=dict, blank=True, help_text="The game's rules as its to_json() writes them.")
    floorperson = models.CharField(max_length=20, choices=Floorperson, default=Floorperson.AUTOMATED)
    rounds_dealt = models.PositiveIntegerField(default=0, editable=False)
    chip_inventory = models.JSONField(
        null=True,
        blank=True,
        editable=False,
        help_text="The rack's chips as the table's last round left them, for its next round to open with: "
        '{"rack": its text, "chips": {cents: count}} (simulator/core/chip_inventory.py); none until a round ends.',
    )
    skill_targets = models.JSONField(
        default=dict,
        blank=True,
        validators=[validate_skill_targets],
        help_text="Target seconds per skill where this table differs from the school's (grading/standards.py), "
        'for example {"calling_the_dice": 4}.',
    )

    class Meta:
        ordering = ("name",)
        constraints = (
            models.CheckConstraint(condition=models.Q(pass_accuracy_percent__lte=100), name="pass_mark_at_most_100"),
            models.CheckConstraint(
                condition=models.Q(time_limit_seconds__isnull=True) | models.Q(time_limit_seconds__gte=1),
                name="time_limit_positive",
            ),
        )

    def __str__(self) -> str:
        """The table's name."""
        return self.name

    def clean(self) -> None:
        """Keep an emptied rules or targets field as an empty object; refuse rules the game cannot read, by option."""
        self.rules = {} if self.rules is None else self.rules
        self.skill_targets = {} if self.skill_targets is None else self.skill_targets
        game = GAMES.get(self.game)
        if game is None:
            return
        if not isinstance(self.rules, dict):
            raise ValidationError({"rules": "A JSON object of the game's options is wanted."})
        try:
            game.read_rules(self.rules)
        except RulesError as error:
            raise ValidationError({"rules": str(error)}) from error


class Attempt(models.Model):
    """One round dealt by one trainee: the round as dealt, its steps (:class:`Step`) and the score card."""

    trainee = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="attempts")
    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="attempts")
    mode = models.CharField(
        max_length=10, choices=[(mode.value, mode.label) for mode in Mode], default=Mode.PRACTICE.value
    )
    log = models.JSONField(
        default=dict,
        editable=False,
        help_text="simulator.notation.save_round() of the round as dealt, before the first step: server only.",
    )
    score_card = models.JSONField(null=True, blank=True, editable=False)
    started_at = models.DateTimeField(auto_now_add=True)
    step_started_at = models.DateTimeField(
        auto_now_add=True, help_text="When the current step's clock last started or stopped (grading.step_clock)."
    )
    step_clock_running = models.BooleanField(
        default=False, help_text="Whether the current step's clock runs: the trainee's table is open, no dialog on it."
    )
    step_banked_ms = models.PositiveIntegerField(
        default=0, help_text="The milliseconds the current step's clock counted before it last stopped."
    )
    finished_at = models.DateTimeField(null=True, blank=True)
    last_sequence = models.PositiveIntegerField(default=0, help_text="The last client frame number applied.")
    pass_rule = models.JSONField(
        null=True,
        editable=False,
        help_text="The table's pass rule as it stood when the round was dealt (PassRule.to_json); none before 0006.",
    )
    skill_targets = models.JSONField(
        default=dict, editable=False, help_text="The table's target overrides as they stood when the round was dealt."
    )
    scenario_version = models.ForeignKey(
        "scenarios.ScenarioVersion",
        null=True,
        blank=True,
        editable=False,
        on_delete=models.PROTECT,
        related_name="attempts",
        help_text="The scenario version the round was dealt from; none at an ordinary table.",
    )

    class Meta:
        ordering = ("-started_at",)

    def __str__(self) -> str:
        """The trainee, the table and when."""
        return f"{self.trainee} at {self.table} ({self.started_at:%Y-%m-%d %H:%M})"

    @property
    def finished(self) -> bool:
        """Whether the round is over and scored."""
        return self.finished_at is not None

    def saved_round(self) -> tuple[dict[str, Any], list[dict[str, Any]]]:
        """The round's whole log as ``save_round`` writes it and the trainee's graded steps, in one read of the steps.

        The log is the round as dealt followed by each step's operations, in frame order.
        """
        steps = self.saved_frames()
        operations = [*self.log["operations"], *chain.from_iterable(operations for operations, _ in steps)]
        return {**self.log, "operations": operations}, [graded for _, graded in steps if graded is not None]

    def saved_frames(self) -> list[tuple[list[Any], dict[str, Any] | None]]:
        """Each applied frame's operations and its grade (None for a floorperson's validation), in frame order."""
        return list(self.steps.values_list("operations", "graded"))


class Step(models.Model):
    """One frame applied to an attempt: the engine operations it performed and, for a trainee's step, its grade.

    Steps are only ever added, so a step writes one small row instead of rewriting the round's log.
    """

    # No index of its own: the unique (attempt, sequence) index serves every lookup by attempt.
    attempt = models.ForeignKey(Attempt, on_delete=models.CASCADE, related_name="steps", db_index=False)
    sequence = models.PositiveIntegerField(help_text="The client frame number that applied it.")
    operations = models.JSONField(
        default=list, help_text="The operations performed since the previous step, as save_round() writes them."
    )
    graded = models.JSONField(null=True, blank=True, help_text="The trainee's graded step; none for a validation.")

    class Meta:
        ordering = ("attempt", "sequence")
        constraints = (models.UniqueConstraint(fields=("attempt", "sequence"), name="one_step_per_frame"),)

    def __str__(self) -> str:
        """The attempt and the frame number."""
        return f"step {self.sequence} of attempt {self.attempt_id}"


class Meter(models.Model):
    """One progressive meter of a table as one device: every round at the table changes it in place, never a copy.

    ``amount``, the secret ``hit_value`` (a Mystery Bonus meter only) and the ``cycle`` (counted by each Mystery Bonus
    reset) are columns; ``state`` holds the rest of the engine's JSON for the meter (its configuration, seed or wager,
    reserve). Amounts keep four places of a cent (0.5% of a $1 wager is half a cent). Server only; changed only
    through :mod:`trainer.meters`, under the row's lock.
    """

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="meters")
    name = models.CharField(max_length=20, help_text="mystery, progressive (Pai Gow Poker's jackpot) or match.")
    amount = models.DecimalField(max_digits=16, decimal_places=4, help_text="What the meter shows, in exact cents.")
    hit_value = models.PositiveIntegerField(null=True, help_text="The Mystery Bonus's secret hit value in cents.")
    cycle = models.PositiveIntegerField(default=0, help_text="The Mystery Bonus cycle: one hit value, one hit.")
    state = models.JSONField(default=dict, help_text="The rest of the meter as the engine's to_json() writes it.")

    class Meta:
        ordering = ("table_id", "name")
        constraints = (models.UniqueConstraint(fields=("table", "name"), name="one_meter_per_name"),)

    def __str__(self) -> str:
        """The table and the meter's name."""
        return f"{self.name} meter at {self.table_id}"


class MeterChange(models.Model):
    """One step's change to a meter, applied exactly once: the reading it met, what it contributed, whether it hit."""

    meter = models.ForeignKey(Meter, on_delete=models.CASCADE, related_name="changes")
    attempt = models.ForeignKey(Attempt, on_delete=models.CASCADE, related_name="meter_changes", db_index=False)
    operation = models.PositiveIntegerField(help_text="The operation's number in the round's log.")
    cycle = models.PositiveIntegerField(help_text="The meter's cycle when the change met it.")
    reading = models.JSONField(help_text="The meter as the change met it, secret hit value included: server only.")
    contributed = models.DecimalField(max_digits=16, decimal_places=4, help_text="The cents it added.")
    lit = models.BooleanField(help_text="Whether a contribution of the step took the meter past its hit value.")
    amount_after = models.DecimalField(max_digits=16, decimal_places=4, help_text="The meter's amount after it.")
    made_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ("meter_id", "pk")
        constraints = (
            models.UniqueConstraint(fields=("attempt", "operation", "meter"), name="one_change_per_operation"),
        )

    def __str__(self) -> str:
        """The attempt and the operation number."""
        return f"operation {self.operation} of attempt {self.attempt_id} on {self.meter}"
