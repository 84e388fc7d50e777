"""Each table's progressive meters become rows changed in place (Meter), with a record of every change (MeterChange).

The meters a table kept as one JSON value (``Table.meter``: a Pai Gow Poker table's under the keys mystery and
progressive, another table's bare) move to one row each, the amount, secret hit value and cycle as columns.
"""

from decimal import Decimal

import django.db.models.deletion
from django.db import migrations, models

COLUMNS = ("amount", "hit_value", "cycle")


def named_meters(saved):
    """A table's old meter value as meters by name."""
    if saved is None:
        return {}
    if "hit_value" in saved:
        return {"mystery": saved}
    if "reading" in saved and "wager" in saved:
        return {"match": saved}
    return {name: meter for name, meter in saved.items() if meter is not None}


def move_meters_to_rows(apps, schema_editor):
    """One Meter row for each meter a table carried."""
    Table = apps.get_model("trainer", "Table")
    Meter = apps.get_model("trainer", "Meter")
    for table in Table.objects.exclude(meter=None):
        for name, saved in named_meters(table.meter).items():
            Meter.objects.create(
                table=table,
                name=name,
                amount=Decimal(saved["amount"]),
                hit_value=saved.get("hit_value"),
                cycle=saved.get("cycle", 0),
                state={key: value for key, value in saved.items() if key not in COLUMNS},
            )


def move_rows_to_meters(apps, schema_editor):
    """The meters back into the table's one JSON value."""
    Table = apps.get_model("trainer", "Table")
    for table in Table.objects.all():
        meters = {}
        for meter in table.meters.all():
            saved = {**meter.state, "amount": f"{meter.amount.normalize():f}"}
            if meter.hit_value is not None:
                saved |= {"hit_value": meter.hit_value, "cycle": meter.cycle}
            meters[meter.name] = saved
        if table.game == "pai-gow-poker":
            table.meter = (
                {"mystery": meters.get("mystery"), "progressive": meters.get("progressive")} if meters else None
            )
        else:
            table.meter = next(iter(meters.values()), None)
        table.save(update_fields=["meter"])


class Migration(migrations.Migration):
    dependencies = [
        ("trainer", "0014_scenario_runs"),
    ]

    operations = [
        migrations.CreateModel(
            name="Meter",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                (
                    "name",
                    models.CharField(
                        help_text="mystery, progressive (Pai Gow Poker's jackpot) or match.", max_length=20
                    ),
                ),
                (
                    "amount",
                    models.DecimalField(
                        decimal_places=4, help_text="What the meter shows, in exact cents.", max_digits=16
                    ),
                ),
                (
                    "hit_value",
                    models.PositiveIntegerField(help_text="The Mystery Bonus's secret hit value in cents.", null=True),
                ),
                (
                    "cycle",
                    models.PositiveIntegerField(
                        default=0, help_text="The Mystery Bonus cycle: one hit value, one hit."
                    ),
                ),
                (
                    "state",
                    models.JSONField(
                        default=dict, help_text="The rest of the meter as the engine's to_json() writes it."
                    ),
                ),
                (
                    "table",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE, related_name="meters", to="trainer.table"
                    ),
                ),
            ],
            options={
                "ordering": ("table_id", "name"),
                "constraints": [models.UniqueConstraint(fields=("table", "name"), name="one_meter_per_name")],
            },
        ),
        migrations.CreateModel(
            name="MeterChange",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                ("operation", models.PositiveIntegerField(help_text="The operation's number in the round's log.")),
                ("cycle", models.PositiveIntegerField(help_text="The meter's cycle when the change met it.")),
                (
                    "reading",
                    models.JSONField(
                        help_text="The meter as the change met it, secret hit value included: server only."
                    ),
                ),
                (
                    "contributed",
                    models.DecimalField(decimal_places=4, help_text="The cents it added.", max_digits=16),
                ),
                (
                    "lit",
                    models.BooleanField(
                        help_text="Whether a contribution of the step took the meter past its hit value."
                    ),
                ),
                (
                    "amount_after",
                    models.DecimalField(decimal_places=4, help_text="The meter's amount after it.", max_digits=16),
                ),
                ("made_at", models.DateTimeField(auto_now_add=True)),
                (
                    "attempt",
                    models.ForeignKey(
                        db_index=False,
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="meter_changes",
                        to="trainer.attempt",
                    ),
                ),
                (
                    "meter",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE, related_name="changes", to="trainer.meter"
                    ),
                ),
            ],
            options={
                "ordering": ("meter_id", "pk"),
                "constraints": [
                    models.UniqueConstraint(fields=("attempt", "operation", "meter"), name="one_change_per_operation")
                ],
            },
        ),
        migrations.RunPython(move_meters_to_rows, move_rows_to_meters),
        migrations.RemoveField(model_name="table", name="meter"),
    ]
