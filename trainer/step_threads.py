"""The step threads: a small pool that takes the table sockets' steps, each thread with its own database connection.

A step is one synchronous call (the services and the HTML, which touch the database) on one of these threads, so
that one step's commit, waiting for the disk, does not hold up the next step. Channels' ``DatabaseSyncToAsync``
runs it there, checking the thread's connection before and after every step as Django does for a request (checking
at most once a second instead saved under 5% of a step's CPU: bench/results/speed-devices.md).
"""

import threading
from collections.abc import Callable, Coroutine
from concurrent.futures import ThreadPoolExecutor
from typing import Any, ParamSpec, TypeVar

from channels.db import DatabaseSyncToAsync
from django.db import connections

STEP_THREAD_COUNT = 4

STEP_THREADS = ThreadPoolExecutor(max_workers=STEP_THREAD_COUNT, thread_name_prefix="table-step")
"""The threads that take the steps and draw the answers, each with its own database connection."""

Arguments = ParamSpec("Arguments")
Result = TypeVar("Result")


def on_step_thread(call: Callable[Arguments, Result]) -> Callable[Arguments, Coroutine[Any, Any, Result]]:
    """``call`` as a coroutine function run on a step thread."""
    return DatabaseSyncToAsync(call, thread_sensitive=False, executor=STEP_THREADS)


def close_step_threads() -> None:
    """Have every step thread close its database connections, then end the threads: no step is taken after this.

    Each thread keeps its connection open between steps (CONN_MAX_AGE), and a connection can only be closed on its
    own thread: one task per thread, held at a barrier until every thread has one, reaches them all.
    """
    everyone = threading.Barrier(STEP_THREAD_COUNT)

    def close_connections() -> None:
        everyone.wait(timeout=10)
        connections.close_all()

    for closed in [STEP_THREADS.submit(close_connections) for _ in range(STEP_THREAD_COUNT)]:
        closed.result()
    STEP_THREADS.shutdown()
