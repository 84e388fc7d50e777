"""Simulated players at a training table: who sits, what they wager and how they set their hands."""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from dataclasses import replace

from simulator.blackjack import table as down_under_table
from simulator.blackjack.arithmetic import BlackjackStyle
from simulator.blackjack.table import DownUnderTable
from simulator.core.money import Cents
from simulator.core.mystery_meter import MysteryRules
from simulator.core.table_cash import BuyIn, ColourUp
from simulator.core.wager_phase import ChipCountMismatch, WagerMove, WagerPhase
from simulator.mystery import tables as mystery_tables
from simulator.mystery.games import MysteryGame
from simulator.pai_gow.player_styles import PlayerStyle
from simulator.pai_gow.round import MATCH_SPOTS, SEATS
from simulator.pai_gow.rules import TableRules, WagerLimits

PAI_GOW_MULTIPLES = (1, 2, 3, 5, 10)
SIDE_WAGER_MULTIPLES = (1, 2, 5, 10, 25)
EXTRA_SIDE_WAGER_CHANCE = 0.25
PROGRESSIVE_CHANCE = 0.6
PLAYER_STYLE_WEIGHTS = {PlayerStyle.HOUSE_WAY: 80, PlayerStyle.OWN_WAY: 14, PlayerStyle.FOUL: 6}
"""How often a simulated player sets by the house way, their own legal way, or fouls."""


def pick_wager(limits: WagerLimits, multiples: tuple[int, ...], rng: random.Random) -> int:
    """A wager within the limits: the minimum times one of ``multiples``, in whole units."""
    amounts = [limits.minimum * multiple for multiple in multiples]
    return rng.choice([amount for amount in amounts if amount <= limits.maximum and amount % limits.unit == 0])


def offered_side_spots(rules: TableRules, rng: random.Random) -> list[str]:
    """The side wagers this table offers; the Match wager on one number drawn for the round."""
    spots = []
    if rules.tiger_nine_offered:
        spots.append("tiger-9")
    if rules.fortune_paytable is not None:
        spots.append("fortune")
    if rules.sum_paytable is not None:
        spots.append("sum")
    if rules.match_offered:
        spots.append(rng.choice(MATCH_SPOTS))
    if rules.beat_it_paytable is not None:
        spots.append("beat-it")
    return spots


def pick_seats(rng: random.Random) -> list[int]:
    """Three to six occupied positions, in seat order."""
    return sorted(rng.sample(SEATS, rng.randint(3, 6)))


def pick_progressive_players(seats: list[int], rng: random.Random) -> list[int]:
    """The players who place a progressive wager: each by chance, and always at least one."""
    return [seat for seat in seats if rng.random() < PROGRESSIVE_CHANCE] or [rng.choice(seats)]


def seat_pai_gow_players(rules: TableRules, rng: random.Random) -> dict[int, dict[str, int]]:
    """Three to six players with a Pai Gow Poker wager each; every side wager offered is held by someone."""
    seats = pick_seats(rng)
    wagers = {seat: {"pai-gow": pick_wager(rules.pai_gow_limits, PAI_GOW_MULTIPLES, rng)} for seat in seats}
    for spot in offered_side_spots(rules, rng):
        holder = rng.choice(seats)
        for seat in seats:
            if seat == holder or rng.random() < EXTRA_SIDE_WAGER_CHANCE:
                wagers[seat][spot] = pick_wager(rules.side_wager_limits, SIDE_WAGER_MULTIPLES, rng)
    if rules.progressive_wager_offered:
        for seat in pick_progressive_players(seats, rng):
            wagers[seat]["progressive"] = rules.progressive_wager
    return wagers


def choose_player_styles(seats: list[int], rng: random.Random) -> dict[int, PlayerStyle]:
    """How each simulated player will set the hand: mostly the house way, sometimes their own way or a foul."""
    styles, weights = zip(*PLAYER_STYLE_WEIGHTS.items(), strict=True)
    return {seat: rng.choices(styles, weights)[0] for seat in seats}


