"""Group commit: the steps waiting to be written go into one transaction, so one flush to disk serves them all.

With every commit flushed to disk (SQLite's ``synchronous=full``, PostgreSQL's ``synchronous_commit``), a
transaction a step costs one flush a step, a few milliseconds each, taken one at a time: that caps a process
at a few hundred steps a second however fast the steps are graded. Here a step thread queues its writes and
waits for the writer's lock; whoever gets the lock with its own writes still queued commits everything queued
in one transaction, each step's writes inside a savepoint of their own, so a step that fails rolls back alone (a
batch of one step needs no savepoint: its transaction is its own). No step is answered before the transaction
holding its writes is committed.
"""

import threading
from collections.abc import Callable
from dataclasses import dataclass

from django.db import transaction


@dataclass
class _QueuedWrites:
    """One step's writes waiting for a batch, and what happened to them once the batch is committed."""

    write: Callable[[], None]
    committed: bool = False
    error: BaseException | None = None


class GroupCommit:
    """A queue of writes committed in batches, one batch at a time, under the process's writer lock."""

    def __init__(self, writer: threading.Lock) -> None:
        """Batches take ``writer``, the lock every other transaction that writes in this process takes too."""
        self._writer = writer
        self._queue: list[_QueuedWrites] = []
        self._queue_lock = threading.Lock()

    def commit(self, write: Callable[[], None]) -> None:
        """Run ``write`` in the next batch; return once the batch is committed, or raise what it or the commit did."""
        queued = _QueuedWrites(write)
        with self._queue_lock:
            self._queue.append(queued)
        with self._writer:
            if not queued.committed:
                self._commit_queued()
        if queued.error is not None:
            raise queued.error

    def _commit_queued(self) -> None:
        """Write everything queued so far in one transaction, each step in a savepoint; mark each one done."""
        with self._queue_lock:
            batch, self._queue = self._queue, []
        try:
            with transaction.atomic():
                if len(batch) == 1:
                    batch[0].write()
                else:
                    self._write_each(batch)
        except BaseException as error:
            for queued in batch:
                queued.error = queued.error or error
            raise
        finally:
            for queued in batch:
                queued.committed = True

    @staticmethod
    def _write_each(batch: list[_QueuedWrites]) -> None:
        """Each step's writes in a savepoint of their own: a step that fails rolls back alone and learns why."""
        for queued in batch:
            try:
                with transaction.atomic():
                    queued.write()
            except Exception as error:  # the step's own thread raises it
                queued.error = error
