"""Dealing a round at a training table: its rules, the meters it carries, simulated players and any forced win."""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace

from simulator.blackjack import round as down_under
from simulator.blackjack import table as down_under_table
from simulator.blackjack.arithmetic import BlackjackStyle
from simulator.blackjack.match_the_dealer import ACE_OF_SPADES, MatchMeter
from simulator.blackjack.round import DownUnderRound, rigged_top, suited_match_top
from simulator.blackjack.table import DownUnderTable
from simulator.carnival.poker import CarnivalGame, PlayerHabit
from simulator.carnival.rigging import DEALER_PLACE, rigged_deck_top
from simulator.carnival.round import CarnivalScenario
from simulator.core.cards import Card
from simulator.core.chip_inventory import opening_chips
from simulator.core.chips import Rack
from simulator.core.json_values import JsonObject, JsonValue, json_object
from simulator.core.meter_device import JACKPOT_METER, MATCH_METER, MYSTERY_METER
from simulator.core.mystery_meter import BaseGameDealer, MysteryConfiguration, MysteryMeter
from simulator.core.progressive import JackpotMeter
from simulator.core.table_cash import BuyIn, ColourUp
from simulator.core.wager_phase import ChipCountMismatch, WagerMove, WagerPhase
from simulator.mystery import tables as mystery_tables
from simulator.mystery.games import MysteryGame
from simulator.mystery.tables import (
    MysterySeatWagers,
    MysteryTableRound,
    base_game_positions,
    carnival_game,
    rules_from_json,
)
from simulator.pai_gow.player_styles import PlayerStyle
from simulator.pai_gow.progressive import ProgressivePaytable
from simulator.pai_gow.round import PaiGowRound, Scenario, seven_card_straight_flush_scenario
from simulator.pai_gow.rules import TableRules
from simulator.simulated_players import (
    BASE_WAGERS,
    add_side_wagers,
    choose_blackjack_styles,
    choose_player_styles,
    draw_table_cash,
    draw_wager_phase,
    seat_down_under_players,
    seat_mystery_players,
    seat_pai_gow_players,
    seat_rigged_players,
    wager_phase_rng,
)

SeatHabit = PlayerHabit | BlackjackStyle | PlayerStyle
"""How a scenario rigs a seat's simulated player: a carnival poker habit, a Down Under Blackjack style, or how a Pai Gow
Poker player sets the hand."""


@dataclass(frozen=True)
class RiggedDeal:
    """What an instructor's scenario fixes: the seats' wagers and, at Pai Gow Poker, the deck's top and the dice.

    ``late_wager`` is the one a player tries after "No more bets" and ``missing_chip_seat`` the seat whose progressive
    chip is missing; the players make no other wager move. The player at ``foul_seat`` fouls their hand.
    """

    seats: Mapping[int, Mapping[str, int]]
    """The seats' wagers; none seats simulated players."""
    scenario: Scenario = field(default_factory=Scenario)
    late_wager: WagerMove | None = None
    missing_chip_seat: int | None = None
    foul_seat: int | None = None
    cards: Mapping[int, tuple[Card, ...]] = field(default_factory=dict)
    """At Down Under Blackjack, the two cards of each rigged place (0 is the dealer: the upcard, then the hole card);
    a seat whose cards are rigged plays them by a basic strategy. Where the trainee deals a carnival poker base game,
    the hole cards (or the first of them) of each rigged place."""
    community_cards: tuple[Card, ...] = ()
    """The carnival poker base game's community cards (or the first of them), flop first."""
    buy_in: BuyIn | None = None
    """A player's buy-in with cash before the round's wagers."""
    colour_up: ColourUp | None = None
    """A player's leaving after the round with chips to colour up."""
    habits: Mapping[int, SeatHabit] = field(default_factory=dict)
    """How the player at each seat decides: at Down Under Blackjack its style (over a rigged seat's basic strategy);
    in a carnival poker base game its habit, a seat rigged cards but no habit playing by the house advice; at Pai Gow
    Poker how it sets the hand (a seat whose hand is rigged sets it by the house way unless its setting is rigged)."""