BASE_WAGERS = (500, 1000, 1500, 2500, 5000, 10000)
"""The base wager a simulated player places at an MHB or Down Under Blackjack table, in cents ($5 to $100)."""
UNQUALIFIED_CHANCE = 0.2
"""How often a player at an MHB table with a minimum above $1 wagers $1 on a progressive, which does not qualify."""


def seat_mystery_players(
    game: MysteryGame, rules: MysteryRules, rng: random.Random
) -> list[mystery_tables.MysterySeatWagers]:
    """Three to six players with the game's base wager; some add its progressive wagers, the first always qualifying."""
    seats = pick_seats(rng)
    players = pick_progressive_players(seats, rng)
    positions = []
    for seat in seats:
        progressive: list[tuple[str, int]] = []
        if seat in players:
            first = game.qualifying_wager(rules.qualifying_wager) if seat == players[0] else None
            spots = [spot for spot in game.progressive_wagers if rng.random() < PROGRESSIVE_CHANCE or spot == first]
            for spot in spots or [rng.choice(game.progressive_wagers)]:
                unqualified = (
                    seat != players[0] and rules.configuration.minimum_wager > 100 and rng.random() < UNQUALIFIED_CHANCE
                )
                progressive.append((spot.name, 100 if unqualified else rules.configuration.minimum_wager))
        positions.append(mystery_tables.MysterySeatWagers(seat, rng.choice(BASE_WAGERS), tuple(progressive)))
    return positions


def add_side_wagers(
    seats: list[mystery_tables.MysterySeatWagers], areas: frozenset[str], rng: random.Random
) -> list[mystery_tables.MysterySeatWagers]:
    """The base game's side wagers (Pair Plus, Trips) where the trainee deals it: some players, always at least one."""
    players = [seat for seat in seats if seat.base_wager > 0]
    holders = [seat for seat in players if rng.random() < PROGRESSIVE_CHANCE] or players[:1]
    return [
        replace(seat, side_wagers=tuple((area, rng.choice(BASE_WAGERS[:3])) for area in sorted(areas)))
        if seat in holders
        else seat
        for seat in seats
    ]


def seat_rigged_players(
    seats: list[mystery_tables.MysterySeatWagers], rigged: set[int], areas: frozenset[str], rng: random.Random
) -> list[mystery_tables.MysterySeatWagers]:
    """Seat each seat a scenario rigs the base game of, with a base wager and every side wager, so each line can pay."""
    by_seat = {seat.seat: seat for seat in seats}
    for number in sorted(rigged):
        held = by_seat.get(number) or mystery_tables.MysterySeatWagers(number, rng.choice(BASE_WAGERS))
        sides = dict(held.side_wagers)
        wagers = tuple((area, sides.get(area) or rng.choice(BASE_WAGERS[:3])) for area in sorted(areas))
        by_seat[number] = replace(held, side_wagers=wagers)
    return [by_seat[number] for number in sorted(by_seat)]


def seat_down_under_players(rules: DownUnderTable, rng: random.Random) -> dict[int, down_under_table.SeatWagers]:
    """Three to six players with a Down Under Blackjack wager; some add the table's Match the Dealer wager."""
    seats = pick_seats(rng)
    players = pick_progressive_players(seats, rng)
    return {
        seat: down_under_table.SeatWagers(rng.choice(BASE_WAGERS), rules.match_wager if seat in players else 0)
        for seat in seats
    }


BLACKJACK_STYLE_WEIGHTS = {BlackjackStyle.BASIC: 75, BlackjackStyle.CAUTIOUS: 15, BlackjackStyle.HUNCH: 10}
"""How often a simulated Down Under Blackjack player plays a basic strategy, timidly, or hits a hard 17 on a hunch."""


def choose_blackjack_styles(seats: list[int], seed_value: int) -> dict[int, BlackjackStyle]:
    """How each player plays the hand, drawn apart from the seat and card draws so that those stay as they were."""
    rng = random.Random(f"blackjack styles {seed_value}")
    styles, weights = zip(*BLACKJACK_STYLE_WEIGHTS.items(), strict=True)
    return {seat: rng.choices(styles, weights)[0] for seat in seats}


