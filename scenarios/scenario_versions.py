"""Instructors' scenarios kept in versions: save, copy, discard and publish drafts, archive, find what trainees deal."""

from collections.abc import Callable

from django.contrib.auth.models import User
from django.db import transaction
from django.db.models import QuerySet
from django.utils import timezone

from scenarios.models import Scenario, ScenarioVersion
from simulator.scenarios import ScenarioSpec
from trainer.models import Floorperson, Table
from trainer.scenario_answers import OfferedScenario


def save_draft(scenario: Scenario, spec: ScenarioSpec) -> ScenarioVersion:
    """Keep the edited scenario: in its draft, or in a new draft numbered after a published version, never in it."""
    latest = scenario.latest_version()
    if latest.pk is None or latest.published:
        return ScenarioVersion.objects.create(scenario=scenario, number=latest.number + 1, spec=spec.to_json())
    latest.spec = spec.to_json()
    latest.save(update_fields=["spec"])
    return latest


def create_scenario(name: str, author: User, spec: ScenarioSpec) -> ScenarioVersion:
    """A new scenario with its first draft."""
    with transaction.atomic():
        return save_draft(Scenario.objects.create(name=name, author=author), spec)


def copy_scenario(scenario: Scenario, name: str) -> ScenarioVersion:
    """A new scenario of the same author named ``name``, its first draft the newest version of ``scenario``."""
    assert scenario.author is not None, "a drill of the library is not copied"
    return create_scenario(name, scenario.author, scenario.latest_version().engine_spec())


def copy_name(scenario: Scenario) -> str:
    """The name a copy starts with: "Copy of" and the scenario's name, cut to fit the column."""
    longest: int = Scenario._meta.get_field("name").max_length  # type: ignore[assignment]
    name = f"Copy of {scenario.name}"
    return name if len(name) <= longest else f"{name[: longest - 1]}…"


def discard_draft(scenario: Scenario) -> ScenarioVersion | None:
    """Delete the scenario's draft; the scenario too when it was never published. The version left, if any."""
    draft = scenario.latest_version()
    if draft.pk is None or draft.published:
        raise ValueError("There is no draft to discard: the newest version is published.")
    with transaction.atomic():
        draft.delete()
        left = scenario.published_version()
        if left is None:
            scenario.delete()
    return left


def set_archived(scenario: Scenario, archived: bool) -> None:
    """Archive the scenario (off its author's list, the tables page and new assignments) or restore it."""
    scenario.archived_at = timezone.now() if archived else None
    scenario.save(update_fields=["archived_at"])


def table_name(name: str, number: int, taken: Callable[[str], bool], longest: int) -> str:
    """A version's table name as the floor says it: "Name, version 2", cut to ``longest``; a clash adds "(2)".

    >>> table_name("Dice", 2, {"Dice, version 2"}.__contains__, 120), table_name("Dice call", 2, lambda _: False, 14)
    ('Dice, version 2 (2)', 'Di…, version 2')
    """
    copy = 0
    while True:
        copy += 1
        which = f", version {number}" + (f" ({copy})" if copy > 1 else "")
        named = (name if len(name) + len(which) <= longest else f"{name[: longest - len(which) - 1]}…") + which
        if not taken(named):
            return named


def _table_name(version: ScenarioVersion) -> str:
    """The name of a published version's table, free among the school's tables."""
    longest: int = Table._meta.get_field("name").max_length  # type: ignore[assignment]
    taken = Table.objects.filter
    return table_name(version.scenario.name, version.number, lambda named: taken(name=named).exists(), longest)


def publish(version: ScenarioVersion) -> ScenarioVersion:
    """Make a draft dealable: a table with the scenario's rules, pass rule and targets; a published one stays as is."""
    if version.published:
        return version
    spec = version.engine_spec()
    with transaction.atomic():
        version.table = Table.objects.create(
            name=_table_name(version),
            game=spec.game.key,
            rules=dict(spec.rules),
            floorperson=Floorperson.AUTOMATED,
            pass_accuracy_percent=spec.pass_accuracy_percent,
            critical_error_fails=spec.critical_error_fails,
            time_limit_seconds=spec.time_limit_seconds,
            skill_targets=dict(spec.skill_targets),
        )
        version.published_at = timezone.now()
        version.save(update_fields=["table", "published_at"])
    return version


def published_versions() -> QuerySet[ScenarioVersion]:
    """The newest published version of every scenario, for trainees to deal."""
    published = ScenarioVersion.objects.filter(published_at__isnull=False).order_by("scenario", "number")
    latest_ids = {scenario: version for scenario, version in published.values_list("scenario", "pk")}
    return ScenarioVersion.objects.filter(pk__in=latest_ids.values()).select_related("scenario", "table")


def offered_scenarios() -> list[OfferedScenario]:
    """The instructors' scenarios in use, each at its newest published version, as the tables page offers them."""
    versions = published_versions().filter(scenario__drill__isnull=True, scenario__archived_at__isnull=True)
    return [
        OfferedScenario(version.scenario_id, version.scenario.name, version.pk, version.number, table.pass_rule())
        for version in versions
        if (table := version.table) is not None
    ]
