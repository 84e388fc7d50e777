"""Signing in: usernames folded to lower case (logins match in any case), and password changes an account owes."""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models
from django.db.models.functions import Lower


def fold_usernames(apps, schema_editor):
    """Store every username in lower case; refuse, naming them, accounts whose usernames differ only in case."""
    User = apps.get_model("auth", "User")
    folded = {}
    for username in User.objects.values_list("username", flat=True):
        folded.setdefault(username.lower(), []).append(username)
    clashes = sorted(names for names in folded.values() if len(names) > 1)
    if clashes:
        raise RuntimeError(
            "These accounts' usernames differ only in case, and logins now match usernames in any case: rename or "
            "remove all but one of each group in the admin, then migrate again: "
            + "; ".join(", ".join(sorted(names)) for names in clashes)
        )
    User.objects.exclude(username=Lower("username")).update(username=Lower("username"))


class Migration(migrations.Migration):
    dependencies = [
        ("trainer", "0016_exam_statements_held"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name="PasswordChangeDue",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
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
        ),
        migrations.RunPython(fold_usernames, migrations.RunPython.noop),
    ]
