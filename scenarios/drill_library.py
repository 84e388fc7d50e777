"""The drill library in the school's database: each drill of simulator.drills a published scenario, kept up to date."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from django.contrib.auth.models import User
from django.db import transaction
from markupsafe import Markup

from scenarios.models import Scenario, ScenarioVersion
from scenarios.scenario_choices import natural_key
from scenarios.scenario_versions import publish, published_versions, save_draft
from simulator.drills import DRILLS, GROUPS, Drill
from simulator.games import GAMES
from simulator.surveillance.scenarios import read_scenario
from surveillance.models import WatchedRound
from trainer.models import Attempt
from trainer.table_page import citation_html


@transaction.atomic
def load_drill_library() -> int:
    """Publish every drill whose declaration is new or changed (a new version; attempts keep theirs); how many."""
    published = 0
    for drill in DRILLS:
        spec = read_scenario(drill.spec).to_json()
        scenario, _ = Scenario.objects.get_or_create(drill=drill.key, defaults={"name": drill.name})
        if scenario.name != drill.name:
            scenario.name = drill.name
            scenario.save(update_fields=["name"])
        current = scenario.published_version()
        if current is None or current.spec != spec:
            publish(save_draft(scenario, read_scenario(spec)))
            published += 1
    return published


@dataclass(frozen=True)
class DrillRecord:
    """What a trainee has done of one drill: the rounds of it finished and how many of those passed."""

    finished: int = 0
    passed: int = 0


@dataclass(frozen=True)
class LibraryDrill:
    """A drill as a page lists it: its declaration, its published version (none if not loaded), the trainee's record."""

    drill: Drill
    version: ScenarioVersion | None
    record: DrillRecord | None = None
    """What the trainee has done of it, where the page shows that (the library); None elsewhere."""

    @property
    def rule(self) -> Markup:
        """The clause the drill cites first, drawn with its provenance and text."""
        return citation_html(self.drill.citation)

    @property
    def game(self) -> str:
        """The name of the game the drill is dealt at."""
        return GAMES[str(self.drill.spec["game"])].name


@dataclass(frozen=True)
class DrillSearch:
    """What a trainee looks for in the library: words, a game, a clause; an empty search finds every drill."""

    words: str = ""
    game: str = ""
    clause: str = ""

    def finds(self, drill: Drill) -> bool:
        """Whether the drill is dealt at the game, trains the clause, and holds each word in its name, group or rule."""
        text = " ".join((drill.name, drill.group, *drill.clauses, drill.citation.text)).casefold()
        return (
            all(word in text for word in self.words.casefold().split())
            and self.game in ("", drill.spec["game"])
            and (not self.clause or drill.trains(self.clause))
        )


def drill_records(trainee: User) -> dict[str, DrillRecord]:
    """What the trainee has done of each drill they have finished a round of, by the drill's key.

    A watched round of a game protection drill passes when every fault seeded is caught and no flag is false.
    """
    finished: Counter[str] = Counter()
    passed: Counter[str] = Counter()
    attempts = Attempt.objects.filter(
        trainee=trainee, finished_at__isnull=False, scenario_version__scenario__drill__isnull=False
    ).values_list("scenario_version__scenario__drill", "score_card")
    for key, score_card in attempts:
        finished[str(key)] += 1
        passed[str(key)] += bool(isinstance(score_card, dict) and score_card.get("passed"))
    watched = WatchedRound.objects.filter(
        trainee=trainee, finished_at__isnull=False, table__scenario_version__scenario__drill__isnull=False
    ).values_list("table__scenario_version__scenario__drill", "score")
    for key, score in watched:
        finished[str(key)] += 1
        passed[str(key)] += bool(score and score["caught"] == score["faults"] and not score["false_flags"])
    return {key: DrillRecord(count, passed[key]) for key, count in finished.items()}


def drill_versions() -> dict[str, ScenarioVersion]:
    """The published version of every loaded drill, by the drill's key."""
    versions = published_versions().filter(scenario__drill__isnull=False)
    return {str(version.scenario.drill): version for version in versions}


def drills_for(clause: str, versions: dict[str, ScenarioVersion]) -> list[LibraryDrill]:
    """The library's drills that train the clause, in the order declared, each with its version to deal."""
    return [LibraryDrill(drill, versions.get(drill.key)) for drill in DRILLS if drill.trains(clause)]


def library_groups(search: DrillSearch, records: dict[str, DrillRecord]) -> list[tuple[str, list[LibraryDrill]]]:
    """The drills the search finds, by group in the order declared, each with its version and the trainee's record."""
    versions = drill_versions()
    found = [drill for drill in DRILLS if search.finds(drill)]
    listed = [LibraryDrill(drill, versions.get(drill.key), records.get(drill.key, DrillRecord())) for drill in found]
    groups = ((group, [item for item in listed if item.drill.group == group]) for group in GROUPS)
    return [(group, drills) for group, drills in groups if drills]


def drill_games() -> list[tuple[str, str]]:
    """Every game the library's drills are dealt at: its key and name, by name."""
    keys = {str(drill.spec["game"]) for drill in DRILLS}
    return sorted(((key, GAMES[key].name) for key in keys), key=lambda game: natural_key(game[1]))


def drill_clauses() -> list[str]:
    """Every clause the library's drills train, sorted as people count."""
    return sorted({clause for drill in DRILLS for clause in drill.clauses}, key=natural_key)
