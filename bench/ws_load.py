"""WebSocket load benchmark: N logged-in trainees deal rounds at a set pace against one or more Daphne processes.

Run: .venv/bin/python bench/ws_load.py [--tables 200] [--rate 1] [--duration 60] [--seed 1] [--synchronous full]
     .venv/bin/python bench/ws_load.py --tables 400 --database postgres --processes 2

The default path is one Daphne process on SQLite with the in-memory channel layer. ``--database postgres`` keeps the
school in a fresh PostgreSQL database made for the run (on the server of ``--postgres``, dropped at the end) and
``--processes N`` starts N Daphne processes sharing the database and a Redis channel layer (``--redis``); each
trainee connects to one of them in turn, as a proxy spreading connections would.

``--synchronous`` sets the school's DJANGO_SQLITE_SYNCHRONOUS for the run (full, the default, flushes every step to
disk before the reply, so a flush that stalls delays every step waiting behind it; normal does not wait for the
disk). The script prepares a fresh database (migrations, the demo tables, one trainee account and one table per
trainee, a copy of an automated Pai Gow Poker demo table, with enough dealt rounds; each trainee's sockets come from
a loopback address of its own, as from a machine of its own), starts each ``daphne`` on a free
127.0.0.1 port with the benchmark's echo route enabled (DEALER_SCHOOL_BENCH_ECHO=1), logs one trainee a server in
through the login page and signs the rest in with sessions made in this process (a password hash costs the server
half a second of CPU), then runs two phases of the same length and pace on the same server, each trainee's first
socket of a phase opened (all at once, timed and printed) before the phase's clock starts:

1. table: each trainee deals its rounds over /ws/table/<attempt>/, one correct step per tick, and waits for the
   server's graded reply; the correct steps are learned by replaying each dealt round in the script, as the
   trainee reading the table would know them. A round after the first opens its socket within the phase;
2. echo: each trainee sends the same frames to the bare echo consumer at /ws/bench/echo/.

It prints the action-to-reply latency (p50, p95, p99, max), the actions per second and the errors of each phase,
the table/echo ratios, the CPU time the servers and this load generator used, and the servers' CPU per action
(the table's against the echo's). The shared host's speed varies by up to three times from run to run, so the
run also times a fixed pure-Python loop (the host yardstick, no project code) before the first phase and after the
last. Last it counts the steps in the database: every step a trainee saw acknowledged must be there. It stops
Daphne at the end.
Requests go only to 127.0.0.1; every loop is bounded by the duration and a reply timeout. Not a test.
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import hashlib
import http.cookiejar
import json
import os
import random
import re
import secrets
import ssl
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
import zlib
from collections import Counter
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field
from decimal import Decimal
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

PROJECT = Path(__file__).resolve().parent.parent
REPLY_TIMEOUT_SECONDS = 10.0
SERVER_START_SECONDS = 60.0
LISTENING = re.compile(r"Listening on TCP address 127\.0\.0\.1:(\d+)")
WEBSOCKET_GUID = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"
DEFLATE_OFFER = "Sec-WebSocket-Extensions: permessage-deflate; client_max_window_bits\r\n"
CSRF_FIELD = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')


@dataclass
class DealtRound:
    """A dealt round waiting for a trainee: its attempt id and the frames of its correct dealer steps, in order."""

    attempt_id: int
    frames: list[dict[str, Any]]
    acknowledged: int = 0


@dataclass
class Trainee:
    """One simulated trainee at one table: the login, the session cookie and the rounds to deal."""

    username: str
    rounds: list[DealtRound]
    address: str
    """The loopback address its sockets come from: a browser on a machine of its own (the school limits an address's
    sockets, trainer/socket_budgets.py)."""
    cookie: str = ""
    port: int = 0
    opened: Socket | None = None
    """The phase's first socket, opened and answered before the phase's clock starts; taken by the client."""


@dataclass
class Phase:
    """What one phase measured: a latency per answered action, the errors by kind and the wall time."""

    name: str
    latencies: list[float] = field(default_factory=list)
    errors: Counter[str] = field(default_factory=Counter)
    seconds: float = 0.0
    server_cpu: float = 0.0
    client_cpu: float = 0.0


# ----- preparing the database (runs before any socket is opened) -----


def set_up_django(database: Path | str) -> str:
    """Configure Django in this process on the run's SQLite file or PostgreSQL address; return its DATABASE_URL."""
    for variable in ("DATABASE_URL", "REDIS_URL"):
        os.environ.pop(variable, None)
    if isinstance(database, str):
        os.environ["DATABASE_URL"] = database
    os.environ["DJANGO_SETTINGS_MODULE"] = "dealer_school.settings"
    sys.path.insert(0, str(PROJECT))
    import django
    from django.conf import settings

    default = settings.DATABASES["default"]
    if isinstance(database, str):
        django.setup()
        return database
    default["NAME"] = str(database)
    django.setup()
    return f"sqlite:///{database}?{urlencode(default['OPTIONS'])}"


