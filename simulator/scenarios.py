"""An instructor's scenario as data: a game, its rules, seats and wagers, rigged cards, dice and hits, and grading.

:meth:`ScenarioSpec.from_json` reads a scenario field by field and raises :class:`ScenarioError` naming every bad
field at once ("rigging.dice", "seats.3.sum", "rules.mystery"); :func:`deal_scenario` deals one of its rounds
through the table's own dealing (:mod:`simulator.table_deals`), so a scenario round saves and replays like any other.
Which betting areas a scenario may seat players at and which rigging it may set is the game's registry entry's
(:class:`simulator.games.ScenarioSupport`); every game takes its rules, the automated steps, the mode, the pass rule
and the target time of any dealer skill (by the trainer's skill key) where the scenario differs from the school's.
A watch scenario (its ``watch`` part, :class:`Watch`) is dealt the same way, then played right by the engine with
faults seeded for a trainee to flag (:mod:`simulator.surveillance.scenarios`).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from simulator.blackjack.arithmetic import BlackjackStyle
from simulator.blackjack.round import DEALT_CARDS
from simulator.blackjack.round import check_wagers as check_down_under_wagers
from simulator.blackjack.table import BLACKJACK, MATCH_THE_DEALER, DownUnderTable, SeatWagers, TraineeDeals
from simulator.carnival.poker import CarnivalGame
from simulator.carnival.rigging import board_size, place_cards
from simulator.core.cards import Card, Rank, format_cards, pai_gow_deck, parse_cards, shuffled
from simulator.core.chipping import HouseChips
from simulator.core.chips import DEFAULT_RACK, ChipsError, read_chips
from simulator.core.dice import DiceRoll, parse_dice_roll, roll_dice
from simulator.core.hands import SetHand, is_tiger_nine
from simulator.core.json_values import JsonObject, JsonValue, json_int
from simulator.core.money import MAX_CENTS, format_cents
from simulator.core.mystery_meter import BaseGameDealer, MysteryRules
from simulator.core.procedure import Round, counted
from simulator.core.rules import RulesError
from simulator.core.table_cash import BuyIn, ColourUp, buy_in_problem
from simulator.core.wager_phase import ChipCountMismatch, WagerMove
from simulator.games import GAMES, Game
from simulator.pai_gow.house_way import HOUSE_WAYS
from simulator.pai_gow.player_styles import PlayerStyle
from simulator.pai_gow.round import DEALER, PLACES, SEATS, STACK_SIZE, Scenario, check_wagers
from simulator.pai_gow.rules import TableRules
from simulator.pai_gow.starting_position import delivery_order, starting_position
from simulator.table_deals import RiggedDeal, SeatHabit, TableDeal

MODES = ("practice", "exam")
MAX_ROUNDS = 20
MAX_TIME_LIMIT_SECONDS = 2**31 - 1
"""The longest time limit a scenario sets: what the 32-bit integer column of its table's pass rule holds."""
LONGEST_TARGET_SECONDS = 3600
"""The longest target time a table or scenario sets for one step: an hour."""
DOWN_UNDER_UNIT = 100
"""The unit a drawn Down Under Blackjack wager comes in: whole dollars, which a blackjack at 3 to 2 or 6 to 5 pays."""
SeatedRules = TableRules | DownUnderTable
"""The rules of the games whose scenarios may seat their own players: Pai Gow Poker and Down Under Blackjack."""
TIGER_NINE_DRAWS = 10_000
"""How many seven-card draws the engine tries when it must find the dealer a Tiger 9 (one in a few dozen is)."""
MAX_FAULTS = 3
"""The most faults a watched round is seeded with."""
WATCH_PACES = range(1, 61)
"""The seconds between the steps of a watched round a watch scenario may set: one to a minute."""
DEFAULT_WATCH_PACE = 3
"""The seconds between steps of a watched round where nothing sets them."""


class ScenarioError(RulesError):
    """A scenario that cannot be dealt, with a message for every bad field ("rigging.dice", "seats.2.pai-gow")."""


@dataclass(frozen=True)
class WagerRange:
    """A seat's wager on one betting area: a fixed amount (minimum = maximum) or drawn each round in whole units."""

    minimum: int
    maximum: int

    def draw(self, unit: int, rng: random.Random) -> int:
        """The amount for a round: the fixed amount, or one of the whole units from minimum to maximum."""
        if self.minimum == self.maximum:
            return self.minimum
        return rng.choice(range(self.minimum, self.maximum + 1, unit))

    def to_json(self) -> JsonValue:
        """A fixed amount as a number, a range as ``{"minimum": …, "maximum": …}``."""
        if self.minimum == self.maximum:
            return self.minimum
        return {"minimum": self.minimum, "maximum": self.maximum}


