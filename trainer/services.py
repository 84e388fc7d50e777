"""Orchestration of the training tables: deal a round, apply a trainee's step, resume, validate, list attempts.

The server is authoritative. A round lives in the database as its log as dealt (``simulator.notation.save_round``)
followed by one row per step (:class:`~trainer.models.Step`, the operations it performed and its grade) and,
while it is being dealt, in this process's memory (:func:`live_round`), rebuilt by replaying the log whenever the
cached copy is missing or behind the database. Every step is graded (:mod:`trainer.scoring`) and committed in one
transaction before anyone is answered. A step on a cached round is written without reading the row first: the
write names the frame number the cache holds, and if the database has moved on it writes nothing, the cache is
dropped and the step is taken again on the row as the database holds it.

Nothing here returns hidden information: a :class:`TableSnapshot` holds only the round's public ``table_view()``
and the descriptions of steps already performed.
"""

from __future__ import annotations

import copy
import secrets
import threading
from collections import OrderedDict
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from django.contrib.auth.base_user import AbstractBaseUser
from django.contrib.auth.models import AnonymousUser
from django.db import transaction
from django.db.models import F, QuerySet
from django.utils import timezone

from simulator.games import GAMES, Game
from simulator.notation import operations_since, replay_round, save_round
from simulator.procedure import Action, Actor, JsonValue, Round
from simulator.table_deals import TableDeal
from trainer.checkpoints import keep_checkpointing
from trainer.controls import DEALER_STEPS, FLOORPERSON_STEPS, StepFrame
from trainer.models import Attempt, Floorperson, Mode, Role, Table, has_role
from trainer.scoring import GradedStep, ScoreCard, grade_step
from trainer.scoring import Mode as GradingMode
from trainer.step_writes import add_step, move_attempt_on

User = AbstractBaseUser | AnonymousUser


class Viewer(StrEnum):
    """Who is looking at an attempt: the trainee dealing it, or an instructor watching (and validating)."""

    TRAINEE = "trainee"
    INSTRUCTOR = "instructor"


class Notice(StrEnum):
    """Why a frame changed nothing although it was readable."""

    DUPLICATE = "That step was already received; here is the table as it stands."
    OUT_OF_SEQUENCE = "Your table was out of date; here it is as it stands. Please take the step again."
    FINISHED = "This round is over."
    NOT_YOURS = "Only the trainee dealing this round takes its steps."
    NO_VALIDATION = "There is no payout waiting for a floorperson's validation at this table."
    WRONG_VALIDATION = "That is not the payout waiting for validation."


@dataclass(frozen=True)
class LogEntry:
    """A performed step as everyone at the table saw it: number, who did it and what."""

    number: int
    actor: str
    description: str


@dataclass(frozen=True)
class TableSnapshot:
    """Everything a viewer may see of an attempt now; never the deck, future dice, seed or hit value."""

    attempt_id: int
    trainee: str
    table_id: int
    table_name: str
    game: str
    mode: Mode
    floorperson: Floorperson
    sequence: int
    rules: dict[str, JsonValue]
    view: dict[str, JsonValue]
    log: tuple[LogEntry, ...]
    graded_steps: tuple[GradedStep, ...]
    score_card: ScoreCard | None
    validation_seat: int | None
    validation_step: str | None
    dealer_steps: frozenset[str]

    @property
    def finished(self) -> bool:
        """Whether the round is over and scored."""
        return self.score_card is not None


@dataclass(frozen=True)
class StepReply:
    """The answer to a frame: the table as it now stands, the grade of the step (if one was graded) or a notice."""

    snapshot: TableSnapshot
    graded: GradedStep | None = None
    notice: Notice | None = None


# ----- dealing a round -----


def table_automations(table: Table, game: Game) -> frozenset[str]:
    """The steps the engine performs at this table: without the floorperson's when an instructor validates."""
    if table.floorperson == Floorperson.INSTRUCTOR:
        return game.automations - frozenset(FLOORPERSON_STEPS)
    return game.automations


def deal_round(
    table: Table, seed_value: int, *, force_mystery_hit: bool = False, force_progressive_win: bool = False
) -> Round:
    """The table's next round with simulated players, its meters carried from the last round, not yet stored.

    ``force_mystery_hit`` forces the table's progressive: the Mystery Bonus, or Match the Dealer's meter award.
    ``force_progressive_win`` forces, at Pai Gow Poker only, a Progressive Payout win on a player's own hand.
    """
    game = GAMES[table.game]
    deal = TableDeal(
        rules=table.rules,
        seed=seed_value,
        automations=table_automations(table, game),
        carried_meters=table.meter,
        round_number=table.rounds_dealt,
        force_mystery_hit=force_mystery_hit,
        force_progressive_win=force_progressive_win,
    )
    return game.deal(deal)


