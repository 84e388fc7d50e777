"""The scenario builder's form for one game: only the fields its registry entry supports, in sections to scan.

Each field is named after the scenario field it fills ("rules.house_way", "seats.3", "rigging.dice"), so the engine's
field errors (:class:`simulator.scenarios.ScenarioError`) land beside the field they name. Money is typed in dollars
("25", "1-5" for a range), wagers by the betting area's name on the felt ("Tiger 9 5"), cards as "As Kd JK" and dice
red first as "6 1 1".
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, cast

from django import forms
from django.forms.boundfield import BoundField

from core.fields import MoneyField, WholeNumberField, read_dollars
from scenarios.models import Scenario
from simulator.blackjack.arithmetic import BlackjackStyle
from simulator.carnival.poker import CarnivalGame
from simulator.carnival.rigging import board_size
from simulator.core.citations import Provenance
from simulator.core.json_values import JsonObject, JsonValue
from simulator.core.money import format_cents
from simulator.core.rules import Option
from simulator.games import GAMES, Game
from simulator.pai_gow.round import PLACES, SEATS
from simulator.scenarios import (
    DEFAULT_WATCH_PACE,
    MAX_FAULTS,
    MAX_ROUNDS,
    MAX_TIME_LIMIT_SECONDS,
    PAI_GOW_SETTINGS,
    WATCH_PACES,
    ScenarioError,
    ScenarioSpec,
    game_steps,
    habit_key,
)
from simulator.surveillance.catalogue import FAULTS, fault_kinds
from simulator.surveillance.scenarios import read_scenario
from simulator.table_deals import SeatHabit

FormData = Mapping[str, str]
"""The form's fields as text by name (a ticked box is "on"): as posted, or as written back from a saved scenario."""

DEFAULT_GAME = next(iter(GAMES.values()))
"""The game a new scenario starts with, and whose fields are drawn when the posted game is not one of the school's."""

NAME_LENGTH: int = Scenario._meta.get_field("name").max_length  # type: ignore[assignment]
"""The longest scenario name, as its database column holds it."""

RIGGING_HELP = {
    "dice": "Three dice, the red die first, as 6 1 1. They set the starting position (§645b.2(a)).",
    "hands": "Seven cards each, as As Kd Qh JK (JK is the joker). Leave a place empty to deal it from the deck.",
    "cards": "Two cards each, as As 6c: the dealer's are the upcard, then the hole card (§685a.7(e)). A seat whose "
    "cards are rigged plays them by a basic strategy. Leave a place empty to deal it from the shoe.",
    "base_game_cards": "Up to {count} cards each, as {example}, where the base game is dealt by the trainee. A seat "
    "whose cards or habit are rigged is seated, with the base game's side wagers, and plays by the house advice "
    "unless its habit is rigged. Leave a place empty to deal it from the deck.",
    "community_cards": "Up to {count} cards, in the order they are dealt or turned (the flop first), as {example}; the "
    "rest are dealt from the deck.",
    "habits": "How the seat's player decides: a wrong Play Wager for the dealer to put right, or fewer hands played.",
    "settings": "How the seat's player sets the hand: by the house way, or their own way (the strongest low hand "
    "that does not foul). A seat whose seven cards are rigged sets them by the house way unless this is rigged.",
    "low_hands": "Two of the seat's rigged seven cards, as As Ks: the player sets them as the low hand and the other "
    "five as the high hand, whether or not that fouls. Rig the seat's seven cards first.",
    "quiet": "No random table events: no late wager, missing chip, wager change or player's own way but those rigged "
    "here. Every simulated player plays by the house way, the house advice or a basic strategy.",
    "styles": "How the seat's player plays the hand, where the trainee deals the whole round: a hit on a hard 17 on a "
    "hunch for the dealer to confirm, or never risking a bust. Seat the player to rig its style.",
    "tiger_nine": "The dealer's seven cards set to a 9-high low hand: a commission-free table only (§645b.1(d)(2)).",
    "mystery_hit_round": "The Mystery Bonus hits then; only a seat with a qualifying progressive wager wins it.",
    "ace_of_spades_round": "The Match the Dealer hit forced on that round is the A♠ combination, the 100% award.",
    "late_wager": "A seated player tries a wager after “No more bets”: the dealer must refuse it.",
    "missing_chip_seat": "The chip of the seat's progressive wager is missing from the count: the dealer follows "
    "the house's chip count procedure.",
    "foul_seat": "The seat's player fouls the hand; the table's fouled hand rule settles it.",
    "buy_in": "A seated player lays cash on the layout before the wagers: the dealer counts and announces it, drops "
    "it and sells chips in the house's buy-in mix (whole dollars, at most $100,000).",
    "colour_up": "A seated player leaves after the round with these chips, as 500x12 100x7 for twelve $5 and seven "
    "$1 chips: the dealer colours them up in the fewest chips.",
}
"""What each rigging field fixes, with its clause, as the builder says it under the field."""


