"""An exam part's scenario version is the scenarios app's from here on: the same table, so only the state changes."""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("certification", "0003_pass_rule_fields_declared_once"),
        ("scenarios", "0001_scenarios_from_trainer"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.AlterField(
                    model_name="exampart",
                    name="scenario_version",
                    field=models.ForeignKey(
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="exam_parts",
                        to="scenarios.scenarioversion",
                    ),
                ),
            ],
        ),
    ]
