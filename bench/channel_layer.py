"""Channel-layer benchmark: microseconds per group message on Channels' in-memory layer as open tables grow.

Each of N channels (one open table connection) waits on its own group, as a watcher waits on its attempt; messages
go round-robin to the groups and each is received. Every group send and every receive of the stock layer walks
all channels and groups for expired messages, so the cost per message grows with N.

Run: .venv/bin/python bench/channel_layer.py [--channels 200 400] [--messages 5000] [--layer dotted.path ...]
Prints figures only; nothing here is a pass/fail test. Figures are kept in bench/results/channel_layer.md.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import time
from pathlib import Path

from channels.layers import BaseChannelLayer
from django.utils.module_loading import import_string

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

LAYERS = ["channels.layers.InMemoryChannelLayer", "trainer.speed.channel_layer.SweepingInMemoryChannelLayer"]


async def microseconds_per_message(layer: BaseChannelLayer, channels: int, messages: int) -> float:
    """Send ``messages`` group messages round-robin to ``channels`` waiting channels; µs per message received."""
    names = [f"specific.bench!{number}" for number in range(channels)]
    for number, name in enumerate(names):
        await layer.group_add(f"attempt-{number}-watchers", name)
    received = 0
    everything = asyncio.Event()

    async def listen(name: str) -> None:
        nonlocal received
        while True:
            await layer.receive(name)
            received += 1
            if received == messages:
                everything.set()

    listeners = [asyncio.create_task(listen(name)) for name in names]
    await asyncio.sleep(0)
    start = time.perf_counter()
    for number in range(messages):
        message = {"type": "table.updated", "attempt_id": number % channels, "origin": "x", "sequence": number}
        await layer.group_send(f"attempt-{number % channels}-watchers", message)
        await asyncio.sleep(0)
    await everything.wait()
    elapsed = time.perf_counter() - start
    for listener in listeners:
        listener.cancel()
    await asyncio.gather(*listeners, return_exceptions=True)
    return elapsed / messages * 1e6


def main() -> None:
    """Print µs per message for each layer at each number of channels (best of three runs)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--channels", type=int, nargs="+", default=[200, 400])
    parser.add_argument("--messages", type=int, default=5000)
    parser.add_argument("--layer", nargs="+", default=LAYERS, help="channel layer classes, as dotted paths")
    arguments = parser.parse_args()
    for channels in arguments.channels:
        for path in arguments.layer:
            layer_class = import_string(path)
            best = min(
                asyncio.run(microseconds_per_message(layer_class(), channels, arguments.messages)) for _ in range(3)
            )
            print(f"{channels:4} channels  {path:52} {best:7.1f} µs per message", flush=True)


if __name__ == "__main__":
    main()
