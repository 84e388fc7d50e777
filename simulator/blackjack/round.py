"""A round of Down Under Blackjack whose trainee part is the Match the Dealer progressive (§685b.1).

Steps, in order: "No more bets" (§685b.1(f)); the progressive intake from :mod:`simulator.core.progressive`
(lock out, collect, count the chips in front of the table inventory container, drop); the system adds
this round's contributions to the meter (§685b.1(j)); the burn card (§685a.7(c)); the deal of §685a.7(e),
card by card from the dealer's far left; then, before any further card (§685b.1(g)), the Match the Dealer
settlement: losing wagers first, seat by seat, then each win through the §685b.1(h) steps of
:class:`~simulator.core.progressive.ProgressiveWinMixin`. Then the blackjack hand: by default the engine completes it
(the Down Under rules after §685a.7(e)(4) were not found); at a table whose trainee deals the whole round, the
trainee deals it step by step (:mod:`simulator.blackjack.hand`). The floorperson completes the jackpot paperwork
for each player whose cards had to stay on the table, and the dealer picks up the cards.

Seats are numbered 1 to 6 from the dealer's left: seat 1 is first base, the dealer's far left, and is
dealt first. Every seat plays a Down Under Blackjack wager; a Match the Dealer wager is the table's one
amount, $1 or $5 (see :mod:`simulator.blackjack.match_the_dealer`).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from decimal import Decimal
from typing import NotRequired, TypedDict

from simulator.blackjack.arithmetic import BlackjackPays, BlackjackStyle, blackjack_total, dealer_draws, hand_result
from simulator.blackjack.hand import (
    HAND_STEPS,
    PLAYER_HAND_STEPS,
    BlackjackHandMixin,
    HandResultView,
    SignalView,
    SplitHandView,
    hand_position,
)
from simulator.blackjack.match_the_dealer import (
    AWARD_ROUNDING_RULE,
    COMBINATION_RULES,
    LOSING_RULE,
    METER_RULE,
    ONE_AMOUNT_PER_TABLE_RULE,
    SECONDARY_READING_RULES,
    STAKE_RULE,
    WAGER_RULE,
    MatchCombination,
    MatchMeter,
    MatchSettlement,
    match_paytable,
    settle_match_wager,
)
from simulator.blackjack.table import (
    AUTOMATED_HAND,
    BLACKJACK_PAYS,
    PICK_UP_CARDS,
    SETTLEMENT_ORDER,
    DownUnderTable,
    SeatWagers,
    TraineeDeals,
)
from simulator.core.cards import Card, format_cards, parse_cards, shoe, shuffled, spoken_cards
from simulator.core.citations import Citation
from simulator.core.clauses import cite
from simulator.core.json_values import JsonObject, JsonValue, json_int, json_object, json_str, json_strings
from simulator.core.meter_device import MATCH_METER
from simulator.core.money import Cents, format_cents
from simulator.core.procedure import Action, Actor, ErrorCode, Operation, Round
from simulator.core.progressive import (
    PROGRESSIVE_INTAKE_STEPS,
    PROGRESSIVE_WIN_STEPS,
    ContainerIntakeView,
    IntakeStage,
    JackpotMeterView,
    LockedOutWagerPhaseMixin,
    ProgressiveWager,
    ProgressiveWin,
    ProgressiveWinMixin,
    ProgressiveWins,
    intake_with_wager_phase,
)
from simulator.core.table_cash import TableCashView
from simulator.core.wager_phase import (
    WAGER_PHASE_PLAYER_STEPS,
    WAGER_PHASE_STEPS,
    LateWagerView,
    WagerPhase,
)

SEATS = (1, 2, 3, 4, 5, 6)
DEALER_BOX = "dealer"
MATCH_WAGER_NAME = "Match the Dealer Progressive"
STAND_TOTAL = 17
"""The automated hand's players draw below this total (see AUTOMATED_HAND)."""
SYSTEM_STEPS = (
    frozenset({"add_match_contributions", "complete_blackjack_hand"}) | WAGER_PHASE_PLAYER_STEPS | PLAYER_HAND_STEPS
)
"""What the engine performs by default: the system's steps, the automated hand, the players' wagers and signals."""

NO_MORE_BETS = cite("§685b.1(f)")
BASE_WAGER = cite("§685a.6(d)")
BURN_CARD = cite("§685a.7(c)")
DEALING = cite("§685a.7(e)")
HOLE_CARD = cite("§685a.7(e)(4)")
LOSING_WAGER = cite("§685b.1(g)(1)")


