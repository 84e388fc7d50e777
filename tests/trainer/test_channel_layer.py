import os
import time

import pytest

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
