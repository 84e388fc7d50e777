"""The xAPI statement of a finished payout sprint, queued as its last payout is paid (:mod:`xapi.statements`)."""

from fractions import Fraction

from scenarios.models import PayoutSprint
from scenarios.sprint_results import result_of, standard_for
from xapi import statements
from xapi.statements import Json


def sprint_statement(sprint: PayoutSprint) -> Json:
    """The trainee passed or failed a sprint by the school's standard, scored by the share of payouts paid right."""
    result = result_of(sprint)
    right = result.length - result.mispays - result.mischips
    standard = standard_for(sprint.kind, sprint.length)
    assert sprint.finished_at is not None
    return statements.result_statement(
        trainee=sprint.trainee,
        activity=statements.Activity(
            f"xapi/sprints/{sprint.kind}/{sprint.length}",
            f"{sprint.length} payouts: {sprint.kind_name}",
            statements.ASSESSMENT,
        ),
        passed=standard.met_by(result),
        scaled=Fraction(right, result.length),
        duration_ms=result.milliseconds,
        context={"extensions": {statements.extension("sprint-standard"): str(standard)}},
        timestamp=sprint.finished_at,
    )
