"""The Rules Submission moves to its own app: its models leave the trainer's state, their tables stay."""

from django.db import migrations

MOVED = ("HouseWording", "FiledPaytable")
"""The models that move; no other model refers to them."""


class Migration(migrations.Migration):
    dependencies = [
        ("trainer", "0030_scenarios_move_to_their_app"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(state_operations=[migrations.DeleteModel(name=name) for name in MOVED]),
    ]
