"""A house verdict's reads in one plain SQL statement: the cached round store's twin of the ORM's two queries.

A verdict citing a house procedure reads the newest wording of each clause it cites and, for a clause the school
has not worded, the school's name (:func:`rules_submission.submission.school_citations`). Building the ORM's two
queries costs more CPU than the step's own writes (bench/results/ws_load.md, 7 December 2026); this reads both at
once, each value through its field's converters as the ORM reads it (tests/trainer/test_rules_submission.py).
"""

from collections.abc import Callable, Collection

from django.conf import settings

from core.models import SchoolProfile
from rules_submission.models import HouseWording
from trainer.speed.sql_writes import quoted_column, quoted_table, read_value, step_database
from trainer.step_writes import column_field

WORDING_FIELDS = tuple(column_field(HouseWording, name) for name in ("clause", "version", "text", "saved_at"))
"""The fields of a wording that a verdict reads, in the statement's order."""


def newest_wordings_and_name(clauses: Collection[str]) -> tuple[dict[str, HouseWording], Callable[[], str]]:
    """The newest wording of each of ``clauses`` the school has worded, and the school's name as a verdict labels it."""
    database = step_database()
    columns = ", ".join(quoted_column(field) for field in WORDING_FIELDS)
    clause, name = quoted_column(WORDING_FIELDS[0]), quoted_column(column_field(SchoolProfile, "name"))
    placeholders = ", ".join(["%s"] * len(clauses))
    wordings = f"SELECT {columns}, NULL FROM {quoted_table(HouseWording)} WHERE {clause} IN ({placeholders})"
    first = f'SELECT MIN("id") FROM {quoted_table(SchoolProfile)}'
    profile = f'SELECT NULL, NULL, NULL, NULL, {name} FROM {quoted_table(SchoolProfile)} WHERE "id" = ({first})'
    with database.cursor() as cursor:
        cursor.execute(f"{wordings} UNION ALL {profile}", list(clauses))
        rows = cursor.fetchall()
    newest: dict[str, HouseWording] = {}
    school = settings.SCHOOL_NAME
    for *values, saved_name in rows:
        if values[0] is None:
            school = saved_name
            continue
        read = {
            field.name: read_value(database, field, value) for field, value in zip(WORDING_FIELDS, values, strict=True)
        }
        held = newest.get(read["clause"])
        if held is None or held.version < read["version"]:
            newest[read["clause"]] = HouseWording(**read)
    return newest, lambda: school
