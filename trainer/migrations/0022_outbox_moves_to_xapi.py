"""The xAPI outbox moves to the xapi app: its table is renamed, and its model leaves the trainer's state."""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("trainer", "0021_rules_submission"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            database_operations=[migrations.AlterModelTable(name="QueuedStatement", table="xapi_queuedstatement")],
            state_operations=[migrations.DeleteModel(name="QueuedStatement")],
        ),
    ]
