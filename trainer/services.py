"""Orchestration of the training tables: deal a round, apply a trainee's step, resume, validate, list attempts.

The server is authoritative. Rounds are loaded and committed through the round store (:mod:`trainer.round_store`);
every step is graded (:mod:`grading.scoring`) and committed in one transaction before anyone is answered.

Nothing here returns hidden information: a :class:`TableSnapshot` holds only the round's public ``table_view()``
and the descriptions of steps already performed.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Protocol

from django.conf import settings
from django.contrib.auth.models import User
from django.db import IntegrityError
from django.db.models import Q, QuerySet
from django.utils import timezone

from core.roles import Role, SchoolUser, is_school_administrator
from grading.scoring import GradedStep, grade_step
from simulator.core.procedure import Round
from simulator.core.wager_phase import ChipCountMismatch
from simulator.games import GAMES, Game
from simulator.notation import save_round
from simulator.scenarios import ScenarioSpec, deal_scenario
from simulator.table_deals import TableDeal
from trainer.controls import FLOORPERSON_STEPS, StepFrame, dealer_steps_of
from trainer.meters import install_meters, table_meters
from trainer.models import Attempt, Floorperson, Mode, Table
from trainer.round_store import (
    CacheBehind,
    LiveAttempt,
    at_the_table,
    attempt_lock,
    attempts_at_tables,
    cached_attempt,
    clock_of,
    commit_step,
    forget_round,
    live_attempt,
    live_round,
    locked_attempt,
    move_clock,
    remember_dealt,
    take_cached_step,
    writing,
)
from trainer.sittings import sat_for_other_cohorts
from trainer.snapshots import AnyTableSnapshot, Viewer, snapshot_of, validation_seat
from trainer.submission_answers import filed_rules, school_graded


class Notice(StrEnum):
    """Why a frame changed nothing although it was readable."""

    DUPLICATE = "That step was already received; here is the table as it stands."
    OUT_OF_SEQUENCE = "Your table was out of date; here it is as it stands. Please take the step again."
    FINISHED = "This round is over."
    NOT_YOURS = "Only the trainee dealing this round takes its steps."
    NO_VALIDATION = "There is no payout waiting for a floorperson's validation at this table."
    WRONG_VALIDATION = "That is not the payout waiting for validation."


@dataclass(frozen=True)
class StepReply:
    """The answer to a frame: the table as it now stands, the grade of the step (if one was graded) or a notice."""

    snapshot: AnyTableSnapshot
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
    """The table's next round with simulated players, its meters and rack's chips carried from the last, not yet stored.

    ``force_mystery_hit`` forces the table's progressive: the Mystery Bonus, or Match the Dealer's meter award.
    ``force_progressive_win`` forces, at Pai Gow Poker only, a Progressive Payout win on a player's own hand.
    """
    game = GAMES[table.game]
    deal = TableDeal(
        rules=filed_rules(table.game, table.rules),
        seed=seed_value,
        automations=table_automations(table, game),
        carried_meters=table_meters(table.pk),
        carried_chips=table.chip_inventory,
        round_number=table.rounds_dealt,
        force_mystery_hit=force_mystery_hit,
        force_progressive_win=force_progressive_win,
        chip_count_mismatch=ChipCountMismatch(settings.CHIP_COUNT_MISMATCH),
    )
    return game.deal(deal)


def start_round(
    trainee: User,
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
    return _store_dealt(trainee, table, mode, round_)


class DealtVersion(Protocol):
    """A scenario version as the tables deal it: its row's id, its table once published, its engine description.

    The scenarios app, above the tables, holds the model (``scenarios.models.ScenarioVersion``).
    """

    pk: Any

    @property
    def table(self) -> Table | None:
        """The version's table; None until it is published."""

    def engine_spec(self) -> ScenarioSpec:
        """The version as the engine deals it."""


def start_scenario_round(
    trainee: User,
    version: DealtVersion,
    round_number: int,
    *,
    seed_value: int | None = None,
    mode: Mode | None = None,
) -> Attempt:
    """Deal round ``round_number`` of a published scenario version at its table, in the scenario's mode unless named.

    A scenario run (:mod:`scenarios.scenario_runs`) or an exam sitting names the round. The attempt keeps the version
    it was dealt from.
    """
    table = version.table
    if table is None:
        raise ValueError(f"{version} is not published.")
    spec = version.engine_spec()
    seed_value = secrets.randbits(63) if seed_value is None else seed_value
    mismatch = ChipCountMismatch(settings.CHIP_COUNT_MISMATCH)
    round_ = deal_scenario(spec, seed_value, round_number, table_meters(table.pk), mismatch)
    return _store_dealt(trainee, table, Mode(spec.mode) if mode is None else mode, round_, version)


