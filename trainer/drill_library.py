"""The drill library in the school's database: each drill of simulator.drills a published scenario, kept up to date."""

from __future__ import annotations

from dataclasses import dataclass

from django.db import transaction
from markupsafe import Markup

from simulator.drills import DRILLS, GROUPS, Drill
from simulator.scenarios import ScenarioSpec
from trainer.models import Scenario, ScenarioVersion
from trainer.scenario_versions import publish, published_versions, save_draft
from trainer.table_page import citation_html


@transaction.atomic
def load_drill_library() -> int:
    """Publish every drill whose declaration is new or changed (a new version; attempts keep theirs); how many."""
    published = 0
    for drill in DRILLS:
        spec = ScenarioSpec.from_json(drill.spec).to_json()
        scenario, _ = Scenario.objects.get_or_create(drill=drill.key, defaults={"name": drill.name})
        if scenario.name != drill.name:
            scenario.name = drill.name
            scenario.save(update_fields=["name"])
        current = scenario.published_version()
        if current is None or current.spec != spec:
            publish(save_draft(scenario, ScenarioSpec.from_json(spec)))
            published += 1
    return published


@dataclass(frozen=True)
class LibraryDrill:
    """A drill as the library page lists it: its declaration and the published version to deal (none if not loaded)."""

    drill: Drill
    version: ScenarioVersion | None

    @property
    def rule(self) -> Markup:
        """The clause the drill cites first, drawn with its provenance and text."""
        return citation_html(self.drill.citation)


def drill_versions() -> dict[str, ScenarioVersion]:
    """The published version of every loaded drill, by the drill's key."""
    versions = published_versions().filter(scenario__drill__isnull=False)
    return {str(version.scenario.drill): version for version in versions}


def drills_for(clause: str, versions: dict[str, ScenarioVersion]) -> list[LibraryDrill]:
    """The library's drills that train the clause, in the order declared, each with its version to deal."""
    return [LibraryDrill(drill, versions.get(drill.key)) for drill in DRILLS if drill.trains(clause)]


def library_groups() -> list[tuple[str, list[LibraryDrill]]]:
    """The library's drills by group, in the order declared, each with its version to deal."""
    versions = drill_versions()
    return [
        (group, [LibraryDrill(drill, versions.get(drill.key)) for drill in DRILLS if drill.group == group])
        for group in GROUPS
    ]
