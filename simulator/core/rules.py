"""Rules as validated data: a table's options read from JSON field by field and described with their clause.

Each game's rules type (a frozen dataclass) declares its options once as a mapping of field name to
:class:`OptionField`: a small validator that turns the JSON value into the typed value, a writer, the values it
allows and its citation. From that mapping the type reads JSON (:func:`read_options`, every bad field reported at
once in a :class:`RulesError`), writes it back (:func:`write_options`), lists its options for the scenario builder
(:func:`describe_options`) and the ones that fill a gap in the regulation for the table page (:func:`gap_options`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from decimal import Decimal
from enum import StrEnum
from typing import Any, TypeVar

from simulator.core.citations import Citation, Provenance
from simulator.core.json_values import JsonValue, json_object
from simulator.core.money import MAX_CENTS, format_cents

Member = TypeVar("Member", bound=StrEnum)


class RulesError(ValueError):
    """Rules that cannot be built, with a message for every bad field, such as ``{"decks": "7 is not one of 6, 8"}``.

    >>> str(RulesError({"decks": "7 is not one of 6, 8", "mystery.minimum_wager": "300 is not one of 100, 200, 500"}))
    'decks: 7 is not one of 6, 8; mystery.minimum_wager: 300 is not one of 100, 200, 500'
    """

    def __init__(self, errors: Mapping[str, str]) -> None:
        """Keep the messages by field name (nested fields as "group.field") and write them all in the text."""
        self.errors = dict(errors)
        super().__init__("; ".join(f"{name}: {message}" for name, message in self.errors.items()))


@dataclass(frozen=True)
class Option:
    """One option as the scenario builder offers it: JSON default, allowed values, clause, provenance and meaning.

    ``choices`` lists the allowed JSON values (None among them when the option can be left out of the game);
    ``minimum`` and ``maximum`` bound a whole number; ``parts`` describe the fields of an option that is a group;
    ``money`` marks a whole number of cents, which a person reads and types in dollars; ``label`` is its name as
    the floor says it.
    """

    name: str
    default: JsonValue
    citation: Citation
    explanation: str
    choices: tuple[JsonValue, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    parts: tuple[Option, ...] = ()
    money: bool = False
    label: str = ""
    optional: bool = False
    """Whether a table may leave the option out (null): a group whose wager or feature a table need not offer."""
    choice_words: tuple[str, ...] = ()
    """Each of ``choices`` in floor words ("Foxwoods", "dealt by the trainee"), where the option words its values;
    none where a value's own text is its name."""

    @property
    def clause(self) -> str:
        """The clause the option comes from."""
        return self.citation.clause

    @property
    def provenance(self) -> Provenance:
        """Whether the option is seed text, inferred from another chapter, or the house's own."""
        return self.citation.provenance


@dataclass(frozen=True)
class HouseOption:
    """One option that fills a gap in the regulation, with its value here and its default; ``label`` as for Option."""

    name: str
    value: str
    default: str
    citation: Citation
    label: str = ""

    @property
    def title(self) -> str:
        """The option's name as a person reads it: its label, else its key's words."""
        return spoken_name(self.name, self.label)


def spoken_name(name: str, label: str) -> str:
    """An option's name as a person reads it: its label where it has one, else its key's words."""
    return label or name.replace("_", " ")


def describe_value(value: object) -> str:
    """Write an option's value for a person: yes/no, money in dollars, a rate in percent, else its text.

    >>> [describe_value(value) for value in (True, 500, Decimal("0.05"), None, "foxwoods")]
    ['yes', '$5.00', '5%', 'none', 'foxwoods']
    """
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, int):
        return format_cents(value)
    if isinstance(value, Decimal):
        return f"{(value * 100).normalize():f}%"
    return str(value)


def _as_is(value: JsonValue) -> JsonValue:
    """Write a value that is already JSON."""
    return value