WAGER_MOVE_CHANCE = 0.3
"""How often a player places the last wager or changes one just before "No more bets"."""
CHANGE_SHARE = 0.5
"""Of those moves on a wager whose amount may change, the share that are changes (the rest are the last wager)."""
LATE_WAGER_CHANCE = 0.15
"""How often a player tries to place or change a wager after "No more bets" (and the lock-out)."""
MISSING_CHIP_CHANCE = 0.1
"""How often a player's progressive chip is missing from the collection though the system accepted the wager."""


def wager_phase_rng(seed_value: int) -> random.Random:
    """The wager phase's own draws, apart from the seat and card draws so that those stay as they were."""
    return random.Random(f"wager phase {seed_value}")


def draw_wager_phase(
    wagers: Mapping[int, Mapping[str, Cents]],
    changeable: Mapping[str, Cents],
    progressive: Mapping[str, Cents],
    procedure: ChipCountMismatch,
    rng: random.Random,
) -> WagerPhase:
    """What the players do around "No more bets": by chance a last wager or a change, a late try, a missing chip.

    ``wagers`` are the seats' wagers as they stand at "No more bets". ``changeable`` names the areas whose amount a
    player may change and ``progressive`` the progressive areas of one fixed amount, each with the amount a new
    wager there would be; a late try goes to one of either, and a missing chip is a progressive one.
    """
    placed = sorted((seat, spot) for seat, spots in wagers.items() for spot in spots)
    before: tuple[WagerMove, ...] = ()
    if rng.random() < WAGER_MOVE_CHANCE:
        seat, spot = rng.choice(placed)
        amount = wagers[seat][spot]
        changed = spot in changeable and rng.random() < CHANGE_SHARE
        before = (WagerMove(seat, spot, amount, amount * 2 if changed else None),)
    late = None
    if rng.random() < LATE_WAGER_CHANCE:
        seat = rng.choice(sorted(wagers))
        spot = rng.choice(sorted({**changeable, **progressive}))
        held = wagers[seat].get(spot)
        if held is None:
            late = WagerMove(seat, spot, {**changeable, **progressive}[spot])
        elif spot in changeable:
            late = WagerMove(seat, spot, held * 2, held)
    progressive_seats = sorted({seat for seat, spot in placed if spot in progressive})
    missing = None
    if progressive_seats and rng.random() < MISSING_CHIP_CHANCE:
        missing = rng.choice(progressive_seats)
    return WagerPhase(before, late, missing, procedure)


BUY_IN_CHANCE = 0.15
"""How often a seated player buys in with cash before a round."""
BUY_INS = (10000, 20000, 30000, 50000)
"""The cash a simulated player lays on the layout: $100, $200, $300 or $500."""
COLOUR_UP_CHANCE = 0.1
"""How often a seated player leaves after a round with chips to colour up."""
LEAVING_CHIPS = ((500, range(4, 21)), (100, range(0, 10)))
"""The chips a leaving player has in front of them: 4 to 20 red and up to 9 white."""


def draw_table_cash(seats: Iterable[int], seed_value: int) -> tuple[tuple[BuyIn, ...], tuple[ColourUp, ...]]:
    """By chance a player's buy-in before the round and another's colour-up after it, drawn on their own seed."""
    rng = random.Random(f"table cash {seed_value}")
    seated = sorted(seats)
    buy_ins: tuple[BuyIn, ...] = ()
    if seated and rng.random() < BUY_IN_CHANCE:
        buy_ins = (BuyIn(rng.choice(seated), rng.choice(BUY_INS)),)
    colour_ups: tuple[ColourUp, ...] = ()
    if seated and rng.random() < COLOUR_UP_CHANCE:
        chips = {cents: rng.choice(counts) for cents, counts in LEAVING_CHIPS}
        colour_ups = (ColourUp(rng.choice(seated), {cents: count for cents, count in chips.items() if count}),)
    return buy_ins, colour_ups