@dataclass(frozen=True)
class Rigging:
    """What the scenario fixes in advance; cards by place (0 is the dealer): ``hands`` Pai Gow Poker's seven.

    ``cards`` are Down Under Blackjack's first two cards of each place: the dealer's are the upcard, then the hole card.
    Where the trainee deals a carnival poker base game, ``cards`` are each place's hole cards (or the first of them),
    ``community_cards`` the board (or its first cards), flop first, and ``habits`` how a seat's player decides. At a
    Down Under table whose trainee deals the whole round, ``habits`` are the seated players' styles. At Pai Gow Poker
    ``habits`` are how a seated player sets the hand (the house way or their own), and ``low_hands`` the two cards a
    seat whose seven are rigged sets as its low hand, the other five its high hand.
    """

    dice: DiceRoll | None = None
    hands: Mapping[int, tuple[Card, ...]] = field(default_factory=dict)
    tiger_nine: bool = False
    mystery_hit_round: int | None = None
    ace_of_spades_round: int | None = None
    late_wager: WagerMove | None = None
    missing_chip_seat: int | None = None
    foul_seat: int | None = None
    cards: Mapping[int, tuple[Card, ...]] = field(default_factory=dict)
    community_cards: tuple[Card, ...] = ()
    habits: Mapping[int, SeatHabit] = field(default_factory=dict)
    low_hands: Mapping[int, tuple[Card, ...]] = field(default_factory=dict)
    buy_in: BuyIn | None = None
    colour_up: ColourUp | None = None

    @property
    def rigs_the_deal(self) -> bool:
        """Whether it fixes anything the table deals: dice, cards, a Tiger 9, a wager move, a way, a player's cash."""
        late, missing, foul = self.late_wager, self.missing_chip_seat, self.foul_seat
        settings = self.habits or self.low_hands
        cash = self.buy_in or self.colour_up
        return bool(
            self.dice or self.hands or self.cards or self.tiger_nine or late or missing or foul or settings or cash
        )

    @property
    def rigs_the_base_game(self) -> bool:
        """Whether it fixes anything of a carnival poker base game a trainee deals: cards, the board, a habit."""
        return bool(self.cards or self.community_cards or self.habits)

    def to_json(self) -> JsonObject:
        """The rigging as JSON, cards and dice written as a person types them.

        A base game's board, habits, low hands, a buy-in and a colour-up only when rigged, so a scenario saved before
        they could be reads as it was.
        """
        late = self.late_wager
        base_game: JsonObject = {}
        if self.community_cards:
            base_game["community_cards"] = format_cards(self.community_cards)
        if self.habits:
            base_game["habits"] = {str(seat): habit_key(habit) for seat, habit in self.habits.items()}
        if self.low_hands:
            base_game["low_hands"] = {str(seat): format_cards(cards) for seat, cards in self.low_hands.items()}
        if self.buy_in is not None:
            base_game["buy_in"] = self.buy_in.to_json()
        if self.colour_up is not None:
            base_game["colour_up"] = self.colour_up.to_json()
        return {
            "dice": None if self.dice is None else " ".join(map(str, self.dice.values)),
            "hands": {str(place): format_cards(cards) for place, cards in self.hands.items()},
            "tiger_nine": self.tiger_nine,
            "mystery_hit_round": self.mystery_hit_round,
            "ace_of_spades_round": self.ace_of_spades_round,
            "late_wager": None if late is None else {"seat": late.seat, "spot": late.spot, "amount": late.amount},
            "missing_chip_seat": self.missing_chip_seat,
            "foul_seat": self.foul_seat,
            "cards": {str(place): format_cards(cards) for place, cards in self.cards.items()},
            **base_game,
        }


@dataclass(frozen=True)
class Watch:
    """A watch scenario's part: its rounds are dealt and played right by the engine, faults seeded for a trainee.

    ``kinds`` are the fault kinds a round may hold, by the catalogue's keys ("short_pay"), none named for any the
    game's table can hold; a round is seeded with ``fewest`` to ``most`` of them (drawn each round, and only as many
    as its deal can hold), its steps shown ``pace_seconds`` apart. The kinds are checked against the game's catalogue
    by :func:`simulator.surveillance.scenarios.read_scenario`, which stands above this module.
    """

    kinds: tuple[str, ...] = ()
    fewest: int = 0
    most: int = MAX_FAULTS
    pace_seconds: int = DEFAULT_WATCH_PACE

    def to_json(self) -> JsonObject:
        """The part as JSON: a fixed count of faults as a number, a range as ``{"minimum": …, "maximum": …}``."""
        faults: JsonValue = self.fewest if self.fewest == self.most else {"minimum": self.fewest, "maximum": self.most}
        return {"kinds": list(self.kinds), "faults": faults, "pace_seconds": self.pace_seconds}


@dataclass(frozen=True)
class ScenarioSpec:
    """A validated scenario: read it with :meth:`from_json`, deal its rounds with :func:`deal_scenario`."""

    game: Game
    rules: Mapping[str, JsonValue]
    seats: Mapping[int, Mapping[str, WagerRange]]
    rigging: Rigging
    automations: frozenset[str]
    mode: str = "practice"
    rounds: int = 1
    time_limit_seconds: int | None = None
    pass_accuracy_percent: int = 90
    critical_error_fails: bool = True
    skill_targets: Mapping[str, int] = field(default_factory=dict)
    quiet: bool = False
    """No random table events: no wager move but a rigged one, every simulated player by the house way, advice or a
    basic strategy unless the rigging says otherwise."""
    watch: Watch | None = None
    """For a watch scenario, its faults and pace: a trainee watches its rounds and flags faults; None to deal them."""

    def to_json(self) -> JsonObject:
        """The scenario as JSON that :meth:`from_json` reads back to an equal scenario."""
        return {
            "game": self.game.key,
            "rules": dict(self.rules),
            "seats": {
                str(seat): {spot: amount.to_json() for spot, amount in wagers.items()}
                for seat, wagers in self.seats.items()
            },
            "rigging": self.rigging.to_json(),
            "automations": [*sorted(self.automations)],
            "mode": self.mode,
            "rounds": self.rounds,
            "time_limit_seconds": self.time_limit_seconds,
            "pass_accuracy_percent": self.pass_accuracy_percent,
            "critical_error_fails": self.critical_error_fails,
            "skill_targets": dict(sorted(self.skill_targets.items())),
            "quiet": self.quiet,
            **({} if self.watch is None else {"watch": self.watch.to_json()}),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, JsonValue]) -> ScenarioSpec:
        """Read and check a scenario; ScenarioError naming every bad field, nothing half-read."""
        return _Reader(data).spec()


def game_steps(game: Game) -> list[str]:
    """Every step a round of the game can have, sorted: what a scenario may leave to the engine or the trainee."""
    return sorted(game.deal(TableDeal(rules={}, seed=0, automations=frozenset())).step_names() | game.rules_steps)


def _whole(value: JsonValue, minimum: int, maximum: int | None = None) -> int:
    """A whole number within bounds; ValueError saying which are wanted."""
    if type(value) is not int or value < minimum or (maximum is not None and value > maximum):
        upper = "" if maximum is None else f" to {maximum}"
        raise ValueError(f"{value!r} is not a whole number from {minimum}{upper}")
    return value


def _cents(value: JsonValue) -> int:
    """An amount in cents up to the school's largest, :data:`simulator.core.money.MAX_CENTS`; ValueError otherwise."""
    if type(value) is not int:
        raise ValueError(f"{value!r} is not an amount in cents")
    if value > MAX_CENTS:
        raise ValueError(f"an amount over {format_cents(MAX_CENTS)} is more than any table takes")
    return value


