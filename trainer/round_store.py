"""The round store: the one seam between a table's socket and the database (load a live round, commit a step).

A round lives in the database as its log as dealt (``simulator.notation.save_round``) followed by one row per
step (:class:`~trainer.models.Step`, the operations it performed and its grade) and, while it is being dealt,
in this process's memory, rebuilt by replaying the log whenever the cached copy is missing or behind the
database. What exists only for speed lives in :mod:`trainer.speed` (the live-round cache
and the plain-SQL step writes) and serves behind :func:`live_attempt`,
:func:`commit_step`, :func:`take_cached_step` and :func:`writing` while ``settings.ROUND_STORE`` is "cached" (the
default). The plain store (``DJANGO_ROUND_STORE=plain``) keeps nothing in memory and writes through the ORM, one
transaction a step; a test deals the same rounds through both and finds the same rows.

A step on a cached round is written without reading the row first: the write names the frame number the cache
holds, and if the database has moved on it writes nothing (:class:`CacheBehind`), the cache is dropped and the
step is taken again on the row as the database holds it.

A live round changes its table's meters in place, in the database, inside its steps' transactions
(:mod:`trainer.meters`); a finished round writes back to its table only the count of rounds dealt and, at a table
taking cash, its rack's chips for the next round.
"""

from __future__ import annotations

import copy
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, NamedTuple

from django.conf import settings
from django.db import transaction
from django.db.models import F, QuerySet
from django.utils import timezone

from grading.scoring import GradedStep, PassRule, ScoreCard, one_by_one
from grading.step_clock import StepClock
from simulator.core.json_values import JsonValue
from simulator.core.procedure import Actor, Operation, Round
from simulator.core.table_cash import TableCashMixin
from simulator.notation import operations_since, replay_round
from trainer.meters import TableMeters
from trainer.models import Attempt, Step, Table
from trainer.speed.round_cache import LiveRounds
from trainer.speed.sql_writes import IN_SQL
from trainer.step_listeners import CommittedStep, rows_of
from trainer.step_writes import WITH_ORM, StepWrites

ROUND_CACHE_SIZE = 1000


class LogEntry(NamedTuple):
    """A performed step as everyone at the table saw it: number, who did it and what.

    (A named tuple: every frame carries the whole log and compares it with the log the connection has shown.)
    """

    number: int
    actor: str
    description: str


def log_entry(operation: Operation, omitted: bool) -> LogEntry:
    """A performed step as the table log shows it; one the trainee left out (``omitted``) as the table's."""
    action = operation.action
    if omitted:
        return LogEntry(operation.number, Actor.SYSTEM.value, f"Omitted: {action.description} — performed by the table")
    return LogEntry(operation.number, action.actor.value, action.description)


@dataclass
class LiveAttempt:
    """An attempt as this process holds it: the row, the round and the graded steps, as committed at a frame number.

    ``sequence`` is the attempt's ``last_sequence`` and ``operations`` the length of the round's log when they
    were last committed (or read); the entry serves only while the database and the round still agree with both.
    ``attempt`` is the row as last read or written (its log read only where needed), ``log`` the round's log as
    dealt. Whoever reads or changes it holds :func:`attempt_lock`.
    """

    attempt: Attempt
    round: Round
    log: dict[str, JsonValue]
    graded_steps: list[GradedStep]
    sequence: int
    operations: int
    table_log_entries: tuple[LogEntry, ...] = field(default=(), init=False)
    """The table log as :meth:`table_log` last wrote it out; each later call adds only the operations since."""

    @cached_property
    def pass_rule(self) -> PassRule:
        """The rule the round is graded under, as the attempt kept it when dealt: read once (it never changes)."""
        return PassRule.from_json(self.attempt.pass_rule)

    def holds(self, attempt: Attempt) -> bool:
        """Whether this is the attempt as the database holds it: same frame number, nothing performed since."""
        return self.sequence == attempt.last_sequence and len(self.round.operations) == self.operations

    def table_log(self) -> tuple[LogEntry, ...]:
        """The table log: every operation the round has performed, as everyone at the table saw it.

        A step the trainee left out in an exam is the table's: "Omitted: <the step> — performed by the table".
        """
        operations, written = self.round.operations, len(self.table_log_entries)
        if written < len(operations):
            omitted = {step.number for step in self.graded_steps if step.omitted}
            self.table_log_entries += tuple(
                log_entry(operation, operation.number in omitted) for operation in operations[written:]
            )
        return self.table_log_entries


