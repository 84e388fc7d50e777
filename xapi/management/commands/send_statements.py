"""Send the queued xAPI statements to the learning record store, pass after pass, until stopped (or once)."""

import time
from argparse import ArgumentParser
from datetime import timedelta
from typing import Any

from django.core.management.base import BaseCommand, CommandError
from django.db import close_old_connections
from django.utils import timezone

from xapi import statements
from xapi.sender import forget_sent, send_due


class Command(BaseCommand):
    """Deliver the outbox of xAPI statements: every few seconds, or one pass with --once."""

    help = "Send the queued xAPI statements to the learning record store (DJANGO_XAPI_URL), retrying with backoff."

    def add_arguments(self, parser: ArgumentParser) -> None:
        """Add --once and --interval."""
        parser.add_argument("--once", action="store_true", help="send what is due now, then stop")
        parser.add_argument(
            "--interval", type=float, default=2.0, help="seconds between passes over the queue (default 2)"
        )
        parser.add_argument(
            "--keep-sent-days",
            type=int,
            default=30,
            help="days a sent statement stays in the outbox before it is deleted (default 30)",
        )

    def handle(self, *args: Any, once: bool, interval: float, keep_sent_days: int, **options: Any) -> None:
        """Refuse when xAPI is off; otherwise send what is due, and again after each interval unless --once.

        Each pass also deletes the statements sent more than ``keep_sent_days`` days ago.
        """
        if not statements.enabled():
            raise CommandError("No learning record store: set DJANGO_XAPI_URL (docs/running-a-school.md).")
        if interval <= 0:
            raise CommandError("--interval is a number of seconds above 0.")
        if keep_sent_days < 0:
            raise CommandError("--keep-sent-days is a number of days, 0 or more.")
        while True:
            done = send_due()
            forget_sent(timezone.now() - timedelta(days=keep_sent_days))
            if done.sent or done.failed:
                failed = f"; {done.failed} failed, to be retried ({done.error})" if done.failed else ""
                self.stdout.write(f"Sent {done.sent} statements{failed}.")
                self.stdout.flush()
            if once:
                return
            time.sleep(interval)
            close_old_connections()
