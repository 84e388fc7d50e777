"""Scenarios move to the scenarios app: their models leave the trainer's state, their tables stay.

An attempt's scenario version is the scenarios app's from here on, after the assignments' and exam parts' are
(school's and certification's 0003), so no model refers to a scenario model the trainer no longer has.
"""

import django.db.models.deletion
from django.db import migrations, models

MOVED = ("RunRound", "ScenarioRun", "ScenarioVersion", "Scenario")
"""The models that move, each after every model that refers to it."""


class Migration(migrations.Migration):
    dependencies = [
        ("certification", "0004_exam_parts_of_scenarios_app"),
        ("scenarios", "0001_scenarios_from_trainer"),
        ("school", "0003_assignments_of_scenarios_app"),
        ("trainer", "0029_pass_rule_fields_declared_once"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.AlterField(
                    model_name="attempt",
                    name="scenario_version",
                    field=models.ForeignKey(
                        blank=True,
                        editable=False,
                        help_text="The scenario version the round was dealt from; none at an ordinary table.",
                        null=True,
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="attempts",
                        to="scenarios.scenarioversion",
                    ),
                ),
                *(migrations.DeleteModel(name=name) for name in MOVED),
            ],
        ),
    ]
