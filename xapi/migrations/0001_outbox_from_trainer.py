"""The xAPI outbox, moved from the trainer app: the table is the trainer's (renamed there), so only the state changes.

Its content type moves with it, so the school administrators' permission to view the outbox (trainer 0012) stays.
"""

import django.db.models.deletion
from django.db import migrations, models


def move_content_type(source, target):
    """A migration function that gives the outbox's content type (and so its permissions) to the ``target`` app."""

    def move(apps, schema_editor):
        ContentType = apps.get_model("contenttypes", "ContentType")
        if not ContentType.objects.filter(app_label=target, model="queuedstatement").exists():
            ContentType.objects.filter(app_label=source, model="queuedstatement").update(app_label=target)

    return move


class Migration(migrations.Migration):
    initial = True

    dependencies = [
        ("contenttypes", "0002_remove_content_type_name"),
        ("trainer", "0022_outbox_moves_to_xapi"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name="QueuedStatement",
                    fields=[
                        (
                            "id",
                            models.UUIDField(
                                help_text="The statement's id, as in the statement.", primary_key=True, serialize=False
                            ),
                        ),
                        ("statement", models.JSONField(help_text="The xAPI 1.0.3 statement as sent.")),
                        ("queued_at", models.DateTimeField()),
                        (
                            "next_try_at",
                            models.DateTimeField(
                                help_text="When the sender next tries it; later after each failed try."
                            ),
                        ),
                        ("tries", models.PositiveIntegerField(default=0, help_text="Failed tries so far.")),
                        ("last_error", models.TextField(blank=True, help_text="Why the last try failed.")),
                        (
                            "sent_at",
                            models.DateTimeField(
                                blank=True, help_text="When the store accepted it; empty while queued.", null=True
                            ),
                        ),
                        (
                            "exam_round",
                            models.ForeignKey(
                                blank=True,
                                help_text="The exam round it reports, which holds it until the round is over: an exam tells no grade before its score card, and a learning record store could show the trainee one.",
                                null=True,
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="+",
                                to="trainer.attempt",
                            ),
                        ),
                    ],
                    options={
                        "ordering": ("queued_at",),
                        "indexes": [
                            models.Index(
                                condition=models.Q(("sent_at__isnull", True)),
                                fields=["next_try_at"],
                                name="statements_waiting",
                            ),
                            models.Index(
                                condition=models.Q(("sent_at__isnull", False)),
                                fields=["sent_at"],
                                name="statements_sent",
                            ),
                        ],
                    },
                ),
            ],
        ),
        migrations.RunPython(move_content_type("trainer", "xapi"), move_content_type("xapi", "trainer")),
    ]
