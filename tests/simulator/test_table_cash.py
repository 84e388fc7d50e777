"""Cash at the table: buy-ins counted, dropped and sold in the house's mix, colour-ups, and the chip inventory."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from simulator.blackjack.round import DEMO_SEATS as DOWN_UNDER_SEATS
from simulator.blackjack.round import DownUnderRound
from simulator.blackjack.table import DownUnderTable
from simulator.core.chip_inventory import FLOAT_CHIPS, RackFill, chips_moved, float_chips
from simulator.core.chipping import BuyInMix
from simulator.core.chips import DEFAULT_RACK, read_rack
from simulator.core.citations import Provenance
from simulator.core.clauses import CLAUSES
from simulator.core.json_values import json_object
from simulator.core.procedure import ErrorCode, IllegalOperation, Round
from simulator.core.rules import RulesError
from simulator.core.table_cash import BuyIn, ColourUp, TableCashMixin
from simulator.core.wager_phase import WagerPhase
from simulator.games import GAMES
from simulator.mystery.games import MYSTERY_GAMES
from simulator.notation import replay_round, save_round
from simulator.pai_gow.demo import DEMO_SEATS
from simulator.pai_gow.round import PaiGowRound
from simulator.pai_gow.rules import TableRules
from simulator.table_deals import TableDeal, deal_mystery_table_round

CASH = WagerPhase(buy_ins=(BuyIn(2, 30000),), colour_ups=(ColourUp(3, {500: 12, 100: 7}),))
"""Seat 2 lays $300 on the layout; seat 3 leaves with twelve $5 and seven $1 chips, $67."""


def pai_gow(phase: WagerPhase = CASH, rules: TableRules | None = None) -> PaiGowRound:
    """A Pai Gow Poker round at the demo table with this cash; the trainee performs every step."""
    return PaiGowRound(rules or TableRules(), DEMO_SEATS, 7, automations=frozenset(), wager_phase=phase)


def down_under(phase: WagerPhase = CASH) -> DownUnderRound:
    """A Down Under Blackjack round at the demo table with this cash."""
    table = DownUnderTable(match_wager=500)
    return DownUnderRound(table, DOWN_UNDER_SEATS, 7, automations=frozenset(), wager_phase=phase)


def perform_next(round_: Round) -> None:
    """Perform the correct next step."""
    action = round_.next_action()
    assert action is not None
    round_.perform(action.step, action.arguments)


def refused(round_: Round, step: str, **arguments: object) -> IllegalOperation:
    """The error a wrong step is refused with; the round's log is as it was."""
    logged = len(round_.operations)
    with pytest.raises(IllegalOperation) as error:
        round_.perform(step, arguments)  # type: ignore[arg-type]
    assert len(round_.operations) == logged
    return error.value


# ----- the buy-in -----


def test_buy_in_count_drop_then_sell_each_a_house_procedure_before_the_wagers():
    round_ = pai_gow()
    steps = []
    for _ in range(4):
        action = round_.next_action()
        assert action is not None
        steps.append((action.step, action.citation.clause, action.citation.provenance))
        perform_next(round_)
    assert steps == [
        ("count_cash", "Buy-in count", Provenance.HOUSE),
        ("drop_cash", "Buy-in drop", Provenance.HOUSE),
        ("sell_chips", "Buy-in mix, option buy_in_mix", Provenance.HOUSE),
        ("announce_no_more_bets", "§645b.2(f)", Provenance.SEED),
    ]
    assert round_.operations[0].action.description == (
        'count the $300.00 seat 2 laid on the layout and announce "Change, $300.00"'
    )


def test_buy_in_mix_default_sells_up_to_20_five_dollar_chips_then_the_rest_highest_first():
    round_ = pai_gow()
    perform_next(round_)
    perform_next(round_)
    action = round_.next_action()
    assert action is not None
    # $300: twenty $5 chips make $100; the other $200 highest first is two $100 chips.
    assert action.arguments == {"seat": 2, "amount": 30000, "chips": "10000x2 500x20"}


