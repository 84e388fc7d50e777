"""The web side's table descriptions: how each registered game's table is drawn, found by the game's key."""

from __future__ import annotations

from collections.abc import Mapping

from simulator.down_under import DownUnderRound
from simulator.games import GAMES
from simulator.mystery_tables import MysteryTableRound
from simulator.pai_gow_round import PaiGowRound
from simulator.procedure import Round
from trainer.felt import TableDescription
from trainer.felt_down_under import DOWN_UNDER_TABLE
from trainer.felt_mystery import MYSTERY_TABLE
from trainer.felt_pai_gow import PAI_GOW_TABLE

TABLE_DESCRIPTIONS: Mapping[type[Round], TableDescription] = {
    PaiGowRound: PAI_GOW_TABLE,
    MysteryTableRound: MYSTERY_TABLE,
    DownUnderRound: DOWN_UNDER_TABLE,
}
"""Each round class's table; every game the registry deals with that class is drawn by it."""


def table_description(game_key: str) -> TableDescription:
    """How the table of the registered game ``game_key`` is drawn; KeyError for a game with no table."""
    return TABLE_DESCRIPTIONS[GAMES[game_key].round_class]