def check_wagers(table: DownUnderTable, seats: Mapping[int, SeatWagers]) -> None:
    """Raise ValueError when a seat or its wagers break the table's rules (§685a.6(d), §685b.1(e))."""
    for seat, wagers in seats.items():
        if seat not in SEATS:
            raise ValueError(f"There is no seat {seat}: seats are numbered 1 to 6 from the dealer's left.")
        if wagers.blackjack <= 0 or not table.blackjack_pays.odds.pays_whole_cents(wagers.blackjack):
            raise ValueError(
                f"Seat {seat}: the Down Under Blackjack wager must be a positive number of cents that a blackjack, "
                f"paid {table.blackjack_pays}, pays in whole cents ({BASE_WAGER}; {BLACKJACK_PAYS})."
            )
        if wagers.match_the_dealer not in (0, table.match_wager):
            raise ValueError(
                f"Seat {seat}: the Match the Dealer wager is exactly {format_cents(table.match_wager)} at this table "
                f"({WAGER_RULE}; {ONE_AMOUNT_PER_TABLE_RULE})."
            )


def stacked_shoe(decks: int, top: Sequence[Card], rng: random.Random) -> list[Card]:
    """A shuffled shoe whose burn card comes from the shuffle and whose next cards are exactly ``top``.

    Raise ValueError when ``top`` holds a card more often than the shoe does.

    >>> from simulator.core.cards import parse_cards
    >>> cards = stacked_shoe(6, parse_cards("AsAsAs"), random.Random(1))
    >>> [str(card) for card in cards[1:4]], len(cards)
    (['As', 'As', 'As'], 312)
    """
    rest = Counter(shoe(decks))
    rest.subtract(top)
    too_many = sorted(str(card) for card, count in rest.items() if count < 0)
    if too_many:
        raise ValueError(
            f"A {decks}-deck shoe holds {decks} of each card: the stack has too many {', '.join(too_many)}."
        )
    others = shuffled(list(rest.elements()), rng)
    return [*others[:1], *top, *others[1:]]


def blackjack_result(
    player: Sequence[Card], dealer: Sequence[Card], wager: Cents, pays: BlackjackPays
) -> tuple[str, Cents]:
    """The automated result of a base wager and the player's net win in cents (negative when it loses)."""
    result, net = hand_result(player, dealer, wager, pays)
    return result.value, net


class MatchWagerView(TypedDict):
    """The Match the Dealer wager's state ("none", "in play", "lost" or "paid") and a paid win's hand and payment."""

    status: str
    combination: NotRequired[str]
    amount: NotRequired[Cents]
    source: NotRequired[str]


class BlackjackResultView(TypedDict):
    """How the Down Under Blackjack wager settled: the result and the net amount."""

    result: str
    net: Cents


class DownUnderSeatView(TypedDict):
    """A position as the table shows it: both wagers, the face-up cards, the light, the signal and the results.

    ``split`` is the second hand of a split pair; ``blackjack_wager`` counts a double.
    """

    blackjack_wager: Cents
    match_wager: Cents
    cards: str
    total: int | None
    match: MatchWagerView
    lit: bool
    cards_held: bool
    result: BlackjackResultView | HandResultView | None
    signal: SignalView | None
    doubled: bool
    split: SplitHandView | None


class DownUnderDealerView(TypedDict):
    """The dealer's cards as the table shows them: the upcard, then the whole hand once the hole card is turned.

    ``draws``: the dealer's next step is a card, by the drawing rule (:meth:`BlackjackHandMixin.dealer_draws_next`);
    ``stands``: the hand is exposed and the drawing rule stands on it.
    """

    cards: str
    hole_card_down: bool
    total: int | None
    draws: bool
    stands: bool


class MatchMeterView(JackpotMeterView):
    """The Match the Dealer meter's display: the table's wager amount and the meter."""

    wager: Cents


class DownUnderProgressiveView(ContainerIntakeView):
    """The Match the Dealer display: the meter, the lit positions and the intake."""

    match_the_dealer_offered: bool
    meter: MatchMeterView
    lit_seats: list[int]


