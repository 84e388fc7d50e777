"""WebSocket routes: the training table, one socket per attempt (and the benchmark's echo, only when enabled)."""

from django.urls import URLPattern, path

from trainer.bench_echo import bench_echo_routes
from trainer.consumers import TableConsumer

websocket_urlpatterns: list[URLPattern] = [
    path("ws/table/<int:attempt_id>/", TableConsumer.as_asgi(), name="table-socket"),
    *bench_echo_routes(),
]
