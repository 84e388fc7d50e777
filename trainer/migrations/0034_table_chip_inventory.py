"""A table keeps its rack's chips as its last round left them, for its next round to open with."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("trainer", "0033_school_profile_moves_to_core"),
    ]

    operations = [
        migrations.AddField(
            model_name="table",
            name="chip_inventory",
            field=models.JSONField(
                blank=True,
                editable=False,
                help_text='The rack\'s chips as the table\'s last round left them, for its next round to open with: {"rack": its text, "chips": {cents: count}} (simulator/core/chip_inventory.py); none until a round ends.',
                null=True,
            ),
        ),
    ]
