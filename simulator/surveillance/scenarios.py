"""Watch scenarios: an instructor's scenario whose rounds the engine deals, plays right and seeds with faults.

:mod:`simulator.scenarios` reads a scenario's ``watch`` part (:class:`~simulator.scenarios.Watch`: the fault kinds
by key, how many faults, the pace) and stands below the catalogue; :func:`read_scenario` reads a scenario whole,
each kind named checked against the catalogue of its game (:func:`~simulator.surveillance.catalogue.fault_kinds`).
:func:`deal_watch` deals round ``number`` of a watch scenario as :func:`~simulator.scenarios.deal_scenario` deals any
scenario's, and seeds it with faults drawn from the scenario: the watched round's log (``watched_log``) holds the
round and its faults, so it replays exactly without the scenario.
"""

from __future__ import annotations

import random
from collections.abc import Mapping

from simulator.core.json_values import JsonValue
from simulator.core.procedure import Round
from simulator.games import GAMES, Game
from simulator.notation import deal_saved, save_round
from simulator.scenarios import ScenarioError, ScenarioSpec, Watch, deal_scenario
from simulator.surveillance.catalogue import FAULTS, FaultKind, fault_kinds
from simulator.surveillance.watching import WatchedRound, choose_faults, watch


def kinds_problem(watched: Watch, game: Game) -> str | None:
    """What is wrong with the kinds a watch part names at a game: one not in the catalogue, or one the game lacks."""
    known = {kind.value for kind in FaultKind}
    unknown = [kind for kind in watched.kinds if kind not in known]
    if unknown:
        return f"{', '.join(map(repr, unknown))} is not a fault kind of the catalogue: {', '.join(sorted(known))}"
    possible = set(fault_kinds(game))
    absent = [FAULTS[FaultKind(kind)].name for kind in watched.kinds if FaultKind(kind) not in possible]
    if absent:
        return f"{', '.join(absent)} cannot happen at a {game.name} table: no step of its rounds can hold it"
    return None


def read_scenario(data: Mapping[str, JsonValue]) -> ScenarioSpec:
    """Read and check a scenario, a watch scenario's kinds against its game's catalogue; ScenarioError naming all."""
    try:
        spec = ScenarioSpec.from_json(data)
    except ScenarioError as error:
        game, watched = GAMES.get(str(data.get("game"))), data.get("watch")
        kinds = watched.get("kinds") if isinstance(watched, Mapping) else None
        if game is None or "watch.kinds" in error.errors or not isinstance(kinds, list):
            raise
        problem = kinds_problem(Watch(tuple(map(str, kinds))), game)
        raise ScenarioError(error.errors | ({} if problem is None else {"watch.kinds": problem})) from None
    if spec.watch is not None and (problem := kinds_problem(spec.watch, spec.game)) is not None:
        raise ScenarioError({"watch.kinds": problem})
    return spec


def watch_part(spec: ScenarioSpec) -> Watch:
    """The scenario's watch part; ValueError for a scenario the trainee deals."""
    if spec.watch is None:
        raise ValueError("This scenario is dealt by the trainee, not watched.")
    return spec.watch


def seed_faults(spec: ScenarioSpec, round_: Round, rng: random.Random) -> WatchedRound:
    """Play a dealt round of the watch scenario right and seed it, the count and kinds of faults drawn by ``rng``."""
    watched = watch_part(spec)
    kinds = {FaultKind(kind) for kind in watched.kinds} or None
    count = rng.randint(watched.fewest, watched.most)
    return watch(round_, choose_faults(deal_saved(save_round(round_)), count, rng, kinds))


def deal_watch(spec: ScenarioSpec, seed: int, number: int, rng: random.Random) -> WatchedRound:
    """Round ``number`` of the watch scenario dealt with ``seed``, played right and seeded with faults from ``rng``."""
    return seed_faults(spec, deal_scenario(spec, seed, number), rng)
