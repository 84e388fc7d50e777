"""The settlement group of the control panel: a button for each settling step the game's table offers."""

import re

from django.template.loader import render_to_string

from simulator.core.chips import DEFAULT_RACK
from simulator.core.money import format_cents
from simulator.core.settling import SETTLEMENT_STEPS
from trainer.felt import rack_chips
from trainer.felt_pai_gow import PAI_GOW_TABLE

PUSH_BUTTON = re.compile(r'<button[^>]*value="push_wager"')
"""The Push button as the settlement group draws it."""


def settlement_group(steps: frozenset[str]) -> str:
    """The settlement group drawn for a table whose dealer steps are ``steps``, as the control panel includes it."""
    controls = {"seats": [1, 2], "spots": [("pai_gow", "Pai Gow Poker")], "rack": rack_chips(DEFAULT_RACK)}
    context = {"controls": controls, "b": PAI_GOW_TABLE.buttons(steps), "hint": "or click a betting area"}
    return render_to_string("trainer/_controls_settlement.html", context)


def test_a_game_with_no_push_draws_pay_and_collect_and_no_push_button():
    page = settlement_group(frozenset(SETTLEMENT_STEPS) - {"push_wager"})
    assert PUSH_BUTTON.search(page) is None
    assert 'value="pay_wager"' in page and 'value="collect_wager"' in page


def test_645b1_f_1_a_game_whose_wagers_push_draws_the_push_button_beside_pay_and_collect():
    page = settlement_group(frozenset(SETTLEMENT_STEPS))
    assert len(PUSH_BUTTON.findall(page)) == 1
    assert page.index('value="push_wager"') < page.index('value="collect_wager"') < page.index("data-rack")
    assert page.index("data-rack") < page.index('value="pay_wager"'), "Pay is the rack's, under the chips it pays"


CHIP_BUTTON = re.compile(
    r'<button type="button" class="chip-rack-chip chip chip-(?P<colour>\w+)" data-chip="(?P<cents>\d+)"'
    r'[^>]* data-rack-key="(?P<key>\d)" aria-keyshortcuts="(?P=key)" aria-label="(?P<name>[^"]+)">(?P<shown>[^<]+)<'
)
"""A chip's button in the rack as the settlement group draws it."""


def test_the_pay_control_has_the_racks_chips_in_their_colours_named_with_the_denomination_and_a_coin_field():
    page = settlement_group(frozenset(SETTLEMENT_STEPS))
    chips = [match.groupdict() for match in CHIP_BUTTON.finditer(page)]
    assert [(int(chip["cents"]), chip["colour"]) for chip in chips] == [
        (each.cents, each.colour) for each in DEFAULT_RACK
    ]
    assert [chip["key"] for chip in chips] == [str(key) for key in range(len(DEFAULT_RACK), 0, -1)]
    for chip, each in zip(chips, DEFAULT_RACK, strict=True):
        value = format_cents(each.cents).removesuffix(".00")
        assert chip["shown"] == value and chip["name"] == f"Add a {value} {each.colour} chip"
    assert page.count('name="chips"') == 1 and page.count('name="amount"') == 1
    assert "Coin or amount $" in page
