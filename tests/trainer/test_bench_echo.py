import pytest
from channels.routing import URLRouter
from django.contrib.auth import get_user_model
from django.contrib.auth.models import AnonymousUser
from socket_client import SocketClient

from trainer.bench_echo import BENCH_ECHO_VARIABLE, bench_echo_routes
from trainer.routing import websocket_urlpatterns


def test_the_echo_route_is_not_served_by_default():
    assert [pattern.name for pattern in websocket_urlpatterns] == ["table-socket"]


def test_the_echo_route_is_served_only_when_the_benchmark_enables_it(monkeypatch):
    monkeypatch.delenv(BENCH_ECHO_VARIABLE, raising=False)
    assert bench_echo_routes() == []
    monkeypatch.setenv(BENCH_ECHO_VARIABLE, "true")
    assert bench_echo_routes() == []
    monkeypatch.setenv(BENCH_ECHO_VARIABLE, "1")
    assert [route.name for route in bench_echo_routes()] == ["bench-echo"]


def echo_socket(user):
    communicator = SocketClient(URLRouter(bench_echo_routes()), "/ws/bench/echo/")
    communicator.scope["user"] = user
    return communicator


@pytest.mark.asyncio
@pytest.mark.django_db  # Channels checks the thread's database connection around each message
async def test_the_echo_consumer_sends_a_signed_in_users_text_frames_back_and_refuses_anonymous_users(monkeypatch):
    monkeypatch.setenv(BENCH_ECHO_VARIABLE, "1")
    assert await echo_socket(AnonymousUser()).connect() == (False, 4401)

    communicator = echo_socket(get_user_model()(username="alice"))
    accepted, _ = await communicator.connect()
    assert accepted
    await communicator.send_to(text_data='{"step": "announce_no_more_bets", "seq": "1"}')
    assert await communicator.receive_from() == '{"step": "announce_no_more_bets", "seq": "1"}'
    await communicator.send_to(bytes_data=b"\x00\x01")
    assert await communicator.receive_nothing()
    await communicator.disconnect()
