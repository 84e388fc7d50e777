"""An exam's cohort is the school app's now (the same table, ``trainer_cohort``): only the state changes."""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("certification", "0001_exams_from_trainer"),
        ("school", "0001_cohorts_from_trainer"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.AlterField(
                    model_name="exam",
                    name="cohort",
                    field=models.ForeignKey(
                        on_delete=django.db.models.deletion.PROTECT, related_name="exams", to="school.cohort"
                    ),
                ),
            ]
        ),
    ]
