"""The table's chip inventory carried from round to round: a round opens with the table's last closing count."""

import re
from pathlib import Path

import pytest
from django.urls import reverse
from table_helpers import demo_table, make_instructor, make_trainee, read_dealer_step, take
from test_other_games import browser_frame

from simulator.core.chip_inventory import float_chips, opening_chips
from simulator.core.chips import CHIP_COLOURS, DEFAULT_RACK, read_rack
from simulator.core.table_cash import BuyIn
from simulator.core.wager_phase import WagerPhase
from simulator.notation import replay_round
from simulator.pai_gow.demo import DEMO_SEATS
from simulator.pai_gow.round import PaiGowRound
from simulator.pai_gow.rules import TableRules
from trainer import round_store, services
from trainer.controls import table_rack
from trainer.felt import area, render
from trainer.models import Mode
from trainer.table_page import chip_inventory_context

pytestmark = pytest.mark.django_db


def deal_to_the_end(attempt, trainee):
    """Deal the round to its end through the services, each step as the browser sends it."""
    while (action := round_store.live_round(attempt).next_action()) is not None:
        frame = read_dealer_step(attempt, browser_frame(action, attempt.last_sequence + 1))
        assert take(attempt, trainee, frame).notice is None
        attempt.refresh_from_db()


@pytest.mark.storage
def test_table_chip_inventory_the_second_round_at_a_table_opens_with_the_first_rounds_closing(client):
    """The closing count is written under the table's row lock (FOR NO KEY UPDATE): it runs on PostgreSQL too."""
    trainee, table = make_trainee(), demo_table()
    rack = table_rack(table.game, table.rules)
    seed = next(seed for seed in range(200) if services.deal_round(table, seed).wager_phase.buy_ins)
    first = services.start_round(trainee, table, Mode.PRACTICE, seed_value=seed)
    assert round_store.live_round(first).chip_inventory().opening == float_chips(rack)
    deal_to_the_end(first, trainee)
    first.refresh_from_db()
    inventory = services.table_snapshot(first).chip_inventory
    assert inventory is not None
    closing = {row["cents"]: row["closing"] for row in inventory["denominations"]}
    assert closing != float_chips(rack), "the buy-in moves the rack"
    table.refresh_from_db()
    assert opening_chips(table.chip_inventory, rack) == closing
    second = services.start_round(trainee, table, Mode.PRACTICE, seed_value=seed + 1)
    assert round_store.live_round(second).chip_inventory().opening == closing
    second.refresh_from_db()
    assert replay_round(second.log).chip_inventory().opening == closing, "the round's log holds its opening"
    client.force_login(make_instructor("ivy", teaching=[trainee]))
    page = client.get(reverse("table_standards", args=[table.pk])).content.decode()
    assert "The rack as the table's last round closed it" in page
    for each in rack:
        assert f"{each.colour}</th><td>{closing[each.cents]}</td>" in page


FELT_CSS = Path(__file__).resolve().parents[2] / "static" / "css" / "felt.css"
"""The felt's stylesheet, where each chip colour's face is drawn (the rack's buttons and stacks take it too)."""


def test_every_colour_a_rack_may_take_has_its_face_on_the_felt():
    """A colour without its rule would be drawn as a white chip: a rack's pink and yellow chips must be told apart."""
    css = FELT_CSS.read_text()
    drawn = set(re.findall(r"^\.chip-([a-z]+) \{\n  --chip-face: #[0-9a-f]{6};", css, re.MULTILINE))
    assert drawn == set(CHIP_COLOURS) - {"white"}, "white is every chip's own face (.chip)"


def test_rack_fill_is_shown_in_the_chip_inventory_with_the_table_log_entry_it_came_before():
    phase = WagerPhase(buy_ins=(BuyIn(2, 30000),) * 6)
    round_ = PaiGowRound(TableRules(), DEMO_SEATS, 7, automations=frozenset(), wager_phase=phase)
    round_.play_out()
    inventory = round_.chip_inventory()
    (fill,) = inventory.fills
    shown = render("trainer/_chip_inventory.html", {"inventory": chip_inventory_context(inventory.to_json())})
    assert f"Rack fill before entry {fill.before_step} of the table log: 120 red, $600.00." in shown
    assert '<th scope="row">$5.00 red</th><td>100</td><td>120</td>' in shown
    assert "House procedures: Table chip inventory; Rack fill." in shown


def test_a_wager_on_the_felt_is_drawn_in_the_colour_of_its_largest_chip_in_the_tables_rack():
    """Issue 32: at a table whose rack has a $20 yellow, a $20 wager is a yellow chip, not the default rack's red."""
    yellow = read_rack("$100 black; $25 green; $20 yellow; $5 red; $1 white")
    drawn = area(1, "pai-gow", "Pai Gow wager", "Pai Gow", 2000, rack=yellow, choosable=False)
    assert '<span class="chip chip-yellow">$20.00</span>' in drawn
    default = area(1, "pai-gow", "Pai Gow wager", "Pai Gow", 2000, rack=DEFAULT_RACK, choosable=False)
    assert '<span class="chip chip-red">$20.00</span>' in default
