"""What the table sockets of one account, and of one address, may do together: open at once, frames between them.

Each account and each address has a budget: at most ``WEBSOCKET_SOCKETS_PER_ACCOUNT`` (``_PER_ADDRESS``) sockets
open at once, and one token bucket for the frames of all its sockets (``WEBSOCKET_FRAMES_PER_SECOND`` after a
``WEBSOCKET_FRAME_BURST`` for an account; ``WEBSOCKET_ADDRESS_FRAMES_PER_SECOND`` after an
``WEBSOCKET_ADDRESS_FRAME_BURST`` for an address). A socket whose frame finds a bucket empty is closed with 4008, and
that account or address cools off: for ``WEBSOCKET_FLOOD_COOL_OFF_SECONDS`` a new socket of it is refused as it
opens, as is one over the open limit (4429, a reason saying why). So twenty sockets of one account, or of twenty
accounts at one address, share one burst, and reconnecting neither refills it nor draws another table.

A frame is checked against the budgets as it arrives, in a few steps of arithmetic and no database work. The budgets
are the process's own, in its memory: a look-up in Redis for every frame would cost more than the frame's own work.
That is enough because what a flood slows is the process it reaches, and each process bounds its own: with several
processes behind nginx, an account or address has a budget in each one it reaches, and ``deploy/nginx.conf`` limits
each address across all of them (new sockets a second, sockets open at once). An account's budget counts only its
signed-in sockets (an anonymous socket has one of its own until the consumer refuses it); an address is the
connection's client address, the browser's own behind nginx with Daphne's ``--proxy-headers``.
"""

import math
import time
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Any

from django.conf import settings

from trainer.frame_limits import Breach, FrameAllowance, cooling_off, open_limit, too_big, too_fast
from trainer.socket_user import socket_user

SWEEP_FROM = 1000
"""Budgets a kind holds before it first forgets its idle ones (then each time the count doubles)."""


@dataclass
class Budget:
    """One account's or one address's sockets in this process: how many are open, their frames, any cool-off."""

    whose: str
    """Whose budget, as a reason names it: "" for an account's, " from this address" for an address's."""
    most_open: int
    allowance: FrameAllowance
    open_sockets: int = 0
    cool_off_until: float = 0.0

    def refusal(self, now: float) -> Breach | None:
        """Why a new socket is refused: a cool-off running or every socket allowed already open; None to admit."""
        if now < self.cool_off_until:
            return cooling_off(self.whose, math.ceil(self.cool_off_until - now))
        if self.open_sockets >= self.most_open:
            return open_limit(self.whose, self.most_open)
        return None

    def flooded(self) -> Breach:
        """A frame found the bucket empty: the close for its socket, and a cool-off from now."""
        self.cool_off_until = self.allowance.clock() + settings.WEBSOCKET_FLOOD_COOL_OFF_SECONDS
        return too_fast(self.whose, self.allowance.per_second)

    def idle(self, now: float) -> bool:
        """No socket open, no cool-off running and the bucket full again: forgetting it changes nothing."""
        return not self.open_sockets and now >= self.cool_off_until and self.allowance.full()


class Budgets(dict[Hashable, Budget]):
    """One kind's budgets by key (account or address), made at a key's first socket and forgotten once idle."""

    def __init__(self, make: Callable[[], Budget]) -> None:
        """No budgets yet; ``make`` makes a fresh one with the school's limits."""
        super().__init__()
        self.make = make
        self.sweep_at = SWEEP_FROM

    def of(self, key: Hashable) -> Budget:
        """The key's budget, made now if it has none; the idle ones are forgotten each time the count doubles."""
        if (budget := self.get(key)) is None:
            if len(self) >= self.sweep_at:
                now = time.monotonic()
                for idle in [held for held, kept in self.items() if kept.idle(now)]:
                    del self[idle]
                self.sweep_at = max(SWEEP_FROM, 2 * len(self))
            budget = self[key] = self.make()
        return budget


def account_budget() -> Budget:
    """A fresh budget with the school's limits for one account."""
    allowance = FrameAllowance(settings.WEBSOCKET_FRAMES_PER_SECOND, settings.WEBSOCKET_FRAME_BURST)
    return Budget("", settings.WEBSOCKET_SOCKETS_PER_ACCOUNT, allowance)


def address_budget() -> Budget:
    """A fresh budget with the school's limits for one address."""
    per_second, burst = settings.WEBSOCKET_ADDRESS_FRAMES_PER_SECOND, settings.WEBSOCKET_ADDRESS_FRAME_BURST
    return Budget(" from this address", settings.WEBSOCKET_SOCKETS_PER_ADDRESS, FrameAllowance(per_second, burst))


ACCOUNT_BUDGETS = Budgets(account_budget)
ADDRESS_BUDGETS = Budgets(address_budget)


class SocketLimits:
    """One open socket's limits: its frames' size, and the budgets of its account and its address it draws on."""

    def __init__(self, budgets: list[Budget]) -> None:
        """Count the socket open in each of its budgets (its account's first, its address's next)."""
        self.max_bytes = settings.WEBSOCKET_MAX_FRAME_BYTES
        self.budgets = budgets
        for budget in budgets:
            budget.open_sockets += 1

    def breach(self, message: dict[str, Any]) -> Breach | None:
        """Why this ASGI message closes the socket: a frame over the size or a budget's rate; None for anything else."""
        if message["type"] != "websocket.receive":
            return None
        size = len(message.get("bytes") or b"") + len((message.get("text") or "").encode())
        if size > self.max_bytes:
            return too_big(self.max_bytes)
        for budget in self.budgets:
            if not budget.allowance.take():
                return budget.flooded()
        return None

    def close(self) -> None:
        """The socket is gone: it no longer counts as open."""
        for budget in self.budgets:
            budget.open_sockets -= 1


def admit(scope: dict[str, Any]) -> SocketLimits | Breach:
    """A new socket's limits, counted open; or why it is refused (a cool-off, or too many sockets open)."""
    user, client = socket_user(scope), scope.get("client")
    account = ACCOUNT_BUDGETS.of(user.pk) if user.is_authenticated else account_budget()
    budgets = [account] if client is None else [account, ADDRESS_BUDGETS.of(client[0])]
    now = time.monotonic()
    for budget in reversed(budgets):
        if refusal := budget.refusal(now):
            return refusal
    return SocketLimits(budgets)
