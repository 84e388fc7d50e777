"""What the tables ask of the scenarios dealt at them: which scenarios to offer, and a round's place in its run.

Scenarios live in an app above the tables (scenarios), which gives its answers to :func:`answer_with` once it is
ready, so the tables never import it. Until an app answers, no scenario is offered and no round is in a run.
"""

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from grading.scoring import CombinedResult, PassRule


@dataclass(frozen=True)
class OfferedScenario:
    """A scenario the tables page offers to deal: its newest published version, by id and number, and its pass rule."""

    scenario_id: int
    name: str
    version_id: int
    number: int
    pass_rule: PassRule


@dataclass(frozen=True)
class RunPlace:
    """Where a round stands in its scenario run, and what the scenario's next deal deals.

    ``position`` of ``of`` rounds per attempt; ``result`` the run's, once its last round is over; ``newest_version_id``
    the scenario's newest published version (None: none is) and ``of_newest`` whether the run is of that version.
    """

    position: int
    of: int
    result: CombinedResult | None
    newest_version_id: int | None
    of_newest: bool


OfferedScenarios = Callable[[], Sequence[OfferedScenario]]
"""The instructors' scenarios in use that trainees may deal, each at its newest published version."""

PlaceOf = Callable[[int], RunPlace | None]
"""For an attempt (by id), its place in its scenario run; None outside a run."""


@dataclass
class ScenarioAnswers:
    """The answers of the app that keeps the scenarios; none until it gives them."""

    offered: OfferedScenarios | None = None
    place_of: PlaceOf | None = None


ANSWERS = ScenarioAnswers()


def answer_with(offered: OfferedScenarios, place_of: PlaceOf) -> None:
    """Let the scenarios' app answer the tables' questions (called from its ``AppConfig.ready``)."""
    ANSWERS.offered, ANSWERS.place_of = offered, place_of


def offered_scenarios() -> Sequence[OfferedScenario]:
    """The scenarios trainees may deal from the tables page; none without scenarios."""
    return () if ANSWERS.offered is None else ANSWERS.offered()


def place_of(attempt_id: int) -> RunPlace | None:
    """The attempt's place in its scenario run; None outside a run or without scenarios."""
    return None if ANSWERS.place_of is None else ANSWERS.place_of(attempt_id)
