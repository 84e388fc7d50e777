"""The paytables a Rules Submission files where §645a.13 leaves the numbers to it: Fortune/Envy and Progressive Payout.

A school files its own approved paytable as JSON; :func:`read_fortune_paytable` and
:func:`read_progressive_paytable` validate it field by field (a :class:`~simulator.core.rules.RulesError` naming every
bad field) into the engine's own paytable, cited as the Rules Submission named in its ``submission``. Odds are whole
numbers written "15 to 2", amounts whole cents, shares whole percentages and the rate a decimal: never a float.

>>> paytable = read_fortune_paytable({"name": "Keystone A", "submission": "Rules Submission of Keystone, version 1",
...     "pays": {"straight": "2 to 1"}, "envy": {"four of a kind": 500}})
>>> paytable.pays
{<FortuneHand.STRAIGHT: 'straight'>: Odds(win=2, stake=1)}
>>> paytable.citation.label
'Your house procedure (Rules Submission of Keystone, version 1)'
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import replace
from decimal import Decimal
from typing import TypeVar

from simulator.core.json_values import JsonObject, JsonValue
from simulator.core.money import MAX_CENTS, Cents, Odds, format_cents
from simulator.core.progressive import MeterShare
from simulator.core.rules import RulesError, describe_value
from simulator.pai_gow.fortune import REPRESENTATIVE_FORTUNE_PAYTABLE, FortuneHand, FortunePaytable
from simulator.pai_gow.progressive import EXAMPLE_PROGRESSIVE_PAYTABLE, ProgressiveAward, ProgressivePaytable

Line = TypeVar("Line")

ENVY_HANDS = tuple(FortuneHand)[: tuple(FortuneHand).index(FortuneHand.FOUR_OF_A_KIND) + 1]
"""The Envy Bonus qualifying hands, four of a kind or better (§688a.1 analog): the only lines that pay envy."""

SHARE = re.compile(r"([0-9]{1,3})%")
"""A share of the meter as a paytable writes it: "10%"."""

RATE = re.compile(r"0\.[0-9]{1,6}")
"""A rate of progression as a decimal written as text, "0.15": above 0 and below 1, never an exponent or a float."""

MAX_NAME = 120
"""The longest paytable name or submission a sign prints."""


def _text(data: Mapping[str, JsonValue], key: str, errors: dict[str, str]) -> str:
    """A short text field; its problem goes to ``errors``."""
    given = data.get(key)
    if not isinstance(given, str) or not given.strip():
        errors[key] = "is wanted, as text"
        return ""
    if len(given) > MAX_NAME:
        errors[key] = f"is at most {MAX_NAME} characters"
    return given.strip()


def _cents(given: JsonValue) -> Cents:
    """A positive whole number of cents, at most MAX_CENTS; ValueError otherwise."""
    if isinstance(given, bool) or not isinstance(given, int) or not 0 < given <= MAX_CENTS:
        raise ValueError(f"{given!r} is not an amount from $0.01 to {format_cents(MAX_CENTS)} in whole cents")
    return given


def _odds(given: JsonValue) -> Odds:
    """Odds written as text, "25 to 1"; ValueError otherwise."""
    if not isinstance(given, str):
        raise ValueError(f"{given!r} is not odds written as text, such as 25 to 1")
    return Odds.parse(given)


def _award(given: JsonValue) -> ProgressiveAward:
    """A share of the meter written "10%", or a fixed amount in whole cents; ValueError otherwise."""
    if isinstance(given, str):
        found = SHARE.fullmatch(given.strip())
        if found is None:
            raise ValueError(f"{given[:24]!r} is not a share of the meter such as 10%")
        return MeterShare(int(found.group(1)))
    return _cents(given)


def _lines(
    data: Mapping[str, JsonValue],
    key: str,
    hands: tuple[FortuneHand, ...],
    read: Callable[[JsonValue], Line],
    errors: dict[str, str],
) -> dict[FortuneHand, Line]:
    """The lines of one column, by hand, in paytable order; each bad line's problem goes to ``errors`` as key.hand."""
    given = data.get(key)
    if not isinstance(given, dict):
        errors[key] = "is wanted, as an object of lines by hand"
        return {}
    allowed = {hand.value: hand for hand in hands}
    errors.update({f"{key}.{name}": "is not a line of this paytable" for name in given if name not in allowed})
    lines: dict[FortuneHand, Line] = {}
    for hand in hands:
        if hand.value in given:
            try:
                lines[hand] = read(given[hand.value])
            except ValueError as error:
                errors[f"{key}.{hand.value}"] = str(error)
    return lines


