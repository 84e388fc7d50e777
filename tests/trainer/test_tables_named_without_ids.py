"""A school's tables published with ids in their names ("(scenario 51, version 2)") are renamed in floor words."""

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from trainer.models import Table

pytestmark = pytest.mark.storage

BEFORE = [("trainer", "0025_exams_move_to_certification")]


def migrate(targets):
    """Migrate the test database to the targets; the apps of the models as they stood there."""
    executor = MigrationExecutor(connection)
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


@pytest.fixture
def renamed(transactional_db):
    """Two same-named scenarios' tables and a demo table as a school had them, then migrated to today."""
    try:
        old = migrate(BEFORE)
        table, scenario = old.get_model("trainer", "Table"), old.get_model("trainer", "Scenario")
        version = old.get_model("trainer", "ScenarioVersion")
        table.objects.create(name="Demo table", game="pai-gow-poker")
        for pk in (51, 52):
            drill = scenario.objects.create(pk=pk, name="Dice call", drill=f"dice-call-{pk}")
            published = table.objects.create(name=f"Dice call (scenario {pk}, version 2)", game="pai-gow-poker")
            version.objects.create(scenario=drill, number=2, spec={}, table=published)
    finally:
        migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())


def test_published_tables_are_renamed_by_scenario_name_and_version_and_other_tables_kept(renamed):
    names = sorted(Table.objects.values_list("name", flat=True))
    assert names == ["Demo table", "Dice call, version 2", "Dice call, version 2 (2)"]