def start_round(
    trainee: AbstractBaseUser,
    table: Table,
    mode: Mode,
    *,
    seed_value: int | None = None,
    force_mystery_hit: bool = False,
    force_progressive_win: bool = False,
) -> Attempt:
    """Deal a new round at the table for the trainee and store it; the seed comes from ``secrets`` unless fixed."""
    seed_value = secrets.randbits(63) if seed_value is None else seed_value
    round_ = deal_round(
        table, seed_value, force_mystery_hit=force_mystery_hit, force_progressive_win=force_progressive_win
    )
    round_.advance()
    log = save_round(round_)
    attempt = Attempt.objects.create(trainee=trainee, table=table, mode=mode, log=log)
    row = copy.copy(attempt)
    _remember(attempt.pk, LiveAttempt(row, round_, log, [], attempt.last_sequence, len(round_.operations)))
    return attempt


# ----- the live round, cached in memory -----

ROUND_CACHE_SIZE = 1000


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

    def holds(self, attempt: Attempt) -> bool:
        """Whether this is the attempt as the database holds it: same frame number, nothing performed since."""
        return self.sequence == attempt.last_sequence and len(self.round.operations) == self.operations


_rounds: OrderedDict[int, LiveAttempt] = OrderedDict()
_rounds_lock = threading.Lock()

ATTEMPT_LOCK_STRIPES = 256
_attempt_locks = tuple(threading.RLock() for _ in range(ATTEMPT_LOCK_STRIPES))
_one_writer = threading.Lock()


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
    On SQLite, the first write starts the process's checkpoint thread (:mod:`trainer.checkpoints`).
    """
    keep_checkpointing()
    with _one_writer, transaction.atomic():
        yield


def _remember(attempt_id: int, live: LiveAttempt) -> None:
    """Keep a live attempt in memory, forgetting the least recently used beyond the cache size."""
    with _rounds_lock:
        _rounds[attempt_id] = live
        _rounds.move_to_end(attempt_id)
        while len(_rounds) > ROUND_CACHE_SIZE:
            _rounds.popitem(last=False)


def forget_round(attempt_id: int) -> None:
    """Drop a live round from memory; the next use replays it from the database."""
    with _rounds_lock:
        _rounds.pop(attempt_id, None)


def live_attempt(attempt: Attempt) -> LiveAttempt:
    """The attempt's round and graded steps as the database holds them: the cached ones if current, else read afresh.

    The round's log and its steps are read from the database only when the cache cannot serve, so an attempt
    loaded without its log (:func:`attempts_at_tables`) costs no decoding on the way of a step.
    """
    with attempt_lock(attempt.pk):
        with _rounds_lock:
            cached = _rounds.get(attempt.pk)
        if cached is not None and cached.holds(attempt):
            return cached
        if "log" in attempt.get_deferred_fields():
            attempt.refresh_from_db(fields=["log"])
        log, grades = attempt.saved_round()
        round_ = replay_round(log)
        steps = [GradedStep.from_json(step) for step in grades]
        live = LiveAttempt(attempt, round_, attempt.log, steps, attempt.last_sequence, len(round_.operations))
        _remember(attempt.pk, live)
        return live


def live_round(attempt: Attempt) -> Round:
    """The attempt's round as the database holds it: the cached object if it is current, else a replay of the log."""
    return live_attempt(attempt).round


# ----- who may see and act -----


def viewer_of(attempt: Attempt, user: User) -> Viewer | None:
    """The user's part at this attempt: its trainee, a watching instructor, or nobody (None)."""
    if not user.is_authenticated:
        return None
    if attempt.trainee_id == user.pk:
        return Viewer.TRAINEE
    if has_role(user, Role.INSTRUCTOR):
        return Viewer.INSTRUCTOR
    return None


def attempts_at_tables() -> QuerySet[Attempt]:
    """Attempts with their table and trainee, leaving out what a step does not read.

    The round's log (read only when the live cache cannot serve), the table's rules and its meters are read only
    if used.
    """
    return Attempt.objects.select_related("table", "trainee").defer("log", "table__rules", "table__meter")


def viewable_attempt(attempt_id: int, user: User) -> tuple[Attempt, Viewer] | None:
    """The attempt and the user's part at it, or None when it does not exist or is not the user's to see."""
    attempt = attempts_at_tables().filter(pk=attempt_id).first()
    if attempt is None:
        return None
    viewer = viewer_of(attempt, user)
    return None if viewer is None else (attempt, viewer)