@pytest.mark.parametrize(
    ("mix", "chips"),
    [
        # highest first: $300 is three $100 chips.
        (BuyInMix(), "10000x3"),
        # up to 10 $25 chips make $250, the other $50 highest first is two more $25 chips.
        (BuyInMix(2500, 10), "2500x12"),
        # up to 10 $1 chips make $10, the other $290 highest first: two $100, three $25, three $5.
        (BuyInMix(100, 10), "10000x2 2500x3 500x3 100x10"),
    ],
)
def test_buy_in_mix_option_sells_the_cash_in_its_own_words(mix: BuyInMix, chips: str):
    round_ = pai_gow(rules=replace(TableRules(), buy_in_mix=mix))
    perform_next(round_)
    perform_next(round_)
    action = round_.next_action()
    assert action is not None and action.arguments["chips"] == chips


def test_buy_in_mix_of_a_chip_the_rack_lacks_is_refused_naming_the_option():
    with pytest.raises(RulesError) as error:
        TableRules.from_json({"rack": "$100 black; $25 green; $1 white", "buy_in_mix": "unit_500_20"})
    assert "buy_in_mix" in error.value.errors


def test_buy_in_count_of_another_amount_or_seat_is_refused_and_changes_nothing():
    round_ = pai_gow()
    assert refused(round_, "count_cash", seat=2, amount=25000).code is ErrorCode.WRONG_AMOUNT
    assert refused(round_, "count_cash", seat=3, amount=30000).code is ErrorCode.WRONG_SEAT
    error = refused(round_, "sell_chips", seat=2, amount=30000, chips="10000x2 500x20")
    assert error.code is ErrorCode.OUT_OF_ORDER
    assert error.message.startswith("House procedure (Buy-in count)")


def test_buy_in_drop_comes_before_any_chip_is_sold():
    round_ = pai_gow()
    perform_next(round_)
    error = refused(round_, "sell_chips", seat=2, amount=30000, chips="10000x2 500x20")
    assert (error.code, error.citation.clause) == (ErrorCode.OUT_OF_ORDER, "Buy-in drop")
    dropped = round_.perform("drop_cash", {"seat": 2})
    assert dropped.facts == {"dropped": 30000}


def test_buy_in_mix_right_total_in_other_chips_is_wrong_chips_a_wrong_total_a_wrong_amount():
    round_ = pai_gow()
    perform_next(round_)
    perform_next(round_)
    error = refused(round_, "sell_chips", seat=2, amount=30000, chips="10000x3")
    assert (error.code, error.citation.clause) == (ErrorCode.WRONG_CHIPS, "Buy-in mix, option buy_in_mix")
    assert error.message.startswith("House procedure (Buy-in mix, option buy_in_mix): Gave 3 black, $300.00")
    short = refused(round_, "sell_chips", seat=2, amount=25000, chips="10000x2 500x10")
    assert short.code is ErrorCode.WRONG_AMOUNT and "$50.00 short" in short.message
    assert refused(round_, "sell_chips", seat=2, amount=30000, chips="700x1").code is ErrorCode.MALFORMED_STEP
    assert refused(round_, "sell_chips", seat=2, amount=30000, chips="10000x2").code is ErrorCode.MALFORMED_STEP


# ----- the colour-up -----


def test_colouring_up_gives_the_fewest_chips_after_the_round():
    round_ = pai_gow()
    round_.play_out()
    last = round_.operations[-1]
    assert last.action.step == "colour_up" and last.action.citation.clause == "Colouring up"
    # $67 in the fewest chips: two $25, three $5 and two $1.
    assert last.action.arguments == {"seat": 3, "amount": 6700, "chips": "2500x2 500x3 100x2"}
    assert last.facts == {"taken": "500x12 100x7"}


def test_colouring_up_in_more_chips_than_the_fewest_is_wrong_chips():
    round_ = pai_gow()
    while (action := round_.next_action()) is not None and action.step != "colour_up":
        round_.perform(action.step, action.arguments)
    error = refused(round_, "colour_up", seat=3, amount=6700, chips="500x13 100x2")
    assert (error.code, error.citation.clause) == (ErrorCode.WRONG_CHIPS, "Colouring up")
    assert refused(round_, "colour_up", seat=4, amount=6700, chips="2500x2 500x3 100x2").code is ErrorCode.WRONG_SEAT
    assert refused(round_, "colour_up", seat=3, amount=6500, chips="2500x2 500x3").code is ErrorCode.WRONG_AMOUNT


