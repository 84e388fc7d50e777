"""A socket's limits: a frame too big to be a step, or frames sent faster than anyone deals, close the socket.

The close carries a WebSocket code and a reason the page shows the trainee: 4009 for a frame over
``WEBSOCKET_MAX_FRAME_BYTES``, 4008 for a socket that sends frames faster than ``WEBSOCKET_FRAMES_PER_SECOND`` on
average once a first ``WEBSOCKET_FRAME_BURST`` is spent. They are 1009 (message too big) and 1008 (policy violation)
moved into the range for applications, 4000–4999, which every server sends (Daphne refuses to send 1008 and 1009).
Under Daphne an oversized frame is refused from its header, before it is read (trainer/daphne_sockets.py);
:class:`FrameLimitGuard` checks the size again so that the rule holds under any server.

The guard reads each frame as it arrives, not when the consumer gets to it: a consumer taking steps is slower than
a flood, and a rate measured at its pace would let the frames queue up (the memory) and be answered one by one long
after (the other tables' wait). Once a socket breaches a limit, the frames still waiting for the consumer are
dropped unread and it is told the socket closed; Daphne then drops the socket's frames as it reads them, and under
any other server the guard reads and drops them until the socket is gone.
"""

import asyncio
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


class FrameLimitGuard:
    """ASGI middleware: read a socket's frames as they arrive and close the socket when one breaches its limits."""

    def __init__(self, application: Any) -> None:
        """Guard ``application``'s sockets."""
        self.application = application

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> Any:
        """Run the application on the frames that keep within the limits, read by a task of their own."""
        waiting: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        breached = False

        async def read_arrivals() -> None:
            """Pass each message on as it comes until the socket closes or breaches a limit."""
            nonlocal breached
            limits = FrameLimits()
            while (message := await receive())["type"] != "websocket.disconnect":
                if breach := limits.breach(message):
                    await send({"type": "websocket.close", "code": breach.code, "reason": breach.reason})
                    while not waiting.empty():
                        waiting.get_nowait()
                    breached = True
                    message = {"type": "websocket.disconnect", "code": breach.code, "reason": breach.reason}
                    break
                waiting.put_nowait(message)
            waiting.put_nowait(message)

        reader = asyncio.ensure_future(read_arrivals())
        try:
            return await self.application(scope, waiting.get, send)
        finally:
            reader.cancel()
            while breached and (await receive())["type"] != "websocket.disconnect":
                pass  # a server that reads a closed socket on: its frames are dropped as they come
