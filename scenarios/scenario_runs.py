"""Scenario runs: a trainee's attempt at a scenario, its rounds 1 to N dealt in turn and judged together.

Dealing a scenario continues the trainee's run of that version: the unfinished round if there is one, else the
run's next round, else (after its last round, or at first) round 1 of a new run. A run's result is worked out from
its rounds' score cards once its last round is over, against the pass rule its first round kept from the table.
"""

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.contrib.auth.models import User
from django.db import transaction
from django.db.models import QuerySet

from grading.scoring import CombinedResult, PassRule, ScoreCard
from scenarios.models import RunRound, ScenarioRun, ScenarioVersion
from trainer import services
from trainer.models import Attempt
from trainer.scenario_answers import RunPlace


@dataclass(frozen=True)
class RunRecord:
    """A run as its rounds hold it: whose, which scenario, when begun, its rounds' cards so far (None: unfinished)."""

    trainee_id: int
    scenario_id: int
    started_at: datetime
    rounds: int
    """The scenario version's rounds per attempt."""
    cards: tuple[ScoreCard | None, ...]
    rule: PassRule
    finished_at: datetime | None
    """When its last round was over; None while the run is not over."""

    @property
    def result(self) -> CombinedResult | None:
        """The run's rounds together against its pass rule; None until its last round is over."""
        if self.finished_at is None:
            return None
        return CombinedResult.of([card for card in self.cards if card is not None], self.rule, judged="attempt")


def rounds_per_attempt(version: ScenarioVersion) -> int:
    """How many rounds make one attempt at the version."""
    return version.engine_spec().rounds


def deal_run_round(trainee: User, version: ScenarioVersion) -> Attempt:
    """The trainee's round to deal now at a published version: the unfinished one, the run's next, or a new run's first.

    The trainee's row is locked first, so two deals at once cannot both begin a run or deal the same round.
    """
    with transaction.atomic():
        User.objects.select_for_update().filter(pk=trainee.pk).first()
        run = ScenarioRun.objects.filter(trainee=trainee, scenario_version=version).order_by("-pk").first()
        dealt = [] if run is None else list(run.rounds.select_related("attempt").order_by("position"))
        if dealt and not dealt[-1].attempt.finished:
            return dealt[-1].attempt
        if run is None or len(dealt) >= rounds_per_attempt(version):
            run, dealt = ScenarioRun.objects.create(trainee=trainee, scenario_version=version), []
        position = len(dealt) + 1
        attempt = services.start_scenario_round(trainee, version, position)
        RunRound.objects.create(run=run, position=position, attempt=attempt)
    return attempt


def run_records(runs: QuerySet[ScenarioRun]) -> list[RunRecord]:
    """Each of the runs as its rounds hold it, oldest begun first, in one read of the rounds (and one of versions)."""
    rows = (
        RunRound.objects.filter(run__in=runs)
        .order_by("run__started_at", "run_id", "position")
        .values_list(
            "run_id",
            "run__trainee_id",
            "run__scenario_version_id",
            "run__scenario_version__scenario_id",
            "run__started_at",
            "attempt__finished_at",
            "attempt__score_card",
            "attempt__pass_rule",
        )
    )
    grouped: dict[int, list[tuple[Any, ...]]] = {}
    for row in rows:
        grouped.setdefault(row[0], []).append(row)
    versions = {row[0][2] for row in grouped.values()}
    rounds = {version.pk: rounds_per_attempt(version) for version in ScenarioVersion.objects.filter(pk__in=versions)}
    return [_record(run_rows, rounds[run_rows[0][2]]) for run_rows in grouped.values()]


def _record(rows: Iterable[tuple[Any, ...]], rounds: int) -> RunRecord:
    """A run's record from its rounds' rows, in order."""
    rows = list(rows)
    _, trainee_id, _, scenario_id, started_at, _, _, kept_rule = rows[0]
    cards = tuple(None if row[6] is None else ScoreCard.from_json(row[6]) for row in rows)
    last_finished = rows[-1][5]
    over = len(rows) >= rounds and all(card is not None for card in cards)
    return RunRecord(
        trainee_id=trainee_id,
        scenario_id=scenario_id,
        started_at=started_at,
        rounds=rounds,
        cards=cards,
        rule=PassRule.from_json(kept_rule),
        finished_at=last_finished if over else None,
    )


def place_of(attempt_id: int) -> RunPlace | None:
    """The round's place in its run, its result after the last round, the newest version; None outside a run."""
    run_round = RunRound.objects.filter(attempt_id=attempt_id).select_related("run__scenario_version").first()
    if run_round is None:
        return None
    run = run_round.run
    of = rounds_per_attempt(run.scenario_version)
    result = None
    if run_round.position == of:
        result = run_records(ScenarioRun.objects.filter(pk=run.pk))[0].result
    newest = run.scenario_version.scenario.published_version()
    return RunPlace(
        run_round.position, of, result, None if newest is None else newest.pk, newest == run.scenario_version
    )
