"""A watched round as the school keeps it: its log (server only), what was shown and when, the trainee's flags."""

from django.conf import settings
from django.db import models

from trainer.models import Table


class WatchedRound(models.Model):
    """One round the engine dealt with faults seeded, watched by one trainee, and their flags.

    The server shows the steps one by one and times them and the flags itself: ``shown_ms`` and a flag's ``ms`` are
    milliseconds after ``started_at``, read from the server's clock, never the page's.
    """

    trainee = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="watched_rounds")
    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="watched_rounds")
    log = models.JSONField(editable=False, help_text="watched_log() of the round and its faults: server only.")
    pace_seconds = models.PositiveSmallIntegerField(default=3, help_text="Seconds between steps while the round plays.")
    shown = models.PositiveIntegerField(default=1, help_text="How many of the round's steps the felt has shown.")
    shown_ms = models.JSONField(default=list, editable=False, help_text="When each shown step was shown (ms).")
    flags = models.JSONField(default=list, editable=False, help_text="The flags as Flag.to_json() writes them.")
    score = models.JSONField(null=True, blank=True, editable=False, help_text="The flags' totals and missed clauses.")
    started_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ("-started_at",)

    def __str__(self) -> str:
        """The trainee, the table and when."""
        return f"{self.trainee} watching {self.table} ({self.started_at:%Y-%m-%d %H:%M})"

    @property
    def finished(self) -> bool:
        """Whether the round is over and its flags scored."""
        return self.finished_at is not None
