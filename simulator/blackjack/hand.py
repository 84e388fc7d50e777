"""The Down Under Blackjack hand dealt by the trainee, after the Match the Dealer settlement.

Each hand in seat order from seat 1 (the dealer's far left): its player signals a decision (a simulated player, in
its style), the dealer confirms an unclear or questionable signal aloud, then deals the hit or the double's card,
or splits the pair; a bust is collected at once. When every hand is complete the dealer turns the hole card, draws
by the table's drawing rule and settles the remaining hands from the dealer's right. The regulation text we have
stops at §685a.7(e)(4): everything after the deal is a house procedure, cited as such.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TypedDict

from simulator.blackjack.arithmetic import (
    BUST_OVER,
    BlackjackStyle,
    Decision,
    HandResult,
    blackjack_total,
    dealer_draws,
    decide,
    hand_result,
    is_blackjack,
    questionable,
)
from simulator.blackjack.table import (
    BLACKJACK_PAYS,
    BUST,
    CONFIRMING,
    DRAWING_RULE,
    HAND_SETTLEMENT_ORDER,
    PAYOUTS,
    PLAYER_OPTIONS,
    SIGNALS,
    TURNING_THE_HOLE_CARD,
    DownUnderTable,
    SeatWagers,
)
from simulator.core.cards import Card, format_cards
from simulator.core.chip_payments import ChipPaymentMixin
from simulator.core.chips import ChipPayment
from simulator.core.citations import Citation
from simulator.core.json_values import JsonValue, json_int
from simulator.core.money import Cents, format_cents
from simulator.core.procedure import Action, Actor, ErrorCode, IllegalOperation, Operation

SPLIT_SUFFIX = " split"
UNCLEAR_SIGNAL_CHANCE = 0.1
"""How often a player's signal is unclear, so the dealer must ask before acting."""

GESTURES = {
    Decision.HIT: "taps the table behind the cards",
    Decision.STAND: "waves a hand over the cards",
    Decision.DOUBLE: "places a second wager beside the first and holds up one finger",
    Decision.SPLIT: "places a second wager beside the first and holds up two fingers",
}
"""Each decision as a player signals it (the house's signals)."""
UNCLEAR_GESTURES = {
    Decision.HIT: "taps the table, then waves",
    Decision.STAND: "waves, then taps the table",
    Decision.DOUBLE: "places a second wager beside the first without a signal",
    Decision.SPLIT: "places a second wager beside the first without a signal",
}
"""Each decision as an unclear signal shows it: a dealer cannot tell which decision it is."""

SETTLEMENT_STEPS = {
    HandResult.BLACKJACK: "pay_blackjack_wager",
    HandResult.WIN: "pay_blackjack_wager",
    HandResult.PUSH: "push_blackjack_wager",
    HandResult.LOSE: "collect_blackjack_wager",
}
"""The dealer's step that settles each result."""
PLAYER_HAND_STEPS = frozenset({"signal_decision"})
"""The players' steps of the hand: the engine performs them for the simulated players."""
HAND_STEPS = frozenset({"confirm_decision", "split_pair", "turn_hole_card", *SETTLEMENT_STEPS.values()}) | (
    PLAYER_HAND_STEPS
)
"""Every step of the hand dealt by the trainee besides ``deal_card``, which the deal shares."""


def hand_position(seat: int, split: bool = False) -> str:
    """A hand as the steps name it: "seat 3", and "seat 3 split" for the second hand of a split pair."""
    return f"seat {seat}{SPLIT_SUFFIX if split else ''}"


def position_seat(position: str) -> int:
    """The seat of a hand's position."""
    return int(position.removeprefix("seat ").removesuffix(SPLIT_SUFFIX))


@dataclass
class PendingDecision:
    """A player's signalled decision the dealer has not yet carried out; an unclear one is confirmed first."""

    position: str
    decision: Decision
    unclear: bool
    questioned: bool
    confirmed: bool = False

    @property
    def needs_confirming(self) -> bool:
        """Whether the dealer must ask before acting: the signal is unclear or the decision questionable."""
        return self.unclear or self.questioned


class SignalView(TypedDict):
    """A player's last signal as the table sees it: the gesture and, once clear or confirmed, the decision."""

    gesture: str
    decision: str | None
    confirmed: bool


