"""Paying, pushing and collecting one wager at a time: the settlement steps of every banked game's round."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from simulator.core.chip_payments import ChipPaymentMixin
from simulator.core.chips import ChipPayment
from simulator.core.citations import Citation
from simulator.core.json_values import json_int, json_str
from simulator.core.money import Cents
from simulator.core.procedure import Action, ErrorCode, IllegalOperation, Operation


class Settlement(StrEnum):
    """What the dealer does with a wager: pay it, push it (leave it) or collect it."""

    PAY = "pay"
    PUSH = "push"
    COLLECT = "collect"


@dataclass(frozen=True)
class WagerSettlement:
    """The correct settlement of one wager: pay, push or collect, the amount paid, and the rule."""

    settlement: Settlement
    amount: Cents
    citation: Citation
    reason: str


SETTLEMENT_STEPS = ("pay_wager", "push_wager", "collect_wager")
"""The steps that settle one wager: pay it, push it or collect it."""


class SettlingMixin(ChipPaymentMixin):
    """The pay, push and collect steps, each checked against the round's next settlement.

    A game gives the rule a wager settled out of turn breaks (:meth:`settlement_order_citation`), the name of a
    settlement spot (:meth:`spot_name`), the chips on a wager (:meth:`staked`) and the wager a spot's payout is paid
    on (:meth:`paid_on`); the rule of a step tried after the round and before the settlements are the round's own
    (:meth:`closing_citation`, :meth:`order_citation`). A payout may name its chips (``chip_payments``).
    """

    settled: dict[tuple[int, str], tuple[Settlement, Cents]]

    def settlement_order_citation(self, expected: Action, seat: int, spot: str) -> Citation:
        """The rule broken by settling seat ``seat``'s ``spot`` when ``expected`` settles another wager."""
        raise NotImplementedError

    def spot_name(self, spot: str) -> str:
        """A settlement spot as the felt names it."""
        raise NotImplementedError

    def staked(self, seat: int, spot: str) -> Cents:
        """The chips on a seat's wager, which a collect takes into the table inventory."""
        raise NotImplementedError

    def paid_on(self, seat: int, spot: str) -> Cents | None:
        """The wager a payout at the spot is paid on, as colour for colour matches it; None for a bonus with none."""
        raise NotImplementedError

    def verify_settlement(
        self, step: str, seat: int, spot: str, amount: Cents | None = None, paid: ChipPayment | None = None
    ) -> Action:
        """Check a pay, push or collect: the right wager next, the right settlement, the exact amount (in ``paid``)."""
        expected = self.next_action()
        if expected is None:
            message = "The round is over: there is nothing to settle."
            raise IllegalOperation(ErrorCode.ROUND_OVER, message, self.closing_citation())
        if expected.step not in SETTLEMENT_STEPS:
            message = f"Out of order: the next step is {expected.description}"
            raise IllegalOperation(ErrorCode.OUT_OF_ORDER, message, self.order_citation(expected, step), expected)
        if (seat, spot) != (expected.arguments["seat"], expected.arguments["spot"]):
            wager = self.spot_name(json_str(expected.arguments["spot"]))
            message = f"Out of order: settle seat {expected.arguments['seat']}'s {wager} next."
            citation = self.settlement_order_citation(expected, seat, spot)
            raise IllegalOperation(ErrorCode.OUT_OF_ORDER, message, citation, expected)
        if step != expected.step:
            message = f"Wrong settlement: {expected.description}."
            raise IllegalOperation(ErrorCode.WRONG_SETTLEMENT, message, expected.citation, expected)
        if step == "pay_wager" and amount != expected.arguments["amount"]:
            message = f"Paid {self.paid_words(amount, paid, json_int(expected.arguments['amount']))}: "
            raise IllegalOperation(
                ErrorCode.WRONG_AMOUNT, f"{message}{expected.description}.", expected.citation, expected
            )
        return expected

    def verify_pay_wager(self, seat: int, spot: str, amount: Cents, chips: str | None = None) -> Action:
        """Check that paying this wager this amount (in these chips) is the correct next step."""
        paid = self.paid_chips(amount, chips)
        expected = self.verify_settlement("pay_wager", seat, spot, amount, paid)
        self.require_chipping(expected, paid, self.paid_on(seat, spot))
        return expected

    def pay_wager(self, seat: int, spot: str, amount: Cents, chips: str | None = None) -> Operation:
        """Pay a winning wager its exact winnings (in ``chips`` if named); the stake stays with the player."""
        expected = self.verify_pay_wager(seat, spot, amount, chips)
        self.settled[(seat, spot)] = (Settlement.PAY, amount)
        return self.record(self.paid_with(expected, chips))

    def verify_push_wager(self, seat: int, spot: str) -> Action:
        """Check that pushing this wager is the correct next step."""
        return self.verify_settlement("push_wager", seat, spot)

    def push_wager(self, seat: int, spot: str) -> Operation:
        """Push a wager: it neither wins nor loses and stays with the player."""
        expected = self.verify_push_wager(seat, spot)
        self.settled[(seat, spot)] = (Settlement.PUSH, 0)
        return self.record(expected)

    def verify_collect_wager(self, seat: int, spot: str) -> Action:
        """Check that collecting this wager is the correct next step."""
        return self.verify_settlement("collect_wager", seat, spot)

    def collect_wager(self, seat: int, spot: str) -> Operation:
        """Collect a losing wager into the table inventory; the log records the chips collected."""
        expected = self.verify_collect_wager(seat, spot)
        self.settled[(seat, spot)] = (Settlement.COLLECT, self.staked(seat, spot))
        return self.record(expected, {"collected": self.staked(seat, spot)})
