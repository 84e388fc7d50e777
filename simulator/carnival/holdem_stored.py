"""Ultimate Texas Hold 'Em's enumeration, run once for a full deck and stored as data.

Run ``nice -n 19 python -m simulator.carnival.holdem_stored`` to make ``holdem_odds.json``.

The sums of every deal (:mod:`simulator.carnival.holdem_odds`) take tens of minutes, so they are stored as JSON
beside this module with the commit that made them and the SHA-256 of their inputs' code; a test recomputes the
hash (not the sums) to catch stale figures. The code is the modules' syntax trees as Python 3.11 dumps them, without
docstrings or comments, so rewording either keeps the sums. The sums are integers, so a rerun writes the same file
bit for bit.
"""

from __future__ import annotations

import argparse
import ast
import hashlib
import json
import multiprocessing
import subprocess
import time
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from functools import cache
from pathlib import Path

from simulator.carnival.holdem_odds import STRATEGIES, Enumeration, Tally, ante_blind_and_play_return, canonical_boards
from simulator.carnival.poker import Paytable
from simulator.carnival.ultimate_texas import CATEGORY_NAMES
from simulator.core.hands import HandCategory
from simulator.core.json_values import JsonValue

STORED = Path(__file__).with_name("holdem_odds.json")
"""The stored sums of every deal for each strategy, with the commit that made them and the hash of their inputs."""
INPUTS = tuple(Path(__file__).with_name(name) for name in ("holdem_odds.py", "ultimate_texas.py"))
"""The sources the sums follow from: this enumeration and the game's rules and strategies."""


def inputs_hash(sources: Sequence[Path] = INPUTS) -> str:
    """The SHA-256 of the sources' code, docstrings and comments aside: when it changes, the stored sums are stale."""
    digest = hashlib.sha256()
    for source in sources:
        digest.update(code_of(source.read_text()).encode())
    return digest.hexdigest()


def code_of(source: str) -> str:
    """A module's syntax tree as text, without the docstrings of the module, its classes, functions and attributes."""
    tree = ast.parse(source)
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            node.body = [statement for statement in node.body if not said_alone(statement)]
    return ast.dump(tree, include_attributes=False)


def said_alone(statement: ast.AST) -> bool:
    """Whether a statement is a string standing alone: a docstring, or an attribute's, which does nothing when run."""
    value = statement.value if isinstance(statement, ast.Expr) else None
    return isinstance(value, ast.Constant) and isinstance(value.value, str)


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
    if not isinstance(won, dict):
        raise ValueError(f"The Blind's wins are stored by category, not as {won!r}.")
    deals, ante, play, blind_lost = (whole(data[name]) for name in ("deals", "ante", "play", "blind_lost"))
    return Tally(deals, ante, play, blind_lost, Counter({names[name]: whole(count) for name, count in won.items()}))


def whole(value: JsonValue) -> int:
    """A stored count, which is a whole number."""
    if not isinstance(value, int):
        raise ValueError(f"A stored count is a whole number, not {value!r}.")
    return value


@cache
def stored_tallies() -> dict[str, Tally]:
    """The stored sums of every deal of a full deck, by strategy name; none before the enumeration has been run."""
    if not STORED.exists():
        return {}
    data = json.loads(STORED.read_text())
    return {name: tally_from_json(tally) for name, tally in data["strategies"].items()}


@cache
def full_deck(strategy_name: str) -> Enumeration:
    """One process's enumeration of a full deck for a strategy, its flop decisions kept from chunk to chunk."""
    return Enumeration(STRATEGIES[strategy_name], range(52))


def stored_return(strategy_name: str, blind: Paytable) -> Fraction:
    """The stored exact return of the Ante, Blind and Play Wagers per unit of Ante, by a strategy and Blind paytable."""
    return ante_blind_and_play_return(stored_tallies()[strategy_name], blind)


def stored_blind(strategy_name: str, blind: Paytable) -> tuple[Fraction, Fraction]:
    """The Blind Wager's own exact return per unit of Blind, and the chance its paytable pays, by a stored strategy."""
    tally = stored_tallies()[strategy_name]
    paid = {key: odds for key, name in CATEGORY_NAMES.items() if (odds := blind.odds(name)) is not None}
    won = sum((Fraction(odds.win, odds.stake) * tally.blind_won[key] for key, odds in paid.items()), Fraction(0))
    hits = sum(tally.blind_won[key] for key in paid)
    return (won - tally.blind_lost) / tally.deals, Fraction(hits, tally.deals)


def board_chunk(share: tuple[str, int, list[tuple[tuple[int, ...], int]]]) -> tuple[int, Tally]:
    """Sum a chunk of boards with their counts (one process's share) for the named strategy, with its place."""
    strategy_name, place, boards = share
    enumeration = full_deck(strategy_name)
    tally = Tally()
    for board, times in boards:
        tally.add(enumeration.board(board), times)
    return place, tally


def compute(
    processes: int,
    partial: Path,
    names: Sequence[str] = tuple(STRATEGIES),
    chunks: int = 256,
    echo: Callable[[str], None] = print,
) -> dict[str, JsonValue]:
    """Every deal of a full deck for each strategy, the boards shared among ``processes`` processes.

    Each finished chunk's sums are kept in ``partial`` (named by the inputs' hash), so a run stopped part way
    resumes where it stopped.
    """
    boards = sorted(canonical_boards(range(52)).items())
    started = time.perf_counter()
    kept = partial / inputs_hash()
    kept.mkdir(parents=True, exist_ok=True)
    strategies: dict[str, JsonValue] = {}
    with multiprocessing.Pool(processes) as pool:
        for name in names:
            done = {chunk.name: chunk for chunk in kept.glob(f"{name}-*.json")}
            todo = [
                (name, place, boards[place::chunks]) for place in range(chunks) if f"{name}-{place}.json" not in done
            ]
            for place, part in pool.imap_unordered(board_chunk, todo):
                (kept / f"{name}-{place}.json").write_text(json.dumps(tally_to_json(part)))
                echo(f"{name}: chunk {place} of {chunks}, {time.perf_counter() - started:.0f} s")
            tally = Tally()
            for place in range(chunks):
                tally.add(tally_from_json(json.loads((kept / f"{name}-{place}.json").read_text())), 1)
            strategies[name] = tally_to_json(tally)
    commit = subprocess.run(("git", "rev-parse", "HEAD"), capture_output=True, text=True, check=False).stdout.strip()
    return {"commit": commit, "inputs_sha256": inputs_hash(), "boards": len(boards), "strategies": strategies}


if __name__ == "__main__":
    arguments = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    arguments.add_argument("--processes", type=int, default=2)
    arguments.add_argument("--strategy", action="append", choices=list(STRATEGIES), help="only these (default all)")
    arguments.add_argument("--partial", type=Path, required=True, help="a directory for each finished chunk's sums")
    given = arguments.parse_args()
    stored = compute(given.processes, given.partial, given.strategy or tuple(STRATEGIES))
    STORED.write_text(json.dumps(stored, indent=2, sort_keys=True) + "\n")
