"""A trainee's mistakes: the clauses their wrong steps broke in their most recent finished rounds, and drills for them.

"Most recently" means the last :data:`RECENT_ROUNDS` rounds the trainee finished, at any table or drill. A wrong step
counts once against each clause it broke, as the score card's accuracy and the error report count it (a step tried
wrong three times against one clause is one wrong step). Each clause broken there
is listed once, the one broken in the most recently finished round first and, among those last broken in the same
round, the one broken more often first.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

from django.contrib.auth.models import User
from markupsafe import Markup

from grading.scoring import ScoreCard
from scenarios.drill_library import LibraryDrill, drill_versions, drills_for
from simulator.core.citations import Citation
from simulator.core.clauses import CLAUSES
from trainer.models import Attempt
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
    """The clauses the trainee's wrong steps broke in their last finished rounds, most recent and most often first."""
    rounds = Attempt.objects.filter(trainee=trainee, finished_at__isnull=False).order_by("-finished_at")
    mistakes: dict[str, Mistake] = {}
    for at, card in rounds.values_list("finished_at", "score_card")[:RECENT_ROUNDS]:
        if at is None or card is None:
            continue
        for error in ScoreCard.from_json(card).wrong_steps:
            cited = error.graded.citation
            mistake = mistakes.setdefault(cited.clause, Mistake(CLAUSES.get(cited.clause, cited), 0, at))
            mistake.wrong_steps += 1
            mistake.last_finished = max(mistake.last_finished, at)
    versions = drill_versions()
    for clause, mistake in mistakes.items():
        mistake.drills = drills_for(clause, versions)
    return sorted(mistakes.values(), key=lambda mistake: (mistake.last_finished, mistake.wrong_steps), reverse=True)
