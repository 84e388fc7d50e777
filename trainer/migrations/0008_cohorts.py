"""Cohorts, and the school administrator role: only school administrators keep the admin, instructors leave it."""

from django.conf import settings
from django.db import migrations, models

INSTRUCTOR_ADMIN_PERMISSIONS = (
    ("auth", "user", "view_user"),
    ("axes", "accessattempt", "view_accessattempt"),
    ("axes", "accessattempt", "delete_accessattempt"),
)
SCHOOL_ADMINISTRATOR_PERMISSIONS = (
    *(("auth", "user", f"{action}_user") for action in ("add", "change", "delete", "view")),
    *(("trainer", "table", f"{action}_table") for action in ("add", "change", "delete", "view")),
    *(("trainer", "cohort", f"{action}_cohort") for action in ("add", "change", "delete", "view")),
    ("trainer", "attempt", "view_attempt"),
    ("axes", "accessattempt", "view_accessattempt"),
    ("axes", "accessattempt", "delete_accessattempt"),
)


def permissions(apps, triples):
    """The permissions named by (app label, model, codename), created if the app's own have not been yet."""
    Permission = apps.get_model("auth", "Permission")
    ContentType = apps.get_model("contenttypes", "ContentType")
    found = []
    for app_label, model, codename in triples:
        content_type, _ = ContentType.objects.get_or_create(app_label=app_label, model=model)
        permission, _ = Permission.objects.get_or_create(
            content_type=content_type, codename=codename, defaults={"name": codename.replace("_", " ")}
        )
        found.append(permission)
    return found


def school_administrators_take_the_admin(apps, schema_editor):
    """Create the school administrator group with the admin's permissions; instructors lose theirs and staff."""
    Group = apps.get_model("auth", "Group")
    User = apps.get_model("auth", "User")
    administrators, _ = Group.objects.get_or_create(name="school administrator")
    administrators.permissions.add(*permissions(apps, SCHOOL_ADMINISTRATOR_PERMISSIONS))
    for group in Group.objects.filter(name="instructor"):
        group.permissions.remove(*permissions(apps, INSTRUCTOR_ADMIN_PERMISSIONS))
    User.objects.filter(is_staff=True, is_superuser=False).exclude(groups__name="school administrator").update(
        is_staff=False
    )


def instructors_take_the_admin_back(apps, schema_editor):
    """Give instructors their admin permissions and staff again, and delete the school administrator group."""
    Group = apps.get_model("auth", "Group")
    User = apps.get_model("auth", "User")
    for group in Group.objects.filter(name="instructor"):
        group.permissions.add(*permissions(apps, INSTRUCTOR_ADMIN_PERMISSIONS))
    User.objects.filter(groups__name__in=("instructor", "school administrator")).update(is_staff=True)
    Group.objects.filter(name="school administrator").delete()


class Migration(migrations.Migration):
    dependencies = [
        ("trainer", "0007_instructors_unlock_logins"),
        ("axes", "0010_accessattemptexpiration"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name="Cohort",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                ("name", models.CharField(max_length=120, unique=True)),
                ("created_at", models.DateTimeField(auto_now_add=True)),
                ("instructors", models.ManyToManyField(related_name="cohorts_taught", to=settings.AUTH_USER_MODEL)),
                ("trainees", models.ManyToManyField(blank=True, related_name="cohorts", to=settings.AUTH_USER_MODEL)),
            ],
            options={
                "ordering": ("name",),
                "constraints": [
                    models.CheckConstraint(condition=models.Q(("name", ""), _negated=True), name="cohort_named")
                ],
            },
        ),
        migrations.RunPython(school_administrators_take_the_admin, instructors_take_the_admin_back),
    ]
