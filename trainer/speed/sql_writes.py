"""A step's reads and writes in plain SQL: the cached round store's twin of :mod:`trainer.step_writes`.

The ORM builds the same statements, but building them costs a sixth to a third of a step's CPU (2.7-2.8 ms a
step in plain SQL against 3.3-4.3 through the ORM, bench/table_step.py; bench/results/speed-devices.md), and three
quarters of a step that changes a meter. Each value written goes through its field's own ``get_db_prep_save`` and
each value read through the field's converters, so plain SQL stores and reads it as the ORM does
(tests/trainer/test_meters.py, tests/xapi/test_xapi_statements.py).
"""

from functools import cache
from typing import Any

from django.db import DEFAULT_DB_ALIAS, connections
from django.db.backends.base.base import BaseDatabaseWrapper
from django.db.models import Field, Model

from simulator.core.json_values import json_object
from trainer.models import Attempt, Meter, MeterChange
from trainer.step_writes import METER_COLUMNS, MeterHeld, StepWrites, column_field


def step_database() -> BaseDatabaseWrapper:
    """The school's database as this thread is connected to it, looked up once by each read or write.

    ``django.db.connection`` looks the thread's connection up again on every use of it, and a step's writes use it
    a few dozen times (each value prepared, each statement run).
    """
    return connections[DEFAULT_DB_ALIAS]


def _columns_and_values(
    database: BaseDatabaseWrapper, model: type[Model], values: dict[str, Any]
) -> tuple[list[str], list[Any]]:
    """The quoted columns of the model's fields named in ``values`` and their values as the database takes them."""
    fields = [column_field(model, name) for name in values]
    columns = [quoted_column(field) for field in fields]
    prepared = [field.get_db_prep_save(value, database) for field, value in zip(fields, values.values(), strict=True)]
    return columns, prepared


@cache
def quoted_column(field: Field[Any, Any]) -> str:
    """The field's column name quoted for the database, worked out once for each field."""
    return step_database().ops.quote_name(str(field.column))


def move_attempt_on(attempt_id: int, sequence: int, values: dict[str, Any]) -> bool:
    """Write the attempt's fields if it is still at frame number ``sequence``; whether it was."""
    database = step_database()
    columns, prepared = _columns_and_values(database, Attempt, values)
    assignments = ", ".join(f"{column} = %s" for column in columns)
    with database.cursor() as cursor:
        cursor.execute(
            f'UPDATE {quoted_table(Attempt)} SET {assignments} WHERE "id" = %s AND "last_sequence" = %s',
            [*prepared, attempt_id, sequence],
        )
        return bool(cursor.rowcount == 1)


@cache
def quoted_table(model: type[Model]) -> str:
    """The model's quoted table name, worked out once for each model."""
    return step_database().ops.quote_name(model._meta.db_table)


def read_value(database: BaseDatabaseWrapper, field: Field[Any, Any], value: Any) -> Any:
    """A column's value as the ORM reads it into the field (the database's converters, then the field's)."""
    column = field.get_col(field.model._meta.db_table)
    for convert in [*database.ops.get_db_converters(column), *field.get_db_converters(database)]:
        value = convert(value, column, database)
    return value


def add_row(model: type[Model], values: dict[str, Any]) -> None:
    """Insert a row of the model with the fields in ``values``: the step's, or one an app writes with it."""
    database = step_database()
    columns, prepared = _columns_and_values(database, model, values)
    placeholders = ", ".join(["%s"] * len(columns))
    with database.cursor() as cursor:
        cursor.execute(f"INSERT INTO {quoted_table(model)} ({', '.join(columns)}) VALUES ({placeholders})", prepared)


def _update(model: type[Model], pk: int, values: dict[str, Any]) -> None:
    """Write the fields in ``values`` to the model's row ``pk``."""
    database = step_database()
    columns, prepared = _columns_and_values(database, model, values)
    assignments = ", ".join(f"{column} = %s" for column in columns)
    with database.cursor() as cursor:
        cursor.execute(f'UPDATE {quoted_table(model)} SET {assignments} WHERE "id" = %s', [*prepared, pk])


def hold_meter(table_id: int, name: str, attempt_id: int, operation: int) -> MeterHeld | None:
    """The table's meter ``name``, its row locked, and the reading operation ``operation`` met; None without it.

    One statement reads both, the change joined to the meter; PostgreSQL locks the meter's row alone (SQLite's
    transaction already holds the database).
    """
    fields = [column_field(Meter, field) for field in ("id", *METER_COLUMNS)]
    reading = column_field(MeterChange, "reading")
    columns = ", ".join([*(f"m.{quoted_column(field)}" for field in fields), f"c.{quoted_column(reading)}"])
    database = step_database()
    lock = " FOR UPDATE OF m" if database.features.has_select_for_update_of else ""
    with database.cursor() as cursor:
        cursor.execute(
            f"SELECT {columns} FROM {quoted_table(Meter)} m LEFT JOIN {quoted_table(MeterChange)} c "
            'ON c."meter_id" = m."id" AND c."attempt_id" = %s AND c."operation" = %s '
            f'WHERE m."table_id" = %s AND m."name" = %s{lock}',
            [attempt_id, operation, table_id, name],
        )
        row = cursor.fetchone()
    if row is None:
        return None
    values = {
        str(field.name): read_value(database, field, value) for field, value in zip(fields, row[:-1], strict=True)
    }
    done = None if row[-1] is None else json_object(read_value(database, reading, row[-1]))
    return Meter(table_id=table_id, name=name, **values), done


def save_meter_change(meter: Meter, change: dict[str, Any]) -> None:
    """Write the meter's changed columns and add the change's row (``change`` names ``meter`` and ``attempt``)."""
    _update(Meter, meter.pk, {name: getattr(meter, name) for name in METER_COLUMNS})
    add_row(MeterChange, change)


IN_SQL = StepWrites(move_attempt_on, add_row, hold_meter, save_meter_change)
"""The cached round store's reads and writes."""