# ----- the chip inventory -----


@pytest.mark.parametrize("make", [pai_gow, down_under], ids=["pai-gow-poker", "down-under-blackjack"])
def test_table_chip_inventory_reconciles_opening_plus_in_less_out_is_closing(make):
    round_ = make()
    round_.play_out()
    inventory = round_.chip_inventory()
    assert inventory.findings == [] and inventory.fills == ()
    for cents, count in inventory.closing.items():
        assert count == FLOAT_CHIPS + inventory.taken.get(cents, 0) - inventory.given.get(cents, 0)
    assert inventory.dropped == inventory.sold == 30000
    data = inventory.to_json()
    assert data["citation"] == "Table chip inventory" and data["findings"] == []
    assert [row["colour"] for row in data["denominations"]] == [each.colour for each in round_.house_chips().rack]


def test_table_chip_inventory_counts_the_buy_in_and_the_colour_up_by_denomination():
    round_ = pai_gow()
    round_.play_out()
    rules = round_.house_chips()
    moved = {
        op.action.step: chips_moved(op, rules)
        for op in round_.operations
        if op.action.step in {"sell_chips", "colour_up", "drop_cash"}
    }
    assert moved["drop_cash"] == ({}, {}, 30000)
    assert moved["sell_chips"] == ({}, {10000: 2, 500: 20}, 0)
    assert moved["colour_up"] == ({500: 12, 100: 7}, {2500: 2, 500: 3, 100: 2}, 0)


def test_table_chip_inventory_takes_a_collected_wager_in_chips_made_up_highest_first():
    round_ = pai_gow(WagerPhase())
    round_.play_out()
    collected = [op for op in round_.operations if op.action.step == "collect_wager"]
    assert collected, "the demo round at seed 7 collects a wager"
    for operation in collected:
        amount = operation.facts["collected"]
        taken, given, _ = chips_moved(operation, round_.house_chips())
        assert sum(cents * count for cents, count in taken.items()) == amount and given == {}


def test_rack_fill_before_a_sale_the_rack_cannot_make_brings_the_denomination_back_to_its_float():
    round_ = pai_gow(WagerPhase(buy_ins=(BuyIn(2, 30000),) * 6))
    round_.play_out()
    inventory = round_.chip_inventory()
    # Each $300 buy-in is sold in twenty $5 chips (the default mix) and two $100: the sixth sale finds none left.
    sales = [op.number for op in round_.operations if op.action.step == "sell_chips"]
    fill = inventory.fills[0]
    assert (fill.before_step, fill.chips) == (sales[5], {500: FLOAT_CHIPS + 20})
    assert all(count >= 0 for count in inventory.closing.values())
    for each in round_.house_chips().rack:
        cents = each.cents
        moved = inventory.filled[cents] + inventory.taken.get(cents, 0) - inventory.given.get(cents, 0)
        assert inventory.closing[cents] == FLOAT_CHIPS + moved
    data = inventory.to_json()
    assert data["fills"][0] == {"before_step": sales[5], "chips": "120 red, $600.00"}
    assert data["fill_citation"] == "Rack fill" and CLAUSES["Rack fill"].provenance is Provenance.HOUSE


def test_rack_fill_at_the_opening_of_a_round_whose_table_carried_a_denomination_below_none():
    opening = {**float_chips(DEFAULT_RACK), 10000: -3}
    round_ = pai_gow(replace(CASH, opening_chips=opening))
    inventory = round_.chip_inventory()
    assert inventory.fills == (RackFill(0, {10000: FLOAT_CHIPS + 3}),)
    assert inventory.closing[10000] == FLOAT_CHIPS and inventory.opening[10000] == -3


# ----- replay -----


