"""Daphne's WebSocket protocol as the school needs it, under stock ``daphne`` and ``dealer_school/serve.py`` alike.

Daphne drops the reason of the application's close, refuses to send some codes (Autobahn's public ``sendClose``
takes only 1000 and 3000–4999) and, after the close, reads the socket on, queueing every frame for an application
that has stopped listening; it drops a connection (1006, no reason) on a frame over its size limit. This protocol
closes with the application's code and reason and then discards the socket's frames as Autobahn reads them
(a failed connection's frames are never assembled), or reads nothing more from a socket closed for breaching its
limits (Twisted's public ``pauseProducing``), and closes a frame over ``WEBSOCKET_MAX_FRAME_BYTES`` the same way,
from its header. Every :data:`CLOSES_PER_COLLECTION` closed sockets it runs a full garbage collection: a closed
socket's objects sit in reference cycles (Daphne's and Autobahn's protocol, its deferreds, the compressor) holding C
memory the collector does not count. :func:`install` makes it Daphne's protocol before Daphne builds its
factory: the only place the school touches Daphne's and Autobahn's internals; tests/trainer/test_daphne_sockets.py
is its upgrade canary.
"""

import gc
import itertools
from typing import Any

from daphne import ws_protocol
from django.conf import settings

from trainer.frame_limits import BREACH_CLOSE_CODES, too_big

CLOSES_PER_COLLECTION = 50
"""Closed sockets between two full garbage collections: what they keep is a few hundred KB each at most."""

_closes = itertools.count(1)


class SchoolWebSocketProtocol(ws_protocol.WebSocketProtocol):  # type: ignore[misc]  # Daphne ships no type information
    """Daphne's WebSocket protocol, closing with code and reason and reading nothing from a socket it has closed."""

    failByDrop = False
    """Fail a connection with a close frame (code and reason), not by dropping it (Autobahn keeps a class's option)."""

    def onConnect(self, request: Any) -> Any:
        """Daphne's handshake, with the school's frame size limit for this connection."""
        self.maxFramePayloadSize = self.maxMessagePayloadSize = settings.WEBSOCKET_MAX_FRAME_BYTES
        return super().onConnect(request)

    def onClose(self, wasClean: bool, code: int | None, reason: str | None) -> None:
        """Daphne's close (Autobahn's hook), then a full collection if this is the last of ``CLOSES_PER_COLLECTION``."""
        super().onClose(wasClean, code, reason)
        if next(_closes) % CLOSES_PER_COLLECTION == 0:
            gc.collect()

    def handle_reply(self, message: dict[str, Any]) -> None:
        """Close an open socket with the application's code and reason, dropping its frames from then on."""
        if message.get("type") == "websocket.close" and self.state == self.STATE_OPEN:
            self.fail(message.get("code") or 1000, message.get("reason") or "")
            return
        super().handle_reply(message)

    def fail(self, code: int, reason: str) -> None:
        """Send the close, dropping the socket's frames from then on; stop reading a socket that breached a limit.

        A breaching client is likely still sending: unread, its frames wait in the kernel's buffers, a few hundred
        KB at most, until Autobahn drops the connection a second later for want of the client's answering close.
        """
        self._fail_connection(code, reason)
        if code in BREACH_CLOSE_CODES:
            self.transport.pauseProducing()

    def _max_message_size_exceeded(self, size: int, limit: int, reason: str) -> None:
        """Close a frame over the limit with the school's code and reason (Autobahn's hook, read from its header)."""
        breach = too_big(limit)
        self.fail(breach.code, breach.reason)


def install() -> None:
    """Make :class:`SchoolWebSocketProtocol` the protocol of every WebSocket factory Daphne builds from now on."""
    ws_protocol.WebSocketFactory.protocol = SchoolWebSocketProtocol
