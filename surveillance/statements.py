"""The xAPI statement of a watched round once it ends, queued with its score (:mod:`xapi.statements` says how).

The trainee completed the watched round; the result's raw score is the faults caught out of those seeded, with the
false flags and the clauses of the faults missed beside it. Surveillance has no pass rule, so the verb is
"completed", never "passed" or "failed".
"""

import uuid
from fractions import Fraction

from simulator.core.clauses import CLAUSES
from surveillance.models import WatchedRound
from xapi import statements
from xapi.statements import ATTEMPT, COMPLETED, Activity, Json, extension, school_address


def watched_activity(record: WatchedRound) -> Activity:
    """One watched round of one trainee: its page at the school."""
    return Activity(f"watched/{record.pk}/", f"Watched round {record.pk} at {record.table.name}", ATTEMPT)


def watched_statement(record: WatchedRound) -> Json:
    """The trainee completed the watched round: faults caught of those seeded, false flags, clauses missed, time."""
    score = record.score or {}
    faults, caught = int(score["faults"]), int(score["caught"])
    finished_at = record.finished_at or record.started_at
    result: Json = {
        "completion": True,
        "score": {
            "raw": caught,
            "min": 0,
            "max": faults,
            "scaled": float(round(Fraction(caught, faults) if faults else Fraction(1), 4)),
        },
        "duration": statements.duration(int((finished_at - record.started_at).total_seconds() * 1000)),
        "extensions": {
            extension("false-flags"): score["false_flags"],
            extension("missed-clauses"): score["missed_clauses"],
        },
    }
    missed = [CLAUSES[clause] for clause in score["missed_clauses"] if clause in CLAUSES]
    activities: Json = {
        "parent": [statements.table_activity(record.table).to_json()],
        "grouping": [statements.game_activity(record.table.game).to_json()],
    }
    if missed:
        activities["other"] = [statements.clause_activity(citation).to_json() for citation in missed]
    context: Json = {
        "registration": str(uuid.uuid5(uuid.NAMESPACE_URL, school_address(f"watched/{record.pk}/"))),
        "contextActivities": activities,
        "extensions": {extension("mode"): "surveillance"},
    }
    return statements.statement(
        trainee=record.trainee,
        verb=COMPLETED,
        activity=watched_activity(record),
        result=result,
        context=context,
        timestamp=finished_at,
    )