def _seat_number(key: str, places: tuple[int, ...]) -> int:
    """A seat or place number written as a JSON key; ValueError unless it is one of ``places``."""
    if not key.isdigit() or int(key) not in places:
        raise ValueError(f"{key!r} is not one of {', '.join(map(str, places))}")
    return int(key)


class _Reader:
    """Reads one scenario's JSON, gathering an error for every bad field before raising them together."""

    def __init__(self, data: Mapping[str, JsonValue]) -> None:
        """Start reading ``data`` with no errors."""
        self.data = data
        self.errors: dict[str, str] = {}

    def field(self, name: str, read: Any, default: Any) -> Any:
        """Read one top-level field with ``read`` (ValueError → an error under ``name``); missing gives ``default``."""
        if self.data.get(name) is None:
            return default
        try:
            return read(self.data[name])
        except ValueError as error:
            self.errors[name] = str(error)
            return default

    def spec(self) -> ScenarioSpec:
        """The scenario, or ScenarioError with every bad field."""
        unknown = set(self.data) - {*ScenarioSpec.__dataclass_fields__}
        self.errors.update({name: "unknown field" for name in sorted(unknown)})
        game = GAMES.get(str(self.data.get("game")))
        if game is None:
            raise ScenarioError({"game": f"{self.data.get('game')!r} is not a game of the school", **self.errors})
        given_rules = self.data.get("rules") or {}
        if not isinstance(given_rules, Mapping):
            raise ScenarioError({"rules": "an object of the game's options is wanted"})
        rules_json = dict(given_rules)
        try:
            rules = game.read_rules(rules_json)
        except RulesError as error:
            raise ScenarioError({f"rules.{name}": message for name, message in error.errors.items()}) from None
        rounds = self.field("rounds", lambda value: _whole(value, 1, MAX_ROUNDS), 1)
        steps = set(game_steps(game))
        automations = self.field(
            "automations", lambda value: self.automations(value, steps, game.engine_steps), game.automations
        )
        seats = self.seats(game, rules)
        rigging = self.rigging(game, rules, seats, rounds)
        spec = ScenarioSpec(
            game,
            rules_json,
            seats,
            rigging,
            automations,
            self.field("mode", self.mode, "practice"),
            rounds,
            self.field("time_limit_seconds", lambda value: _whole(value, 1, MAX_TIME_LIMIT_SECONDS), None),
            self.field("pass_accuracy_percent", lambda value: _whole(value, 0, 100), 90),
            self.field("critical_error_fails", self.flag, True),
            self.field("skill_targets", self.targets, {}),
            self.field("quiet", self.flag, False),
            self.watch(self.data.get("watch")),
        )
        if self.errors:
            raise ScenarioError(self.errors)
        return spec

    @staticmethod
    def automations(value: JsonValue, steps: set[str], engine_steps: frozenset[str]) -> frozenset[str]:
        """The steps the engine performs: a list of the game's own step names, holding every one no person performs."""
        if not isinstance(value, list) or not all(isinstance(step, str) for step in value):
            raise ValueError("a list of step names is wanted")
        unknown = sorted({str(step) for step in value} - steps)
        if unknown:
            raise ValueError(f"{', '.join(unknown)} is not a step of this game")
        left_out = sorted(engine_steps - {str(step) for step in value})
        if left_out:
            words = ", ".join(step.replace("_", " ") for step in left_out)
            step, it = ("this step", "it") if len(left_out) == 1 else ("these steps", "them")
            raise ValueError(
                f"{words}: no dealer or floorperson performs {step} and the trainee has no control for {it}, "
                f"so the round could not go on: the engine must perform {it}"
            )
        return frozenset(str(step) for step in value)

    @staticmethod
    def mode(value: JsonValue) -> str:
        """Practice or exam."""
        if value not in MODES:
            raise ValueError(f"{value!r} is not one of {', '.join(MODES)}")
        return str(value)

    @staticmethod
    def targets(value: JsonValue) -> dict[str, int]:
        """Target seconds by skill key, each a whole number from 1 to an hour (the trainer checks the keys)."""
        if not isinstance(value, Mapping):
            raise ValueError("an object of skill keys and whole seconds is wanted")
        return {str(key): _whole(seconds, 1, LONGEST_TARGET_SECONDS) for key, seconds in value.items()}

    @staticmethod
    def flag(value: JsonValue) -> bool:
        """True or false."""
        if type(value) is not bool:
            raise ValueError(f"true or false is wanted, not {value!r}")
        return value

    def watch(self, value: JsonValue) -> Watch | None:
        """A watch scenario's part: distinct fault kinds by key, 0 to 3 faults or a range of them, a pace in seconds."""
        if value is None:
            return None
        if not isinstance(value, Mapping):
            self.errors["watch"] = "an object of fault kinds, a number of faults and a pace is wanted"
            return None
        self.errors.update({f"watch.{name}": "unknown field" for name in value if name not in WATCH_FIELDS})
        kinds = value.get("kinds") or []
        if not isinstance(kinds, list) or not all(isinstance(kind, str) for kind in kinds):
            self.errors["watch.kinds"] = "a list of fault kinds by key is wanted"
            kinds = []
        elif len(set(kinds)) < len(kinds):
            self.errors["watch.kinds"] = "each fault kind is named once"
        fewest, most = self.fault_count(value.get("faults"))
        pace = value.get("pace_seconds", DEFAULT_WATCH_PACE)
        try:
            pace = _whole(pace, WATCH_PACES.start, WATCH_PACES.stop - 1)
        except ValueError as error:
            self.errors["watch.pace_seconds"] = f"{error} seconds between steps"
            pace = DEFAULT_WATCH_PACE
        return Watch(tuple(str(kind) for kind in kinds), fewest, most, pace)

    def fault_count(self, value: JsonValue) -> tuple[int, int]:
        """How many faults a watched round holds: a number from 0 to 3, or a range; random (0 to 3) when not given."""
        if value is None:
            return 0, MAX_FAULTS
        try:
            if isinstance(value, Mapping) and set(value) == {"minimum", "maximum"}:
                fewest, most = (_whole(value[end], 0, MAX_FAULTS) for end in ("minimum", "maximum"))
            else:
                fewest = most = _whole(value, 0, MAX_FAULTS)
        except ValueError as error:
            self.errors["watch.faults"] = f"{error}: a round holds 0 to {MAX_FAULTS} faults"
            return 0, MAX_FAULTS
        if most < fewest:
            self.errors["watch.faults"] = "the most faults is below the fewest"
            return 0, MAX_FAULTS
        return fewest, most

    def seats(self, game: Game, rules: object) -> dict[int, dict[str, WagerRange]]:
        """The seated players and their wagers, each checked against the table's limits at both ends of its range."""
        given = self.data.get("seats") or {}
        if not isinstance(given, Mapping):
            self.errors["seats"] = "an object of seats is wanted"
            return {}
        if given and not game.scenario.betting_areas:
            self.errors["seats"] = "simulated players sit at this game's tables: it seats no players of its own"
            return {}
        seats: dict[int, dict[str, WagerRange]] = {}
        for key, wagers in given.items():
            try:
                seat = _seat_number(key, SEATS)
            except ValueError as error:
                self.errors[f"seats.{key}"] = f"there is no such seat: {error}"
                continue
            if not isinstance(wagers, Mapping):
                self.errors[f"seats.{key}"] = "an object of wagers by betting area is wanted"
                continue
            seats[seat] = {}
            for spot, amount in wagers.items():
                try:
                    seats[seat][spot] = self.wager(amount)
                except ValueError as error:
                    self.errors[f"seats.{seat}.{spot}"] = str(error)
            unknown = sorted(set(seats[seat]) - set(game.scenario.betting_areas))
            if unknown:
                self.errors[f"seats.{seat}"] = f"{', '.join(unknown)} is not a betting area of this table"
            elif isinstance(rules, SeatedRules) and f"seats.{seat}" not in self.errors:
                self.check_limits(rules, seat, seats[seat])
        return seats

    def check_limits(self, rules: SeatedRules, seat: int, wagers: Mapping[str, WagerRange]) -> None:
        """A seat's wagers within the table's limits and betting areas, at the low and the high end of each range."""
        for end in ("minimum", "maximum"):
            try:
                _check_seat(rules, seat, {spot: getattr(amount, end) for spot, amount in wagers.items()})
            except ValueError as error:
                self.errors[f"seats.{seat}"] = str(error)
                return

    @staticmethod
    def wager(value: JsonValue) -> WagerRange:
        """A fixed amount in cents, or ``{"minimum": …, "maximum": …}`` in cents."""
        if type(value) is int:
            amount = _cents(value)
            return WagerRange(amount, amount)
        if isinstance(value, Mapping) and set(value) == {"minimum", "maximum"}:
            low, high = (_whole(value[end], 1, MAX_CENTS) for end in ("minimum", "maximum"))
            if high < low:
                raise ValueError("the maximum is below the minimum")
            return WagerRange(low, high)
        raise ValueError(f"{value!r} is not an amount in cents or a minimum and maximum")

    def rigging(self, game: Game, rules: object, seats: Mapping[int, Mapping[str, WagerRange]], rounds: int) -> Rigging:
        """What the scenario fixes: every field checked against the game's registry entry, the table and the others."""
        given = self.data.get("rigging") or {}
        if not isinstance(given, Mapping):
            self.errors["rigging"] = "an object is wanted"
            return Rigging()
        known = {*Rigging.__dataclass_fields__}
        self.errors.update({f"rigging.{name}": "unknown field" for name in given if name not in known})
        dice = self.dice(given.get("dice"))
        hands = self.hands(given.get("hands") or {})
        tiger_nine = self.rigging_flag(given, "tiger_nine")
        if tiger_nine and isinstance(rules, TableRules):
            self.check_tiger_nine(rules, hands)
        hit_round = self.round_number(given, "mystery_hit_round", rounds)
        if hit_round is not None and isinstance(rules, TableRules) and rules.mystery is None:
            self.errors["rigging.mystery_hit_round"] = "this table has no Mystery Bonus to hit"
        elif hit_round is not None and isinstance(rules, TableRules) and seats and not self.holds_progressive(seats):
            self.errors["rigging.mystery_hit_round"] = "no seated player holds a progressive wager to win it"
        ace_round = self.round_number(given, "ace_of_spades_round", rounds)
        if ace_round is not None and seats and not any(MATCH_THE_DEALER in wagers for wagers in seats.values()):
            self.errors["rigging.ace_of_spades_round"] = "no seated player holds a Match the Dealer wager to win it"
        late = self.late_wager(given.get("late_wager"), game, rules, seats) if isinstance(rules, SeatedRules) else None
        missing = given.get("missing_chip_seat")
        progressive = _progressive_spot(rules)
        held = type(missing) is int and progressive in seats.get(missing, {})
        if missing is not None and isinstance(rules, SeatedRules) and not held:
            self.errors["rigging.missing_chip_seat"] = f"{missing!r} is not a seat holding a {progressive} wager"
        missing_seat = missing if type(missing) is int else None
        foul = given.get("foul_seat")
        if foul is not None and not (type(foul) is int and foul in seats):
            self.errors["rigging.foul_seat"] = f"{foul!r} is not a seat with a player to foul the hand"
        foul_seat = foul if type(foul) is int and foul in seats else None
        cards = self.dealt_cards(given.get("cards") or {}, rules, seats) if isinstance(rules, DownUnderTable) else {}
        if cards and ace_round is not None:
            self.errors["rigging.cards"] = "the A♠ round deals its own cards: rig the cards or that round, not both"
        community: tuple[Card, ...] = ()
        habits: dict[int, SeatHabit] = {}
        base_game = game.scenario.base_game
        if base_game is not None and isinstance(rules, MysteryRules) and rules.base_game is BaseGameDealer.TRAINEE:
            cards, community = self.base_game_cards(given, base_game)
            habits = self.habits(given.get("habits") or {}, base_game.habits)
        elif base_game is not None:
            self.refuse_base_game_rigging(given)
        elif isinstance(rules, DownUnderTable):
            habits = self.blackjack_styles(given.get("habits") or {}, rules, seats)
        low_hands: dict[int, tuple[Card, ...]] = {}
        if isinstance(rules, TableRules):
            habits = self.pai_gow_settings(given.get("habits") or {}, seats, foul_seat)
            fouled = set() if foul_seat is None else {foul_seat}
            low_hands = self.low_hands(given.get("low_hands") or {}, hands, set(habits) | fouled)
        for name in sorted(known - game.scenario.rigging):
            if given.get(name):
                self.errors[f"rigging.{name}"] = f"a {game.name} scenario does not rig this"
        cash = game.scenario.rigging
        buy_in = self.buy_in(given.get("buy_in"), seats) if "buy_in" in cash else None
        colour_up = self.colour_up(given.get("colour_up"), rules, seats) if "colour_up" in cash else None
        rigging = (dice, hands, tiger_nine, hit_round, ace_round, late, missing_seat, foul_seat)
        return Rigging(*rigging, cards, community, habits, low_hands, buy_in, colour_up)

    def cash_seat(self, name: str, value: Mapping[str, JsonValue], seats: Mapping[int, object]) -> int | None:
        """The seat a buy-in or colour-up rigs: one of the scenario's seated players; an error under ``name`` else."""
        seat = value.get("seat")
        if type(seat) is not int or seat not in seats:
            self.errors[f"rigging.{name}"] = f"seat {seat!r:.20} has no player: seat one in the scenario's seats"
            return None
        return seat

    def buy_in(self, value: JsonValue, seats: Mapping[int, object]) -> BuyIn | None:
        """A seated player's buy-in: the seat and the cash in cents, whole dollars up to the largest buy-in."""
        if value is None:
            return None
        if not isinstance(value, Mapping) or set(value) != {"seat", "cash"}:
            self.errors["rigging.buy_in"] = "a seat and the cash in cents are wanted, such as {seat: 2, cash: 30000}"
            return None
        seat = self.cash_seat("buy_in", value, seats)
        problem = buy_in_problem(value["cash"])
        if problem:
            self.errors["rigging.buy_in"] = problem
        return None if seat is None or problem else BuyIn(seat, json_int(value["cash"]))

    def colour_up(self, value: JsonValue, rules: object, seats: Mapping[int, object]) -> ColourUp | None:
        """A seated player's leaving after the round with chips of the table's rack to colour up."""
        if value is None:
            return None
        if not isinstance(value, Mapping) or set(value) != {"seat", "chips"}:
            self.errors["rigging.colour_up"] = 'a seat and the chips in front of them are wanted, such as "500x12"'
            return None
        seat = self.cash_seat("colour_up", value, seats)
        rack = rules.rack if isinstance(rules, HouseChips) else DEFAULT_RACK
        try:
            if not isinstance(value["chips"], str):
                raise ChipsError(f'chips are named as text, such as "500x12 100x3", not {value["chips"]!r:.20}')
            chips = read_chips(value["chips"], rack)
        except ChipsError as error:
            self.errors["rigging.colour_up"] = str(error)
            return None
        if not chips:
            self.errors["rigging.colour_up"] = "a leaving player has at least one chip to colour up"
            return None
        return None if seat is None else ColourUp(seat, chips)

    def rigging_flag(self, given: Mapping[str, JsonValue], name: str) -> bool:
        """A rigging field that is true or false (false when not given); "yes" or 1 is an error, not a guess."""
        value = given.get(name)
        if value is None:
            return False
        try:
            return self.flag(value)
        except ValueError as error:
            self.errors[f"rigging.{name}"] = str(error)
            return False

    def dice(self, value: JsonValue) -> DiceRoll | None:
        """The rigged dice, red first ("6 1 1"); none when not given."""
        if not value:
            return None
        try:
            return parse_dice_roll(str(value))
        except ValueError as error:
            self.errors["rigging.dice"] = str(error)
            return None

    def read_cards(self, name: str, text: JsonValue) -> tuple[Card, ...] | None:
        """Cards as a person types them ("Kd 9c"); None, with an error beside field ``name``, when unreadable."""
        try:
            return parse_cards(str(text))
        except ValueError as error:
            self.errors[name] = str(error)
            return None

    def cards_by_place(self, field: str, value: JsonValue, wanted: str) -> list[tuple[str, int, tuple[Card, ...]]]:
        """Each place's rigged cards as (key, place, cards) from rigging ``field``'s object of card texts by place.

        A key that is no place or a text that is no cards gets an error beside it; ``value`` not an object, ``wanted``.
        """
        if not isinstance(value, Mapping):
            self.errors[f"rigging.{field}"] = f"{wanted} is wanted"
            return []
        read: list[tuple[str, int, tuple[Card, ...]]] = []
        for key, text in value.items():
            name = f"rigging.{field}.{key}"
            try:
                place = _seat_number(key, PLACES)
            except ValueError as error:
                self.errors[name] = str(error)
                continue
            cards = self.read_cards(name, text)
            if cards is not None:
                read.append((key, place, cards))
        return read

    def hands(self, value: JsonValue) -> dict[int, tuple[Card, ...]]:
        """The rigged seven-card hands by place, every card once and one joker at most in the 53-card deck."""
        hands: dict[int, tuple[Card, ...]] = {}
        for key, place, cards in self.cards_by_place("hands", value, "an object of cards by place (0 is the dealer)"):
            if len(cards) != STACK_SIZE:
                dealt = counted(len(cards), "card")
                self.errors[f"rigging.hands.{key}"] = (
                    f"{dealt} cannot be dealt as a stack: a stack is exactly seven cards"
                )
                continue
            hands[place] = cards
        counts = Counter(card for cards in hands.values() for card in cards)
        for place, cards in hands.items():
            jokers = [card for card in cards if card.is_joker]
            if counts[jokers[0]] > 1 if jokers else False:
                self.errors[f"rigging.hands.{place}"] = "two jokers: the 53-card deck holds one joker"
            repeated = sorted({str(card) for card in cards if counts[card] > 1 and not card.is_joker})
            if repeated:
                self.errors[f"rigging.hands.{place}"] = f"{', '.join(repeated)} used twice: the deck holds each once"
        return hands

    def dealt_cards(
        self, value: JsonValue, rules: DownUnderTable, seats: Mapping[int, Mapping[str, WagerRange]]
    ) -> dict[int, tuple[Card, ...]]:
        """Down Under Blackjack's rigged first two cards by place: a seated player's or the dealer's, from the shoe."""
        dealt: dict[int, tuple[Card, ...]] = {}
        for key, place, cards in self.cards_by_place(
            "cards", value, "an object of two cards by place (0 is the dealer)"
        ):
            name = f"rigging.cards.{key}"
            if len(cards) != DEALT_CARDS or any(card.is_joker for card in cards):
                self.errors[name] = f"{counted(len(cards), 'card')}: each place is dealt two cards, no joker"
            elif place != DEALER and place not in seats:
                self.errors[name] = f"seat {place} has no player: seat one to rig its cards"
            else:
                dealt[place] = cards
        counts = Counter(card for cards in dealt.values() for card in cards)
        too_many = sorted(str(card) for card, count in counts.items() if count > rules.decks)
        if too_many:
            self.errors["rigging.cards"] = (
                f"a {rules.decks}-deck shoe holds {rules.decks} of each card: {', '.join(too_many)}"
            )
        return dealt

    def refuse_base_game_rigging(self, given: Mapping[str, JsonValue]) -> None:
        """Refuse, field by field, rigging the base game at a table whose engine deals it."""
        cards, habits = given.get("cards"), given.get("habits")
        rigged = [
            *(f"cards.{key}" for key in (cards if isinstance(cards, Mapping) else {})),
            *(f"habits.{key}" for key in (habits if isinstance(habits, Mapping) else {})),
            *(["community_cards"] if given.get("community_cards") else []),
        ]
        for name in rigged:
            self.errors[f"rigging.{name}"] = (
                "the engine deals the base game at this table: set the base game to dealt by the trainee to rig it"
            )

    def base_game_cards(
        self, given: Mapping[str, JsonValue], game: CarnivalGame
    ) -> tuple[dict[int, tuple[Card, ...]], tuple[Card, ...]]:
        """The rigged hole cards by place and the board of the base game a trainee deals.

        Each card once, no joker, no more than a place is dealt; a rigged seat is seated to play them.
        """
        value, board = given.get("cards") or {}, given.get("community_cards") or ""
        dealt = {
            place: self.base_game_hand(f"rigging.cards.{key}", cards, game, place_cards(game, place))
            for key, place, cards in self.cards_by_place(
                "cards", value, "an object of cards by place (0 is the dealer)"
            )
        }
        board_cards = self.read_cards("rigging.community_cards", board)
        community = self.base_game_hand("rigging.community_cards", board_cards or (), game, board_size(game))
        held = {f"rigging.cards.{place}": cards for place, cards in dealt.items()} | {
            "rigging.community_cards": community
        }
        counts = Counter(card for cards in held.values() for card in cards)
        for name, cards in held.items():
            repeated = sorted({str(card) for card in cards if counts[card] > 1})
            if repeated:
                self.errors[name] = f"{', '.join(repeated)} rigged twice: the deck holds each card once"
        return {place: cards for place, cards in dealt.items() if cards}, community

    def base_game_hand(self, name: str, cards: tuple[Card, ...], game: CarnivalGame, largest: int) -> tuple[Card, ...]:
        """One place's rigged cards (or the board's): no joker, ``largest`` at most; none, with an error, otherwise."""
        if any(card.is_joker for card in cards):
            self.errors[name] = f"{game.name} is dealt from a 52-card deck: no joker"
            return ()
        if cards and not largest:
            self.errors[name] = f"{game.name} deals the dealer no hand: rig the community cards instead"
            return ()
        if len(cards) > largest:
            self.errors[name] = f"{counted(len(cards), 'card')}: {game.name} deals {largest} here at most"
            return ()
        return cards

    def habits(self, value: JsonValue, kinds: Iterable[SeatHabit]) -> dict[int, SeatHabit]:
        """How each rigged seat's player decides, one of ``kinds`` by its key ("wrong_amount", "hunch")."""
        if not isinstance(value, Mapping):
            self.errors["rigging.habits"] = "an object of habits by seat is wanted"
            return {}
        habits: dict[int, SeatHabit] = {}
        known = {habit_key(habit): habit for habit in kinds}
        for key, name in value.items():
            try:
                seat = _seat_number(key, SEATS)
            except ValueError as error:
                self.errors[f"rigging.habits.{key}"] = f"there is no such seat: {error}"
                continue
            if name not in known:
                self.errors[f"rigging.habits.{key}"] = f"{name!r} is not one of {', '.join(known)}"
                continue
            habits[seat] = known[str(name)]
        return habits

    def blackjack_styles(
        self, value: JsonValue, rules: DownUnderTable, seats: Mapping[int, Mapping[str, WagerRange]]
    ) -> dict[int, SeatHabit]:
        """The style each rigged seat's player plays the hand by ("hunch"): seated, where the trainee deals the hand."""
        styles = self.habits(value, BlackjackStyle)
        if styles and rules.trainee_deals is not TraineeDeals.WHOLE_ROUND:
            self.errors["rigging.habits"] = (
                "the engine plays the hand at this table: set trainee_deals to the whole round to rig a player's style"
            )
        for seat in styles:
            if seat not in seats:
                self.errors[f"rigging.habits.{seat}"] = f"seat {seat} has no player: seat one to rig its style"
        return styles

    def pai_gow_settings(
        self, value: JsonValue, seats: Mapping[int, Mapping[str, WagerRange]], foul_seat: int | None
    ) -> dict[int, SeatHabit]:
        """How each rigged seat's player sets the hand ("house_way", "own_way"): a seated player, not the foul's."""
        settings = self.habits(value, PAI_GOW_SETTINGS)
        for seat in settings:
            if seat not in seats:
                self.errors[f"rigging.habits.{seat}"] = f"seat {seat} has no player: seat one to rig how it sets"
            elif seat == foul_seat:
                self.errors[f"rigging.habits.{seat}"] = f"seat {seat}'s player fouls the hand: rig one or the other"
        return settings

    def low_hands(
        self, value: JsonValue, hands: Mapping[int, tuple[Card, ...]], set_otherwise: set[int]
    ) -> dict[int, tuple[Card, ...]]:
        """Each seat's rigged low hand: two of its rigged seven cards, where its setting is not rigged otherwise."""
        low_hands: dict[int, tuple[Card, ...]] = {}
        for key, seat, cards in self.cards_by_place("low_hands", value, "an object of two cards by seat"):
            name = f"rigging.low_hands.{key}"
            held = hands.get(seat)
            if seat == DEALER:
                self.errors[name] = "the dealer's hand is set by the house way: rig a seat's low hand"
            elif held is None:
                self.errors[name] = f"seat {seat}'s seven cards are not rigged: rig them to rig how they are set"
            elif len(cards) != 2 or len(set(cards)) != 2 or not set(cards) <= set(held):
                self.errors[name] = f"two of seat {seat}'s rigged cards are wanted: {format_cards(held)}"
            elif seat in set_otherwise:
                self.errors[name] = f"seat {seat}'s setting is rigged already: rig its low hand or its setting"
            else:
                low_hands[seat] = cards
        return low_hands

    def check_tiger_nine(self, rules: TableRules, hands: Mapping[int, tuple[Card, ...]]) -> None:
        """A Tiger 9 is the dealer's at a commission-free table, and rigged dealer's cards must set to one."""
        if not rules.commission_free:
            self.errors["rigging.tiger_nine"] = "a Tiger 9 is offered at a commission-free table only (§645b.1(d)(2))"
            return
        dealer = hands.get(DEALER)
        if dealer is None:
            self.check_tiger_nine_left(rules, hands)
            return
        low = HOUSE_WAYS[rules.house_way].set_hand(dealer, rules.wheel_rank).low
        if not is_tiger_nine(low):
            self.errors["rigging.tiger_nine"] = (
                f"the house way sets the dealer's low hand {format_cards(low)}, not a 9-high Tiger 9 (§645b.1(d)(2))"
            )

    def check_tiger_nine_left(self, rules: TableRules, hands: Mapping[int, tuple[Card, ...]]) -> None:
        """The cards the rigged hands leave must hold seven that the house way sets with a Tiger 9 for the dealer."""
        rigged = {card for cards in hands.values() for card in cards}
        if not _tiger_nine_possible(rules, [card for card in pai_gow_deck() if card not in rigged]):
            self.errors["rigging.tiger_nine"] = (
                "the rigged hands leave the dealer no seven cards that the house way sets with a 9-high low hand "
                "(§645b.1(d)(2)): leave the dealer a 9 and lower cards, or rig the dealer's cards"
            )

    def round_number(self, given: Mapping[str, JsonValue], name: str, rounds: int) -> int | None:
        """A round of the attempt, 1 to ``rounds``; none when not given."""
        value = given.get(name)
        if value is None:
            return None
        try:
            return _whole(value, 1, rounds)
        except ValueError as error:
            self.errors[f"rigging.{name}"] = f"{error}: the attempt has {counted(rounds, 'round')}"
            return None

    @staticmethod
    def holds_progressive(seats: Mapping[int, Mapping[str, WagerRange]]) -> bool:
        """Whether a seated Pai Gow Poker player makes the progressive wager, the Mystery Bonus's qualifying wager."""
        return any("progressive" in wagers for wagers in seats.values())

    def late_wager(
        self, value: JsonValue, game: Game, rules: SeatedRules, seats: Mapping[int, Mapping[str, WagerRange]]
    ) -> WagerMove | None:
        """A seated player's wager after "No more bets", within the limits: a new one, or a change of a fixed one."""
        if value is None:
            return None
        if not isinstance(value, Mapping) or set(value) != {"seat", "spot", "amount"}:
            self.errors["rigging.late_wager"] = "a seat, a betting area and an amount are wanted"
            return None
        seat, spot = value["seat"], str(value["spot"])
        if spot not in game.scenario.betting_areas:
            self.errors["rigging.late_wager"] = f"{spot} is not a betting area of this table"
            return None
        if type(seat) is not int or seat not in seats:
            self.errors["rigging.late_wager"] = f"seat {seat!r} has no player"
            return None
        try:
            amount = _cents(value["amount"])
        except ValueError as error:
            self.errors["rigging.late_wager"] = str(error)
            return None
        held = seats[seat].get(spot)
        if held is not None and held.minimum != held.maximum:
            self.errors["rigging.late_wager"] = f"seat {seat}'s {spot} wager is drawn each round: fix it to change it"
            return None
        base_spot, base_amount = _base_wager(rules)
        try:
            _check_seat(rules, seat, {base_spot: base_amount, spot: amount})
        except ValueError as error:
            self.errors["rigging.late_wager"] = str(error)
            return None
        if held is not None and (spot == _progressive_spot(rules) or held.minimum == amount):
            self.errors["rigging.late_wager"] = f"seat {seat} already holds that {spot} wager"
            return None
        return WagerMove(seat, spot, amount, None if held is None else held.minimum)


