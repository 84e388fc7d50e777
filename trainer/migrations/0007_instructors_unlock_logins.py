"""Instructors may see and delete django-axes' access attempts in the admin: that unlocks a locked-out login."""

from django.db import migrations

CODENAMES = ("view_accessattempt", "delete_accessattempt")


def grant(apps, schema_editor):
    """Give the instructor group the two permissions on axes' AccessAttempt."""
    Group = apps.get_model("auth", "Group")
    Permission = apps.get_model("auth", "Permission")
    ContentType = apps.get_model("contenttypes", "ContentType")
    attempt_type, _ = ContentType.objects.get_or_create(app_label="axes", model="accessattempt")
    for codename in CODENAMES:
        permission, _ = Permission.objects.get_or_create(
            content_type=attempt_type, codename=codename, defaults={"name": codename.replace("_", " ")}
        )
        for group in Group.objects.filter(name="instructor"):
            group.permissions.add(permission)


def revoke(apps, schema_editor):
    """Take the two permissions back from the instructor group."""
    for group in apps.get_model("auth", "Group").objects.filter(name="instructor"):
        group.permissions.remove(*group.permissions.filter(content_type__app_label="axes", codename__in=CODENAMES))


class Migration(migrations.Migration):
    dependencies = [
        ("trainer", "0006_pass_rule_and_timed_standards"),
        ("axes", "0010_accessattemptexpiration"),
    ]

    operations = [migrations.RunPython(grant, revoke)]
