"""The wager phase around "No more bets": players' wagers before it, and a late wager the dealer must refuse after it.

A round's :class:`WagerPhase` is fixed when the round is dealt (by the simulated players' seeded draws or by a
scenario) and saved with its setup, server side only: which wagers the players place or change before the
announcement, whether a player tries a late wager after it, and whose progressive chip is missing from the count.
A setup saved before the wager phase existed has none of these, so it replays exactly as it did.

The host round mixes in :class:`WagerPhaseMixin`, offers :meth:`~WagerPhaseMixin.next_wager_phase_action` before
its own steps, and says which clause a wager follows (:meth:`~WagerPhaseMixin.wager_citation`), what the layout
calls a betting area (:meth:`~WagerPhaseMixin.wager_label`) and when betting is closed to a late attempt
(:meth:`~WagerPhaseMixin.late_wager_due`). The players' moves are PLAYER steps the engine performs; refusing the
late wager is the dealer's step, and any other step while it waits is graded as accepting the wager.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import TypedDict

from simulator.core.chip_inventory import opening_json, read_opening
from simulator.core.chips import Chips
from simulator.core.citations import Citation
from simulator.core.clauses import cite
from simulator.core.json_values import JsonValue, json_int, json_list, json_object, json_str
from simulator.core.money import Cents, format_cents
from simulator.core.procedure import Action, Actor, ErrorCode, IllegalOperation, NoMoreBetsMixin, Operation
from simulator.core.table_cash import CASH_STEPS, BuyIn, ColourUp, TableCashMixin

WAGER_PHASE_STEPS = frozenset({"place_wager", "change_wager", "attempt_late_wager", "refuse_late_wager"}) | CASH_STEPS
"""The wager phase's steps, for the host's ``step_names()``."""

WAGER_PHASE_PLAYER_STEPS = frozenset({"place_wager", "change_wager", "attempt_late_wager"})
"""The players' moves, which the engine performs at a training table."""


CHIP_COUNT_MISMATCH = cite("Chip count mismatch, option chip_count_mismatch")
LATE_WAGER = cite("§670a.7(c)")
"""No wager is made, increased or withdrawn after "No more bets": the rule a late wager breaks, by analogy."""


class ChipCountMismatch(StrEnum):
    """The house's procedure when the chips collected do not match the wagers the system accepted."""

    CALL_FLOORPERSON = "call_floorperson"
    ASK_PLAYER = "ask_player"

    def procedure(self, seat: int) -> str:
        """What the dealer does about the missing chip at ``seat``, in words."""
        if self is ChipCountMismatch.CALL_FLOORPERSON:
            return f"stop the count and call the floorperson: seat {seat}'s accepted progressive wager has no chip"
        return f"stop the count and ask seat {seat} to place the chip for the progressive wager the system accepted"


@dataclass(frozen=True)
class WagerMove:
    """A player's wager move: ``amount`` on ``spot`` at ``seat``, changed from ``changed_from`` (None when placed)."""

    seat: int
    spot: str
    amount: Cents
    changed_from: Cents | None = None

    @property
    def step(self) -> str:
        """The player's step: placing a wager or changing one."""
        return "place_wager" if self.changed_from is None else "change_wager"

    def arguments(self) -> dict[str, JsonValue]:
        """The move as step arguments."""
        return {"seat": self.seat, "spot": self.spot, "amount": self.amount}

    def to_json(self) -> dict[str, JsonValue]:
        """The move as saved with the round's setup."""
        return self.arguments() | {"changed_from": self.changed_from}

    @classmethod
    def from_json(cls, data: Mapping[str, JsonValue]) -> WagerMove:
        """Read a move written by :meth:`to_json`."""
        changed_from = data.get("changed_from")
        return cls(
            json_int(data["seat"]),
            json_str(data["spot"]),
            json_int(data["amount"]),
            None if changed_from is None else json_int(changed_from),
        )