WATCH_FIELDS = frozenset({"kinds", "faults", "pace_seconds"})
"""The fields of a watch scenario's part."""

PAI_GOW_SETTINGS = (PlayerStyle.HOUSE_WAY, PlayerStyle.OWN_WAY)
"""How a scenario may rig a Pai Gow Poker player's setting (a foul is rigged by ``foul_seat``)."""


def habit_key(habit: SeatHabit) -> str:
    """A player's habit or style as a scenario writes it: "house_advice", "wrong_amount"; "basic", "hunch"."""
    return habit.name.lower()


def _unit(rules: SeatedRules, spot: str) -> int:
    """The unit a drawn wager on ``spot`` comes in: the table's at Pai Gow Poker, whole dollars at Down Under."""
    if isinstance(rules, DownUnderTable):
        return DOWN_UNDER_UNIT
    return rules.pai_gow_limits.unit if spot == "pai-gow" else rules.side_wager_limits.unit


def _base_wager(rules: SeatedRules) -> tuple[str, int]:
    """The wager a player must hold to play, with its least amount: the one a late wager goes beside."""
    if isinstance(rules, DownUnderTable):
        return BLACKJACK, DOWN_UNDER_UNIT
    return "pai-gow", rules.pai_gow_limits.minimum


def _progressive_spot(rules: object) -> str:
    """The betting area of the table's progressive wager, whose chip is counted into the container."""
    return MATCH_THE_DEALER if isinstance(rules, DownUnderTable) else "progressive"


