"""The fields every form reads numbers with: one whole number and one amount of money, each read one way.

A page posts text and a table's step posts JSON; either way a field takes one value (:func:`one_value`) and refuses
what is not written plainly ("٥", "+5", "1_000", "1e3", "5,00") before anything converts it.
"""

import re
from typing import Any

from django import forms
from django.core.exceptions import ValidationError

from simulator.core.money import MAX_DOLLARS_CHARACTERS, parse_dollars

WHOLE_NUMBER = re.compile(r"[0-9]{1,10}")
"""A whole number as typed: ASCII digits, at most ten (a 32-bit column's largest has ten)."""


def one_value(form_field: forms.Field, value: Any) -> str:
    """A single form value as stripped text, "" when absent; a list, an object, true, false or a float is refused.

    Hand-written because Django's fields read whatever ``str()`` makes of a JSON value (``"['1', '2']"``).
    """
    if value is None:
        return ""
    if isinstance(value, bool) or not isinstance(value, str | int):
        raise ValidationError(f"Give one value for {form_field.label}.", code="one_value")
    return str(value).strip()


class WholeNumberField(forms.IntegerField):
    """A whole number from ``lowest`` to ``highest`` in :data:`WHOLE_NUMBER`'s digits, None when left empty.

    Django's own reads all that ``int()`` reads ("٥", "+5", "1_000"), at any length.
    """

    def __init__(self, label: str, lowest: int | None, highest: int | None, refusal: str = "", **kwargs: Any) -> None:
        """A field refusing anything else with ``refusal``, by default "Choose <label> from <lowest> to <highest>."."""
        refused = refusal or f"Choose {label} from {lowest} to {highest}."
        messages = dict.fromkeys(("required", "invalid", "min_value", "max_value"), refused)
        super().__init__(label=label, min_value=lowest, max_value=highest, error_messages=messages, **kwargs)

    def to_python(self, value: Any) -> int | None:
        """The number, or None when absent; anything but ASCII digits, or more than ten, is refused before int()."""
        text = one_value(self, value)
        if not text:
            return None
        if not WHOLE_NUMBER.fullmatch(text):
            raise ValidationError(self.error_messages["invalid"], code="invalid")
        return int(text)


def read_dollars(text: str) -> int:
    """The cents of a dollar amount a person typed, as :func:`simulator.core.money.parse_dollars` reads it.

    Every form reads money here, so each refuses it in the same words: parse_dollars' refusal, as a ValidationError.
    """
    try:
        return parse_dollars(text)
    except ValueError as error:
        raise ValidationError(str(error), code="invalid") from None


class MoneyField(forms.Field):
    """An amount of money typed in dollars ("25", "$1,037.50"), read into whole cents, never a float; None if empty."""

    def to_python(self, value: Any) -> int | None:
        """The cents, as :func:`read_dollars` reads the text, or its refusal as the error."""
        text = one_value(self, value)
        return read_dollars(text) if text else None

    def widget_attrs(self, widget: forms.Widget) -> dict[str, Any]:
        """The input holds no more than :func:`read_dollars` reads."""
        return {**super().widget_attrs(widget), "maxlength": str(MAX_DOLLARS_CHARACTERS)}