@dataclass(frozen=True)
class WagerPhase:
    """What the players do around "No more bets" in one round; server side only until each move happens.

    ``buy_ins`` come before any wager, ``colour_ups`` after the round's last settlement; ``opening_chips`` is the
    rack's inventory as the table carried it to the round (None: the rack's float).
    """

    before: tuple[WagerMove, ...] = ()
    late: WagerMove | None = None
    missing_chip_seat: int | None = None
    mismatch_procedure: ChipCountMismatch = ChipCountMismatch.CALL_FLOORPERSON
    buy_ins: tuple[BuyIn, ...] = ()
    colour_ups: tuple[ColourUp, ...] = ()
    opening_chips: Chips | None = None

    def to_json(self) -> dict[str, JsonValue]:
        """The wager phase as saved with the round's setup."""
        return {
            "before": [move.to_json() for move in self.before],
            "late": None if self.late is None else self.late.to_json(),
            "missing_chip_seat": self.missing_chip_seat,
            "mismatch_procedure": self.mismatch_procedure.value,
            "buy_ins": [buy_in.to_json() for buy_in in self.buy_ins],
            "colour_ups": [leaving.to_json() for leaving in self.colour_ups],
            "opening_chips": opening_json(self.opening_chips),
        }

    @classmethod
    def from_json(cls, data: JsonValue) -> WagerPhase:
        """Read a wager phase written by :meth:`to_json`; a setup saved without one (None) has an empty phase.

        A phase saved before buy-ins and colour-ups existed has none, and one saved before the inventory was carried
        opens from the float.
        """
        if data is None:
            return cls()
        saved = json_object(data)
        late = saved.get("late")
        missing = saved.get("missing_chip_seat")
        return cls(
            tuple(WagerMove.from_json(json_object(move)) for move in json_list(saved["before"])),
            None if late is None else WagerMove.from_json(json_object(late)),
            None if missing is None else json_int(missing),
            ChipCountMismatch(json_str(saved["mismatch_procedure"])),
            tuple(BuyIn.from_json(json_object(each)) for each in json_list(saved.get("buy_ins", []))),
            tuple(ColourUp.from_json(json_object(each)) for each in json_list(saved.get("colour_ups", []))),
            read_opening(saved.get("opening_chips")),
        )


class LateWagerView(TypedDict):
    """A wager a player is trying after "No more bets", as the table sees it until the dealer refuses it."""

    seat: int
    move: str