@dataclass(frozen=True)
class TableDeal:
    """What a table hands the engine to deal its next round; ``carried_meters`` are the table's, by name, server only.

    ``carried_chips`` is the table's chip inventory as its last round left it (:meth:`Reconciliation.carried`), which
    the round's rack opens with if it is of the same rack; None opens from the rack's float.

    ``chip_count_mismatch`` is the house's procedure when the progressive chips do not match the accepted wagers.
    ``rigged`` replaces the simulated players' draws at Pai Gow Poker; ``ace_of_spades`` makes a forced Match the
    Dealer hit at Down Under Blackjack the A♠ combination (the 100% award). A ``quiet`` table has no random table
    events: no wager move but a rigged one, and every simulated player plays by the house way, advice or a basic
    strategy unless the rigging says otherwise.
    """

    rules: Mapping[str, JsonValue]
    seed: int
    automations: frozenset[str]
    carried_meters: Mapping[str, JsonValue] | None = None
    carried_chips: Mapping[str, JsonValue] | None = None
    round_number: int = 0
    force_mystery_hit: bool = False
    force_progressive_win: bool = False
    chip_count_mismatch: ChipCountMismatch = ChipCountMismatch.CALL_FLOORPERSON
    rigged: RiggedDeal | None = None
    ace_of_spades: bool = False
    quiet: bool = False


def carried_meter(carried: Mapping[str, JsonValue], name: str) -> JsonObject | None:
    """One of the meters a table carries that holds more than one, if it carries it."""
    saved = carried.get(name)
    return None if saved is None else json_object(saved)


def fitting_mystery_meter(
    saved: Mapping[str, JsonValue] | None, configuration: MysteryConfiguration | None
) -> MysteryMeter | None:
    """A saved mystery meter, if there is one and it fits the table's configuration."""
    if saved is None or configuration is None or "hit_value" not in saved:
        return None
    meter = MysteryMeter.from_json(saved)
    return meter if meter.configuration == configuration else None


def fitting_jackpot_meter(
    saved: Mapping[str, JsonValue] | None, paytable: ProgressivePaytable | None
) -> JackpotMeter | None:
    """A saved progressive jackpot meter, if there is one and it seeds where the table's paytable does."""
    if saved is None or paytable is None:
        return None
    meter = JackpotMeter.from_json(saved)
    return meter if meter.seed_amount == paytable.seed_amount else None


def fitting_match_meter(saved: Mapping[str, JsonValue] | None, rules: DownUnderTable) -> MatchMeter | None:
    """A saved Match the Dealer meter, if there is one and it fits the table's wager and reading."""
    if saved is None or "reserve" not in saved:
        return None
    meter = MatchMeter.from_json(saved)
    return meter if (meter.wager, meter.reading) == (rules.match_wager, rules.secondary_reading) else None


def players_wager_phase(
    table: TableDeal, drawn: WagerPhase, rigged: RiggedDeal | None, seats: Iterable[int], rack: Rack
) -> WagerPhase:
    """The players' moves around "No more bets" and their cash at ``seats``, drawn or rigged, and the rack's opening.

    The rigged ones only where a scenario rigs them or the table is quiet; else the drawn moves, with the seated
    players' seeded buy-ins and colour-ups. The rack opens with the table's carried chips if they are of ``rack``.
    """
    opening = None if table.carried_chips is None else opening_chips(table.carried_chips, rack)
    if rigged is None and not table.quiet:
        buy_ins, colour_ups = draw_table_cash(seats, table.seed)
        return replace(drawn, buy_ins=buy_ins, colour_ups=colour_ups, opening_chips=opening)
    if rigged is None:
        return WagerPhase((), None, None, table.chip_count_mismatch, opening_chips=opening)
    buy_ins = () if rigged.buy_in is None else (rigged.buy_in,)
    colour_ups = () if rigged.colour_up is None else (rigged.colour_up,)
    late, missing = rigged.late_wager, rigged.missing_chip_seat
    return WagerPhase((), late, missing, table.chip_count_mismatch, buy_ins, colour_ups, opening)


