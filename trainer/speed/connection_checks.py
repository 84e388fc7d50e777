"""A step thread's database connection checked at most once a second, not before and after every step.

Channels' ``database_sync_to_async`` has Django check the thread's connection before and after every call
(``close_old_connections``), and with ``CONN_HEALTH_CHECKS`` that check is a query (PostgreSQL's ``SELECT 1``)
before each step's own. Here a thread checks its connection before a step only when it has not in the last
:data:`CONNECTION_CHECK_SECONDS`, and always after a step that failed, so a connection the database dropped is
replaced by the next step, as Django would replace it. It overrides asgiref's ``SyncToAsync.thread_handler``, as
Channels' own ``DatabaseSyncToAsync`` does (tests/trainer/test_upgrade_canaries.py watches its signature).
"""

import threading
import time
from typing import Any, ParamSpec, TypeVar

from asgiref.sync import SyncToAsync
from django.db import close_old_connections

CONNECTION_CHECK_SECONDS = 1.0
"""How long a step thread trusts its database connection after checking it."""

_checked = threading.local()
Arguments = ParamSpec("Arguments")
Result = TypeVar("Result")


class CheckedOnceASecond(SyncToAsync[Arguments, Result]):
    """asgiref's ``SyncToAsync``, checking the thread's database connection as the module says."""

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
