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
import random
import secrets
import threading
from collections import OrderedDict
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from django.contrib.auth.base_user import AbstractBaseUser
from django.contrib.auth.models import AnonymousUser
from django.db import transaction
from django.db.models import F, QuerySet
from django.utils import timezone

from simulator import down_under, mystery_tables
from simulator.cards import Card
from simulator.down_under import DownUnderRound, DownUnderTable, suited_match_top
from simulator.match_the_dealer import MatchMeter
from simulator.mystery import MysteryConfiguration, MysteryMeter, MysteryRules, PaymentSource, mystery_configuration
from simulator.mystery_games import MYSTERY_GAME_LIST, MYSTERY_GAMES, MysteryGame
from simulator.mystery_tables import MysteryTableRound, rules_from_json, rules_to_json
from simulator.notation import PAI_GOW_POKER, operations_since, replay_round, save_round
from simulator.pai_gow_progressive import ProgressivePaytable
from simulator.pai_gow_round import (
    DEFAULT_AUTOMATIONS,
    MATCH_SPOTS,
    SEATS,
    PaiGowRound,
    Scenario,
    seven_card_straight_flush_scenario,
)
from simulator.pai_gow_rules import FoulRule, ShakerType, TableRules, WagerLimits
from simulator.player_styles import PlayerStyle
from simulator.procedure import Action, Actor, JsonValue, Round
from simulator.progressive import JackpotMeter
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


# ----- seating simulated players -----

PAI_GOW_MULTIPLES = (1, 2, 3, 5, 10)
SIDE_WAGER_MULTIPLES = (1, 2, 5, 10, 25)
EXTRA_SIDE_WAGER_CHANCE = 0.25
PROGRESSIVE_CHANCE = 0.6
PLAYER_STYLE_WEIGHTS = {PlayerStyle.HOUSE_WAY: 80, PlayerStyle.OWN_WAY: 14, PlayerStyle.FOUL: 6}
"""How often a simulated player sets by the house way, their own legal way, or fouls."""


def pick_wager(limits: WagerLimits, multiples: tuple[int, ...], rng: random.Random) -> int:
    """A wager within the limits: the minimum times one of ``multiples``, in whole units."""
    amounts = [limits.minimum * multiple for multiple in multiples]
    return rng.choice([amount for amount in amounts if amount <= limits.maximum and amount % limits.unit == 0])


def offered_side_spots(rules: TableRules, rng: random.Random) -> list[str]:
    """The side wagers this table offers; the Match wager on one number drawn for the round."""
    spots = []
    if rules.tiger_nine_offered:
        spots.append("tiger-9")
    if rules.fortune_paytable is not None:
        spots.append("fortune")
    if rules.sum_paytable is not None:
        spots.append("sum")
    if rules.match_offered:
        spots.append(rng.choice(MATCH_SPOTS))
    if rules.beat_it_paytable is not None:
        spots.append("beat-it")
    return spots


def pick_seats(rng: random.Random) -> list[int]:
    """Three to six occupied positions, in seat order."""
    return sorted(rng.sample(SEATS, rng.randint(3, 6)))


def pick_progressive_players(seats: list[int], rng: random.Random) -> list[int]:
    """The players who place a progressive wager: each by chance, and always at least one."""
    return [seat for seat in seats if rng.random() < PROGRESSIVE_CHANCE] or [rng.choice(seats)]


def seat_pai_gow_players(rules: TableRules, rng: random.Random) -> dict[int, dict[str, int]]:
    """Three to six players with a Pai Gow Poker wager each; every side wager offered is held by someone."""
    seats = pick_seats(rng)
    wagers = {seat: {"pai-gow": pick_wager(rules.pai_gow_limits, PAI_GOW_MULTIPLES, rng)} for seat in seats}
    for spot in offered_side_spots(rules, rng):
        holder = rng.choice(seats)
        for seat in seats:
            if seat == holder or rng.random() < EXTRA_SIDE_WAGER_CHANCE:
                wagers[seat][spot] = pick_wager(rules.side_wager_limits, SIDE_WAGER_MULTIPLES, rng)
    if rules.progressive_wager_offered:
        for seat in pick_progressive_players(seats, rng):
            wagers[seat]["progressive"] = rules.progressive_wager
    return wagers


def choose_player_styles(seats: list[int], rng: random.Random) -> dict[int, PlayerStyle]:
    """How each simulated player will set the hand: mostly the house way, sometimes their own way or a foul."""
    styles, weights = zip(*PLAYER_STYLE_WEIGHTS.items(), strict=True)
    return {seat: rng.choices(styles, weights)[0] for seat in seats}