def deal_pai_gow_round(table: TableDeal) -> PaiGowRound:
    """A Pai Gow Poker round with simulated players; the trainee performs every dealer step.

    ``force_progressive_win`` deals the first player with a Progressive Payout wager a 7-card straight flush
    without joker, the progressive paytable's top line.
    """
    rules = TableRules.from_json(table.rules)
    players = random.Random(table.seed)
    rigged = table.rigged
    seats = seat_pai_gow_players(rules, players)
    if rigged is not None and rigged.seats:
        seats = {seat: dict(wagers) for seat, wagers in rigged.seats.items()}
    drawn_styles = choose_player_styles(list(seats), players)
    styles = {} if table.quiet else drawn_styles
    if rigged is not None:
        styles |= {seat: style for seat, style in rigged.habits.items() if isinstance(style, PlayerStyle)}
    if rigged is not None and rigged.foul_seat is not None:
        styles = {**styles, rigged.foul_seat: PlayerStyle.FOUL}
    scenario = Scenario(player_styles=styles, force_mystery_hit=table.force_mystery_hit)
    if rigged is not None:
        scenario = replace(rigged.scenario, player_styles=styles, force_mystery_hit=table.force_mystery_hit)
    progressive = [seat for seat, wagers in seats.items() if "progressive" in wagers]
    if table.force_progressive_win and progressive:
        extra = {"player_styles": styles, "force_mystery_hit": table.force_mystery_hit}
        scenario = seven_card_straight_flush_scenario(progressive[0], rules, players, **extra)
    carried = table.carried_meters or {}
    changeable = {"pai-gow": rules.pai_gow_limits.minimum}
    changeable |= {"sum": rules.side_wager_limits.minimum} if rules.sum_paytable is not None else {}
    changeable |= {"beat-it": rules.side_wager_limits.minimum} if rules.beat_it_paytable is not None else {}
    fixed = {"progressive": rules.progressive_wager} if rules.progressive_wager_offered else {}
    phase = draw_wager_phase(seats, changeable, fixed, table.chip_count_mismatch, wager_phase_rng(table.seed))
    return PaiGowRound(
        rules,
        seats,
        table.seed,
        scenario=scenario,
        round_number=table.round_number,
        meter=fitting_mystery_meter(carried_meter(carried, MYSTERY_METER), rules.mystery),
        progressive_meter=fitting_jackpot_meter(carried_meter(carried, JACKPOT_METER), rules.progressive_paytable),
        automations=table.automations,
        wager_phase=players_wager_phase(table, phase, rigged, seats, rules.rack),
    )


def deal_mystery_table_round(game: MysteryGame, table: TableDeal) -> MysteryTableRound:
    """A round at an MHB game's table with simulated players; the trainee performs the progressive procedure.

    Where the trainee deals the base game too, some players add its side wager (Pair Plus, Trips).
    """
    rules = rules_from_json(table.rules, game)
    seats = seat_mystery_players(game, rules, random.Random(table.seed))
    base_game_scenario = None
    if rules.base_game is BaseGameDealer.TRAINEE:
        carnival = carnival_game(game)
        seats = add_side_wagers(seats, carnival.side_areas, random.Random(f"side wagers {table.seed}"))
        if table.rigged is not None:
            seats, base_game_scenario = rigged_base_game(carnival, seats, table.rigged, table.seed, table.quiet)
        elif table.quiet:
            base_game_scenario = CarnivalScenario(
                (), dict.fromkeys(base_game_positions(seats), PlayerHabit.HOUSE_ADVICE)
            )
    wagers = {seat.seat: dict(seat.progressive_wagers) for seat in seats}
    fixed = {spot.name: rules.configuration.minimum_wager for spot in game.progressive_wagers}
    phase = draw_wager_phase(wagers, {}, fixed, table.chip_count_mismatch, wager_phase_rng(table.seed))
    return MysteryTableRound(
        game,
        rules,
        seats,
        table.seed,
        meter=fitting_mystery_meter(carried_meter(table.carried_meters or {}, MYSTERY_METER), rules.configuration),
        automations=table.automations,
        force_hit=table.force_mystery_hit,
        wager_phase=players_wager_phase(table, phase, None, wagers, rules.rack),
        base_game_scenario=base_game_scenario,
    )