def _check_seat(rules: SeatedRules, seat: int, wagers: Mapping[str, int]) -> None:
    """Raise ValueError when one seat's wagers (on the game's betting areas) break the table's limits."""
    if isinstance(rules, TableRules):
        check_wagers(rules, {seat: wagers})
        return
    if BLACKJACK not in wagers:
        raise ValueError(f"seat {seat} needs a Down Under Blackjack wager to play (§685a.6(d))")
    check_down_under_wagers(rules, {seat: SeatWagers.from_json(wagers)})


def _tiger_nine_hand(rules: TableRules, cards: list[Card], rng: random.Random) -> tuple[Card, ...]:
    """Seven of ``cards`` that the house way sets with a Tiger 9 low hand, drawn with ``rng``."""
    house_way = HOUSE_WAYS[rules.house_way]
    for _ in range(TIGER_NINE_DRAWS):
        hand = tuple(rng.sample(cards, STACK_SIZE))
        if is_tiger_nine(house_way.set_hand(hand, rules.wheel_rank).low):
            return hand
    raise ValueError("No Tiger 9 was found among the cards left for the dealer.")


def _tiger_nine_possible(rules: TableRules, cards: list[Card]) -> bool:
    """Whether the engine finds seven of ``cards`` that the house way sets with a Tiger 9 (none without a 9)."""
    if not any(card.rank is Rank.NINE for card in cards):
        return False
    try:
        _tiger_nine_hand(rules, cards, random.Random(0))
    except ValueError:
        return False
    return True


