"""What each felt and control panel holds is what its typed shape declares, at every step of a round of every game.

mypy checks the shapes where a felt is written as a literal; this checks the dicts the templates and frames actually
receive, so a key added or dropped behind a spread or an ``Any`` fails here by the game's key.
"""

from types import UnionType
from typing import Any, get_args, get_type_hints

import pytest
from table_helpers import round_snapshot

from simulator.games import GAMES
from simulator.table_deals import TableDeal
from trainer.demo_tables import every_demo_table
from trainer.snapshots import Viewer
from trainer.tables import table_description


def declared_keys(shape: Any) -> list[frozenset[str]]:
    """The keys of a typed shape, or of each shape of a union (an empty position and a taken one)."""
    shapes = get_args(shape) if isinstance(shape, UnionType) else (shape,)
    return [frozenset(each.__required_keys__) for each in shapes]


@pytest.mark.django_db
@pytest.mark.parametrize("key", list(GAMES))
def test_every_felt_and_control_panel_holds_exactly_the_keys_of_its_typed_shape_at_every_step(key):
    game, table = GAMES[key], table_description(key)
    felt_shape = get_type_hints(table.felt)["return"]
    (felt_of_seats,) = felt_shape.__orig_bases__
    seat_shapes = declared_keys(get_args(felt_of_seats)[0])
    control_shapes = declared_keys(get_type_hints(table.controls)["return"])
    for rules in (rules for _name, demo_game, rules, _floorperson in every_demo_table() if demo_game == key):
        round_ = game.deal(TableDeal(rules, 3, game.automations, force_mystery_hit=True))
        while True:
            snapshot = round_snapshot(key, round_, rules)
            step = round_.next_action()
            for viewer in (Viewer.TRAINEE, Viewer.INSTRUCTOR):
                felt = table.felt_context(snapshot, viewer)
                assert set(felt) == felt_shape.__required_keys__, f"{key} before {step}: the felt's keys"
                for seat in felt["seats"]:
                    assert frozenset(seat) in seat_shapes, f"{key} before {step}: seat {seat['number']}'s keys"
            assert frozenset(table.controls(table.own(snapshot))) in control_shapes, f"{key}: the controls' keys"
            if step is None:
                break
            round_.perform(step.step, step.arguments)
