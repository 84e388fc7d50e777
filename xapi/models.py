"""The outbox of xAPI statements, one row a statement, queued in the transaction of what it reports."""

from django.db import models

from trainer.models import Attempt


class QueuedStatement(models.Model):
    """An xAPI statement waiting for the learning record store, or sent: the outbox (xapi/sender.py).

    Written in the transaction of what it reports (a graded step, a result), so none is lost; its id is the
    statement's own, so a resend after a crash is the same statement to the store.
    """

    id = models.UUIDField(primary_key=True, help_text="The statement's id, as in the statement.")
    statement = models.JSONField(help_text="The xAPI 1.0.3 statement as sent.")
    queued_at = models.DateTimeField()
    next_try_at = models.DateTimeField(help_text="When the sender next tries it; later after each failed try.")
    tries = models.PositiveIntegerField(default=0, help_text="Failed tries so far.")
    last_error = models.TextField(blank=True, help_text="Why the last try failed.")
    sent_at = models.DateTimeField(null=True, blank=True, help_text="When the store accepted it; empty while queued.")
    exam_round = models.ForeignKey(
        Attempt,
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="+",
        help_text="The exam round it reports, which holds it until the round is over: an exam tells no grade before "
        "its score card, and a learning record store could show the trainee one.",
    )

    class Meta:
        ordering = ("queued_at",)
        indexes = (
            models.Index(fields=("next_try_at",), condition=models.Q(sent_at__isnull=True), name="statements_waiting"),
            models.Index(fields=("sent_at",), condition=models.Q(sent_at__isnull=False), name="statements_sent"),
        )

    def __str__(self) -> str:
        """The statement's id and whether it was sent."""
        return f"statement {self.id} ({'sent' if self.sent_at else 'queued'})"
