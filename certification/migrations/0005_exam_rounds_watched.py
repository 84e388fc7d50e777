"""An exam round is the attempt dealt, or the watched round of a watch scenario's part: exactly one of the two."""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("certification", "0004_exam_parts_of_scenarios_app"),
        ("surveillance", "0001_initial"),
        ("trainer", "0033_school_profile_moves_to_core"),
    ]

    operations = [
        migrations.AddField(
            model_name="examround",
            name="watched",
            field=models.OneToOneField(
                blank=True,
                help_text="The watched round of a watch scenario's part; none for a round the trainee deals.",
                null=True,
                on_delete=django.db.models.deletion.PROTECT,
                related_name="exam_round",
                to="surveillance.watchedround",
            ),
        ),
        migrations.AlterField(
            model_name="examround",
            name="attempt",
            field=models.OneToOneField(
                blank=True,
                null=True,
                on_delete=django.db.models.deletion.PROTECT,
                related_name="exam_round",
                to="trainer.attempt",
            ),
        ),
        migrations.AddConstraint(
            model_name="examround",
            constraint=models.CheckConstraint(
                condition=models.Q(
                    models.Q(("attempt__isnull", False), ("watched__isnull", True)),
                    models.Q(("attempt__isnull", True), ("watched__isnull", False)),
                    _connector="OR",
                ),
                name="exam_round_dealt_or_watched",
            ),
        ),
    ]
