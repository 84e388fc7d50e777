"""Engine benchmark: house-way settings per second and fully automated Pai Gow Poker rounds per second.

Run: .venv/bin/python bench/engine.py [--hands 100000] [--rounds 2000]
Prints figures only; nothing here is a pass/fail test.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from simulator.core.cards import pai_gow_deck
from simulator.pai_gow.demo import demo_round
from simulator.pai_gow.house_way import HOUSE_WAYS


def bench_house_way(name: str, hands: int, seed: int) -> float:
    """Set ``hands`` random seven-card hands by the named house way; return settings per second."""
    rng = random.Random(seed)
    deck = list(pai_gow_deck())
    samples = [rng.sample(deck, 7) for _ in range(hands)]
    house_way = HOUSE_WAYS[name]
    start = time.perf_counter()
    for cards in samples:
        house_way.set_hand(cards)
    return hands / (time.perf_counter() - start)


def bench_rounds(rounds: int) -> float:
    """Play ``rounds`` fully automated six-player rounds with every wager; return rounds per second."""
    start = time.perf_counter()
    for seed in range(rounds):
        demo_round(seed).play_out()
    return rounds / (time.perf_counter() - start)


def main() -> None:
    """Print the figures."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=100_000)
    parser.add_argument("--rounds", type=int, default=2_000)
    arguments = parser.parse_args()
    for name in HOUSE_WAYS:
        rate = bench_house_way(name, arguments.hands, seed=2021)
        print(f"house way {name}: {rate:,.0f} settings/s over {arguments.hands:,} random 7-card hands")
    print(f"automated rounds: {bench_rounds(arguments.rounds):,.1f} rounds/s over {arguments.rounds:,} rounds")


if __name__ == "__main__":
    main()
