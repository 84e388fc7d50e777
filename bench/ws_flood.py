"""WebSocket flood benchmark: flooding clients against a trainee dealing at the next table, on one Daphne process.

Run: .venv/bin/python bench/ws_flood.py [--seconds 10] [--sockets 1] [--frame-bytes 4000] [--pace 0.05] [--reconnect]
    [--one-account] [--deflate] [--server both|serve|stock]

The school is prepared as bench/ws_load.py prepares it (a fresh SQLite file, the demo tables, trainees with dealt
rounds) and served by one Daphne process on a free 127.0.0.1 port: through dealer_school/serve.py, then stock
``daphne`` (``--server``: only one of them), each with trainees of its own.
One bystander deals its rounds, one correct step every ``--pace`` seconds, for 5 s alone (quiet), then through a
flood of ``--seconds``, then 3 s after it, from a loopback address of its own.
During the flood each of ``--sockets`` clients, every one a trainee of its own (``--one-account``: all the first
flooder's) at one other loopback address, sends frames of ``--frame-bytes`` (its first correct step padded:
read as a step, out of date after the first) as fast as the server takes them, without reading the answers, until
the server closes its socket; with ``--reconnect`` it opens a new socket whenever one is closed, an attacker that
persists, until the flood's end; with ``--deflate`` every socket offers permessage-deflate, as browsers do.
Before the flood the bare echo (trainer/bench_echo.py) is timed on its own socket, and every latency is also given
as a ratio to its p50. It prints how the flooding sockets
were closed, the frames sent, the server's resident memory before, at its peak and 2 s after the flood, the
bystander's step latency before, during and after, and its p99 during the flood as a ratio to its quiet p99 (the
school's aim: at most 3). Requests go only to 127.0.0.1 and its loopback neighbours; every loop is bounded by the
durations and a reply timeout. Not a test.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import re
import statistics
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from ws_load import (
    REPLY_TIMEOUT_SECONDS,
    Socket,
    Trainee,
    daphnes,
    percentiles,
    prepare_school,
    set_up_django,
    sign_in,
)

ALONE_SECONDS = 5.0
FLOODING_ADDRESS = "127.0.0.2"
"""Where every flooding socket comes from (each trainee's own address is another, bench/ws_load.py)."""
SECONDS_LEFT = re.compile(r"in \d+ s")
"""A cool-off's seconds left in a close's reason, told as one reason however many are left."""
SERVERS = {"serve": "dealer_school/serve.py", "stock": "stock daphne"}
AFTER_SECONDS = 3.0
MEMORY_EVERY_SECONDS = 0.05
ECHO_ROUND_TRIPS = 50


@dataclass
class Flood:
    """What the flooding clients did and how their sockets ended."""

    sent: int = 0
    sockets: int = 0
    closes: Counter[str] = field(default_factory=Counter)


def resident_mb(pid: int) -> float:
    """A process's resident memory in MB (Linux /proc)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


async def read_until_close(socket: Socket) -> str:
    """Read (and drop) every answer until the server closes the socket; how it closed."""
    try:
        while await asyncio.wait_for(socket.receive(), REPLY_TIMEOUT_SECONDS) is not None:
            pass
    except ConnectionError:
        return "connection reset before the close was read"
    except TimeoutError:
        return "no close in time"
    code = int.from_bytes(socket.closed_with[:2], "big")
    return f"{code} {SECONDS_LEFT.sub('in … s', socket.closed_with[2:].decode())!r}"


async def flood(trainee: Trainee, frame: str, until: float, arguments: argparse.Namespace, tally: Flood) -> None:
    """Send ``frame`` as fast as the server takes it until ``until`` or a close (``--reconnect``: open another)."""
    attempt_id, opened = trainee.rounds[0].attempt_id, 0
    while time.monotonic() < until and (arguments.reconnect or not opened):
        path = f"/ws/table/{attempt_id}/"
        opened += 1
        tally.sockets += 1
        try:
            socket = await Socket.open(
                trainee.port, path, trainee.cookie, deflate=arguments.deflate, source=FLOODING_ADDRESS
            )
        except (ConnectionError, OSError) as failed:
            tally.closes[f"handshake failed: {failed}"] += 1
            continue
        closing = asyncio.ensure_future(read_until_close(socket))
        while not closing.done() and time.monotonic() < until:
            socket.send(frame)
            tally.sent += 1
            try:
                await socket.writer.drain()
            except ConnectionError:
                break
            await asyncio.sleep(0)  # let the close be read as it comes
        done, _ = await asyncio.wait([closing], timeout=1.0)
        tally.closes[closing.result() if done else "still open when the flood ended"] += 1
        closing.cancel()
        socket.close()


async def deal(
    trainee: Trainee, pace: float, flood_from: float, flood_to: float, until: float, deflate: bool
) -> dict[str, list[float]]:
    """Deal the bystander's rounds, one step every ``pace`` seconds until ``until``: latencies by phase."""
    latencies: dict[str, list[float]] = {"before": [], "during": [], "after": []}
    for round_ in trainee.rounds:
        path = f"/ws/table/{round_.attempt_id}/"
        socket = await Socket.open(trainee.port, path, trainee.cookie, deflate=deflate, source=trainee.address)
        await asyncio.wait_for(socket.receive(), REPLY_TIMEOUT_SECONDS)
        for sequence, frame in enumerate(round_.frames, start=1):
            if time.monotonic() >= until:
                socket.close()
                return latencies
            started, sent = time.monotonic(), time.perf_counter()
            socket.send(json.dumps(frame | {"seq": str(sequence)}))
            reply = await asyncio.wait_for(socket.receive(), REPLY_TIMEOUT_SECONDS)
            if reply is None or "✓ Right" not in reply:
                raise RuntimeError(f"the bystander's step was not graded right: {reply and reply[:200]}")
            phase = "before" if started < flood_from else "during" if started < flood_to else "after"
            latencies[phase].append(time.perf_counter() - sent)
            await asyncio.sleep(max(0.0, pace - (time.monotonic() - started)))
        socket.close()
    raise RuntimeError("the bystander ran out of dealt rounds")


async def watch_memory(pid: int, until: float) -> list[tuple[float, float]]:
    """The server's resident memory, sampled until ``until``: (time, MB)."""
    samples = []
    while time.monotonic() < until:
        samples.append((time.monotonic(), resident_mb(pid)))
        await asyncio.sleep(MEMORY_EVERY_SECONDS)
    return samples


async def echo_p50(trainee: Trainee, frame: str) -> float:
    """The bare echo's median round trip for ``frame`` on a socket of its own, quiet: the run's yardstick."""
    socket = await Socket.open(trainee.port, "/ws/bench/echo/", trainee.cookie, source=trainee.address)
    round_trips = []
    for _ in range(ECHO_ROUND_TRIPS):
        sent = time.perf_counter()
        socket.send(frame)
        if await asyncio.wait_for(socket.receive(), REPLY_TIMEOUT_SECONDS) != frame:
            raise RuntimeError("the echo did not send the frame back")
        round_trips.append(time.perf_counter() - sent)
    socket.close()
    return statistics.median(round_trips)


async def benchmark(trainees: list[Trainee], pid: int, server: str, arguments: argparse.Namespace) -> float:
    """Run the bystander alone, through the flood and after it; print the figures; its p99 flooded / quiet."""
    bystander, flooders = trainees[0], trainees[1:]
    if arguments.one_account:
        flooders = flooders[:1] * len(flooders)
    echo = await echo_p50(bystander, json.dumps(bystander.rounds[0].frames[0] | {"seq": "1"}))
    start = time.monotonic()
    flood_from = start + ALONE_SECONDS
    flood_to = flood_from + arguments.seconds
    until = flood_to + AFTER_SECONDS
    tally = Flood()

    async def flooder(trainee: Trainee) -> None:
        await asyncio.sleep(flood_from - time.monotonic())
        first = trainee.rounds[0].frames[0] | {"seq": "1"}
        padding = max(0, arguments.frame_bytes - len(json.dumps(first)) - 10)
        await flood(trainee, json.dumps(first | {"pad": "x" * padding}), flood_to, arguments, tally)

    memory, latencies, _ = await asyncio.gather(
        watch_memory(pid, until),
        deal(bystander, arguments.pace, flood_from, flood_to, until, arguments.deflate),
        asyncio.gather(*(flooder(trainee) for trainee in flooders)),
    )
    before = [mb for at, mb in memory if at < flood_from]
    after = [mb for at, mb in memory if at >= flood_to + 2.0]
    print(
        f"\n{arguments.sockets} flooding client(s){' reconnecting' if arguments.reconnect else ''}"
        f"{' of one account' if arguments.one_account else ''}, "
        f"{arguments.frame_bytes}-byte frames, for {arguments.seconds:g} s; "
        f"a bystander steps every {arguments.pace * 1000:.0f} ms; "
        f"one Daphne process ({SERVERS[server]}), SQLite, 127.0.0.1"
        f"{', permessage-deflate offered' if arguments.deflate else ''}"
    )
    print(f"flooding sockets opened: {tally.sockets}; frames sent: {tally.sent}")
    for close, count in tally.closes.most_common():
        print(f"    closed: {close} × {count}")
    print(
        f"server memory: {before[-1]:.0f} MB before, {max(mb for _, mb in memory):.0f} MB at its peak, "
        f"{after[-1]:.0f} MB 2 s after the flood"
    )
    print(f"bare echo p50: {echo * 1000:.2f} ms; the bystander's figures in ms and (×) as ratios to it")
    print(f"{'bystander':<10}{'steps':>7}" + "".join(f"{name + ' ms':>9}{'×':>7}" for name in ("p50", "p99", "max")))
    for phase, found in latencies.items():
        figures = percentiles(found)
        print(
            f"{phase:<10}{len(found):>7}"
            + "".join(f"{figures[name]:>9.1f}{figures[name] / 1000 / echo:>7.1f}" for name in ("p50", "p99", "max"))
        )
    ratio = percentiles(latencies["during"])["p99"] / percentiles(latencies["before"])["p99"]
    print(f"bystander p99 through the flood / quiet p99: {ratio:.1f}×")
    return ratio


def main() -> None:
    """Parse the options, prepare the school, and under each server log everyone in and run the flood."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n", 1)[0])
    parser.add_argument("--seconds", type=float, default=10.0, help="length of the flood, at most 120 (10)")
    parser.add_argument("--sockets", type=int, default=1, help="flooding clients at once, at most 20 (1)")
    parser.add_argument("--frame-bytes", type=int, default=4000, help="size of each flooding frame (4000)")
    parser.add_argument("--pace", type=float, default=0.05, help="seconds between the bystander's steps (0.05)")
    parser.add_argument("--reconnect", action="store_true", help="flooding clients reopen a socket the server closed")
    parser.add_argument("--one-account", action="store_true", help="every flooding socket is one trainee's")
    parser.add_argument("--deflate", action="store_true", help="every socket offers permessage-deflate")
    parser.add_argument("--server", choices=("both", *SERVERS), default="both", help="serve.py, stock daphne (both)")
    arguments = parser.parse_args()
    if not (0 < arguments.seconds <= 120 and 1 <= arguments.sockets <= 20 and 0.02 <= arguments.pace <= 1):
        parser.error("use a flood of up to 120 s, 1 to 20 sockets and a pace from 0.02 to 1 s")
    servers = list(SERVERS) if arguments.server == "both" else [arguments.server]
    ratios = {}
    with tempfile.TemporaryDirectory(prefix="ws-flood-") as folder:
        database_url = set_up_django(Path(folder) / "bench.sqlite3")
        steps_needed = int((ALONE_SECONDS + arguments.seconds + AFTER_SECONDS) / arguments.pace) + 2
        each = arguments.sockets + 1
        trainees, password = prepare_school(each * len(servers), steps_needed, random.Random(1))
        for number, server in enumerate(servers):
            group = trainees[number * each : (number + 1) * each]
            with daphnes(database_url, None, Path(folder), 1, server == "stock") as [(port, pid)]:
                for trainee in group:
                    trainee.port = port
                sign_in(group, password)
                ratios[server] = asyncio.run(benchmark(group, pid, server, arguments))
    print(
        "\nbystander p99 through the flood / quiet p99: "
        + ", ".join(f"{r:.1f}× {SERVERS[s]}" for s, r in ratios.items())
    )


if __name__ == "__main__":
    main()
