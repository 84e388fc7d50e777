"""The pass rule's fields, declared once for each model judged by one: a table's rounds, an exam's sittings."""

from fractions import Fraction

from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models

from grading.scoring import DEFAULT_PASS_THRESHOLD, PassRule
from simulator.scenarios import MAX_TIME_LIMIT_SECONDS


class PassRuleFields(models.Model):
    """A pass mark, whether one critical error fails, and a time limit: the fields of a :class:`PassRule`."""

    pass_accuracy_percent = models.PositiveSmallIntegerField(
        "pass mark (%)",
        default=int(DEFAULT_PASS_THRESHOLD * 100),
        validators=[MaxValueValidator(100)],
        help_text="The least share of the steps judged together right at the first attempt, from 0 to 100.",
    )
    critical_error_fails = models.BooleanField(
        default=True, help_text="Whether one critical error fails what is judged (a round, a sitting)."
    )
    time_limit_seconds = models.PositiveIntegerField(
        null=True,
        blank=True,
        validators=[MinValueValidator(1), MaxValueValidator(MAX_TIME_LIMIT_SECONDS)],
        help_text="The most time the steps judged together may take, in seconds (the sum of their step times); "
        "empty for none.",
    )

    class Meta:
        abstract = True

    def pass_rule(self) -> PassRule:
        """The rule for passing, as a round or a sitting is judged by it."""
        return PassRule(Fraction(self.pass_accuracy_percent, 100), self.critical_error_fails, self.time_limit_seconds)
