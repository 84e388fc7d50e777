"""Cohorts, due password changes and assignments, moved from the trainer app: only the state changes.

The tables are the trainer's, kept by name (``trainer_cohort`` with its two member tables,
``trainer_passwordchangedue``, ``trainer_assignment``).

Their content types move with them, so any permission a school granted on them, and the admin's history of them, stay.
"""

import django.core.validators
import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models

MODELS = ("cohort", "passwordchangedue", "assignment")


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
        ("trainer", "0026_tables_named_without_ids"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name="Cohort",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                            ),
                        ),
                        ("name", models.CharField(max_length=120, unique=True)),
                        ("created_at", models.DateTimeField(auto_now_add=True)),
                        (
                            "instructors",
                            models.ManyToManyField(related_name="cohorts_taught", to=settings.AUTH_USER_MODEL),
                        ),
                        (
                            "trainees",
                            models.ManyToManyField(blank=True, related_name="cohorts", to=settings.AUTH_USER_MODEL),
                        ),
                    ],
                    options={
                        "db_table": "trainer_cohort",
                        "ordering": ("name",),
                    },
                ),
                migrations.CreateModel(
                    name="Assignment",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                            ),
                        ),
                        (
                            "due_on",
                            models.DateField(
                                help_text="The last day, in the school's time zone, to reach the passes.",
                                verbose_name="due date",
                            ),
                        ),
                        (
                            "passes_required",
                            models.PositiveSmallIntegerField(
                                validators=[
                                    django.core.validators.MinValueValidator(1),
                                    django.core.validators.MaxValueValidator(100),
                                ],
                                verbose_name="passes required",
                            ),
                        ),
                        ("assigned_at", models.DateTimeField(auto_now_add=True)),
                        (
                            "assigned_by",
                            models.ForeignKey(
                                editable=False,
                                null=True,
                                on_delete=django.db.models.deletion.SET_NULL,
                                related_name="assignments_given",
                                to=settings.AUTH_USER_MODEL,
                            ),
                        ),
                        (
                            "scenario",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.PROTECT,
                                related_name="assignments",
                                to="trainer.scenario",
                            ),
                        ),
                        (
                            "trainee",
                            models.ForeignKey(
                                blank=True,
                                help_text="The one trainee of the cohort it is set; empty for everyone in the cohort.",
                                null=True,
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="assignments",
                                to=settings.AUTH_USER_MODEL,
                            ),
                        ),
                        (
                            "cohort",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="assignments",
                                to="school.cohort",
                            ),
                        ),
                    ],
                    options={
                        "db_table": "trainer_assignment",
                        "ordering": ("due_on", "pk"),
                    },
                ),
                migrations.CreateModel(
                    name="PasswordChangeDue",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                            ),
                        ),
                        ("since", models.DateTimeField(auto_now_add=True)),
                        (
                            "user",
                            models.OneToOneField(
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="password_change_due",
                                to=settings.AUTH_USER_MODEL,
                            ),
                        ),
                    ],
                    options={
                        "db_table": "trainer_passwordchangedue",
                    },
                ),
                migrations.AddConstraint(
                    model_name="cohort",
                    constraint=models.CheckConstraint(
                        condition=models.Q(("name", ""), _negated=True), name="cohort_named"
                    ),
                ),
                migrations.AddConstraint(
                    model_name="assignment",
                    constraint=models.CheckConstraint(
                        condition=models.Q(("passes_required__gte", 1), ("passes_required__lte", 100)),
                        name="passes_required_1_to_100",
                    ),
                ),
            ],
        ),
        migrations.RunPython(move_content_types("trainer", "school"), move_content_types("school", "trainer")),
    ]
