"""The first demo table is named after its shaker, not "practice": a table is dealt in practice and in exams."""

from django.db import migrations

OLD_NAME = "Commission-free Pai Gow Poker — practice"
NEW_NAME = "Commission-free Pai Gow Poker — player-activated shaker"


def rename(apps, schema_editor, old, new):
    """Rename the table called ``old``, unless a table is already called ``new``."""
    Table = apps.get_model("trainer", "Table")
    if not Table.objects.filter(name=new).exists():
        Table.objects.filter(name=old).update(name=new)


def forwards(apps, schema_editor):
    """The new name."""
    rename(apps, schema_editor, OLD_NAME, NEW_NAME)


def backwards(apps, schema_editor):
    """The old name."""
    rename(apps, schema_editor, NEW_NAME, OLD_NAME)


class Migration(migrations.Migration):
    dependencies = [("trainer", "0004_steps")]

    operations = [migrations.RunPython(forwards, backwards)]
