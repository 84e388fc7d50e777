"""Exact-odds benchmark: the enumerations' cost, as a ratio to a pure-Python yardstick timed in the same run.

Three Card Poker's Ante and Play enumeration and Ultimate Texas Hold 'Em's Trips counts run whole; Ultimate Texas
Hold 'Em's Ante, Blind and Play enumeration (``python -m simulator.carnival.holdem_stored``) runs a sample of its
134,459 boards for each strategy, first with its flop decisions unread, then read, and the whole run is estimated
from the sample. The yardstick is the same host's loop of 10 million additions (CPU time, ``time.process_time``).

Run: nice -n 19 .venv/bin/python bench/exact_odds.py [--boards 300]
Prints figures only; nothing here is a pass/fail test.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from simulator.carnival.holdem_odds import STRATEGIES, Enumeration, Tally, canonical_boards
from simulator.carnival.odds import ante_and_play_return, seven_card_counts
from simulator.carnival.three_card_poker import ANTE_BONUS_PAYTABLES

FULL_DECK_FLOPS = 22_100


def cpu_seconds(work: Callable[[], object]) -> float:
    """The process's CPU seconds to run ``work`` once."""
    start = time.process_time()
    work()
    return time.process_time() - start


def yardstick() -> None:
    """Ten million additions in a pure-Python loop."""
    total = 0
    for number in range(10_000_000):
        total += number


def sum_boards(enumeration: Enumeration, boards: list[tuple[int, ...]]) -> list[Tally]:
    """Every deal with each of ``boards``, summed board by board."""
    return [enumeration.board(board) for board in boards]


def main() -> None:
    """Print the figures."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--boards", type=int, default=300, help="sample boards per strategy")
    arguments = parser.parse_args()
    unit = cpu_seconds(yardstick)
    print(f"yardstick: 10M additions {unit:.2f} s CPU; every figure below is in yardsticks")
    ante_and_play = cpu_seconds(lambda: ante_and_play_return(ANTE_BONUS_PAYTABLES["5-4-1"]))
    print(f"Three Card Poker Ante and Play (407 million pairs): {ante_and_play / unit:.2f}")
    trips = cpu_seconds(seven_card_counts)
    print(f"Ultimate Texas Hold 'Em seven-card counts (Trips): {trips / unit:.2f}")
    boards = sorted(canonical_boards(range(52)).items())
    sample = random.Random(34).sample(boards, arguments.boards)
    for name, strategy in STRATEGIES.items():
        enumeration = Enumeration(strategy, range(52))
        boards_of_sample = partial(sum_boards, enumeration, [board for board, _ in sample])
        cold = cpu_seconds(boards_of_sample)
        warm = cpu_seconds(boards_of_sample)
        flops = len(enumeration.flops)
        per_flop = (cold - warm) / flops
        whole = warm / len(sample) * len(boards) + per_flop * FULL_DECK_FLOPS
        print(
            f"Ultimate Texas Hold 'Em, {name}: {warm / len(sample) / unit:.4f} a board (flops read), "
            f"{per_flop / unit:.4f} a flop read; whole run (134,459 boards, 22,100 flops) about "
            f"{whole / unit:,.0f} yardsticks of one core"
        )


if __name__ == "__main__":
    main()