BASE_WAGERS = (500, 1000, 1500, 2500, 5000, 10000)
"""The base wager a simulated player places at an MHB or Down Under Blackjack table, in cents ($5 to $100)."""
UNQUALIFIED_CHANCE = 0.2
"""How often a player at an MHB table with a minimum above $1 wagers $1 on a progressive, which does not qualify."""


def seat_mystery_players(game: MysteryGame, rules: MysteryRules, rng: random.Random) -> list[mystery_tables.SeatWagers]:
    """Three to six players with the game's base wager; some add its progressive wagers, the first always qualifying."""
    seats = pick_seats(rng)
    players = pick_progressive_players(seats, rng)
    positions = []
    for seat in seats:
        progressive: list[tuple[str, int]] = []
        if seat in players:
            first = game.qualifying_wager(rules.qualifying_wager) if seat == players[0] else None
            spots = [spot for spot in game.progressive_wagers if rng.random() < PROGRESSIVE_CHANCE or spot == first]
            for spot in spots or [rng.choice(game.progressive_wagers)]:
                unqualified = (
                    seat != players[0] and rules.configuration.minimum_wager > 100 and rng.random() < UNQUALIFIED_CHANCE
                )
                progressive.append((spot.name, 100 if unqualified else rules.configuration.minimum_wager))
        positions.append(mystery_tables.SeatWagers(seat, rng.choice(BASE_WAGERS), tuple(progressive)))
    return positions


def seat_down_under_players(rules: DownUnderTable, rng: random.Random) -> dict[int, down_under.SeatWagers]:
    """Three to six players with a Down Under Blackjack wager; some add the table's Match the Dealer wager."""
    seats = pick_seats(rng)
    players = pick_progressive_players(seats, rng)
    return {
        seat: down_under.SeatWagers(rng.choice(BASE_WAGERS), rules.match_wager if seat in players else 0)
        for seat in seats
    }


# ----- dealing a round -----


def table_automations(table: Table, automations: frozenset[str]) -> frozenset[str]:
    """The steps the engine performs at this table: without the floorperson's when an instructor validates."""
    if table.floorperson == Floorperson.INSTRUCTOR:
        return automations - frozenset(FLOORPERSON_STEPS)
    return automations


def fitting_mystery_meter(
    saved: dict[str, Any] | None, configuration: MysteryConfiguration | None
) -> MysteryMeter | None:
    """A saved mystery meter, if there is one and it fits the table's configuration."""
    if saved is None or configuration is None or "hit_value" not in saved:
        return None
    meter = MysteryMeter.from_json(saved)
    return meter if meter.configuration == configuration else None


def table_meter(table: Table, configuration: MysteryConfiguration | None) -> MysteryMeter | None:
    """The mystery meter an MHB game's table carries from its last round, if it fits the table's configuration."""
    return fitting_mystery_meter(table.meter, configuration)


def fitting_jackpot_meter(saved: dict[str, Any] | None, paytable: ProgressivePaytable | None) -> JackpotMeter | None:
    """A saved progressive jackpot meter, if there is one and it seeds where the table's paytable does."""
    if saved is None or paytable is None:
        return None
    meter = JackpotMeter.from_json(saved)
    return meter if meter.seed_amount == paytable.seed_amount else None


def pai_gow_meters(table: Table, rules: TableRules) -> tuple[MysteryMeter | None, JackpotMeter | None]:
    """The Mystery Bonus meter and the progressive jackpot meter a Pai Gow Poker table carries, where they fit.

    The table keeps both in its ``meter`` field under the keys ``"mystery"`` and ``"progressive"``.
    """
    saved = table.meter or {}
    mystery = fitting_mystery_meter(saved.get("mystery"), rules.mystery)
    return mystery, fitting_jackpot_meter(saved.get("progressive"), rules.progressive_paytable)


def table_match_meter(table: Table, rules: DownUnderTable) -> MatchMeter | None:
    """The Match the Dealer meter the table carries from its last round, if it fits the table's wager and reading."""
    if table.meter is None or "reserve" not in table.meter:
        return None
    meter = MatchMeter.from_json(table.meter)
    return meter if (meter.wager, meter.reading) == (rules.match_wager, rules.secondary_reading) else None


