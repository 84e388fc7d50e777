"""Bounds on what a form or a query reads: days all can hold, JSON of bounded size and depth, numbers of few digits.

A value past these bounds is refused with a field error (a query's with 400) before anything is worked out from it:
a day in 9999 has no next day to end a range with, a JSON value nested 100,000 deep exhausts the parser's stack, and
5,000 digits are past Python's limit on reading a number.
"""

import json
import re
from datetime import date
from typing import Any

from django.core.exceptions import ValidationError

EARLIEST_YEAR = 1900
LATEST_YEAR = 9998
"""Days and moments are read from 1900 to 9998, so the next day and the moment in UTC stay in the calendar (1–9999)."""

MAX_JSON_CHARACTERS = 10_000
"""The longest JSON a person types into a field (a table's rules are under 2,000 characters)."""

MAX_JSON_DEPTH = 8
"""The deepest nesting of arrays and objects read (a table's rules nest two deep)."""

JSON_REFUSAL = (
    f"Enter JSON of at most {MAX_JSON_CHARACTERS:,} characters, nested at most {MAX_JSON_DEPTH} deep, "
    'with whole numbers only (write a rate as text, such as "0.05").'
)
"""The field error for JSON that is not JSON or is past these bounds."""


QUERY_NUMBER = re.compile(r"[0-9]{1,9}")
"""A whole number in a query: at most nine ASCII digits, as every id and count the school holds (PostgreSQL's
integer holds ten), so no query's number overflows a column or Python's limit on digits read."""

QUERY_TEXT_CHARACTERS = 200
"""The longest text a query parameter gives (a clause's citation is under 40 characters)."""


def query_number(text: str) -> int | None:
    """The whole number a query parameter gives, or None when it is not one of :data:`QUERY_NUMBER`."""
    return int(text) if QUERY_NUMBER.fullmatch(text) else None


def validate_calendar_day(value: date) -> None:
    """Refuse a day, or a moment, outside the years :data:`EARLIEST_YEAR` to :data:`LATEST_YEAR`."""
    if not EARLIEST_YEAR <= value.year <= LATEST_YEAR:
        raise ValidationError(f"Give a day from the year {EARLIEST_YEAR} to {LATEST_YEAR}.", code="calendar")


def _deeper_than(value: Any, levels: int) -> bool:
    """Whether arrays and objects in ``value`` nest more than ``levels`` deep; it looks no deeper than that."""
    if not isinstance(value, list | dict):
        return False
    if levels == 0:
        return True
    items = value.values() if isinstance(value, dict) else value
    return any(_deeper_than(item, levels - 1) for item in items)


def _refuse_number(text: str) -> Any:
    """Refuse a number JSON reads as a float: a fraction, an exponent, NaN or Infinity."""
    raise ValueError(f"{text[:20]} is not a whole number")


class BoundedJSONDecoder(json.JSONDecoder):
    """A decoder for JSON a person typed: short, shallow and whole numbers only, else a JSONDecodeError.

    Django's JSON form field reports a JSONDecodeError as the field's "invalid" error; anything else (a
    RecursionError, a ValueError for a 5,000-digit number) would escape it as a 500.
    """

    def __init__(self, **kwargs: Any) -> None:
        """A decoder refusing floats, NaN and Infinity."""
        super().__init__(**kwargs | {"parse_float": _refuse_number, "parse_constant": _refuse_number})

    def decode(self, s: str, *args: Any, **kwargs: Any) -> Any:
        """The JSON value of ``s``, read only when it is short, and refused when it nests too deep."""
        if len(s) > MAX_JSON_CHARACTERS:
            raise json.JSONDecodeError(f"longer than {MAX_JSON_CHARACTERS:,} characters", "", 0)
        try:
            value = super().decode(s, *args, **kwargs)
        except json.JSONDecodeError:
            raise
        except (ValueError, RecursionError) as error:
            raise json.JSONDecodeError(str(error), s, 0) from None
        if _deeper_than(value, MAX_JSON_DEPTH):
            raise json.JSONDecodeError(f"nested more than {MAX_JSON_DEPTH} deep", s, 0)
        return value
