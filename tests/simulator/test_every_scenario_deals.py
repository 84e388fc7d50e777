"""Every scenario that validates deals to the end: random valid scenarios of every game, fully automated.

The rules are drawn from each game's own option descriptions (``Game.options()``), the seats, wagers and rigging
from what the drawn rules offer; whatever the engine refuses is discarded, and every scenario it accepts must deal
each of its rounds to the end with no exception.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from simulator.blackjack.arithmetic import BlackjackStyle
from simulator.blackjack.table import DownUnderTable, TraineeDeals
from simulator.core.cards import pai_gow_deck, shoe
from simulator.core.json_values import JsonObject, JsonValue
from simulator.core.rules import Option, RulesError
from simulator.games import GAMES, Game
from simulator.pai_gow.round import DEALER, PLACES, SEATS, SIDE_SPOTS, STACK_SIZE
from simulator.pai_gow.rules import TableRules
from simulator.scenarios import ScenarioSpec, deal_scenario, game_steps, habit_key

AMOUNTS = (1, 2, 5, 25, 100, 200, 500, 1000)
"""Amounts in cents tried for a whole-number option, beside its default."""
RATES = ("0", "0.01", "0.025", "0.05", "0.1", "0.11", "0.5")
"""Commission rates tried, some of them refused."""
UNITS = (1, 2, 5, 25, 100, 500)
"""Wager units tried for table limits."""
ROUNDS = 3
"""The most rounds per attempt drawn: enough for a rigged hit on a later round, few enough to stay quick."""


def option_values(option: Option) -> st.SearchStrategy[JsonValue]:
    """Values for one option: one of its choices, table limits in whole units, a group's parts, an amount or a rate."""
    if option.choices:
        return st.sampled_from(option.choices)
    names = {part.name for part in option.parts}
    if names == {"minimum", "maximum", "unit"}:
        return limits()
    if option.parts:
        parts = st.fixed_dictionaries({part.name: option_values(part) for part in option.parts})
        return st.one_of(st.none(), parts)
    if isinstance(option.default, int):
        return st.one_of(st.just(option.default), st.sampled_from(AMOUNTS))
    return st.one_of(st.just(option.default), st.sampled_from(RATES))


@st.composite
def limits(draw: st.DrawFn) -> JsonValue:
    """A table minimum and maximum in whole units."""
    unit = draw(st.sampled_from(UNITS))
    minimum = unit * draw(st.integers(1, 20))
    return {"minimum": minimum, "maximum": minimum + unit * draw(st.integers(0, 200)), "unit": unit}


def rules_of(game: Game) -> st.SearchStrategy[dict[str, JsonValue]]:
    """Rules for the game: each option left out (its default) or drawn."""
    return st.fixed_dictionaries({}, optional={option.name: option_values(option) for option in game.options()})


