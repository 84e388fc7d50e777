"""The xAPI statement of a finished payout sprint, queued as its last payout is paid (:mod:`xapi.statements`)."""

from fractions import Fraction

from scenarios.models import PayoutSprint
from scenarios.sprint_results import sprint_row
from xapi import statements
from xapi.statements import Json


def sprint_statement(sprint: PayoutSprint) -> Json:
    """The trainee passed or failed a sprint by the school's standard, scored by the share of payouts paid right.

    The object is the sprint's kind and length, ``S/xapi/sprints/<kind>/<length>`` (type assessment); the result's
    extension ``S/xapi/extensions/sprint`` gives the payouts, mispays, mis-chips and the school's standard in words.
    """
    row = sprint_row(sprint)
    result = row.result
    assert sprint.finished_at is not None
    activity = statements.Activity(
        f"xapi/sprints/{sprint.kind}/{sprint.length}",
        f"Payout sprint, {sprint.length} payouts: {sprint.kind_name}",
        statements.ASSESSMENT,
    )
    queued = statements.result_statement(
        trainee=sprint.trainee,
        activity=activity,
        passed=row.met,
        scaled=Fraction(result.length - result.mispays - result.mischips, result.length),
        duration_ms=result.milliseconds,
        paces=[],
        context={},
        timestamp=sprint.finished_at,
    )
    sprint_figures = {
        "payouts": result.length,
        "mispays": result.mispays,
        "mischips": result.mischips,
        "standard": str(row.standard),
    }
    queued["result"] = {**queued["result"], "extensions": {statements.extension("sprint"): sprint_figures}}
    return queued
