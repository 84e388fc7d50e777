"""Frame-drawing benchmark: the CPU to draw a trainee's frames after each step, in process, against a yardstick.

Run: .venv/bin/python bench/frame_draw.py [--tables 10] [--steps 60] [--seed 1] [--repeat 7]

It deals rounds as bench/table_step.py does, keeping each step's snapshot and reply, then draws every round's frames
again on a fresh ``TableFrames`` (as a new socket would: the whole table, then each step's frame), ``--repeat``
times. It prints the best pass's CPU per step frame (``time.thread_time``) and, measured in the same run, a pure-Python
loop of 10M additions, with their ratio: the host is shared, so only the ratio is compared between runs. Figures only,
never a pass/fail test; they are kept in bench/results/table_step.md.
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from table_step import fresh_rounds
from ws_load import prepare_school, set_up_django


def yardstick() -> float:
    """CPU seconds of a pure-Python loop of 10M additions, best of three."""
    best = float("inf")
    for _ in range(3):
        started = time.thread_time()
        total = 0
        for number in range(10_000_000):
            total += number
        best = min(best, time.thread_time() - started)
    return best


def dealt_frames(rounds: list[tuple[Any, int, list[dict[str, Any]]]]) -> list[tuple[Any, list[tuple[Any, Any]]]]:
    """Deal every round once; keep its first snapshot and each step's (snapshot, reply)."""
    from trainer import services
    from trainer.controls import read_step
    from trainer.tables import table_description

    kept = []
    for user, attempt_id, frames in rounds:
        seat = services.viewable_attempt(attempt_id, user)
        assert seat is not None
        allowed = services.dealer_steps(seat[0])
        controls = table_description(seat[0].table.game).step_controls
        first = services.table_snapshot(seat[0])
        steps = []
        for sequence, content in enumerate(frames, start=1):
            frame = read_step({**content, "seq": str(sequence)}, controls, allowed)
            reply = services.apply_step(attempt_id, user, frame)
            steps.append((reply.snapshot, reply))
        kept.append((first, steps))
    return kept


def draw(kept: list[tuple[Any, list[tuple[Any, Any]]]]) -> tuple[float, int]:
    """CPU seconds to draw every step's frame (each round's first frame drawn but not counted), and the steps."""
    from trainer.frames import TableFrames
    from trainer.snapshots import Viewer

    seconds, steps = 0.0, 0
    for first, replies in kept:
        table = TableFrames(Viewer.TRAINEE)
        table.table(first)
        started = time.thread_time()
        for snapshot, reply in replies:
            table.table(snapshot, reply)
        seconds += time.thread_time() - started
        steps += len(replies)
    return seconds, steps


def main() -> None:
    """Deal the rounds once, draw their frames ``--repeat`` times and print the best pass beside the yardstick."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=10, help="trainees, one table each (10)")
    parser.add_argument("--steps", type=int, default=60, help="correct steps dealt per trainee (60)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the dealt rounds (1)")
    parser.add_argument("--repeat", type=int, default=7, help="passes; the best is printed (7)")
    arguments = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="frame-draw-") as folder:
        set_up_django(Path(folder) / "school.sqlite3")
        trainees, _ = prepare_school(arguments.tables, arguments.steps, random.Random(arguments.seed))
        kept = dealt_frames(fresh_rounds(trainees, arguments.seed))
        before = yardstick()
        seconds, steps = min(draw(kept) for _ in range(arguments.repeat))
        after = yardstick()
    loop = min(before, after)
    per_step = seconds / steps
    print(f"{steps} step frames in {len(kept)} rounds, best of {arguments.repeat} passes")
    print(f"draw a step's frame  {per_step * 1e6:8.1f} µs CPU")
    print(f"yardstick (10M adds) {loop * 1e3:8.1f} ms CPU")
    print(f"draw ÷ yardstick     {per_step / loop * 1e6:8.2f} ppm")


if __name__ == "__main__":
    main()
