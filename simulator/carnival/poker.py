"""The shape of a poker-based carnival game: its declaration, its paytables as data and its table's options.

A game is one :class:`CarnivalGame`: its betting areas in the layout's order, its hole cards, its decision points
(:class:`Street`, each dealing or turning the community cards it needs first, each a Play Wager's or a pulled
wager's), its hand reading, its dealer's hand and qualification (none at Let It Ride), its paytables and its
settlement. :class:`~simulator.carnival.round.CarnivalRound` deals any such game step by step;
:mod:`simulator.carnival.three_card_poker`, :mod:`simulator.carnival.ultimate_texas` and
:mod:`simulator.carnival.let_it_ride` declare the three built on it.

A paytable is data read through :func:`read_paytable`: the lines it may pay are the game's, the odds are written
"40 to 1" (at most 10,000 to 1), and every problem is named at once in a :class:`~simulator.core.rules.RulesError`.
A table's option names one of the game's paytables, or holds one the school's Rules Submission filed, as JSON with
its "submission".
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum
from fractions import Fraction

from simulator.core.cards import Card
from simulator.core.chipping import HouseChips
from simulator.core.citations import Citation
from simulator.core.clauses import cite
from simulator.core.json_values import JsonObject, JsonValue, json_object
from simulator.core.money import Cents, Odds
from simulator.core.rules import HouseOption, Option, OptionField, RulesError, choice, gap_options, read_options
from simulator.core.settling import WagerSettlement

WRONG_PLAY_WAGER = cite("Carnival poker wrong Play Wager")
HAND_READING = cite("Carnival poker hand reading")
SETTLEMENT_ORDER = cite("Carnival poker settlement order")
END_OF_ROUND = cite("Carnival poker end of round")

MAX_ODDS = 10_000
"""The most a paytable line may pay, to 1."""
MAX_NAME = 120
"""The longest paytable name or submission a page prints."""


@dataclass(frozen=True, order=True)
class HandReading:
    """A hand as the dealer reads it: a key that compares as the hands do, its category and its words."""

    key: tuple[int, ...]
    category: str = field(compare=False)
    words: str = field(compare=False)


@dataclass(frozen=True)
class Paytable:
    """A paytable: its name and the odds of each line it pays, highest hand first; a hand it does not list loses.

    ``submission`` names the Rules Submission that filed it; empty for a paytable the game declares.
    """

    name: str
    pays: Mapping[str, Odds]
    submission: str = ""

    def odds(self, category: str) -> Odds | None:
        """The odds this paytable pays on a hand of ``category``, or None."""
        return self.pays.get(category)

    def __str__(self) -> str:
        """The paytable as a sign writes it: "straight flush 40 to 1, three of a kind 30 to 1, …"."""
        return ", ".join(f"{line} {odds}" for line, odds in self.pays.items())


def read_paytable(data: Mapping[str, JsonValue], lines: Sequence[str], *, filed: bool = False) -> Paytable:
    """A paytable from JSON {"name": …, "pays": {line: "40 to 1"}}; RulesError naming every bad field, nothing built.

    A ``filed`` paytable also names the Rules Submission that filed it, as "submission".

    >>> read_paytable({"name": "A", "pays": {"pair": "1 to 1", "flush": "4 to 1"}}, ["flush", "pair"]).pays
    {'flush': Odds(win=4, stake=1), 'pair': Odds(win=1, stake=1)}
    >>> try:
    ...     read_paytable({"name": "", "pays": {"pair": 1, "flush": "4 to 1"}, "x": 1}, ["pair"])
    ... except RulesError as error:
    ...     sorted(error.errors)
    ['name', 'pays.flush', 'pays.pair', 'x']
    """
    known = ("name", "submission", "pays") if filed else ("name", "pays")
    errors = {str(key): "unknown field" for key in data if key not in known}
    name = _text(data, "name", errors)
    submission = _text(data, "submission", errors) if filed else ""
    pays = data.get("pays")
    read: dict[str, Odds] = {}
    if not isinstance(pays, dict) or not pays:
        errors["pays"] = "is wanted, as an object of odds by hand"
    else:
        paid = ", ".join(lines)
        errors.update(
            {f"pays.{line}": f"is not a hand this paytable pays on ({paid})" for line in pays if line not in lines}
        )
        for line in lines:
            given = pays.get(line)
            if given is None:
                continue
            try:
                read[line] = _odds(given)
            except ValueError as error:
                errors[f"pays.{line}"] = str(error)
    if errors:
        raise RulesError(errors)
    return Paytable(name, read, submission)


def _text(data: Mapping[str, JsonValue], key: str, errors: dict[str, str]) -> str:
    """A short text field, stripped; its problem goes to ``errors``."""
    given = data.get(key)
    if not isinstance(given, str) or not given.strip():
        errors[key] = "is wanted, as text"
        return ""
    if len(given.strip()) > MAX_NAME:
        errors[key] = f"is at most {MAX_NAME} characters"
    return given.strip()


def _odds(given: JsonValue) -> Odds:
    """A line's odds written as text, from above 0 to 10,000 to 1; ValueError otherwise."""
    if not isinstance(given, str):
        raise ValueError(f"{given!r} is not odds written as text, such as 40 to 1")
    odds = Odds.parse(given)
    if Fraction(odds.win, odds.stake) > MAX_ODDS:
        raise ValueError(f"{odds} pays more than {MAX_ODDS:,} to 1, the most a line may pay.")
    return odds


