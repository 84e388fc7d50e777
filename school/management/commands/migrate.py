"""Django's migrate with PostgreSQL's statement timeout off: a long migration of a big school is never cancelled."""

from typing import Any

from django.core.management.commands.migrate import Command as DjangoMigrate
from django.db import connections
from django.db.backends.base.base import BaseDatabaseWrapper


class Command(DjangoMigrate):
    """``migrate`` as Django's, its connection's statement timeout (DJANGO_DB_STATEMENT_TIMEOUT) off while it runs.

    The ``school`` command's migrate step is this command too. The timeout is the connection's own setting (its
    ``-c statement_timeout`` option): ``SET`` lifts it for this session and ``RESET`` gives that value back after,
    so whatever the process does next is bounded again (a connection closed meanwhile opens with it anyway).
    """

    def handle(self, *args: Any, **options: Any) -> None:
        """Lift the statement timeout, migrate, and restore the timeout, on PostgreSQL; elsewhere just migrate."""
        connection = connections[options["database"]]
        if connection.vendor != "postgresql":
            super().handle(*args, **options)
            return
        set_statement_timeout(connection, "SET statement_timeout = 0")
        try:
            super().handle(*args, **options)
        finally:
            if connection.connection is not None and connection.is_usable():
                set_statement_timeout(connection, "RESET statement_timeout")


def set_statement_timeout(connection: BaseDatabaseWrapper, statement: str) -> None:
    """Run a SET or RESET of the session's statement timeout."""
    with connection.cursor() as cursor:
        cursor.execute(statement)
