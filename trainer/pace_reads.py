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


def practice_session(attempt: Attempt) -> Pace:
    """The trainee's finished practice rounds of the attempt's game on the day it ended, up to it, and their time."""
    if attempt.finished_at is None:
        return Pace(attempt.table.game, 0, 0)
    start = datetime.combine(timezone.localdate(attempt.finished_at), time(), timezone.get_current_timezone())
    cards = Attempt.objects.filter(
        trainee_id=attempt.trainee_id,
        table__game=attempt.table.game,
        mode=Mode.PRACTICE.value,
        finished_at__gte=start,
        finished_at__lte=attempt.finished_at,
        score_card__isnull=False,
    ).values_list("score_card__total_ms", flat=True)
    times = [total_ms for total_ms in cards if total_ms is not None]
    return Pace(attempt.table.game, len(times), sum(times))


def round_pace(attempt_id: int) -> dict[str, Any]:
    """The finished round's pace and, in practice, its session's, each against the school's standard for the game.

    It reads only the attempt's fields it needs: the round's log, the largest, is never decoded (its score card
    once and the session's cards' totals alone).
    """
    fields = ("trainee_id", "mode", "finished_at", "score_card", "table__game")
    attempt = Attempt.objects.select_related("table").only(*fields).get(pk=attempt_id)
    standards = school_pace_standards()
    card_ms = (attempt.score_card or {}).get("total_ms", 0)
    practice = attempt.mode == Mode.PRACTICE.value
    return {
        "round": pace_context(Pace(attempt.table.game, 1, card_ms), standards),
        "session": pace_context(practice_session(attempt), standards) if practice else None,
    }
