"""The school's profile: its name, logo and signer, saved by an administrator (none until then)."""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("trainer", "0027_cohorts_move_to_school"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name="SchoolProfile",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
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
                    models.BinaryField(blank=True, default=b"", help_text="A PNG or JPEG image; empty for no logo."),
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
                        blank=True, help_text="The signer's title.", max_length=150, verbose_name="signer's title"
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
        ),
    ]
