"""A round of Pai Gow Poker with the dice wagers, Tiger 9, Fortune and Envy, as the dealer performs it.

The steps follow the digest's step list (§9): "No more bets", Envy lammers, the progressive lock-out and the
system's contributions to the Mystery Bonus meter and the progressive jackpot meter, the shaker, announcing the
dice, settling the dice wagers, the starting position, delivering the stacks, the players setting their hands,
the dealer's hand by the house way, the Tiger 9 check, each player's settlement in order, Envy, the Progressive
Payout wins on the players' own hands (hand, light, floorperson, payment: :mod:`simulator.pai_gow.progressive`),
the Must-Hit-By Mystery Bonus, the jackpot paperwork for cards held on the table, and clearing the table. Seats
are numbered 1 to 6 from the dealer's left; place 0 is the dealer.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any, TypedDict

from simulator.core.cards import (
    Card,
    Rank,
    Suit,
    format_cards,
    pai_gow_deck,
    parse_cards,
    shuffled,
    spoken_cards,
    stacked_deck,
)
from simulator.core.citations import Citation
from simulator.core.clauses import cite
from simulator.core.dice import DiceRoll, all_rolls, roll_dice, spoken_dice
from simulator.core.hands import SetHand, is_foul, is_tiger_nine
from simulator.core.json_values import (
    JsonObject,
    JsonValue,
    json_int,
    json_list,
    json_object,
    json_str,
    json_strings,
    json_value,
)
from simulator.core.meter_device import JACKPOT_METER, MYSTERY_METER
from simulator.core.money import Cents, format_cents
from simulator.core.mystery_meter import MysteryMeter, MysteryMeterView, MysteryRules, PaymentSource
from simulator.core.procedure import Action, Actor, ErrorCode, IllegalOperation, Operation, Round
from simulator.core.progressive import (
    MYSTERY_BONUS_STEPS,
    PROGRESSIVE_INTAKE_STEPS,
    PROGRESSIVE_WIN_STEPS,
    ContainerIntakeView,
    IntakeStage,
    JackpotMeter,
    JackpotMeterView,
    MysteryBonus,
    MysteryBonusMixin,
    ProgressiveIntakeMixin,
    ProgressiveWager,
    ProgressiveWin,
    ProgressiveWinMixin,
    ProgressiveWins,
    intake_with_wager_phase,
)
from simulator.core.settling import SETTLEMENT_STEPS, Settlement, SettlingMixin, WagerSettlement
from simulator.core.table_cash import TableCashView
from simulator.core.wager_phase import (
    WAGER_PHASE_PLAYER_STEPS,
    WAGER_PHASE_STEPS,
    LateWagerView,
    WagerPhase,
    WagerPhaseMixin,
)
from simulator.dice.wagers import DiceSettlement, settle_beat_it_wager, settle_match_wager, settle_sum_wager
from simulator.pai_gow.fortune import (
    FortuneHand,
    envy_awards,
    envy_qualifying_seats,
    fortune_hand,
    settle_fortune_wager,
)
from simulator.pai_gow.house_way import HOUSE_WAYS, HouseWaySetting
from simulator.pai_gow.player_styles import PlayerStyle, set_hand_in_style
from simulator.pai_gow.progressive import ProgressivePaytable, judge_progressive_hand
from simulator.pai_gow.rules import (
    COMMISSION,
    DICE_SETTLEMENT_ORDER,
    MYSTERY_SECTION,
    TIGER_NINE_DECLARATION,
    FoulRule,
    MysteryPayoutTiming,
    ShakerSelection,
    ShakerType,
    TableRules,
)
from simulator.pai_gow.settlement import FOUL_RULE, settle_pai_gow_wager, settle_tiger_nine_wager
from simulator.pai_gow.starting_position import (
    REVEAL_ORDER_CITATION,
    STARTING_POSITION_CITATION,
    delivery_order,
    reveal_order,
    starting_position,
)

SEATS = (1, 2, 3, 4, 5, 6)
DEALER = 0
PLACES = (DEALER, *SEATS)
STACK_SIZE = 7
MATCH_SPOTS = tuple(f"match-{number}" for number in range(1, 7))
DICE_SPOTS = ("sum", *MATCH_SPOTS, "beat-it")
SIDE_SPOTS = ("tiger-9", "fortune", *DICE_SPOTS)
WAGER_SPOTS = ("pai-gow", "progressive", *SIDE_SPOTS)
FELT_NAMES = {
    "pai-gow": "Pai Gow",
    "progressive": "Progressive",
    "tiger-9": "Tiger 9",
    "fortune": "Fortune",
    "sum": "Sum",
    **{spot: f"Match {spot[-1]}" for spot in MATCH_SPOTS},
    "beat-it": "Beat It",
}
"""Each betting area of the layout by the name printed on the felt."""
PLAYER_STEPS = frozenset({"set_player_hand", "press_shaker_button"}) | WAGER_PHASE_PLAYER_STEPS
SYSTEM_STEPS = frozenset({"add_mystery_contributions", "add_progressive_contributions"})
FLOORPERSON_STEPS = frozenset({"validate_mystery_payout", "validate_progressive_payout", "complete_jackpot_paperwork"})
DEFAULT_AUTOMATIONS = PLAYER_STEPS | SYSTEM_STEPS | FLOORPERSON_STEPS
PROGRESSIVE_WAGER_NAME = "Progressive Payout wager"

NO_MORE_BETS = cite("§645b.2(f)")
ENVY_LAMMERS = cite("§670a.10(a)(2)(i)")
SELECT_SHAKER_PLAYER = cite("Shaker selection, option shaker_selection")
PRESS_SHAKER_BUTTON = cite("§645b.2(f)(1)")
SHAKE_SHAKER = cite("§645b.2(f)(2)")
ANNOUNCE_DICE = cite("§645b.2(g)")
DEALT_STACKS = cite("§§645a.8–645a.10")
SET_PLAYER_HAND = cite("§645a.11(a)–(b)")
REVEAL_DEALER = cite("§645b.1(e)")
TIGER_NINE = cite("§645b.1(b)")
PAYOUT_ODDS = cite("§645a.13")
FORTUNE = cite("§645a.11(h)")
FORTUNE_AFTER_WAGERS = cite("§645b.1(g)")
CLEAR_TABLE = cite("§645a.11")


@dataclass(frozen=True)
class Scenario:
    """What an instructor fixes in advance: the top of the deck, the dice and players' own hand settings."""

    deck_top: tuple[Card, ...] = ()
    dice: DiceRoll | None = None
    player_settings: Mapping[int, SetHand] = field(default_factory=dict)
    player_styles: Mapping[int, PlayerStyle] = field(default_factory=dict)
    force_mystery_hit: bool = False

    def to_json(self) -> dict[str, JsonValue]:
        """The scenario as JSON-ready values."""
        return {
            "deck_top": format_cards(self.deck_top),
            "dice": list(self.dice.values) if self.dice else None,
            "player_settings": {
                str(seat): {"high": format_cards(hand.high), "low": format_cards(hand.low)}
                for seat, hand in self.player_settings.items()
            },
            "player_styles": {str(seat): style.name for seat, style in self.player_styles.items()},
            "force_mystery_hit": self.force_mystery_hit,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, JsonValue]) -> Scenario:
        """Rebuild a scenario saved by :meth:`to_json`."""
        dice = data.get("dice")
        settings = json_object(data.get("player_settings", {}))
        return cls(
            deck_top=parse_cards(json_str(data.get("deck_top", ""))),
            dice=_saved_dice(json_list(dice)) if dice else None,
            player_settings={int(seat): _saved_setting(json_object(hand)) for seat, hand in settings.items()},
            player_styles={
                int(seat): PlayerStyle[json_str(name)]
                for seat, name in json_object(data.get("player_styles", {})).items()
            },
            force_mystery_hit=bool(data.get("force_mystery_hit", False)),
        )


