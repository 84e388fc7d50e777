"""An exam sitting's pace: each game's rounds per hour over the sitting's finished rounds, and the school's standard.

The sitting page, the gradebook, the exports, the certificate issued for it and its xAPI statement read it here.
"""

from collections.abc import Iterable
from typing import Any

from certification.models import ExamRound
from core.school_profile import school_pace_standards
from grading.pace import Pace, pace_context, paces


def sitting_paces(sitting_ids: Iterable[int]) -> dict[int, list[Pace]]:
    """Each sitting's pace per game over its finished rounds, by sitting id (none without a finished round), one query.

    An exam whose parts deal several games has a pace for each; the rounds of one game count together.
    """
    ids = set(sitting_ids)
    rows = (
        ExamRound.objects.filter(sitting_id__in=ids, attempt__score_card__isnull=False)
        .order_by("sitting_id", "position")
        .values_list("sitting_id", "attempt__table__game", "attempt__score_card")
    )
    rounds: dict[int, list[tuple[str, int]]] = {sitting_id: [] for sitting_id in ids}
    for sitting_id, game, card in rows:
        if card is not None:
            rounds[sitting_id].append((game, card["total_ms"]))
    return {sitting_id: paces(held) for sitting_id, held in rounds.items()}


def sitting_pace_lines(sitting_id: int) -> list[dict[str, Any]]:
    """The sitting's pace per game over its rounds, each against the school's house standard for the game."""
    standards = school_pace_standards()
    return [pace_context(pace, standards) for pace in sitting_paces([sitting_id])[sitting_id]]
