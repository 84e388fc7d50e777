"""The pass rule's fields are declared once (trainer.pass_rule_fields): only their help text changes, no column."""

import django.core.validators
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("certification", "0002_exams_of_school_cohorts"),
    ]

    operations = [
        migrations.AlterField(
            model_name="exam",
            name="critical_error_fails",
            field=models.BooleanField(
                default=True, help_text="Whether one critical error fails what is judged (a round, a sitting)."
            ),
        ),
        migrations.AlterField(
            model_name="exam",
            name="pass_accuracy_percent",
            field=models.PositiveSmallIntegerField(
                default=90,
                help_text="The least share of the steps judged together right at the first attempt, from 0 to 100.",
                validators=[django.core.validators.MaxValueValidator(100)],
                verbose_name="pass mark (%)",
            ),
        ),
        migrations.AlterField(
            model_name="exam",
            name="time_limit_seconds",
            field=models.PositiveIntegerField(
                blank=True,
                help_text="The most time the steps judged together may take, in seconds (the sum of their step times); empty for none.",
                null=True,
                validators=[
                    django.core.validators.MinValueValidator(1),
                    django.core.validators.MaxValueValidator(2147483647),
                ],
            ),
        ),
    ]
