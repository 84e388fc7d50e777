"""`migrate`, and the `school` command's migrate step, run with PostgreSQL's statement timeout off; it is back after.

Against the PostgreSQL server in DATABASE_URL. The session's timeout is first cut to 0.2 s, so a statement of 0.5 s
run while migrating would be cancelled were the timeout not lifted; after migrating the session has the school's
timeout again, the connection's own (DJANGO_DB_STATEMENT_TIMEOUT).
"""

import os
from collections.abc import Iterator
from contextlib import contextmanager
from io import StringIO

import pytest
from django.conf import settings
from django.core.management import call_command
from django.db import connection
from django.db.models.signals import pre_migrate

pytestmark = [
    pytest.mark.storage,
    pytest.mark.skipif(
        not os.environ.get("DATABASE_URL", "").startswith("postgres"),
        reason="needs a PostgreSQL server in DATABASE_URL",
    ),
]

LONGER_THAN_THE_TIMEOUT = "SELECT pg_sleep(0.5)"


@pytest.fixture
def short_timeout(db) -> None:
    """The session's statement timeout cut to 0.2 s (within the test's transaction, which undoes it)."""
    with connection.cursor() as cursor:
        cursor.execute("SET statement_timeout = '200ms'")


def statement_timeout() -> str:
    """The session's statement timeout now."""
    with connection.cursor() as cursor:
        cursor.execute("SHOW statement_timeout")
        return str(cursor.fetchone()[0])


@contextmanager
def while_migrating() -> Iterator[list[str]]:
    """The statement timeout as the first pre_migrate signal finds it, after a statement longer than the cut one."""
    seen: list[str] = []

    def slow_statement(using, **kwargs):
        if not seen:
            with connection.cursor() as cursor:
                cursor.execute(LONGER_THAN_THE_TIMEOUT)
            seen.append(statement_timeout())

    pre_migrate.connect(slow_statement, weak=False, dispatch_uid="slow statement while migrating")
    try:
        yield seen
    finally:
        pre_migrate.disconnect(dispatch_uid="slow statement while migrating")


def test_migrate_runs_without_the_statement_timeout_and_gives_the_schools_back_after(short_timeout):
    with while_migrating() as seen:
        call_command("migrate", interactive=False, verbosity=0)
    assert seen == ["0"]
    assert statement_timeout() == f"{settings.DATABASE_STATEMENT_TIMEOUT_SECONDS}s"


def test_the_school_commands_migrate_step_runs_without_the_statement_timeout(short_timeout):
    with while_migrating() as seen:
        call_command("school", "--no-serve", stdout=StringIO())
    assert seen == ["0"]
    assert statement_timeout() == f"{settings.DATABASE_STATEMENT_TIMEOUT_SECONDS}s"