WATCH_NUMBERS = {
    "watch.faults.minimum": "fewest faults a round holds",
    "watch.faults.maximum": "most faults a round holds",
    "watch.pace_seconds": "seconds between steps",
}
"""The watch part's numbers, by field, as a refusal names them when one is left empty."""


def _json_text(value: JsonValue) -> str:
    """A JSON value as a select's option value."""
    return json.dumps(value)


def _choice_label(value: JsonValue, money: bool, words: str = "") -> str:
    """A choice as a person reads it: in the option's words where it has them; an amount of money in dollars."""
    if value is None:
        return "none (not offered)"
    if words:
        return words
    if isinstance(value, bool):
        return "yes" if value else "no"
    if money and isinstance(value, int):
        return format_cents(value)
    return str(value)


def _option_help(option: Option) -> str:
    """The option's meaning and where it comes from: its clause, or that the house sets it and why."""
    citation = option.citation
    if citation.provenance is Provenance.HOUSE:
        return f"{option.explanation} Your house procedure{': ' + citation.note if citation.note else '.'}"
    return f"{option.explanation} {citation.label}."


def _dollars(amount: JsonValue) -> str:
    """A wager in cents (or a range) as typed in dollars."""
    if isinstance(amount, dict):
        return f"{_dollars(amount['minimum'])}-{_dollars(amount['maximum'])}"
    return format_cents(int(str(amount))).replace("$", "").replace(",", "")


def _whole_number(label: str, low: int | None, high: int | None, **kwargs: Any) -> WholeNumberField:
    """A whole-number field of the builder, refused with a sentence naming the numbers it takes."""
    if low is not None and high is not None:
        taken = f" from {low} to {high}"
    elif low is not None:
        taken = f" of at least {low}"
    elif high is not None:
        taken = f" of at most {high}"
    else:
        taken = ", such as 3"
    return WholeNumberField(label, low, high, refusal=f"Give a whole number{taken}.", **kwargs)


class OptionChoiceField(forms.ChoiceField):
    """One of an option's allowed values, posted as its JSON text and read back as the value."""

    def __init__(self, option: Option, **kwargs: Any) -> None:
        """The option's choices, each labelled as a person reads it."""
        self.values = {_json_text(choice): choice for choice in option.choices}
        words = option.choice_words or ("",) * len(option.choices)
        choices = [
            (text, _choice_label(choice, option.money, said))
            for (text, choice), said in zip(self.values.items(), words, strict=True)
        ]
        super().__init__(
            choices=choices, error_messages={"invalid_choice": "Choose one of the listed values."}, **kwargs
        )

    def clean(self, value: Any) -> JsonValue:
        """The chosen value."""
        return self.values[super().clean(value)]


class WagersField(forms.Field):
    """A seat's wagers typed by betting area name and dollars: "Pai Gow 25, Tiger 9 5, Sum 1-5" (a range is drawn)."""

    def __init__(self, areas: Mapping[str, str], **kwargs: Any) -> None:
        """Read the betting areas of ``areas`` (key to name on the felt) by name, or by key as saved before."""
        self.areas = areas
        self.names = {name.lower(): key for key, name in areas.items()} | {key: key for key in areas}
        super().__init__(required=False, **kwargs)

    def to_python(self, value: Any) -> JsonObject | None:
        """The wagers by betting area key, in cents; None when the seat is left empty."""
        text = str(value or "").strip()
        if not text:
            return None
        wagers: JsonObject = {}
        for item in filter(None, (part.strip() for part in text.split(","))):
            name, _, amount = item.rpartition(" ")
            spot = self.names.get(name.strip().lower())
            if not name.strip():
                raise forms.ValidationError(f"“{item}”: write the betting area, then the amount in dollars.")
            if spot is None:
                listed = ", ".join(self.areas.values())
                raise forms.ValidationError(f"“{name.strip()}” is not a betting area here: {listed}.")
            try:
                wagers[spot] = _read_amount(amount)
            except forms.ValidationError as error:
                raise forms.ValidationError(f"{self.areas[spot]}: {error.message}") from None
        return wagers


