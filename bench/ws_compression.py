"""Bytes per WebSocket frame of a trainee's round, as drawn and as permessage-deflate sends them.

Run: .venv/bin/python bench/ws_compression.py [--seed 3]
Deals a practice round at the commission-free Pai Gow Poker demo table on a temporary SQLite database, draws every
frame the trainee's connection gets (the whole table first, then what each step changed), and compresses them as
permessage-deflate does with context takeover (raw deflate, level 6, a sync flush per message). Prints figures only.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
import zlib
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def round_frames(seed: int) -> list[str]:
    """Every frame of one correctly dealt practice round, the first being the whole table."""
    from django.contrib.auth import get_user_model

    from trainer import demo_tables, round_store, services
    from trainer.controls import StepFrame
    from trainer.frames import TableFrames
    from trainer.models import Mode
    from trainer.snapshots import Viewer

    trainee = get_user_model().objects.create_user("bench-trainee", password="unused")
    table = demo_tables.create_demo_tables()[0]
    attempt = services.start_round(trainee, table, Mode.PRACTICE, seed_value=seed)
    frames = TableFrames(Viewer.TRAINEE)
    sent = [frames.table(services.table_snapshot(attempt))]
    sequence = 0
    while (action := round_store.live_round(attempt).next_action()) is not None:
        sequence += 1
        reply = services.apply_step(attempt.pk, trainee, StepFrame(sequence, action.step, dict(action.arguments)))
        sent.append(frames.table(reply.snapshot, reply))
        attempt.refresh_from_db()
    return sent


def deflated_sizes(frames: list[str]) -> tuple[list[int], list[float]]:
    """Each frame's size on the wire with permessage-deflate (one context for the connection) and µs to deflate it."""
    compressor = zlib.compressobj(6, zlib.DEFLATED, -15)
    sizes, micros = [], []
    for frame in frames:
        start = time.perf_counter()
        data = compressor.compress(frame.encode()) + compressor.flush(zlib.Z_SYNC_FLUSH)
        micros.append((time.perf_counter() - start) * 1e6)
        sizes.append(len(data) - 4)  # the flush's 00 00 ff ff tail is not sent
    return sizes, micros


def main() -> None:
    """Set up a throwaway school, deal the round and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=3)
    arguments = parser.parse_args()
    folder = tempfile.mkdtemp(prefix="ws-compression-")
    os.environ["DATABASE_URL"] = f"sqlite:///{folder}/school.sqlite3"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "dealer_school.settings")
    import django
    from django.core.management import call_command

    django.setup()
    call_command("migrate", verbosity=0)
    frames = round_frames(arguments.seed)
    raw = [len(frame.encode()) for frame in frames]
    deflated, micros = deflated_sizes(frames)
    later_raw, later_deflated = raw[1:], deflated[1:]
    print(f"seed {arguments.seed}: {len(frames)} frames (the whole table, then {len(later_raw)} steps' answers)")
    print(f"{'':>26} {'as drawn':>10} {'deflated':>10} {'saved':>7}")
    rows = (
        ("first frame (whole table)", raw[0], deflated[0]),
        ("later frames, median", statistics.median(later_raw), statistics.median(later_deflated)),
        ("whole round, total", sum(raw), sum(deflated)),
    )
    for label, drawn, sent in rows:
        print(f"{label:>26} {drawn:>10,.0f} {sent:>10,.0f} {1 - sent / drawn:>7.0%}")
    print(
        f"deflating costs {micros[0]:.0f} µs for the first frame and {statistics.median(micros[1:]):.0f} µs a later one"
    )


if __name__ == "__main__":
    main()