def paytable_json(paytable: Paytable) -> JsonObject:
    """A filed paytable as JSON, as :func:`read_paytable` reads it back."""
    pays: JsonObject = {line: str(odds) for line, odds in paytable.pays.items()}
    return {"name": paytable.name, "submission": paytable.submission, "pays": pays}


@dataclass(frozen=True)
class PaytableChoice:
    """A table option choosing one of a betting area's paytables: by name, with the clause that offers them."""

    option: str
    area: str
    """The settlement spot this paytable pays: a betting area, or a bonus paid on one (the Ante Bonus)."""
    pays_on: str
    """The betting area whose wager the odds multiply."""
    paytables: Mapping[str, Paytable]
    default: str
    citation: Citation
    explanation: str
    house_rule: bool
    title: str = ""
    """The paytable's name where its area's is not (Let It Ride's, which pays each wager in action)."""

    @property
    def heading(self) -> str:
        """The paytable's name on forms, drills and sprints: its title, or its area's ("Pair Plus")."""
        return self.title or self.area.replace("_", " ").title()

    def field(self, lines: Sequence[str]) -> OptionField:
        """The option as the rules machinery reads, writes and describes it: a paytable's name, or a filed paytable.

        A filed paytable is JSON naming its Rules Submission, paying any of ``lines``; it reads back as that JSON.
        """
        named = choice(
            {name: name for name in self.paytables},
            self.citation,
            self.explanation,
            house_rule=self.house_rule,
            label=f"{self.heading} paytable",
        )

        def read(given: JsonValue) -> JsonValue:
            if isinstance(given, dict):
                return paytable_json(read_paytable(given, lines, filed=True))
            named_paytable: JsonValue = named.read(given)
            return named_paytable

        return replace(named, read=read, describe=describe_paytable)


def describe_paytable(value: JsonValue) -> str:
    """A table's paytable as a person reads it: its name, and the Rules Submission that filed it."""
    if isinstance(value, dict):
        return f"{value['name']} ({value['submission']})"
    return str(value)


def paytables(lines: Sequence[str], tables: Mapping[str, Mapping[str, str]]) -> dict[str, Paytable]:
    """The paytables of one area, each read from its odds by line through :func:`read_paytable`."""
    return {name: read_paytable({"name": name, "pays": dict(pays)}, lines) for name, pays in tables.items()}


class PlayerHabit(StrEnum):
    """How a simulated player decides: by the posted advice, more cautiously, or with a wrong Play Wager to catch."""

    HOUSE_ADVICE = "plays by the house advice"
    CAUTIOUS = "plays only a pair or better"
    WRONG_AMOUNT = "plays by the house advice but puts out a wrong Play Wager"


HABIT_WEIGHTS = {PlayerHabit.HOUSE_ADVICE: 80, PlayerHabit.CAUTIOUS: 14, PlayerHabit.WRONG_AMOUNT: 6}
"""How often a simulated player follows each habit."""


