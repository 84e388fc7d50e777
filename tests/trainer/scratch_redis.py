"""A Redis server of the test's own (``redis-server`` on a free loopback port, nothing saved) to stop, hang and restart.

A test needing it skips when ``redis-server`` is not installed, except under CI (``CI`` set), where it fails.
"""

import os
import shutil
import signal
import socket
import subprocess
import time
from pathlib import Path

import pytest

REDIS_SERVER = shutil.which("redis-server")
START_SECONDS = 60


def needs_redis_server() -> None:
    """Skip the test when redis-server is not installed, but fail it under CI, which installs it."""
    if REDIS_SERVER is None:
        reason = "needs redis-server (Debian's package redis-server)"
        if os.environ.get("CI"):
            pytest.fail(reason)
        pytest.skip(reason)


def free_port() -> int:
    """A loopback port nobody listens on now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class ScratchRedis:
    """One redis-server on a free 127.0.0.1 port, keeping nothing on disk; stopped, hung or restarted on that port."""

    def __init__(self, folder: Path) -> None:
        """A server to be started in ``folder``, on a port chosen now."""
        self.folder, self.port = folder, free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        """Start the server and wait until it answers."""
        assert REDIS_SERVER is not None
        command = [REDIS_SERVER, "--port", str(self.port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"]
        command += ["--dir", str(self.folder)]
        self.process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + START_SECONDS
        while not self.answers():
            assert self.process.poll() is None and time.monotonic() < deadline, "redis-server did not start"
            time.sleep(0.05)

    def answers(self) -> bool:
        """Whether the server answers a PING."""
        try:
            with socket.create_connection(("127.0.0.1", self.port), timeout=1) as connection:
                connection.sendall(b"PING\r\n")
                return connection.recv(16) == b"+PONG\r\n"
        except OSError:
            return False

    def stop(self) -> None:
        """Kill the server: every connection drops, and what it held is gone."""
        assert self.process is not None
        self.process.kill()
        self.process.wait(timeout=START_SECONDS)
        self.process = None

    def hang(self) -> None:
        """Stop the server (SIGSTOP): connections open, nothing is answered."""
        assert self.process is not None
        os.kill(self.process.pid, signal.SIGSTOP)

    def resume(self) -> None:
        """Let a hung server go on (SIGCONT)."""
        assert self.process is not None
        os.kill(self.process.pid, signal.SIGCONT)


@pytest.fixture
def scratch_redis(tmp_path_factory):
    """A running scratch Redis, killed when the test ends (hung or not)."""
    needs_redis_server()
    server = ScratchRedis(tmp_path_factory.mktemp("redis"))
    server.start()
    yield server
    if server.process is not None:
        server.resume()
        server.stop()
