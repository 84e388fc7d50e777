import asyncio
import os
import time

import pytest
from channels.layers import get_channel_layer
from django.conf import settings

from dealer_school.settings import redis_channel_layer
from trainer.channel_layer import REDIS_CALL_SECONDS, SchoolRedisChannelLayer
from trainer.speed.channel_layer import SWEEP_INTERVAL_SECONDS, SweepingInMemoryChannelLayer

pytestmark = pytest.mark.storage


@pytest.mark.asyncio
async def test_an_expired_message_is_swept_and_its_channel_leaves_its_groups():
    layer = SweepingInMemoryChannelLayer(expiry=0)
    await layer.group_add("attempt-1", "specific.a")
    await layer.send("specific.a", {"type": "table.updated"})
    time.sleep(0.01)
    await layer.group_send("attempt-2", {"type": "table.updated"})
    assert "specific.a" not in layer.channels
    assert "specific.a" not in layer.groups.get("attempt-1", {})


@pytest.mark.asyncio
async def test_it_sweeps_at_most_once_per_interval():
    layer = SweepingInMemoryChannelLayer(expiry=0)
    await layer.group_send("attempt-2", {"type": "table.updated"})
    await layer.send("specific.a", {"type": "table.updated"})
    time.sleep(0.01)
    await layer.group_send("attempt-2", {"type": "table.updated"})
    assert "specific.a" in layer.channels, "swept again within the interval"
    layer.next_sweep -= SWEEP_INTERVAL_SECONDS
    await layer.group_send("attempt-2", {"type": "table.updated"})
    assert "specific.a" not in layer.channels


@pytest.mark.skipif("REDIS_URL" in os.environ, reason="REDIS_URL selects channels_redis")
def test_the_single_process_settings_use_it_with_the_cached_store_and_channels_own_with_the_plain(settings):
    layers = {
        "cached": "trainer.speed.channel_layer.SweepingInMemoryChannelLayer",
        "plain": "channels.layers.InMemoryChannelLayer",
    }
    assert settings.CHANNEL_LAYERS["default"]["BACKEND"] == layers[settings.ROUND_STORE]


@pytest.mark.skipif("REDIS_URL" not in os.environ, reason="needs a Redis server in REDIS_URL")
@pytest.mark.asyncio
async def test_an_idle_consumer_keeps_waiting_on_redis_past_the_clients_default_five_second_timeout():
    layer = get_channel_layer()
    channel = await layer.new_channel()

    async def send_later():
        await asyncio.sleep(6)
        await layer.send(channel, {"type": "table.updated"})

    sender = asyncio.create_task(send_later())
    assert await asyncio.wait_for(layer.receive(channel), 10) == {"type": "table.updated"}
    await sender
    await layer.flush()


@pytest.mark.skipif("REDIS_URL" not in os.environ, reason="needs a Redis server in REDIS_URL")
@pytest.mark.asyncio
async def test_three_hundred_sockets_join_their_groups_on_redis_at_once_past_the_clients_default_pool_of_100():
    layer = get_channel_layer()
    channels = [await layer.new_channel() for _ in range(300)]
    await asyncio.gather(*(layer.group_add(f"attempt-{n}-dealer", channel) for n, channel in enumerate(channels)))
    await asyncio.gather(*(layer.group_discard(f"attempt-{n}-dealer", channel) for n, channel in enumerate(channels)))
    await layer.flush()


@pytest.mark.skipif("REDIS_URL" not in os.environ, reason="needs a Redis server in REDIS_URL")
@pytest.mark.asyncio
async def test_two_schools_with_their_own_prefixes_on_one_redis_neither_hear_nor_flush_each_others_groups():
    first, second = (
        SchoolRedisChannelLayer(**redis_channel_layer(os.environ["REDIS_URL"], prefix)["CONFIG"])
        for prefix in ("school-a:", "school-b:")
    )
    listening = await second.new_channel()
    await second.group_add("attempt-1", listening)
    await first.group_send("attempt-1", {"type": "table.updated"})
    await first.flush()
    with pytest.raises(TimeoutError):
        await asyncio.wait_for(second.receive(listening), 0.2)
    await second.group_send("attempt-1", {"type": "table.updated"})
    assert await asyncio.wait_for(second.receive(listening), REDIS_CALL_SECONDS) == {"type": "table.updated"}
    await second.flush()
    await first.close_pools()
    await second.close_pools()


@pytest.mark.skipif("REDIS_URL" not in os.environ, reason="REDIS_URL selects channels_redis")
def test_redis_is_the_schools_bounded_layer_whose_client_has_no_socket_timeout_of_its_own(settings):
    layer = settings.CHANNEL_LAYERS["default"]
    assert layer["BACKEND"] == "trainer.channel_layer.SchoolRedisChannelLayer"
    assert layer["CONFIG"]["hosts"][0]["socket_timeout"] is None, "the layer bounds its calls with asyncio.timeout"


@pytest.mark.skipif("REDIS_URL" not in os.environ, reason="needs a Redis server in REDIS_URL")
@pytest.mark.asyncio
async def test_a_socket_closed_while_its_receive_talks_to_redis_ends_its_receive():
    """A consumer cancels its receive when its socket closes; the cancel must not be lost inside a Redis call."""
    for turns in range(60):
        layer = SchoolRedisChannelLayer(hosts=settings.CHANNEL_LAYERS["default"]["CONFIG"]["hosts"])
        receive = asyncio.ensure_future(layer.receive(await layer.new_channel()))
        for _ in range(turns):
            await asyncio.sleep(0)
        receive.cancel()
        done, _ = await asyncio.wait({receive}, timeout=REDIS_CALL_SECONDS)
        assert receive in done and receive.cancelled(), f"a receive cancelled after {turns} turns went on"
        await layer.close_pools()