Advice = Callable[["Street", Sequence[Card], Sequence[Card]], int]
"""A decision rule, from the hole cards and the community cards: the Play Wager as a multiple of the Ante at a street
(0 to check or fold), or at a pulled wager's street 1 to let it ride and 0 to pull it back."""


@dataclass(frozen=True)
class Street:
    """A decision point: the community cards showing by then, the Play Wager multiples allowed, and its rules.

    At the ``last`` street a player who does not play folds; before it the player checks. At a street that
    ``pulls`` an area the player lets that wager ride or pulls it back (takes it down), and places no Play Wager.
    """

    name: str
    board_cards: int
    multiples: tuple[int, ...]
    last: bool
    citation: Citation
    """The rule for placing a Play Wager or, at a pulled wager's street, letting the wager ride."""
    passing_citation: Citation
    """The rule for checking, at the last street folding, or at a pulled wager's street pulling it back."""
    deal_citation: Citation | None = None
    """The rule for the community cards dealt or turned before this decision, when there are any."""
    pulls: str | None = None
    """The betting area a player may pull back at this decision (Let It Ride's first and second wagers)."""

    @property
    def wrong_multiple(self) -> int:
        """The amount a careless player puts out: one more than the largest multiple allowed."""
        return max(self.multiples) + 1


@dataclass(frozen=True)
class SeatResult:
    """What settles one position: its wagers, its Play Wager, its hand, the dealer's and the table's paytables."""

    wagers: Mapping[str, Cents]
    play: Cents
    folded: bool
    hand: HandReading
    dealer: HandReading
    """The dealer's hand; :data:`NO_DEALER_HAND` at a game where the dealer holds none."""
    dealer_qualifies: bool
    paytables: Mapping[str, Paytable]


NO_DEALER_HAND = HandReading((), "no hand", "no hand")
"""The dealer's reading where the dealer holds no hand (Let It Ride): lower than any hand, never qualifying."""


@dataclass(frozen=True)
class CarnivalGame:
    """One carnival poker game declared once: areas, cards, decision points, reading, qualification, paytables."""

    key: str
    name: str
    areas: Mapping[str, str]
    """Every betting area by key, with its name on the felt, in the order a position's wagers are settled."""
    side_areas: frozenset[str]
    """The areas settled on the player's own hand whatever the dealer holds (Pair Plus, Trips)."""
    hole_cards: int
    streets: tuple[Street, ...]
    read: Callable[[Sequence[Card]], HandReading]
    """Read a hand from a player's or the dealer's cards with the community cards."""
    rankings: Citation
    qualifies: Callable[[HandReading], bool] | None
    """Whether the dealer's hand qualifies; None where the dealer holds no hand, the dealer's place dealt the board
    face down instead."""
    qualification: Citation | None
    deal: Citation
    paytable_choices: tuple[PaytableChoice, ...]
    advice: Advice
    cautious: Advice
    settle: Callable[[SeatResult], list[tuple[str, WagerSettlement]]]
    """The settlement of each wager of a position, in order; a wager that does not settle is left out."""
    check_wagers: Callable[[Mapping[str, Cents]], str | None]
    """What is wrong with one position's wagers, or None."""
    house_procedures: tuple[Citation, ...]
    """The fixed house procedures a round of the game follows, listed with its table's house rules."""
    base_areas: tuple[str, ...] = ("ante",)
    """The areas the base wager of the game's Mystery Bonus section stands for where the trainee deals the game."""
    pushes: bool = True
    """Whether a wager of the game may push (not at Let It Ride, whose wagers win by the paytable or lose)."""
    board_face_down: int = 0
    """The community cards the dealer's place is dealt face down at a game with no dealer's hand (Let It Ride's two),
    turned before the decisions that need them and the rest before the settlement."""

    @property
    def habits(self) -> tuple[PlayerHabit, ...]:
        """The habits a simulated player may follow at the game: a wrong Play Wager only where there is a Play Wager."""
        play = any(street.multiples for street in self.streets)
        return tuple(habit for habit in PlayerHabit if play or habit is not PlayerHabit.WRONG_AMOUNT)

    @property
    def dealer_holds_hand(self) -> bool:
        """Whether the dealer is dealt a hand of the dealer's own (all but Let It Ride)."""
        return self.qualifies is not None

    @property
    def dealer_place_cards(self) -> int:
        """The cards the dealer's place is dealt: the dealer's hand, or the board face down."""
        return self.hole_cards if self.dealer_holds_hand else self.board_face_down

    def option_fields(self) -> dict[str, OptionField]:
        """The table options: one paytable choice per area that has paytables."""
        lines = self.paying_lines()
        return {paytable.option: paytable.field(lines) for paytable in self.paytable_choices}

    def paying_lines(self) -> tuple[str, ...]:
        """Every hand a paytable of the game may pay: the lines its own paytables list, highest hand first."""
        listed = (
            line for choice in self.paytable_choices for table in choice.paytables.values() for line in table.pays
        )
        return tuple(dict.fromkeys(listed))

    def spot_names(self) -> dict[str, str]:
        """Every settlement spot as the felt names it: the betting areas in the layout's order, then the bonuses."""
        bonuses = {choice.area: choice.area.replace("_", " ").title() for choice in self.paytable_choices}
        return {**self.areas, **{spot: name for spot, name in bonuses.items() if spot not in self.areas}}