def _store_dealt(
    trainee: User, table: Table, mode: Mode, round_: Round, version: DealtVersion | None = None
) -> Attempt:
    """Perform the round's automated opening steps and store it as the trainee's attempt, with the table's pass rule.

    The attempt keeps the table's pass rule and target times as they stand now, so a later edit of the table never
    changes the round's result. The table gets any meter the round plays that it lacks, and the round changes the
    table's meters from its first step on, the automated opening steps included.
    """
    with writing():
        # The attempt first: its row refers to the table's before the meters are locked, the order a step takes.
        attempt = Attempt.objects.create(
            trainee=trainee,
            table=table,
            mode=mode,
            log={},
            pass_rule=table.pass_rule().to_json(),
            skill_targets=table.skill_targets,
            scenario_version_id=None if version is None else version.pk,
        )
        install_meters(table.pk, round_)
        at_the_table(attempt, round_)
        round_.advance()
        attempt.log = save_round(round_)
        attempt.save(update_fields=["log"])
    remember_dealt(attempt, round_)
    return attempt


# ----- who may see and act -----


def viewer_of(attempt: Attempt, user: SchoolUser) -> Viewer | None:
    """The user's part at this attempt: its trainee, a watching instructor, or nobody (None).

    An instructor watches the trainees of the cohorts they teach, but not a round another cohort's exam dealt; a school
    administrator watches anyone. One query, and for an instructor at an exam round the round's sitting.
    """
    if not user.is_authenticated:
        return None
    if attempt.trainee_id == user.pk:
        return Viewer.TRAINEE
    watches = Q(groups__name=Role.SCHOOL_ADMINISTRATOR) | Q(
        groups__name=Role.INSTRUCTOR, cohorts_taught__trainees=attempt.trainee_id
    )
    if not (user.is_superuser or User.objects.filter(watches, pk=user.pk).exists()):
        return None
    if attempt.mode == Mode.EXAM and not is_school_administrator(user):
        return None if sat_for_other_cohorts(user, Attempt.objects.filter(pk=attempt.pk)) else Viewer.INSTRUCTOR
    return Viewer.INSTRUCTOR


def viewable_attempt(attempt_id: int, user: SchoolUser) -> tuple[Attempt, Viewer] | None:
    """The attempt and the user's part at it, or None when it does not exist or is not the user's to see."""
    attempt = attempts_at_tables().filter(pk=attempt_id).first()
    if attempt is None:
        return None
    viewer = viewer_of(attempt, user)
    return None if viewer is None else (attempt, viewer)


def dealer_steps(attempt: Attempt) -> frozenset[str]:
    """The dealer steps of the attempt's game that a trainee may send."""
    return dealer_steps_of(GAMES[attempt.table.game], live_round(attempt).step_names())


# ----- the table as it stands -----


def table_snapshot(attempt: Attempt) -> AnyTableSnapshot:
    """The attempt's table as it stands, for a page load or a (re)connection."""
    with attempt_lock(attempt.pk):
        return snapshot_of(live_attempt(attempt))


# ----- acting at the table -----


def _elapsed_ms(attempt: Attempt) -> int:
    """The whole milliseconds the trainee had the current step before them (:mod:`grading.step_clock`)."""
    return clock_of(attempt).step_taken(timezone.now())


def time_the_step(attempt_id: int, user: SchoolUser, running: bool) -> None:
    """Start the clock of the trainee's current step (their table shown, a dialog closed) or stop it; not another's."""
    if Attempt.objects.filter(pk=attempt_id, trainee_id=user.pk).exists():
        move_clock(attempt_id, running)


def _refusal(attempt: Attempt, sequence: int) -> Notice | None:
    """Why a frame must change nothing: the round is over, or the frame is a repeat or out of date."""
    if attempt.finished:
        return Notice.FINISHED
    if sequence <= attempt.last_sequence:
        return Notice.DUPLICATE
    if sequence != attempt.last_sequence + 1:
        return Notice.OUT_OF_SEQUENCE
    return None