def rigged_base_game(
    game: CarnivalGame, seats: list[MysterySeatWagers], rigged: RiggedDeal, seed: int, quiet: bool
) -> tuple[list[MysterySeatWagers], CarnivalScenario]:
    """Each rigged seat seated, and the base game's scenario: the rigged cards on the deck's top, the players' habits.

    A seat whose cards are rigged plays them by the house advice unless its habit is rigged too, so its decision is
    the drill's; at a quiet table every seat does.
    """
    rng = random.Random(f"rigged base game {seed}")
    places = {place for place in rigged.cards if place != DEALER_PLACE} | set(rigged.habits)
    seats = seat_rigged_players(seats, places, game.side_areas, rng)
    if quiet:
        places |= set(base_game_positions(seats))
    top = rigged_deck_top(game, base_game_positions(seats), rigged.cards, rigged.community_cards, rng)
    habits = {seat: habit for seat, habit in rigged.habits.items() if isinstance(habit, PlayerHabit)}
    return seats, CarnivalScenario(top, dict.fromkeys(places, PlayerHabit.HOUSE_ADVICE) | habits)


def deal_down_under_round(table: TableDeal) -> DownUnderRound:
    """A Down Under Blackjack round with simulated players or rigged seats; a forced hit wins a meter award."""
    rules = DownUnderTable.from_json(table.rules)
    players = random.Random(table.seed)
    rigged = table.rigged
    seats = seat_down_under_players(rules, players)
    if rigged is not None and rigged.seats:
        seats = {seat: down_under_table.SeatWagers.from_json(wagers) for seat, wagers in rigged.seats.items()}
    shoe_top: tuple[Card, ...] = ()
    if rigged is not None and rigged.cards:
        shoe_top = rigged_top(list(seats), rigged.cards, rules.decks, players)
    elif table.force_mystery_hit:
        winner = min(seat for seat, wagers in seats.items() if wagers.match_the_dealer)
        upcard = ACE_OF_SPADES if table.ace_of_spades else None
        shoe_top = suited_match_top(list(seats), winner, rules.decks, players, upcard)
    wagers = {
        seat: {"blackjack": held.blackjack}
        | ({"match_the_dealer": held.match_the_dealer} if held.match_the_dealer else {})
        for seat, held in seats.items()
    }
    changeable = {"blackjack": min(BASE_WAGERS)}
    fixed = {"match_the_dealer": rules.match_wager}
    phase = draw_wager_phase(wagers, changeable, fixed, table.chip_count_mismatch, wager_phase_rng(table.seed))
    drawn_styles = choose_blackjack_styles(sorted(seats), table.seed)
    return DownUnderRound(
        rules,
        seats,
        table.seed,
        meter=fitting_match_meter(carried_meter(table.carried_meters or {}, MATCH_METER), rules),
        shoe_top=shoe_top,
        automations=table.automations,
        wager_phase=players_wager_phase(table, phase, rigged, seats, rules.rack),
        styles=({} if table.quiet else drawn_styles) | rigged_styles(rigged),
    )


def rigged_styles(rigged: RiggedDeal | None) -> dict[int, BlackjackStyle]:
    """A seat whose Down Under cards a scenario rigs plays them by a basic strategy, unless its style is rigged too."""
    if rigged is None:
        return {}
    styles = {seat: style for seat, style in rigged.habits.items() if isinstance(style, BlackjackStyle)}
    return {place: BlackjackStyle.BASIC for place in rigged.cards if place != 0} | styles


MYSTERY_TABLE_AUTOMATIONS = mystery_tables.SYSTEM_STEPS | {"validate_mystery_payout"}
"""What the engine performs at an MHB table by default: the system's steps, the base game and the floorperson's."""

DOWN_UNDER_AUTOMATIONS = down_under.SYSTEM_STEPS | {"validate_progressive_payout", "complete_jackpot_paperwork"}
"""What the engine performs at a Down Under Blackjack table by default: the system's, the hand and the floorperson's."""