_live_rounds = LiveRounds[LiveAttempt](ROUND_CACHE_SIZE)
ATTEMPT_LOCK_STRIPES = 256
_attempt_locks = tuple(threading.RLock() for _ in range(ATTEMPT_LOCK_STRIPES))
_one_writer = threading.Lock()


def cached() -> bool:
    """Whether the cached store serves (settings.ROUND_STORE), rather than the plain one: no memory, ORM writes."""
    return bool(settings.ROUND_STORE == "cached")


def writes() -> StepWrites:
    """How the serving store reads and writes a step's rows: plain SQL for the cached one, the ORM for the plain."""
    return IN_SQL if cached() else WITH_ORM


def attempt_lock(attempt_id: int) -> threading.RLock:
    """The lock held to read or change an attempt's live round: one thread at a time per attempt in this process.

    Attempts share the locks by their id modulo :data:`ATTEMPT_LOCK_STRIPES`, so the locks take fixed memory.
    Take it before :func:`writing`, never inside it.
    """
    return _attempt_locks[attempt_id % ATTEMPT_LOCK_STRIPES]


@contextmanager
def writing() -> Iterator[None]:
    """A transaction that writes, one at a time in this process.

    Steps run on several threads so that one step's commit, waiting for the disk, does not hold up the next
    step's grading; their writes queue here rather than in SQLite's busy-wait, which sleeps in milliseconds.
    """
    with _one_writer, transaction.atomic():
        yield


def take_cached_step(live: LiveAttempt, sequence: int, grade: Callable[[], GradedStep]) -> GradedStep:
    """Grade a step on a cached round and commit it, in one transaction.

    A step that changes a table's meter changes it in its own transaction (:mod:`trainer.meters`). Raises
    :class:`CacheBehind` like :func:`commit_step`, having written nothing of this step; the round may have been
    changed by then.
    """
    with writing():
        graded = grade()
        commit_step(live, sequence, graded)
    return graded


def remember(attempt_id: int, live: LiveAttempt) -> None:
    """Keep a live attempt in memory, forgetting the least recently used beyond the cache size; not when plain."""
    if cached():
        _live_rounds.hold(attempt_id, live)


def remember_dealt(attempt: Attempt, round_: Round) -> None:
    """Hold a round just dealt and stored as ``attempt``, before its first step (a copy of the row is kept)."""
    live = LiveAttempt(copy.copy(attempt), round_, attempt.log, [], attempt.last_sequence, len(round_.operations))
    remember(attempt.pk, live)


def forget_round(attempt_id: int) -> None:
    """Drop a live round from memory; the next use replays it from the database."""
    _live_rounds.forget(attempt_id)


def live_attempt(attempt: Attempt) -> LiveAttempt:
    """The attempt's round and graded steps as the database holds them: the cached ones if current, else read afresh.

    The round's log and its steps are read from the database only when the cache cannot serve, so an attempt
    loaded without its log (:func:`attempts_at_tables`) costs no decoding on the way of a step.
    """
    with attempt_lock(attempt.pk):
        held = cached_attempt(attempt.pk)
        if held is not None and held.holds(attempt):
            return held
        if "log" in attempt.get_deferred_fields():
            attempt.refresh_from_db(fields=["log"])
        log, grades = attempt.saved_round()
        round_ = replay_round(log)
        at_the_table(attempt, round_)
        steps = one_by_one([GradedStep.from_json(step) for step in grades])
        live = LiveAttempt(attempt, round_, attempt.log, steps, attempt.last_sequence, len(round_.operations))
        remember(attempt.pk, live)
        return live


def live_round(attempt: Attempt) -> Round:
    """The attempt's round as the database holds it: the cached object if it is current, else a replay of the log."""
    return live_attempt(attempt).round


def attempts_at_tables() -> QuerySet[Attempt]:
    """Attempts with their table and trainee, leaving out what a step does not read.

    The round's log (read only when the live cache cannot serve) and the table's rules are read only if used.
    """
    return Attempt.objects.select_related("table", "trainee").defer("log", "table__rules")


def count_round(live: LiveAttempt) -> None:
    """Count the finished round as dealt at its table (its meters changed in place as it went: trainer.meters).

    A round that takes cash leaves the table its rack moved as the round moved it, for the table's next round
    (:meth:`~simulator.core.chip_inventory.Reconciliation.carried`), under the table's row lock so that two rounds
    closing at once both count; a scenario's round opened from the float and leaves nothing.
    """
    finished: dict[str, Any] = {"rounds_dealt": F("rounds_dealt") + 1}
    tables = Table.objects.filter(pk=live.attempt.table_id)
    if isinstance(live.round, TableCashMixin) and live.attempt.scenario_version_id is None:
        held = tables.select_for_update(no_key=True).values_list("chip_inventory", flat=True).get()
        finished["chip_inventory"] = live.round.chip_inventory().carried(held)
    tables.update(**finished)