def _read_amount(text: str) -> JsonValue:
    """A wager typed in dollars: "25" or a range "10-50"; cents as the scenario keeps them."""
    low, dash, high = text.partition("-")
    if dash:
        return {"minimum": read_dollars(low), "maximum": read_dollars(high)}
    return read_dollars(text)


class BuilderField(BoundField):
    """A field of the builder: its element id is its name with dashes for dots ("field-rigging-dice")."""

    @property
    def auto_id(self) -> str:
        """The element id, which CSS and fragment links read without escaping."""
        return "field-" + self.html_name.replace(".", "-")

    @property
    def house_rule(self) -> bool:
        """Whether the field is an option the regulation leaves to the house."""
        return self.name in getattr(self.form, "house_rules", ())


@dataclass
class Section:
    """A fieldset of the builder: legend, a line of help, its fields' names and any fieldsets within it."""

    legend: str
    help: str = ""
    names: list[str] = field(default_factory=list)
    parts: list[Section] = field(default_factory=list)
    house_rule: bool = False


@dataclass(frozen=True)
class DrawnSection:
    """A section as the template draws it: its fields bound to the form."""

    section: Section
    fields: list[BoundField]
    parts: list[DrawnSection]


def _capital(text: str) -> str:
    """The text with a capital first letter, as a label or a message starts."""
    return text[:1].upper() + text[1:]


def _step_words(step: str) -> str:
    """A step's name as words: "burn card"."""
    return step.replace("_", " ")


