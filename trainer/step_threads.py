"""The step threads: a small pool that takes the table sockets' steps, each thread with its own database connection.

A step is one synchronous call (the services and the HTML, which touch the database) on one of these threads, so
that one step's commit, waiting for the disk, does not hold up the next step. Channels' ``database_sync_to_async``
has Django check the thread's connection before and after every call (``close_old_connections``), and with
``CONN_HEALTH_CHECKS`` that check is a query (PostgreSQL's ``SELECT 1``) before each step's own. Here a thread checks
its connection before a step only when it has not in the last :data:`CONNECTION_CHECK_SECONDS`, and always after a
step that failed, so a connection the database dropped is replaced by the next step, as Django would replace it.
"""

import threading
import time
from collections.abc import Callable, Coroutine
from concurrent.futures import ThreadPoolExecutor
from typing import Any, ParamSpec, TypeVar

from asgiref.sync import SyncToAsync
from django.db import close_old_connections, connections

STEP_THREAD_COUNT = 4
CONNECTION_CHECK_SECONDS = 1.0
"""How long a step thread trusts its database connection after checking it."""

STEP_THREADS = ThreadPoolExecutor(max_workers=STEP_THREAD_COUNT, thread_name_prefix="table-step")
"""The threads that take the steps and draw the answers, each with its own database connection."""

_checked = threading.local()
Arguments = ParamSpec("Arguments")
Result = TypeVar("Result")


class _OnStepThread(SyncToAsync[Arguments, Result]):
    """asgiref's ``SyncToAsync`` on the step threads, checking the thread's connection as the module says."""

    def thread_handler(self, loop: Any, *args: Any, **kwargs: Any) -> Any:
        """Check the connection if it is due, run the call, and check it again if the call failed."""
        if time.monotonic() - getattr(_checked, "at", float("-inf")) >= CONNECTION_CHECK_SECONDS:
            close_old_connections()
            _checked.at = time.monotonic()
        try:
            return super().thread_handler(loop, *args, **kwargs)  # type: ignore[no-untyped-call]  # asgiref's own
        except BaseException:
            close_old_connections()
            raise


def on_step_thread(call: Callable[Arguments, Result]) -> Callable[Arguments, Coroutine[Any, Any, Result]]:
    """``call`` as a coroutine function run on a step thread."""
    return _OnStepThread(call, thread_sensitive=False, executor=STEP_THREADS)


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