def at_the_table(attempt: Attempt, round_: Round) -> None:
    """Let the attempt's round change its table's meters in the database from its next step on."""
    round_.meters = TableMeters(attempt.table_id, attempt.pk, writes())


class CacheBehind(Exception):
    """The database has moved on from the cached round: another process took a step on the attempt."""


def commit_step(live: LiveAttempt, sequence: int, graded: GradedStep | None) -> None:
    """Move the attempt to the frame number and add the step's row (its operations and grade); score a round over.

    The attempt's write names the frame number the cache holds, so it changes nothing (and raises
    :class:`CacheBehind`) if the database has moved on; only after both writes is the cached row brought up to date.
    The rows the apps above write with a step (:mod:`trainer.step_listeners`: xAPI's statements) go in the same
    transaction, written as the step's own row is.
    """
    attempt = live.attempt
    steps = live.graded_steps if graded is None else [*live.graded_steps, *one_by_one([graded])]
    # The next step's clock starts now; it runs if the trainee just acted, else (a validation) as it was.
    running = graded is not None or attempt.step_clock_running
    columns: dict[str, Any] = {
        "last_sequence": sequence,
        **clock_columns(StepClock(0, running, timezone.now())),
    }
    score_card = None
    if live.round.finished and not attempt.finished:
        score_card = ScoreCard.from_steps(steps, live.pass_rule, attempt.skill_targets)
        columns |= {"score_card": score_card.to_json(), "finished_at": timezone.now()}
    store = writes()
    if not store.move_attempt_on(attempt.pk, live.sequence, columns):
        raise CacheBehind
    operations = operations_since(live.round, live.operations)
    grade = None if graded is None else graded.to_json()
    store.add_row(Step, {"attempt": attempt.pk, "sequence": sequence, "operations": operations, "graded": grade})
    for row in rows_of(CommittedStep(attempt, steps, graded, score_card, columns["step_started_at"])):
        store.add_row(*row)
    if score_card is not None:
        count_round(live)
    live.graded_steps = steps
    for name, value in columns.items():
        setattr(attempt, name, value)
    live.sequence, live.operations = sequence, len(live.round.operations)


def clock_of(attempt: Attempt) -> StepClock:
    """The clock of the attempt's current step as the row holds it."""
    return StepClock(attempt.step_banked_ms, attempt.step_clock_running, attempt.step_started_at)


def clock_columns(clock: StepClock) -> dict[str, Any]:
    """The attempt's columns that hold its current step's clock."""
    return {"step_banked_ms": clock.banked_ms, "step_clock_running": clock.running, "step_started_at": clock.since}


def move_clock(attempt_id: int, running: bool) -> None:
    """Start (``running``) or stop the clock of the attempt's current step, unless the round is over.

    The row is read and written in one transaction, and the cached row brought up to date, under the attempt's lock.
    """
    with attempt_lock(attempt_id):
        with writing():
            held = Attempt.objects.select_for_update(of=("self",)).filter(pk=attempt_id, finished_at__isnull=True)
            attempt = held.only("step_banked_ms", "step_clock_running", "step_started_at").first()
            if attempt is None:
                return
            now = timezone.now()
            clock = clock_of(attempt).started(now) if running else clock_of(attempt).stopped(now)
            columns = clock_columns(clock)
            Attempt.objects.filter(pk=attempt_id).update(**columns)
        if (live := cached_attempt(attempt_id)) is not None:
            for name, value in columns.items():
                setattr(live.attempt, name, value)


def locked_attempt(attempt_id: int) -> LiveAttempt:
    """The attempt as the database holds it, its row locked for the rest of the transaction and read afresh.

    PostgreSQL locks the attempt's row alone, not its table's or trainee's: a round dealt at the table locks the
    table's meters and then refers to the table as it commits, so a step holding the table would deadlock with it.
    SQLite's transactions take the lock for the whole database.
    """
    attempt = attempts_at_tables().select_for_update(of=("self",)).get(pk=attempt_id)
    live = live_attempt(attempt)
    live.attempt = attempt
    return live


def cached_attempt(attempt_id: int) -> LiveAttempt | None:
    """The attempt as last committed or read here, if still in memory (it may be behind); the plain store has none."""
    return _live_rounds.held(attempt_id) if cached() else None
