"""A PostgreSQL cluster of the test module's own (initdb and pg_ctl: its own data folder and loopback port) to stop.

PostgreSQL refuses to run as root, so under root its programs run as the ``postgres`` account. A test needing the
cluster skips when the programs, or that account, are missing. The cluster's data folder is made with
``tempfile.mkdtemp`` (pytest's own temporary folders are closed to other accounts) and removed at the end.
"""

import os
import pwd
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from django.db import connection
from scratch_redis import free_port

INITDB, PG_CTL = shutil.which("initdb"), shutil.which("pg_ctl")
OWNER = "postgres"
"""The account PostgreSQL's programs run as when the tests run as root."""
START_SECONDS = 180


def owner_command() -> list[str]:
    """What runs a program as the cluster's owner: nothing as a plain account, ``runuser`` as root."""
    return ["runuser", "-u", OWNER, "--"] if os.geteuid() == 0 else []


def needs_postgresql_programs() -> None:
    """Skip the test when initdb and pg_ctl, or (as root) the account to run them as, are missing; fail under CI."""
    if INITDB is None or PG_CTL is None:
        missing("needs PostgreSQL's initdb and pg_ctl on the PATH (Debian's package postgresql)")
    if os.geteuid() == 0:
        try:
            pwd.getpwnam(OWNER)
        except KeyError:
            missing(f"runs as root: needs the account {OWNER!r} to run PostgreSQL as (it refuses root)")
        if shutil.which("runuser") is None:
            missing("runs as root: needs runuser (util-linux) to run PostgreSQL as another account")


def missing(reason: str) -> None:
    """Skip the test for ``reason``, but fail it under CI, whose PostgreSQL phase must run the outage tests."""
    if os.environ.get("CI"):
        pytest.fail(reason)
    pytest.skip(reason)


class ScratchPostgreSQL:
    """One PostgreSQL cluster listening on a free 127.0.0.1 port, its socket and data in a folder of its own.

    It is stopped as a crash is (``pg_ctl stop -m immediate``: every connection drops, no shutdown checkpoint) and
    started on the same port, recovering from its write-ahead log. The processes die, not the machine, so what the
    operating system was given survives: fsync is off to keep the tests quick.
    """

    def __init__(self, folder: Path) -> None:
        """A cluster to be created in ``folder`` (which its owner may write), on a port chosen now."""
        self.folder, self.port = folder, free_port()
        self.data = folder / "data"

    def url(self) -> str:
        """The DATABASE_URL of the cluster's ``postgres`` database, as its superuser."""
        return f"postgres://{OWNER}@127.0.0.1:{self.port}/postgres"

    def run(self, *command: str) -> None:
        """Run one of PostgreSQL's programs as the cluster's owner; fail the test with its output if it fails."""
        done = subprocess.run([*owner_command(), *command], capture_output=True, text=True, timeout=START_SECONDS)
        if done.returncode != 0:
            pytest.fail(f"{command[0]} failed:\n{done.stdout}{done.stderr}")

    def create(self) -> None:
        """Make the cluster's data folder: local connections trusted, its superuser named as the account."""
        assert INITDB is not None
        self.run(INITDB, "--pgdata", str(self.data), "--auth", "trust", "--username", OWNER, "--no-sync")

    def start(self) -> None:
        """Start the server and wait until it accepts connections."""
        assert PG_CTL is not None
        options = f"-p {self.port} -k {self.folder} -c listen_addresses=127.0.0.1 -c fsync=off"
        log = str(self.folder / "log")
        self.run(PG_CTL, "start", "--wait", "--pgdata", str(self.data), "--log", log, "--options", options)

    def stop(self) -> None:
        """Stop the server as a crash does: every connection drops at once, and a new one is refused."""
        assert PG_CTL is not None
        self.run(PG_CTL, "stop", "--wait", "--pgdata", str(self.data), "--mode", "immediate")

    def running(self) -> bool:
        """Whether the server is running."""
        return (self.data / "postmaster.pid").exists()


@contextmanager
def scratch_cluster() -> Iterator[ScratchPostgreSQL]:
    """A created and started cluster in a temporary folder, stopped and removed at the end."""
    needs_postgresql_programs()
    folder = Path(tempfile.mkdtemp(prefix="scratch-postgresql-"))
    if os.geteuid() == 0:
        shutil.chown(folder, OWNER)
    cluster = ScratchPostgreSQL(folder)
    try:
        cluster.create()
        cluster.start()
        yield cluster
    finally:
        if cluster.running():
            cluster.stop()
        shutil.rmtree(folder, ignore_errors=True)


@contextmanager
def school_database_on(cluster: ScratchPostgreSQL) -> Iterator[None]:
    """Point this process's database connection (and the servers it starts) at the cluster until the end.

    The test run's database comes back at the end; both are reached anew (the connection is closed either way).
    """
    settings, kept = connection.settings_dict, dict(connection.settings_dict)
    connection.close()
    settings.update(HOST="127.0.0.1", PORT=str(cluster.port), NAME="postgres", USER=OWNER, PASSWORD="")
    try:
        yield
    finally:
        connection.close()
        settings.update(kept)