def _deck_top(rules: TableRules, rigging: Rigging, dice: DiceRoll, rng: random.Random) -> tuple[Card, ...]:
    """The seven stacks in delivery order: the rigged hands where given, the rest drawn from the shuffled deck."""
    rigged = set(card for cards in rigging.hands.values() for card in cards)
    rest = shuffled([card for card in pai_gow_deck() if card not in rigged], rng)
    hands = dict(rigging.hands)
    if rigging.tiger_nine and DEALER not in hands:
        hands[DEALER] = _tiger_nine_hand(rules, rest, rng)
        rest = [card for card in rest if card not in hands[DEALER]]
    top: list[Card] = []
    for place in delivery_order(starting_position(dice.total), rules.dealing_direction):
        top.extend(hands.get(place) or [rest.pop() for _ in range(STACK_SIZE)])
    return tuple(top)


def _rigged(spec: ScenarioSpec, rules: SeatedRules, rng: random.Random) -> RiggedDeal:
    """The scenario's seats, wager phase and any cards and dice for one round, ranges drawn with ``rng``."""
    rigging = spec.rigging
    seats = {
        seat: {spot: amount.draw(_unit(rules, spot), rng) for spot, amount in wagers.items()}
        for seat, wagers in spec.seats.items()
    }
    scenario = Scenario(dice=rigging.dice, player_settings=_low_hand_settings(rigging))
    habits = dict(rigging.habits)
    if isinstance(rules, TableRules) and (rigging.hands or rigging.tiger_nine):
        dice = rigging.dice or roll_dice(rng)
        scenario = replace(scenario, deck_top=_deck_top(rules, rigging, dice, rng), dice=dice)
        habits = dict.fromkeys(set(rigging.hands) - {DEALER}, PlayerStyle.HOUSE_WAY) | habits
    moves = (rigging.late_wager, rigging.missing_chip_seat, rigging.foul_seat)
    cash = (rigging.buy_in, rigging.colour_up)
    return RiggedDeal(seats, scenario, *moves, rigging.cards, buy_in=cash[0], colour_up=cash[1], habits=habits)


