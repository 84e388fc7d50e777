"""The Rules Submission's house wordings and filed paytables, moved from the trainer app: only the state changes.

The tables are the trainer's, kept by name (``trainer_housewording``, ``trainer_filedpaytable``), so every version
filed stays in force. Their content types move with them, so any permission a school granted on them, and the admin's
history of them, stay.
"""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models

MODELS = ("housewording", "filedpaytable")


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
        ("trainer", "0031_rules_submission_moves_to_its_app"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name="FiledPaytable",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                            ),
                        ),
                        (
                            "kind",
                            models.CharField(
                                choices=[
                                    ("fortune_paytable", "Fortune Bonus and Envy Bonus paytable"),
                                    ("progressive_paytable", "Progressive Payout paytable"),
                                ],
                                max_length=40,
                            ),
                        ),
                        ("version", models.PositiveIntegerField()),
                        (
                            "paytable",
                            models.JSONField(
                                help_text="The paytable as simulator.filed_paytables reads it, less its submission."
                            ),
                        ),
                        ("saved_at", models.DateTimeField(auto_now_add=True)),
                        (
                            "saved_by",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.PROTECT,
                                related_name="+",
                                to=settings.AUTH_USER_MODEL,
                            ),
                        ),
                    ],
                    options={
                        "db_table": "trainer_filedpaytable",
                        "ordering": ("kind", "-version"),
                        "constraints": [
                            models.UniqueConstraint(fields=("kind", "version"), name="one_paytable_per_version")
                        ],
                    },
                ),
                migrations.CreateModel(
                    name="HouseWording",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                            ),
                        ),
                        (
                            "clause",
                            models.CharField(
                                help_text="The house procedure's clause, as the catalogue writes it.", max_length=200
                            ),
                        ),
                        ("version", models.PositiveIntegerField()),
                        (
                            "text",
                            models.TextField(
                                blank=True, help_text="The school's wording; empty for the default wording."
                            ),
                        ),
                        ("saved_at", models.DateTimeField(auto_now_add=True)),
                        (
                            "saved_by",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.PROTECT,
                                related_name="+",
                                to=settings.AUTH_USER_MODEL,
                            ),
                        ),
                    ],
                    options={
                        "db_table": "trainer_housewording",
                        "ordering": ("clause", "-version"),
                        "constraints": [
                            models.UniqueConstraint(fields=("clause", "version"), name="one_wording_per_version")
                        ],
                    },
                ),
            ],
        ),
        migrations.RunPython(
            move_content_types("trainer", "rules_submission"), move_content_types("rules_submission", "trainer")
        ),
    ]
