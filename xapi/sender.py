"""Sending the queued xAPI statements to the learning record store: in batches, retried with backoff, none lost.

A batch is marked sent only once the store has answered that it took it; a statement sent again after a crash in
between is the same statement (its id) and the store keeps one (xAPI 1.0.3: a statement whose id it holds changes
nothing). When the store cannot be reached or fails (a connection error, a time-out, a 5xx, a refused key) the batch
waits and the pass stops; when it refuses a batch as bad (another 4xx), each statement is sent on its own so one bad
statement holds up no other. Every failed try is counted on the statement, with its reason, and the statement waits
twice as long as after the try before (:func:`retry_delay`).

The client is the standard library's ``urllib``: one POST of a JSON array with two headers needs no connection pool,
session or retry policy of a third-party client, and adds nothing to keep pinned and patched.
"""

from __future__ import annotations

import base64
import http.client
import json
import urllib.error
import urllib.request
from dataclasses import dataclass
from datetime import datetime, timedelta

from django.conf import settings
from django.db.models import Q
from django.utils import timezone

from xapi.models import QueuedStatement
from xapi.statements import VERSION

BATCH_SIZE = 50
TIMEOUT_SECONDS = 10
FIRST_RETRY = timedelta(seconds=5)
LAST_RETRY = timedelta(minutes=10)
ERROR_LENGTH = 1000
REFUSALS_TO_RETRY = frozenset({401, 403, 408, 429})
"""4xx answers that are about the store or the key, not the statements: the whole batch waits."""


def retry_delay(tries: int) -> timedelta:
    """How long a statement waits after its ``tries``-th failed try: doubling from 5 s, at most 10 minutes.

    >>> [retry_delay(tries).total_seconds() for tries in (1, 2, 3, 20)]
    [5.0, 10.0, 20.0, 600.0]
    """
    return min(FIRST_RETRY * (1 << min(tries - 1, 16)), LAST_RETRY)


class StoreError(Exception):
    """The store did not take a batch: why, and whether it refused the statements themselves (a bad batch)."""

    def __init__(self, reason: str, *, refused: bool) -> None:
        """Keep the reason and whether the statements were refused."""
        super().__init__(reason)
        self.refused = refused


def post_statements(statements: list[dict[str, object]]) -> None:
    """POST the statements to the store's ``statements`` resource; StoreError unless it answered 2xx."""
    credentials = base64.b64encode(f"{settings.XAPI_KEY}:{settings.XAPI_SECRET}".encode()).decode()
    request = urllib.request.Request(
        f"{settings.XAPI_URL}/statements",
        data=json.dumps(statements).encode(),
        method="POST",
        headers={
            "Content-Type": "application/json",
            "X-Experience-API-Version": VERSION,
            "Authorization": f"Basic {credentials}",
        },
    )
    try:
        with urllib.request.urlopen(request, timeout=TIMEOUT_SECONDS) as response:
            response.read()
    except urllib.error.HTTPError as error:
        body = error.read().decode(errors="replace")
        refused = 400 <= error.code < 500 and error.code not in REFUSALS_TO_RETRY
        raise StoreError(f"HTTP {error.code}: {body}"[:ERROR_LENGTH], refused=refused) from error
    except (OSError, http.client.HTTPException) as error:
        raise StoreError(f"{type(error).__name__}: {error}"[:ERROR_LENGTH], refused=False) from error


@dataclass
class Pass:
    """What one pass over the outbox did: statements sent, failed tries, and the last failure's reason."""

    sent: int = 0
    failed: int = 0
    error: str = ""


def due_statements(now: datetime) -> list[QueuedStatement]:
    """The next batch of statements waiting and due by now, oldest first; an exam round's only once it is over."""
    released = Q(exam_round__isnull=True) | Q(exam_round__finished_at__isnull=False)
    waiting = QueuedStatement.objects.filter(released, sent_at__isnull=True, next_try_at__lte=now)
    return list(waiting.order_by("queued_at")[:BATCH_SIZE])


def record_failure(batch: list[QueuedStatement], error: StoreError, now: datetime, done: Pass) -> None:
    """Count a failed try on each statement of the batch, with the reason, and put its next try off."""
    for queued in batch:
        queued.tries += 1
        queued.last_error = str(error)
        queued.next_try_at = now + retry_delay(queued.tries)
    QueuedStatement.objects.bulk_update(batch, ["tries", "last_error", "next_try_at"])
    done.failed += len(batch)
    done.error = str(error)


def deliver(batch: list[QueuedStatement], now: datetime, done: Pass) -> bool:
    """Send a batch and record the outcome; whether the store is still worth trying in this pass."""
    try:
        post_statements([queued.statement for queued in batch])
    except StoreError as error:
        if error.refused and len(batch) > 1:
            return all(deliver([queued], now, done) for queued in batch)
        record_failure(batch, error, now, done)
        return error.refused
    QueuedStatement.objects.filter(pk__in=[queued.pk for queued in batch]).update(sent_at=now)
    done.sent += len(batch)
    return True


def send_due(now: datetime | None = None) -> Pass:
    """Send every statement due by ``now`` (default: now), batch after batch, until none is due or the store fails."""
    now = timezone.now() if now is None else now
    done = Pass()
    while (batch := due_statements(now)) and deliver(batch, now, done):
        pass
    return done


def forget_sent(before: datetime) -> int:
    """Delete the statements the store took before then (it keeps them); how many."""
    deleted, _ = QueuedStatement.objects.filter(sent_at__lt=before).delete()
    return deleted
