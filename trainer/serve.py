"""Daphne as the school runs it: its own command line, with WebSocket frames compressed and limited, closes explained.

A table's first frame is the whole table (about 24 KB of HTML); permessage-deflate sends it in about a tenth
(bench/ws_compression.py). Daphne builds its Autobahn factory without compression and has no option for it, so
this server turns it on once the factory exists, through Daphne's public ``ready_callable``. It also sets the frame
size limit to the school's ``WEBSOCKET_MAX_FRAME_BYTES`` (trainer/frame_limits.py; Daphne's command-line flags for
it are overridden) and gives the factory a protocol that explains its closes: Daphne drops the reason of the
application's close, and Autobahn drops the connection (1006, no reason) on an oversized frame; here both close
with their code and a reason the page shows.
"""

from typing import Any

from autobahn.websocket.compress import PerMessageDeflateOffer, PerMessageDeflateOfferAccept
from daphne.cli import CommandLineInterface
from daphne.server import Server
from daphne.ws_protocol import WebSocketProtocol
from django.conf import settings

from trainer.frame_limits import too_big


def accept_deflate(offers: list[Any]) -> PerMessageDeflateOfferAccept | None:
    """Accept the browser's first permessage-deflate offer; None (no compression) when it makes none."""
    for offer in offers:
        if isinstance(offer, PerMessageDeflateOffer):
            accept: PerMessageDeflateOfferAccept = PerMessageDeflateOfferAccept(offer)  # type: ignore[no-untyped-call]
            return accept
    return None


class ExplainingProtocol(WebSocketProtocol):  # type: ignore[misc]  # Daphne ships no type information
    """Daphne's WebSocket protocol, sending the reason of every close it makes.

    A close with a reason is the application failing the connection (a breach of the frame limits, or a socket the
    database could not open): Autobahn sends the code and the reason (its public ``sendClose`` takes no 1008, 1009 or
    1013) and reads nothing more from the socket.
    """

    def handle_reply(self, message: dict[str, Any]) -> None:
        """Send the application's close with its reason (Daphne's own sends the code alone)."""
        if message.get("type") == "websocket.close" and message.get("reason") and self.state == self.STATE_OPEN:
            self._fail_connection(message.get("code", 1000), message["reason"])
            return
        super().handle_reply(message)

    def _max_message_size_exceeded(self, size: int, limit: int, reason: str) -> None:
        """Close with 1009 and the school's reason on a frame over the limit (Autobahn's hook, read from its header)."""
        breach = too_big(limit)
        self._fail_connection(breach.code, breach.reason)


class SchoolServer(Server):  # type: ignore[misc]  # Daphne ships no type information
    """Daphne's server, its WebSockets compressed, limited to the school's frame size and explaining their closes."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        """Daphne's server, told to configure its WebSockets once it is listening."""
        super().__init__(*args, ready_callable=self.configure_websockets, **kwargs)

    def configure_websockets(self) -> None:
        """Give the WebSocket factory its protocol, permessage-deflate and the frame size limit.

        Autobahn reads these at each handshake. With ``failByDrop`` off it closes a failed connection with a close
        frame (code and reason) rather than dropping it.
        """
        self.ws_factory.protocol = ExplainingProtocol
        self.ws_factory.setProtocolOptions(
            perMessageCompressionAccept=accept_deflate,
            maxFramePayloadSize=settings.WEBSOCKET_MAX_FRAME_BYTES,
            maxMessagePayloadSize=settings.WEBSOCKET_MAX_FRAME_BYTES,
            failByDrop=False,
        )


class SchoolCommandLine(CommandLineInterface):  # type: ignore[misc]  # Daphne ships no type information
    """Daphne's command line, serving with :class:`SchoolServer`."""

    server_class = SchoolServer


if __name__ == "__main__":
    SchoolCommandLine.entrypoint()