def in_units(draw: st.DrawFn, low: int, high: int, unit: int) -> JsonValue:
    """A wager from ``low`` to ``high`` in whole units: a fixed amount or a range."""
    steps = (high - low) // unit
    start = low + unit * draw(st.integers(0, steps))
    end = start + unit * draw(st.integers(0, (high - start) // unit))
    return start if start == end else {"minimum": start, "maximum": end}


def pai_gow_seat(draw: st.DrawFn, rules: TableRules) -> JsonObject:
    """One Pai Gow Poker player's wagers, within the table's limits, on betting areas the table offers."""
    offered = {
        "tiger-9": rules.tiger_nine_offered,
        "fortune": rules.fortune_paytable is not None,
        "sum": rules.sum_paytable is not None,
        "beat-it": rules.beat_it_paytable is not None,
    }
    main, side = rules.pai_gow_limits, rules.side_wager_limits
    wagers: JsonObject = {"pai-gow": in_units(draw, main.minimum, main.maximum, main.unit)}
    for spot in SIDE_SPOTS:
        if offered.get(spot, rules.match_offered) and draw(st.booleans()):
            wagers[spot] = in_units(draw, side.minimum, side.maximum, side.unit)
    if rules.progressive_wager_offered and draw(st.booleans()):
        wagers["progressive"] = rules.progressive_wager
    return wagers


def down_under_seat(draw: st.DrawFn, rules: DownUnderTable) -> JsonObject:
    """One Down Under Blackjack player's wagers: an even blackjack wager, and the table's Match the Dealer amount."""
    wagers: JsonObject = {"blackjack": in_units(draw, 200, 10000, 100)}
    if draw(st.booleans()):
        wagers["match_the_dealer"] = rules.match_wager
    return wagers


def late_wager(draw: st.DrawFn, rules: TableRules | DownUnderTable, seats: st.SearchStrategy[int]) -> JsonObject:
    """A wager a seated player tries after "No more bets": a side wager, or the table's Match the Dealer amount."""
    if isinstance(rules, DownUnderTable):
        spot, amount = "match_the_dealer", rules.match_wager
    else:
        side = rules.side_wager_limits
        spot = draw(st.sampled_from(("sum", "tiger-9", "fortune", "beat-it", "match-3")))
        amount = side.minimum + side.unit * draw(st.integers(0, (side.maximum - side.minimum) // side.unit))
    return {"seat": draw(seats), "spot": spot, "amount": amount}


def rigged_hands(draw: st.DrawFn) -> dict[str, JsonValue]:
    """Seven distinct cards for some places, or none."""
    places = draw(st.lists(st.sampled_from(PLACES), unique=True, max_size=3))
    deck = draw(st.permutations(pai_gow_deck()))
    return {
        str(place): " ".join(str(card) for card in deck[index * STACK_SIZE : (index + 1) * STACK_SIZE])
        for index, place in enumerate(places)
    }


def rigged_cards(draw: st.DrawFn, seats: dict[str, JsonValue]) -> dict[str, JsonValue]:
    """Down Under Blackjack: two cards from one deck for some of the dealer and the seated players, or none."""
    places = draw(st.lists(st.sampled_from([str(DEALER), *seats]), unique=True, max_size=3))
    deck = draw(st.permutations(shoe(1)))
    return {place: f"{deck[index * 2]} {deck[index * 2 + 1]}" for index, place in enumerate(places)}


def sometimes(draw: st.DrawFn, value: st.SearchStrategy[Any]) -> Any:
    """A drawn value, or None (the field left out)."""
    return draw(st.one_of(st.none(), value))


@st.composite
def scenarios(draw: st.DrawFn, key: str) -> JsonObject:
    """A fully automated scenario of the game (named by key: a Game's repr runs to 30 kB), drawn from what it offers."""
    game = GAMES[key]
    rules_json = draw(rules_of(game))
    try:
        rules = game.read_rules(rules_json)
    except RulesError:
        assume(False)
    rounds = draw(st.integers(1, ROUNDS))
    seats: dict[str, JsonValue] = {}
    rigging: JsonObject = {}
    if isinstance(rules, TableRules | DownUnderTable):
        for seat in draw(st.lists(st.sampled_from(SEATS), unique=True, max_size=len(SEATS))):
            seated = pai_gow_seat(draw, rules) if isinstance(rules, TableRules) else down_under_seat(draw, rules)
            seats[str(seat)] = seated
        seated_seats = st.sampled_from([int(seat) for seat in seats] or [1])
        rigging["missing_chip_seat"] = sometimes(draw, seated_seats)
        rigging["late_wager"] = late_wager(draw, rules, seated_seats) if draw(st.booleans()) else None
    if isinstance(rules, TableRules):
        rigging["dice"] = sometimes(draw, st.tuples(*[st.sampled_from("123456")] * 3).map(" ".join))
        rigging["hands"] = rigged_hands(draw)
        rigging["tiger_nine"] = draw(st.booleans()) and str(DEALER) not in rigging["hands"]
        rigging["foul_seat"] = sometimes(draw, st.sampled_from([int(seat) for seat in seats] or [1]))
    if isinstance(rules, DownUnderTable):
        rigging["cards"] = rigged_cards(draw, seats)
        if seats and rules.trainee_deals is TraineeDeals.WHOLE_ROUND:
            styled = draw(st.lists(st.sampled_from(sorted(seats)), unique=True, max_size=3))
            styles = st.sampled_from([habit_key(style) for style in BlackjackStyle])
            rigging["habits"] = {seat: draw(styles) for seat in styled}
    hit_round = "ace_of_spades_round" if isinstance(rules, DownUnderTable) else "mystery_hit_round"
    rigging[hit_round] = sometimes(draw, st.integers(1, rounds))
    return {
        "game": game.key,
        "rules": rules_json,
        "seats": seats,
        "rigging": rigging,
        "automations": game_steps(game),
        "rounds": rounds,
    }


@pytest.mark.parametrize("game", GAMES.values(), ids=list(GAMES))
@settings(max_examples=200, deadline=None, derandomize=True)
@given(data=st.data(), seed=st.integers(0, 2**32))
def test_every_valid_scenario_deals_each_round_to_the_end_fully_automated(game: Game, data: st.DataObject, seed: int):
    try:
        spec = ScenarioSpec.from_json(data.draw(scenarios(game.key)))
    except RulesError:
        assume(False)
    carried = None
    for round_number in range(1, spec.rounds + 1):
        round_ = deal_scenario(spec, seed, round_number, carried)
        round_.advance()
        assert round_.finished
        carried = round_.carried_meters()
