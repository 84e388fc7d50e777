"""Daphne as the school runs it: its own command line, with WebSocket frames compressed when the browser offers it.

A table's first frame is the whole table (about 24 KB of HTML); permessage-deflate sends it in about a tenth
(bench/ws_compression.py). Daphne builds its Autobahn factory without compression and has no option for it, so
this server turns it on once the factory exists, through Daphne's public ``ready_callable``.
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


class CompressingServer(Server):  # type: ignore[misc]  # Daphne ships no type information
    """Daphne's server, accepting permessage-deflate on every WebSocket."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        """Daphne's server, told to turn compression on once it is listening."""
        super().__init__(*args, ready_callable=self.compress_websocket_frames, **kwargs)

    def compress_websocket_frames(self) -> None:
        """Let the WebSocket factory accept permessage-deflate (Autobahn reads it at each handshake)."""
        self.ws_factory.setProtocolOptions(perMessageCompressionAccept=accept_deflate)


class SchoolCommandLine(CommandLineInterface):  # type: ignore[misc]  # Daphne ships no type information
    """Daphne's command line, serving with :class:`CompressingServer`."""

    server_class = CompressingServer


if __name__ == "__main__":
    SchoolCommandLine.entrypoint()
