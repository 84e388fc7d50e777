"""ASGI middleware: a socket admitted within its budgets, its frames read as they arrive, closed on a breach.

A socket its account's or its address's budget refuses (trainer/socket_budgets.py) is accepted and closed with the
refusal's code and reason, before the application sees it: no table is drawn, and every frame it sends is dropped.
It is answered after a pause (:data:`REFUSAL_PAUSE_SECONDS`), idle: each opening costs the server some milliseconds
of handshake and session before any limit can be checked, and a client that reopens its socket as soon as it is
closed would otherwise spend them as fast as the server can, slowing every other table (bench/results/ws_flood.md).

The guard reads each frame as it arrives, not when the consumer gets to it: a consumer taking steps is slower than
a flood, and a rate measured at its pace would let the frames queue up (the memory) and be answered one by one long
after (the other tables' wait). Once a socket breaches a limit, the frames still waiting for the consumer are
dropped unread and it is told the socket closed; Daphne then drops the socket's frames as it reads them, and under
any other server the guard reads and drops them until the socket is gone.
"""

import asyncio
from typing import Any

from trainer.frame_limits import Breach
from trainer.socket_budgets import admit

REFUSAL_PAUSE_SECONDS = 1.0
"""How long a refused socket waits, unanswered, before it is told: a client reopening at once opens one a second."""


class FrameLimitGuard:
    """ASGI middleware: admit a socket, read its frames as they arrive and close it when one breaches its limits."""

    def __init__(self, application: Any) -> None:
        """Guard ``application``'s sockets."""
        self.application = application

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> Any:
        """Run the application on the frames that keep within the limits, read by a task of their own."""
        limits = admit(scope)
        if isinstance(limits, Breach):
            return await refuse(limits, receive, send)
        waiting: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        breached = False

        async def read_arrivals() -> None:
            """Pass each message on as it comes until the socket closes or breaches a limit."""
            nonlocal breached
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
            limits.close()
            reader.cancel()
            while breached and (await receive())["type"] != "websocket.disconnect":
                pass  # a server that reads a closed socket on: its frames are dropped as they come


async def refuse(refusal: Breach, receive: Any, send: Any) -> None:
    """After the pause, accept the socket and close it with the refusal's code and reason; drop its frames till gone."""
    if (await receive())["type"] == "websocket.connect":
        await asyncio.sleep(REFUSAL_PAUSE_SECONDS)
        await send({"type": "websocket.accept"})
        await send({"type": "websocket.close", "code": refusal.code, "reason": refusal.reason})
        while (await receive())["type"] != "websocket.disconnect":
            pass
