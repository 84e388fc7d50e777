"""Create the trainee and instructor groups; instructors may view the school roster in the admin."""

from django.db import migrations

ROLE_NAMES = ("trainee", "instructor")


def create_roles(apps, schema_editor):
    """Create one group per role and let instructors view users."""
    Group = apps.get_model("auth", "Group")
    Permission = apps.get_model("auth", "Permission")
    ContentType = apps.get_model("contenttypes", "ContentType")
    for name in ROLE_NAMES:
        Group.objects.get_or_create(name=name)
    user_type, _ = ContentType.objects.get_or_create(app_label="auth", model="user")
    view_user, _ = Permission.objects.get_or_create(
        content_type=user_type, codename="view_user", defaults={"name": "Can view user"}
    )
    Group.objects.get(name="instructor").permissions.add(view_user)


def delete_roles(apps, schema_editor):
    """Delete the role groups."""
    apps.get_model("auth", "Group").objects.filter(name__in=ROLE_NAMES).delete()


class Migration(migrations.Migration):
    dependencies = [
        ("auth", "0012_alter_user_first_name_max_length"),
        ("contenttypes", "0002_remove_content_type_name"),
    ]

    operations = [migrations.RunPython(create_roles, delete_roles)]
