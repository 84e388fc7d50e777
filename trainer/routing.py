"""WebSocket routes; the training-table consumer adds its route here."""

from django.urls import URLPattern

websocket_urlpatterns: list[URLPattern] = []
