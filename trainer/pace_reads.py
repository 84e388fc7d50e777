"""The pace a round's score card shows: the round's own, and in practice its trainee's session at the game that day.

A practice session is the trainee's finished practice rounds of the round's game on the day it ended (the school's
time zone), up to and including it: the table, a scenario's rounds and a drill's alike. An exam's pace is its
sitting's, over all its rounds (:mod:`certification`).
"""

from __future__ import annotations

from datetime import datetime, time
from typing import Any

from django.utils import timezone

from core.school_profile import school_pace_standards
from grading.pace import Pace, pace_context
from trainer.models import Attempt, Mode
from trainer.snapshots import AnyTableSnapshot


def session_times(trainee_id: int, game: str, finished_at: datetime) -> dict[int, int | None]:
    """The dealing time of each finished practice round of the session ending at ``finished_at``, by attempt id."""
    start = datetime.combine(timezone.localdate(finished_at), time(), timezone.get_current_timezone())
    cards = Attempt.objects.filter(
        trainee_id=trainee_id,
        table__game=game,
        mode=Mode.PRACTICE.value,
        finished_at__gte=start,
        finished_at__lte=finished_at,
        score_card__isnull=False,
    ).values_list("pk", "score_card__total_ms")
    return dict(cards)


def round_pace(snapshot: AnyTableSnapshot) -> dict[str, Any]:
    """The finished round's pace and, in practice, its session's, each against the school's standard for the game.

    The round's dealing time is read from its stored score card; in practice with its session's, in one read of the
    session's cards' totals alone (the round is one of them), else alone. No round's log is decoded.
    """
    standards = school_pace_standards()
    session = None
    if snapshot.mode == Mode.PRACTICE and snapshot.finished_at is not None:
        times = session_times(snapshot.trainee_id, snapshot.game, snapshot.finished_at)
        totals = [total_ms for total_ms in times.values() if total_ms is not None]
        session = pace_context(Pace(snapshot.game, len(totals), sum(totals)), standards)
        card_ms = times.get(snapshot.attempt_id)
    else:
        card_ms = Attempt.objects.filter(pk=snapshot.attempt_id).values_list("score_card__total_ms", flat=True).first()
    return {"round": pace_context(Pace(snapshot.game, 1, card_ms or 0), standards), "session": session}
