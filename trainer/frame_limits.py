"""A table socket's limits: a frame too big to be a step, or frames sent faster than anyone deals, close the socket.

The close carries a WebSocket code and a reason the page shows the trainee: 1009 (message too big) for a frame
over ``WEBSOCKET_MAX_FRAME_BYTES``, 1008 (policy violation) for a socket that sends frames faster than
``WEBSOCKET_FRAMES_PER_SECOND`` on average once a first ``WEBSOCKET_FRAME_BURST`` is spent. Under Daphne
(trainer/serve.py) an oversized frame is refused from its header, before it is read; the consumer checks the size
again so that the rule holds under any server.
"""

import time
from collections.abc import Callable
from dataclasses import dataclass

from django.conf import settings

POLICY_VIOLATION_CLOSE_CODE = 1008
MESSAGE_TOO_BIG_CLOSE_CODE = 1009


@dataclass(frozen=True)
class Breach:
    """Why a socket is closed: its WebSocket close code and the reason the page shows (at most 123 bytes)."""

    code: int
    reason: str


def too_big(limit_bytes: int) -> Breach:
    """The close for a frame over the size limit."""
    return Breach(MESSAGE_TOO_BIG_CLOSE_CODE, f"A message over {limit_bytes:,} bytes is far more than any step.")


def too_fast(frames_per_second: int) -> Breach:
    """The close for a socket that sends frames faster than the rate allows."""
    return Breach(POLICY_VIOLATION_CLOSE_CODE, f"Messages came faster than {frames_per_second} a second.")


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

    def breach(self, text_data: str | None, bytes_data: bytes | None) -> Breach | None:
        """Why this frame closes the socket, or None when it is within both limits."""
        size = len(bytes_data or b"") + len((text_data or "").encode())
        if size > self.max_bytes:
            return too_big(self.max_bytes)
        if not self.allowance.take():
            return too_fast(self.per_second)
        return None