class DownUnderView(TypedDict):
    """What anyone at the Down Under Blackjack table can see: :meth:`DownUnderRound.table_view`."""

    game: str
    section: str
    seats: dict[str, DownUnderSeatView | None]
    dealer: DownUnderDealerView
    burned: bool
    no_more_bets: bool
    late_wager: LateWagerView | None
    cash: TableCashView
    progressive: DownUnderProgressiveView
    cards_held: list[int]
    cards_picked_up: bool
    finished: bool


class DownUnderRound(LockedOutWagerPhaseMixin, ProgressiveWinMixin, BlackjackHandMixin, Round):
    """One round of Down Under Blackjack with Match the Dealer, dealt step by step."""

    def __init__(
        self,
        table: DownUnderTable,
        seats: Mapping[int, SeatWagers],
        seed_value: int,
        *,
        meter: MatchMeter | None = None,
        shoe_top: Sequence[Card] = (),
        automations: frozenset[str] = SYSTEM_STEPS,
        wager_phase: WagerPhase | None = None,
        styles: Mapping[int, BlackjackStyle] | None = None,
    ) -> None:
        """Take the wagers and the meter, shuffle the shoe (its top stacked if given); raise ValueError on bad input.

        ``wager_phase`` is what the players do around "No more bets" (nothing when not given); ``styles`` how the
        seats' players play the hand the trainee deals (a basic strategy where not given).
        """
        super().__init__(automations)
        check_wagers(table, seats)
        if not seats:
            raise ValueError("A round needs at least one seat with a Down Under Blackjack wager.")
        self.table = table
        self.seats = {seat: seats[seat] for seat in sorted(seats)}
        self.seed_value = seed_value
        self.starting_meter = meter or MatchMeter.seeded(table.match_wager, table.secondary_reading)
        if (self.starting_meter.wager, self.starting_meter.reading) != (table.match_wager, table.secondary_reading):
            raise ValueError("The meter belongs to another wager amount or reading than this table's.")
        self.meter = self.starting_meter
        self.shoe_top = tuple(shoe_top)
        self.shoe = stacked_shoe(table.decks, self.shoe_top, random.Random(seed_value))
        self.drawn = 0
        self.paytable = match_paytable(table.decks, table.paytable)
        match_wagers = tuple(
            ProgressiveWager(seat, MATCH_WAGER_NAME, wagers.match_the_dealer)
            for seat, wagers in self.seats.items()
            if wagers.match_the_dealer
        )
        self.wager_phase = wager_phase or WagerPhase()
        self.progressive_intake = intake_with_wager_phase(match_wagers, self.wager_phase, cited_as_seed=True)
        self.progressive_wins = ProgressiveWins(cited_as_seed=True)
        self.contributions_added = False
        self.burned: Card | None = None
        self.hands: dict[int, list[Card]] = {seat: [] for seat in self.seats}
        self.dealer_cards: list[Card] = []
        self.match_settlements: dict[int, MatchSettlement] = {}
        self.match_priced_from: dict[int, MatchMeter] = {}
        self.losing_seats_settled: list[int] = []
        self.blackjack_results: dict[int, tuple[str, Cents]] = {}
        self.cards_picked_up = False
        self.paid_from_inventory: Cents = 0
        self.jackpot_slips: Cents = 0
        self.start_hand(styles or {})

    # ----- what the table holds -----

    @property
    def upcard(self) -> Card | None:
        """The dealer's upcard, once dealt."""
        return self.dealer_cards[0] if self.dealer_cards else None

    def deal_order(self) -> list[str]:
        """Who receives each of the first cards: boxes with a wager from seat 1, the dealer, again, the dealer."""
        boxes = [f"seat {seat}" for seat in self.seats]
        return [*boxes, DEALER_BOX, *boxes, DEALER_BOX]

    def losing_seats(self) -> list[int]:
        """Seats whose Match the Dealer wager lost, in seat order."""
        return [seat for seat, settlement in self.match_settlements.items() if not settlement.wins]

    @property
    def table_inventory_change(self) -> Cents:
        """The table inventory's change this round: dropped wagers in, payouts and the base wagers' net out."""
        intake = self.progressive_intake
        dropped = sum(wager.amount for wager in intake.wagers) if intake.stage is IntakeStage.DROPPED else 0
        automated = sum(net for _, net in self.blackjack_results.values())
        return dropped - self.paid_from_inventory - automated - self.hand_net

    def cards_accounted_for(self) -> Counter[Card]:
        """Every card of the shoe: burned, on the table and still in the shoe."""
        counted = Counter(self.shoe[self.drawn :])
        counted.update([self.burned] if self.burned else [])
        counted.update(self.dealer_cards)
        for hand in [*self.hands.values(), *self.split_hands.values()]:
            counted.update(hand)
        return counted

    @property
    def hole_card_exposed(self) -> bool:
        """Whether the dealer's hole card is face up: turned by the trainee or by the automated hand."""
        return self.hole_card_turned or bool(self.blackjack_results)

    # ----- what the table shows -----

    def table_view(self) -> DownUnderView:
        """What anyone at the table can see now: face-up cards, the upcard, wagers, the meter display and lights.

        Never the shoe, the burn card, the hole card before the dealer turns it, the meter's reserve or the seed. A
        waiting Match the Dealer win shows only as its position's light: naming the combination and the payout is
        the dealer's part.
        """
        seats: dict[str, DownUnderSeatView | None] = {
            str(seat): self._seat_view(seat) if seat in self.seats else None for seat in SEATS
        }
        hole_card_turned = self.hole_card_exposed
        shown = self.dealer_cards if hole_card_turned else self.dealer_cards[:1]
        return {
            "game": "Down Under Blackjack",
            "section": "§685b.1",
            "seats": seats,
            "dealer": {
                "cards": format_cards(shown),
                "hole_card_down": len(self.dealer_cards) == 2 and not hole_card_turned,
                "total": blackjack_total(self.dealer_cards) if hole_card_turned else None,
                "draws": self.dealer_draws_next(),
                "stands": hole_card_turned and not dealer_draws(self.dealer_cards, self.table.dealer_drawing),
            },
            "burned": self.burned is not None,
            "no_more_bets": self.no_more_bets,
            "late_wager": self.late_wager_view(),
            "cash": self.table_cash_view(),
            "progressive": {
                "match_the_dealer_offered": True,
                "meter": {"wager": self.meter.wager, **self.meter.meter.public_view()},
                "lit_seats": sorted({win.seat for win in self.progressive_wins.pending}),
                **self.progressive_intake.view(),
            },
            "cards_held": self.cards_held(),
            "cards_picked_up": self.cards_picked_up,
            "finished": self.finished,
        }

    def _seat_view(self, seat: int) -> DownUnderSeatView:
        """One position as the table shows it: wagers, face-up cards, the Match the Dealer wager's state and result."""
        wagers = self.seats[seat]
        paid = {win.seat: win for win in self.progressive_wins.paid}
        match: MatchWagerView = {"status": "in play" if wagers.match_the_dealer else "none"}
        if seat in self.losing_seats_settled:
            match = {"status": "lost"}
        elif seat in paid:
            win = paid[seat]
            match = {"status": "paid", "combination": win.hand, "amount": win.amount, "source": win.source.value}
        automated = self.blackjack_results.get(seat)
        position = hand_position(seat)
        result: BlackjackResultView | HandResultView | None = self.hand_result_view(position)
        if automated is not None:
            result = {"result": automated[0], "net": automated[1]}
        return {
            "blackjack_wager": self.hand_wager(position),
            "match_wager": wagers.match_the_dealer,
            "cards": format_cards(self.hands[seat]),
            "total": blackjack_total(self.hands[seat]) if self.hands[seat] else None,
            "match": match,
            "lit": any(win.seat == seat for win in self.progressive_wins.pending),
            "cards_held": seat in self.cards_held(),
            "result": result,
            "signal": self.signal_view(position),
            "doubled": position in self.doubled,
            "split": self.split_hand_view(seat),
        }

    # ----- the correct next step -----

    def step_names(self) -> frozenset[str]:
        """Every step of a Down Under Blackjack round with Match the Dealer."""
        own = {
            "announce_no_more_bets",
            "add_match_contributions",
            "burn_card",
            "deal_card",
            "settle_losing_match_wager",
            "complete_blackjack_hand",
            "pick_up_cards",
        }
        return frozenset(own) | PROGRESSIVE_INTAKE_STEPS | PROGRESSIVE_WIN_STEPS | WAGER_PHASE_STEPS | HAND_STEPS

    def offered_steps(self) -> frozenset[str]:
        """The hand's steps where the trainee deals the whole round; the automated hand where not."""
        if self.table.trainee_deals is TraineeDeals.WHOLE_ROUND:
            return self.step_names() - {"complete_blackjack_hand"}
        return self.step_names() - HAND_STEPS

    def closing_citation(self) -> Citation:
        """The rule cited for a step tried after the round is over."""
        return PICK_UP_CARDS

    def house_chips(self) -> DownUnderTable:
        """The table's rules, with its chip rack and chipping procedure."""
        return self.table

    def wager_citation(self, spot: str) -> Citation:
        """The Match the Dealer wager follows the lock-out (§685b.1(d)(2)); the blackjack wager the announcement (f)."""
        return self.intake_wager_citation(spot, spot == "match_the_dealer")

    def wager_label(self, spot: str) -> str:
        """The betting area as the layout names it."""
        return MATCH_WAGER_NAME if spot == "match_the_dealer" else "Down Under Blackjack wager"

    def next_action(self) -> Action | None:
        """The correct next step, or None once the cards are picked up."""
        action = self.next_wager_phase_action()
        if action is not None:
            return action
        if not self.no_more_bets:
            return Action("announce_no_more_bets", Actor.DEALER, {}, NO_MORE_BETS, 'announce "No more bets"')
        action = self.next_progressive_intake_action() or self._contribution_action() or self._dealing_action()
        if action is not None:
            return action
        action = self._losing_wager_action() or self.next_progressive_win_action()
        if action is not None:
            return action
        if self.table.trainee_deals is TraineeDeals.WHOLE_ROUND:
            action = self.next_hand_action()
            if action is not None:
                return action
        elif not self.blackjack_results:
            description = "the engine completes the blackjack hand and settles the Down Under Blackjack wagers"
            return Action("complete_blackjack_hand", Actor.SYSTEM, {}, AUTOMATED_HAND, description)
        action = self.next_jackpot_paperwork_action()
        if action is not None:
            return action
        if not self.cards_picked_up:
            return Action("pick_up_cards", Actor.DEALER, {}, PICK_UP_CARDS, "pick up the cards into the discard rack")
        return self.next_colour_up_action()

    def _contribution_action(self) -> Action | None:
        """The system's meter contributions, once the wagers are dropped."""
        count = len(self.progressive_intake.wagers)
        if self.contributions_added or not count:
            return None
        wagers = "the wager" if count == 1 else f"each of the {count} wagers"
        description = (
            f"the progressive system adds 15% of {wagers} to the meter and 6% to the reserve "
            f"({SECONDARY_READING_RULES[self.table.secondary_reading]})"
        )
        return Action("add_match_contributions", Actor.SYSTEM, {}, METER_RULE, description)

    def _dealing_action(self) -> Action | None:
        """The burn card, then the next card of the §685a.7(e) order."""
        if self.burned is None:
            return Action("burn_card", Actor.DEALER, {}, BURN_CARD, "burn the first card into the discard rack")
        if len(self.dealer_cards) >= 2:
            return None
        dealt = sum(len(hand) for hand in self.hands.values()) + len(self.dealer_cards)
        position = self.deal_order()[dealt]
        if position != DEALER_BOX:
            description = f"deal a card face up to {position}"
            return Action("deal_card", Actor.DEALER, {"position": position}, DEALING, description)
        if not self.dealer_cards:
            return Action(
                "deal_card", Actor.DEALER, {"position": DEALER_BOX}, DEALING, "deal the dealer's upcard face up"
            )
        return Action(
            "deal_card", Actor.DEALER, {"position": DEALER_BOX}, HOLE_CARD, "deal the dealer's hole card face down"
        )

    def _losing_wager_action(self) -> Action | None:
        """The next losing Match the Dealer wager to settle, seat by seat."""
        waiting = [seat for seat in self.losing_seats() if seat not in self.losing_seats_settled]
        if not waiting:
            return None
        seat = waiting[0]
        description = (
            f"seat {seat} has no card matching the upcard, the {spoken_cards(self.dealer_cards[:1])}: its Match the "
            "Dealer wager loses (its chips are already in the table inventory container)"
        )
        return Action("settle_losing_match_wager", Actor.DEALER, {"seat": seat}, LOSING_RULE, description)

    # ----- the steps -----

    def verify_add_match_contributions(self) -> Action:
        """Raise unless the meter contributions are the next step."""
        return self.require_step("add_match_contributions")

    def add_match_contributions(self) -> Operation:
        """Add 15% of each wager to the meter and 6% to the reserve."""
        action = self.verify_add_match_contributions()
        before = self.meter
        self.meter = self._shift_match_meter(before, before.add_wagers(len(self.progressive_intake.wagers)))
        self.contributions_added = True
        return self.record(action, {"meter": str(self.meter.amount)})

    def verify_burn_card(self) -> Action:
        """Raise unless burning the first card is the next step."""
        return self.require_step("burn_card")

    def burn_card(self) -> Operation:
        """Burn the first card of the shoe, unexposed."""
        action = self.verify_burn_card()
        self.burned = self._draw()
        return self.record(action)

    def verify_deal_card(self, position: str) -> Action:
        """Raise unless dealing a card to ``position`` ("seat N" or "dealer") is the next step."""
        expected = self.require_step("deal_card")
        self.require_argument(expected, "position", position, ErrorCode.WRONG_POSITION)
        return expected

    def deal_card(self, position: str) -> Operation:
        """Deal the next card; after the hole card, judge every Match the Dealer wager against the upcard."""
        action = self.verify_deal_card(position)
        card = self._draw()
        if position == DEALER_BOX:
            self.dealer_cards.append(card)
        else:
            self.card_dealt_to_hand(position, card)
        hole_card = position == DEALER_BOX and len(self.dealer_cards) == 2
        if hole_card:
            self._judge_match_wagers()
        return self.record(action, {} if hole_card else {"card": str(card)})

    def order_citation(self, expected: Action, step: str) -> Citation:
        """A winner's step tried while a losing wager waits breaks the house's losers-first order, not §685b.1(g)(1)."""
        if expected.step == "settle_losing_match_wager" and step in PROGRESSIVE_WIN_STEPS:
            return SETTLEMENT_ORDER
        return expected.citation

    def winning_hand_citation(self, expected: Action) -> Citation:
        """The §685b.1(a) paragraph of the combination the expected win is for."""
        return COMBINATION_RULES[MatchCombination(json_str(expected.arguments["hand"]))]

    def verify_settle_losing_match_wager(self, seat: int) -> Action:
        """Raise unless settling ``seat``'s losing Match the Dealer wager is the next step."""
        expected = self.require_step("settle_losing_match_wager")
        citation = SETTLEMENT_ORDER if seat in self.losing_seats() else None
        self.require_argument(expected, "seat", seat, ErrorCode.WRONG_SEAT, citation)
        return expected

    def settle_losing_match_wager(self, seat: int) -> Operation:
        """Settle a Match the Dealer wager without a matching card as lost."""
        action = self.verify_settle_losing_match_wager(seat)
        self.losing_seats_settled.append(seat)
        return self.record(action)

    def progressive_win_paid(self, win: ProgressiveWin) -> None:
        """Take a meter award off the meter and book the payment against its source."""
        settlement = self.match_settlements[win.seat]
        self.meter = self._shift_match_meter(self.match_priced_from[win.seat], settlement.meter)
        if settlement.from_meter:
            self.jackpot_slips += win.amount
        else:
            self.paid_from_inventory += win.amount

    def _shift_match_meter(self, before: MatchMeter, after: MatchMeter) -> MatchMeter:
        """Move the table's shared meter by what this step moved the round's copy; the meter as it now stands."""
        contributed = max(Decimal(0), after.amount - before.amount)
        return MatchMeter.from_json(self.shift_meter(MATCH_METER, before.to_json(), after.to_json(), contributed))

    def verify_complete_blackjack_hand(self) -> Action:
        """Raise unless completing the blackjack hand is the next step."""
        return self.require_step("complete_blackjack_hand")

    def complete_blackjack_hand(self) -> Operation:
        """Draw for each player and the dealer and settle the Down Under Blackjack wagers."""
        action = self.verify_complete_blackjack_hand()
        for hand in self.hands.values():
            while blackjack_total(hand) < STAND_TOTAL:
                hand.append(self._draw())
        if not all(blackjack_total(hand) > 21 for hand in self.hands.values()):
            while dealer_draws(self.dealer_cards, self.table.dealer_drawing):
                self.dealer_cards.append(self._draw())
        results: list[JsonValue] = []
        for seat, hand in self.hands.items():
            result, net = blackjack_result(
                hand, self.dealer_cards, self.seats[seat].blackjack, self.table.blackjack_pays
            )
            self.blackjack_results[seat] = (result, net)
            results.append({"seat": seat, "cards": format_cards(hand), "result": result, "net": net})
        dealer: JsonObject = {"cards": format_cards(self.dealer_cards), "total": blackjack_total(self.dealer_cards)}
        return self.record(action, {"dealer": dealer, "results": results})

    def verify_pick_up_cards(self) -> Action:
        """Raise unless picking up the cards is next; cards held for paperwork may not be picked up."""
        return self.require_step("pick_up_cards")

    def pick_up_cards(self) -> Operation:
        """Pick up every card into the discard rack; the round is over."""
        action = self.verify_pick_up_cards()
        self.cards_picked_up = True
        return self.record(action, {"table_inventory_change": self.table_inventory_change})

    # ----- helpers -----

    def _draw(self) -> Card:
        """Take the next card out of the shoe."""
        card = self.shoe[self.drawn]
        self.drawn += 1
        return card

    def _judge_match_wagers(self) -> None:
        """Settle every Match the Dealer wager against the upcard and queue the wins in seat order."""
        upcard = self.dealer_cards[0]
        meter = self.meter
        for seat, wagers in self.seats.items():
            if not wagers.match_the_dealer:
                continue
            settlement = settle_match_wager(self.hands[seat], upcard, self.paytable, meter, self.table.award_rounding)
            self.match_settlements[seat] = settlement
            self.match_priced_from[seat] = meter
            if settlement.combination is not None:
                meter = settlement.meter
                win = ProgressiveWin(seat, settlement.combination.value, settlement.amount, settlement.from_meter)
                self.progressive_wins.pending.append(win)

    # ----- saving and replaying -----

    def carried_meters(self) -> dict[str, JsonValue]:
        """The Match the Dealer meter the table carries to its next round."""
        return {MATCH_METER: self.meter.to_json()}

    def setup_json(self) -> dict[str, JsonValue]:
        """Everything needed to deal this round again: rules, seats, seed, starting meter, stacked shoe, automations."""
        return {
            "rules": self.table.to_json(),
            "seats": {
                str(seat): {"blackjack": wagers.blackjack, "match_the_dealer": wagers.match_the_dealer}
                for seat, wagers in self.seats.items()
            },
            "seed": self.seed_value,
            "meter": self.starting_meter.to_json(),
            "shoe_top": format_cards(self.shoe_top),
            "automations": [*sorted(self.automations)],
            "wager_phase": self.wager_phase.to_json(),
            "styles": {str(seat): style.name for seat, style in self.styles.items()},
        }

    @classmethod
    def from_setup_json(cls, data: Mapping[str, JsonValue]) -> DownUnderRound:
        """A fresh round from :meth:`setup_json`, before any step; a setup saved before the styles plays basic."""
        saved_styles = json_object(data.get("styles", {}))
        return cls(
            DownUnderTable.from_json(json_object(data["rules"])),
            {
                int(seat): SeatWagers.from_json(json_object(wagers))
                for seat, wagers in json_object(data["seats"]).items()
            },
            json_int(data["seed"]),
            meter=MatchMeter.from_json(json_object(data["meter"])),
            shoe_top=parse_cards(json_str(data["shoe_top"])),
            automations=frozenset(json_strings(data["automations"])),
            wager_phase=WagerPhase.from_json(data.get("wager_phase")),
            styles={int(seat): BlackjackStyle[json_str(name)] for seat, name in saved_styles.items()},
        )

    def state_json(self) -> dict[str, JsonValue]:
        """Everything the round holds, for comparing a replay with the live round (includes hidden cards)."""
        return {
            "drawn": self.drawn,
            "hands": {str(seat): format_cards(hand) for seat, hand in self.hands.items()},
            "dealer": format_cards(self.dealer_cards),
            "meter": self.meter.to_json(),
            "matches": {str(seat): str(settlement.combination) for seat, settlement in self.match_settlements.items()},
            "paid": [[win.seat, win.amount, win.source.value] for win in self.progressive_wins.paid],
            "results": {str(seat): list(result) for seat, result in self.blackjack_results.items()},
            "table_inventory_change": self.table_inventory_change,
            "jackpot_slips": self.jackpot_slips,
            "operations": [operation.to_json() for operation in self.operations],
            **self.hand_state_json(),
        }


