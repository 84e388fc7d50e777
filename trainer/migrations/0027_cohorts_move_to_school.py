"""Cohorts, due password changes and assignments move to the school app: they leave the trainer's state, not the database.

Each table keeps its name (the moved models' ``db_table``), so a school's rows stay where they are.
"""

from django.db import migrations

MOVED = ("Assignment", "PasswordChangeDue", "Cohort")
"""The models that move, each after every model that refers to it."""


class Migration(migrations.Migration):
    dependencies = [
        ("trainer", "0026_tables_named_without_ids"),
        ("certification", "0002_exams_of_school_cohorts"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(state_operations=[migrations.DeleteModel(name=name) for name in MOVED]),
    ]
