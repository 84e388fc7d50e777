"""A trainee's mistakes: the clauses their wrong steps broke in their most recent finished rounds, and drills for them.

"Most recently" means the last :data:`RECENT_ROUNDS` rounds the trainee finished, at any table or drill. Each clause a
wrong step there cited is listed once, the clause broken in the most recently finished round first, and between rounds
finished at the same moment the clause broken more often first.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, cast

from django.contrib.auth.models import User
from markupsafe import Markup

from simulator.citations import Citation
from simulator.clauses import CLAUSES
from simulator.drills import DRILLS
from trainer.drill_library import LibraryDrill, drill_versions
from trainer.models import Attempt, Step
from trainer.scoring import GradedStep
from trainer.table_page import citation_html

RECENT_ROUNDS = 5
"""How many of the trainee's last finished rounds "my mistakes" looks at."""


@dataclass
class Mistake:
    """A clause the trainee got wrong: its citation, how many wrong steps, when last, and the drills that train it."""

    citation: Citation
    wrong_steps: int
    last_finished: datetime
    drills: list[LibraryDrill] = field(default_factory=list)

    @property
    def rule(self) -> Markup:
        """The clause, drawn with its provenance and text."""
        return citation_html(self.citation)


def recent_mistakes(trainee: User) -> list[Mistake]:
    """The clauses the trainee's wrong steps cited in their last finished rounds, most recent and most often first."""
    rounds = Attempt.objects.filter(trainee=trainee, finished_at__isnull=False).order_by("-finished_at")
    finished = {pk: at for pk, at in rounds.values_list("pk", "finished_at")[:RECENT_ROUNDS] if at is not None}
    wrong = Step.objects.filter(attempt__in=finished, graded__correct=False).values_list("attempt_id", "graded")
    mistakes: dict[str, Mistake] = {}
    for attempt_id, graded in wrong:
        cited = GradedStep.from_json(cast(dict[str, Any], graded)).citation
        at = finished[attempt_id]
        mistake = mistakes.setdefault(cited.clause, Mistake(CLAUSES.get(cited.clause, cited), 0, at))
        mistake.wrong_steps += 1
        mistake.last_finished = max(mistake.last_finished, at)
    versions = drill_versions()
    for clause, mistake in mistakes.items():
        mistake.drills = [LibraryDrill(drill, versions.get(drill.key)) for drill in DRILLS if drill.trains(clause)]
    return sorted(mistakes.values(), key=lambda mistake: (mistake.last_finished, mistake.wrong_steps), reverse=True)
