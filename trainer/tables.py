"""The web side's table descriptions: how each registered game's table is drawn, found by the game's key."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TypeAlias

from simulator.blackjack.round import DownUnderView
from simulator.games import GAMES
from simulator.mystery.tables import MysteryTableView
from simulator.pai_gow.round import PaiGowView
from trainer.felt import ShowsTable, TableDescription
from trainer.felt_down_under import DOWN_UNDER_TABLE, DownUnderFelt
from trainer.felt_mystery import MYSTERY_TABLE, MysteryFelt
from trainer.felt_pai_gow import PAI_GOW_TABLE, PaiGowFelt

AnyTableDescription: TypeAlias = (
    TableDescription[PaiGowView, PaiGowFelt]
    | TableDescription[MysteryTableView, MysteryFelt]
    | TableDescription[DownUnderView, DownUnderFelt]
)
"""One of the tables: each reads its own round's view and draws its own family's felt."""

TABLES: tuple[AnyTableDescription, ...] = (PAI_GOW_TABLE, MYSTERY_TABLE, DOWN_UNDER_TABLE)
"""Every table the web side draws, one for each round class."""

TABLE_DESCRIPTIONS: Mapping[type[ShowsTable[object]], AnyTableDescription] = {
    table.round_class: table for table in TABLES
}
"""Each round class's table; every game the registry deals with that class is drawn by it."""


def table_description(game_key: str) -> AnyTableDescription:
    """How the table of the registered game ``game_key`` is drawn; KeyError for a game with no table."""
    return TABLE_DESCRIPTIONS[GAMES[game_key].round_class]