def deal_pai_gow_round(
    table: Table, seed_value: int, force_mystery_hit: bool, force_progressive_win: bool = False
) -> PaiGowRound:
    """A Pai Gow Poker round at the table with simulated players; the trainee performs every dealer step.

    ``force_progressive_win`` deals the first player with a Progressive Payout wager a 7-card straight flush
    without joker, the progressive paytable's top line.
    """
    rules = TableRules.from_json(table.rules)
    players = random.Random(seed_value)
    seats = seat_pai_gow_players(rules, players)
    styles = choose_player_styles(list(seats), players)
    scenario = Scenario(player_styles=styles, force_mystery_hit=force_mystery_hit)
    progressive = [seat for seat, wagers in seats.items() if "progressive" in wagers]
    if force_progressive_win and progressive:
        extra = {"player_styles": styles, "force_mystery_hit": force_mystery_hit}
        scenario = seven_card_straight_flush_scenario(progressive[0], rules, players, **extra)
    mystery_meter, jackpot_meter = pai_gow_meters(table, rules)
    return PaiGowRound(
        rules,
        seats,
        seed_value,
        scenario=scenario,
        round_number=table.rounds_dealt,
        meter=mystery_meter,
        progressive_meter=jackpot_meter,
        automations=table_automations(table, DEFAULT_AUTOMATIONS),
    )


MYSTERY_TABLE_AUTOMATIONS = mystery_tables.SYSTEM_STEPS | {"validate_mystery_payout"}
"""What the engine performs at an MHB table by default: the system's steps, the base game and the floorperson's."""


def deal_mystery_table_round(table: Table, seed_value: int, force_mystery_hit: bool) -> MysteryTableRound:
    """A round at an MHB game's table with simulated players; the trainee performs the progressive procedure."""
    game = MYSTERY_GAMES[table.game]
    rules = rules_from_json(table.rules)
    seats = seat_mystery_players(game, rules, random.Random(seed_value))
    return MysteryTableRound(
        game,
        rules,
        seats,
        seed_value,
        meter=table_meter(table, rules.configuration),
        automations=table_automations(table, MYSTERY_TABLE_AUTOMATIONS),
        force_hit=force_mystery_hit,
    )


DOWN_UNDER_AUTOMATIONS = down_under.SYSTEM_STEPS | {"validate_progressive_payout", "complete_jackpot_paperwork"}
"""What the engine performs at a Down Under Blackjack table by default: the system's, the hand and the floorperson's."""


def deal_down_under_round(table: Table, seed_value: int, force_progressive_hit: bool) -> DownUnderRound:
    """A Down Under Blackjack round with simulated players; a forced hit wins a Match the Dealer meter award."""
    rules = DownUnderTable.from_json(table.rules)
    players = random.Random(seed_value)
    seats = seat_down_under_players(rules, players)
    shoe_top: tuple[Card, ...] = ()
    if force_progressive_hit:
        winner = min(seat for seat, wagers in seats.items() if wagers.match_the_dealer)
        shoe_top = suited_match_top(list(seats), winner, rules.decks, players)
    return DownUnderRound(
        rules,
        seats,
        seed_value,
        meter=table_match_meter(table, rules),
        shoe_top=shoe_top,
        automations=table_automations(table, DOWN_UNDER_AUTOMATIONS),
    )


DOWN_UNDER_BLACKJACK = "down-under-blackjack"

ROUND_DEALERS: dict[str, Callable[[Table, int, bool], Round]] = {
    PAI_GOW_POKER: deal_pai_gow_round,
    DOWN_UNDER_BLACKJACK: deal_down_under_round,
    **{game.key: deal_mystery_table_round for game in MYSTERY_GAME_LIST if game.key != PAI_GOW_POKER},
}
"""How a round is dealt at a table of each game key (the keys of ``simulator.notation.ROUND_CLASSES``)."""


def start_round(
    trainee: AbstractBaseUser,
    table: Table,
    mode: Mode,
    *,
    seed_value: int | None = None,
    force_mystery_hit: bool = False,
    force_progressive_win: bool = False,
) -> Attempt:
    """Deal a new round at the table for the trainee; the seed comes from ``secrets`` unless a test fixes it.

    ``force_mystery_hit`` forces the table's progressive: the Mystery Bonus, or Match the Dealer's meter award.
    ``force_progressive_win`` forces, at Pai Gow Poker only, a Progressive Payout win on a player's own hand.
    """
    seed_value = secrets.randbits(63) if seed_value is None else seed_value
    round_: Round
    if table.game == PAI_GOW_POKER:
        round_ = deal_pai_gow_round(table, seed_value, force_mystery_hit, force_progressive_win)
    else:
        round_ = ROUND_DEALERS[table.game](table, seed_value, force_mystery_hit)
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


def _meter_json(round_: Round) -> dict[str, Any] | None:
    """The round's progressive meters with their secrets, for the table to carry to its next round (server only)."""
    if isinstance(round_, DownUnderRound):
        return dict(round_.meter.to_json())
    if isinstance(round_, PaiGowRound):
        mystery = round_.mystery.meter.to_json() if round_.rules.mystery is not None else None
        jackpot = round_.progressive_meter.to_json() if round_.progressive_meter is not None else None
        return {"mystery": mystery, "progressive": jackpot}
    mystery = getattr(round_, "mystery", None)
    return None if mystery is None else mystery.meter.to_json()  # type: ignore[no-any-return]


