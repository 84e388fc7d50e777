"""Rounds to watch in the surveillance tests: each game's sample round and the drill library's, dealt once."""

from __future__ import annotations

import functools
from collections.abc import Iterator

from simulator.core.procedure import Round
from simulator.drills import DRILLS
from simulator.games import GAMES
from simulator.notation import deal_saved, save_round
from simulator.scenarios import ScenarioSpec, deal_scenario
from simulator.surveillance.catalogue import FaultKind
from simulator.surveillance.watching import FaultChoice, eligible_faults


def sample(key: str) -> Round:
    """A fresh copy of the game's played sample round (seed 5, a forced progressive hit)."""
    return deal_saved(save_round(played_sample(key)))


@functools.cache
def played_sample(key: str) -> Round:
    """The game's sample round, played by the engine; shared, so never seeded in place (see :func:`sample`)."""
    round_ = GAMES[key].sample_round(5, True)
    round_.play_out()
    return round_


def drill_rounds() -> Iterator[Round]:
    """The drill library's rounds in turn, each dealt with seed 3 and played: they rig Tiger 9s, fouls, dice."""
    for drill in DRILLS:
        round_ = deal_scenario(ScenarioSpec.from_json(drill.spec), 3, 1)
        round_.play_out()
        yield round_


@functools.cache
def first_rounds_of_each_kind() -> dict[FaultKind, tuple[Round, FaultChoice]]:
    """For every fault kind, the first round (the games' samples, then the drills) that can hold it, and where.

    Shared: a test seeds a fresh copy of the round (``deal_saved(save_round(round_))``), never the round itself.
    """
    found: dict[FaultKind, tuple[Round, FaultChoice]] = {}
    samples = (sample(key) for key in GAMES)
    for round_ in (*samples, *drill_rounds()):
        for choice in eligible_faults(round_):
            found.setdefault(choice.kind, (round_, choice))
        if len(found) == len(FaultKind):
            break
    return found