@dataclass(frozen=True)
class CarnivalTable(HouseChips):
    """A table's choices for one carnival game: the paytable of each area that has them, and its chip rack.

    The rack and chipping are the MHB table's, whose rules list them (:func:`simulator.mystery.tables.base_game_table`).
    """

    game: CarnivalGame
    chosen: Mapping[str, JsonValue] = field(default_factory=dict)
    """The paytable by option: its name, or a filed paytable as JSON; an option left out takes its default."""

    def __post_init__(self) -> None:
        """Refuse a paytable the game does not offer, or a chipping the rack cannot follow, naming the option."""
        super().__post_init__()
        read_options(self.game.option_fields(), dict(self.chosen))

    def paytable(self, option: PaytableChoice) -> Paytable:
        """The paytable chosen for an option: one of the game's by name, or the filed one."""
        chosen = self.chosen.get(option.option, option.default)
        if isinstance(chosen, str):
            return option.paytables[chosen]
        return read_paytable(json_object(chosen), self.game.paying_lines(), filed=True)

    @property
    def paytables(self) -> dict[str, Paytable]:
        """The paytable in use by betting area."""
        return {option.area: self.paytable(option) for option in self.game.paytable_choices}

    def to_json(self) -> dict[str, JsonValue]:
        """The table's choices as JSON."""
        return {option.option: self.chosen.get(option.option, option.default) for option in self.game.paytable_choices}

    @classmethod
    def from_json(cls, game: CarnivalGame, data: Mapping[str, JsonValue]) -> CarnivalTable:
        """The table's choices from JSON; RulesError naming every unknown or bad field. Missing fields default."""
        return cls(game, read_options(game.option_fields(), data))

    def options(self) -> tuple[Option, ...]:
        """Every option with its default, allowed values, clause and provenance, for the scenario builder."""
        defaults = CarnivalTable(self.game).to_json()
        return tuple(option.option(name, defaults[name]) for name, option in self.game.option_fields().items())

    def house_options(self) -> list[HouseOption]:
        """The options and fixed procedures that fill gaps in the regulation, with their values here."""
        fields = self.game.option_fields()
        return [
            *gap_options(fields, self.to_json(), CarnivalTable(self.game).to_json()),
            *(HouseOption(rule.clause, "the same", "the same", rule) for rule in self.game.house_procedures),
        ]


def check_position(game: CarnivalGame, table: CarnivalTable, seat: int, wagers: Mapping[str, Cents]) -> None:
    """Raise ValueError when a position's wagers break the game's rules or a payout would not be whole cents."""
    unknown = sorted(set(wagers) - set(game.areas))
    if unknown:
        raise ValueError(f"Seat {seat}: {', '.join(unknown)} is not a betting area of {game.name}.")
    if any(type(amount) is not int or amount <= 0 for amount in wagers.values()):
        raise ValueError(f"Seat {seat}: every wager is a positive whole number of cents.")
    problem = game.check_wagers(wagers)
    if problem:
        raise ValueError(f"Seat {seat}: {problem}")
    for option in game.paytable_choices:
        for odds in table.paytable(option).pays.values():
            try:
                odds.pay(wagers.get(option.pays_on, 0))
            except ValueError as error:
                raise ValueError(f"Seat {seat}: {error} Wager an amount whose payouts are whole cents.") from None
