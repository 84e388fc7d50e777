"""Rounds as JSON: the setup (configuration, seed, scenario) and the operations, replayed to the same state."""

from __future__ import annotations

from collections.abc import Mapping

from simulator.core.json_values import JsonValue, json_list, json_object, json_str
from simulator.core.procedure import Operation, Round
from simulator.games import GAMES, game_of


def save_round(round_: Round) -> dict[str, JsonValue]:
    """The round as JSON-ready data: its game, its setup and every operation performed so far."""
    return {"game": game_of(round_).key, "setup": round_.setup_json(), "operations": operations_since(round_, 0)}


def operations_since(round_: Round, count: int) -> list[JsonValue]:
    """The operations performed after the round's first ``count``, as JSON-ready data; server only.

    An operation that met a shared meter keeps the readings it met (a Mystery Bonus reading holds the secret hit
    value), so replay meets them again.
    """
    return [saved_operation(operation) for operation in round_.operations[count:]]


def saved_operation(operation: Operation) -> JsonValue:
    """One operation as the saved log keeps it: step, actor, arguments and, under "meters", the readings it met."""
    saved = operation.to_json()
    if operation.readings:
        saved["meters"] = dict(operation.readings)
    return saved


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
        readings = json_object(operation.get("meters", {}))
        round_.perform_recorded(json_str(operation["step"]), json_object(operation["arguments"]), readings)
