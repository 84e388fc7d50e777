"""SQLite's write-ahead log copied back into the database by a thread of its own, so no step's commit waits for it.

Left to itself, SQLite copies the log into the database file (a checkpoint) inside whichever commit takes the
log past its limit: that commit then also waits for the copy and its flushes to disk, and every step behind it
waits too (under the WebSocket benchmark, a tenth of a second now and then). Here the limit is set high (the
``wal_autocheckpoint`` pragma in ``trainer.settings``, a safety net) and the process that writes steps
checkpoints every second on a thread of its own, in the PASSIVE mode that never blocks a reader or a writer.
"""

import logging
import sqlite3
import threading
import time
from pathlib import Path

from django.db import connection

CHECKPOINT_SECONDS = 1.0
"""How often the checkpoint thread copies the log into the database."""

logger = logging.getLogger(__name__)
_started = threading.Lock()
_running: list[threading.Thread] = []


def take_checkpoint(database: sqlite3.Connection) -> tuple[int, int, int]:
    """Copy what the log holds into the database without waiting for anyone; SQLite's (busy, logged, copied)."""
    busy, logged, copied = database.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()
    return busy, logged, copied


def _checkpoint_every_second(path: Path) -> None:
    """Take a checkpoint of the database file every :data:`CHECKPOINT_SECONDS` for as long as the process runs.

    The thread has its own SQLite connection, outside Django's: it only ever checkpoints.
    """
    database = sqlite3.connect(path, check_same_thread=False, isolation_level=None)
    while True:
        time.sleep(CHECKPOINT_SECONDS)
        try:
            take_checkpoint(database)
        except sqlite3.Error:
            logger.exception("The SQLite checkpoint failed; the next one tries again.")


def keep_checkpointing() -> threading.Thread | None:
    """The checkpoint thread of this process, started on the first call; None unless the database is SQLite.

    Every write calls it, so once the thread runs it only looks at the list that holds it.
    """
    if _running:
        return _running[0]
    if connection.vendor != "sqlite":
        return None
    with _started:
        if not _running:
            path = Path(connection.settings_dict["NAME"])
            thread = threading.Thread(
                target=_checkpoint_every_second, args=(path,), name="sqlite-checkpoints", daemon=True
            )
            thread.start()
            _running.append(thread)
        return _running[0]
