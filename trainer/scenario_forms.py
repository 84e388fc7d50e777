"""The scenario builder's form: fields built from the game's options, read into a scenario's JSON and written back.

Each field is named after the scenario field it fills ("rules.house_way", "seats.3", "rigging.dice"), so the
engine's field errors (:class:`simulator.scenarios.ScenarioError`) land beside the field they name. Money is typed in
dollars ("25", "1-5" for a range), cards as "As Kd JK" and dice red first as "6 1 1".
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass, field, replace

from simulator.citations import Provenance
from simulator.games import GAMES, PAI_GOW_POKER, Game
from simulator.json_values import JsonObject, JsonValue
from simulator.money import format_cents, parse_dollars
from simulator.pai_gow_round import PLACES, SEATS, WAGER_SPOTS
from simulator.rules import Option
from simulator.scenarios import MAX_ROUNDS, MAX_TIME_LIMIT_SECONDS, MODES, ScenarioError, ScenarioSpec, game_steps
from trainer.models import Scenario

FormData = Mapping[str, str]
"""The form as posted (or as written back from a saved scenario): raw text by field name; a ticked box is "on"."""

GENERAL = ""
"""The error key of an error no field owns."""

DEFAULT_GAME = next(iter(GAMES.values()))
"""The game a new scenario starts with, and whose fields are drawn when the posted game is not one of the school's."""

NAME_LENGTH: int = Scenario._meta.get_field("name").max_length  # type: ignore[assignment]
"""The longest scenario name, as its database column holds it."""

WHOLE_NUMBER = re.compile(r"[0-9]{1,10}")
"""A whole number as typed: ASCII digits, at most ten (2147483647, a 32-bit column's largest, has ten)."""


@dataclass(frozen=True)
class Field:
    """One field as the template draws it: name, label, kind, the value shown, choices, help and any error."""

    name: str
    label: str
    kind: str
    value: str = ""
    choices: tuple[tuple[str, str], ...] = ()
    help: str = ""
    house_rule: bool = False
    error: str = ""
    minimum: int | None = None
    maximum: int | None = None

    @property
    def id(self) -> str:
        """The element id: the name with its dots and spaces as dashes."""
        return "field-" + self.name.replace(".", "-").replace(" ", "-")


@dataclass(frozen=True)
class Group:
    """A fieldset: a legend and its fields."""

    legend: str
    fields: list[Field] = field(default_factory=list)
    help: str = ""
    house_rule: bool = False


def _json_text(value: JsonValue) -> str:
    """A JSON value as a select's option value."""
    return json.dumps(value)


def _choice_label(value: JsonValue, money: bool) -> str:
    """A choice as a person reads it; an amount of money in dollars."""
    if value is None:
        return "none (not offered)"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if money and isinstance(value, int):
        return format_cents(value)
    return str(value)


def _option_help(option: Option) -> str:
    """The option's meaning, clause and provenance as the school labels it."""
    citation = option.citation
    where = citation.label if citation.provenance is not Provenance.HOUSE else f"{citation.kind}: {citation.clause}"
    return f"{option.explanation} {where}."


def _option_field(prefix: str, option: Option, data: FormData, errors: Mapping[str, str]) -> Field:
    """The field for one option: a select of its choices, an amount in dollars, a whole number, or text."""
    name = f"{prefix}.{option.name}"
    label = option.label
    house = option.provenance is Provenance.HOUSE
    help_text, error = _option_help(option), errors.get(name, "")
    value = data.get(name, _field_text(option, option.default))
    if option.choices:
        choices = tuple((_json_text(choice), _choice_label(choice, option.money)) for choice in option.choices)
        return Field(name, label, "select", value, choices, help_text, house, error)
    if option.money:
        return Field(name, f"{label} in dollars", "text", value, (), help_text, house, error)
    kind = "number" if isinstance(option.default, int) else "text"
    return Field(name, label, kind, value, (), help_text, house, error, option.minimum, option.maximum)


def rules_groups(game: Game, data: FormData, errors: Mapping[str, str]) -> list[Group]:
    """The game's rules: one fieldset of plain options, then one per option that is a group of parts."""
    plain = Group("Rules")
    groups = [plain]
    for option in game.options():
        if not option.parts:
            plain.fields.append(_option_field("rules", option, data, errors))
            continue
        name = f"rules.{option.name}"
        leave_out = Field(f"{name}.none", "leave out (none)", "checkbox", data.get(f"{name}.none", ""))
        parts = [_option_field(name, part, data, errors) for part in option.parts]
        error = Field(name, "", "error", error=errors.get(name, ""))
        groups.append(
            Group(
                option.label,
                [leave_out, *parts, error],
                _option_help(option),
                option.provenance is Provenance.HOUSE,
            )
        )
    return groups


