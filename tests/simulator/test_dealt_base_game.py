"""The registry's dealt base game: the base game a table's rules have the trainee deal, named with its house option."""

import pytest

from simulator.core.citations import Provenance
from simulator.core.clauses import CLAUSES
from simulator.games import GAMES, DealtBaseGame


def test_a_table_at_its_default_rules_has_no_base_game_dealt_by_the_trainee() -> None:
    for game in GAMES.values():
        assert game.dealt_base_game(game.read_rules({})) is None, game.key


def test_a_base_game_dealt_by_the_trainee_is_named_only_with_a_house_option() -> None:
    regulation = next(entry for entry in CLAUSES.values() if entry.provenance is not Provenance.HOUSE)
    with pytest.raises(ValueError, match="is not a house procedure"):
        DealtBaseGame("Three Card Poker", regulation)