class ScenarioForm(forms.Form):
    """A scenario of one game: its name, then only the fields the game's registry entry supports, by section."""

    bound_field_class = BuilderField

    def __init__(self, game: Game, *args: Any, **kwargs: Any) -> None:
        """The fields of ``game``'s scenarios, in the sections the page draws."""
        super().__init__(*args, **kwargs)
        self.game = game
        self.spec: ScenarioSpec | None = None
        self.house_rules: set[str] = set()
        self.fields["name"] = forms.CharField(
            label="Name",
            max_length=NAME_LENGTH,
            error_messages={
                "required": "Give the scenario a name.",
                "max_length": "The name is %(show_value)d characters long: give one of %(limit_value)d at most.",
                "null_characters_not_allowed": "The name holds a null character: type it again.",
            },
        )
        self.fields["game"] = forms.ChoiceField(
            label="Game",
            choices=[(each.key, each.name) for each in GAMES.values()],
            error_messages={"invalid_choice": "Choose one of the school's games."},
        )
        self.sections = [self._rules(), self._seats(), self._rigging(), self._steps(), self._grading(), self._watch()]

    def _add(self, section: Section, name: str, form_field: forms.Field) -> None:
        """Put a field in the form and in a section."""
        self.fields[name] = form_field
        section.names.append(name)

    def _option(self, section: Section, name: str, option: Option) -> None:
        """The field of one option: a select of its choices, an amount in dollars, a whole number, or text."""
        label, help_text = _capital(option.label), _option_help(option)
        if option.choices:
            form_field: forms.Field = OptionChoiceField(option, label=label, help_text=help_text)
        elif option.money:
            form_field = MoneyField(label=f"{label} in dollars", help_text=help_text)
        elif isinstance(option.default, int):
            form_field = _whole_number(label, option.minimum, option.maximum, help_text=help_text)
        else:
            form_field = forms.CharField(label=label, help_text=help_text)
        self._add(section, name, form_field)
        if option.provenance is Provenance.HOUSE:
            self.house_rules.add(name)

    def _rules(self) -> Section:
        """Table rules: the game's plain options, then a fieldset for each option that is a group of parts."""
        section = Section("Table rules", f"The rules of the {self.game.name} table the scenario is dealt at.")
        for option in self.game.options():
            name = f"rules.{option.name}"
            if not option.parts:
                self._option(section, name, option)
                continue
            part = Section(_capital(option.label), _option_help(option))
            part.house_rule = option.provenance is Provenance.HOUSE
            if option.optional:
                self._add(part, name, forms.BooleanField(label="Offered at this table", required=False))
            for inner in option.parts:
                self._option(part, f"{name}.{inner.name}", inner)
            section.parts.append(part)
        return section

    def _seats(self) -> Section:
        """Seats and wagers: one line of wagers per seat, by the betting areas' names on the felt."""
        areas = self.game.scenario.betting_areas
        if not areas:
            return Section("Seats and wagers", "Simulated players sit at this game's tables, with their own wagers.")
        example = ", ".join(
            f"{name} {amount}" for name, amount in zip(areas.values(), ("25", "5", "1-5"), strict=False)
        )
        section = Section(
            "Seats and wagers",
            f"Betting areas: {', '.join(areas.values())}. Write each area's name, then dollars, commas between: "
            f"{example} (a range is drawn each round). Leave every seat empty for simulated players.",
        )
        for seat in SEATS:
            self._add(section, f"seats.{seat}", WagersField(areas, label=f"Seat {seat} wagers"))
        return section

    def _rigging(self) -> Section:
        """What to rig: only the rigging the game's registry entry supports, each with what it fixes."""
        rigging = self.game.scenario.rigging
        section = Section("What to rig", "Anything left empty is dealt at random, as at a training table.")
        if not rigging:
            section.help = "Nothing is rigged at this game: its rounds are dealt at random."
        quiet = forms.BooleanField(label="Quiet table", help_text=RIGGING_HELP["quiet"], required=False)
        self._add(section, "quiet", quiet)
        if "dice" in rigging:
            dice = forms.CharField(label="Dice, red first", help_text=RIGGING_HELP["dice"], required=False)
            self._add(section, "rigging.dice", dice)
        if "hands" in rigging:
            self._cards_by_place(section, "hands", ("Dealer's seven cards", "seven cards"), RIGGING_HELP["hands"])
        if "cards" in rigging and self.game.scenario.base_game is None:
            self._cards_by_place(
                section, "cards", ("Dealer's upcard and hole card", "two cards"), RIGGING_HELP["cards"]
            )
        if "low_hands" in rigging:
            self._habits(section, PAI_GOW_SETTINGS, RIGGING_HELP["settings"])
            for place in SEATS:
                help_text = RIGGING_HELP["low_hands"] if place == SEATS[0] else ""
                low_hand = forms.CharField(label=f"Seat {place}'s low hand", help_text=help_text, required=False)
                self._add(section, f"rigging.low_hands.{place}", low_hand)
        elif "habits" in rigging and self.game.scenario.base_game is None:
            self._habits(section, BlackjackStyle, RIGGING_HELP["styles"])
        if self.game.scenario.base_game is not None:
            section.parts.append(self._base_game(self.game.scenario.base_game))
        if "tiger_nine" in rigging:
            label = "Deal the dealer a Tiger 9"
            self._add(
                section,
                "rigging.tiger_nine",
                forms.BooleanField(label=label, help_text=RIGGING_HELP["tiger_nine"], required=False),
            )
        numbers = {
            "mystery_hit_round": ("Round the Mystery Bonus hits", 1, MAX_ROUNDS),
            "ace_of_spades_round": ("Round the A♠ Match the Dealer combination is dealt", 1, MAX_ROUNDS),
            "missing_chip_seat": ("Seat whose progressive wager chip is missing", 1, len(SEATS)),
            "foul_seat": ("Seat whose player fouls the hand", 1, len(SEATS)),
        }
        for key, (label, low, high) in numbers.items():
            if key in rigging:
                number = _whole_number(label, low, high, help_text=RIGGING_HELP[key], required=False)
                self._add(section, f"rigging.{key}", number)
        if "late_wager" in rigging:
            late = Section("A late wager", RIGGING_HELP["late_wager"])
            areas = [("", "No late wager"), *self.game.scenario.betting_areas.items()]
            area = forms.ChoiceField(label="Betting area", choices=areas, required=False)
            self._add(late, "rigging.late_wager", area)
            seat = _whole_number("Seat", 1, len(SEATS), required=False)
            self._add(late, "rigging.late_wager.seat", seat)
            self._add(late, "rigging.late_wager.amount", MoneyField(label="Amount in dollars", required=False))
            section.parts.append(late)
        if "buy_in" in rigging:
            buy_in = Section("A buy-in", RIGGING_HELP["buy_in"])
            self._add(buy_in, "rigging.buy_in", _whole_number("Seat that buys in", 1, len(SEATS), required=False))
            self._add(buy_in, "rigging.buy_in.cash", MoneyField(label="Cash in dollars", required=False))
            section.parts.append(buy_in)
        if "colour_up" in rigging:
            leaving = Section("A colour-up", RIGGING_HELP["colour_up"])
            self._add(leaving, "rigging.colour_up", _whole_number("Seat that leaves", 1, len(SEATS), required=False))
            chips = forms.CharField(label="Chips to colour up", required=False, max_length=200)
            self._add(leaving, "rigging.colour_up.chips", chips)
            section.parts.append(leaving)
        return section

    def _base_game(self, game: CarnivalGame) -> Section:
        """The base game a trainee deals: each place's cards, the board where it has one, each seat's player's habit."""
        example = " ".join(("As", "Kd", "7c")[: game.hole_cards])
        help_text = RIGGING_HELP["base_game_cards"].format(count=game.hole_cards, example=example)
        part = Section(f"The {game.name} base game", help_text)
        self._cards_by_place(part, "cards", ("Dealer's cards" if game.dealer_holds_hand else None, "cards"))
        if "community_cards" in self.game.scenario.rigging:
            count = board_size(game)
            example = " ".join(("Qh", "Jh", "Th", "4c", "2d")[:count])
            help_text = RIGGING_HELP["community_cards"].format(count=count, example=example)
            board = forms.CharField(label="Community cards", help_text=help_text, required=False)
            self._add(part, "rigging.community_cards", board)
        self._habits(part, game.habits, RIGGING_HELP["habits"])
        return part

    def _cards_by_place(
        self, section: Section, field: str, labels: tuple[str | None, str], help_text: str = ""
    ) -> None:
        """A text box of rigged cards for each place: ``labels`` are the dealer's (None: no box) and a seat's."""
        dealer, cards = labels
        for place in PLACES:
            if dealer is None and place == 0:
                continue
            label = dealer if place == 0 else f"Seat {place}'s {cards}"
            text = forms.CharField(label=label, help_text=help_text if place == 0 else "", required=False)
            self._add(section, f"rigging.{field}.{place}", text)

    def _habits(self, section: Section, kinds: Iterable[SeatHabit], help_text: str) -> None:
        """A choice for each seat of how its player decides, one of ``kinds``, or drawn at random."""
        habits = [("", "Drawn at random"), *((habit_key(habit), _capital(habit.value)) for habit in kinds)]
        for seat in SEATS:
            habit = forms.ChoiceField(
                label=f"Seat {seat}'s player",
                choices=habits,
                help_text=help_text if seat == SEATS[0] else "",
                required=False,
            )
            self._add(section, f"rigging.habits.{seat}", habit)

    def _steps(self) -> Section:
        """What the engine does: a box for each step a person can take, ticked for the engine to take it instead."""
        always = sorted(self.game.engine_steps & set(game_steps(self.game)))
        section = Section(
            "What the engine does",
            "Ticked steps are performed by the engine; the trainee performs the others. The engine always performs "
            f"the steps no dealer or floorperson takes: {', '.join(map(_step_words, always))}.",
        )
        for step in game_steps(self.game):
            if step not in self.game.engine_steps:
                label = _capital(_step_words(step))
                self._add(section, f"automations.{step}", forms.BooleanField(label=label, required=False))
        return section

    def _grading(self) -> Section:
        """Rounds and pass rule: practice or exam, how many rounds, the time limit and what passes."""
        section = Section("Rounds and pass rule", "How an attempt at the scenario is dealt and judged.")
        modes = [("practice", "Practice"), ("exam", "Exam")]
        self._add(section, "mode", forms.ChoiceField(label="Mode", choices=modes))
        self._add(section, "rounds", _whole_number("Rounds per attempt", 1, MAX_ROUNDS))
        limit = _whole_number(
            "Time limit in seconds",
            1,
            MAX_TIME_LIMIT_SECONDS,
            help_text="Leave it empty for no time limit.",
            required=False,
        )
        self._add(section, "time_limit_seconds", limit)
        mark = _whole_number("Pass mark in percent", 0, 100, help_text="Of the steps right at the first attempt.")
        self._add(section, "pass_accuracy_percent", mark)
        critical = forms.BooleanField(label="A critical error fails the round", required=False)
        self._add(section, "critical_error_fails", critical)
        return section

    def _watch(self) -> Section:
        """Watching: whether trainees watch the rounds and flag faults, the kinds a round holds, how many, the pace."""
        section = Section(
            "Watch scenario",
            "A watch scenario's rounds are dealt as set above and played right by the engine, with faults seeded for "
            "the trainee to flag; the steps and pass rule above are not used. Nothing says which step holds a fault "
            "until the round's debrief (in an exam, until the exam ends).",
        )
        watch = forms.BooleanField(label="Trainees watch each round and flag its faults", required=False)
        self._add(section, "watch", watch)
        faults = (
            f"0 to {MAX_FAULTS}; a round holds only as many as its deal can, and a number is drawn between the two."
        )
        fewest = _whole_number("Fewest faults a round holds", 0, MAX_FAULTS, required=False)
        most = _whole_number("Most faults a round holds", 0, MAX_FAULTS, help_text=faults, required=False)
        pace = _whole_number("Seconds between steps", WATCH_PACES.start, WATCH_PACES.stop - 1, required=False)
        self._add(section, "watch.faults.minimum", fewest)
        self._add(section, "watch.faults.maximum", most)
        self._add(section, "watch.pace_seconds", pace)
        kinds = Section("Fault kinds a round may hold", f"Tick none for any a {self.game.name} table can hold.")
        for kind in fault_kinds(self.game):
            fault = FAULTS[kind]
            label = f"{fault.name} (by the {fault.by.value})"
            self._add(kinds, f"watch.kinds.{kind.value}", forms.BooleanField(label=label, required=False))
        section.parts.append(kinds)
        return section

    def drawn_sections(self) -> list[DrawnSection]:
        """Every section with its fields bound to the form, as the template draws them."""

        def drawn(section: Section) -> DrawnSection:
            fields = [self[name] for name in section.names]
            return DrawnSection(section, fields, [drawn(part) for part in section.parts])

        return [drawn(section) for section in self.sections]

    def _spec_json(self) -> JsonObject:
        """The scenario's JSON from the fields that could be read (an unreadable field is left to its default)."""
        data = self.cleaned_data
        rules: JsonObject = {}
        for option in self.game.options():
            name = f"rules.{option.name}"
            if option.parts:
                if option.optional and not data.get(name):
                    rules[option.name] = None
                    continue
                parts = {
                    part.name: data[f"{name}.{part.name}"] for part in option.parts if f"{name}.{part.name}" in data
                }
                rules[option.name] = parts
            elif name in data:
                rules[option.name] = data[name]
        seats: JsonObject = {str(seat): data[f"seats.{seat}"] for seat in SEATS if data.get(f"seats.{seat}")}
        hands = {str(place): data[f"rigging.hands.{place}"] for place in PLACES if data.get(f"rigging.hands.{place}")}
        cards = {str(place): data[f"rigging.cards.{place}"] for place in PLACES if data.get(f"rigging.cards.{place}")}
        rigging: JsonObject = {"dice": data.get("rigging.dice") or None, "hands": hands, "cards": cards}
        rigging["community_cards"] = data.get("rigging.community_cards") or None
        rigging["habits"] = {
            str(seat): data[f"rigging.habits.{seat}"] for seat in SEATS if data.get(f"rigging.habits.{seat}")
        }
        rigging["low_hands"] = {
            str(seat): data[f"rigging.low_hands.{seat}"] for seat in SEATS if data.get(f"rigging.low_hands.{seat}")
        }
        rigging["tiger_nine"] = bool(data.get("rigging.tiger_nine"))
        for key in ("mystery_hit_round", "ace_of_spades_round", "missing_chip_seat", "foul_seat"):
            rigging[key] = data.get(f"rigging.{key}")
        if data.get("rigging.late_wager"):
            rigging["late_wager"] = self._late_wager()
        if data.get("rigging.buy_in") is not None and data.get("rigging.buy_in.cash") is None:
            if "rigging.buy_in.cash" not in self.errors:
                self.add_error("rigging.buy_in.cash", "Give the cash the player lays on the layout, in dollars.")
        elif data.get("rigging.buy_in") is not None:
            rigging["buy_in"] = {"seat": data["rigging.buy_in"], "cash": data["rigging.buy_in.cash"]}
        if data.get("rigging.colour_up") is not None:
            rigging["colour_up"] = {"seat": data["rigging.colour_up"], "chips": data.get("rigging.colour_up.chips", "")}
        spec: JsonObject = {
            "game": self.game.key,
            "rules": rules,
            "seats": seats,
            "rigging": rigging,
            "automations": [
                step
                for step in game_steps(self.game)
                if step in self.game.engine_steps or data.get(f"automations.{step}")
            ],
            "mode": data.get("mode", "practice"),
            "critical_error_fails": bool(data.get("critical_error_fails")),
            "quiet": bool(data.get("quiet")),
        }
        for key in ("rounds", "time_limit_seconds", "pass_accuracy_percent"):
            spec[key] = data.get(key)
        if data.get("watch"):
            spec["watch"] = self._watch_part()
        return spec

    def _watch_part(self) -> JsonObject:
        """The watch part from its fields; a number left empty is marked (only a watch scenario needs them)."""
        data = self.cleaned_data
        for name, wanted in WATCH_NUMBERS.items():
            if data.get(name) is None and name not in self.errors:
                self.add_error(name, f"Give the {wanted} of a watch scenario.")
        fewest, most = data.get("watch.faults.minimum"), data.get("watch.faults.maximum")
        part: JsonObject = {
            "kinds": [kind.value for kind in fault_kinds(self.game) if data.get(f"watch.kinds.{kind.value}")]
        }
        if fewest is not None and most is not None:
            part["faults"] = {"minimum": fewest, "maximum": most}
        if data.get("watch.pace_seconds") is not None:
            part["pace_seconds"] = data["watch.pace_seconds"]
        return part

    def _late_wager(self) -> JsonObject | None:
        """The late wager's seat, area and amount; None, with the missing field marked, when one is left empty."""
        data = self.cleaned_data
        seat, amount = data.get("rigging.late_wager.seat"), data.get("rigging.late_wager.amount")
        for name, value, message in (
            ("rigging.late_wager.seat", seat, "Choose the seat that wagers late."),
            ("rigging.late_wager.amount", amount, "Give the late wager's amount in dollars."),
        ):
            if value is None and name not in self.errors:
                self.add_error(name, message)
        if seat is None or amount is None:
            return None
        return {"seat": seat, "spot": data["rigging.late_wager"], "amount": amount}

    def clean(self) -> dict[str, Any]:
        """Read the scenario through the engine: each of its errors beside the field (or section) it names."""
        cleaned = super().clean() or {}
        spec_json = self._spec_json()
        try:
            spec = read_scenario(spec_json)
        except ScenarioError as error:
            for key, message in error.errors.items():
                self._file_error(key, message)
            return cleaned
        self.spec = spec if not self.errors else None
        return cleaned

    def _file_error(self, key: str, message: str) -> None:
        """File an engine error under the field of that name, the nearest enclosing one, or the form's own."""
        parts = key.split(".")
        for end in range(len(parts), 0, -1):
            name = ".".join(parts[:end])
            if name in self.fields:
                if name not in self.errors:
                    self.add_error(name, _capital(message))
                return
        self.add_error(None, f"{key}: {message}" if key else message)

    def error_summary(self) -> list[tuple[str, str, str]]:
        """Every error as (the element it links to, what it is about, the message), in page order.

        The builder is long: the summary at its top takes the instructor to each field marked below.
        """
        summary = [
            (bound.auto_id, str(bound.label), " ".join(map(str, bound.errors)))
            for bound in self
            if bound.errors and bound.name in self.fields
        ]
        return summary + [("", "", str(message)) for message in self.non_field_errors()]


