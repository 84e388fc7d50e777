"""Watch scenarios dealt to trainees: a published version's rounds watched in turn at its table, and drills' records.

A watched round of a watch scenario is a surveillance round (:class:`surveillance.models.WatchedRound`) at the
version's own table, which names the version (``ScenarioVersion.table``): the round's log holds its deal and faults.
"""

from django.contrib.auth.models import User
from django.db import transaction

from scenarios.models import ScenarioVersion
from surveillance.models import WatchedRound
from surveillance.watches import start_scenario_watch


def is_watched(version: ScenarioVersion) -> bool:
    """Whether trainees watch the version's rounds and flag faults, rather than deal them."""
    return version.engine_spec().watch is not None


def deal_watch_round(trainee: User, version: ScenarioVersion, number: int | None = None) -> WatchedRound:
    """The trainee's watched round of a published watch scenario: round ``number``, else the unfinished one or the next.

    Without a number the rounds are watched in turn, round 1 again after the last; the trainee's row is locked first,
    so two deals at once cannot both begin one.
    """
    assert version.table is not None, "a published version has its table"
    spec = version.engine_spec()
    with transaction.atomic():
        User.objects.select_for_update().filter(pk=trainee.pk).first()
        watched = WatchedRound.objects.filter(trainee=trainee, table=version.table)
        if number is None:
            unfinished = watched.filter(finished_at__isnull=True).first()
            if unfinished is not None:
                return unfinished
            number = watched.count() % spec.rounds + 1
        return start_scenario_watch(trainee, version.table, spec, number)
