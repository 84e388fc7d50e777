"""The school's Rules Submission as filed: its wording of each house procedure and its paytables, each versioned.

The models moved here from the trainer app (migration 0001): each keeps its table, ``trainer_<model>``.
"""

from django.conf import settings
from django.db import models


class PaytableKind(models.TextChoices):
    """A paytable the school files in its Rules Submission, by the table option it fills.

    §645a.13 leaves Pai Gow Poker's Fortune Bonus and Progressive Payout paytables to it; the carnival poker games'
    paytables are the school's own where its tables use the default.
    """

    FORTUNE = "fortune_paytable", "Fortune Bonus and Envy Bonus paytable"
    PROGRESSIVE = "progressive_paytable", "Progressive Payout paytable"
    LET_IT_RIDE = "let_it_ride_paytable", "Let It Ride Poker paytable"
    PAIR_PLUS = "pair_plus_paytable", "Three Card Poker Pair Plus paytable"
    ANTE_BONUS = "ante_bonus_paytable", "Three Card Poker Ante Bonus paytable"
    BLIND = "blind_paytable", "Ultimate Texas Hold 'Em Blind paytable"
    TRIPS = "trips_paytable", "Ultimate Texas Hold 'Em Trips paytable"


class HouseWording(models.Model):
    """One version of the school's own wording of a house procedure, shown on every verdict that cites it.

    Each save is a new version; the newest is in force, and an empty one returns to the default wording.
    """

    clause = models.CharField(max_length=200, help_text="The house procedure's clause, as the catalogue writes it.")
    version = models.PositiveIntegerField()
    text = models.TextField(blank=True, help_text="The school's wording; empty for the default wording.")
    saved_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    saved_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        db_table = "trainer_housewording"
        ordering = ("clause", "-version")
        constraints = (models.UniqueConstraint(fields=("clause", "version"), name="one_wording_per_version"),)

    def __str__(self) -> str:
        """The clause and the version."""
        return f"{self.clause}, version {self.version}"


class FiledPaytable(models.Model):
    """One version of a paytable the school's Rules Submission files; the newest is dealt at every table using it.

    A round keeps the paytable it was dealt with, version and all, in its own log, so a later version changes no
    round already dealt.
    """

    kind = models.CharField(max_length=40, choices=PaytableKind)
    version = models.PositiveIntegerField()
    paytable = models.JSONField(help_text="The paytable as simulator.filed_paytables reads it, less its submission.")
    saved_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    saved_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        db_table = "trainer_filedpaytable"
        ordering = ("kind", "-version")
        constraints = (models.UniqueConstraint(fields=("kind", "version"), name="one_paytable_per_version"),)

    def __str__(self) -> str:
        """The kind and the version."""
        return f"{self.get_kind_display()}, version {self.version}"
