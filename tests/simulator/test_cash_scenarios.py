"""A buy-in and a colour-up at the table: drawn for simulated players on their own seed, rigged by a scenario."""

from __future__ import annotations

import pytest

from simulator.blackjack.round import DownUnderRound
from simulator.core.table_cash import MAX_BUY_IN, BuyIn, ColourUp
from simulator.pai_gow.round import PaiGowRound
from simulator.scenarios import ScenarioError, ScenarioSpec, deal_scenario
from simulator.simulated_players import draw_table_cash
from simulator.table_deals import TableDeal, deal_down_under_round, deal_pai_gow_round

# ----- simulated players -----


def test_simulated_players_buy_in_and_leave_by_their_own_seed_the_same_each_time():
    draws = [draw_table_cash([1, 3, 5], seed) for seed in range(200)]
    assert draws == [draw_table_cash([1, 3, 5], seed) for seed in range(200)]
    assert any(buy_ins for buy_ins, _ in draws) and any(colour_ups for _, colour_ups in draws)
    assert all(buy_in.seat in {1, 3, 5} for buy_ins, _ in draws for buy_in in buy_ins)


@pytest.mark.parametrize("deal", [deal_pai_gow_round, deal_down_under_round])
def test_a_dealt_round_carries_the_drawn_cash_and_a_quiet_table_none(deal):
    seed = next(seed for seed in range(200) if draw_table_cash(range(1, 8), seed)[0])
    round_ = deal(TableDeal({}, seed, frozenset()))
    drawn = draw_table_cash(round_.seats if isinstance(round_.seats, dict) else (), seed)
    assert (round_.wager_phase.buy_ins, round_.wager_phase.colour_ups) == drawn
    quiet = deal(TableDeal({}, seed, frozenset(), quiet=True))
    assert (quiet.wager_phase.buy_ins, quiet.wager_phase.colour_ups) == ((), ())


# ----- scenarios -----


def scenario(**rigging: object) -> dict[str, object]:
    """A Pai Gow Poker scenario with two seated players and this rigging."""
    seats = {"1": {"pai-gow": 1000}, "4": {"pai-gow": 2500}}
    return {"game": "pai-gow-poker", "seats": seats, "rigging": rigging}


def test_a_scenario_rigs_a_buy_in_and_a_colour_up():
    data = scenario(buy_in={"seat": 4, "cash": 50000}, colour_up={"seat": 1, "chips": "500x9"})
    spec = ScenarioSpec.from_json(data)  # type: ignore[arg-type]
    assert ScenarioSpec.from_json(spec.to_json()) == spec
    round_ = deal_scenario(spec, 7, 1)
    assert isinstance(round_, PaiGowRound)
    assert round_.wager_phase.buy_ins == (BuyIn(4, 50000),)
    assert round_.wager_phase.colour_ups == (ColourUp(1, {500: 9}),)
    round_.play_out()
    assert round_.chip_inventory().findings == []


def test_a_down_under_scenario_rigs_a_buy_in():
    data = {
        "game": "down-under-blackjack",
        "seats": {"2": {"blackjack": 1000}},
        "rigging": {"buy_in": {"seat": 2, "cash": 10000}},
    }
    round_ = deal_scenario(ScenarioSpec.from_json(data), 7, 1)  # type: ignore[arg-type]
    assert isinstance(round_, DownUnderRound)
    assert round_.next_action().step == "count_cash"


@pytest.mark.parametrize(
    ("rigging", "field", "words"),
    [
        ({"buy_in": {"seat": 4, "cash": -500}}, "rigging.buy_in", "more than nothing"),
        ({"buy_in": {"seat": 4, "cash": MAX_BUY_IN + 100}}, "rigging.buy_in", "at most $100,000.00"),
        ({"buy_in": {"seat": 4, "cash": 30050}}, "rigging.buy_in", "whole dollars"),
        ({"buy_in": {"seat": 4, "cash": "300"}}, "rigging.buy_in", "amount in cents"),
        ({"buy_in": {"seat": 6, "cash": 30000}}, "rigging.buy_in", "seat 6 has no player"),
        ({"buy_in": {"seat": 4}}, "rigging.buy_in", "a seat and the cash"),
        ({"colour_up": {"seat": 2, "chips": "500x3"}}, "rigging.colour_up", "seat 2 has no player"),
        ({"colour_up": {"seat": 1, "chips": "700x3"}}, "rigging.colour_up", "no $7.00 chip"),
        ({"colour_up": {"seat": 1, "chips": "500x9999"}}, "rigging.colour_up", "at most 500 chips"),
        ({"colour_up": {"seat": 1, "chips": ""}}, "rigging.colour_up", "at least one chip"),
        ({"colour_up": {"seat": 1, "chips": 500}}, "rigging.colour_up", "named as text"),
    ],
)
def test_a_bad_buy_in_or_colour_up_is_refused_with_a_clear_error(rigging, field, words):
    with pytest.raises(ScenarioError) as error:
        ScenarioSpec.from_json(scenario(**rigging))  # type: ignore[arg-type]
    assert words in error.value.errors[field]
