"""The tests' WebSocket to the ASGI application in their own process: Channels' communicator, waiting long enough."""

from channels.testing import WebsocketCommunicator
from live_daphne import REPLY_SECONDS


class SocketClient(WebsocketCommunicator):
    """Channels' communicator whose every wait on the application is bounded by REPLY_SECONDS instead of 1 s.

    A wait ends as soon as the application answers, so the bound only decides when a test gives up: a step's reply
    waits on the database, a step thread and (on Redis) the channel layer, which took over a second on a machine
    loaded by another test process. Waiting for nothing to arrive (``receive_nothing``) keeps its own short bound.
    """

    async def connect(self, timeout=REPLY_SECONDS):
        return await super().connect(timeout)

    async def receive_from(self, timeout=REPLY_SECONDS):
        return await super().receive_from(timeout)

    async def receive_json_from(self, timeout=REPLY_SECONDS):
        return await super().receive_json_from(timeout)

    async def receive_output(self, timeout=REPLY_SECONDS):
        return await super().receive_output(timeout)

    async def disconnect(self, code=1000, timeout=REPLY_SECONDS):
        await super().disconnect(code, timeout)

    async def wait(self, timeout=REPLY_SECONDS):
        return await super().wait(timeout)
