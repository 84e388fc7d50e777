"""The chip rack and the chipping procedure: house options every game's table has, read, checked and listed."""

import pytest

from simulator.core.chipping import DEFAULT_CHIPPING, Chipping, ChippingProcedure
from simulator.core.chips import DEFAULT_RACK, Denomination
from simulator.core.citations import Provenance
from simulator.core.rules import RulesError
from simulator.games import GAMES
from simulator.mystery.games import MYSTERY_GAMES
from simulator.mystery.tables import base_game_table, rules_from_json, rules_to_json

SCHOOL_RACK = "$100 black; $25 green; $5 red; $1 white"
"""A school's rack without the purple and orange chips."""


@pytest.mark.parametrize("key", sorted(GAMES))
def test_every_table_has_the_default_rack_paid_highest_first_unless_its_school_sets_another(key: str) -> None:
    """The option's words: $1,000 orange down to $1 white, highest denominations first; a school may change both."""
    game = GAMES[key]
    rules = game.read_rules({})
    assert rules.rack == DEFAULT_RACK
    assert rules.chipping == Chipping(ChippingProcedure.HIGHEST_FIRST) == DEFAULT_CHIPPING
    chosen = game.read_rules({"rack": SCHOOL_RACK, "chipping": "colour_for_colour"})
    assert chosen.rack == (
        Denomination(10000, "black"),
        Denomination(2500, "green"),
        Denomination(500, "red"),
        Denomination(100, "white"),
    )
    assert chosen.chipping.procedure is ChippingProcedure.COLOUR_FOR_COLOUR


@pytest.mark.parametrize("key", sorted(GAMES))
def test_every_table_lists_its_rack_and_chipping_as_its_house_procedure(key: str) -> None:
    """Both fill a gap (the regulation never says which chips pay): listed as the house's, with value and default."""
    game = GAMES[key]
    listed = {
        option.name: option
        for option in game.table_house_options({"rack": SCHOOL_RACK, "chipping": "at_most_5"})
        if option.name in ("rack", "chipping")
    }
    assert {name: option.citation.provenance for name, option in listed.items()} == {
        "rack": Provenance.HOUSE,
        "chipping": Provenance.HOUSE,
    }
    assert (listed["rack"].title, listed["rack"].value) == (
        "Chip rack",
        "$100.00 black; $25.00 green; $5.00 red; $1.00 white",
    )
    assert listed["rack"].default.startswith("$1,000.00 orange; $500.00 purple")
    assert (listed["chipping"].title, listed["chipping"].value, listed["chipping"].default) == (
        "Chipping procedure",
        "at most 5 chips of one denomination",
        "highest denominations first",
    )
    offered = {option.name: option for option in game.options()}
    assert offered["chipping"].choices[:3] == ("highest_first", "colour_for_colour", "at_most_1")


@pytest.mark.parametrize(
    ("rack", "refusal"),
    [
        ("$25 green; $5 pink", r"'pink' is not a chip colour: choose from white, red, green, black, purple, orange"),
        ("$5 red; $25 green", r"largest first: \$25\.00 comes before \$5\.00"),
        ("$25 green; $25 red", r"largest first"),
        ("$25 green; $5 green", "Two denominations are green"),
        ("$0 white", "more than nothing"),
        ("twenty-five green", "is not an amount in dollars"),
        ("", "at least one denomination"),
        ("$1 white; " * 40, "at most 300 characters"),
        (["$1 white"], "a rack written as text"),
    ],
)
def test_a_rack_the_felt_cannot_draw_or_a_dealer_cannot_read_is_refused_naming_the_option(rack, refusal) -> None:
    """Distinct values largest first, a colour the felt draws for each and no colour twice: else the option says why."""
    for game in GAMES.values():
        with pytest.raises(RulesError, match=refusal) as error:
            game.read_rules({"rack": rack})
        assert set(error.value.errors) == {"rack"}


def test_a_stated_mix_below_what_the_rack_needs_is_refused_when_the_table_is_set() -> None:
    """$400 takes four $100 blacks below one $500 purple: "at most 3 of one denomination" could never pay it."""
    for game in GAMES.values():
        with pytest.raises(RulesError, match=r"\$400\.00 takes 4 black chips below one purple: choose at least 4"):
            game.read_rules({"chipping": "at_most_3"})
        assert game.read_rules({"chipping": "at_most_4"}).chipping == Chipping(ChippingProcedure.AT_MOST, 4)
    assert GAMES["pai-gow-poker"].read_rules({"rack": "$25 green; $10 black; $5 red", "chipping": "at_most_2"})


def test_an_mhb_table_writes_its_rack_only_where_it_changes_it_and_the_base_game_pays_from_it() -> None:
    """Rules saved before the rack keep their JSON; a trainee-dealt carnival game pays from the MHB table's rack."""
    game = MYSTERY_GAMES["three-card-poker"]
    assert "rack" not in rules_to_json(rules_from_json({}, game))
    rules = rules_from_json({"rack": SCHOOL_RACK, "base_game": "trainee", "chipping": "at_most_5"}, game)
    assert rules_to_json(rules)["rack"] == "$100.00 black; $25.00 green; $5.00 red; $1.00 white"
    table = base_game_table(rules, game)
    assert (table.rack, table.chipping) == (rules.rack, rules.chipping)
