"""ASGI middleware: a socket's frames read as they arrive, and the socket closed when one breaches its limits.

The guard reads each frame as it arrives, not when the consumer gets to it: a consumer taking steps is slower than
a flood, and a rate measured at its pace would let the frames queue up (the memory) and be answered one by one long
after (the other tables' wait). Once a socket breaches a limit, the frames still waiting for the consumer are
dropped unread and it is told the socket closed; Daphne then drops the socket's frames as it reads them, and under
any other server the guard reads and drops them until the socket is gone.
"""

import asyncio
from typing import Any

from trainer.frame_limits import FrameLimits


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