def _grade(live: LiveAttempt, frame: StepFrame) -> GradedStep:
    """Grade the trainee's step on the round, which performs it when it is right.

    While a payout waits for an instructor's validation, a step is graded as in practice so the engine never
    validates in the instructor's place.
    """
    attempt = live.attempt
    waiting = validation_seat(attempt, live.round) is not None
    mode = Mode.PRACTICE if waiting else Mode(attempt.mode)
    return school_graded(grade_step(live.round, frame.step, frame.arguments, mode, _elapsed_ms(attempt)))


def _on_cached_round(attempt_id: int, user: SchoolUser, frame: StepFrame) -> StepReply | None:
    """The trainee's step taken on the cached round, or a repeated frame refused on it; None if the cache cannot serve.

    The next step is graded inside the transaction that commits it, so a step that changes a table's meter changes
    it in the step's own transaction; it is written with no read of the row. A repeated frame, or one after the round
    is over, needs neither a read nor the writer's turn, since the database's frame number is never behind the
    cache's nor a round over in the cache open there: a socket repeating a frame (a double click, or a flood until
    the socket is closed) does not hold up other tables' steps. A frame ahead of the cache may be the next step in
    the database (another process took the steps between), so the row is read for it.
    """
    live = cached_attempt(attempt_id)
    if live is None or live.attempt.trainee_id != user.pk:
        return None
    notice = _refusal(live.attempt, frame.sequence)
    if notice in (Notice.DUPLICATE, Notice.FINISHED):
        return StepReply(snapshot_of(live), notice=notice)
    if notice is not None:
        return None
    try:
        graded = take_cached_step(live, frame.sequence, lambda: _grade(live, frame))
    except CacheBehind:
        forget_round(attempt_id)
        return None
    return StepReply(snapshot_of(live), graded=graded)


def apply_step(attempt_id: int, user: SchoolUser, frame: StepFrame) -> StepReply:
    """The trainee's step taken, or refused as a repeat when another process committed the same frame first.

    Two tabs on two server processes may send one frame at once: the one whose writes meet the other's, committed
    first, takes it again on the round as the database now holds it, where it is a repeat.
    """
    try:
        return _take_step(attempt_id, user, frame)
    except IntegrityError:
        return _take_step(attempt_id, user, frame)


def _take_step(attempt_id: int, user: SchoolUser, frame: StepFrame) -> StepReply:
    """Grade and apply the trainee's step, commit it, and return the table as it now stands.

    The cached round takes the step if it can, or refuses a repeated frame; otherwise (nothing cached, the database
    has moved on, or the frame is out of date ahead of the cache) the row is read and locked. A repeated or
    out-of-date frame, or any frame after the round is over, changes nothing. If anything fails before the commit
    is through, the cached round is dropped.
    """
    with attempt_lock(attempt_id):
        try:
            if (reply := _on_cached_round(attempt_id, user, frame)) is not None:
                return reply
            with writing():
                live = locked_attempt(attempt_id)
                attempt = live.attempt
                if attempt.trainee_id != user.pk:
                    return StepReply(snapshot_of(live), notice=Notice.NOT_YOURS)
                notice = _refusal(attempt, frame.sequence)
                if notice is not None:
                    return StepReply(snapshot_of(live), notice=notice)
                graded = _grade(live, frame)
                commit_step(live, frame.sequence, graded)
            return StepReply(snapshot_of(live), graded=graded)
        except BaseException:
            forget_round(attempt_id)
            raise


def validate_payout(attempt_id: int, user: SchoolUser, frame: StepFrame) -> StepReply:
    """An instructor, as floorperson, validates the payout the round is waiting for; nobody else may."""
    with attempt_lock(attempt_id):
        try:
            with writing():
                live = locked_attempt(attempt_id)
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
                commit_step(live, frame.sequence, None)
            return StepReply(snapshot_of(live))
        except BaseException:
            forget_round(attempt_id)
            raise


# ----- lists -----


def open_tables() -> QuerySet[Table]:
    """The tables a round can be dealt at (games the school knows how to deal); a scenario's table is its own."""
    return Table.objects.filter(game__in=GAMES, scenario_version__isnull=True).order_by("pk")


def attempts_of(trainee: User) -> QuerySet[Attempt]:
    """A trainee's attempts, newest first, with their tables."""
    return Attempt.objects.filter(trainee=trainee).select_related("table")


def live_attempts() -> QuerySet[Attempt]:
    """Rounds being dealt now, for instructors to watch, newest first."""
    return Attempt.objects.filter(finished_at__isnull=True).select_related("table", "trainee")
