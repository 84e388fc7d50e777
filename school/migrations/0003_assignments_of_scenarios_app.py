"""An assignment's scenario is the scenarios app's from here on: the same table, so only the state changes."""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("scenarios", "0001_scenarios_from_trainer"),
        ("school", "0002_accounts_unique_in_any_case"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.AlterField(
                    model_name="assignment",
                    name="scenario",
                    field=models.ForeignKey(
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="assignments",
                        to="scenarios.scenario",
                    ),
                ),
            ],
        ),
    ]
