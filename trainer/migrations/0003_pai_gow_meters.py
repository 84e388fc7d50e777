"""A Pai Gow Poker table keeps two meters: its saved Mystery Bonus meter moves under the key "mystery"."""

from django.db import migrations, models

PAI_GOW_POKER = "pai-gow-poker"


def nest_mystery_meters(apps, schema_editor):
    """Move each Pai Gow Poker table's mystery meter under "mystery", beside an empty progressive jackpot meter."""
    Table = apps.get_model("trainer", "Table")
    for table in Table.objects.filter(game=PAI_GOW_POKER, meter__isnull=False):
        if "hit_value" in table.meter:
            table.meter = {"mystery": table.meter, "progressive": None}
            table.save(update_fields=["meter"])


def flatten_mystery_meters(apps, schema_editor):
    """Put each Pai Gow Poker table's mystery meter back at the top of the field; the jackpot meter is dropped."""
    Table = apps.get_model("trainer", "Table")
    for table in Table.objects.filter(game=PAI_GOW_POKER, meter__isnull=False):
        if "mystery" in table.meter:
            table.meter = table.meter["mystery"]
            table.save(update_fields=["meter"])


class Migration(migrations.Migration):
    dependencies = [("trainer", "0002_tables_and_attempts")]

    operations = [
        migrations.AlterField(
            model_name="table",
            name="meter",
            field=models.JSONField(
                blank=True,
                editable=False,
                help_text="The progressive meters with their secrets (the mystery hit value): server only. A Pai Gow "
                "Poker table keeps two, under the keys mystery and progressive.",
                null=True,
            ),
        ),
        migrations.RunPython(nest_mystery_meters, flatten_mystery_meters),
    ]