def _read_option(option: Option, text: str) -> JsonValue:
    """An option's JSON value from its field's text (cents from dollars for money); ValueError when it is not one.

    A choice is looked up among the choices' own JSON texts, never parsed: a select posts one of them.
    """
    if option.choices:
        chosen = {_json_text(choice): choice for choice in option.choices}
        if text not in chosen:
            raise ValueError(text)
        return chosen[text]
    if option.money:
        return parse_dollars(text)
    if isinstance(option.default, int):
        return _whole_number(text)
    return text


def _read_rules(game: Game, data: FormData, errors: dict[str, str]) -> JsonObject:
    """The rules JSON from the form: every option, groups part by part or left out."""
    rules: JsonObject = {}
    for option in game.options():
        name = f"rules.{option.name}"
        if option.parts:
            if data.get(f"{name}.none"):
                rules[option.name] = None
                continue
            group: JsonObject = {}
            for part in option.parts:
                try:
                    group[part.name] = _read_option(part, data.get(f"{name}.{part.name}", ""))
                except ValueError:
                    errors[f"{name}.{part.name}"] = _unreadable(part)
            rules[option.name] = group
            continue
        try:
            rules[option.name] = _read_option(option, data.get(name, ""))
        except ValueError:
            errors[name] = _unreadable(option)
    return rules


def _unreadable(option: Option) -> str:
    """What a field's text that is not the option's value should have been."""
    if option.choices:
        return "not one of the choices"
    if option.money:
        return "an amount in dollars is wanted, such as 5 or 0.25"
    return "a whole number is wanted"


def _read_amount(text: str) -> JsonValue:
    """A wager typed in dollars: "25" or a range "10-50"; cents as the scenario keeps them."""
    low, dash, high = text.partition("-")
    if dash:
        return {"minimum": parse_dollars(low), "maximum": parse_dollars(high)}
    return parse_dollars(text)


def _read_seat(text: str) -> JsonObject:
    """A seat's wagers typed as "pai-gow 25, tiger-9 5, sum 1-5"."""
    wagers: JsonObject = {}
    for item in filter(None, (part.strip() for part in text.split(","))):
        spot, _, amount = item.partition(" ")
        if not amount.strip():
            raise ValueError(f"{item!r}: write the betting area, then the amount in dollars")
        wagers[spot] = _read_amount(amount.strip())
    return wagers


def _whole_number(text: str) -> int:
    """A whole number typed in ASCII digits, read only when it is short (:data:`WHOLE_NUMBER`); ValueError otherwise."""
    if not WHOLE_NUMBER.fullmatch(text.strip()):
        raise ValueError(f"{text[:12]!r} is not a whole number")
    return int(text)


def _whole(text: str) -> int | None:
    """A whole number typed in a field; None when it is empty (ValueError when it is not a number)."""
    return _whole_number(text) if text.strip() else None


def read_form(data: FormData) -> tuple[str, JsonObject, dict[str, str]]:
    """The scenario's name and JSON from the form, with the errors of fields that could not even be read."""
    errors: dict[str, str] = {}
    name = data.get("name", "").strip()
    if not name:
        errors["name"] = "Give the scenario a name."
    elif len(name) > NAME_LENGTH:
        errors["name"] = f"The name is {len(name)} characters long: give one of {NAME_LENGTH} at most."
    elif "\x00" in name:
        errors["name"] = "The name holds a null character: type it again."
    game = GAMES.get(data.get("game", ""))
    if game is None:
        errors["game"] = "Choose one of the school's games."
        return name, {"game": data.get("game", "")}, errors
    seats: JsonObject = {}
    for seat in SEATS:
        text = data.get(f"seats.{seat}", "").strip()
        if text:
            try:
                seats[str(seat)] = _read_seat(text)
            except ValueError as error:
                errors[f"seats.{seat}"] = str(error)
    rigging: JsonObject = {
        "dice": data.get("rigging.dice", "").strip() or None,
        "hands": {str(place): text for place in PLACES if (text := data.get(f"rigging.hands.{place}", "").strip())},
        "tiger_nine": bool(data.get("rigging.tiger_nine")),
    }
    numbers = {
        "rigging.mystery_hit_round": "mystery_hit_round",
        "rigging.ace_of_spades_round": "ace_of_spades_round",
        "rigging.missing_chip_seat": "missing_chip_seat",
        "rigging.foul_seat": "foul_seat",
    }
    for field_name, key in numbers.items():
        try:
            rigging[key] = _whole(data.get(field_name, ""))
        except ValueError:
            errors[field_name] = "a whole number is wanted"
    late_seat, late_spot = data.get("rigging.late_wager.seat", ""), data.get("rigging.late_wager", "").strip()
    if late_seat or late_spot:
        try:
            amount = parse_dollars(data.get("rigging.late_wager.amount", ""))
            rigging["late_wager"] = {"seat": _whole_number(late_seat or "0"), "spot": late_spot, "amount": amount}
        except ValueError as error:
            errors["rigging.late_wager"] = str(error)
    spec: JsonObject = {
        "game": game.key,
        "rules": _read_rules(game, data, errors),
        "seats": seats,
        "rigging": rigging,
        "automations": [step for step in game_steps(game) if data.get(f"automations.{step}")],
        "mode": data.get("mode", ""),
        "critical_error_fails": bool(data.get("critical_error_fails")),
    }
    for key in ("rounds", "time_limit_seconds", "pass_accuracy_percent"):
        try:
            spec[key] = _whole(data.get(key, ""))
        except ValueError:
            errors[key] = "a whole number is wanted"
    return name, spec, errors