@pytest.mark.parametrize("make", [pai_gow, down_under], ids=["pai-gow-poker", "down-under-blackjack"])
def test_a_round_with_a_buy_in_and_a_colour_up_replays_to_the_same_log_and_inventory(make):
    round_ = make()
    round_.play_out()
    again = replay_round(save_round(round_))
    assert [op.to_json() for op in again.operations] == [op.to_json() for op in round_.operations]
    assert [op.facts for op in again.operations] == [op.facts for op in round_.operations]
    assert again.chip_inventory() == round_.chip_inventory()


MYSTERY_TABLES = [game for game in MYSTERY_GAMES.values() if game.key != "pai-gow-poker"]
"""The Mystery Bonus tables whose round is the MHB table's own (Pai Gow Poker deals its own round)."""


@pytest.mark.parametrize("game", MYSTERY_TABLES, ids=lambda game: game.key)
def test_a_mystery_table_round_with_cash_replays_to_the_same_inventory(game):
    round_ = deal_mystery_table_round(game, TableDeal({}, 3, frozenset()))
    round_.wager_phase = replace(CASH, colour_ups=(ColourUp(round_.seats[0].seat, {500: 12}),))
    round_.play_out()
    steps = [op.action.step for op in round_.operations]
    assert steps[:3] == ["count_cash", "drop_cash", "sell_chips"] and steps[-1] == "colour_up"
    again = replay_round(save_round(round_))
    assert again.chip_inventory() == round_.chip_inventory()


def test_a_wager_phase_saved_before_buy_ins_reads_with_none():
    saved = WagerPhase().to_json()
    del saved["buy_ins"], saved["colour_ups"], saved["opening_chips"]
    assert WagerPhase.from_json(saved) == WagerPhase()
    assert WagerPhase.from_json(CASH.to_json()) == CASH


# ----- the inventory carried from round to round -----

CASH_GAMES = [game for game in GAMES.values() if issubclass(game.round_class, TableCashMixin)]
"""Every game whose table takes cash, and so keeps a chip inventory."""


@pytest.mark.parametrize("game", CASH_GAMES, ids=lambda game: game.key)
def test_table_chip_inventory_the_next_round_opens_with_the_last_rounds_closing_and_replays_from_its_log(game):
    first = game.deal(TableDeal({}, 11, game.automations))
    first.play_out()
    assert isinstance(first, TableCashMixin)
    closed = first.chip_inventory()
    assert closed.opening == float_chips(first.house_chips().rack)
    carried = closed.carried(None)
    second = game.deal(TableDeal({}, 12, game.automations, carried_chips=carried))
    assert isinstance(second, TableCashMixin)
    assert second.chip_inventory().opening == closed.closing
    second.play_out()
    again = replay_round(json.loads(json.dumps(save_round(second))))
    assert isinstance(again, TableCashMixin)
    assert again.chip_inventory() == second.chip_inventory()
    assert again.chip_inventory().opening == closed.closing


def test_table_chip_inventory_two_rounds_closing_at_once_both_move_the_tables_rack():
    """Two rounds dealt from one carried inventory: the table keeps both rounds' moves, not the last one's closing."""
    one, two = pai_gow(), pai_gow(replace(CASH, buy_ins=(BuyIn(2, 10000),)))
    one.play_out()
    two.play_out()
    first, second = one.chip_inventory(), two.chip_inventory()
    table = second.carried(first.carried(None))
    for each in DEFAULT_RACK:
        cents = each.cents
        moved = first.closing[cents] - FLOAT_CHIPS + second.closing[cents] - FLOAT_CHIPS
        assert json_object(table["chips"])[str(cents)] == FLOAT_CHIPS + moved


def test_table_chip_inventory_a_change_of_rack_opens_the_next_round_from_the_float():
    game = GAMES["pai-gow-poker"]
    first = game.deal(TableDeal({}, 11, game.automations))
    first.play_out()
    assert isinstance(first, TableCashMixin)
    carried = first.chip_inventory().carried(None)
    rack = "$100 black; $25 green; $20 yellow; $5 red; $2.50 pink; $1 white"
    second = game.deal(TableDeal({"rack": rack}, 12, game.automations, carried_chips=carried))
    assert isinstance(second, TableCashMixin)
    assert second.chip_inventory().opening == float_chips(read_rack(rack))
