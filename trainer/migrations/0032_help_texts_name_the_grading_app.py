"""The help texts of a table's targets and a step's clock name the grading app, their new home: no column changes."""

from django.db import migrations, models

import trainer.models


class Migration(migrations.Migration):
    dependencies = [
        ("trainer", "0031_rules_submission_moves_to_its_app"),
    ]

    operations = [
        migrations.AlterField(
            model_name="attempt",
            name="step_started_at",
            field=models.DateTimeField(
                auto_now_add=True,
                help_text="When the current step's clock last started or stopped (grading.step_clock).",
            ),
        ),
        migrations.AlterField(
            model_name="table",
            name="skill_targets",
            field=models.JSONField(
                blank=True,
                default=dict,
                help_text='Target seconds per skill where this table differs from the school\'s (grading/standards.py), for example {"calling_the_dice": 4}.',
                validators=[trainer.models.validate_skill_targets],
            ),
        ),
    ]
