"""A step's reads and writes through the ORM: the attempt moved on by its frame number, its rows, its meters.

The cached round store's twin in plain SQL is :mod:`trainer.speed.sql_writes`; :class:`StepWrites` names the four
so the round store can hand either to a step.
"""

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import Any

from django.db.models import Field, Model

from simulator.core.json_values import JsonObject, json_object
from trainer.models import Attempt, Meter, MeterChange


@cache
def column_field(model: type[Model], name: str) -> Field[Any, Any]:
    """The model's own field called ``name``, which has a column; TypeError for a relation from another model.

    Looked up once for each field: a step writes the same few fields every time.
    """
    field = model._meta.get_field(name)
    if not isinstance(field, Field) or field.column is None:
        raise TypeError(f"{name!r} is not a column of {model.__name__}.")
    return field


METER_COLUMNS = ("amount", "hit_value", "cycle", "state")
"""The fields of a meter's row that a change writes."""

MeterHeld = tuple[Meter, JsonObject | None]
"""A meter with its row locked, and the reading an operation met if it has already changed the meter."""


def _by_attribute(model: type[Model], values: dict[str, Any]) -> dict[str, Any]:
    """``values`` keyed as the model's constructor takes them: a relation's primary key by its ``_id`` attribute."""
    return {column_field(model, name).attname: value for name, value in values.items()}


def move_attempt_on(attempt_id: int, sequence: int, values: dict[str, Any]) -> bool:
    """Write the attempt's fields if it is still at frame number ``sequence``; whether it was."""
    return Attempt.objects.filter(pk=attempt_id, last_sequence=sequence).update(**values) == 1


def add_row(model: type[Model], values: dict[str, Any]) -> None:
    """Insert a row of the model with the fields in ``values``: the step's, or one an app writes with it."""
    model._default_manager.create(**_by_attribute(model, values))


def hold_meter(table_id: int, name: str, attempt_id: int, operation: int) -> MeterHeld | None:
    """The table's meter ``name``, its row locked, and the reading operation ``operation`` met; None without it."""
    meter = Meter.objects.select_for_update(of=("self",)).filter(table_id=table_id, name=name).first()
    if meter is None:
        return None
    done = MeterChange.objects.filter(meter=meter, attempt_id=attempt_id, operation=operation).first()
    return meter, None if done is None else json_object(done.reading)


def save_meter_change(meter: Meter, change: dict[str, Any]) -> None:
    """Write the meter's changed columns and add the change's row (``change`` names ``meter`` and ``attempt``)."""
    meter.save(update_fields=METER_COLUMNS)
    add_row(MeterChange, change)


@dataclass(frozen=True)
class StepWrites:
    """A step's reads and writes, all through the ORM (:data:`WITH_ORM`) or all in plain SQL (``IN_SQL``)."""

    move_attempt_on: Callable[[int, int, dict[str, Any]], bool]
    add_row: Callable[[type[Model], dict[str, Any]], None]
    hold_meter: Callable[[int, str, int, int], MeterHeld | None]
    save_meter_change: Callable[[Meter, dict[str, Any]], None]


WITH_ORM = StepWrites(move_attempt_on, add_row, hold_meter, save_meter_change)
"""The plain round store's reads and writes."""