@contextmanager
def fresh_postgres(server: str) -> Iterator[str]:
    """A new PostgreSQL database on the server of ``server`` (an address naming any database) for the run; dropped."""
    import psycopg

    name = f"ws_load_{secrets.token_hex(4)}"
    with psycopg.connect(server, autocommit=True) as connection:
        connection.execute(f'CREATE DATABASE "{name}"')
    try:
        yield f"{server.rsplit('/', 1)[0]}/{name}"
    finally:
        from django.db import connections

        connections.close_all()
        with psycopg.connect(server, autocommit=True) as connection:
            connection.execute(f'DROP DATABASE "{name}" WITH (FORCE)')


def form_value(name: str, value: Any) -> Any:
    """An engine argument as the browser's form sends it (strings, lists of strings, dollars, yes or no)."""
    if name == "amount":
        return f"{value // 100}.{value % 100:02d}"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list):
        return [str(item) for item in value]
    if name == "low":
        return value.split()
    return str(value)


def rack_fields(amount: int) -> dict[str, str]:
    """A payout as the page's rack sends it: its chips highest first from the default rack, and any coin typed."""
    from simulator.core.chipping import highest_first
    from simulator.core.chips import DEFAULT_RACK, chip_total, write_chips

    chips = highest_first(amount, DEFAULT_RACK)
    coin = amount - chip_total(chips)
    return {"chips": write_chips(chips), "amount": form_value("amount", coin) if coin else ""}


def dealer_frames(log: dict[str, Any]) -> list[dict[str, Any]]:
    """The browser frames of every correct dealer step of a dealt round, found by replaying its log."""
    from simulator.core.json_values import json_int
    from simulator.core.procedure import Actor
    from simulator.notation import replay_round
    from trainer.tables import TABLES

    rack_steps = {
        step for table in TABLES for step, control in table.step_controls.items() if "chips" in control.fields
    }
    round_ = replay_round(log)
    frames = []
    while (action := round_.next_action()) is not None:
        if action.actor is not Actor.DEALER:
            raise RuntimeError(f"round waits for a {action.actor.value}: use a table whose floorperson is automated")
        fields = {name: form_value(name, value) for name, value in action.arguments.items()}
        if action.step in rack_steps and action.arguments.get("source") != "progressive jackpot slip":
            fields |= rack_fields(json_int(action.arguments["amount"]))
        headers = {"HX-Request": "true", "HX-Trigger-Name": "step", "HX-Current-URL": "/rounds/"}
        frames.append({"step": action.step, **fields, "HEADERS": headers})
        round_.perform(action.step, action.arguments)
        round_.advance()
    return frames


def own_table(demo: Any, number: int) -> Any:
    """Trainee ``number``'s own copy of a demo table, its Mystery Bonus meter at the minimum with the highest hit value.

    The frames are worked out before the run from each round's own copy of the meter, while the server's rounds
    meet the table's meter as one device (trainer.meters). A table per trainee, whose meter starts $100 or more
    from its hit value, never reaches it in the rounds one trainee deals in a run, so no hit parts the two.
    """
    from simulator.core.mystery_meter import MysteryMeter
    from simulator.pai_gow.rules import TableRules
    from trainer.meters import write_meter
    from trainer.models import Meter, Table

    table = Table.objects.create(
        name=f"{demo.name} (bench {number})", game=demo.game, rules=demo.rules, floorperson=demo.floorperson
    )
    configuration = TableRules.from_json(demo.rules).mystery
    if configuration is not None:
        parked = MysteryMeter(configuration, Decimal(configuration.minimum_value), configuration.maximum_value - 1)
        meter = Meter(table=table, name="mystery")
        write_meter(meter, parked.to_json())
        meter.save()
    return table