def validated(data: FormData) -> tuple[str, ScenarioSpec | None, dict[str, str]]:
    """The scenario's name and the engine's scenario, or None with every error by field name."""
    name, spec_json, errors = read_form(data)
    try:
        spec = ScenarioSpec.from_json(spec_json)
    except ScenarioError as error:
        errors = {**error.errors, **errors}
        spec = None
    return name, (spec if not errors else None), {field_for(key, data): message for key, message in errors.items()}


def field_for(key: str, data: FormData) -> str:
    """The form field an engine error belongs to: the field of that name, or the nearest enclosing one."""
    parts = key.split(".")
    for end in range(len(parts), 0, -1):
        candidate = ".".join(parts[:end])
        if candidate in data or candidate in ALWAYS_DRAWN:
            return candidate
    return GENERAL


ALWAYS_DRAWN = frozenset(
    {"name", "game", "mode", "rounds", "time_limit_seconds", "pass_accuracy_percent", "automations"}
    | {"critical_error_fails", "rigging.tiger_nine", "rigging.late_wager"}
    | {f"seats.{seat}" for seat in SEATS}
    | {f"rigging.hands.{place}" for place in PLACES}
)
"""Fields an error may name though the post left them out (an unticked box, an empty field)."""


def _dollars(amount: JsonValue) -> str:
    """A wager in cents (or a range) as typed in dollars."""
    if isinstance(amount, dict):
        return f"{_dollars(amount['minimum'])}-{_dollars(amount['maximum'])}"
    return format_cents(int(str(amount))).replace("$", "").replace(",", "")


def _field_text(option: Option, value: JsonValue) -> str:
    """An option's value as its field holds it: a choice's JSON, money in dollars, else the value's text."""
    if option.choices:
        return _json_text(value)
    return _dollars(value) if option.money else str(value)


def form_data(spec: JsonObject, name: str) -> dict[str, str]:
    """A saved scenario written back into the form's fields."""
    game = GAMES[str(spec["game"])]
    data = {"name": name, "game": game.key, "mode": str(spec["mode"])}
    rules = spec["rules"] if isinstance(spec["rules"], dict) else {}
    defaults = {option.name: option for option in game.options()}
    for option_name, option in defaults.items():
        value = rules.get(option_name, option.default)
        if option.parts:
            if value is None:
                data[f"rules.{option_name}.none"] = "on"
            for part in option.parts:
                part_value = value.get(part.name, part.default) if isinstance(value, dict) else part.default
                data[f"rules.{option_name}.{part.name}"] = _field_text(part, part_value)
            continue
        data[f"rules.{option_name}"] = _field_text(option, value)
    seats = spec["seats"] if isinstance(spec["seats"], dict) else {}
    for seat, wagers in seats.items():
        if isinstance(wagers, dict):
            data[f"seats.{seat}"] = ", ".join(f"{spot} {_dollars(amount)}" for spot, amount in wagers.items())
    rigging = spec["rigging"] if isinstance(spec["rigging"], dict) else {}
    hands = rigging.get("hands")
    for place, cards in (hands if isinstance(hands, dict) else {}).items():
        data[f"rigging.hands.{place}"] = str(cards)
    for key in ("dice", "mystery_hit_round", "ace_of_spades_round", "missing_chip_seat", "foul_seat"):
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
    automations = spec["automations"] if isinstance(spec["automations"], list) else []
    data |= {f"automations.{step}": "on" for step in map(str, automations)}
    for key in ("rounds", "time_limit_seconds", "pass_accuracy_percent"):
        data[key] = "" if spec.get(key) is None else str(spec[key])
    if spec.get("critical_error_fails"):
        data["critical_error_fails"] = "on"
    return data


def new_form_data(game: Game, name: str = "") -> dict[str, str]:
    """A new scenario's fields: the game's default rules and automations, one round of practice at 90%."""
    return form_data(ScenarioSpec.from_json({"game": game.key}).to_json(), name)


