"""The xAPI outbox: statements queued for the learning record store; school administrators view it in the admin."""

from django.db import migrations, models


def school_administrators_view_the_outbox(apps, schema_editor):
    """Give the school administrator group the permission to view queued statements."""
    Group = apps.get_model("auth", "Group")
    Permission = apps.get_model("auth", "Permission")
    ContentType = apps.get_model("contenttypes", "ContentType")
    content_type, _ = ContentType.objects.get_or_create(app_label="trainer", model="queuedstatement")
    permission, _ = Permission.objects.get_or_create(
        content_type=content_type, codename="view_queuedstatement", defaults={"name": "Can view queued statement"}
    )
    administrators, _ = Group.objects.get_or_create(name="school administrator")
    administrators.permissions.add(permission)


def take_the_view_back(apps, schema_editor):
    """Take the permission back from the school administrator group."""
    Group = apps.get_model("auth", "Group")
    for group in Group.objects.filter(name="school administrator"):
        group.permissions.remove(*group.permissions.filter(codename="view_queuedstatement"))


class Migration(migrations.Migration):
    dependencies = [
        ("trainer", "0011_exams_certificates"),
    ]

    operations = [
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
                    models.DateTimeField(help_text="When the sender next tries it; later after each failed try."),
                ),
                ("tries", models.PositiveIntegerField(default=0, help_text="Failed tries so far.")),
                ("last_error", models.TextField(blank=True, help_text="Why the last try failed.")),
                (
                    "sent_at",
                    models.DateTimeField(
                        blank=True, help_text="When the store accepted it; empty while queued.", null=True
                    ),
                ),
            ],
            options={
                "ordering": ("queued_at",),
                "indexes": [
                    models.Index(
                        condition=models.Q(("sent_at__isnull", True)), fields=["next_try_at"], name="statements_waiting"
                    ),
                    models.Index(
                        condition=models.Q(("sent_at__isnull", False)), fields=["sent_at"], name="statements_sent"
                    ),
                ],
            },
        ),
        migrations.RunPython(school_administrators_view_the_outbox, take_the_view_back),
    ]
