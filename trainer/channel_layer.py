"""The channel layer of several processes: channels_redis's, bounded so Redis never holds up or fails a step.

A single process uses Channels' in-memory layer (:mod:`trainer.speed.channel_layer` with the cached round store).
"""

import asyncio
import logging
import time
from collections.abc import Coroutine
from typing import Any

from channels.exceptions import ChannelFull
from channels_redis.core import RedisChannelLayer  # type: ignore[import-untyped]  # no type information
from redis.exceptions import RedisError

REDIS_CALL_SECONDS = 2.0
"""The longest a step or a page waits for one call to Redis; a slower call is dropped as if Redis were down."""
REDIS_RETRY_SECONDS = 1.0
"""How long calls are dropped at once after one went unanswered, and how often a waiting receive asks Redis again."""
UNANSWERED = (RedisError, OSError, ChannelFull)
"""What a call to Redis raises when Redis is down, hung (``TimeoutError`` is an ``OSError``) or a channel is full."""

log = logging.getLogger(__name__)


class SchoolRedisChannelLayer(RedisChannelLayer):  # type: ignore[misc]  # untyped base
    """channels_redis's layer that never holds up or fails a step or a page: Redis carries news, never records.

    Sending and joining or leaving a group wait at most ``REDIS_CALL_SECONDS``; a call that fails or takes longer
    is logged (once an outage) and dropped, and so is every call in the next ``REDIS_RETRY_SECONDS``, so a viewer
    misses that news while a trainee's step is still committed and answered at once. Receiving waits an outage out,
    asking Redis every ``REDIS_RETRY_SECONDS``. The first call Redis answers after an outage has this process's
    sockets join their groups again (a restarted Redis has forgotten them). Every bound is ``asyncio.timeout``:
    Python 3.11's ``asyncio.wait_for`` can lose a cancellation, and with it a closed socket's receive.
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        """channels_redis's layer, knowing which groups this process's sockets are in and whether Redis answers."""
        super().__init__(*args, **kwargs)
        self.memberships: set[tuple[str, str]] = set()
        self.answering = True
        self.quiet_until = float("-inf")
        """Calls are dropped unasked until then (time.monotonic), after one went unanswered."""
        self.outage: asyncio.Future[None] | None = None
        """The wait for Redis to answer again, shared by every receive that met the outage."""

    async def send(self, channel: str, message: dict[str, Any]) -> None:
        """Send to one channel, within the time bound."""
        await self._bounded("send", super().send(channel, message))

    async def group_send(self, group: str, message: dict[str, Any]) -> None:
        """Send to a group, within the time bound."""
        await self._bounded("group_send", super().group_send(group, message))

    async def group_add(self, group: str, channel: str) -> None:
        """Join a group, within the time bound; the membership is kept, to be made again after an outage."""
        self.memberships.add((group, channel))
        await self._bounded("group_add", super().group_add(group, channel))

    async def group_discard(self, group: str, channel: str) -> None:
        """Leave a group, within the time bound."""
        self.memberships.discard((group, channel))
        await self._bounded("group_discard", super().group_discard(group, channel))

    async def receive(self, channel: str) -> dict[str, Any]:
        """The channel's next message, however long Redis takes to answer again."""
        while True:
            try:
                message: dict[str, Any] = await super().receive(channel)
                return message
            except UNANSWERED as error:
                self._unanswered("receive", error)
                if self.outage is None or self.outage.done():
                    self.outage = asyncio.ensure_future(self._until_answered())
                await asyncio.shield(self.outage)

    async def _bounded(self, call: str, work: Coroutine[Any, Any, None]) -> None:
        """Wait for a call at most ``REDIS_CALL_SECONDS``; drop it if it fails, takes longer or follows one that did."""
        if time.monotonic() < self.quiet_until:
            work.close()
            return
        try:
            async with asyncio.timeout(REDIS_CALL_SECONDS):
                await work
        except UNANSWERED as error:
            self._unanswered(call, error)
        else:
            await self._answered()

    def _unanswered(self, call: str, error: BaseException) -> None:
        """Note that Redis did not answer: drop calls for a while, and log it once an outage."""
        self.quiet_until = time.monotonic() + REDIS_RETRY_SECONDS
        if self.answering:
            self.answering = False
            log.warning("Redis did not answer (%s: %r): tables go on, without live news, until it does.", call, error)

    async def _answered(self) -> None:
        """Note that Redis answered; after an outage, have this process's sockets join their groups again."""
        if self.answering:
            return
        self.answering = True
        self.quiet_until = 0.0  # Redis has just answered: the joins below are not dropped as calls in an outage
        for group, channel in list(self.memberships):
            await self._bounded("group_add", super().group_add(group, channel))
        log.warning("Redis answers again: %d group memberships made again.", len(self.memberships))

    async def _until_answered(self) -> None:
        """Ask Redis every ``REDIS_RETRY_SECONDS`` until every host answers, then note that it does."""
        while True:
            await asyncio.sleep(REDIS_RETRY_SECONDS)
            try:
                for index in range(self.ring_size):
                    async with asyncio.timeout(REDIS_CALL_SECONDS):
                        await self.connection(index).ping()
            except UNANSWERED:
                continue
            await self._answered()
            return