def prepare_school(tables: int, steps_needed: int, rng: random.Random) -> tuple[list[Trainee], str]:
    """Collect the static files (the login page needs them); create the trainees, each with its own table and rounds."""
    from django.contrib.auth import get_user_model
    from django.contrib.auth.hashers import make_password
    from django.contrib.auth.models import Group
    from django.core.management import call_command

    from core.roles import Role
    from trainer import demo_tables, services
    from trainer.models import Floorperson, Mode, Table

    call_command("migrate", interactive=False, verbosity=0)
    call_command("collectstatic", interactive=False, verbosity=0)
    demo_tables.create_demo_tables()
    automated = [
        Table.objects.get(name=name)
        for name, _, _, floorperson in demo_tables.DEMO_TABLES
        if floorperson == Floorperson.AUTOMATED
    ]
    group = Group.objects.get(name=Role.TRAINEE)
    password = secrets.token_urlsafe(12)
    encoded = make_password(password)
    trainees = []
    for number in range(1, tables + 1):
        user = get_user_model().objects.create(username=f"bench{number:03d}", password=encoded)
        user.groups.add(group)
        table = own_table(automated[number % len(automated)], number)
        rounds: list[DealtRound] = []
        while sum(len(round_.frames) for round_ in rounds) < steps_needed:
            attempt = services.start_round(user, table, Mode.PRACTICE, seed_value=rng.getrandbits(63))
            rounds.append(DealtRound(attempt.pk, dealer_frames(attempt.log)))
        trainees.append(Trainee(user.get_username(), rounds, f"127.0.{number // 200}.{number % 200 + 10}"))
    return trainees, password


# ----- the server -----


@contextmanager
def daphne(environment: dict[str, str], log: Path, stock: bool = False) -> Iterator[tuple[int, int]]:
    """Run one Daphne process on a free 127.0.0.1 port with the echo route; yield its port and pid; stop it.

    The school's command (dealer_school/serve.py), or with ``stock`` Daphne's own (``daphne``, as Channels documents).
    """
    module = "daphne" if stock else "dealer_school.serve"
    command = [sys.executable, "-m", module, "--bind", "127.0.0.1", "--port", "0", "dealer_school.asgi:application"]
    with log.open("wb") as stderr:
        server = subprocess.Popen(command, cwd=PROJECT, env=environment, stdout=subprocess.DEVNULL, stderr=stderr)
    try:
        deadline = time.monotonic() + SERVER_START_SECONDS
        while not (found := LISTENING.search(log.read_text())):
            if server.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"Daphne did not start:\n{log.read_text()}")
            time.sleep(0.1)
        yield int(found[1]), server.pid
    finally:
        server.terminate()
        try:
            server.wait(timeout=15)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()


@contextmanager
def daphnes(
    database_url: str, redis_url: str | None, folder: Path, count: int, stock: bool = False
) -> Iterator[list[tuple[int, int]]]:
    """Run ``count`` Daphne processes on one database (and Redis when given); yield their ports and pids; stop them."""
    environment = dict(os.environ, DATABASE_URL=database_url, DEALER_SCHOOL_BENCH_ECHO="1")
    if redis_url is not None:
        environment["REDIS_URL"] = redis_url
    with ExitStack() as stack:
        logs = [folder / f"daphne-{number}.log" for number in range(count)]
        yield [stack.enter_context(daphne(environment, log, stock)) for log in logs]


