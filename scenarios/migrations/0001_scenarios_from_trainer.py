"""Scenarios, their versions, runs and run rounds, moved from the trainer app: only the state changes.

The tables are the trainer's, kept by name (``trainer_scenario``, ``trainer_scenarioversion``, ``trainer_scenariorun``,
``trainer_runround``), so every attempt, exam part and assignment points at the row it pointed at. The models that
refer to them point here from the trainer's 0029, school's 0003 and certification's 0003 on.

Their content types move with them, so any permission a school granted on them, and the admin's history of them, stay.
"""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models

import scenarios.models

MODELS = ("scenario", "scenarioversion", "scenariorun", "runround")


def move_content_types(source, target):
    """A migration function that gives the moved models' content types (and so their permissions) to ``target``."""

    def move(apps, schema_editor):
        ContentType = apps.get_model("contenttypes", "ContentType")
        taken = ContentType.objects.filter(app_label=target, model__in=MODELS).values_list("model", flat=True)
        ContentType.objects.filter(app_label=source, model__in=MODELS).exclude(model__in=list(taken)).update(
            app_label=target
        )

    return move


class Migration(migrations.Migration):
    initial = True

    dependencies = [
        ("contenttypes", "0002_remove_content_type_name"),
        ("trainer", "0029_pass_rule_fields_declared_once"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name="Scenario",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                            ),
                        ),
                        ("name", models.CharField(max_length=120)),
                        (
                            "drill",
                            models.CharField(
                                blank=True,
                                editable=False,
                                help_text="The key of its simulator.drills declaration, for a drill of the library; "
                                "none for an instructor's.",
                                max_length=60,
                                null=True,
                                unique=True,
                            ),
                        ),
                        ("created_at", models.DateTimeField(auto_now_add=True)),
                        (
                            "archived_at",
                            models.DateTimeField(
                                blank=True,
                                help_text="When its author archived it (off their list, the tables page and new "
                                "assignments); none if in use.",
                                null=True,
                            ),
                        ),
                        (
                            "author",
                            models.ForeignKey(
                                blank=True,
                                help_text="The instructor who built it; none for a drill of the library.",
                                null=True,
                                on_delete=django.db.models.deletion.PROTECT,
                                related_name="scenarios",
                                to=settings.AUTH_USER_MODEL,
                            ),
                        ),
                    ],
                    options={
                        "db_table": "trainer_scenario",
                        "ordering": ("name", "pk"),
                    },
                ),
                migrations.CreateModel(
                    name="ScenarioRun",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                            ),
                        ),
                        ("started_at", models.DateTimeField(auto_now_add=True)),
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
                        "db_table": "trainer_scenariorun",
                        "ordering": ("trainee", "started_at", "pk"),
                    },
                ),
                migrations.CreateModel(
                    name="RunRound",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                            ),
                        ),
                        (
                            "position",
                            models.PositiveSmallIntegerField(help_text="The round's number in the run, from 1."),
                        ),
                        (
                            "attempt",
                            models.OneToOneField(
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="run_round",
                                to="trainer.attempt",
                            ),
                        ),
                        (
                            "run",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="rounds",
                                to="scenarios.scenariorun",
                            ),
                        ),
                    ],
                    options={
                        "db_table": "trainer_runround",
                        "ordering": ("run", "position"),
                    },
                ),
                migrations.CreateModel(
                    name="ScenarioVersion",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                            ),
                        ),
                        ("number", models.PositiveIntegerField()),
                        (
                            "spec",
                            models.JSONField(
                                help_text="simulator.scenarios.ScenarioSpec JSON.",
                                validators=[scenarios.models.validate_scenario_spec],
                            ),
                        ),
                        ("created_at", models.DateTimeField(auto_now_add=True)),
                        ("published_at", models.DateTimeField(blank=True, null=True)),
                        (
                            "scenario",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="versions",
                                to="scenarios.scenario",
                            ),
                        ),
                        (
                            "table",
                            models.OneToOneField(
                                blank=True,
                                editable=False,
                                null=True,
                                on_delete=django.db.models.deletion.PROTECT,
                                related_name="scenario_version",
                                to="trainer.table",
                            ),
                        ),
                    ],
                    options={
                        "db_table": "trainer_scenarioversion",
                        "ordering": ("scenario", "number"),
                    },
                ),
                migrations.AddField(
                    model_name="scenariorun",
                    name="scenario_version",
                    field=models.ForeignKey(
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="runs",
                        to="scenarios.scenarioversion",
                    ),
                ),
                migrations.AddConstraint(
                    model_name="scenario",
                    constraint=models.CheckConstraint(
                        condition=models.Q(
                            models.Q(("author__isnull", True), ("drill__isnull", False)),
                            models.Q(("author__isnull", False), ("drill__isnull", True)),
                            _connector="OR",
                        ),
                        name="scenario_built_by_an_instructor_or_a_drill",
                    ),
                ),
                migrations.AddConstraint(
                    model_name="runround",
                    constraint=models.UniqueConstraint(fields=("run", "position"), name="one_run_round_per_place"),
                ),
                migrations.AddConstraint(
                    model_name="scenarioversion",
                    constraint=models.UniqueConstraint(fields=("scenario", "number"), name="one_number_per_version"),
                ),
            ],
        ),
        migrations.RunPython(move_content_types("trainer", "scenarios"), move_content_types("scenarios", "trainer")),
    ]