def suited_match_top(
    seats: Sequence[int], winner: int, decks: int, rng: random.Random, upcard: Card | None = None
) -> tuple[Card, ...]:
    """The cards after the burn card for a round in which ``winner`` holds two suited matches of the upcard.

    The upcard is ``upcard`` or drawn at random (the ace of spades makes it the 100% award, any other card the 10%);
    every other card comes from the rest of the shoe without another copy of the upcard. For demonstrations,
    scenarios and tests.

    >>> top = suited_match_top([1, 3], 3, 6, random.Random(5))
    >>> top[1] == top[2] == top[4], len(top)
    (True, 5)
    """
    upcard = upcard or rng.choice(shoe(1))
    others = [card for card in shuffled(shoe(decks), rng) if card != upcard]
    order = sorted(seats)
    first = [upcard if seat == winner else others.pop() for seat in order]
    second = [upcard if seat == winner else others.pop() for seat in order]
    return (*first, upcard, *second)


DEALT_CARDS = 2
"""The cards each place is dealt before the players' decisions: two for each seat, the upcard and hole card."""


def rigged_top(
    seats: Sequence[int], rigged: Mapping[int, Sequence[Card]], decks: int, rng: random.Random
) -> tuple[Card, ...]:
    """The cards after the burn card dealing each rigged place (0 is the dealer) its two cards in the §685a.7(e) order.

    Every other place's cards come from the rest of the shoe. For scenarios and tests.

    >>> top = rigged_top([2, 5], {0: parse_cards("As 6c"), 5: parse_cards("8s 8d")}, 6, random.Random(1))
    >>> [str(card) for card in top[1:3] + top[4:6]], len(top)
    (['8s', 'As', '8d', '6c'], 6)
    """
    rest = Counter(shoe(decks))
    rest.subtract(card for cards in rigged.values() for card in cards)
    others = shuffled(list(rest.elements()), rng)
    order = [*sorted(seats), 0]
    return tuple(
        rigged[place][index] if place in rigged else others.pop() for index in range(DEALT_CARDS) for place in order
    )


