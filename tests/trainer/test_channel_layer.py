import asyncio
import os
import time

import pytest
from channels.layers import get_channel_layer

from trainer.channel_layer import SWEEP_INTERVAL_SECONDS, SweepingInMemoryChannelLayer


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
def test_the_single_process_settings_use_it(settings):
    assert settings.CHANNEL_LAYERS["default"]["BACKEND"] == "trainer.channel_layer.SweepingInMemoryChannelLayer"


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


@pytest.mark.skipif("REDIS_URL" not in os.environ, reason="REDIS_URL selects channels_redis")
def test_redis_is_the_schools_bounded_layer_with_a_read_timeout_longer_than_its_blocking_wait(settings):
    layer = settings.CHANNEL_LAYERS["default"]
    assert layer["BACKEND"] == "trainer.channel_layer.SchoolRedisChannelLayer"
    assert layer["CONFIG"]["hosts"][0]["socket_timeout"] > get_channel_layer().brpop_timeout