def dealer_steps(attempt: Attempt) -> frozenset[str]:
    """The dealer steps of the attempt's game that a trainee may send."""
    return frozenset(DEALER_STEPS) & live_round(attempt).step_names()


# ----- the table as it stands -----


def floorperson_action(attempt: Attempt, round_: Round) -> Action | None:
    """The floorperson's step the round waits for an instructor to take (a validation, paperwork), if any."""
    expected = round_.next_action()
    if attempt.table.floorperson != Floorperson.INSTRUCTOR or expected is None:
        return None
    if expected.actor is not Actor.FLOORPERSON or expected.step not in FLOORPERSON_STEPS:
        return None
    return expected


def validation_seat(attempt: Attempt, round_: Round) -> int | None:
    """The seat whose payout waits for an instructor as floorperson, if the round is waiting for one."""
    action = floorperson_action(attempt, round_)
    if action is None:
        return None
    seat: int = action.arguments["seat"]
    return seat


def snapshot_of(live: LiveAttempt) -> TableSnapshot:
    """The attempt as anyone allowed at the table may see it now."""
    attempt, round_ = live.attempt, live.round
    view: dict[str, JsonValue] = round_.table_view()
    waiting = floorperson_action(attempt, round_)
    return TableSnapshot(
        attempt_id=attempt.pk,
        trainee=attempt.trainee.get_username(),
        table_id=attempt.table_id,
        table_name=attempt.table.name,
        game=attempt.table.game,
        mode=Mode(attempt.mode),
        floorperson=Floorperson(attempt.table.floorperson),
        sequence=attempt.last_sequence,
        rules=live.log["setup"]["rules"],
        view=view,
        log=tuple(
            LogEntry(operation.number, operation.action.actor.value, operation.action.description)
            for operation in round_.operations
        ),
        graded_steps=tuple(live.graded_steps),
        score_card=None if attempt.score_card is None else ScoreCard.from_json(attempt.score_card),
        validation_seat=None if waiting is None else waiting.arguments["seat"],
        validation_step=None if waiting is None else waiting.step,
        dealer_steps=frozenset(DEALER_STEPS) & round_.step_names(),
    )


def table_snapshot(attempt: Attempt) -> TableSnapshot:
    """The attempt's table as it stands, for a page load or a (re)connection."""
    with attempt_lock(attempt.pk):
        return snapshot_of(live_attempt(attempt))


# ----- acting at the table -----


def _elapsed_ms(attempt: Attempt) -> int:
    """The whole milliseconds since the current step was put to the trainee."""
    return max(0, int((timezone.now() - attempt.step_started_at).total_seconds() * 1000))


def _refusal(attempt: Attempt, sequence: int) -> Notice | None:
    """Why a frame must change nothing: the round is over, or the frame is a repeat or out of date."""
    if attempt.finished:
        return Notice.FINISHED
    if sequence <= attempt.last_sequence:
        return Notice.DUPLICATE
    if sequence != attempt.last_sequence + 1:
        return Notice.OUT_OF_SEQUENCE
    return None


def _carry_meter(live: LiveAttempt) -> None:
    """Carry the finished round's progressive meters to the table's next round and count the round dealt."""
    meter = live.round.carried_meters()
    Table.objects.filter(pk=live.attempt.table_id).update(meter=meter, rounds_dealt=F("rounds_dealt") + 1)


class CacheBehind(Exception):
    """The database has moved on from the cached round: another process took a step on the attempt."""


def _commit(live: LiveAttempt, sequence: int, graded: GradedStep | None) -> None:
    """Move the attempt to the frame number and add the step's row (its operations and grade); score a round over.

    The attempt's write names the frame number the cache holds, so it changes nothing (and raises
    :class:`CacheBehind`) if the database has moved on; only after both writes is the cached row brought up to date.
    """
    attempt = live.attempt
    steps = live.graded_steps if graded is None else [*live.graded_steps, graded]
    columns: dict[str, Any] = {"last_sequence": sequence, "step_started_at": timezone.now()}
    finishing = live.round.finished and not attempt.finished
    if finishing:
        columns |= {"score_card": ScoreCard.from_steps(steps).to_json(), "finished_at": timezone.now()}
    if not move_attempt_on(attempt.pk, live.sequence, columns):
        raise CacheBehind
    operations = operations_since(live.round, live.operations)
    grade = None if graded is None else graded.to_json()
    add_step({"attempt": attempt.pk, "sequence": sequence, "operations": operations, "graded": grade})
    if finishing:
        _carry_meter(live)
    live.graded_steps = steps
    for name, value in columns.items():
        setattr(attempt, name, value)
    live.sequence, live.operations = sequence, len(live.round.operations)