def _low_hand_settings(rigging: Rigging) -> dict[int, SetHand]:
    """Each rigged low hand's seat set as the instructor split it: the two low cards, the other five high."""
    return {
        seat: SetHand(tuple(card for card in rigging.hands[seat] if card not in low), low)
        for seat, low in rigging.low_hands.items()
    }


def deal_scenario(
    spec: ScenarioSpec,
    seed: int,
    round_number: int,
    carried_meters: Mapping[str, JsonValue] | None = None,
    chip_count_mismatch: ChipCountMismatch = ChipCountMismatch.CALL_FLOORPERSON,
) -> Round:
    """Round ``round_number`` (1 to ``spec.rounds``) of the scenario, dealt with ``seed`` at the table's own dealing.

    A scenario with no seats of its own seats simulated players, as a training table does. Its rack opens from the
    float (no chips carried), so every round of the scenario, and of an exam built from it, is dealt alike.
    """
    rules = spec.game.read_rules(spec.rules)
    rigging = spec.rigging
    rigged = None
    if isinstance(rules, SeatedRules) and (spec.seats or rigging.rigs_the_deal):
        rigged = _rigged(spec, rules, random.Random(f"scenario {seed}"))
    elif rigging.rigs_the_base_game:
        rigged = RiggedDeal({}, cards=rigging.cards, community_cards=rigging.community_cards, habits=rigging.habits)
    deal = TableDeal(
        rules=spec.rules,
        seed=seed,
        automations=spec.automations,
        carried_meters=carried_meters,
        round_number=round_number - 1,
        force_mystery_hit=round_number in (rigging.mystery_hit_round, rigging.ace_of_spades_round),
        chip_count_mismatch=chip_count_mismatch,
        rigged=rigged,
        ace_of_spades=rigging.ace_of_spades_round is not None,
        quiet=spec.quiet,
    )
    return spec.game.deal(deal)
