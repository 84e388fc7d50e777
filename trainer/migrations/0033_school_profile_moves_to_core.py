"""The school's profile moves to the core app: its model leaves the trainer's state, its table stays."""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("trainer", "0032_help_texts_name_the_grading_app"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(state_operations=[migrations.DeleteModel(name="SchoolProfile")]),
    ]
