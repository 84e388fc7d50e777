"""The demo tables: named after what they are, not after a mode, and renamed in a school's database by migration."""

import pytest
from test_steps import every_migration, migrate

from trainer import demo_tables
from trainer.models import Mode

pytestmark = pytest.mark.storage

BEFORE = [("trainer", "0004_steps")]
AFTER = [("trainer", "0005_demo_table_name")]


def test_no_demo_table_is_named_after_a_mode():
    for name, *_ in demo_tables.every_demo_table():
        assert not any(mode.label.lower() in name.lower() for mode in Mode), name


@pytest.mark.django_db(transaction=True)
def test_the_table_once_called_practice_is_renamed_both_ways():
    apps = migrate(BEFORE)
    old = apps.get_model("trainer", "Table").objects.create(name="Commission-free Pai Gow Poker — practice")
    apps = migrate(AFTER)
    renamed = apps.get_model("trainer", "Table").objects.get(pk=old.pk).name
    assert renamed == "Commission-free Pai Gow Poker — player-activated shaker"
    apps = migrate(BEFORE)
    assert apps.get_model("trainer", "Table").objects.get(pk=old.pk).name == "Commission-free Pai Gow Poker — practice"
    migrate(every_migration())
