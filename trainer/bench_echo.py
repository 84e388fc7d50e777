"""A bare echo WebSocket for the load benchmark (bench/ws_load.py): the stack's cost without the product's work.

The route exists only when the environment variable ``DEALER_SCHOOL_BENCH_ECHO`` is ``1`` as the ASGI application
is loaded; it is never served otherwise. The consumer is a synchronous ``WebsocketConsumer`` behind the same
origin check and session login as the training table, so that the benchmark's ratio measures the table's own work
(services, grading, database, HTML) over the same Channels machinery.
"""

import os

from channels.generic.websocket import WebsocketConsumer
from django.urls import URLPattern, path

from trainer.socket_user import socket_user

BENCH_ECHO_VARIABLE = "DEALER_SCHOOL_BENCH_ECHO"


class EchoConsumer(WebsocketConsumer):
    """Send every text frame straight back to a signed-in user."""

    def connect(self) -> None:
        """Accept a signed-in user only."""
        if socket_user(self.scope).is_authenticated:
            self.accept()
        else:
            self.close(code=4401)

    def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        """Echo a text frame; ignore a binary one."""
        if text_data is not None:
            self.send(text_data=text_data)


def bench_echo_routes() -> list[URLPattern]:
    """The echo route when the benchmark enables it, else none."""
    if os.environ.get(BENCH_ECHO_VARIABLE) != "1":
        return []
    return [path("ws/bench/echo/", EchoConsumer.as_asgi(), name="bench-echo")]  # type: ignore[arg-type]  # see routing.py
