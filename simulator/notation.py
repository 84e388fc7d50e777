"""Rounds as JSON: the setup (configuration, seed, scenario) and the operations, replayed to the same state."""

from __future__ import annotations

from collections.abc import Mapping

from simulator.games import GAMES, game_of
from simulator.json_values import JsonValue, json_list, json_object, json_str
from simulator.procedure import Round


def save_round(round_: Round) -> dict[str, JsonValue]:
    """The round as JSON-ready data: its game, its setup and every operation performed so far."""
    return {"game": game_of(round_).key, "setup": round_.setup_json(), "operations": operations_since(round_, 0)}


def operations_since(round_: Round, count: int) -> list[JsonValue]:
    """The operations performed after the round's first ``count``, as JSON-ready data."""
    return [operation.to_json() for operation in round_.operations[count:]]


def replay_round(data: Mapping[str, JsonValue]) -> Round:
    """Deal the saved round again, operation by operation; raise ValueError for an unknown or mismatched game."""
    round_ = deal_saved(data)
    perform_saved(round_, data["operations"])
    return round_


def deal_saved(data: Mapping[str, JsonValue]) -> Round:
    """The saved round as dealt, before any of its operations; raise ValueError for an unknown or mismatched game."""
    key = json_str(data["game"])
    game = GAMES.get(key)
    if game is None:
        raise ValueError(f"Unknown game {key!r}.")
    round_: Round = game.round_class.from_setup_json(json_object(data["setup"]))
    if game_of(round_) is not game:
        raise ValueError(f"The setup deals {game_of(round_).key!r}, not {key!r}.")
    return round_


def perform_saved(round_: Round, operations: JsonValue) -> None:
    """Perform saved operations (as :func:`operations_since` writes them) on the round, in order."""
    for operation in map(json_object, json_list(operations)):
        round_.perform(json_str(operation["step"]), json_object(operation["arguments"]))
