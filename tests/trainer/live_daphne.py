"""Daphne as the school runs it (``python -m dealer_school.serve``), in subprocesses on the test database, killed at
the end.

The test process and the servers share the test database (a ``transaction=True`` test commits what it creates):
the test seats trainees and reads the rows the servers wrote; the servers answer the sockets. Everything listens
on 127.0.0.1 only, every wait is bounded, and :func:`daphnes` kills every server it started when the test ends.
"""

import asyncio
import os
import re
import signal
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import quote, urlencode

import pytest
from django.contrib.auth.hashers import PBKDF2PasswordHasher
from django.db import connection

from trainer import round_store
from trainer.models import Attempt, Step

PROJECT = Path(__file__).resolve().parents[2]
SERVER_START_SECONDS = 120
REPLY_SECONDS = 10
LISTENING = re.compile(r"Listening on TCP address 127\.0\.0\.1:(\d+)")


def database_url() -> str:
    """The DATABASE_URL of the test database, for a server in another process."""
    database = connection.settings_dict
    if connection.vendor == "sqlite":
        return f"sqlite:///{database['NAME']}?{urlencode(database['OPTIONS'])}"
    login = quote(database["USER"]) + (f":{quote(database['PASSWORD'])}" if database["PASSWORD"] else "")
    return f"postgres://{login}@{database['HOST']}:{database['PORT']}/{database['NAME']}"


def set_password(user, password: str) -> None:
    """Give the user a password the servers can check (the test process hashes with MD5, the servers do not)."""
    hasher = PBKDF2PasswordHasher()
    user.password = hasher.encode(password, hasher.salt())
    user.save(update_fields=["password"])


@dataclass
class Daphne:
    """One running server: its process, its port and its access log."""

    process: subprocess.Popen[bytes]
    port: int
    access_log: Path

    def connections_to(self, path: str) -> int:
        """How many WebSockets to ``path`` this server has accepted."""
        return self.access_log.read_text().count(f'"WSCONNECT {path}"')

    def crash(self) -> None:
        """Kill the server at once (SIGKILL): no shutdown, no flush, as a power cut to the process."""
        self.process.kill()
        self.process.wait(timeout=REPLY_SECONDS)

    def freeze(self) -> None:
        """Stop the server (SIGSTOP) and wait until it is stopped: it reads nothing more until it is killed."""
        os.kill(self.process.pid, signal.SIGSTOP)
        deadline = time.monotonic() + REPLY_SECONDS
        while Path(f"/proc/{self.process.pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "T":
            assert time.monotonic() < deadline, "the server did not stop"
            time.sleep(0.01)


class Daphnes:
    """Starts servers on the test database with the test run's channel layer; remembers them to kill them."""

    def __init__(self, folder: Path) -> None:
        """Servers keep their logs in ``folder``."""
        self.folder = folder
        self.started: list[Daphne] = []

    def start(self, *options: str, **environment: str) -> Daphne:
        """Start ``python -m dealer_school.serve`` on a free 127.0.0.1 port with Daphne's options; wait to listen."""
        number = len(self.started) + 1
        log, access_log = self.folder / f"daphne{number}.log", self.folder / f"daphne{number}.access.log"
        access_log.touch()
        variables = dict(os.environ, DATABASE_URL=database_url()) | environment
        variables.pop("DJANGO_DEBUG", None)
        command = [sys.executable, "-m", "dealer_school.serve", "--bind", "127.0.0.1", "--port", "0"]
        command += ["--access-log", str(access_log), *options, "dealer_school.asgi:application"]
        with log.open("wb") as stderr:
            process = subprocess.Popen(command, cwd=PROJECT, env=variables, stdout=subprocess.DEVNULL, stderr=stderr)
        deadline = time.monotonic() + SERVER_START_SECONDS
        while not (found := LISTENING.search(log.read_text())):
            if process.poll() is not None or time.monotonic() > deadline:
                process.kill()
                pytest.fail(f"Daphne did not start:\n{log.read_text()}")
            time.sleep(0.05)
        self.started.append(Daphne(process, int(found[1]), access_log))
        return self.started[-1]

    def kill_all(self) -> None:
        """Kill every server still running (a stopped one too) and reap it."""
        for daphne in self.started:
            if daphne.process.poll() is None:
                daphne.process.kill()
            daphne.process.wait(timeout=REPLY_SECONDS)


def receive(loop: asyncio.AbstractEventLoop, socket) -> str:
    """The socket's next message, waited for at most REPLY_SECONDS; fail if the server closed it."""
    message = loop.run_until_complete(asyncio.wait_for(socket.receive(), REPLY_SECONDS))
    assert message is not None, "the server closed the socket"
    return message


def server_round(attempt_id: int):
    """The attempt's round replayed from the database, as any server would load it (no cache of this process)."""
    round_store.forget_round(attempt_id)
    return round_store.live_round(Attempt.objects.get(pk=attempt_id))


def step_rows(attempt_id: int) -> list[tuple[int, object, object]]:
    """The attempt's Step rows as stored: frame number, operations and grade."""
    return list(Step.objects.filter(attempt_id=attempt_id).values_list("sequence", "operations", "graded"))
