"""Rounds as JSON: the setup (configuration, seed, scenario) and the operations, replayed to the same state."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from simulator.down_under import DownUnderRound
from simulator.mystery_games import MYSTERY_GAMES
from simulator.mystery_tables import MysteryTableRound
from simulator.pai_gow_round import PaiGowRound
from simulator.procedure import JsonValue, Round

PAI_GOW_POKER = "pai-gow-poker"

ROUND_CLASSES: dict[str, Any] = {
    PAI_GOW_POKER: PaiGowRound,
    "down-under-blackjack": DownUnderRound,
    **{key: MysteryTableRound for key in MYSTERY_GAMES if key != PAI_GOW_POKER},
}
"""Each game's key and the round class that deals it; the MHB table round deals every other MHB game."""


def game_key(round_: Round) -> str:
    """The key under which a round's game is saved: an MHB table round's own game, any other round's class."""
    candidates = [round_.game.key] if isinstance(round_, MysteryTableRound) else list(ROUND_CLASSES)
    for key in candidates:
        if ROUND_CLASSES.get(key) is type(round_):
            return key
    raise ValueError(f"{type(round_).__name__} is not a saved game.")


def save_round(round_: Round) -> dict[str, JsonValue]:
    """The round as JSON-ready data: its game, its setup and every operation performed so far."""
    return {"game": game_key(round_), "setup": round_.setup_json(), "operations": operations_since(round_, 0)}


def operations_since(round_: Round, count: int) -> list[JsonValue]:
    """The operations performed after the round's first ``count``, as JSON-ready data."""
    return [operation.to_json() for operation in round_.operations[count:]]


def replay_round(data: Mapping[str, Any]) -> Round:
    """Deal the saved round again, operation by operation; raise ValueError for an unknown or mismatched game."""
    round_class = ROUND_CLASSES.get(data["game"])
    if round_class is None:
        raise ValueError(f"Unknown game {data['game']!r}.")
    round_: Round = round_class.from_setup_json(data["setup"])
    if game_key(round_) != data["game"]:
        raise ValueError(f"The setup deals {game_key(round_)!r}, not {data['game']!r}.")
    for operation in data["operations"]:
        round_.perform(operation["step"], operation["arguments"])
    return round_
