"""The process's one writer: transactions that write queue here, one at a time, rather than in SQLite's busy-wait."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager

from django.db import transaction

from trainer.checkpoints import keep_checkpointing

_one_writer = threading.Lock()


@contextmanager
def writing() -> Iterator[None]:
    """A transaction that writes, one at a time in this process.

    Steps run on several threads so that one step's commit, waiting for the disk, does not hold up the next
    step's grading; their writes queue here rather than in SQLite's busy-wait, which sleeps in milliseconds.
    On SQLite, the first write starts the process's checkpoint thread (:mod:`trainer.checkpoints`).
    """
    keep_checkpointing()
    with _one_writer, transaction.atomic():
        yield