DEMO_SEATS = {
    1: SeatWagers(2500, 500),
    2: SeatWagers(1000, 500),
    4: SeatWagers(5000),
    5: SeatWagers(2500, 500),
}
DEMO_FORCED_HIT = parse_cards("Kd As Qh Ah As 4c As 8s 9c 7d")
"""Deal order seat 1, 2, 4, 5, upcard, again, hole card: seat 2 holds two aces of spades against the A♠ upcard."""


def demo_down_under(seed: int, forced_hit: bool) -> list[str]:
    """A narrated, fully automated round on a 6-deck, Paytable 1, $5 table; ``forced_hit`` stacks the A♠ progressive."""
    table = DownUnderTable(decks=6, paytable=1, match_wager=500)
    round_ = DownUnderRound(table, DEMO_SEATS, seed, shoe_top=DEMO_FORCED_HIT if forced_hit else ())
    readings = (
        SECONDARY_READING_RULES[table.secondary_reading],
        ONE_AMOUNT_PER_TABLE_RULE,
        STAKE_RULE,
        AWARD_ROUNDING_RULE,
        SETTLEMENT_ORDER,
    )
    lines = [
        f"Down Under Blackjack with Match the Dealer: {table.decks} decks, Paytable {table.paytable}, "
        f"{format_cents(table.match_wager)} wager, meter {format_cents(round_.meter.amount)}.",
        *(f"Reading: {rule} {rule.text}" for rule in readings),
    ]
    for operation in round_.play_out():
        lines.append(operation.narration())
        lines.extend(
            f"    {name.replace('_', ' ')}: {_fact_text(value, name)}" for name, value in operation.facts.items()
        )
    lines.append(
        f"Meter {format_cents(round_.meter.amount)}, reserve {format_cents(round_.meter.reserve)}; "
        f"table inventory {format_cents(round_.table_inventory_change)}; "
        f"jackpot slips {format_cents(round_.jackpot_slips)}."
    )
    return lines


def _fact_text(value: JsonValue, name: str = "") -> str:
    """A logged fact as the demo reads it: amounts in dollars, lists and records spelled out."""
    if isinstance(value, list):
        return "; ".join(_fact_text(item) for item in value) or "none"
    if isinstance(value, dict):
        return ", ".join(f"{key} {_fact_text(item, key)}" for key, item in value.items())
    if name in MONEY_FACTS and not isinstance(value, bool) and isinstance(value, int | str):
        return format_cents(Decimal(value))
    return str(value)


MONEY_FACTS = frozenset({"amount", "meter", "table_inventory_change"})
"""Facts that hold an amount in cents."""