def _carry_meter(live: LiveAttempt) -> None:
    """Carry the finished round's progressive meters to the table's next round and count the round dealt."""
    meter = _meter_json(live.round)
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


# ----- the school's demo tables -----

DemoTable = tuple[str, str, dict[str, JsonValue], Floorperson]
"""A table the ``school`` command sets up: name, game key, the rules as the game's JSON, who validates wins."""

DEMO_TABLES: tuple[DemoTable, ...] = (
    ("Commission-free Pai Gow Poker — practice", PAI_GOW_POKER, TableRules().to_json(), Floorperson.AUTOMATED),
    (
        "Pai Gow Poker — standard game, manual shaker",
        PAI_GOW_POKER,
        TableRules(commission_free=False, tiger_nine_offered=False, shaker=ShakerType.MANUAL).to_json(),
        Floorperson.AUTOMATED,
    ),
    (
        "Commission-free Pai Gow Poker — instructor as floorperson",
        PAI_GOW_POKER,
        TableRules(foul_rule=FoulRule.RESET_BY_HOUSE_WAY).to_json(),
        Floorperson.INSTRUCTOR,
    ),
)
"""The Pai Gow Poker tables the ``school`` command sets up."""

MYSTERY_DEMO_CHOICES: tuple[tuple[str, str, int, PaymentSource], ...] = (
    ("let-it-ride", "A", 100, PaymentSource.TABLE_INVENTORY),
    ("texas-hold-em-bonus", "C", 500, PaymentSource.TABLE_INVENTORY),
    ("three-card-poker", "B", 500, PaymentSource.TABLE_INVENTORY),
    ("ultimate-texas-hold-em", "D", 100, PaymentSource.TABLE_INVENTORY),
    ("mississippi-stud", "A", 200, PaymentSource.TABLE_INVENTORY),
    ("crazy-4-poker", "C", 100, PaymentSource.TABLE_INVENTORY),
    ("fortune-asia-poker", "B", 100, PaymentSource.TABLE_INVENTORY),
    ("six-card-fortune-pai-gow-poker", "D", 500, PaymentSource.TABLE_INVENTORY),
    ("dj-wild-stud", "C", 200, PaymentSource.PROGRESSIVE_JACKPOT_SLIP),
    ("face-up-pai-gow-poker", "A", 500, PaymentSource.PROGRESSIVE_JACKPOT_SLIP),
)
"""Each other MHB game's demo table: its configuration letter, minimum progressive wager and payment source."""


def mystery_demo_table(key: str, letter: str, minimum_wager: int, source: PaymentSource) -> DemoTable:
    """An MHB game's demo table, named after the game and its configuration."""
    rules = MysteryRules(mystery_configuration(letter, minimum_wager), source)
    name = f"{MYSTERY_GAMES[key].display_name} — Mystery Bonus, {rules.configuration.name}"
    return (name, key, rules_to_json(rules), Floorperson.AUTOMATED)


OTHER_GAMES_DEMO_TABLES: tuple[DemoTable, ...] = (
    *(mystery_demo_table(*choices) for choices in MYSTERY_DEMO_CHOICES),
    (
        "Down Under Blackjack — Match the Dealer, 6 decks, Paytable 1, $5",
        DOWN_UNDER_BLACKJACK,
        DownUnderTable(decks=6, paytable=1, match_wager=500).to_json(),
        Floorperson.AUTOMATED,
    ),
)
"""One table for each other game the school deals: the ten other MHB games and Down Under Blackjack."""


def create_demo_tables() -> list[Table]:
    """Create the demo tables, or bring their rules back to the demo's; a table keeps its meter and round count."""
    return [
        Table.objects.update_or_create(name=name, defaults={"game": game, "rules": rules, "floorperson": floorperson})[
            0
        ]
        for name, game, rules, floorperson in (*DEMO_TABLES, *OTHER_GAMES_DEMO_TABLES)
    ]


# ----- lists -----


def open_tables() -> QuerySet[Table]:
    """The tables a round can be dealt at (games the school knows how to deal)."""
    return Table.objects.filter(game__in=ROUND_DEALERS).order_by("pk")


def attempts_of(trainee: AbstractBaseUser) -> QuerySet[Attempt]:
    """A trainee's attempts, newest first, with their tables."""
    return Attempt.objects.filter(trainee=trainee).select_related("table")


def live_attempts() -> QuerySet[Attempt]:
    """Rounds being dealt now, for instructors to watch, newest first."""
    return Attempt.objects.filter(finished_at__isnull=True).select_related("table", "trainee")
