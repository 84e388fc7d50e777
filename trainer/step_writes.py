"""A step's writes: the attempt moved on, guarded by its frame number, the step's new row and any queued statement.

Each write comes twice: in plain SQL for the cached round store, and through the ORM for the plain one. The ORM
builds the same statements, but building them was a fifth of a step's cost under the WebSocket benchmark. Each
value goes through its field's own ``get_db_prep_save``, so plain SQL stores it as the ORM does (tested).
"""

from typing import Any

from django.db import connection
from django.db.models import Field, Model

from trainer.models import Attempt, QueuedStatement, Step


def _column_field(model: type[Model], name: str) -> Field[Any, Any]:
    """The model's own field called ``name``, which has a column; TypeError for a relation from another model."""
    field = model._meta.get_field(name)
    if not isinstance(field, Field) or field.column is None:
        raise TypeError(f"{name!r} is not a column of {model.__name__}.")
    return field


def _columns_and_values(model: type[Model], values: dict[str, Any]) -> tuple[list[str], list[Any]]:
    """The quoted columns of the model's fields named in ``values`` and their values as the database takes them."""
    fields = [_column_field(model, name) for name in values]
    columns = [connection.ops.quote_name(str(field.column)) for field in fields]
    prepared = [field.get_db_prep_save(value, connection) for field, value in zip(fields, values.values(), strict=True)]
    return columns, prepared


def move_attempt_on(attempt_id: int, sequence: int, values: dict[str, Any]) -> bool:
    """Write the attempt's fields if it is still at frame number ``sequence``; whether it was."""
    columns, prepared = _columns_and_values(Attempt, values)
    assignments = ", ".join(f"{column} = %s" for column in columns)
    table = connection.ops.quote_name(Attempt._meta.db_table)
    with connection.cursor() as cursor:
        cursor.execute(
            f'UPDATE {table} SET {assignments} WHERE "id" = %s AND "last_sequence" = %s',
            [*prepared, attempt_id, sequence],
        )
        return bool(cursor.rowcount == 1)


def _insert(model: type[Model], values: dict[str, Any]) -> None:
    """Insert a row of the model with the fields in ``values``."""
    columns, prepared = _columns_and_values(model, values)
    table = connection.ops.quote_name(model._meta.db_table)
    placeholders = ", ".join(["%s"] * len(columns))
    with connection.cursor() as cursor:
        cursor.execute(f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({placeholders})", prepared)


def add_step(values: dict[str, Any]) -> None:
    """Insert a step's row with the fields in ``values``."""
    _insert(Step, values)


def add_statement(values: dict[str, Any]) -> None:
    """Insert an xAPI statement's outbox row with the fields in ``values`` (trainer.xapi.outbox_row)."""
    _insert(QueuedStatement, values)


def move_attempt_on_with_orm(attempt_id: int, sequence: int, values: dict[str, Any]) -> bool:
    """The ORM's version of :func:`move_attempt_on`."""
    return Attempt.objects.filter(pk=attempt_id, last_sequence=sequence).update(**values) == 1


def add_step_with_orm(values: dict[str, Any]) -> None:
    """The ORM's version of :func:`add_step`."""
    Step.objects.create(**{("attempt_id" if name == "attempt" else name): value for name, value in values.items()})


def add_statement_with_orm(values: dict[str, Any]) -> None:
    """The ORM's version of :func:`add_statement`."""
    QueuedStatement.objects.create(**values)