def _require_a_line(lines: Mapping[FortuneHand, object], key: str, errors: dict[str, str]) -> None:
    """Refuse a column that pays no hand, unless a line of it is already refused."""
    if not lines and not any(name.partition(".")[0] == key for name in errors):
        errors[key] = "pays at least one hand"


def _refuse_unknown(data: Mapping[str, JsonValue], known: tuple[str, ...], errors: dict[str, str]) -> None:
    """Name every field the paytable does not have."""
    errors.update({str(name): "unknown field" for name in data if name not in known})


def read_fortune_paytable(data: Mapping[str, JsonValue]) -> FortunePaytable:
    """A filed Fortune Bonus and Envy paytable from JSON; RulesError naming every bad field, nothing built."""
    errors: dict[str, str] = {}
    _refuse_unknown(data, ("name", "submission", "pays", "envy"), errors)
    name = _text(data, "name", errors)
    submission = _text(data, "submission", errors)
    pays = _lines(data, "pays", tuple(FortuneHand), _odds, errors)
    envy = _lines(data, "envy", ENVY_HANDS, _cents, errors)
    _require_a_line(pays, "pays", errors)
    if errors:
        raise RulesError(errors)
    text = f"The Fortune Bonus and Envy Bonus paytable the certificate holder filed: {name}."
    citation = replace(REPRESENTATIVE_FORTUNE_PAYTABLE.citation, text=text, submission=submission)
    return FortunePaytable(name, pays, envy, citation)


def fortune_paytable_json(paytable: FortunePaytable) -> JsonObject:
    """A filed Fortune Bonus paytable as JSON, as :func:`read_fortune_paytable` reads it."""
    return {
        "name": paytable.name,
        "submission": paytable.citation.submission,
        "pays": {hand.value: str(odds) for hand, odds in paytable.pays.items()},
        "envy": {hand.value: amount for hand, amount in paytable.envy.items()},
    }


def _rate(given: JsonValue) -> Decimal:
    """A rate of progression written as a decimal, "0.15"; ValueError otherwise."""
    if not isinstance(given, str) or not RATE.fullmatch(given) or Decimal(given) == 0:
        raise ValueError(f"{given!r} is not a fraction of the wager above 0 and below 1 written as text, such as 0.15")
    return Decimal(given)


def _field(
    data: Mapping[str, JsonValue], key: str, read: Callable[[JsonValue], Line], errors: dict[str, str]
) -> Line | None:
    """One field read by ``read``, or None with its problem in ``errors``."""
    try:
        return read(data.get(key))
    except ValueError as error:
        errors[key] = str(error)
        return None


def read_progressive_paytable(data: Mapping[str, JsonValue]) -> ProgressivePaytable:
    """A filed Progressive Payout paytable from JSON; RulesError naming every bad field, nothing built."""
    errors: dict[str, str] = {}
    _refuse_unknown(data, ("name", "submission", "wager", "awards", "seed_amount", "rate"), errors)
    name = _text(data, "name", errors)
    submission = _text(data, "submission", errors)
    wager = _field(data, "wager", _cents, errors)
    seed_amount = _field(data, "seed_amount", _cents, errors)
    rate = _field(data, "rate", _rate, errors)
    awards = _lines(data, "awards", tuple(FortuneHand), _award, errors)
    _require_a_line(awards, "awards", errors)
    if errors or wager is None or seed_amount is None or rate is None:
        raise RulesError(errors)
    default = EXAMPLE_PROGRESSIVE_PAYTABLE
    return ProgressivePaytable(
        name,
        wager,
        awards,
        seed_amount,
        rate,
        replace(
            default.citation,
            text=f"The Progressive Payout paytable the certificate holder filed: {name}.",
            submission=submission,
        ),
        replace(
            default.rate_citation,
            text=f"Each Progressive Payout wager adds {describe_value(rate)}"
            " of itself to the progressive meter, as the certificate holder filed.",
            submission=submission,
        ),
    )


def progressive_paytable_json(paytable: ProgressivePaytable) -> JsonObject:
    """A filed Progressive Payout paytable as JSON, as :func:`read_progressive_paytable` reads it."""
    return {
        "name": paytable.name,
        "submission": paytable.citation.submission,
        "wager": paytable.wager,
        "awards": {
            hand.value: f"{award.percent}%" if isinstance(award, MeterShare) else award
            for hand, award in paytable.awards.items()
        },
        "seed_amount": paytable.seed_amount,
        "rate": str(paytable.rate),
    }
