"""WebSocket routes: the training table, one socket per attempt."""

from django.urls import URLPattern, path

from trainer.consumers import TableConsumer

websocket_urlpatterns: list[URLPattern] = [
    path("ws/table/<int:attempt_id>/", TableConsumer.as_asgi(), name="table-socket"),
]
