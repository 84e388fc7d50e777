"""A round of a carnival poker game dealt by the trainee, step by step, for any :class:`CarnivalGame`.

Steps, in order: each position's hole cards from the dealer's far left, then the dealer's (``deal_hand``; at a game
with no dealer's hand, the board face down); at each decision point the community cards it needs
(``deal_community_cards``, a burn card first, or ``turn_community_card`` where the board lies face down) and each
player's decision (``make_decision``, a simulated player's step): a Play Wager, a check or a fold, or letting a wager
ride or pulling it back; a wrong Play Wager put right by the dealer at once (``correct_play_wager``), a pulled wager
returned to the player at once (``return_wager``); any community card still face down turned; the dealer's hand
turned over and read, the dealer's qualification; then position by position from the dealer's far right the hand
turned over and read and each wager settled in the layout's order; last, the cards collected. Seats are numbered 1 to
6 from the dealer's left.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import TypedDict

from simulator.carnival.games import CARNIVAL_GAMES
from simulator.carnival.poker import (
    END_OF_ROUND,
    HABIT_WEIGHTS,
    HAND_READING,
    NO_DEALER_HAND,
    SETTLEMENT_ORDER,
    WRONG_PLAY_WAGER,
    CarnivalGame,
    CarnivalTable,
    HandReading,
    PlayerHabit,
    SeatResult,
    Street,
    check_position,
)
from simulator.carnival.rigging import board_size
from simulator.core.cards import Card, format_cards, parse_cards, shuffled, spoken_cards, standard_deck
from simulator.core.citations import Citation
from simulator.core.json_values import JsonObject, JsonValue, json_int, json_object, json_str, json_strings
from simulator.core.money import Cents, format_cents
from simulator.core.procedure import Action, Actor, ErrorCode, Operation, Round
from simulator.core.settling import SETTLEMENT_STEPS, Settlement, SettlingMixin, WagerSettlement

SEATS = (1, 2, 3, 4, 5, 6)
DEALER = "dealer"
PLAYER_STEPS = frozenset({"make_decision"})
"""The simulated players' steps: the engine performs them."""
PLAY_WAGER_STEPS = frozenset({"correct_play_wager"})
"""The steps only a game with a Play Wager asks for."""
PULLED_WAGER_STEPS = frozenset({"return_wager"})
"""The steps only a game whose players may pull a wager back asks for."""
DEALER_HAND_STEPS = frozenset({"qualify_dealer"})
"""The steps only a game with a dealer's hand asks for."""
CARNIVAL_STEPS = frozenset(
    {
        "deal_hand",
        "deal_community_cards",
        "turn_community_card",
        "make_decision",
        "correct_play_wager",
        "return_wager",
        "reveal_hand",
        "read_hand",
        "qualify_dealer",
        *SETTLEMENT_STEPS,
        "collect_cards",
    }
)
"""Every step of a carnival poker round."""


def seat_position(seat: int) -> str:
    """A seat as a step names it: "seat 3"."""
    return f"seat {seat}"


@dataclass(frozen=True)
class CarnivalScenario:
    """What an instructor fixes in advance: the top of the deck in the order it is dealt, and players' habits.

    The deck is dealt as the round takes it: each occupied seat's hole cards in seat order, the dealer's (or the board
    face down), then for each street with community cards a burn card and the community cards.
    """

    deck_top: tuple[Card, ...] = ()
    habits: Mapping[int, PlayerHabit] = field(default_factory=dict)

    def to_json(self) -> dict[str, JsonValue]:
        """The scenario as JSON-ready values."""
        return {
            "deck_top": format_cards(self.deck_top),
            "habits": {str(seat): habit.name for seat, habit in self.habits.items()},
        }

    @classmethod
    def from_json(cls, data: Mapping[str, JsonValue]) -> CarnivalScenario:
        """Rebuild a scenario saved by :meth:`to_json`."""
        habits = json_object(data.get("habits", {}))
        return cls(
            parse_cards(json_str(data.get("deck_top", ""))),
            {int(seat): PlayerHabit[json_str(name)] for seat, name in habits.items()},
        )


