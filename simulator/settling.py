"""Paying, pushing and collecting one wager at a time: the settlement steps of every banked game's round."""

from __future__ import annotations

from simulator.money import Cents
from simulator.pai_gow_settlement import Settlement
from simulator.procedure import Action, Operation, Round


class SettlingMixin(Round):
    """The pay, push and collect steps, each checked by the round's own :meth:`verify_settlement`."""

    settled: dict[tuple[int, str], tuple[Settlement, Cents]]

    def verify_settlement(self, step: str, seat: int, spot: str, amount: Cents | None = None) -> Action:
        """Check a pay, push or collect: the right wager next, the right settlement, the exact amount."""
        raise NotImplementedError

    def staked(self, seat: int, spot: str) -> Cents:
        """The chips on a seat's wager, which a collect takes into the table inventory."""
        raise NotImplementedError

    def verify_pay_wager(self, seat: int, spot: str, amount: Cents) -> Action:
        """Check that paying this wager this amount is the correct next step."""
        return self.verify_settlement("pay_wager", seat, spot, amount)

    def pay_wager(self, seat: int, spot: str, amount: Cents) -> Operation:
        """Pay a winning wager its exact winnings; the stake stays with the player."""
        expected = self.verify_pay_wager(seat, spot, amount)
        self.settled[(seat, spot)] = (Settlement.PAY, amount)
        return self.record(expected)

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
        """Collect a losing wager into the table inventory."""
        expected = self.verify_collect_wager(seat, spot)
        self.settled[(seat, spot)] = (Settlement.COLLECT, self.staked(seat, spot))
        return self.record(expected)
