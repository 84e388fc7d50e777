"""Watching a round: deal it with faults seeded, show its steps one by one, take the flags, score them at the end.

The server is the clock: it times each step shown and each flag raised (milliseconds after the round started), so a
flag names the step on the felt when it reached the server, never one the page says. A flag for a step not shown,
a flood of flags, a flag after the round ended or a bad field is a :class:`WatchError` that changes nothing.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Collection
from dataclasses import dataclass
from datetime import datetime

from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone

from core.school_profile import school_pace_standards
from grading.pace import HOUR_MS
from grading.scoring import SEVERITIES, Severity
from simulator.core.clauses import CLAUSES
from simulator.core.json_values import JsonValue
from simulator.games import GAMES
from simulator.notation import deal_saved, save_round
from simulator.scenarios import MAX_FAULTS, ScenarioSpec
from simulator.surveillance.catalogue import FaultKind
from simulator.surveillance.flags import MAX_FLAGS, FlagScore, read_flags, score_flags
from simulator.surveillance.scenarios import deal_watch, watch_part
from simulator.surveillance.watching import SeededFault, WatchedRound, choose_faults, replay_watched, watch, watched_log
from simulator.table_deals import TableDeal
from surveillance.models import WatchedRound as WatchedRecord
from surveillance.pages import seated, table_felt
from surveillance.sittings import held_debrief
from surveillance.statements import watched_statement
from trainer.models import Table
from trainer.submission_answers import filed_rules
from xapi import statements


class WatchError(ValueError):
    """A step, flag or ending the watched round refuses, in words the trainee reads; nothing was changed."""


def deal_watched(
    table: Table, seed: int, rng: random.Random, count: int | None = None, kinds: Collection[FaultKind] | None = None
) -> WatchedRound:
    """The table's round dealt from ``seed`` and played right by the engine, ``count`` faults (else 0 to 3) seeded."""
    game = GAMES[table.game]
    round_ = game.deal(TableDeal(rules=filed_rules(table.game, table.rules), seed=seed, automations=game.automations))
    count = rng.randint(0, MAX_FAULTS) if count is None else count
    return watch(round_, choose_faults(deal_saved(save_round(round_)), count, rng, kinds))


def step_seconds(game: str, operations: int) -> int:
    """The seconds a step takes at the table's pace: the school's rounds an hour at the game, shared by its steps.

    The pace standard (:mod:`core.pace_standards`, a house setting) gives a round's time; the round's operations,
    played right, share it (a fault's extra step does not change it, so the pace says nothing of faults). At least a
    second.
    """
    return max(1, round(HOUR_MS / (school_pace_standards()[game] * operations) / 1000))


def start_watch(
    trainee: User, table: Table, *, count: int | None = None, kinds: Collection[FaultKind] | None = None
) -> WatchedRecord:
    """Deal a watched round at the table for the trainee, its first step shown, played at the table's pace.

    The seed and faults come from ``secrets``.
    """
    watched = deal_watched(table, secrets.randbits(63), random.Random(secrets.randbits(63)), count, kinds)
    pace = step_seconds(table.game, len(watched.round.operations))
    return WatchedRecord.objects.create(
        trainee=trainee, table=table, log=watched_log(watched), shown_ms=[0], pace_seconds=pace
    )


def recent_watches(trainee: User, since: datetime, limit: int) -> list[datetime]:
    """When the trainee started their latest watched rounds after ``since``, at most ``limit``: the dealing limit's."""
    recent = WatchedRecord.objects.filter(trainee=trainee, started_at__gt=since).order_by("-started_at")
    return list(recent.values_list("started_at", flat=True)[:limit])


def start_scenario_watch(trainee: User, table: Table, spec: ScenarioSpec, number: int) -> WatchedRecord:
    """Deal round ``number`` of a watch scenario at its table, with its faults and pace; the seeds from ``secrets``."""
    watched = deal_watch(spec, secrets.randbits(63), number, random.Random(secrets.randbits(63)))
    pace = watch_part(spec).pace_seconds
    return WatchedRecord.objects.create(
        trainee=trainee, table=table, log=watched_log(watched), shown_ms=[0], pace_seconds=pace
    )


def replayed(record: WatchedRecord) -> WatchedRound:
    """The watched round played again from its log, server side."""
    return replay_watched(record.log)


def elapsed_ms(record: WatchedRecord, now: datetime) -> int:
    """Milliseconds from the round's start to ``now`` on the server's clock."""
    return max(0, int((now - record.started_at).total_seconds() * 1000))


def locked(record_id: int) -> WatchedRecord:
    """The watched round's row, locked until the transaction ends."""
    return WatchedRecord.objects.select_for_update().get(pk=record_id)


def refuse_when_over(record: WatchedRecord) -> None:
    """A round whose debrief is out takes no more steps or flags."""
    if record.finished:
        raise WatchError("This round is over and scored: see its debrief.")


