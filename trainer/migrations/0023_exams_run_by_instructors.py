"""Exams an instructor cancels, and sign-offs of passed results, final as results are (0020's guard on PostgreSQL)."""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models

TABLE = "trainer_signoff"


def guard(apps, schema_editor):
    """Refuse any write to a sign-off but the application's audited one, on PostgreSQL only (0020's function)."""
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(
            f"CREATE TRIGGER {TABLE}_final BEFORE INSERT OR UPDATE OR DELETE ON {TABLE} "
            "FOR EACH ROW EXECUTE FUNCTION school_final_record_guard()"
        )


def unguard(apps, schema_editor):
    """Drop the sign-offs' trigger, on PostgreSQL only."""
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(f"DROP TRIGGER IF EXISTS {TABLE}_final ON {TABLE}")


class Migration(migrations.Migration):
    dependencies = [
        ("trainer", "0022_outbox_moves_to_xapi"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AddField(
            model_name="exam",
            name="cancelled_at",
            field=models.DateTimeField(blank=True, editable=False, null=True),
        ),
        migrations.AddField(
            model_name="exam",
            name="cancelled_by",
            field=models.ForeignKey(
                blank=True,
                editable=False,
                null=True,
                on_delete=django.db.models.deletion.PROTECT,
                related_name="+",
                to=settings.AUTH_USER_MODEL,
            ),
        ),
        migrations.CreateModel(
            name="SignOff",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                ("signed_at", models.DateTimeField(auto_now_add=True)),
                (
                    "result",
                    models.OneToOneField(
                        on_delete=django.db.models.deletion.PROTECT, related_name="sign_off", to="trainer.examresult"
                    ),
                ),
                (
                    "signed_by",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.PROTECT, related_name="+", to=settings.AUTH_USER_MODEL
                    ),
                ),
            ],
            options={
                "abstract": False,
                "default_permissions": ("add", "view"),
            },
        ),
        migrations.RunPython(guard, unguard),
    ]
