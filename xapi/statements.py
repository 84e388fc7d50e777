"""xAPI statements: what the school tells a learning record store about trainees' graded steps and results.

Statements follow xAPI 1.0.3. The trainee is an account at the school (``homePage`` the school's address,
``name`` the username), never an e-mail address; every activity id is an address under the school's
(``DJANGO_SCHOOL_URL``). A statement is queued in the outbox (:class:`~xapi.models.QueuedStatement`) in the
transaction of what it reports and sent by ``manage.py send_statements`` (:mod:`xapi.sender`). Every kind
of statement goes through :func:`statement`; a new kind (an exam's result) is a call of :func:`result_statement`
queued with :func:`queue`.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from datetime import datetime
from fractions import Fraction
from typing import Any
from urllib.parse import quote

from django.conf import settings
from django.contrib.auth.models import User

from core.school_profile import school_pace_standards
from grading.pace import Pace, per_hour_text
from grading.scoring import GradedStep, ScoreCard
from simulator.core.citations import Citation
from simulator.games import GAMES
from trainer.models import Attempt, Table
from trainer.tables import table_description
from xapi.models import QueuedStatement

VERSION = "1.0.3"
"""The xAPI version of every statement, sent in the ``X-Experience-API-Version`` header."""

Json = dict[str, Any]
"""A statement or a part of one, as JSON-ready values (a score is a float: xAPI's scaled score is a decimal)."""


def enabled() -> bool:
    """Whether statements are queued: a learning record store is configured (``DJANGO_XAPI_URL``)."""
    return bool(settings.XAPI_URL)


def school_address(path: str) -> str:
    """An address under the school's (``DJANGO_SCHOOL_URL``), for an activity or an extension."""
    return f"{settings.SCHOOL_URL}/{path}"


def extension(name: str) -> str:
    """The IRI of one of the school's statement extensions."""
    return school_address(f"xapi/extensions/{name}")


@dataclass(frozen=True)
class Verb:
    """An ADL verb: its IRI and its display word."""

    id: str
    display: str

    def to_json(self) -> Json:
        """The verb as a statement holds it."""
        return {"id": self.id, "display": {"en-US": self.display}}


ANSWERED = Verb("http://adlnet.gov/expapi/verbs/answered", "answered")
PASSED = Verb("http://adlnet.gov/expapi/verbs/passed", "passed")
FAILED = Verb("http://adlnet.gov/expapi/verbs/failed", "failed")
COMPLETED = Verb("http://adlnet.gov/expapi/verbs/completed", "completed")

INTERACTION = "http://adlnet.gov/expapi/activities/interaction"
ATTEMPT = "http://adlnet.gov/expapi/activities/attempt"
SIMULATION = "http://adlnet.gov/expapi/activities/simulation"
OBJECTIVE = "http://adlnet.gov/expapi/activities/objective"
ASSESSMENT = "http://adlnet.gov/expapi/activities/assessment"
"""ADL activity types: a dealer step, a round, a table or game, a regulation clause, an exam."""


@dataclass(frozen=True)
class Activity:
    """Something a trainee did or took part in, at an address under the school's."""

    path: str
    name: str
    type: str

    def to_json(self) -> Json:
        """The activity as a statement's object or context activity."""
        definition: Json = {"name": {"en-US": self.name}, "type": self.type}
        return {"objectType": "Activity", "id": school_address(self.path), "definition": definition}


def step_activity(game: str, step: str) -> Activity:
    """A dealer step of a game: the same activity for every trainee and round."""
    return Activity(f"xapi/games/{game}/steps/{step}", table_description(game).step_label(step), INTERACTION)


def game_activity(game: str) -> Activity:
    """A game of the engine's registry."""
    return Activity(f"xapi/games/{game}", GAMES[game].name, SIMULATION)


def table_activity(table: Table) -> Activity:
    """A training table of the school."""
    return Activity(f"tables/{table.pk}/", table.name, SIMULATION)


def round_activity(attempt: Attempt) -> Activity:
    """One round dealt to one trainee: its page at the school."""
    return Activity(f"rounds/{attempt.pk}/", f"Round {attempt.pk} at {attempt.table.name}", ATTEMPT)


def clause_activity(citation: Citation) -> Activity:
    """A clause of the regulation (or a house rule) as the clause catalogue cites it."""
    return Activity(f"xapi/clauses/{quote(citation.clause, safe='')}", citation.clause, OBJECTIVE)


def actor(trainee: User) -> Json:
    """The trainee as an account at the school: the username only, no e-mail address and no name."""
    return {"objectType": "Agent", "account": {"homePage": settings.SCHOOL_URL, "name": trainee.username}}


def duration(milliseconds: int) -> str:
    """A time as an ISO 8601 duration to the hundredth of a second, as xAPI keeps it.

    >>> duration(4_257), duration(61_000)
    ('PT4.25S', 'PT61.00S')
    """
    return f"PT{milliseconds // 1000}.{milliseconds % 1000 // 10:02d}S"


def statement(
    *, trainee: User, verb: Verb, activity: Activity, result: Json, context: Json, timestamp: datetime
) -> Json:
    """An xAPI statement with a new id: the trainee did (verb) the activity, with this result, in this context."""
    return {
        "id": str(uuid.uuid4()),
        "actor": actor(trainee),
        "verb": verb.to_json(),
        "object": activity.to_json(),
        "result": result,
        "context": {"platform": "Dealer school", "language": "en-US", **context},
        "timestamp": timestamp.isoformat(),
    }


def round_context(attempt: Attempt, parent: list[Activity], other: list[Activity], extensions: Json) -> Json:
    """A context in the attempt: its registration (one per round), parent and other activities, the game, the mode."""
    registration = uuid.uuid5(uuid.NAMESPACE_URL, school_address(f"rounds/{attempt.pk}/"))
    activities: Json = {
        "parent": [activity.to_json() for activity in parent],
        "grouping": [game_activity(attempt.table.game).to_json()],
    }
    if other:
        activities["other"] = [activity.to_json() for activity in other]
    return {
        "registration": str(registration),
        "contextActivities": activities,
        "extensions": {extension("mode"): attempt.mode, **extensions},
    }


def citation_json(citation: Citation) -> Json:
    """A clause's citation as the school's extension holds it: the clause, its provenance and its text."""
    return {"clause": citation.clause, "provenance": citation.provenance.value, "text": citation.text}


def step_statement(attempt: Attempt, graded: GradedStep, step_number: int, timestamp: datetime) -> Json:
    """The trainee answered the step asked of them (right or wrong), citing the clause and its provenance.

    The activity is the step the round asked for; the response is the step taken. A wrong step's result adds its
    severity, error code and the expected step's name (never its arguments). A step the trainee left out, which the
    table performed (omitted), has no response.
    """
    asked = graded.expected_step or graded.step
    response = {} if graded.omitted else {"response": graded.step}
    result: Json = {"success": graded.correct, **response, "duration": duration(graded.elapsed_ms)}
    if not graded.correct:
        result["extensions"] = {
            extension("severity"): None if graded.severity is None else graded.severity.value,
            extension("error-code"): None if graded.code is None else graded.code.value,
            extension("expected-step"): graded.expected_step,
        }
    context = round_context(
        attempt,
        [round_activity(attempt), table_activity(attempt.table)],
        [clause_activity(graded.citation)],
        {extension("citation"): citation_json(graded.citation), extension("step-number"): step_number},
    )
    return statement(
        trainee=attempt.trainee,
        verb=ANSWERED,
        activity=step_activity(attempt.table.game, asked),
        result=result,
        context=context,
        timestamp=timestamp,
    )


def pace_extension(paces: list[Pace]) -> Json:
    """The result's extension of its pace: each game's rounds, dealing time, rounds per hour and the house standard.

    Rounds per hour are cut to one decimal as the pages show them, null without a figure; the standard is the
    school's for the game now, and ``standard_met`` says whether the exact pace reaches it (null without a figure).
    """
    standards = school_pace_standards()
    games = []
    for pace in paces:
        rate = pace.per_hour
        games.append(
            {
                "game": pace.game,
                "rounds": pace.rounds,
                "dealing_ms": pace.dealing_ms,
                "rounds_per_hour": None if rate is None else float(per_hour_text(rate)),
                "standard": standards[pace.game],
                "standard_met": pace.meets(standards[pace.game]),
            }
        )
    return {extension("rounds-per-hour"): games}


def result_statement(
    *,
    trainee: User,
    activity: Activity,
    passed: bool,
    scaled: Fraction,
    duration_ms: int,
    paces: list[Pace],
    context: Json,
    timestamp: datetime,
) -> Json:
    """The trainee passed or failed an assessed activity (a round, an exam): a score from 0 to 1, time, pace."""
    result: Json = {
        "success": passed,
        "completion": True,
        "score": {"scaled": float(round(scaled, 4))},
        "duration": duration(duration_ms),
        "extensions": pace_extension(paces),
    }
    verb = PASSED if passed else FAILED
    return statement(trainee=trainee, verb=verb, activity=activity, result=result, context=context, timestamp=timestamp)


def round_result_statement(attempt: Attempt, card: ScoreCard, timestamp: datetime) -> Json:
    """The trainee passed or failed the round by its pass rule, scored by first-attempt accuracy."""
    return result_statement(
        trainee=attempt.trainee,
        activity=round_activity(attempt),
        passed=card.passed,
        scaled=card.accuracy,
        duration_ms=card.total_ms,
        paces=[Pace(attempt.table.game, 1, card.total_ms)],
        context=round_context(attempt, [table_activity(attempt.table)], [], {}),
        timestamp=timestamp,
    )


def outbox_row(queued: Json, now: datetime, exam_round: int | None = None) -> dict[str, Any]:
    """The outbox row (:class:`~xapi.models.QueuedStatement`) of a statement queued now.

    It is due at once, unless it reports a step of ``exam_round``: then it waits until that round is over.
    """
    return {
        "id": uuid.UUID(str(queued["id"])),
        "statement": queued,
        "queued_at": now,
        "next_try_at": now,
        "tries": 0,
        "last_error": "",
        "exam_round_id": exam_round,
    }


def queue(queued: Json, now: datetime) -> None:
    """Queue a statement in the outbox, in the caller's transaction (an exam's result is queued with its record)."""
    QueuedStatement.objects.create(**outbox_row(queued, now))