def posted_game(data: FormData) -> Game:
    """The game a posted form is for; the first game when it names none of the school's (its field says so)."""
    return GAMES.get(data.get("game", ""), DEFAULT_GAME)


def _field_text(option: Option, value: JsonValue) -> str:
    """An option's value as its field holds it: a choice's JSON, money in dollars, else the value's text."""
    if option.choices:
        return _json_text(value)
    return _dollars(value) if option.money else str(value)


def form_data(spec: JsonObject, name: str) -> dict[str, str]:
    """A saved scenario written back into the form's fields, wagers by the betting areas' names on the felt."""
    game = GAMES[str(spec["game"])]
    data = {"name": name, "game": game.key, "mode": str(spec["mode"])}
    rules = spec["rules"] if isinstance(spec["rules"], dict) else {}
    for option in game.options():
        value = rules.get(option.name, option.default)
        if option.parts:
            if value is not None:
                data[f"rules.{option.name}"] = "on"
            for part in option.parts:
                part_value = value.get(part.name, part.default) if isinstance(value, dict) else part.default
                data[f"rules.{option.name}.{part.name}"] = _field_text(part, part_value)
            continue
        data[f"rules.{option.name}"] = _field_text(option, value)
    areas = game.scenario.betting_areas
    seats = spec["seats"] if isinstance(spec["seats"], dict) else {}
    for seat, wagers in seats.items():
        if isinstance(wagers, dict):
            data[f"seats.{seat}"] = ", ".join(
                f"{areas.get(spot, spot)} {_dollars(amount)}" for spot, amount in wagers.items()
            )
    rigging = spec["rigging"] if isinstance(spec["rigging"], dict) else {}
    for name in ("hands", "cards", "low_hands"):
        by_place = rigging.get(name)
        for place, cards in (by_place if isinstance(by_place, dict) else {}).items():
            data[f"rigging.{name}.{place}"] = str(cards)
    habits = rigging.get("habits")
    for seat, habit in (habits if isinstance(habits, dict) else {}).items():
        data[f"rigging.habits.{seat}"] = str(habit)
    for key in (
        "dice",
        "community_cards",
        "mystery_hit_round",
        "ace_of_spades_round",
        "missing_chip_seat",
        "foul_seat",
    ):
        if rigging.get(key) is not None:
            data[f"rigging.{key}"] = str(rigging[key])
    if rigging.get("tiger_nine"):
        data["rigging.tiger_nine"] = "on"
    late = rigging.get("late_wager")
    if isinstance(late, dict):
        data |= {
            "rigging.late_wager.seat": str(late["seat"]),
            "rigging.late_wager": str(late["spot"]),
            "rigging.late_wager.amount": _dollars(late["amount"]),
        }
    buy_in = rigging.get("buy_in")
    if isinstance(buy_in, dict):
        data |= {"rigging.buy_in": str(buy_in["seat"]), "rigging.buy_in.cash": _dollars(buy_in["cash"])}
    leaving = rigging.get("colour_up")
    if isinstance(leaving, dict):
        data |= {"rigging.colour_up": str(leaving["seat"]), "rigging.colour_up.chips": str(leaving["chips"])}
    automations = spec["automations"] if isinstance(spec["automations"], list) else []
    data |= {f"automations.{step}": "on" for step in map(str, automations)}
    for key in ("rounds", "time_limit_seconds", "pass_accuracy_percent"):
        data[key] = "" if spec.get(key) is None else str(spec[key])
    if spec.get("critical_error_fails"):
        data["critical_error_fails"] = "on"
    if spec.get("quiet"):
        data["quiet"] = "on"
    return data | _watch_data(spec.get("watch"))


