"""Daphne as the school runs it: its own command line, with WebSocket frames compressed.

A table's first frame is the whole table (about 24 KB of HTML); permessage-deflate sends it in about a tenth
(bench/ws_compression.py). Daphne builds its Autobahn factory without compression and has no option for it, so
this server turns it on once the factory exists, through Daphne's public ``ready_callable``. The frame size limit
and the closes with their reasons hold under stock ``daphne`` too (trainer/daphne_sockets.py).
"""

from typing import Any

from autobahn.websocket.compress import PerMessageDeflateOffer, PerMessageDeflateOfferAccept
from daphne.cli import CommandLineInterface
from daphne.server import Server


def accept_deflate(offers: list[Any]) -> PerMessageDeflateOfferAccept | None:
    """Accept the browser's first permessage-deflate offer; None (no compression) when it makes none."""
    for offer in offers:
        if isinstance(offer, PerMessageDeflateOffer):
            accept: PerMessageDeflateOfferAccept = PerMessageDeflateOfferAccept(offer)  # type: ignore[no-untyped-call]
            return accept
    return None


class SchoolServer(Server):  # type: ignore[misc]  # Daphne ships no type information
    """Daphne's server, its WebSockets compressed when the browser offers it."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        """Daphne's server, told to configure its WebSockets once it is listening."""
        super().__init__(*args, ready_callable=self.configure_websockets, **kwargs)

    def configure_websockets(self) -> None:
        """Accept permessage-deflate on the WebSocket factory (Autobahn reads it at each handshake)."""
        self.ws_factory.setProtocolOptions(perMessageCompressionAccept=accept_deflate)


class SchoolCommandLine(CommandLineInterface):  # type: ignore[misc]  # Daphne ships no type information
    """Daphne's command line, serving with :class:`SchoolServer`."""

    server_class = SchoolServer


if __name__ == "__main__":
    SchoolCommandLine.entrypoint()
