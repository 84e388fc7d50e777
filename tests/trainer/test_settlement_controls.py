"""The settlement group of the control panel: a button for each settling step the game's table offers."""

import re

from django.template.loader import render_to_string

from simulator.core.settling import SETTLEMENT_STEPS
from trainer.felt_pai_gow import PAI_GOW_TABLE

PUSH_BUTTON = re.compile(r'<button[^>]*value="push_wager"')
"""The Push button as the settlement group draws it."""


def settlement_group(steps: frozenset[str]) -> str:
    """The settlement group drawn for a table whose dealer steps are ``steps``, as the control panel includes it."""
    controls = {"seats": [1, 2], "spots": [("pai_gow", "Pai Gow Poker")]}
    context = {"controls": controls, "b": PAI_GOW_TABLE.buttons(steps), "hint": "or click a betting area"}
    return render_to_string("trainer/_controls_settlement.html", context)


def test_a_game_with_no_push_draws_pay_and_collect_and_no_push_button():
    page = settlement_group(frozenset(SETTLEMENT_STEPS) - {"push_wager"})
    assert PUSH_BUTTON.search(page) is None
    assert 'value="pay_wager"' in page and 'value="collect_wager"' in page


def test_645b1_f_1_a_game_whose_wagers_push_draws_the_push_button_beside_pay_and_collect():
    page = settlement_group(frozenset(SETTLEMENT_STEPS))
    assert len(PUSH_BUTTON.findall(page)) == 1
    assert page.index('value="pay_wager"') < page.index('value="push_wager"') < page.index('value="collect_wager"')
