"""The live rounds this process holds in memory, so that a step need not replay its round from the database.

Kept by measurement: a step costs 2.7 ms of CPU with it against 12.3 ms replaying the round (bench/table_step.py,
bench/results/speed-devices.md).
"""

import threading
from collections import OrderedDict
from typing import Generic, TypeVar

Live = TypeVar("Live")


class LiveRounds(Generic[Live]):
    """Live rounds by attempt id, the least recently used forgotten beyond ``size``; safe to share between threads."""

    def __init__(self, size: int) -> None:
        """An empty cache holding at most ``size`` rounds."""
        self.size = size
        self._rounds: OrderedDict[int, Live] = OrderedDict()
        self._lock = threading.Lock()

    def hold(self, attempt_id: int, live: Live) -> None:
        """Keep a live round, forgetting the least recently used beyond the cache's size."""
        with self._lock:
            self._rounds[attempt_id] = live
            self._rounds.move_to_end(attempt_id)
            while len(self._rounds) > self.size:
                self._rounds.popitem(last=False)

    def held(self, attempt_id: int) -> Live | None:
        """The live round as last kept, if still in memory (it may be behind the database)."""
        with self._lock:
            return self._rounds.get(attempt_id)

    def forget(self, attempt_id: int) -> None:
        """Drop a live round; the next use replays it from the database."""
        with self._lock:
            self._rounds.pop(attempt_id, None)