def stacked_standard_deck(top: tuple[Card, ...], rng: random.Random) -> list[Card]:
    """A 52-card deck whose first cards are ``top`` and the rest shuffled; ValueError for a card twice or a joker."""
    if len(set(top)) != len(top) or any(card.is_joker for card in top):
        raise ValueError(f"A 52-card deck holds each card once and no joker: {format_cards(top)}.")
    return list(top) + shuffled([card for card in standard_deck() if card not in top], rng)


class CarnivalSeatView(TypedDict):
    """A position as the table shows it: wagers in action, Play Wager, decisions, cards face up, reading, settling."""

    wagers: dict[str, Cents]
    play: Cents
    decisions: list[str]
    folded: bool
    cards_dealt: int
    cards: str | None
    hand: str | None
    settled: dict[str, str]
    paid: dict[str, Cents]


class CarnivalView(TypedDict):
    """What anyone at the table can see: never the deck, a face-down hand or the dealer's cards before they turn."""

    game: str
    seats: dict[str, CarnivalSeatView]
    dealer_cards: str | None
    dealer_cards_dealt: int
    dealer_hand: str | None
    dealer_qualifies: bool | None
    community_cards: str
    community_face_down: int
    cards_collected: bool
    finished: bool


class CarnivalRound(SettlingMixin, Round):
    """One round of a carnival poker game, dealt step by step by the trainee."""

    def __init__(
        self,
        game: CarnivalGame,
        table: CarnivalTable,
        seats: Mapping[int, Mapping[str, Cents]],
        seed_value: int,
        *,
        scenario: CarnivalScenario | None = None,
        automations: frozenset[str] = PLAYER_STEPS,
    ) -> None:
        """Take the wagers and shuffle (or stack) the deck; raise ValueError on refused wagers or a bad stack."""
        super().__init__(automations | PLAYER_STEPS)
        if table.game is not game:
            raise ValueError(f"The table's rules are {table.game.name}'s, not {game.name}'s.")
        if not seats:
            raise ValueError("A round needs at least one player.")
        for seat, wagers in seats.items():
            if seat not in SEATS:
                raise ValueError(f"There is no seat {seat}: seats are numbered 1 to 6 from the dealer's left.")
            check_position(game, table, seat, wagers)
        self.game = game
        self.table = table
        self.paytables = table.paytables
        self.seats = {seat: dict(seats[seat]) for seat in sorted(seats)}
        self.seed_value = seed_value
        self.scenario = scenario or CarnivalScenario()
        rng = random.Random(seed_value)
        self.deck = stacked_standard_deck(self.scenario.deck_top, rng)
        habits = game.habits
        weights = [HABIT_WEIGHTS[habit] for habit in habits]
        drawn = {seat: rng.choices(habits, weights)[0] for seat in self.seats}
        self.habits = {**drawn, **self.scenario.habits}
        self.drawn = 0
        self.hands: dict[str, tuple[Card, ...]] = {}
        self.community: list[Card] = []
        self.decided: dict[int, list[str]] = {seat: [] for seat in self.seats}
        self.play: dict[int, Cents] = {}
        self.folded: set[int] = set()
        self.wrong_play: tuple[int, Street] | None = None
        self.pulled: dict[int, list[str]] = {seat: [] for seat in self.seats}
        self.to_return: tuple[int, str] | None = None
        self.revealed: list[str] = []
        self.read: list[str] = []
        self.dealer_qualifies: bool | None = None
        self.settled: dict[tuple[int, str], tuple[Settlement, Cents]] = {}
        self.cards_collected = False

    # ----- saving and replaying -----

    def setup_json(self) -> dict[str, JsonValue]:
        """Everything needed to deal this round again: game, table, wagers, seed, scenario, automations."""
        return {
            "game": self.game.key,
            "rules": self.table.to_json(),
            "seats": {str(seat): dict(wagers) for seat, wagers in self.seats.items()},
            "seed": self.seed_value,
            "scenario": self.scenario.to_json(),
            "automations": [*sorted(self.automations)],
        }

    @classmethod
    def from_setup_json(cls, data: Mapping[str, JsonValue]) -> CarnivalRound:
        """A fresh round from :meth:`setup_json`, before any step; ValueError for a game that is not a carnival game."""
        key = json_str(data["game"])
        if key not in CARNIVAL_GAMES:
            raise ValueError(f"{key[:40]!r} is not a carnival poker game: one of {', '.join(CARNIVAL_GAMES)}.")
        game = CARNIVAL_GAMES[key]
        return cls(
            game,
            CarnivalTable.from_json(game, json_object(data["rules"])),
            {
                int(seat): {area: json_int(amount) for area, amount in json_object(wagers).items()}
                for seat, wagers in json_object(data["seats"]).items()
            },
            json_int(data["seed"]),
            scenario=CarnivalScenario.from_json(json_object(data["scenario"])),
            automations=frozenset(json_strings(data["automations"])),
        )

    def carried_meters(self) -> dict[str, JsonValue]:
        """No meter: the base game carries nothing to the next round."""
        return {}

    def state_json(self) -> dict[str, JsonValue]:
        """Everything the round holds, for comparing a replay with the live round (includes hidden cards)."""
        return {
            "drawn": self.drawn,
            "hands": {position: format_cards(cards) for position, cards in self.hands.items()},
            "community": format_cards(self.community),
            "play": {str(seat): amount for seat, amount in self.play.items()},
            "folded": [*sorted(self.folded)],
            "pulled": {str(seat): list(areas) for seat, areas in self.pulled.items()},
            "settled": {f"{seat} {area}": [how.value, amount] for (seat, area), (how, amount) in self.settled.items()},
            "operations": [operation.to_json() for operation in self.operations],
        }

    # ----- the game's facts -----

    def step_names(self) -> frozenset[str]:
        """Every step of a carnival poker round."""
        return CARNIVAL_STEPS

    def offered_steps(self) -> frozenset[str]:
        """The steps this game asks for: its way to the board, its kinds of decision, a dealer's hand if it has one."""
        game, left_out = self.game, set[str]()
        if game.board_face_down or not board_size(game):
            left_out.add("deal_community_cards")
        if not game.board_face_down:
            left_out.add("turn_community_card")
        if not any(street.multiples for street in game.streets):
            left_out |= PLAY_WAGER_STEPS
        if not any(street.pulls for street in game.streets):
            left_out |= PULLED_WAGER_STEPS
        if not game.dealer_holds_hand:
            left_out |= DEALER_HAND_STEPS
        if not game.pushes:
            left_out.add("push_wager")
        return self.step_names() - left_out

    def closing_citation(self) -> Citation:
        """The rule cited for a step tried after the round is over."""
        return END_OF_ROUND

    def reading(self, position: str) -> HandReading:
        """The hand at a position (or the dealer's) read with the community cards; hidden until it is turned over."""
        return self.game.read((*self.hands[position], *self.community))

    def advised_multiple(self, seat: int, street: Street) -> int:
        """A simulated player's choice at a street by the seat's habit: a Play Wager multiple or ride (1) or pull (0).

        At a Play Wager's street 0 checks or folds; at a pulled wager's street 1 lets it ride and 0 pulls it back.
        """
        habit = self.habits[seat]
        rule = self.game.cautious if habit is PlayerHabit.CAUTIOUS else self.game.advice
        multiple = rule(street, self.hands[seat_position(seat)], self.community)
        if multiple and habit is PlayerHabit.WRONG_AMOUNT and street.multiples:
            return street.wrong_multiple
        return multiple

    def in_action(self, seat: int) -> dict[str, Cents]:
        """A position's wagers still in action: those placed, less any pulled back."""
        return {area: amount for area, amount in self.seats[seat].items() if area not in self.pulled[seat]}

    def seat_result(self, seat: int) -> SeatResult:
        """What settles a position, once the dealer's hand (if the game has one) and the position's hand are read."""
        return SeatResult(
            self.in_action(seat),
            self.play.get(seat, 0),
            seat in self.folded,
            self.reading(seat_position(seat)),
            self.reading(DEALER) if self.game.dealer_holds_hand else NO_DEALER_HAND,
            bool(self.dealer_qualifies),
            self.paytables,
        )

    def settlements(self, seat: int) -> list[tuple[str, WagerSettlement]]:
        """Each wager of a position settled correctly, in the layout's order; a filed paytable's cited as filed."""
        filed = {
            choice.citation: submission
            for choice in self.game.paytable_choices
            if (submission := self.paytables[choice.area].submission)
        }
        return [
            (area, replace(settled, citation=replace(settled.citation, submission=filed[settled.citation])))
            if settled.citation in filed
            else (area, settled)
            for area, settled in self.game.settle(self.seat_result(seat))
        ]

    def shows_hand(self, seat: int) -> bool:
        """Whether a position's hand is turned over: it played, or it holds a wager settled on its own hand."""
        return seat not in self.folded or bool(self.game.side_areas & set(self.seats[seat]))

    # ----- the correct next step -----

    def next_action(self) -> Action | None:
        """The correct next step of the round, phase by phase, or None once the cards are collected."""
        for phase in (self._dealing_action, self._decision_action, self._dealer_action, self._settling_action):
            action = phase()
            if action is not None:
                return action
        if not self.cards_collected:
            return Action("collect_cards", Actor.DEALER, {}, END_OF_ROUND, "collect every card to the discard rack")
        return None

    def _deal_order(self) -> list[str]:
        """The positions dealt, from the dealer's far left, the dealer's place last."""
        return [*(seat_position(seat) for seat in self.seats), DEALER]

    def _dealing_action(self) -> Action | None:
        """The next position's hole cards, or the board face down in the dealer's place."""
        for position in self._deal_order():
            if position not in self.hands:
                if position != DEALER:
                    description = f"deliver {self.game.hole_cards} cards face down to {position}"
                elif self.game.dealer_holds_hand:
                    description = f"deliver {self.game.hole_cards} cards face down to the dealer"
                else:
                    description = f"deliver {self.game.board_face_down} community cards face down to the dealer's place"
                return Action("deal_hand", Actor.DEALER, {"position": position}, self.game.deal, description)
        return None

    def face_down_board(self) -> tuple[Card, ...]:
        """The community cards still face down in the dealer's place (at a game that deals the board so)."""
        return () if self.game.dealer_holds_hand else self.hands.get(DEALER, ())[len(self.community) :]

    def _board_action(self, cards: int, citation: Citation) -> Action:
        """The community cards a street needs: burnt and dealt, or turned where the board lies face down."""
        if self.game.board_face_down:
            ordinal = ("first", "second", "third", "fourth", "fifth")[len(self.community)]
            description = f"turn the {ordinal} community card face up"
            return Action("turn_community_card", Actor.DEALER, {}, citation, description)
        description = f"burn a card and deal {cards} community cards face up"
        return Action("deal_community_cards", Actor.DEALER, {"cards": cards}, citation, description)

    def _decision_action(self) -> Action | None:
        """The community cards a street needs, each deciding player's choice, and any Play Wager to put right."""
        if self.to_return is not None:
            seat, area = self.to_return
            street = next(street for street in self.game.streets if street.pulls == area)
            description = f"return seat {seat}'s pulled {self.spot_name(area)} ({format_cents(self.seats[seat][area])})"
            returned: JsonObject = {"seat": seat, "spot": area}
            return Action("return_wager", Actor.DEALER, returned, street.passing_citation, description)
        if self.wrong_play is not None:
            seat, street = self.wrong_play
            amount = max(street.multiples) * self.seats[seat]["ante"]
            description = (
                f"put seat {seat}'s Play Wager of {format_cents(self.play[seat])} right: "
                f"{format_cents(amount)}, the most allowed now"
            )
            return Action(
                "correct_play_wager", Actor.DEALER, {"seat": seat, "amount": amount}, WRONG_PLAY_WAGER, description
            )
        for street in self.game.streets:
            if street.board_cards > len(self.community):
                count = street.board_cards - len(self.community)
                return self._board_action(count, street.deal_citation or self.game.deal)
            for seat in self._deciding_seats(street):
                if len(self.decided[seat]) < self.game.streets.index(street) + 1:
                    return self._decision(seat, street)
        if self.face_down_board():
            return self._board_action(1, self.game.deal)
        return None

    def _deciding_seats(self, street: Street) -> list[int]:
        """The seats to decide at a street, from the dealer's left.

        At a pulled wager's street each holding that wager, else each with an Ante Wager, no Play Wager, not folded.
        """
        if street.pulls:
            return [seat for seat in self.seats if street.pulls in self.seats[seat]]
        return [
            seat
            for seat in self.seats
            if "ante" in self.seats[seat] and seat not in self.play and seat not in self.folded
        ]

    def _decision(self, seat: int, street: Street) -> Action:
        """The choice the simulated player at ``seat`` makes at ``street``."""
        multiple = self.advised_multiple(seat, street)
        if street.pulls:
            return self._pulling_decision(seat, street, street.pulls, bool(multiple))
        ante = self.seats[seat]["ante"]
        if multiple:
            decision, citation = "play", street.citation
            description = f"the player at seat {seat} places a Play Wager of {format_cents(multiple * ante)}"
        elif street.last:
            decision, citation = "fold", street.passing_citation
            description = f"the player at seat {seat} folds"
        else:
            decision, citation = "check", street.passing_citation
            description = f"the player at seat {seat} checks"
        arguments: JsonObject = {"seat": seat, "street": street.name, "decision": decision, "amount": multiple * ante}
        return Action("make_decision", Actor.PLAYER, arguments, citation, description)

    def _pulling_decision(self, seat: int, street: Street, area: str, rides: bool) -> Action:
        """The simulated player at ``seat`` lets the wager on ``area`` ride or pulls it back (the amount pulled)."""
        name, amount = self.spot_name(area), self.seats[seat][area]
        if rides:
            decision, citation, pulled = "ride", street.citation, 0
            description = f"the player at seat {seat} lets {name} ride"
        else:
            decision, citation, pulled = "pull", street.passing_citation, amount
            description = f"the player at seat {seat} pulls back {name} ({format_cents(amount)})"
        arguments: JsonObject = {"seat": seat, "street": street.name, "decision": decision, "amount": pulled}
        return Action("make_decision", Actor.PLAYER, arguments, citation, description)

    def _dealer_action(self) -> Action | None:
        """The dealer's hand turned over, read and qualified."""
        if not self.game.dealer_holds_hand:
            return None
        if DEALER not in self.revealed:
            return Action(
                "reveal_hand", Actor.DEALER, {"position": DEALER}, HAND_READING, "turn over the dealer's hand"
            )
        if DEALER not in self.read:
            return self._reading_action(DEALER)
        if self.dealer_qualifies is None:
            assert self.game.qualifies is not None and self.game.qualification is not None
            qualifies = self.game.qualifies(self.reading(DEALER))
            description = "the dealer's hand qualifies" if qualifies else "the dealer's hand does not qualify"
            arguments: JsonObject = {"qualifies": qualifies}
            return Action("qualify_dealer", Actor.DEALER, arguments, self.game.qualification, description)
        return None

    def _reading_action(self, position: str) -> Action:
        """Reading the hand at a position aloud by its category."""
        reading = self.reading(position)
        whose = "the dealer's" if position == DEALER else f"{position}'s"
        description = f"read {whose} hand: {reading.words}"
        return Action(
            "read_hand", Actor.DEALER, {"position": position, "hand": reading.category}, self.game.rankings, description
        )

    def _settling_action(self) -> Action | None:
        """Position by position from the dealer's far right: turn over, read, settle each wager."""
        for seat in reversed(self.seats):
            position = seat_position(seat)
            if self.shows_hand(seat) and position not in self.revealed:
                description = f"turn over {position}'s hand"
                return Action("reveal_hand", Actor.DEALER, {"position": position}, HAND_READING, description)
            if self.shows_hand(seat) and position not in self.read:
                return self._reading_action(position)
            for area, settlement in self.settlements(seat):
                if (seat, area) not in self.settled:
                    return self._settlement_action(seat, area, settlement)
        return None

    def _settlement_action(self, seat: int, area: str, correct: WagerSettlement) -> Action:
        """The action that settles one wager correctly."""
        name = self.spot_name(area)
        if correct.settlement is Settlement.PAY:
            arguments: JsonObject = {"seat": seat, "spot": area, "amount": correct.amount}
            description = f"pay seat {seat}'s {name} {format_cents(correct.amount)} ({correct.reason})"
        else:
            arguments = {"seat": seat, "spot": area}
            verb = "push" if correct.settlement is Settlement.PUSH else "collect"
            description = f"{verb} seat {seat}'s {name} ({correct.reason})"
        return Action(f"{correct.settlement.value}_wager", Actor.DEALER, arguments, correct.citation, description)

    def spot_name(self, area: str) -> str:
        """A settlement spot as the felt names it: a betting area, or a bonus such as the Ante Bonus."""
        return self.game.spot_names().get(area, area)

    # ----- the steps: verify, then do -----

    def verify_deal_hand(self, position: str) -> Action:
        """Raise unless delivering the hole cards to ``position`` ("seat N" or "dealer") is the next step."""
        expected = self.require_step("deal_hand")
        self.require_argument(expected, "position", position, ErrorCode.WRONG_POSITION)
        return expected

    def deal_hand(self, position: str) -> Operation:
        """Deliver the next hole cards face down to a position, or the board face down to the dealer's place."""
        expected = self.verify_deal_hand(position)
        count = self.game.dealer_place_cards if position == DEALER else self.game.hole_cards
        self.hands[position] = self._draw(count)
        return self.record(expected)

    def verify_deal_community_cards(self, cards: int) -> Action:
        """Raise unless burning a card and dealing ``cards`` community cards is the next step."""
        expected = self.require_step("deal_community_cards")
        self.require_argument(expected, "cards", cards, ErrorCode.WRONG_CARDS)
        return expected

    def deal_community_cards(self, cards: int) -> Operation:
        """Burn a card, then deal community cards face up."""
        expected = self.verify_deal_community_cards(cards)
        self._draw(1)
        dealt = self._draw(cards)
        self.community.extend(dealt)
        return self.record(expected, {"cards": format_cards(dealt)})

    def verify_turn_community_card(self) -> Action:
        """Raise unless turning the next community card face up is the next step."""
        return self.require_step("turn_community_card")

    def turn_community_card(self) -> Operation:
        """Turn the next of the community cards lying face down in the dealer's place."""
        expected = self.verify_turn_community_card()
        card = self.face_down_board()[0]
        self.community.append(card)
        return self.record(expected, {"cards": format_cards((card,))})

    def verify_make_decision(self, seat: int, street: str, decision: str, amount: Cents) -> Action:
        """Raise unless this is the simulated player's decision, as the engine makes it."""
        expected = self.require_step("make_decision")
        for name, given in (("seat", seat), ("street", street), ("decision", decision), ("amount", amount)):
            self.require_argument(expected, name, given, ErrorCode.MALFORMED_STEP)
        return expected

    def make_decision(self, seat: int, street: str, decision: str, amount: Cents) -> Operation:
        """A player plays (a Play Wager), checks or folds, or lets a wager ride or pulls it back."""
        expected = self.verify_make_decision(seat, street, decision, amount)
        self.decided[seat].append(decision)
        if decision == "pull":
            area = next(named.pulls for named in self.game.streets if named.name == street)
            assert area is not None
            self.to_return = (seat, area)
        if decision == "fold":
            self.folded.add(seat)
        if decision == "play":
            self.play[seat] = amount
            at = next(named for named in self.game.streets if named.name == street)
            if amount not in {multiple * self.seats[seat]["ante"] for multiple in at.multiples}:
                self.wrong_play = (seat, at)
        return self.record(expected)

    def verify_correct_play_wager(self, seat: int, amount: Cents) -> Action:
        """Raise unless putting this seat's Play Wager right to ``amount`` is the next step."""
        expected = self.require_step("correct_play_wager")
        self.require_argument(expected, "seat", seat, ErrorCode.WRONG_SEAT)
        self.require_argument(expected, "amount", amount, ErrorCode.WRONG_AMOUNT)
        return expected

    def correct_play_wager(self, seat: int, amount: Cents) -> Operation:
        """Make a wrong Play Wager the amount the game allows."""
        expected = self.verify_correct_play_wager(seat, amount)
        self.play[seat] = amount
        self.wrong_play = None
        return self.record(expected)

    def verify_return_wager(self, seat: int, spot: str) -> Action:
        """Raise unless returning this seat's pulled wager on ``spot`` is the next step."""
        expected = self.require_step("return_wager")
        self.require_argument(expected, "seat", seat, ErrorCode.WRONG_SEAT)
        self.require_argument(expected, "spot", spot, ErrorCode.WRONG_POSITION)
        return expected

    def return_wager(self, seat: int, spot: str) -> Operation:
        """Return a pulled wager to its player: it is out of action for the round."""
        expected = self.verify_return_wager(seat, spot)
        self.pulled[seat].append(spot)
        self.to_return = None
        return self.record(expected)

    def order_citation(self, expected: Action, step: str) -> Citation:
        """A step tried while a Play Wager is wrong or a pulled wager due breaks its rule; between seats, the order."""
        if expected.step in {"correct_play_wager", "return_wager"}:
            return expected.citation
        if expected.step in SETTLEMENT_STEPS and step in SETTLEMENT_STEPS:
            return SETTLEMENT_ORDER
        return expected.citation

    def verify_reveal_hand(self, position: str) -> Action:
        """Raise unless turning over the hand at ``position`` is the next step."""
        expected = self.require_step("reveal_hand")
        self.require_argument(expected, "position", position, ErrorCode.WRONG_POSITION, SETTLEMENT_ORDER)
        return expected

    def reveal_hand(self, position: str) -> Operation:
        """Turn a hand face up."""
        expected = self.verify_reveal_hand(position)
        self.revealed.append(position)
        return self.record(expected, {"cards": format_cards(self.hands[position])})

    def verify_read_hand(self, position: str, hand: str) -> Action:
        """Raise unless reading the hand at ``position`` as ``hand`` (its category) is the next step."""
        expected = self.require_step("read_hand")
        self.require_argument(expected, "position", position, ErrorCode.WRONG_POSITION, SETTLEMENT_ORDER)
        self.require_argument(expected, "hand", hand, ErrorCode.WRONG_HAND)
        return expected

    def read_hand(self, position: str, hand: str) -> Operation:
        """Read a hand aloud by its category."""
        expected = self.verify_read_hand(position, hand)
        self.read.append(position)
        return self.record(expected, {"words": self.reading(position).words})

    def verify_qualify_dealer(self, qualifies: bool) -> Action:
        """Raise unless saying whether the dealer's hand qualifies, correctly, is the next step."""
        expected = self.require_step("qualify_dealer")
        self.require_argument(expected, "qualifies", qualifies, ErrorCode.WRONG_HAND)
        return expected

    def qualify_dealer(self, qualifies: bool) -> Operation:
        """Say whether the dealer's hand qualifies."""
        expected = self.verify_qualify_dealer(qualifies)
        self.dealer_qualifies = qualifies
        return self.record(expected)

    def settlement_order_citation(self, expected: Action, seat: int, spot: str) -> Citation:
        """A wager settled out of turn breaks the settlement order, whichever wager it was."""
        return SETTLEMENT_ORDER

    def staked(self, seat: int, spot: str) -> Cents:
        """The chips on a seat's wager: its Play Wager as made, any other as the seat placed it."""
        return self.play.get(seat, 0) if spot == "play" else self.seats[seat][spot]

    def paid_on(self, seat: int, spot: str) -> Cents | None:
        """The wager at the spot; none for a bonus paid beside the wager it is paid on (the Ante Bonus)."""
        return self.play.get(seat) if spot == "play" else self.seats[seat].get(spot)

    def house_chips(self) -> CarnivalTable:
        """The table, with its chip rack and chipping procedure."""
        return self.table

    def verify_collect_cards(self) -> Action:
        """Raise unless collecting the cards is the next step: every wager settled."""
        return self.require_step("collect_cards")

    def collect_cards(self) -> Operation:
        """Collect every card to the discard rack; the round is over."""
        expected = self.verify_collect_cards()
        self.cards_collected = True
        return self.record(expected, {"table_inventory_change": self.table_inventory_change()})

    # ----- money and views -----

    def table_inventory_change(self) -> Cents:
        """What the table inventory has gained so far: wagers collected less winnings paid."""
        return sum(amount if how is Settlement.COLLECT else -amount for how, amount in self.settled.values())

    def _draw(self, count: int) -> tuple[Card, ...]:
        """Take the next cards off the deck."""
        cards = tuple(self.deck[self.drawn : self.drawn + count])
        self.drawn += count
        return cards

    def table_view(self) -> CarnivalView:
        """What anyone at the table may see now: face-up cards only, never the deck."""
        seats: dict[str, CarnivalSeatView] = {}
        for seat in self.seats:
            position = seat_position(seat)
            shown = position in self.revealed
            seats[str(seat)] = {
                "wagers": self.in_action(seat),
                "play": self.play.get(seat, 0),
                "decisions": list(self.decided[seat]),
                "folded": seat in self.folded,
                "cards_dealt": len(self.hands.get(position, ())),
                "cards": format_cards(self.hands[position]) if shown else None,
                "hand": self.reading(position).words if position in self.read else None,
                "settled": {
                    area: how.value for (settled_seat, area), (how, _) in self.settled.items() if settled_seat == seat
                },
                "paid": {
                    area: amount
                    for (settled_seat, area), (how, amount) in self.settled.items()
                    if settled_seat == seat and how is Settlement.PAY
                },
            }
        return {
            "game": self.game.key,
            "seats": seats,
            "dealer_cards": format_cards(self.hands[DEALER]) if DEALER in self.revealed else None,
            "dealer_cards_dealt": len(self.hands.get(DEALER, ())) if self.game.dealer_holds_hand else 0,
            "dealer_hand": self.reading(DEALER).words if DEALER in self.read else None,
            "dealer_qualifies": self.dealer_qualifies,
            "community_cards": format_cards(self.community),
            "community_face_down": len(self.face_down_board()),
            "cards_collected": self.cards_collected,
            "finished": self.finished,
        }


def narrate(round_: CarnivalRound) -> list[str]:
    """A round played out correctly, one line per step as the demo reads it."""
    lines = [
        f"{round_.game.name}: paytables " + "; ".join(f"{area} {table}" for area, table in round_.paytables.items())
    ]
    for operation in round_.play_out():
        lines.append(operation.narration())
        if "cards" in operation.facts:
            lines.append(f"    cards: {spoken_cards(parse_cards(json_str(operation.facts['cards'])))}")
    return lines
