"""Table-step benchmark: the server's CPU for one trainee's step in process, from frame to answer, with no socket.

Run: .venv/bin/python bench/table_step.py [--tables 40] [--steps 120] [--seed 1] [--profile 25]

It prepares a fresh SQLite school as bench/ws_load.py does (a table per trainee, dealt Pai Gow Poker rounds with
their correct steps), then deals every round on one thread as the table socket would: the round's first drawing
(what a new socket sends), then each step read, taken (graded, written and committed, the snapshot made) and
drawn. It prints the CPU time (``time.thread_time``: the disk's flushes are not counted) of each part per step, the
best of ``--repeat`` passes over fresh copies of the rounds. ``--profile N`` prints cProfile's N costliest calls
of one pass instead. Figures only, never a pass/fail test; they are kept in bench/results/table_step.md.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import random
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ParamSpec, TypeVar

sys.path.insert(0, str(Path(__file__).resolve().parent))

from ws_load import dealer_frames, prepare_school, set_up_django

Arguments = ParamSpec("Arguments")
Result = TypeVar("Result")


@dataclass
class Costs:
    """CPU seconds spent in each part of dealing, and how many steps and rounds they cover."""

    seconds: dict[str, float] = field(default_factory=dict)
    steps: int = 0
    rounds: int = 0

    def timed(
        self, part: str, call: Callable[Arguments, Result], *args: Arguments.args, **kwargs: Arguments.kwargs
    ) -> Result:
        """Run ``call``, adding its CPU time to ``part``."""
        started = time.thread_time()
        result = call(*args, **kwargs)
        self.seconds[part] = self.seconds.get(part, 0.0) + time.thread_time() - started
        return result


def deal(round_ids: list[tuple[Any, int, list[dict[str, Any]]]], costs: Costs) -> None:
    """Deal each round as its socket would: draw it whole, then read, take and draw each step."""
    from trainer import services
    from trainer.controls import read_step
    from trainer.frames import TableFrames
    from trainer.snapshots import Viewer
    from trainer.tables import table_description

    for user, attempt_id, frames in round_ids:
        seat = costs.timed("open: attempt", services.viewable_attempt, attempt_id, user)
        assert seat is not None
        table = TableFrames(Viewer.TRAINEE)
        allowed = costs.timed("open: attempt", services.dealer_steps, seat[0])
        controls = table_description(seat[0].table.game).step_controls
        snapshot = costs.timed("open: draw", services.table_snapshot, seat[0])
        costs.timed("open: draw", table.table, snapshot)
        costs.rounds += 1
        for sequence, content in enumerate(frames, start=1):
            frame = costs.timed("step: read", read_step, {**content, "seq": str(sequence)}, controls, allowed)
            reply = costs.timed("step: take", services.apply_step, attempt_id, user, frame)
            if reply.graded is None or not reply.graded.correct:
                raise RuntimeError(f"step {sequence} of attempt {attempt_id} was not graded right: {reply.notice}")
            costs.timed("step: draw", table.table, reply.snapshot, reply)
            costs.steps += 1


def fresh_rounds(trainees: list[Any], seed: int) -> list[tuple[Any, int, list[dict[str, Any]]]]:
    """A new copy of every trainee's rounds, dealt at the same tables from the same seeds; nothing taken yet."""
    from django.contrib.auth import get_user_model

    from trainer import services
    from trainer.models import Attempt, Mode

    rounds = []
    rng = random.Random(seed)
    for trainee in trainees:
        user = get_user_model().objects.get(username=trainee.username)
        for dealt in trainee.rounds:
            table = Attempt.objects.get(pk=dealt.attempt_id).table
            attempt = services.start_round(user, table, Mode.PRACTICE, seed_value=rng.getrandbits(63))
            rounds.append((user, attempt.pk, dealer_frames(attempt.log)))
    return rounds


def main() -> None:
    """Prepare the school, deal its rounds ``--repeat`` times over and print the best pass's CPU per step."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=40, help="trainees, one table each (40)")
    parser.add_argument("--steps", type=int, default=120, help="correct steps dealt per trainee and pass (120)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the dealt rounds (1)")
    parser.add_argument("--repeat", type=int, default=3, help="passes; the best is printed (3)")
    parser.add_argument("--profile", type=int, default=0, help="print cProfile's N costliest calls of one pass")
    arguments = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="table-step-") as folder:
        set_up_django(Path(folder) / "school.sqlite3")
        trainees, _ = prepare_school(arguments.tables, arguments.steps, random.Random(arguments.seed))
        if arguments.profile:
            profile = cProfile.Profile()
            profile.runcall(deal, fresh_rounds(trainees, arguments.seed), Costs())
            pstats.Stats(profile).sort_stats("cumulative").print_stats(arguments.profile)
            return
        passes = []
        for _ in range(arguments.repeat):
            costs = Costs()
            deal(fresh_rounds(trainees, arguments.seed), costs)
            passes.append(costs)
        best = min(passes, key=lambda costs: sum(costs.seconds.values()))
    print(f"{best.steps} steps in {best.rounds} rounds, best of {arguments.repeat} passes; CPU ms per step")
    for part, seconds in best.seconds.items():
        per = "round" if part.startswith("open") else "step"
        print(f"{part:14} {seconds / (best.rounds if per == 'round' else best.steps) * 1000:7.3f} ms per {per}")
    step_parts = [seconds for part, seconds in best.seconds.items() if part.startswith("step")]
    print(f"{'step: all':14} {sum(step_parts) / best.steps * 1000:7.3f} ms per step")


if __name__ == "__main__":
    main()