def _watch_data(watch: JsonValue) -> dict[str, str]:
    """A watch scenario's part as the builder's fields hold it; a new one's defaults (any kind, 0 to 3, 3 s) if none."""
    if not isinstance(watch, dict):
        return {
            "watch.faults.minimum": "0",
            "watch.faults.maximum": str(MAX_FAULTS),
            "watch.pace_seconds": str(DEFAULT_WATCH_PACE),
        }
    faults = watch.get("faults")
    fewest, most = (faults["minimum"], faults["maximum"]) if isinstance(faults, dict) else (faults, faults)
    kinds = watch.get("kinds")
    return {
        "watch": "on",
        "watch.faults.minimum": str(fewest),
        "watch.faults.maximum": str(most),
        "watch.pace_seconds": str(watch.get("pace_seconds")),
        **{f"watch.kinds.{kind}": "on" for kind in (kinds if isinstance(kinds, list) else [])},
    }


def new_form_data(game: Game, name: str = "") -> dict[str, str]:
    """A new scenario's fields: the game's default rules and automations, one round of practice at 90%."""
    return form_data(ScenarioSpec.from_json({"game": game.key}).to_json(), name)


def _labels(sections: list[Section], form: ScenarioForm, within: str = "") -> dict[str, str]:
    """Every field's label by name, a field of a fieldset within a section named with its legend."""
    labels: dict[str, str] = {}
    for section in sections:
        labels |= {name: f"{within}{form.fields[name].label}" for name in section.names}
        labels |= _labels(section.parts, form, f"{section.legend}: ")
    return labels


def _shown(form_field: forms.Field, text: str) -> str:
    """A field's text as a person reads it: a choice by its label, a box as yes or no, nothing as "none"."""
    if isinstance(form_field, forms.BooleanField):
        return "yes" if text else "no"
    if isinstance(form_field, forms.ChoiceField):
        choices = cast(list[tuple[str, str]], form_field.choices)
        return next((str(label) for value, label in choices if value == text), text) or "none"
    return text or "none"


def changes(before: JsonObject, after: JsonObject) -> list[str]:
    """What changed from one version to the next, as the builder labels it: "Dice, red first: 6 1 1 → 5 5 5"."""
    old, new = form_data(before, ""), form_data(after, "")
    if old["game"] != new["game"]:
        return [f"Game: {GAMES[old['game']].name} → {GAMES[new['game']].name}"]
    form = ScenarioForm(GAMES[new["game"]])
    return [
        f"{label}: {_shown(form.fields[name], old.get(name, ''))} → {_shown(form.fields[name], new.get(name, ''))}"
        for name, label in _labels(form.sections, form).items()
        if old.get(name, "") != new.get(name, "")
    ]
