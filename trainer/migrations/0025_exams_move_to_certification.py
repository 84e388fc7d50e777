"""Exams and certificates move to the certification app: their models leave the trainer's state, their tables stay.

Each table keeps its name (the moved models' ``db_table``): PostgreSQL's final-records triggers (0020, 0023) guard
exam results, corrections, sign-offs and certificates by table name.
"""

from django.db import migrations

MOVED = ("SignOff", "ResultCorrection", "Certificate", "ExamResult", "ExamRound", "ExamSitting", "ExamPart", "Exam")
"""The models that move, each after every model that refers to it."""


class Migration(migrations.Migration):
    dependencies = [
        ("trainer", "0024_scenario_archive"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(state_operations=[migrations.DeleteModel(name=name) for name in MOVED]),
    ]
