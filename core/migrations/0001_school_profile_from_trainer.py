"""The school's profile, moved from the trainer app: only the state changes.

The table is the trainer's, kept by name (``trainer_schoolprofile``), so a saved name, logo and signer stay. Its
content type moves with it, so any permission a school granted on it, and the admin's history of it, stay.
"""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


def move_content_type(source, target):
    """A migration function that gives the profile's content type (and so its permissions) to ``target``."""

    def move(apps, schema_editor):
        ContentType = apps.get_model("contenttypes", "ContentType")
        if not ContentType.objects.filter(app_label=target, model="schoolprofile").exists():
            ContentType.objects.filter(app_label=source, model="schoolprofile").update(app_label=target)

    return move


class Migration(migrations.Migration):
    initial = True

    dependencies = [
        ("contenttypes", "0002_remove_content_type_name"),
        ("trainer", "0033_school_profile_moves_to_core"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name="SchoolProfile",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                            ),
                        ),
                        (
                            "name",
                            models.CharField(
                                help_text="The school's name, in the page header and on certificates.",
                                max_length=120,
                                verbose_name="school name",
                            ),
                        ),
                        (
                            "logo",
                            models.BinaryField(
                                blank=True, default=b"", help_text="A PNG or JPEG image; empty for no logo."
                            ),
                        ),
                        (
                            "signer",
                            models.CharField(
                                blank=True, help_text="Who signs certificates; empty for no signer.", max_length=150
                            ),
                        ),
                        (
                            "signer_title",
                            models.CharField(
                                blank=True,
                                help_text="The signer's title.",
                                max_length=150,
                                verbose_name="signer's title",
                            ),
                        ),
                        ("saved_at", models.DateTimeField(auto_now=True)),
                        (
                            "saved_by",
                            models.ForeignKey(
                                blank=True,
                                null=True,
                                on_delete=django.db.models.deletion.SET_NULL,
                                related_name="+",
                                to=settings.AUTH_USER_MODEL,
                            ),
                        ),
                    ],
                    options={"db_table": "trainer_schoolprofile"},
                ),
            ],
        ),
        migrations.RunPython(move_content_type("trainer", "core"), move_content_type("core", "trainer")),
    ]
