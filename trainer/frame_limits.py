"""A socket's limits: a frame too big to be a step, or frames sent faster than anyone deals, close the socket.

The close carries a WebSocket code and a reason the page shows the trainee: 4009 for a frame over
``WEBSOCKET_MAX_FRAME_BYTES``, 4008 for a socket that sends frames faster than ``WEBSOCKET_FRAMES_PER_SECOND`` on
average once a first ``WEBSOCKET_FRAME_BURST`` is spent. They are 1009 (message too big) and 1008 (policy violation)
moved into the range for applications, 4000–4999, which every server sends (Daphne refuses to send 1008 and 1009).
Under Daphne an oversized frame is refused from its header, before it is read (trainer/daphne_sockets.py);
the guard (trainer/socket_guard.py) checks the size again so that the rule holds under any server.
"""

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.conf import settings

TOO_FAST_CLOSE_CODE = 4008
TOO_BIG_CLOSE_CODE = 4009
BREACH_CLOSE_CODES = frozenset({TOO_FAST_CLOSE_CODE, TOO_BIG_CLOSE_CODE})


@dataclass(frozen=True)
class Breach:
    """Why a socket is closed: its WebSocket close code and the reason the page shows (at most 123 bytes)."""

    code: int
    reason: str


def too_big(limit_bytes: int) -> Breach:
    """The close for a frame over the size limit."""
    return Breach(TOO_BIG_CLOSE_CODE, f"A message over {limit_bytes:,} bytes is far more than any step.")


def too_fast(frames_per_second: int) -> Breach:
    """The close for a socket that sends frames faster than the rate allows."""
    return Breach(TOO_FAST_CLOSE_CODE, f"Messages came faster than {frames_per_second} a second.")


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


class FrameLimits:
    """One socket's limits from the settings: each frame it receives is checked against both."""

    def __init__(self) -> None:
        """The school's limits, with a full allowance."""
        self.max_bytes = settings.WEBSOCKET_MAX_FRAME_BYTES
        self.per_second = settings.WEBSOCKET_FRAMES_PER_SECOND
        self.allowance = FrameAllowance(self.per_second, settings.WEBSOCKET_FRAME_BURST)

    def breach(self, message: dict[str, Any]) -> Breach | None:
        """Why this ASGI message closes the socket: a frame over either limit; None for anything else."""
        if message["type"] != "websocket.receive":
            return None
        size = len(message.get("bytes") or b"") + len((message.get("text") or "").encode())
        if size > self.max_bytes:
            return too_big(self.max_bytes)
        if not self.allowance.take():
            return too_fast(self.per_second)
        return None