@dataclass(frozen=True)
class OptionField:
    """How a rules type reads, writes and describes one option; ``read`` raises ValueError for a bad JSON value.

    ``house_rule`` marks an option that fills a gap in the regulation: :func:`gap_options` lists it on the table page;
    ``money`` one whose value is a whole number of cents (:class:`Option`); ``label`` names it as the floor does
    where its key's words do not ("Tiger 9 offered" for ``tiger_nine_offered``).
    """

    citation: Citation
    explanation: str
    read: Callable[[JsonValue], Any]
    write: Callable[[Any], JsonValue] = _as_is
    describe: Callable[[Any], str] = describe_value
    choices: tuple[JsonValue, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    parts: Mapping[str, OptionField] = field(default_factory=dict)
    house_rule: bool = False
    money: bool = False
    label: str = ""
    optional: bool = False

    def option(self, name: str, default: JsonValue) -> Option:
        """The option as the scenario builder shows it, with its JSON default."""
        parts = (
            tuple(part.option(key, json_object(default)[key]) for key, part in self.parts.items()) if default else ()
        )
        return Option(
            name,
            default,
            self.citation,
            self.explanation,
            self.choices,
            self.minimum,
            self.maximum,
            parts,
            self.money,
            spoken_name(name, self.label),
            self.optional,
            self.choice_words(),
        )

    def choice_words(self) -> tuple[str, ...]:
        """Each choice as the option describes it (null as "none"); none where it describes values as their text."""
        if self.describe is describe_value:
            return ()
        return tuple("none" if choice is None else self.describe(self.read(choice)) for choice in self.choices)


def _same(given: object, allowed: object) -> bool:
    """Equal and of the same JSON type: ``true`` is not 1 here."""
    return type(given) is type(allowed) and given == allowed


def _listed(values: Iterable[object]) -> str:
    """Write allowed values for an error message."""
    return ", ".join("null" if value is None else str(value) for value in values)


def choice(
    values: Mapping[Any, Any],
    citation: Citation,
    explanation: str,
    *,
    optional: bool = False,
    describe: Callable[[Any], str] = describe_value,
    house_rule: bool = False,
    money: bool = False,
    label: str = "",
) -> OptionField:
    """An option whose JSON value is one of ``values``' keys, read as the value it maps to (or null if ``optional``).

    ``money`` marks keys that are amounts in cents.
    """
    choices: tuple[JsonValue, ...] = (*values, None) if optional else tuple(values)

    def read(given: JsonValue) -> Any:
        for key in choices:
            if _same(given, key):
                return None if key is None else values[key]
        raise ValueError(f"{given!r} is not one of {_listed(choices)}")

    def write(value: Any) -> JsonValue:
        return next((key for key, known in values.items() if known == value), None)

    return OptionField(
        citation, explanation, read, write, describe, choices, house_rule=house_rule, money=money, label=label
    )


def members(kind: type[Member]) -> dict[str, Member]:
    """An enumeration's members by their JSON value, for :func:`choice`."""
    return {member.value: member for member in kind}


def whole_number(
    citation: Citation,
    explanation: str,
    *,
    minimum: int,
    maximum: int | None = None,
    house_rule: bool = False,
    money: bool = False,
    label: str = "",
) -> OptionField:
    """An option that is a whole number from ``minimum`` up to ``maximum``; cents if ``money``, at most MAX_CENTS."""
    if money and maximum is None:
        maximum = MAX_CENTS

    def read(given: JsonValue) -> int:
        if type(given) is not int:
            raise ValueError(f"a whole number is wanted, not {given!r}")
        if given < minimum or (maximum is not None and given > maximum):
            upper = "" if maximum is None else f" and at most {maximum}"
            raise ValueError(f"{given} is not at least {minimum}{upper}")
        return given

    return OptionField(
        citation, explanation, read, minimum=minimum, maximum=maximum, house_rule=house_rule, money=money, label=label
    )


def flag(citation: Citation, explanation: str, *, house_rule: bool = False, label: str = "") -> OptionField:
    """An option that is true or false."""

    def read(given: JsonValue) -> bool:
        if type(given) is not bool:
            raise ValueError(f"true or false is wanted, not {given!r}")
        return given

    return OptionField(citation, explanation, read, choices=(True, False), house_rule=house_rule, label=label)


def group(
    parts: Mapping[str, OptionField],
    build: Callable[..., Any],
    write: Callable[[Any], JsonValue],
    citation: Citation,
    explanation: str,
    *,
    optional: bool = False,
    house_rule: bool = False,
    label: str = "",
) -> OptionField:
    """An option that is a JSON object of ``parts``, every one required, built into one value (null if ``optional``)."""

    def read(given: JsonValue) -> Any:
        if given is None and optional:
            return None
        return build(**read_options(parts, given, complete=True))

    def write_group(value: Any) -> JsonValue:
        return None if value is None else write(value)

    return OptionField(
        citation, explanation, read, write_group, parts=parts, house_rule=house_rule, label=label, optional=optional
    )


def read_options(fields: Mapping[str, OptionField], data: object, *, complete: bool = False) -> dict[str, Any]:
    """The typed value of each option in ``data``; RulesError naming each unknown, bad or (if ``complete``) missing one.

    A field left out of ``data`` is left out of the result, so the rules type's default applies. A group's errors
    come back under "group.field".

    >>> fields = {"decks": choice({6: 6, 8: 8}, Citation("§685b.1(b)", Provenance.SEED, "6 or 8 decks."), "Decks.")}
    >>> read_options(fields, {"decks": 8}), read_options(fields, {})
    ({'decks': 8}, {})
    >>> read_options(fields, {"decks": True, "shoe": 1})
    Traceback (most recent call last):
    ...
    simulator.core.rules.RulesError: shoe: unknown option; decks: True is not one of 6, 8
    """
    if not isinstance(data, Mapping):
        raise RulesError({"": f"a JSON object of options is wanted, not {data!r}"})
    errors = {str(name): "unknown option" for name in data if name not in fields}
    values: dict[str, Any] = {}
    for name, option in fields.items():
        if name not in data:
            if complete:
                errors[name] = "missing"
            continue
        try:
            values[name] = option.read(data[name])
        except RulesError as error:
            errors.update({f"{name}.{inner}" if inner else name: message for inner, message in error.errors.items()})
        except ValueError as error:
            errors[name] = str(error)
    if errors:
        raise RulesError(errors)
    return values


def write_options(fields: Mapping[str, OptionField], rules: object) -> dict[str, JsonValue]:
    """Every option of ``rules`` (attributes named as the fields) as JSON."""
    return {name: option.write(getattr(rules, name)) for name, option in fields.items()}


def describe_options(fields: Mapping[str, OptionField], defaults: Mapping[str, JsonValue]) -> tuple[Option, ...]:
    """Every option described for the scenario builder, with its default taken from the default rules' JSON."""
    return tuple(option.option(name, defaults[name]) for name, option in fields.items())


def gap_options(
    fields: Mapping[str, OptionField], rules: Mapping[str, JsonValue], defaults: Mapping[str, JsonValue]
) -> list[HouseOption]:
    """The options that fill a gap in the regulation, with their value in ``rules`` and in ``defaults`` (both JSON)."""
    return [
        HouseOption(
            name,
            option.describe(option.read(rules[name])),
            option.describe(option.read(defaults[name])),
            option.citation,
            option.label,
        )
        for name, option in fields.items()
        if option.house_rule
    ]