class HandResultView(TypedDict):
    """How a hand's Down Under Blackjack wager settled: the result and the net amount."""

    result: str
    net: Cents


class SplitHandView(TypedDict):
    """The second hand of a split pair: its cards, total, wager, signal and result."""

    cards: str
    total: int | None
    wager: Cents
    signal: SignalView | None
    result: HandResultView | None


class BlackjackHandMixin(ChipPaymentMixin):
    """The players' hands, the dealer's hand and the settlement of the Down Under Blackjack wagers, step by step."""

    table: DownUnderTable
    seats: dict[int, SeatWagers]
    seed_value: int
    hands: dict[int, list[Card]]
    dealer_cards: list[Card]

    def start_hand(self, styles: Mapping[int, BlackjackStyle]) -> None:
        """Set up the hand's state; ``styles`` are how the seats' simulated players play (a basic strategy if none)."""
        self.styles = {seat: styles.get(seat, BlackjackStyle.BASIC) for seat in self.seats}
        self.split_hands: dict[int, list[Card]] = {}
        self.doubled: set[str] = set()
        self.one_card_hands: set[str] = set()
        self.stood: set[str] = set()
        self.pending: PendingDecision | None = None
        self.signals: dict[str, SignalView] = {}
        self.hole_card_turned = False
        self.hand_results: dict[str, tuple[HandResult, Cents]] = {}

    # ----- the hands -----

    def hand_positions(self) -> list[str]:
        """Every player's hand in dealing order: seat by seat from seat 1, a split pair's first hand first."""
        positions = []
        for seat in self.seats:
            positions.append(hand_position(seat))
            if seat in self.split_hands:
                positions.append(hand_position(seat, split=True))
        return positions

    def cards_at(self, position: str) -> list[Card]:
        """The cards of a player's hand."""
        seat = position_seat(position)
        return self.split_hands[seat] if position.endswith(SPLIT_SUFFIX) else self.hands[seat]

    def hand_wager(self, position: str) -> Cents:
        """A hand's Down Under Blackjack wager: the seat's wager, twice it once doubled."""
        base = self.seats[position_seat(position)].blackjack
        return base * 2 if position in self.doubled else base

    def is_natural(self, position: str) -> bool:
        """Whether a hand is a blackjack: two cards making 21 dealt to a hand not made by splitting."""
        return position_seat(position) not in self.split_hands and is_blackjack(self.cards_at(position))

    def hand_complete(self, position: str) -> bool:
        """Whether a hand takes no more decisions: a blackjack, 21 or more, a stand, a double or a split ace dealt."""
        cards = self.cards_at(position)
        if len(cards) < 2:
            return False
        if self.is_natural(position) or blackjack_total(cards) >= BUST_OVER or position in self.stood:
            return True
        return position in self.one_card_hands or (position in self.doubled and len(cards) > 2)

    def allowed_decisions(self, position: str) -> frozenset[Decision]:
        """Hit and stand always; on a hand's first two cards, never after a split, a split and the table's doubles."""
        cards = self.cards_at(position)
        allowed = {Decision.HIT, Decision.STAND}
        if len(cards) == 2 and position_seat(position) not in self.split_hands:
            if self.table.double_down_on.allows(cards):
                allowed.add(Decision.DOUBLE)
            if cards[0].rank is cards[1].rank:
                allowed.add(Decision.SPLIT)
        return frozenset(allowed)

    def dealer_plays(self) -> bool:
        """Whether the dealer completes the hand: some hand neither settled nor a blackjack still stands."""
        return any(
            position not in self.hand_results and not self.is_natural(position) for position in self.hand_positions()
        )

    def dealer_draws_next(self) -> bool:
        """Whether the dealer's turned hand takes a card next: a hand still stands against it and the rule says draw."""
        return (
            self.hole_card_turned and self.dealer_plays() and dealer_draws(self.dealer_cards, self.table.dealer_drawing)
        )

    def settled_result(self, position: str) -> tuple[HandResult, Cents]:
        """A complete hand's result against the dealer's and its net, a blackjack paid at the table's odds."""
        cards, wager = self.cards_at(position), self.hand_wager(position)
        return hand_result(
            cards, self.dealer_cards, wager, self.table.blackjack_pays, natural=self.is_natural(position)
        )

    @property
    def hand_net(self) -> Cents:
        """The net of the settled Down Under Blackjack wagers to the players (negative when the house won)."""
        return sum(net for _, net in self.hand_results.values())

    # ----- the correct next step -----

    def next_hand_action(self) -> Action | None:
        """The next step of the hand, or None once every Down Under Blackjack wager is settled."""
        for position in self.hand_positions():
            action = self._player_hand_action(position)
            if action is not None:
                return action
        if not self.hole_card_turned:
            return Action("turn_hole_card", Actor.DEALER, {}, TURNING_THE_HOLE_CARD, "turn the hole card face up")
        if self.dealer_draws_next():
            total = blackjack_total(self.dealer_cards)
            description = f"the dealer's {total} draws ({self.table.dealer_drawing}): deal a card to the dealer"
            return Action("deal_card", Actor.DEALER, {"position": "dealer"}, DRAWING_RULE, description)
        for position in reversed(self.hand_positions()):
            if position not in self.hand_results:
                result, net = self.settled_result(position)
                citation = BLACKJACK_PAYS if result is HandResult.BLACKJACK else PAYOUTS
                return self._settlement_action(position, result, net, citation)
        return None

    def _player_hand_action(self, position: str) -> Action | None:
        """The next step of one player's hand, or None when it is complete and any bust collected."""
        cards = self.cards_at(position)
        if len(cards) < 2:
            description = f"deal the second card to {position}, the hand made by splitting"
            return Action("deal_card", Actor.DEALER, {"position": position}, PLAYER_OPTIONS, description)
        if blackjack_total(cards) > BUST_OVER:
            if position in self.hand_results:
                return None
            return self._settlement_action(position, HandResult.LOSE, -self.hand_wager(position), BUST)
        if self.hand_complete(position):
            return None
        pending = self.pending
        if pending is None or pending.position != position:
            description = f"the player at {position} signals a decision on {blackjack_total(cards)}"
            return Action("signal_decision", Actor.PLAYER, {"position": position}, SIGNALS, description)
        if pending.needs_confirming and not pending.confirmed:
            why = "the signal is unclear" if pending.unclear else f"a hit on a hard {blackjack_total(cards)}"
            description = f"ask the player at {position} to confirm the decision aloud: {why}"
            return Action("confirm_decision", Actor.DEALER, {"position": position}, CONFIRMING, description)
        if pending.decision is Decision.SPLIT:
            seat = position_seat(position)
            description = f"split seat {seat}'s pair into two hands, each with its own wager"
            return Action("split_pair", Actor.DEALER, {"seat": seat}, PLAYER_OPTIONS, description)
        what = "the one card of its double" if pending.decision is Decision.DOUBLE else "its hit"
        description = f"deal a card face up to {position}: {what}"
        return Action("deal_card", Actor.DEALER, {"position": position}, PLAYER_OPTIONS, description)

    def _settlement_action(self, position: str, result: HandResult, net: Cents, citation: Citation) -> Action:
        """The step settling a hand: pay its win, push it or collect its wager."""
        step = SETTLEMENT_STEPS[result]
        wager = format_cents(self.hand_wager(position))
        arguments: dict[str, JsonValue] = {"position": position}
        if result is HandResult.LOSE:
            description = f"{position} {'busts' if citation is BUST else 'loses'}: collect its {wager}"
        elif result is HandResult.PUSH:
            description = f"{position} ties the dealer: push its {wager}"
        else:
            arguments["amount"] = net
            won = "has blackjack" if result is HandResult.BLACKJACK else "wins"
            odds = self.table.blackjack_pays.value if result is HandResult.BLACKJACK else "1 to 1"
            description = f"{position} {won}: pay {format_cents(net)} ({odds} on {wager})"
        return Action(step, Actor.DEALER, arguments, citation, description)

    # ----- the players' steps -----

    def verify_signal_decision(self, position: str) -> Action:
        """Raise unless the player at ``position`` signalling is the next step."""
        expected = self.require_step("signal_decision")
        self.require_argument(expected, "position", position, ErrorCode.WRONG_POSITION)
        return expected

    def signal_decision(self, position: str) -> Operation:
        """The player decides in their style and signals it; now and then the signal is unclear."""
        action = self.verify_signal_decision(position)
        cards = self.cards_at(position)
        style = self.styles[position_seat(position)]
        decision = decide(cards, self.dealer_cards[0], self.allowed_decisions(position), style)
        rng = random.Random(f"blackjack signal {self.seed_value} {position} {len(cards)}")
        unclear = rng.random() < UNCLEAR_SIGNAL_CHANCE
        pending = PendingDecision(position, decision, unclear, questionable(cards, decision))
        gesture = (UNCLEAR_GESTURES if unclear else GESTURES)[decision]
        shown = None if unclear else decision.value
        self.signals[position] = {"gesture": gesture, "decision": shown, "confirmed": False}
        self.pending = pending
        if not pending.needs_confirming:
            self._decided(pending)
        facts = {"gesture": gesture} if unclear else {"gesture": gesture, "decision": decision.value}
        return self.record(action, facts)

    def _decided(self, pending: PendingDecision) -> None:
        """A decision the dealer may now act on: a stand completes the hand, a double adds its wager."""
        if pending.decision is Decision.STAND:
            self.stood.add(pending.position)
            self.pending = None
        elif pending.decision is Decision.DOUBLE:
            self.doubled.add(pending.position)

    # ----- the dealer's steps -----

    def verify_confirm_decision(self, position: str) -> Action:
        """Raise unless asking the player at ``position`` to confirm is the next step."""
        expected = self.require_step("confirm_decision")
        self.require_argument(expected, "position", position, ErrorCode.WRONG_POSITION)
        return expected

    def confirm_decision(self, position: str) -> Operation:
        """Ask the player to confirm the decision aloud; the player says it."""
        action = self.verify_confirm_decision(position)
        pending = self.pending
        assert pending is not None
        pending.confirmed = True
        self.signals[position] = {**self.signals[position], "decision": pending.decision.value, "confirmed": True}
        self._decided(pending)
        return self.record(action, {"decision": pending.decision.value})

    def verify_split_pair(self, seat: int) -> Action:
        """Raise unless splitting ``seat``'s pair is the next step."""
        expected = self.require_step("split_pair")
        self.require_argument(expected, "seat", seat, ErrorCode.WRONG_SEAT)
        return expected

    def split_pair(self, seat: int) -> Operation:
        """Separate the pair into two hands of one card each; split aces take one card more each."""
        action = self.verify_split_pair(seat)
        hand = self.hands[seat]
        self.split_hands[seat] = [hand.pop()]
        if hand[0].rank is self.split_hands[seat][0].rank and blackjack_total(hand) == 11:
            self.one_card_hands.update({hand_position(seat), hand_position(seat, split=True)})
        self.pending = None
        return self.record(action)

    def card_dealt_to_hand(self, position: str, card: Card) -> None:
        """Give a player's hand its card; a hit or a double is then carried out."""
        self.cards_at(position).append(card)
        if self.pending is not None and self.pending.position == position:
            self.pending = None

    def verify_turn_hole_card(self) -> Action:
        """Raise unless turning the hole card is the next step."""
        return self.require_step("turn_hole_card")

    def turn_hole_card(self) -> Operation:
        """Turn the hole card face up: the dealer's hand is exposed."""
        action = self.verify_turn_hole_card()
        self.hole_card_turned = True
        hole = self.dealer_cards[1]
        return self.record(action, {"card": str(hole), "total": blackjack_total(self.dealer_cards)})

    def verify_blackjack_settlement(
        self, step: str, position: str, amount: Cents | None = None, paid: ChipPayment | None = None
    ) -> Action:
        """Check a pay, push or collect: the right hand next, the right settlement, the exact amount (in ``paid``)."""
        expected = self.next_action()
        if expected is None:
            raise IllegalOperation(
                ErrorCode.ROUND_OVER, "The round is over: there is nothing to settle.", self.closing_citation()
            )
        if expected.step not in SETTLEMENT_STEPS.values():
            message = f"Out of order: the next step is {expected.description}"
            raise IllegalOperation(ErrorCode.OUT_OF_ORDER, message, expected.citation, expected)
        if position != expected.arguments["position"]:
            waiting = position in self.hand_positions() and position not in self.hand_results
            message = f"Out of order: settle {expected.arguments['position']} next."
            citation = HAND_SETTLEMENT_ORDER if waiting and expected.citation is not BUST else expected.citation
            raise IllegalOperation(ErrorCode.OUT_OF_ORDER, message, citation, expected)
        if step != expected.step:
            raise IllegalOperation(
                ErrorCode.WRONG_SETTLEMENT, f"Wrong settlement: {expected.description}.", expected.citation, expected
            )
        if amount is not None and amount != expected.arguments["amount"]:
            paid_words = self.paid_words(amount, paid, json_int(expected.arguments["amount"]))
            message = f"Paid {paid_words}: {expected.description}."
            raise IllegalOperation(ErrorCode.WRONG_AMOUNT, message, expected.citation, expected)
        return expected

    def _settle(self, action: Action) -> Operation:
        """Book the expected settlement of the hand and log it, with a losing wager's chips taken into the rack."""
        position = str(action.arguments["position"])
        result, net = self.settled_result(position)
        self.hand_results[position] = (result, net)
        facts: dict[str, JsonValue] = {
            "cards": format_cards(self.cards_at(position)),
            "result": result.value,
            "net": net,
        }
        if result is HandResult.LOSE:
            facts["collected"] = self.hand_wager(position)
        return self.record(action, facts)

    def verify_pay_blackjack_wager(self, position: str, amount: Cents, chips: str | None = None) -> Action:
        """Check that paying this hand this amount (in these chips) is the correct next step."""
        paid = self.paid_chips(amount, chips)
        expected = self.verify_blackjack_settlement("pay_blackjack_wager", position, amount, paid)
        self.require_chipping(expected, paid, self.hand_wager(position))
        return expected

    def pay_blackjack_wager(self, position: str, amount: Cents, chips: str | None = None) -> Operation:
        """Pay a winning hand: 1 to 1 on its wager, a blackjack at the table's odds (in ``chips`` if named)."""
        return self._settle(self.paid_with(self.verify_pay_blackjack_wager(position, amount, chips), chips))

    def verify_push_blackjack_wager(self, position: str) -> Action:
        """Check that pushing this hand is the correct next step."""
        return self.verify_blackjack_settlement("push_blackjack_wager", position)

    def push_blackjack_wager(self, position: str) -> Operation:
        """Push a hand that ties the dealer: its wager stays with the player."""
        return self._settle(self.verify_push_blackjack_wager(position))

    def verify_collect_blackjack_wager(self, position: str) -> Action:
        """Check that collecting this hand's wager is the correct next step."""
        return self.verify_blackjack_settlement("collect_blackjack_wager", position)

    def collect_blackjack_wager(self, position: str) -> Operation:
        """Collect a losing hand's wager into the table inventory."""
        return self._settle(self.verify_collect_blackjack_wager(position))

    # ----- what the table shows -----

    def signal_view(self, position: str) -> SignalView | None:
        """The last signal at a hand, as the table saw it."""
        return self.signals.get(position)

    def hand_result_view(self, position: str) -> HandResultView | None:
        """A settled hand's result and net."""
        settled = self.hand_results.get(position)
        return None if settled is None else {"result": settled[0].value, "net": settled[1]}

    def split_hand_view(self, seat: int) -> SplitHandView | None:
        """The second hand of a seat's split pair, or None when the seat has not split."""
        if seat not in self.split_hands:
            return None
        position = hand_position(seat, split=True)
        cards = self.split_hands[seat]
        return {
            "cards": format_cards(cards),
            "total": blackjack_total(cards) if cards else None,
            "wager": self.hand_wager(position),
            "signal": self.signal_view(position),
            "result": self.hand_result_view(position),
        }

    def hand_state_json(self) -> dict[str, JsonValue]:
        """The hand's state for comparing a replay with the live round."""
        return {
            "split_hands": {str(seat): format_cards(cards) for seat, cards in self.split_hands.items()},
            "doubled": [*sorted(self.doubled)],
            "hand_results": {position: [result.value, net] for position, (result, net) in self.hand_results.items()},
            "hole_card_turned": self.hole_card_turned,
            "signals": {position: [signal["gesture"], signal["decision"]] for position, signal in self.signals.items()},
        }
