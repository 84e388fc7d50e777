"""Usernames and e-mail addresses unique in any case, in the database: 'Maria' can never be a second 'maria'.

A database that already holds accounts whose usernames (or e-mail addresses) differ only in case is refused,
naming them, and left as it was: rename all but one of each group, then migrate again (docs/running-a-school.md).
"""

from django.db import migrations
from django.db.models import Q, UniqueConstraint
from django.db.models.functions import Lower

CONSTRAINTS = (
    UniqueConstraint(Lower("username"), name="school_username_unique_in_any_case"),
    UniqueConstraint(Lower("email"), condition=~Q(email=""), name="school_email_unique_in_any_case"),
)
"""One account per username and per e-mail address in any case; accounts without an e-mail address are many."""


def clashes(User, field):
    """The groups of the field's values (blank aside) that differ only in case, each with its accounts' usernames."""
    groups = {}
    for value, username in User.objects.exclude(**{field: ""}).values_list(field, "username"):
        groups.setdefault(value.lower(), []).append(f"{value} ({username})" if field != "username" else value)
    return sorted(sorted(names) for names in groups.values() if len(names) > 1)


def unique_in_any_case(apps, schema_editor):
    """Add the constraints; refuse, naming them, accounts whose usernames or e-mail addresses differ only in case."""
    User = apps.get_model("auth", "User")
    found = [(field, group) for field in ("username", "email") for group in clashes(User, field)]
    if found:
        raise RuntimeError(
            "These accounts' usernames or e-mail addresses differ only in case, and each must now be unique in any "
            "case: rename (or clear the e-mail address of) all but one of each group, then migrate again "
            "(docs/running-a-school.md, 'Accounts that differ only in case'). Nothing was changed. "
            + "; ".join(f"{field}: {', '.join(group)}" for field, group in found)
        )
    for constraint in CONSTRAINTS:
        schema_editor.add_constraint(User, constraint)


def remove_constraints(apps, schema_editor):
    """Drop the constraints again."""
    User = apps.get_model("auth", "User")
    for constraint in CONSTRAINTS:
        schema_editor.remove_constraint(User, constraint)


class Migration(migrations.Migration):
    dependencies = [
        ("school", "0001_cohorts_from_trainer"),
        ("auth", "0012_alter_user_first_name_max_length"),
    ]

    operations = [migrations.RunPython(unique_in_any_case, remove_constraints)]
