"""What a viewer may see of an attempt now: the table snapshot, never the deck, future dice, seed or hit value."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum
from typing import Generic, Protocol, TypeAlias, TypeVar

from grading.scoring import GradedStep, PassRule, ScoreCard
from simulator.core.chip_payments import ChipPaymentMixin
from simulator.core.chips import Rack
from simulator.core.json_values import JsonValue, json_int, json_object
from simulator.core.procedure import Action, Actor, Round
from simulator.core.table_cash import TableCashMixin
from simulator.games import GAMES, Game
from trainer.controls import FLOORPERSON_STEPS, dealer_steps_of
from trainer.models import Attempt, Floorperson, Mode
from trainer.round_store import LiveAttempt, LogEntry


class Viewer(StrEnum):
    """Who is looking at an attempt: the trainee dealing it, or an instructor watching (and validating)."""

    TRAINEE = "trainee"
    INSTRUCTOR = "instructor"


ViewT = TypeVar("ViewT")
"""The type of a game's table view, such as :class:`~simulator.pai_gow.round.PaiGowView`."""


class DoneStep(Protocol):
    """A step the felt draws as it was done, not as the table holds it: its step and the arguments it was done with."""

    @property
    def step(self) -> str:
        """The step's name."""
        ...

    @property
    def arguments(self) -> Mapping[str, JsonValue]:
        """The arguments it was done with."""
        ...


@dataclass(frozen=True)
class TableSnapshot(Generic[ViewT]):
    """Everything a viewer may see of an attempt now; never the deck, future dice, seed or hit value."""

    attempt_id: int
    trainee: str
    """The dealing trainee as a watcher reads them: their name, or their username when they have none."""
    trainee_id: int
    table_id: int
    table_name: str
    game: str
    mode: Mode
    floorperson: Floorperson
    sequence: int
    rules: dict[str, JsonValue]
    view: ViewT
    log: tuple[LogEntry, ...]
    graded_steps: tuple[GradedStep, ...]
    score_card: ScoreCard | None
    finished_at: datetime | None
    """When the round was scored; None while it is dealt."""
    pass_rule: PassRule
    """The rule the round is graded under, kept by the attempt when it was dealt."""
    validation_seat: int | None
    validation_step: str | None
    dealer_steps: frozenset[str]
    """The dealer steps the table's rules can ever ask for: a control for each."""
    from_scenario: bool
    """Whether the round was dealt from a scenario, and so may be a round of a scenario run or an exam sitting."""
    rack: Rack
    """The chips in the round's rack, as its rules set them: what the controls pay with and the steps are said in."""
    next_step: str | None = None
    """In practice only, the dealer step the round waits for: its controls come first. An exam never hints it."""
    chip_inventory: Mapping[str, JsonValue] | None = None
    """Once the round is over, the table's chips by denomination reconciled from its log (at a table taking cash)."""
    drawn_as_done: tuple[DoneStep, ...] = ()
    """Steps the felt draws as they were done over the table's own: a watched round's faults shown so far."""

    @property
    def finished(self) -> bool:
        """Whether the round is over and scored."""
        return self.score_card is not None


AnyTableSnapshot: TypeAlias = TableSnapshot[Mapping[str, object]]
"""A snapshot of any game's table: its view is read as the game's own by the game's table description."""


def ungraded_snapshot(
    round_: Round,
    game: Game,
    rules: dict[str, JsonValue],
    table: tuple[int, str],
    mode: Mode,
    at: tuple[int, int, str] = (0, 0, ""),
) -> AnyTableSnapshot:
    """A round dealt outside the tables' attempts (a scenario's preview, a watched round) as its table shows it.

    Nothing is graded. ``table`` is the table's id and name; ``at`` the frame the round is at, the attempt's id and
    its trainee.
    """
    (table_id, table_name), (sequence, attempt_id, trainee) = table, at
    return TableSnapshot(
        attempt_id=attempt_id,
        trainee=trainee,
        trainee_id=0,
        table_id=table_id,
        table_name=table_name,
        game=game.key,
        mode=mode,
        floorperson=Floorperson.AUTOMATED,
        sequence=sequence,
        rules=rules,
        view=round_.table_view(),
        log=(),
        graded_steps=(),
        score_card=None,
        finished_at=None,
        pass_rule=PassRule(),
        validation_seat=None,
        validation_step=None,
        dealer_steps=dealer_steps_of(game, round_.offered_steps()),
        from_scenario=True,
        rack=rack_of(round_),
    )


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
    return json_int(action.arguments["seat"])


def practice_next_step(attempt: Attempt, round_: Round) -> str | None:
    """The dealer step a practice round waits for, so that its controls come first; None in an exam or at the end."""
    expected = round_.next_action()
    if attempt.mode != Mode.PRACTICE or expected is None or expected.actor is not Actor.DEALER:
        return None
    return expected.step


def snapshot_of(live: LiveAttempt) -> AnyTableSnapshot:
    """The attempt as anyone allowed at the table may see it now."""
    attempt, round_ = live.attempt, live.round
    waiting = floorperson_action(attempt, round_)
    return TableSnapshot(
        attempt_id=attempt.pk,
        trainee=attempt.trainee.get_full_name() or attempt.trainee.get_username(),
        trainee_id=attempt.trainee_id,
        table_id=attempt.table_id,
        table_name=attempt.table.name,
        game=attempt.table.game,
        mode=Mode(attempt.mode),
        floorperson=Floorperson(attempt.table.floorperson),
        sequence=attempt.last_sequence,
        rules=json_object(json_object(live.log["setup"])["rules"]),
        view=round_.table_view(),
        log=live.table_log(),
        graded_steps=tuple(live.graded_steps),
        score_card=None if attempt.score_card is None else ScoreCard.from_json(attempt.score_card),
        finished_at=attempt.finished_at,
        pass_rule=live.pass_rule,
        validation_seat=None if waiting is None else json_int(waiting.arguments["seat"]),
        validation_step=None if waiting is None else waiting.step,
        dealer_steps=dealer_steps_of(GAMES[attempt.table.game], round_.offered_steps()),
        from_scenario=attempt.scenario_version_id is not None,
        rack=rack_of(round_),
        next_step=practice_next_step(attempt, round_),
        chip_inventory=chip_inventory_of(round_),
    )


def rack_of(round_: Round) -> Rack:
    """The chips in the round's rack, read from its rules as dealt: every game's round pays from its rack."""
    assert isinstance(round_, ChipPaymentMixin), f"{type(round_).__name__} pays from no rack"
    return round_.house_chips().rack


def chip_inventory_of(round_: Round) -> Mapping[str, JsonValue] | None:
    """The finished round's chip inventory reconciled, where its table takes cash; None before the end or elsewhere."""
    if not isinstance(round_, TableCashMixin) or not round_.finished:
        return None
    return round_.chip_inventory().to_json()