class WagerPhaseMixin(TableCashMixin, NoMoreBetsMixin):
    """Buy-ins and players' wagers before "No more bets", and the dealer's refusal of a late wager after it."""

    wager_phase: WagerPhase = WagerPhase()
    wager_moves_made: int = 0
    late_wager_attempted: bool = False
    late_wager_refused: bool = False

    def wager_citation(self, spot: str) -> Citation:
        """The clause a wager on ``spot`` follows: when it must be placed and why a late one is refused."""
        raise NotImplementedError

    def wager_label(self, spot: str) -> str:
        """The betting area as the layout names it."""
        raise NotImplementedError

    def buy_ins(self) -> tuple[BuyIn, ...]:
        """The round's buy-ins, from its wager phase."""
        return self.wager_phase.buy_ins

    def colour_ups(self) -> tuple[ColourUp, ...]:
        """The round's colour-ups, from its wager phase."""
        return self.wager_phase.colour_ups

    def opening_chips(self) -> Chips | None:
        """The rack's opening inventory, from its wager phase."""
        return self.wager_phase.opening_chips

    def late_wager_citation(self, spot: str) -> Citation:
        """The rule a late wager on ``spot`` breaks: no wager is made, increased or withdrawn after "No more bets"."""
        return LATE_WAGER

    def late_wager_due(self) -> bool:
        """Whether betting is closed, so that a late attempt comes now (after "No more bets" and any lock-out)."""
        return self.no_more_bets

    def _move_sentence(self, move: WagerMove) -> str:
        """A move in words, such as "seat 3 changes the Sum wager from $10.00 to $5.00"."""
        label = self.wager_label(move.spot)
        if move.changed_from is None:
            return f"seat {move.seat} places {format_cents(move.amount)} on the {label}"
        amounts = f"from {format_cents(move.changed_from)} to {format_cents(move.amount)}"
        return f"seat {move.seat} changes the {label} {amounts}"

    def late_wager_view(self) -> LateWagerView | None:
        """The late wager a player is trying now, in words, until the dealer refuses it; None when there is none."""
        late = self.wager_phase.late
        if late is None or not self.late_wager_attempted or self.late_wager_refused:
            return None
        return {"seat": late.seat, "move": self._move_sentence(late)}

    def next_wager_phase_action(self) -> Action | None:
        """A buy-in's step, the next player's move before "No more bets", the late attempt or its refusal; or None."""
        phase = self.wager_phase
        buy_in = self.next_buy_in_action()
        if buy_in is not None:
            return buy_in
        if not self.no_more_bets:
            if self.wager_moves_made == len(phase.before):
                return None
            move = phase.before[self.wager_moves_made]
            citation = self.wager_citation(move.spot)
            return Action(move.step, Actor.PLAYER, move.arguments(), citation, self._move_sentence(move))
        late = phase.late
        if late is None or self.late_wager_refused or not self.late_wager_due():
            return None
        citation = self.late_wager_citation(late.spot)
        if not self.late_wager_attempted:
            sentence = f'after "No more bets", {self._move_sentence(late)}'
            return Action("attempt_late_wager", Actor.PLAYER, late.arguments(), citation, sentence)
        description = f'refuse the late wager at seat {late.seat}: betting closed with "No more bets"'
        return Action("refuse_late_wager", Actor.DEALER, {"seat": late.seat}, citation, description)

    def require_step(self, step: str) -> Action:
        """As :meth:`Round.require_step`; any other step while a late wager waits to be refused accepts it."""
        expected = self.next_action()
        if expected is not None and expected.step == "refuse_late_wager" and step != expected.step:
            seat = expected.arguments["seat"]
            message = f'Seat {seat} tried a wager after "No more bets": refuse it before anything else.'
            raise IllegalOperation(ErrorCode.LATE_WAGER_ACCEPTED, message, expected.citation, expected)
        return super().require_step(step)

    def _verify_move(self, step: str, seat: int, spot: str, amount: Cents) -> Action:
        """Raise unless the player's ``step`` with these arguments is the next move."""
        expected = self.require_step(step)
        for name, given in (("seat", seat), ("spot", spot), ("amount", amount)):
            self.require_argument(expected, name, given, ErrorCode.BAD_WAGER)
        return expected

    def verify_place_wager(self, seat: int, spot: str, amount: Cents) -> Action:
        """Raise unless this player's placing this wager is the next move."""
        return self._verify_move("place_wager", seat, spot, amount)

    def place_wager(self, seat: int, spot: str, amount: Cents) -> Operation:
        """A player places a wager before "No more bets"."""
        operation = self.record(self.verify_place_wager(seat, spot, amount))
        self.wager_moves_made += 1
        return operation

    def verify_change_wager(self, seat: int, spot: str, amount: Cents) -> Action:
        """Raise unless this player's changing this wager is the next move."""
        return self._verify_move("change_wager", seat, spot, amount)

    def change_wager(self, seat: int, spot: str, amount: Cents) -> Operation:
        """A player changes a wager before "No more bets"."""
        operation = self.record(self.verify_change_wager(seat, spot, amount))
        self.wager_moves_made += 1
        return operation

    def verify_attempt_late_wager(self, seat: int, spot: str, amount: Cents) -> Action:
        """Raise unless this player's late attempt is the next move."""
        return self._verify_move("attempt_late_wager", seat, spot, amount)

    def attempt_late_wager(self, seat: int, spot: str, amount: Cents) -> Operation:
        """A player tries to place or change a wager after "No more bets"; the dealer must refuse it."""
        operation = self.record(self.verify_attempt_late_wager(seat, spot, amount))
        self.late_wager_attempted = True
        return operation

    def verify_refuse_late_wager(self, seat: int) -> Action:
        """Raise unless refusing the late wager at ``seat`` is the next step."""
        expected = self.require_step("refuse_late_wager")
        self.require_argument(expected, "seat", seat, ErrorCode.WRONG_SEAT)
        return expected

    def refuse_late_wager(self, seat: int) -> Operation:
        """Refuse the late wager: the layout stays as it was at "No more bets"."""
        action = self.verify_refuse_late_wager(seat)
        self.late_wager_refused = True
        return self.record(action)
