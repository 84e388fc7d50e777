"""Socket churn benchmark: what a Daphne process keeps of table sockets opened and closed by the thousand.

Run: .venv/bin/python bench/ws_churn.py [--sockets 1000] [--rounds 3] [--at-once 10] [--stock]

The school is prepared as bench/ws_load.py prepares it and served by one Daphne process (dealer_school/serve.py, or
``--stock`` daphne) on a free 127.0.0.1 port. Each round opens ``--sockets`` table sockets, ``--at-once`` at a time,
each offering permessage-deflate as browsers do, reads its first frame (the whole table) and closes it. It prints the
server's resident memory before, after each round and 2 s after the last, the sockets opened a second, and the bare
echo's round trip for a table's first step in the same run (the yardstick). Requests go only to 127.0.0.1. Not a test.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import tempfile
import time
from pathlib import Path

from ws_flood import echo_p50, resident_mb
from ws_load import REPLY_TIMEOUT_SECONDS, Socket, Trainee, daphnes, prepare_school, set_up_django, sign_in

SETTLE_SECONDS = 2.0


async def open_and_close(trainee: Trainee, count: int) -> None:
    """Open ``count`` table sockets one after another, each read up to its table, then closed."""
    path = f"/ws/table/{trainee.rounds[0].attempt_id}/"
    for _ in range(count):
        socket = await Socket.open(trainee.port, path, trainee.cookie, deflate=True)
        if not await asyncio.wait_for(socket.receive(), REPLY_TIMEOUT_SECONDS):
            raise RuntimeError("the table did not arrive")
        socket.close()


async def churn(trainees: list[Trainee], pid: int, arguments: argparse.Namespace) -> None:
    """Run the rounds of opening and closing; print the figures."""
    echo = await echo_p50(trainees[0], json.dumps(trainees[0].rounds[0].frames[0] | {"seq": "1"}))
    before = resident_mb(pid)
    print(f"\nserver memory before: {before:.0f} MB; bare echo p50 {echo * 1000:.2f} ms")
    for number in range(1, arguments.rounds + 1):
        started = time.monotonic()
        share = arguments.sockets // arguments.at_once
        await asyncio.gather(*(open_and_close(trainee, share) for trainee in trainees))
        took = time.monotonic() - started
        print(
            f"round {number}: {share * arguments.at_once} sockets in {took:.1f} s "
            f"({share * arguments.at_once / took:.0f} a second, {took / share / echo:.0f}× the echo's round trip "
            f"per socket and client); memory {resident_mb(pid):.0f} MB"
        )
    await asyncio.sleep(SETTLE_SECONDS)
    print(f"server memory {SETTLE_SECONDS:g} s after: {resident_mb(pid):.0f} MB ({resident_mb(pid) - before:+.0f} MB)")


def main() -> None:
    """Parse the options, prepare the school, start Daphne, sign the clients in and churn."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n", 1)[0])
    parser.add_argument("--sockets", type=int, default=1000, help="sockets opened and closed a round (1000)")
    parser.add_argument("--rounds", type=int, default=3, help="rounds of churn, at most 10 (3)")
    parser.add_argument("--at-once", type=int, default=10, help="clients opening sockets at once, at most 30 (10)")
    parser.add_argument("--stock", action="store_true", help="serve with stock daphne, not dealer_school/serve.py")
    arguments = parser.parse_args()
    if not (1 <= arguments.at_once <= 30 and 1 <= arguments.rounds <= 10 and 1 <= arguments.sockets <= 10_000):
        parser.error("use 1 to 10,000 sockets, 1 to 10 rounds and 1 to 30 clients at once")
    with tempfile.TemporaryDirectory(prefix="ws-churn-") as folder:
        database_url = set_up_django(Path(folder) / "bench.sqlite3")
        trainees, password = prepare_school(arguments.at_once, 1, random.Random(1))
        with daphnes(database_url, None, Path(folder), 1, arguments.stock) as [(port, pid)]:
            for trainee in trainees:
                trainee.port = port
            sign_in(trainees, password)
            asyncio.run(churn(trainees, pid, arguments))


if __name__ == "__main__":
    main()