def cpu_seconds(pid: int) -> float:
    """The user and system CPU seconds a process has used (Linux /proc); 0 where /proc is missing."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def session_cookie(username: str) -> str:
    """A signed-in session for the trainee made here, as the login page makes one; the Cookie header with it."""
    from django.conf import settings
    from django.contrib.auth import get_user_model
    from django.test import Client

    client = Client()
    client.force_login(get_user_model().objects.get(username=username), "school.sign_in.AnyCaseBackend")
    return f"{settings.SESSION_COOKIE_NAME}={client.cookies[settings.SESSION_COOKIE_NAME].value}"


def sign_in(trainees: list[Trainee], password: str) -> None:
    """Log the first trainee at each server's port in through its login page; sign the rest in with sessions made here.

    A password hash costs the server half a second of CPU, so only one login a server goes through the page.
    """
    through_page = list({trainee.port: trainee for trainee in reversed(trainees)}.values())
    with ThreadPoolExecutor(len(through_page)) as pool:
        cookies = pool.map(
            lambda trainee: log_in(f"http://127.0.0.1:{trainee.port}", trainee.username, password), through_page
        )
        for trainee, cookie in zip(through_page, cookies, strict=True):
            trainee.cookie = cookie
    for trainee in trainees:
        trainee.cookie = trainee.cookie or session_cookie(trainee.username)


def log_in(base: str, username: str, password: str, tls: ssl.SSLContext | None = None) -> str:
    """Log in through the login page like a browser; return the Cookie header with the session.

    ``tls`` is the context that trusts an https ``base``'s certificate; the form is posted with its Origin, as a
    browser does (Django's CSRF check requires it over https).
    """
    jar = http.cookiejar.CookieJar()
    handlers = (urllib.request.ProxyHandler({}), urllib.request.HTTPSHandler(context=tls))
    opener = urllib.request.build_opener(*handlers, urllib.request.HTTPCookieProcessor(jar))
    page = opener.open(f"{base}/login/", timeout=60).read().decode()
    token = CSRF_FIELD.search(page)
    if token is None:
        raise RuntimeError("the login page has no CSRF token")
    form = urlencode({"username": username, "password": password, "csrfmiddlewaretoken": token[1], "next": "/"})
    posted = urllib.request.Request(f"{base}/login/", data=form.encode(), headers={"Origin": base})
    opener.open(posted, timeout=60).read()
    cookies = {cookie.name: cookie.value for cookie in jar}
    if "sessionid" not in cookies:
        raise RuntimeError(f"{username} could not log in")
    return "; ".join(f"{name}={value}" for name, value in cookies.items())


# ----- the clients -----


class Socket:
    """A small RFC 6455 client over asyncio streams: the opening handshake, masked text frames out, frames in.

    (autobahn's asyncio client cannot run here: Django's settings load Daphne, which puts txaio on Twisted.)
    """

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter, deflated: bool = False) -> None:
        """Wrap an open connection whose handshake is done (``deflated``: with permessage-deflate agreed)."""
        self.reader = reader
        self.writer = writer
        self.inflater = zlib.decompressobj(-zlib.MAX_WBITS) if deflated else None
        """The server's compressed messages share one context (permessage-deflate with context takeover)."""
        self.closed_with = b""
        """The payload of the server's close frame once it came: the code (two bytes) and the reason."""

    @classmethod
    async def open(
        cls,
        port: int,
        path: str,
        cookie: str,
        tls: ssl.SSLContext | None = None,
        deflate: bool = False,
        source: str | None = None,
    ) -> Socket:
        """Open a WebSocket to the server as the logged-in browser would (same origin, session cookie).

        With ``tls`` (a context trusting the server's certificate) the socket is wss:// and the origin https://;
        with ``deflate`` it offers permessage-deflate as a browser does (its own frames go uncompressed); with
        ``source`` it connects from that loopback address (a browser elsewhere, as a proxy sees it).
        """
        local = None if source is None else (source, 0)
        reader, writer = await asyncio.open_connection("127.0.0.1", port, ssl=tls, local_addr=local)
        key = base64.b64encode(os.urandom(16)).decode()
        scheme = "http" if tls is None else "https"
        writer.write(
            f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\nOrigin: {scheme}://127.0.0.1:{port}\r\n"
            f"Cookie: {cookie}\r\n{DEFLATE_OFFER if deflate else ''}\r\n".encode()
        )
        head = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), REPLY_TIMEOUT_SECONDS)
        accept = base64.b64encode(hashlib.sha1(f"{key}{WEBSOCKET_GUID}".encode()).digest()).decode()
        if not head.startswith(b"HTTP/1.1 101") or accept.encode() not in head:
            writer.close()
            raise ConnectionError(head.split(b"\r\n", 1)[0].decode(errors="replace"))
        return cls(reader, writer, b"permessage-deflate" in head)

    def _send_frame(self, opcode: int, payload: bytes) -> None:
        """Send one masked frame, as a client must."""
        length = len(payload)
        if length < 126:
            header = bytes([0x80 | opcode, 0x80 | length])
        elif length < 1 << 16:
            header = bytes([0x80 | opcode, 0x80 | 126]) + length.to_bytes(2, "big")
        else:
            header = bytes([0x80 | opcode, 0x80 | 127]) + length.to_bytes(8, "big")
        mask = os.urandom(4)
        key = int.from_bytes((mask * (length // 4 + 1))[:length], "big")
        self.writer.write(header + mask + (int.from_bytes(payload, "big") ^ key).to_bytes(length, "big"))

    def send(self, text: str) -> None:
        """Send a text frame."""
        self._send_frame(0x1, text.encode())

    async def receive(self) -> str | None:
        """The next text message from the server; None when it closes the connection."""
        message, compressed = b"", False
        while True:
            first, second = await self.reader.readexactly(2)
            length = second & 0x7F
            if length >= 126:
                length = int.from_bytes(await self.reader.readexactly(2 if length == 126 else 8), "big")
            payload = await self.reader.readexactly(length)
            opcode = first & 0x0F
            if opcode == 0x8:
                self.closed_with = payload
                return None
            if opcode == 0x9:
                self._send_frame(0xA, payload)
            elif opcode in (0x0, 0x1):
                compressed = compressed or bool(first & 0x40)
                message += payload
                if first & 0x80:
                    if compressed and self.inflater is not None:
                        message = self.inflater.decompress(message + b"\x00\x00\xff\xff")
                    return message.decode()

    def close(self) -> None:
        """Send a close frame and drop the connection."""
        if not self.writer.is_closing():
            self._send_frame(0x8, (1000).to_bytes(2, "big"))
            self.writer.close()


class Pace:
    """One action per tick for one client, from a start time and a phase offset, until the deadline."""

    def __init__(self, start: float, offset: float, interval: float, deadline: float) -> None:
        """Start ticking at ``start + offset``."""
        self.next = start + offset
        self.interval = interval
        self.deadline = deadline

    async def tick(self) -> bool:
        """Sleep until the next action is due; False once the phase is over."""
        delay = self.next - time.perf_counter()
        if delay > 0:
            await asyncio.sleep(delay)
        self.next += self.interval
        return time.perf_counter() < self.deadline


async def exchange(socket: Socket, text: str, phase: Phase, accept: Callable[[str], bool]) -> bool:
    """Send a text frame, wait for its reply and record the latency; False when the socket is gone."""
    sent = time.perf_counter()
    socket.send(text)
    try:
        reply = await asyncio.wait_for(socket.receive(), REPLY_TIMEOUT_SECONDS)
        received = time.perf_counter()
    except TimeoutError:
        phase.errors["no reply in time"] += 1
        return False
    if reply is None:
        phase.errors["connection closed"] += 1
        return False
    phase.latencies.append(received - sent)
    if not accept(reply):
        phase.errors["unexpected reply"] += 1
    return True


async def open_table(trainee: Trainee, round_: DealtRound) -> Socket | None:
    """The round's table socket, its first frame (the whole table) received; None if the server closed it."""
    socket = await Socket.open(trainee.port, f"/ws/table/{round_.attempt_id}/", trainee.cookie, source=trainee.address)
    if await asyncio.wait_for(socket.receive(), REPLY_TIMEOUT_SECONDS) is None:
        socket.close()
        return None
    return socket


async def deal_rounds(trainee: Trainee, pace: Pace, phase: Phase) -> None:
    """Deal the trainee's rounds one step per tick over the table socket, each step graded right and counted.

    The first round's socket was opened before the phase (:func:`open_first_sockets`); each later round's socket
    opens within the phase, as a trainee moving on to the next round opens it.
    """
    for round_ in trainee.rounds:
        opened, trainee.opened = trainee.opened, None
        socket = opened or await open_table(trainee, round_)
        if socket is None:
            phase.errors["connection closed"] += 1
            return
        try:
            for sequence, frame in enumerate(round_.frames, start=1):
                if not await pace.tick():
                    return
                text = json.dumps(frame | {"seq": str(sequence)})
                if not await exchange(socket, text, phase, lambda reply: "✓ Right" in reply):
                    return
                round_.acknowledged += 1
        finally:
            socket.close()
    phase.errors["ran out of dealt rounds"] += 1


async def open_echo(trainee: Trainee) -> Socket:
    """A socket to the echo consumer (it sends nothing first)."""
    return await Socket.open(trainee.port, "/ws/bench/echo/", trainee.cookie, source=trainee.address)


async def echo_frames(trainee: Trainee, pace: Pace, phase: Phase) -> None:
    """Send the trainee's step frames to the echo consumer at the same pace; each must come back unchanged."""
    opened, trainee.opened = trainee.opened, None
    socket = opened or await open_echo(trainee)
    try:
        frames = (frame for round_ in trainee.rounds for frame in round_.frames)
        for sequence, frame in enumerate(frames, start=1):
            if not await pace.tick():
                return
            text = json.dumps(frame | {"seq": str(sequence)})
            if not await exchange(socket, text, phase, text.__eq__):
                return
    finally:
        socket.close()


async def open_first_sockets(
    name: str, opener: Callable[[Trainee], Any], trainees: list[Trainee], server_pids: list[int]
) -> None:
    """Open every trainee's first socket of the phase at once, before its clock starts; print what that took.

    The phase then measures the tables as they are held, one action a second each; the connections' storm is a
    figure of its own (a real school's trainees do not all open their tables in the same second).
    """

    async def opened(trainee: Trainee) -> Socket | None:
        try:
            socket: Socket | None = await opener(trainee)
        except (OSError, ConnectionError, TimeoutError):
            return None  # the phase's client opens it again, and counts what fails then
        return socket

    server_cpu, started = sum(map(cpu_seconds, server_pids)), time.perf_counter()
    for trainee, socket in zip(trainees, await asyncio.gather(*(opened(trainee) for trainee in trainees)), strict=True):
        trainee.opened = socket
    print(
        f"{name}: opened {len(trainees)} sockets at once in {time.perf_counter() - started:.1f} s "
        f"(server CPU {sum(map(cpu_seconds, server_pids)) - server_cpu:.1f} s)"
    )


async def run_phase(
    name: str,
    client: Callable[[Trainee, Pace, Phase], Any],
    trainees: list[Trainee],
    server_pids: list[int],
    arguments: argparse.Namespace,
) -> Phase:
    """Run every trainee's client together for the phase's duration; measure latencies, errors and CPU."""
    phase = Phase(name)
    offsets = random.Random(arguments.seed).choices(range(1000), k=len(trainees))
    interval = 1 / arguments.rate
    server_cpu, client_cpu = sum(map(cpu_seconds, server_pids)), time.process_time()
    start = time.perf_counter() + 1.0
    deadline = start + arguments.duration

    async def guarded(trainee: Trainee, offset: int) -> None:
        try:
            await client(trainee, Pace(start, interval * offset / 1000, interval, deadline), phase)
        except (OSError, ConnectionError, TimeoutError) as error:
            phase.errors[f"connection failed: {type(error).__name__}"] += 1

    await asyncio.wait_for(
        asyncio.gather(*(guarded(trainee, offset) for trainee, offset in zip(trainees, offsets, strict=True))),
        arguments.duration + 4 * REPLY_TIMEOUT_SECONDS,
    )
    phase.seconds = time.perf_counter() - start
    phase.server_cpu = sum(map(cpu_seconds, server_pids)) - server_cpu
    phase.client_cpu = time.process_time() - client_cpu
    return phase


# ----- the report -----


HOST_YARDSTICK_ADDITIONS = 10_000_000


def host_yardstick() -> float:
    """The CPU seconds this process takes for a fixed pure-Python loop: the host's speed, whatever the project does."""
    started, total = time.process_time(), 0
    for number in range(HOST_YARDSTICK_ADDITIONS):
        total += number
    return time.process_time() - started


def percentiles(latencies: list[float]) -> dict[str, float]:
    """p50, p95, p99 and the maximum, in milliseconds."""
    if len(latencies) < 2:
        return {"p50": float("nan"), "p95": float("nan"), "p99": float("nan"), "max": float("nan")}
    cuts = statistics.quantiles(latencies, n=100, method="inclusive")
    return {"p50": cuts[49] * 1000, "p95": cuts[94] * 1000, "p99": cuts[98] * 1000, "max": max(latencies) * 1000}


def setup_words(arguments: argparse.Namespace) -> str:
    """The servers, the database and the channel layer of the run, in words."""
    processes = "one Daphne process" if arguments.processes == 1 else f"{arguments.processes} Daphne processes"
    database = "PostgreSQL" if arguments.database == "postgres" else f"SQLite (synchronous={arguments.synchronous})"
    layer = "Redis channel layer" if arguments.processes > 1 else "in-memory channel layer"
    return f"{processes}, {database}, {layer}, 127.0.0.1"


def report(phases: list[Phase], arguments: argparse.Namespace) -> None:
    """Print each phase's figures and the table/echo ratios."""
    print(
        f"\n{arguments.tables} trainees at {arguments.rate:g} action/s each for {arguments.duration:g} s per phase; "
        f"{setup_words(arguments)}"
    )
    print(
        f"{'phase':<7}{'actions':>9}{'act/s':>9}{'p50 ms':>9}{'p95 ms':>9}{'p99 ms':>9}{'max ms':>9}{'errors':>8}"
        f"{'server CPU':>12}{'client CPU':>12}"
    )
    figures = {}
    for phase in phases:
        figures[phase.name] = found = percentiles(phase.latencies)
        print(
            f"{phase.name:<7}{len(phase.latencies):>9}{len(phase.latencies) / phase.seconds:>9.1f}"
            f"{found['p50']:>9.1f}{found['p95']:>9.1f}{found['p99']:>9.1f}{found['max']:>9.1f}"
            f"{sum(phase.errors.values()):>8}{phase.server_cpu:>11.1f}s{phase.client_cpu:>11.1f}s"
        )
        for kind, count in phase.errors.items():
            print(f"    {phase.name} error: {kind} × {count}")
    table, echo = figures["table"], figures["echo"]
    ratios = ", ".join(f"{name} {table[name] / echo[name]:.1f}×" for name in ("p50", "p95", "p99"))
    print(f"table/echo latency ratio: {ratios}")
    per_action = {phase.name: phase.server_cpu / max(1, len(phase.latencies)) * 1000 for phase in phases}
    print(
        f"server CPU per action: table {per_action['table']:.2f} ms, echo {per_action['echo']:.2f} ms "
        f"(table/echo {per_action['table'] / per_action['echo']:.2f}×)"
    )


async def benchmark(trainees: list[Trainee], server_pids: list[int], arguments: argparse.Namespace) -> None:
    """Run the table phase, then the echo phase, and print the report with the host yardstick before and after."""
    before = host_yardstick()
    await open_first_sockets("table", lambda trainee: open_table(trainee, trainee.rounds[0]), trainees, server_pids)
    table = await run_phase("table", deal_rounds, trainees, server_pids, arguments)
    await open_first_sockets("echo", open_echo, trainees, server_pids)
    echo = await run_phase("echo", echo_frames, trainees, server_pids, arguments)
    report([table, echo], arguments)
    print(
        f"host yardstick ({HOST_YARDSTICK_ADDITIONS:,} additions in pure Python): "
        f"{before:.2f} s CPU before the phases, {host_yardstick():.2f} s after"
    )


def check_acknowledged_steps(trainees: list[Trainee]) -> None:
    """Print whether every step a trainee saw acknowledged is in the database, attempt by attempt."""
    from django.db import connections
    from django.db.models import Count

    from trainer.models import Step

    connections.close_all()
    rounds = [round_ for trainee in trainees for round_ in trainee.rounds if round_.acknowledged]
    stored = dict(
        Step.objects.filter(attempt_id__in=[round_.attempt_id for round_ in rounds], graded__isnull=False)
        .values_list("attempt_id")
        .annotate(Count("id"))
    )
    acknowledged = sum(round_.acknowledged for round_ in rounds)
    short = [round_.attempt_id for round_ in rounds if stored.get(round_.attempt_id, 0) != round_.acknowledged]
    print(
        f"acknowledged steps in the database: {sum(stored.values())} of {acknowledged} acknowledged; "
        f"attempts whose count differs: {len(short)}{f' {short[:10]}' if short else ''}"
    )


def run(arguments: argparse.Namespace, database: Path | str, folder: Path) -> None:
    """Prepare the school on the database, start the servers, log the trainees in, run both phases and check."""
    database_url = set_up_django(database)
    started = time.perf_counter()
    steps_needed = int(arguments.duration * arguments.rate) + 2
    trainees, password = prepare_school(arguments.tables, steps_needed, random.Random(arguments.seed))
    print(
        f"prepared {len(trainees)} trainees and {sum(len(t.rounds) for t in trainees)} rounds "
        f"in {time.perf_counter() - started:.1f} s"
    )
    redis_url = arguments.redis if arguments.processes > 1 else None
    with daphnes(database_url, redis_url, folder, arguments.processes) as servers:
        started = time.perf_counter()
        for number, trainee in enumerate(trainees):
            trainee.port = servers[number % len(servers)][0]
        sign_in(trainees, password)
        ports = ", ".join(str(port) for port, _ in servers)
        print(f"signed {len(trainees)} trainees in on ports {ports} in {time.perf_counter() - started:.1f} s")
        asyncio.run(benchmark(trainees, [pid for _, pid in servers], arguments))
    check_acknowledged_steps(trainees)


def main() -> None:
    """Parse the options, prepare the school, start Daphne, log the trainees in and run both phases."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n", 1)[0])
    parser.add_argument("--tables", type=int, default=200, help="concurrent trainees, one table each (200)")
    parser.add_argument("--rate", type=float, default=1.0, help="actions per second per trainee (1)")
    parser.add_argument("--duration", type=float, default=60.0, help="seconds per phase, at most 600 (60)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the dealt rounds and the clients' offsets (1)")
    parser.add_argument(
        "--synchronous",
        choices=("full", "normal"),
        default=os.environ.get("DJANGO_SQLITE_SYNCHRONOUS", "full"),
        help="SQLite's flush of each commit to disk, as DJANGO_SQLITE_SYNCHRONOUS (the school's setting; full)",
    )
    parser.add_argument("--database", choices=("sqlite", "postgres"), default="sqlite", help="the school's (sqlite)")
    parser.add_argument(
        "--postgres",
        default="postgres://postgres@127.0.0.1:5432/test",
        help="a PostgreSQL address on whose server the run's own database is made and dropped",
    )
    parser.add_argument("--processes", type=int, default=1, help="Daphne processes; more than one uses Redis (1)")
    parser.add_argument("--redis", default="redis://127.0.0.1:6379/0", help="Redis for several processes")
    arguments = parser.parse_args()
    if arguments.processes > 1 and arguments.database == "sqlite":
        parser.error("several processes share one PostgreSQL database: add --database postgres")
    if not 1 <= arguments.processes <= 8:
        parser.error("use 1 to 8 processes")
    if not (1 <= arguments.tables <= 1000 and 0 < arguments.rate <= 20 and 0 < arguments.duration <= 600):
        parser.error("use 1 to 1000 tables, a rate up to 20 per second and a duration up to 600 seconds")
    os.environ["DJANGO_SQLITE_SYNCHRONOUS"] = arguments.synchronous
    with tempfile.TemporaryDirectory(prefix="ws-load-") as folder:
        if arguments.database == "postgres":
            with fresh_postgres(arguments.postgres) as database_url:
                run(arguments, database_url, Path(folder))
        else:
            run(arguments, Path(folder) / "bench.sqlite3", Path(folder))


if __name__ == "__main__":
    main()