def _step_label(game: Game, step: str) -> str:
    """A step's checkbox label: its words, and for a step no control sends, that the engine always performs it."""
    words = step.replace("_", " ")
    return f"{words} (always the engine's: the trainee has no control for it)" if step in game.engine_steps else words


def builder_context(data: FormData, errors: Mapping[str, str]) -> dict[str, object]:
    """What the builder's fields template draws for the game chosen in ``data``."""
    game = GAMES.get(data["game"], DEFAULT_GAME)
    steps = [
        Field(f"automations.{step}", _step_label(game, step), "checkbox", data.get(f"automations.{step}", ""))
        for step in game_steps(game)
    ]
    seat_fields = [
        Field(
            f"seats.{seat}",
            f"Seat {seat} wagers",
            "text",
            data.get(f"seats.{seat}", ""),
            error=errors.get(f"seats.{seat}", ""),
        )
        for seat in SEATS
    ]
    hand_fields = [
        Field(
            f"rigging.hands.{place}",
            "Dealer's seven cards" if place == 0 else f"Seat {place}'s seven cards",
            "text",
            data.get(f"rigging.hands.{place}", ""),
            error=errors.get(f"rigging.hands.{place}", ""),
        )
        for place in PLACES
    ]

    def text(name: str, label: str, kind: str = "text", **extra: object) -> Field:
        return Field(name, label, kind, data.get(name, ""), error=errors.get(name, ""), **extra)  # type: ignore[arg-type]

    groups = rules_groups(game, data, errors)
    rigging_fields = [
        text("rigging.dice", "Dice, red first (e.g. 6 1 1)"),
        text("rigging.tiger_nine", "Tiger 9 for the dealer", "checkbox"),
        text(
            "rigging.mystery_hit_round",
            "Mystery Bonus hits on round",
            "number",
            minimum=1,
            maximum=MAX_ROUNDS,
            help="Only a seat with a qualifying progressive wager (e.g. progressive 1) wins it.",
        ),
        text("rigging.ace_of_spades_round", "A♠ Match the Dealer combination on round", "number", minimum=1),
        text("rigging.missing_chip_seat", "Seat whose progressive chip is missing", "number", minimum=1, maximum=6),
        text("rigging.foul_seat", "Seat whose player fouls the hand", "number", minimum=1, maximum=6),
    ]
    late_fields = [
        text("rigging.late_wager.seat", "Late wager: seat", "number", minimum=1, maximum=6),
        text("rigging.late_wager", "Late wager: betting area (e.g. sum)"),
        text("rigging.late_wager.amount", "Late wager: amount in dollars"),
    ]
    grading_fields = [
        Field("mode", "Mode", "select", data.get("mode", "practice"), tuple((mode, mode) for mode in MODES)),
        text("rounds", "Rounds per attempt", "number", minimum=1, maximum=MAX_ROUNDS),
        text(
            "time_limit_seconds",
            "Time limit in seconds (empty for none)",
            "number",
            minimum=1,
            maximum=MAX_TIME_LIMIT_SECONDS,
        ),
        text(
            "pass_accuracy_percent",
            "Pass mark (% of steps right at the first attempt)",
            "number",
            minimum=0,
            maximum=100,
        ),
        text("critical_error_fails", "A critical error fails the round", "checkbox"),
    ]
    fields = [
        *(
            replace(field, label=group.legend) if field.kind == "error" else field
            for group in groups
            for field in group.fields
        ),
        *seat_fields,
        *rigging_fields,
        *hand_fields,
        *late_fields,
        *grading_fields,
    ]
    return {
        "game": game,
        "rules_groups": groups,
        "steps": steps,
        "automations_error": errors.get("automations", ""),
        "seat_fields": seat_fields,
        "betting_areas": ", ".join(WAGER_SPOTS) if game is PAI_GOW_POKER else "",
        "hand_fields": hand_fields,
        "rigging_fields": rigging_fields,
        "late_fields": late_fields,
        "grading_fields": grading_fields,
        "general_error": errors.get(GENERAL, ""),
        "error_summary": error_summary(fields, errors),
    }


def error_summary(fields: list[Field], errors: Mapping[str, str]) -> list[tuple[str, str, str]]:
    """Every error as (the element it links to, what it is about, the message): the fields in page order, then the rest.

    The builder is long: the summary at its top takes the instructor to each field marked below.
    """
    summary = [(f"field-{key}", key.capitalize(), errors[key]) for key in ("name", "game") if key in errors]
    summary += [
        (f"{field.id}-error" if field.kind == "error" else field.id, field.label, field.error)
        for field in fields
        if field.error
    ]
    if "automations" in errors:
        summary.append(("field-automations-error", "Steps the engine performs", errors["automations"]))
    shown = {"name", "game", "automations", GENERAL, *(field.name for field in fields if field.error)}
    return summary + [("", name, message) for name, message in errors.items() if name not in shown]
