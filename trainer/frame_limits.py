"""A socket's limits: a frame too big to be a step, or frames sent faster than anyone deals, close the socket.

The close carries a WebSocket code and a reason the page shows the trainee: 4009 for a frame over
``WEBSOCKET_MAX_FRAME_BYTES``, 4008 for frames faster than the account's or the address's budget allows
(trainer/socket_budgets.py), 4429 for a socket refused as it opens (too many open, or a cool-off after a flood).
They are 1009 (message too big), 1008 (policy violation) and HTTP's 429 (too many requests) moved into the range
for applications, 4000–4999, which every server sends (Daphne refuses to send 1008 and 1009).
Under Daphne an oversized frame is refused from its header, before it is read (trainer/daphne_sockets.py);
the guard (trainer/socket_guard.py) checks the size again so that the rule holds under any server.
"""

import time
from collections.abc import Callable
from dataclasses import dataclass

TOO_FAST_CLOSE_CODE = 4008
TOO_BIG_CLOSE_CODE = 4009
TOO_MANY_CLOSE_CODE = 4429
BREACH_CLOSE_CODES = frozenset({TOO_FAST_CLOSE_CODE, TOO_BIG_CLOSE_CODE, TOO_MANY_CLOSE_CODE})


@dataclass(frozen=True)
class Breach:
    """Why a socket is closed: its WebSocket close code and the reason the page shows (at most 123 bytes)."""

    code: int
    reason: str


def too_big(limit_bytes: int) -> Breach:
    """The close for a frame over the size limit."""
    return Breach(TOO_BIG_CLOSE_CODE, f"A message over {limit_bytes:,} bytes is far more than any step.")


def too_fast(whose: str, frames_per_second: int) -> Breach:
    """The close for a frame over the rate of the budget ``whose`` ("" for the account, " from this address")."""
    return Breach(TOO_FAST_CLOSE_CODE, f"Messages{whose} came faster than {frames_per_second} a second.")


def cooling_off(whose: str, seconds: int) -> Breach:
    """The refusal of a new socket while the budget ``whose`` cools off after a flood, ``seconds`` more."""
    return Breach(TOO_MANY_CLOSE_CODE, f"Messages{whose} came too fast: tables open again in {seconds} s.")


def open_limit(whose: str, most_open: int) -> Breach:
    """The refusal of a new socket when the budget ``whose`` has every socket it may have open already."""
    reason = f"{most_open} tables are open{whose} already, the most at once: close one first."
    return Breach(TOO_MANY_CLOSE_CODE, reason)


class FrameAllowance:
    """A token bucket: a burst of frames at once, then frames at a steady rate; an emptied bucket refuses a frame."""

    def __init__(self, per_second: int, burst: int, clock: Callable[[], float] = time.monotonic) -> None:
        """A full bucket of ``burst`` frames, refilled at ``per_second``."""
        self.per_second, self.burst, self.clock = per_second, burst, clock
        self.frames = float(burst)
        self.refilled = clock()

    def take(self) -> bool:
        """Spend one frame; False when none is left."""
        now = self.clock()
        self.frames = min(self.burst, self.frames + (now - self.refilled) * self.per_second)
        self.refilled = now
        if self.frames < 1:
            return False
        self.frames -= 1
        return True

    def full(self) -> bool:
        """Whether the bucket has refilled to its burst by now."""
        return self.frames + (self.clock() - self.refilled) * self.per_second >= self.burst
