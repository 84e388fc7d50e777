"""Ultimate Texas Hold 'Em's enumeration, run once for a full deck and stored as data.

Run ``nice -n 19 python -m simulator.carnival.holdem_stored`` to make ``holdem_odds.json``.

The sums of every deal (:mod:`simulator.carnival.holdem_odds`) take tens of minutes, so they are stored as JSON
beside this module with the commit that made them and the SHA-256 of their inputs' sources; a test recomputes the
hash (not the sums) to catch stale figures. The sums are integers, so a rerun writes the same file bit for bit.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import multiprocessing
import subprocess
import time
from collections import Counter
from collections.abc import Callable, Mapping
from functools import cache
from pathlib import Path

from simulator.carnival.holdem_odds import STRATEGIES, Enumeration, Tally, canonical_boards
from simulator.carnival.ultimate_texas import CATEGORY_NAMES
from simulator.core.hands import HandCategory
from simulator.core.json_values import JsonValue

STORED = Path(__file__).with_name("holdem_odds.json")
"""The stored sums of every deal for each strategy, with the commit that made them and the hash of their inputs."""
INPUTS = tuple(Path(__file__).with_name(name) for name in ("holdem_odds.py", "ultimate_texas.py"))
"""The sources the sums follow from: this enumeration and the game's rules and strategies."""


def inputs_hash() -> str:
    """The SHA-256 of the inputs' sources: when it changes, the stored sums are stale."""
    digest = hashlib.sha256()
    for source in INPUTS:
        digest.update(source.read_bytes())
    return digest.hexdigest()


def tally_to_json(tally: Tally) -> dict[str, JsonValue]:
    """A tally as JSON, the Blind's wins by category name."""
    won: dict[str, JsonValue] = {
        CATEGORY_NAMES[HandCategory(key)]: count for key, count in sorted(tally.blind_won.items())
    }
    return {
        "deals": tally.deals,
        "ante": tally.ante,
        "play": tally.play,
        "blind_lost": tally.blind_lost,
        "blind_won": won,
    }


def tally_from_json(data: Mapping[str, JsonValue]) -> Tally:
    """A tally read back from tally_to_json."""
    names = {name: key for key, name in CATEGORY_NAMES.items()}
    won = data["blind_won"]
    assert isinstance(won, dict)
    numbers = [data[field] for field in ("deals", "ante", "play", "blind_lost")]
    assert all(isinstance(number, int) for number in numbers)
    deals, ante, play, blind_lost = (int(str(number)) for number in numbers)
    return Tally(
        deals, ante, play, blind_lost, Counter({int(names[name]): int(str(count)) for name, count in won.items()})
    )


def stored_tallies() -> dict[str, Tally]:
    """The stored sums of every deal of a full deck, by strategy name."""
    data = json.loads(STORED.read_text())
    return {name: tally_from_json(tally) for name, tally in data["strategies"].items()}


@cache
def full_deck(strategy_name: str) -> Enumeration:
    """One process's enumeration of a full deck for a strategy, its flop decisions kept from chunk to chunk."""
    return Enumeration(STRATEGIES[strategy_name], range(52))


def board_chunk(share: tuple[str, list[tuple[tuple[int, ...], int]]]) -> Tally:
    """Sum a chunk of boards with their counts (one process's share) for the named strategy."""
    strategy_name, boards = share
    enumeration = full_deck(strategy_name)
    tally = Tally()
    for board, times in boards:
        tally.add(enumeration.board(board), times)
    return tally


def compute(processes: int, chunks: int = 64, echo: Callable[[str], None] = print) -> dict[str, JsonValue]:
    """Every deal of a full deck for each strategy, the boards shared among ``processes`` processes."""
    boards = sorted(canonical_boards(range(52)).items())
    started = time.perf_counter()
    strategies: dict[str, JsonValue] = {}
    with multiprocessing.Pool(processes) as pool:
        for name in STRATEGIES:
            shares = [(name, boards[place::chunks]) for place in range(chunks)]
            tally = Tally()
            for done, part in enumerate(pool.imap_unordered(board_chunk, shares), start=1):
                tally.add(part, 1)
                echo(f"{name}: {done} of {chunks} chunks, {time.perf_counter() - started:.0f} s")
            strategies[name] = tally_to_json(tally)
    commit = subprocess.run(("git", "rev-parse", "HEAD"), capture_output=True, text=True, check=False).stdout.strip()
    return {"commit": commit, "inputs_sha256": inputs_hash(), "boards": len(boards), "strategies": strategies}


if __name__ == "__main__":
    arguments = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    arguments.add_argument("--processes", type=int, default=2)
    stored = compute(arguments.parse_args().processes)
    STORED.write_text(json.dumps(stored, indent=2, sort_keys=True) + "\n")
