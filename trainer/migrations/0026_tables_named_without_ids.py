"""Rename published scenarios' tables from "Name (scenario 51, version 2)" to "Name, version 2": no internal ids."""

import re

from django.db import migrations

WITH_IDS = re.compile(r" \(scenario \d+, version \d+\)$")


def table_name(name, number, taken, longest):
    """A version's table name as the floor says it: "Name, version 2", cut to ``longest``; a clash adds "(2)".

    trainer.scenario_versions.table_name as it stood at this migration (13d82ce), frozen here: the migration
    renames tables as they were named then, whatever publishing names them later.
    """
    copy = 0
    while True:
        copy += 1
        which = f", version {number}" + (f" ({copy})" if copy > 1 else "")
        named = (name if len(name) + len(which) <= longest else f"{name[: longest - len(which) - 1]}…") + which
        if not taken(named):
            return named


def rename(apps, schema_editor):
    """Give each published version's table, still named with ids, the name a version published then got."""
    table_model = apps.get_model("trainer", "Table")
    versions = apps.get_model("trainer", "ScenarioVersion").objects.filter(table__isnull=False)
    longest = table_model._meta.get_field("name").max_length

    def taken(name):
        return table_model.objects.filter(name=name).exists()

    for version in versions.select_related("scenario", "table").order_by("pk"):
        table = version.table
        if WITH_IDS.search(table.name):
            table.name = table_name(version.scenario.name, version.number, taken, longest)
            table.save(update_fields=["name"])


class Migration(migrations.Migration):
    dependencies = [("trainer", "0025_exams_move_to_certification")]

    operations = [migrations.RunPython(rename, migrations.RunPython.noop)]