def scenario_with_hands(
    hands: Mapping[int, Sequence[Card]], dice: DiceRoll, rules: TableRules, **extra: Any
) -> Scenario:
    """A scenario that gives chosen places (0 = dealer) chosen seven cards, given the dice that pick the start."""
    order = delivery_order(starting_position(dice.total), rules.dealing_direction)
    top: list[Card] = []
    for place in order:
        cards = hands.get(place)
        if cards is None:
            break
        if len(cards) != STACK_SIZE:
            raise ValueError(f"Place {place} must get exactly seven cards, not {len(cards)}.")
        top.extend(cards)
    missing = set(hands) - set(order[: len(top) // STACK_SIZE])
    if missing:
        raise ValueError(
            f"Fixed hands must follow the delivery order {order} without gaps; place {min(missing)} comes after a gap."
        )
    return Scenario(deck_top=tuple(top), dice=dice, **extra)


def _saved_dice(values: list[JsonValue]) -> DiceRoll:
    """The dice saved with a scenario: red first, then the two blue."""
    red, blue_1, blue_2 = map(json_int, values)
    return DiceRoll(red, (blue_1, blue_2))


def _saved_setting(hand: Mapping[str, JsonValue]) -> SetHand:
    """A player's hand setting saved with a scenario."""
    return SetHand(parse_cards(json_str(hand["high"])), parse_cards(json_str(hand["low"])))


def seven_card_straight_flush_scenario(seat: int, rules: TableRules, rng: random.Random, **extra: Any) -> Scenario:
    """A scenario whose dice start the deal at ``seat`` and give it a 7-card straight flush without joker.

    The dice, the suit and the ranks are drawn with ``rng``; the rest of the deck is shuffled as usual. It forces
    the top line of a progressive paytable, for demonstrations and tests.

    >>> scenario = seven_card_straight_flush_scenario(4, TableRules(), random.Random(2))
    >>> starting_position(scenario.dice.total), fortune_hand(scenario.deck_top).value
    (4, '7-card straight flush without joker')
    """
    dice = rng.choice([roll for roll in all_rolls() if starting_position(roll.total) == seat])
    suit = rng.choice(list(Suit))
    lowest = rng.randint(Rank.TWO, Rank.EIGHT)
    cards = [Card(Rank(rank), suit) for rank in range(lowest, lowest + STACK_SIZE)]
    return scenario_with_hands({seat: cards}, dice, rules, **extra)


def check_wagers(rules: TableRules, seats: Mapping[int, Mapping[str, Cents]]) -> None:
    """Raise ValueError when a seat's wagers break the table's rules or limits (§645a.7, §645b.1(d), §645b.2(e))."""
    offered = {
        "tiger-9": rules.tiger_nine_offered,
        "fortune": rules.fortune_paytable is not None,
        "progressive": rules.progressive_wager_offered,
        "sum": rules.sum_paytable is not None,
        "beat-it": rules.beat_it_paytable is not None,
        **dict.fromkeys(MATCH_SPOTS, rules.match_offered),
    }
    for seat, wagers in seats.items():
        if seat not in SEATS:
            raise ValueError(f"There is no seat {seat}: seats are numbered 1 to 6 from the dealer's left.")
        unknown = set(wagers) - set(WAGER_SPOTS)
        if unknown:
            raise ValueError(f"Seat {seat}: {', '.join(sorted(unknown))} is not a betting area of this table.")
        if "pai-gow" not in wagers:
            raise ValueError(f"Seat {seat}: a player must place a Pai Gow Poker wager to play (§645a.7(d)).")
        for spot, amount in wagers.items():
            if isinstance(amount, bool) or not isinstance(amount, int):
                raise ValueError(f"Seat {seat}: the {spot} wager must be a whole number of cents.")
            if spot == "pai-gow":
                rules.pai_gow_limits.check("Pai Gow Poker", amount)
            elif spot == "progressive":
                if not offered[spot]:
                    raise ValueError("This table does not offer the Progressive Payout wager.")
                if amount != rules.progressive_wager:
                    wanted = format_cents(rules.progressive_wager)
                    raise ValueError(f"Seat {seat}: the Progressive Payout wager is exactly {wanted} at this table.")
            else:
                if not offered[spot]:
                    raise ValueError(f"This table does not offer the {spot} wager.")
                rules.side_wager_limits.check(spot, amount)


class SettledWagerView(TypedDict):
    """A settled wager as the table shows it: how it settled and the amount."""

    settlement: str
    amount: Cents


class PaidWinView(TypedDict):
    """A paid progressive win as the table shows it: the hand, the amount and how it was paid."""

    hand: str
    amount: Cents
    source: str


class PaiGowSeatView(TypedDict):
    """A position as the table shows it: wagers, settlements, stack, the hand once revealed, lights and badges."""

    wagers: dict[str, Cents]
    settled: dict[str, SettledWagerView]
    commission: Cents | None
    lammer: bool
    stack: bool
    hand_set: bool
    high: str | None
    low: str | None
    reset: bool
    progressive_lit: bool
    progressive_paid: PaidWinView | None
    cards_held: bool


class PaiGowDealerView(TypedDict):
    """The dealer's place as the table shows it: the stack, the cards once turned over, the setting, Tiger 9."""

    stack: bool
    cards: str | None
    high: str | None
    low: str | None
    tiger_nine: bool | None


class JackpotDisplayView(JackpotMeterView):
    """The progressive jackpot's display: its meter and the positions whose light is on."""

    lit_seats: list[int]


class PaiGowProgressiveView(ContainerIntakeView):
    """The progressive displays: the Mystery Bonus meter, the jackpot meter and the intake up to the drop."""

    mystery_bonus_offered: bool
    meter: MysteryMeterView | None
    jackpot: JackpotDisplayView | None


class PaiGowView(TypedDict):
    """What anyone at a Pai Gow Poker table can see: :meth:`PaiGowRound.table_view`."""

    game: str
    seats: dict[str, PaiGowSeatView]
    dealer: PaiGowDealerView
    no_more_bets: bool
    late_wager: LateWagerView | None
    cash: TableCashView
    dice: list[int] | None
    dice_announced: bool
    shaker_seat: int | None
    starting_place: int | None
    delivered: list[int]
    stub_discarded: bool
    progressive: PaiGowProgressiveView | None
    cards_held: list[int]
    finished: bool


class PaiGowRound(
    WagerPhaseMixin, ProgressiveIntakeMixin, MysteryBonusMixin, ProgressiveWinMixin, SettlingMixin, Round
):
    """One round of (Commission-free) Pai Gow Poker with its side wagers, dealt step by step."""

    def __init__(
        self,
        rules: TableRules,
        seats: Mapping[int, Mapping[str, Cents]],
        seed_value: int,
        *,
        scenario: Scenario | None = None,
        round_number: int = 0,
        meter: MysteryMeter | None = None,
        progressive_meter: JackpotMeter | None = None,
        automations: frozenset[str] = DEFAULT_AUTOMATIONS,
        wager_phase: WagerPhase | None = None,
    ) -> None:
        """Take the wagers, shuffle (or stack) the deck, start or take the meters; raise ValueError on refused wagers.

        ``meter`` is the Mystery Bonus meter and ``progressive_meter`` the progressive jackpot meter the table
        carries from its last round; each starts afresh when not given. ``wager_phase`` is what the players do
        around "No more bets" (nothing when not given).
        """
        super().__init__(automations)
        check_wagers(rules, seats)
        self.rules = rules
        self.seats = {seat: dict(seats[seat]) for seat in sorted(seats)}
        self.seed_value = seed_value
        self.scenario = scenario or Scenario()
        self.round_number = round_number
        self.rng = random.Random(seed_value)
        top = self.scenario.deck_top
        self.deck = stacked_deck(top, self.rng) if top else shuffled(pai_gow_deck(), self.rng)
        self.house_way = HOUSE_WAYS[rules.house_way]
        progressive = tuple(
            ProgressiveWager(seat, PROGRESSIVE_WAGER_NAME, wagers["progressive"])
            for seat, wagers in self.seats.items()
            if "progressive" in wagers
        )
        self.wager_phase = wager_phase or WagerPhase()
        self.progressive_intake = intake_with_wager_phase(progressive, self.wager_phase)
        self.starting_meter: dict[str, JsonValue] | None = None
        if rules.mystery is not None:
            meter_rng = random.Random(f"mystery meter {seed_value}")
            new_meter = MysteryMeter.start(rules.mystery, meter_rng)
            mystery_meter = meter or new_meter
            self.starting_meter = mystery_meter.to_json()
            mystery_rules = MysteryRules(rules.mystery, rules.mystery_payment_source)
            self.mystery = MysteryBonus(
                MYSTERY_SECTION,
                mystery_rules,
                mystery_meter,
                meter_rng,
                progressive,
                force_hit=self.scenario.force_mystery_hit,
            )
        self.progressive_wins = ProgressiveWins()
        self.progressive_contributed = False
        self.progressive_meter: JackpotMeter | None = None
        self.starting_progressive_meter: dict[str, JsonValue] | None = None
        if rules.progressive_paytable is not None:
            seeded = rules.progressive_paytable.seeded_meter()
            self.progressive_meter = progressive_meter or seeded
            if self.progressive_meter.seed_amount != seeded.seed_amount:
                raise ValueError("The progressive jackpot meter belongs to a paytable with another seed.")
            self.starting_progressive_meter = self.progressive_meter.to_json()
        self.lammers: tuple[int, ...] | None = None
        self.shaker_seat: int | None = None
        self.shake_count = 0
        self.dice: DiceRoll | None = None
        self.dice_visible = False
        self.dice_announced = False
        self.settled: dict[tuple[int, str], tuple[Settlement, Cents]] = {}
        self.commissions: dict[int, Cents] = {}
        self.starting_place: int | None = None
        self.delivered: list[int] = []
        self.stub_discarded = False
        self.empty_stacks_collected = False
        self.player_hands: dict[int, SetHand] = {}
        self.dealer_revealed = False
        self.dealer_hand: SetHand | None = None
        self.tiger_nine_declared: bool | None = None
        self.revealed_seats: list[int] = []
        self.reset_seats: list[int] = []
        self.table_cleared = False
        self._next_action_at: tuple[int, Action | None] | None = None

    # ----- saving and replaying -----

    def carried_meters(self) -> dict[str, JsonValue]:
        """The Mystery Bonus and progressive jackpot meters the table carries to its next round; server only."""
        mystery = self.mystery.meter.to_json() if self.rules.mystery is not None else None
        jackpot = self.progressive_meter.to_json() if self.progressive_meter is not None else None
        return {MYSTERY_METER: mystery, JACKPOT_METER: jackpot}

    def setup_json(self) -> dict[str, JsonValue]:
        """Everything needed to deal this round again: rules, wagers, seed, scenario, starting meter, automations."""
        return {
            "rules": self.rules.to_json(),
            "seats": {str(seat): dict(wagers) for seat, wagers in self.seats.items()},
            "seed": self.seed_value,
            "round_number": self.round_number,
            "scenario": self.scenario.to_json(),
            "meter": self.starting_meter,
            "progressive_meter": self.starting_progressive_meter,
            "automations": [*sorted(self.automations)],
            "wager_phase": self.wager_phase.to_json(),
        }

    @classmethod
    def from_setup_json(cls, data: Mapping[str, JsonValue]) -> PaiGowRound:
        """A fresh round from :meth:`setup_json`, before any step."""
        meter = data.get("meter")
        progressive_meter = data.get("progressive_meter")
        seats = json_object(data["seats"]).items()
        return cls(
            TableRules.from_json(json_object(data["rules"])),
            {
                int(seat): {spot: json_int(amount) for spot, amount in json_object(wagers).items()}
                for seat, wagers in seats
            },
            json_int(data["seed"]),
            scenario=Scenario.from_json(json_object(data.get("scenario", {}))),
            round_number=json_int(data.get("round_number", 0)),
            meter=MysteryMeter.from_json(json_object(meter)) if meter else None,
            progressive_meter=JackpotMeter.from_json(json_object(progressive_meter)) if progressive_meter else None,
            automations=frozenset(json_strings(data["automations"])) if "automations" in data else DEFAULT_AUTOMATIONS,
            wager_phase=WagerPhase.from_json(data.get("wager_phase")),
        )

    # ----- what the table holds -----

    def stack_for(self, place: int) -> tuple[Card, ...]:
        """The seven cards delivered (or to be delivered) to a place; hidden information."""
        assert self.starting_place is not None
        index = delivery_order(self.starting_place, self.rules.dealing_direction).index(place)
        return tuple(self.deck[index * STACK_SIZE : (index + 1) * STACK_SIZE])

    @property
    def stub(self) -> tuple[Card, ...]:
        """The four cards left after the seven stacks."""
        return tuple(self.deck[len(PLACES) * STACK_SIZE :])

    @property
    def empty_places(self) -> tuple[int, ...]:
        """Seats that receive a stack but hold no wager."""
        return tuple(seat for seat in SEATS if seat not in self.seats)

    def simulated_setting(self, seat: int) -> SetHand:
        """How the simulated player at a seat sets the hand, by that player's style (house way by default)."""
        style = self.scenario.player_styles.get(seat, PlayerStyle.HOUSE_WAY)
        return set_hand_in_style(self.stack_for(seat), style, self.house_way, self.rules.wheel_rank)

    def dealer_setting(self) -> HouseWaySetting:
        """The dealer's hand set by the house way, with the clause that set it."""
        return self.house_way.setting(self.stack_for(DEALER), self.rules.wheel_rank)

    def settling_hand(self, seat: int) -> SetHand:
        """The player's hand as it is settled: as set, or reset by the house way after a foul when the house resets."""
        if seat in self.reset_seats:
            return self.house_way.set_hand(self.stack_for(seat), self.rules.wheel_rank)
        return self.player_hands[seat]

    def selected_shaker_seat(self) -> int:
        """The player selected to press the shaker button, by the house's selection rule."""
        occupied = list(self.seats)
        if self.rules.shaker_selection is ShakerSelection.ROTATE:
            return occupied[self.round_number % len(occupied)]
        return max(occupied, key=lambda seat: (self.seats[seat]["pai-gow"], -seat))

    def lammer_seats(self) -> tuple[int, ...]:
        """Seats whose Fortune Bonus wager qualifies for Envy."""
        fortune = {seat: wagers["fortune"] for seat, wagers in self.seats.items() if "fortune" in wagers}
        qualifying = envy_qualifying_seats(fortune, self.rules.envy_qualifying_wager)
        return tuple(seat for seat in self.seats if seat in qualifying)

    # ----- the correct next step -----

    def offered_steps(self) -> frozenset[str]:
        """The steps these rules can ever ask for, without the shaker, commission, Envy, foul or progressive ones."""
        rules = self.rules
        manual = rules.shaker is ShakerType.MANUAL
        left_out = {"select_shaker_player", "press_shaker_button"} if manual else {"shake_shaker", "uncover_shaker"}
        left_out |= {"collect_commission"} if rules.commission_free else {"declare_tiger_nine"}
        left_out |= {"place_envy_lammers"} if rules.fortune_paytable is None else set()
        left_out |= {"reset_fouled_hand"} if rules.foul_rule is not FoulRule.RESET_BY_HOUSE_WAY else set()
        left_out |= set() if rules.progressive_wager_offered else PROGRESSIVE_INTAKE_STEPS
        left_out |= set() if rules.mystery is not None else MYSTERY_BONUS_STEPS
        left_out |= set() if rules.progressive_paytable is not None else PROGRESSIVE_WIN_STEPS
        return self.step_names() - left_out

    def step_names(self) -> frozenset[str]:
        """Every step of a Pai Gow Poker round."""
        return frozenset(
            {
                "announce_no_more_bets",
                "place_envy_lammers",
                "select_shaker_player",
                "press_shaker_button",
                "shake_shaker",
                "uncover_shaker",
                "announce_dice",
                *SETTLEMENT_STEPS,
                "collect_commission",
                "find_starting_position",
                "deliver_stack",
                "discard_stub",
                "collect_empty_stacks",
                "set_player_hand",
                "reveal_dealer_hand",
                "set_dealer_hand",
                "declare_tiger_nine",
                "reveal_player_hand",
                "reset_fouled_hand",
                "clear_table",
                "add_progressive_contributions",
                *PROGRESSIVE_INTAKE_STEPS,
                *MYSTERY_BONUS_STEPS,
                *PROGRESSIVE_WIN_STEPS,
                *WAGER_PHASE_STEPS,
            }
        )

    def closing_citation(self) -> Citation:
        """The rule cited for a step tried after the round is over."""
        return CLEAR_TABLE

    def next_action(self) -> Action | None:
        """The correct next step of the round, or None once the table is cleared.

        It is worked out once for each length of the log (a performance cache, no change of answer): the state
        changes only by logging a step, and :meth:`perform` forgets it after every step it performs.
        """
        logged = len(self.operations)
        if self._next_action_at is None or self._next_action_at[0] != logged:
            self._next_action_at = (logged, self._work_out_next_action())
        return self._next_action_at[1]

    def perform(self, step: str, arguments: Mapping[str, JsonValue]) -> Operation:
        """Perform a named step (see :meth:`Round.perform`); the next action is worked out afresh afterwards."""
        try:
            return super().perform(step, arguments)
        finally:
            self._next_action_at = None

    def _work_out_next_action(self) -> Action | None:
        """The correct next step of the round as the state now stands, phase by phase."""
        phases = (
            self.next_wager_phase_action,
            self._opening_action,
            self._progressive_action,
            self._dice_action,
            self._dealing_action,
            self._settling_action,
            self.next_progressive_win_action,
            self._mystery_payout_action,
            self.next_jackpot_paperwork_action,
        )
        for phase in phases:
            action = phase()
            if action is not None:
                return action
        if not self.table_cleared:
            return Action(
                "clear_table", Actor.DEALER, {}, CLEAR_TABLE, "clear the table: all cards to the discard rack"
            )
        return self.next_colour_up_action()

    def wager_citation(self, spot: str) -> Citation:
        """A Progressive Payout wager follows the lock-out; any other is placed before the shaker (§645b.2(f))."""
        return self.progressive_intake.citation("§685b.1(d)(2)") if spot == "progressive" else NO_MORE_BETS

    def wager_label(self, spot: str) -> str:
        """The betting area as the layout names it."""
        return spot_name(spot)

    def late_wager_citation(self, spot: str) -> Citation:
        """Every wager is placed before the shaker and "No more bets" (§645b.2(f)): a late one, on any area, is not."""
        return NO_MORE_BETS

    def spot_name(self, spot: str) -> str:
        """A settlement spot as the layout names its betting area."""
        return spot_name(spot)

    def late_wager_due(self) -> bool:
        """After "No more bets" and, at a table with Progressive Payout wagers, after the lock-out."""
        locked = not self.rules.progressive_wager_offered or self.progressive_intake.stage >= IntakeStage.LOCKED_OUT
        return self.no_more_bets and locked

    def _opening_action(self) -> Action | None:
        """The "No more bets" announcement and the Envy lammers."""
        if not self.no_more_bets:
            return Action("announce_no_more_bets", Actor.DEALER, {}, NO_MORE_BETS, 'announce "No more bets"')
        if self.lammers is None and self.lammer_seats():
            seats: list[JsonValue] = list(self.lammer_seats())
            description = f"place Envy lammers at seats {', '.join(map(str, seats))}"
            return Action("place_envy_lammers", Actor.DEALER, {"seats": seats}, ENVY_LAMMERS, description)
        return None

    def _progressive_action(self) -> Action | None:
        """The progressive lock-out, collection, count and drop, then the system's contributions to each meter."""
        if not self.rules.progressive_wager_offered:
            return None
        action = self.next_progressive_intake_action()
        if action is None and self.rules.mystery is not None:
            action = self.next_mystery_contribution_action()
        action = action or self._progressive_contribution_action()
        if action is None and self.rules.mystery_payout_timing is MysteryPayoutTiming.AT_LOCK_OUT:
            return self._mystery_payout_action()
        return action

    def _progressive_contribution_action(self) -> Action | None:
        """The system adds the rate of progression of each Progressive Payout wager to the jackpot meter, once."""
        paytable = self.rules.progressive_paytable
        count = len(self.progressive_intake.wagers)
        if paytable is None or self.progressive_contributed or not count:
            return None
        rate = f"{(paytable.rate * 100).normalize():f}%"
        description = (
            f"the progressive system adds {rate} of each of the {count} Progressive Payout wagers "
            "to the progressive jackpot meter"
        )
        return Action("add_progressive_contributions", Actor.SYSTEM, {}, paytable.rate_citation, description)

    def _mystery_payout_action(self) -> Action | None:
        """The Must-Hit-By Mystery Bonus payout, once every wager is settled (the default timing)."""
        if self.rules.mystery is None:
            return None
        return self.next_mystery_payout_action()

    def _dice_action(self) -> Action | None:
        """The shaker, the dice announcement and the dice wagers."""
        if self.dice is None or not self.dice_visible:
            return self._shaker_action()
        if not self.dice_announced:
            red, blue_1, blue_2 = self.dice.values
            arguments = {"red": red, "blue_1": blue_1, "blue_2": blue_2}
            return Action("announce_dice", Actor.DEALER, arguments, ANNOUNCE_DICE, f"announce the dice: {self.dice}")
        for seat in self._reveal_seats():
            for spot in DICE_SPOTS:
                if spot in self.seats[seat] and (seat, spot) not in self.settled:
                    return self._settlement_action(seat, spot, self._dice_settlement(seat, spot))
        return None

    def _shaker_action(self) -> Action:
        """Shaking or activating the shaker."""
        if self.rules.shaker is ShakerType.PLAYER_ACTIVATED:
            seat = self.selected_shaker_seat()
            if self.shaker_seat is None:
                description = f"select the player at seat {seat} to press the shaker button"
                return Action("select_shaker_player", Actor.DEALER, {"seat": seat}, SELECT_SHAKER_PLAYER, description)
            description = f"the player at seat {seat} presses the shaker button"
            return Action("press_shaker_button", Actor.PLAYER, {"seat": seat}, PRESS_SHAKER_BUTTON, description)
        if self.dice is None:
            return Action(
                "shake_shaker", Actor.DEALER, {"times": 3}, SHAKE_SHAKER, "shake the shaker at least three times"
            )
        return Action("uncover_shaker", Actor.DEALER, {}, SHAKE_SHAKER, "remove the lid and set the shaker down")

    def _dealing_action(self) -> Action | None:
        """The starting position, the stacks, the stub and the empty seats' stacks."""
        assert self.dice is not None
        if self.starting_place is None:
            place = starting_position(self.dice.total)
            description = f"count {self.dice.total} from the dealer: the first stack goes to {_place_name(place)}"
            citation = STARTING_POSITION_CITATION
            return Action("find_starting_position", Actor.DEALER, {"place": place}, citation, description)
        order = delivery_order(self.starting_place, self.rules.dealing_direction)
        if len(self.delivered) < len(order):
            place = order[len(self.delivered)]
            citation = self.rules.dealing_direction.citation
            description = f"deliver stack {len(self.delivered) + 1} to {_place_name(place)}"
            return Action("deliver_stack", Actor.DEALER, {"place": place}, citation, description)
        if not self.stub_discarded:
            return Action(
                "discard_stub", Actor.DEALER, {}, DEALT_STACKS, "put the four-card stub in the discard rack unexposed"
            )
        if self.empty_places and not self.empty_stacks_collected:
            description = f"collect the stacks at empty seats {', '.join(map(str, self.empty_places))} unexposed"
            return Action("collect_empty_stacks", Actor.DEALER, {}, DEALT_STACKS, description)
        for seat in self.seats:
            if seat not in self.player_hands:
                hand = self.scenario.player_settings.get(seat) or self.simulated_setting(seat)
                arguments: JsonObject = {"seat": seat, "high": format_cards(hand.high), "low": format_cards(hand.low)}
                description = f"the player at seat {seat} sets the hand"
                return Action("set_player_hand", Actor.PLAYER, arguments, SET_PLAYER_HAND, description)
        return None

    def _settling_action(self) -> Action | None:
        """The dealer's hand, Tiger 9, each player's settlement, Fortune and Envy."""
        if not self.dealer_revealed:
            return Action("reveal_dealer_hand", Actor.DEALER, {}, REVEAL_DEALER, "turn over the dealer's seven cards")
        if self.dealer_hand is None:
            setting = self.dealer_setting()
            low = format_cards(setting.hand.low)
            description = self._dealer_setting_description(setting.hand.low)
            return Action("set_dealer_hand", Actor.DEALER, {"low": low}, setting.clause, description)
        if self.rules.commission_free and self.tiger_nine_declared is None:
            tiger_nine = is_tiger_nine(self.dealer_hand.low)
            description = "declare a Tiger 9" if tiger_nine else "declare that the dealer has no Tiger 9"
            return Action(
                "declare_tiger_nine", Actor.DEALER, {"tiger_nine": tiger_nine}, TIGER_NINE_DECLARATION, description
            )
        for seat in self._reveal_seats():
            action = self._player_action(seat)
            if action is not None:
                return action
        awards = self.envy_awards()
        for seat in self._reveal_seats():
            if awards.get(seat) and (seat, "envy") not in self.settled:
                envy = WagerSettlement(Settlement.PAY, awards[seat], PAYOUT_ODDS, "Envy")
                return self._settlement_action(seat, "envy", envy)
        return None

    def _player_action(self, seat: int) -> Action | None:
        """The next step for one seat: reveal, reset a foul, settle each wager in order."""
        if seat not in self.revealed_seats:
            description = f"reveal the hand at seat {seat}"
            return Action("reveal_player_hand", Actor.DEALER, {"seat": seat}, REVEAL_ORDER_CITATION, description)
        fouled = is_foul(self.player_hands[seat], self.rules.wheel_rank)
        if fouled and self.rules.foul_rule is FoulRule.RESET_BY_HOUSE_WAY and seat not in self.reset_seats:
            description = f"reset the fouled hand at seat {seat} by the house way"
            citation = FOUL_RULE
            return Action("reset_fouled_hand", Actor.DEALER, {"seat": seat}, citation, description)
        for spot in ("pai-gow", "tiger-9", "fortune"):
            if spot in self.seats[seat] and (seat, spot) not in self.settled:
                return self._settlement_action(seat, spot, self.correct_settlement(seat, spot))
            if spot == "pai-gow" and self._commission_due(seat):
                amount = self._commission_due(seat)
                description = f"collect {format_cents(amount)} commission from seat {seat}"
                arguments = {"seat": seat, "amount": amount}
                return Action("collect_commission", Actor.DEALER, arguments, COMMISSION, description)
        return None

    def _commission_due(self, seat: int) -> Cents:
        """Commission still to collect at a seat in the standard game."""
        settled = self.settled.get((seat, "pai-gow"))
        if (
            self.rules.commission_free
            or settled is None
            or settled[0] is not Settlement.PAY
            or seat in self.commissions
        ):
            return 0
        return self.rules.commission(settled[1])

    def _settlement_action(self, seat: int, spot: str, correct: WagerSettlement) -> Action:
        """The action that settles one wager correctly."""
        name = spot_name(spot)
        if correct.settlement is Settlement.PAY:
            arguments: dict[str, JsonValue] = {"seat": seat, "spot": spot, "amount": correct.amount}
            description = f"pay seat {seat}'s {name} {format_cents(correct.amount)} ({correct.reason})"
        else:
            arguments = {"seat": seat, "spot": spot}
            verb = "push" if correct.settlement is Settlement.PUSH else "collect"
            description = f"{verb} seat {seat}'s {name} ({correct.reason})"
        return Action(f"{correct.settlement.value}_wager", Actor.DEALER, arguments, correct.citation, description)

    def _reveal_seats(self) -> list[int]:
        """Occupied seats in reveal order."""
        return [seat for seat in reveal_order() if seat in self.seats]

    def _dice_settlement(self, seat: int, spot: str) -> WagerSettlement:
        """The correct settlement of a dice wager."""
        assert self.dice is not None
        wager = self.seats[seat][spot]
        result: DiceSettlement
        if spot == "sum":
            assert self.rules.sum_paytable is not None
            result = settle_sum_wager(self.rules.sum_paytable, self.dice, wager)
        elif spot == "beat-it":
            assert self.rules.beat_it_paytable is not None
            result = settle_beat_it_wager(self.rules.beat_it_paytable, self.dice, wager)
        else:
            result = settle_match_wager(int(spot.removeprefix("match-")), self.dice, wager)
        if result.line is None:
            return WagerSettlement(Settlement.COLLECT, 0, result.citation, "loses")
        return WagerSettlement(
            Settlement.PAY, result.payout, result.citation, f"{result.line.name}, {result.line.odds}"
        )

    def correct_settlement(self, seat: int, spot: str) -> WagerSettlement:
        """The correct settlement of a seat's Pai Gow Poker, Tiger 9 or Fortune Bonus wager."""
        assert self.dealer_hand is not None
        wager = self.seats[seat][spot]
        if spot == "pai-gow":
            return settle_pai_gow_wager(self.rules, wager, self.settling_hand(seat), self.dealer_hand)
        if spot == "tiger-9":
            return settle_tiger_nine_wager(self.rules, wager, self.dealer_hand)
        assert self.rules.fortune_paytable is not None
        line, payout = settle_fortune_wager(
            self.stack_for(seat), wager, self.rules.fortune_paytable, self.rules.wheel_rank
        )
        if line is None:
            return WagerSettlement(Settlement.COLLECT, 0, FORTUNE, "no qualifying hand")
        odds = self.rules.fortune_paytable.pays[line]
        return WagerSettlement(Settlement.PAY, payout, self.rules.fortune_paytable.citation, f"{line.value}, {odds}")

    def envy_awards(self) -> dict[int, Cents]:
        """Envy owed to each seat with a lammer, for Envy hands held by other players."""
        if self.rules.fortune_paytable is None or not self.lammers:
            return {}
        hands = {seat: fortune_hand(self.stack_for(seat), self.rules.wheel_rank) for seat in self.seats}
        return envy_awards(hands, self.lammers, self.rules.fortune_paytable)

    def _progressive_paytable(self) -> tuple[ProgressivePaytable, JackpotMeter]:
        """The table's progressive paytable and the jackpot meter as it stands (only at a table that offers it)."""
        paytable = self.rules.progressive_paytable
        assert paytable is not None and self.progressive_meter is not None
        return paytable, self.progressive_meter

    def _priced_win(self, seat: int, hand: FortuneHand) -> ProgressiveWin:
        """A progressive win at a seat, priced from the jackpot meter as it stands now."""
        paytable, meter = self._progressive_paytable()
        amount, _after = paytable.pay(hand, meter)
        return ProgressiveWin(seat, hand.value, amount, paytable.pays_from_meter(hand))

    def _queue_progressive_win(self, seat: int) -> None:
        """Queue the seat's win when it holds a Progressive Payout wager and its seven cards make a paying hand."""
        paytable = self.rules.progressive_paytable
        if paytable is None or "progressive" not in self.seats[seat]:
            return
        hand = judge_progressive_hand(self.stack_for(seat), paytable, self.rules.wheel_rank)
        if hand is not None:
            self.progressive_wins.pending.append(self._priced_win(seat, hand))

    def progressive_win_paid(self, win: ProgressiveWin) -> None:
        """Take a share of the meter off it (a 100% award resets it to its seed) and re-price the wins still waiting."""
        paytable, meter = self._progressive_paytable()
        _paid, after = paytable.pay(FortuneHand(win.hand), meter)
        moved = self.shift_meter(JACKPOT_METER, meter.to_json(), after.to_json(), Decimal(0))
        self.progressive_meter = JackpotMeter.from_json(moved)
        pending = self.progressive_wins.pending
        pending[:] = [self._priced_win(waiting.seat, FortuneHand(waiting.hand)) for waiting in pending]

    # ----- the steps: verify, can, do -----

    def verify_add_progressive_contributions(self) -> Action:
        """Raise unless the jackpot meter contributions are the next step."""
        return self.require_step("add_progressive_contributions")

    def add_progressive_contributions(self) -> Operation:
        """Add the rate of progression of every Progressive Payout wager to the progressive jackpot meter."""
        action = self.verify_add_progressive_contributions()
        paytable, meter = self._progressive_paytable()
        contribution = paytable.contribution(len(self.progressive_intake.wagers))
        moved = self.shift_meter(JACKPOT_METER, meter.to_json(), meter.add(contribution).to_json(), contribution)
        self.progressive_meter = JackpotMeter.from_json(moved)
        self.progressive_contributed = True
        return self.record(action, {"meter": json_value(self.progressive_meter.public_view())})

    def verify_place_envy_lammers(self, seats: list[int]) -> Action:
        """Check the lammers go on exactly the Qualifying Fortune Bonus wagers."""
        expected = self.require_step("place_envy_lammers")
        given = sorted(set(seats)) if isinstance(seats, list) else seats
        self.require_argument(expected, "seats", given, ErrorCode.WRONG_LAMMERS)
        return expected

    def place_envy_lammers(self, seats: list[int]) -> Operation:
        """Place an Envy lammer beside each Qualifying Fortune Bonus wager."""
        expected = self.verify_place_envy_lammers(seats)
        self.lammers = tuple(sorted(seats))
        return self.record(expected)

    def verify_select_shaker_player(self, seat: int) -> Action:
        """Check the selected player is the one the house's selection rule picks."""
        expected = self.require_step("select_shaker_player")
        self.require_argument(expected, "seat", seat, ErrorCode.WRONG_SEAT)
        return expected

    def select_shaker_player(self, seat: int) -> Operation:
        """Ask the selected player to press the shaker's activation button."""
        expected = self.verify_select_shaker_player(seat)
        self.shaker_seat = seat
        return self.record(expected)

    def verify_press_shaker_button(self, seat: int) -> Action:
        """Check the selected player is the one pressing the button."""
        expected = self.require_step("press_shaker_button")
        self.require_argument(expected, "seat", seat, ErrorCode.WRONG_SEAT)
        return expected

    def press_shaker_button(self, seat: int) -> Operation:
        """The selected player presses the button; the shaker shakes at least 5 seconds and the dice come to rest."""
        expected = self.verify_press_shaker_button(seat)
        self.dice = self.scenario.dice or roll_dice(self.rng)
        self.dice_visible = True
        return self.record(expected, {"dice": list(self.dice.values)})

    def verify_shake_shaker(self, times: int) -> Action:
        """Check the manual shaker is shaken at least three times (§645b.2(f)(2))."""
        expected = self.require_step("shake_shaker")
        if isinstance(times, bool) or not isinstance(times, int) or times < 3:
            message = f"Shaken {times!r} times: the dealer shakes the manual shaker at least three times."
            raise IllegalOperation(ErrorCode.TOO_FEW_SHAKES, message, SHAKE_SHAKER, expected)
        return expected

    def shake_shaker(self, times: int) -> Operation:
        """Shake the manual shaker; the dice stay covered until the lid comes off."""
        expected = self.verify_shake_shaker(times)
        self.shake_count = times
        self.dice = self.scenario.dice or roll_dice(self.rng)
        return self.record(
            Action(expected.step, expected.actor, {"times": times}, expected.citation, expected.description)
        )

    def verify_uncover_shaker(self) -> Action:
        """Check the shaker has been shaken and may be uncovered."""
        return self.require_step("uncover_shaker")

    def uncover_shaker(self) -> Operation:
        """Remove the lid and set the uncovered shaker on the designated area."""
        expected = self.verify_uncover_shaker()
        assert self.dice is not None
        self.dice_visible = True
        return self.record(expected, {"dice": list(self.dice.values)})

    def verify_announce_dice(self, red: int, blue_1: int, blue_2: int) -> Action:
        """Check each die is announced with its value, the red die first."""
        expected = self.require_step("announce_dice")
        if (red, sorted((blue_1, blue_2))) != (
            expected.arguments["red"],
            sorted((json_int(expected.arguments["blue_1"]), json_int(expected.arguments["blue_2"]))),
        ):
            message = f"Announced {spoken_dice(red, blue_1, blue_2)}: the dice show {self.dice}."
            raise IllegalOperation(ErrorCode.WRONG_DICE, message, ANNOUNCE_DICE, expected)
        return expected

    def announce_dice(self, red: int, blue_1: int, blue_2: int) -> Operation:
        """Announce the value of each die."""
        expected = self.verify_announce_dice(red, blue_1, blue_2)
        self.dice_announced = True
        return self.record(expected)

    def settlement_order_citation(self, expected: Action, seat: int, spot: str) -> Citation:
        """The order a wager settled out of turn breaks: the dice wagers', the seats' or the Fortune Bonus's."""
        if expected.arguments["spot"] in DICE_SPOTS:
            return DICE_SETTLEMENT_ORDER
        if seat != expected.arguments["seat"]:
            return REVEAL_ORDER_CITATION
        if spot == "fortune":
            return FORTUNE_AFTER_WAGERS if self.rules.commission_free else FORTUNE
        return expected.citation

    def staked(self, seat: int, spot: str) -> Cents:
        """The chips on a seat's wager, as the seat placed it."""
        return self.seats[seat][spot]

    def paid_on(self, seat: int, spot: str) -> Cents | None:
        """The wager at the spot; none for the Envy Bonus, which no wager of the seat's is paid on."""
        return self.seats[seat].get(spot)

    def house_chips(self) -> TableRules:
        """The table's rules, with its chip rack and chipping procedure."""
        return self.rules

    def verify_collect_commission(self, seat: int, amount: Cents) -> Action:
        """Check the commission collected from a winning standard-game wager."""
        expected = self.require_step("collect_commission")
        self.require_argument(expected, "seat", seat, ErrorCode.OUT_OF_ORDER)
        self.require_argument(expected, "amount", amount, ErrorCode.WRONG_AMOUNT)
        return expected

    def collect_commission(self, seat: int, amount: Cents) -> Operation:
        """Collect the vigorish on a winning Pai Gow Poker wager."""
        expected = self.verify_collect_commission(seat, amount)
        self.commissions[seat] = amount
        return self.record(expected)

    def verify_find_starting_position(self, place: int) -> Action:
        """Check the starting position counted from the dice total."""
        expected = self.require_step("find_starting_position")
        self.require_argument(expected, "place", place, ErrorCode.WRONG_STARTING_POSITION)
        return expected

    def find_starting_position(self, place: int) -> Operation:
        """Count the dice total from the dealer to find where the first stack goes."""
        expected = self.verify_find_starting_position(place)
        self.starting_place = place
        return self.record(expected)

    def verify_deliver_stack(self, place: int) -> Action:
        """Check the next stack goes to the next place in delivery order."""
        expected = self.require_step("deliver_stack")
        self.require_argument(expected, "place", place, ErrorCode.WRONG_DELIVERY_ORDER)
        return expected

    def deliver_stack(self, place: int) -> Operation:
        """Deliver the next seven-card stack face down to a place."""
        expected = self.verify_deliver_stack(place)
        self.delivered.append(place)
        return self.record(expected)

    def verify_discard_stub(self) -> Action:
        """Check the stub may go to the discard rack now."""
        return self.require_step("discard_stub")

    def discard_stub(self) -> Operation:
        """Put the four leftover cards in the discard rack unexposed."""
        expected = self.verify_discard_stub()
        self.stub_discarded = True
        return self.record(expected)

    def verify_collect_empty_stacks(self) -> Action:
        """Check the empty seats' stacks may be collected now."""
        return self.require_step("collect_empty_stacks")

    def collect_empty_stacks(self) -> Operation:
        """Collect the stacks at seats without a wager, unexposed, to the discard rack."""
        expected = self.verify_collect_empty_stacks()
        self.empty_stacks_collected = True
        return self.record(expected)

    def verify_set_player_hand(self, seat: int, high: str, low: str) -> tuple[Action, SetHand]:
        """Check a player sets exactly the seven cards of the seat's stack, five high and two low."""
        expected = self.require_step("set_player_hand")
        if seat not in self.seats or seat in self.player_hands:
            message = f"Seat {seat} has no hand waiting to be set."
            raise IllegalOperation(ErrorCode.WRONG_SEAT, message, SET_PLAYER_HAND, expected)
        hand = _parse_setting(high, low, expected)
        if len(hand.high) != 5 or len(hand.low) != 2 or sorted(hand.high + hand.low) != sorted(self.stack_for(seat)):
            message = "A hand is set as five high cards and two low cards, exactly the seven dealt to the seat."
            raise IllegalOperation(ErrorCode.WRONG_CARDS, message, SET_PLAYER_HAND, expected)
        return expected, hand

    def set_player_hand(self, seat: int, high: str, low: str) -> Operation:
        """A player sets the hand face down: five cards high, two low (the player may foul)."""
        expected, hand = self.verify_set_player_hand(seat, high, low)
        self.player_hands[seat] = hand
        arguments: JsonObject = {"seat": seat, "high": format_cards(hand.high), "low": format_cards(hand.low)}
        description = f"the player at seat {seat} sets the hand"
        return self.record(Action(expected.step, Actor.PLAYER, arguments, SET_PLAYER_HAND, description))

    def verify_reveal_dealer_hand(self) -> Action:
        """Check every player has set before the dealer's cards are turned over."""
        return self.require_step("reveal_dealer_hand")

    def reveal_dealer_hand(self) -> Operation:
        """Turn over the dealer's seven cards."""
        expected = self.verify_reveal_dealer_hand()
        self.dealer_revealed = True
        return self.record(expected, {"cards": format_cards(self.stack_for(DEALER))})

    def verify_set_dealer_hand(self, low: str) -> tuple[Action, SetHand]:
        """Check the dealer's low hand is the house way's (any suits giving the same hands are accepted)."""
        expected = self.require_step("set_dealer_hand")
        dealer_cards = self.stack_for(DEALER)
        low_cards = _parse_cards_argument(low, expected)
        remaining = list(dealer_cards)
        for card in low_cards:
            if card not in remaining:
                message = f"The {spoken_cards((card,))} is not one of the dealer's cards."
                raise IllegalOperation(ErrorCode.WRONG_CARDS, message, expected.citation, expected)
            remaining.remove(card)
        hand = SetHand(tuple(remaining), low_cards)
        if len(low_cards) != 2 or not self.house_way.is_house_way(dealer_cards, hand, self.rules.wheel_rank):
            message = f"Low hand {spoken_cards(low_cards)} is not the house way: {expected.description}."
            raise IllegalOperation(ErrorCode.NOT_HOUSE_WAY, message, expected.citation, expected)
        return expected, hand

    def set_dealer_hand(self, low: str) -> Operation:
        """Set the dealer's hand by the house way: these two cards low, the other five high."""
        expected, hand = self.verify_set_dealer_hand(low)
        self.dealer_hand = hand
        arguments = {"low": format_cards(hand.low)}
        facts = {"high": format_cards(hand.high), "low": format_cards(hand.low)}
        description = self._dealer_setting_description(hand.low)
        return self.record(Action(expected.step, expected.actor, arguments, expected.citation, description), facts)

    def _dealer_setting_description(self, low: Sequence[Card]) -> str:
        """Setting the dealer's hand with this low hand, naming its cards: the step as offered and as logged."""
        return f"set the dealer's hand by the {self.house_way.title} house way: low hand {spoken_cards(low)}"

    def verify_declare_tiger_nine(self, tiger_nine: bool) -> Action:
        """Check the Tiger 9 declaration against the dealer's low hand."""
        expected = self.require_step("declare_tiger_nine")
        self.require_argument(expected, "tiger_nine", tiger_nine, ErrorCode.WRONG_TIGER_NINE, TIGER_NINE)
        return expected

    def declare_tiger_nine(self, tiger_nine: bool) -> Operation:
        """Declare whether the dealer's low hand is a Tiger 9."""
        expected = self.verify_declare_tiger_nine(tiger_nine)
        self.tiger_nine_declared = tiger_nine
        return self.record(expected)

    def verify_reveal_player_hand(self, seat: int) -> Action:
        """Check this seat's hand is the next to reveal."""
        expected = self.require_step("reveal_player_hand")
        self.require_argument(expected, "seat", seat, ErrorCode.OUT_OF_ORDER)
        return expected

    def reveal_player_hand(self, seat: int) -> Operation:
        """Turn over a player's set hand; a paying progressive hand lights the position and waits to be paid."""
        expected = self.verify_reveal_player_hand(seat)
        self.revealed_seats.append(seat)
        self._queue_progressive_win(seat)
        hand = self.player_hands[seat]
        facts: JsonObject = {
            "high": format_cards(hand.high),
            "low": format_cards(hand.low),
            "foul": is_foul(hand, self.rules.wheel_rank),
        }
        return self.record(expected, facts)

    def verify_reset_fouled_hand(self, seat: int) -> Action:
        """Check a fouled hand is being reset at a table whose house rule resets fouls."""
        expected = self.require_step("reset_fouled_hand")
        self.require_argument(expected, "seat", seat, ErrorCode.OUT_OF_ORDER)
        return expected

    def reset_fouled_hand(self, seat: int) -> Operation:
        """Reset a fouled hand by the house way before settling it (house option)."""
        expected = self.verify_reset_fouled_hand(seat)
        self.reset_seats.append(seat)
        hand = self.settling_hand(seat)
        return self.record(expected, {"high": format_cards(hand.high), "low": format_cards(hand.low)})

    def verify_clear_table(self) -> Action:
        """Check every wager is settled before the cards are cleared."""
        return self.require_step("clear_table")

    def clear_table(self) -> Operation:
        """Collect every card to the discard rack and account for all 53."""
        expected = self.verify_clear_table()
        self.table_cleared = True
        return self.record(expected, {"cards_accounted_for": len(self.deck)})

    # ----- money and views -----

    def chip_movements(self) -> dict[int, Cents]:
        """Each seat's net result so far: winnings paid less wagers, commission and progressive wagers collected."""
        net = dict.fromkeys(self.seats, 0)
        if self.progressive_intake.stage >= IntakeStage.COLLECTED:
            for wager in self.progressive_intake.wagers:
                net[wager.seat] -= wager.amount
        if self.rules.mystery is not None:
            for payout in self.mystery.payouts:
                net[payout.seat] += payout.amount
        for win in self.progressive_wins.paid:
            net[win.seat] += win.amount
        for (seat, _spot), (settlement, amount) in self.settled.items():
            net[seat] += amount if settlement is Settlement.PAY else -amount if settlement is Settlement.COLLECT else 0
        for seat, amount in self.commissions.items():
            net[seat] -= amount
        return net

    def table_inventory_change(self) -> Cents:
        """The table inventory's net change, read from the operation log: chips collected less chips paid from it."""
        change = 0
        for operation in self.operations:
            arguments = operation.action.arguments
            step = operation.action.step
            if step == "collect_wager":
                change += self.seats[json_int(arguments["seat"])][json_str(arguments["spot"])]
            elif step in ("pay_wager", "collect_commission"):
                amount = json_int(arguments["amount"])
                change += -amount if step == "pay_wager" else amount
            elif step == "drop_progressive_wagers":
                change += sum(wager.amount for wager in self.progressive_intake.wagers)
            elif step in ("pay_mystery_bonus", "pay_progressive_win") and (
                arguments["source"] == PaymentSource.TABLE_INVENTORY.value
            ):
                change -= json_int(arguments["amount"])
        return change

    def jackpot_slips(self) -> Cents:
        """Mystery Bonus and progressive awards paid by progressive jackpot slip, from outside the table inventory."""
        slip = PaymentSource.PROGRESSIVE_JACKPOT_SLIP
        payouts = self.mystery.payouts if self.rules.mystery is not None else []
        mystery = sum(payout.amount for payout in payouts if payout.source is slip)
        return mystery + sum(win.amount for win in self.progressive_wins.paid if win.source is slip)

    def table_view(self) -> PaiGowView:
        """What anyone at the table can see now: never the deck order, unrevealed cards or future dice."""
        seats: dict[str, PaiGowSeatView] = {}
        lit = self.progressive_lit_seats()
        held = self.cards_held()
        paid = {win.seat: win for win in self.progressive_wins.paid}
        collected = set(self.empty_places) if self.empty_stacks_collected else set()
        settled: dict[int, dict[str, SettledWagerView]] = {}
        for (seat, spot), (settlement, amount) in self.settled.items():
            settled.setdefault(seat, {})[spot] = {"settlement": settlement.value, "amount": amount}
        for seat in SEATS:
            wagers = self.seats.get(seat, {})
            revealed = seat in self.revealed_seats
            hand = self.player_hands.get(seat)
            shown = self.settling_hand(seat) if hand and revealed else None
            seats[str(seat)] = {
                "wagers": dict(wagers),
                "settled": settled.get(seat, {}),
                "commission": self.commissions.get(seat),
                "lammer": bool(self.lammers and seat in self.lammers),
                "stack": seat in self.delivered and seat not in collected,
                "hand_set": hand is not None,
                "high": format_cards(shown.high) if shown else None,
                "low": format_cards(shown.low) if shown else None,
                "reset": seat in self.reset_seats,
                "progressive_lit": seat in lit,
                "progressive_paid": _paid_view(paid[seat]) if seat in paid else None,
                "cards_held": seat in held,
            }
        dealer: PaiGowDealerView = {
            "stack": DEALER in self.delivered,
            "cards": format_cards(self.stack_for(DEALER)) if self.dealer_revealed else None,
            "high": format_cards(self.dealer_hand.high) if self.dealer_hand else None,
            "low": format_cards(self.dealer_hand.low) if self.dealer_hand else None,
            "tiger_nine": self.tiger_nine_declared,
        }
        return {
            "game": self.rules.game_name,
            "seats": seats,
            "dealer": dealer,
            "no_more_bets": self.no_more_bets,
            "late_wager": self.late_wager_view(),
            "cash": self.table_cash_view(),
            "dice": list(self.dice.values) if self.dice and self.dice_visible else None,
            "dice_announced": self.dice_announced,
            "shaker_seat": self.shaker_seat,
            "starting_place": self.starting_place,
            "delivered": list(self.delivered),
            "stub_discarded": self.stub_discarded,
            "progressive": self.progressive_view(),
            "cards_held": held,
            "finished": self.finished,
        }

    def progressive_lit_seats(self) -> list[int]:
        """Positions whose progressive light is on for a hand waiting to be paid, in seat order."""
        return sorted({win.seat for win in self.progressive_wins.pending})

    def progressive_view(self) -> PaiGowProgressiveView | None:
        """The progressive displays: the Mystery Bonus meter and the jackpot meter, with their lit positions.

        Only what the displays show: never the mystery hit value; a waiting progressive win shows only as its
        position's light, because naming the hand and its payout is the dealer's part.
        """
        if not self.rules.progressive_wager_offered:
            return None
        jackpot: JackpotDisplayView | None = None
        if self.progressive_meter is not None:
            jackpot = {**self.progressive_meter.public_view(), "lit_seats": self.progressive_lit_seats()}
        return {
            "mystery_bonus_offered": self.rules.mystery is not None,
            "meter": self.mystery.public_view() if self.rules.mystery is not None else None,
            "jackpot": jackpot,
            **self.progressive_intake.view(),
        }


def _paid_view(win: ProgressiveWin) -> PaidWinView:
    """A paid progressive win as the table shows it: the hand, the amount and how it was paid."""
    return {"hand": win.hand, "amount": win.amount, "source": win.source.value}


def _place_name(place: int) -> str:
    """A place as the dealer says it."""
    return "the dealer" if place == DEALER else f"seat {place}"


_SPOT_NAMES = {
    "pai-gow": "Pai Gow Poker wager",
    "tiger-9": "Tiger 9 wager",
    "fortune": "Fortune Bonus wager",
    "progressive": "Progressive Payout wager",
    "sum": "Sum wager",
    "beat-it": "Beat It wager",
    "envy": "Envy Bonus",
    **{spot: f"Match wager on {spot[-1]}" for spot in MATCH_SPOTS},
}


def spot_name(spot: object) -> str:
    """A betting area as the layout names it."""
    return _SPOT_NAMES.get(str(spot), str(spot))


def _parse_cards_argument(text: str, expected: Action) -> tuple[Card, ...]:
    """Cards given as a step argument; a malformed value is an IllegalOperation."""
    try:
        return parse_cards(text)
    except (ValueError, TypeError) as error:
        raise IllegalOperation(ErrorCode.MALFORMED_CARDS, str(error), expected.citation, expected) from None


def _parse_setting(high: str, low: str, expected: Action) -> SetHand:
    """A hand setting given as two card strings."""
    return SetHand(_parse_cards_argument(high, expected), _parse_cards_argument(low, expected))
