"""Channels' in-memory channel layer, its expiry sweep run at most once a second.

Channels' ``InMemoryChannelLayer`` walks every channel and every group for expired messages and memberships on
each send to a group and each receive, so its cost per message grows with the number of open tables. Messages
expire after a minute and memberships after a day; sweeping at most once a second expires them just as surely.
It overrides Channels' private ``_clean_expired`` (tests/trainer/test_upgrade_canaries.py watches it). Kept by
measurement: a watched step's group message costs 221 µs against the stock layer's 487 at 100 open tables and 235
against 1,518 at 400 (bench/channel_layer.py, bench/results/speed-devices.md).
"""

import time

from channels.layers import InMemoryChannelLayer

SWEEP_INTERVAL_SECONDS = 1.0


class SweepingInMemoryChannelLayer(InMemoryChannelLayer):
    """Channels' in-memory channel layer with its expiry sweep run at most once per ``SWEEP_INTERVAL_SECONDS``."""

    next_sweep = 0.0

    def _clean_expired(self) -> None:
        """Sweep expired messages and group memberships, unless the last sweep was under a second ago."""
        now = time.monotonic()
        if now >= self.next_sweep:
            self.next_sweep = now + SWEEP_INTERVAL_SECONDS
            super()._clean_expired()  # type: ignore[misc]  # Channels' private method, absent from types-channels
