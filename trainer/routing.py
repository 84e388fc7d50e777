"""WebSocket routes: the training table, one socket per attempt (and the benchmark's echo, only when enabled)."""

from typing import Any

from django.urls import path

from trainer.bench_echo import bench_echo_routes
from trainer.consumers import TableConsumer

websocket_urlpatterns: list[Any] = [  # URLRouter's type: consumer routes
    # django-stubs types path() for HTTP views only; Channels routes consumers (ASGI apps) with the same path().
    path("ws/table/<int:attempt_id>/", TableConsumer.as_asgi(), name="table-socket"),  # type: ignore[arg-type]
    *bench_echo_routes(),
]