def show_next(record_id: int, seen: int) -> tuple[WatchedRecord, WatchedRound]:
    """Show the step after ``seen`` steps, timed now; a repeated or out-of-date request shows nothing more."""
    with transaction.atomic():
        record = locked(record_id)
        refuse_when_over(record)
        watched = replayed(record)
        if seen == record.shown < len(watched.steps):
            record.shown += 1
            record.shown_ms = [*record.shown_ms, elapsed_ms(record, timezone.now())]
            record.save(update_fields=["shown", "shown_ms"])
        return record, watched


def clause_named(text: str) -> str | None:
    """The clause a flag names, as typed ("645b.2(f)" or "§645b.2(f)"); None when left empty; WatchError unknown."""
    text = text.strip()
    if not text:
        return None
    for clause in (text, f"§{text}"):
        if clause in CLAUSES:
            return clause
    raise WatchError(f"{text[:60]!r} is not a clause of the catalogue: write it as §645b.2(f), or leave it empty.")


def whole_number(text: str, name: str) -> int:
    """A form's whole number (ASCII digits, at most two); WatchError naming the field."""
    if not (text.isascii() and text.isdigit() and len(text) <= 2):
        raise WatchError(f"Choose the {name} from the list.")
    return int(text)


def raise_flag(record_id: int, place: str, kind: str, clause: str) -> WatchedRecord:
    """Add a flag at the step on the felt now, timed now; WatchError for a bad field, a flood or a round over.

    A flag names the dealer's place (0) or a seat a player sits at on the felt, as the flag form offers them.
    """
    with transaction.atomic():
        record = locked(record_id)
        refuse_when_over(record)
        if len(record.flags) >= MAX_FLAGS:
            raise WatchError(f"A round takes at most {MAX_FLAGS} flags: you have raised them all.")
        flag: dict[str, JsonValue] = {
            "step": record.shown,
            "place": whole_number(place, "place"),
            "kind": kind,
            "clause": clause_named(clause),
            "ms": elapsed_ms(record, timezone.now()),
        }
        try:
            read_flags([*record.flags, flag], record.shown)
        except ValueError as error:
            raise WatchError(str(error)) from error
        if flag["place"] not in (0, *seated(table_felt(record, replayed(record), record.shown))):
            raise WatchError(f"No player sits at seat {flag['place']}: choose the place from the list.")
        record.flags = [*record.flags, flag]
        record.save(update_fields=["flags"])
        return record


def scored(record: WatchedRecord, watched: WatchedRound) -> FlagScore:
    """The record's flags scored against its round's faults, timed by the server."""
    return score_flags(watched.faults, read_flags(record.flags, record.shown), record.shown_ms)


def finish_watch(record_id: int) -> WatchedRecord:
    """End the round once its last step is shown: score the flags and keep the totals and the clauses missed.

    Its xAPI statement, which names the clauses missed, is queued now; an exam's, once its sitting is decided.
    """
    with transaction.atomic():
        record = locked(record_id)
        refuse_when_over(record)
        watched = replayed(record)
        if record.shown < len(watched.steps):
            raise WatchError("Watch the round to its last step before you end it.")
        score = scored(record, watched)
        record.score = {
            **score.totals(),
            "faults": len(watched.faults),
            "missed_clauses": [fault.citation.clause for fault in score.missed],
            "delays_ms": [catch.delay_ms for catch in score.caught if catch.delay_ms is not None],
        }
        record.finished_at = timezone.now()
        record.save(update_fields=["score", "finished_at"])
        if statements.enabled() and held_debrief(record.pk) is None:
            statements.queue(watched_statement(record), record.finished_at)
        return record


@dataclass(frozen=True)
class ExamTally:
    """A watched round as an exam sitting counts it beside its dealt rounds (``grading.scoring.CombinedResult``).

    Each fault seeded is a step and each false flag a step: a fault caught is right, a fault missed and a false flag
    are wrong, and a missed fault whose error (the one the grader gives a dealer for it) is critical is a critical
    error. A watched round's steps are shown at its pace, not taken by the trainee, so it adds no time.
    """

    steps: int
    correct: int
    critical_errors: int
    total_ms: int = 0


def critical(fault: SeededFault) -> bool:
    """Whether missing the fault is a critical error: its error's severity; a card seen face up has no error."""
    return fault.code is not None and SEVERITIES[fault.code][0] is Severity.CRITICAL


def exam_tally(record: WatchedRecord) -> ExamTally:
    """The finished watched round's flags scored against its faults, as an exam sitting counts them."""
    watched = replayed(record)
    score = scored(record, watched)
    steps = len(watched.faults) + len(score.false_flags)
    return ExamTally(steps, len(score.caught), sum(map(critical, score.missed)))