def _locked_attempt(attempt_id: int) -> LiveAttempt:
    """The attempt as the database holds it, its row locked for the rest of the transaction and read afresh.

    PostgreSQL locks the row; SQLite's transactions take the lock for the whole database.
    """
    attempt = attempts_at_tables().select_for_update().get(pk=attempt_id)
    live = live_attempt(attempt)
    live.attempt = attempt
    return live


def _cached_next_step(attempt_id: int, user: User, sequence: int) -> LiveAttempt | None:
    """The cached attempt if, as far as this process knows, the frame is the trainee's next step on it."""
    with _rounds_lock:
        live = _rounds.get(attempt_id)
    if live is None or live.attempt.trainee_id != user.pk or _refusal(live.attempt, sequence) is not None:
        return None
    return live


def _grade(live: LiveAttempt, frame: StepFrame) -> GradedStep:
    """Grade the trainee's step on the round, which performs it when it is right.

    While a payout waits for an instructor's validation, a step is graded as in practice so the engine never
    validates in the instructor's place.
    """
    attempt = live.attempt
    waiting = validation_seat(attempt, live.round) is not None
    mode = GradingMode.PRACTICE if waiting else GradingMode(attempt.mode)
    return grade_step(live.round, frame.step, frame.arguments, mode, _elapsed_ms(attempt))


def _step_on_cached_round(attempt_id: int, user: User, frame: StepFrame) -> StepReply | None:
    """The step graded on the cached round and written with no read of the row; None if the cache cannot take it."""
    live = _cached_next_step(attempt_id, user, frame.sequence)
    if live is None:
        return None
    graded = _grade(live, frame)
    try:
        with writing():
            _commit(live, frame.sequence, graded)
    except CacheBehind:
        forget_round(attempt_id)
        return None
    return StepReply(snapshot_of(live), graded=graded)


def apply_step(attempt_id: int, user: User, frame: StepFrame) -> StepReply:
    """Grade and apply the trainee's step, commit it, and return the table as it now stands.

    The cached round takes the step if it can; otherwise (nothing cached, the database has moved on, or the frame
    is not the next step) the row is read and locked. A repeated or out-of-date frame, or any frame after the round
    is over, changes nothing. If anything fails before the commit is through, the cached round is dropped.
    """
    with attempt_lock(attempt_id):
        try:
            if (reply := _step_on_cached_round(attempt_id, user, frame)) is not None:
                return reply
            with writing():
                live = _locked_attempt(attempt_id)
                attempt = live.attempt
                if attempt.trainee_id != user.pk:
                    return StepReply(snapshot_of(live), notice=Notice.NOT_YOURS)
                notice = _refusal(attempt, frame.sequence)
                if notice is not None:
                    return StepReply(snapshot_of(live), notice=notice)
                graded = _grade(live, frame)
                _commit(live, frame.sequence, graded)
            return StepReply(snapshot_of(live), graded=graded)
        except BaseException:
            forget_round(attempt_id)
            raise


def validate_payout(attempt_id: int, user: User, frame: StepFrame) -> StepReply:
    """An instructor, as floorperson, validates the payout the round is waiting for; nobody else may."""
    with attempt_lock(attempt_id):
        try:
            with writing():
                live = _locked_attempt(attempt_id)
                attempt, round_ = live.attempt, live.round
                if viewer_of(attempt, user) is not Viewer.INSTRUCTOR:
                    return StepReply(snapshot_of(live), notice=Notice.NOT_YOURS)
                notice = _refusal(attempt, frame.sequence)
                if notice is None and validation_seat(attempt, round_) is None:
                    notice = Notice.NO_VALIDATION
                if notice is None and not round_.can(frame.step, frame.arguments):
                    notice = Notice.WRONG_VALIDATION
                if notice is not None:
                    return StepReply(snapshot_of(live), notice=notice)
                round_.perform(frame.step, frame.arguments)
                round_.advance()
                _commit(live, frame.sequence, None)
            return StepReply(snapshot_of(live))
        except BaseException:
            forget_round(attempt_id)
            raise


# ----- lists -----


def open_tables() -> QuerySet[Table]:
    """The tables a round can be dealt at (games the school knows how to deal)."""
    return Table.objects.filter(game__in=GAMES).order_by("pk")


def attempts_of(trainee: AbstractBaseUser) -> QuerySet[Attempt]:
    """A trainee's attempts, newest first, with their tables."""
    return Attempt.objects.filter(trainee=trainee).select_related("table")


def live_attempts() -> QuerySet[Attempt]:
    """Rounds being dealt now, for instructors to watch, newest first."""
    return Attempt.objects.filter(finished_at__isnull=True).select_related("table", "trainee")
