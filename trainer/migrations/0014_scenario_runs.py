"""Scenario runs: a trainee's rounds 1 to N of a scenario version, judged together.

No data migration: rounds dealt before this belong to no run (a run's rounds are linked from RunRound, so an
attempt without one needs nothing), and so no longer count as assignment passes.
"""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("trainer", "0013_drills"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name="ScenarioRun",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                ("started_at", models.DateTimeField(auto_now_add=True)),
                (
                    "scenario_version",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.PROTECT, related_name="runs", to="trainer.scenarioversion"
                    ),
                ),
                (
                    "trainee",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="scenario_runs",
                        to=settings.AUTH_USER_MODEL,
                    ),
                ),
            ],
            options={
                "ordering": ("trainee", "started_at", "pk"),
            },
        ),
        migrations.CreateModel(
            name="RunRound",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                ("position", models.PositiveSmallIntegerField(help_text="The round's number in the run, from 1.")),
                (
                    "attempt",
                    models.OneToOneField(
                        on_delete=django.db.models.deletion.CASCADE, related_name="run_round", to="trainer.attempt"
                    ),
                ),
                (
                    "run",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE, related_name="rounds", to="trainer.scenariorun"
                    ),
                ),
            ],
            options={
                "ordering": ("run", "position"),
                "constraints": [models.UniqueConstraint(fields=("run", "position"), name="one_run_round_per_place")],
            },
        ),
    ]
