"""The round store's plain version (no memory, ORM writes) is the reference: the cached store writes the same rows."""

import pytest
from django.test import override_settings
from table_helpers import make_trainee, read_dealer_step, wrong_step
from test_other_games import browser_frame

from simulator.games import GAMES
from trainer import demo_tables, round_store, services
from trainer.models import Attempt, Floorperson, Meter, MeterChange, Mode, Step, Table

pytestmark = pytest.mark.storage

TIMES = {"elapsed_ms"}
"""What differs between two dealings of the same round: how long each step took."""


def frame(attempt, action):
    """The browser's frame taking ``action`` as the attempt's next step."""
    return read_dealer_step(attempt, browser_frame(action, attempt.last_sequence + 1))


def deal_and_record(key, trainee):
    """Deal a round of ``key`` with one wrong step first, play it out right; return the rows it wrote and table logs.

    The table log is read after every step: the cached store adds each step's entries to the log it wrote before.
    """
    table = Table.objects.filter(game=key, floorperson=Floorperson.AUTOMATED).first()
    attempt = services.start_round(trainee, table, Mode.PRACTICE, seed_value=9, force_mystery_hit=True)
    wrong = round_store.live_round(attempt).next_action()
    logs = [services.apply_step(attempt.pk, trainee, frame(attempt, wrong_step(key, wrong))).snapshot.log]
    attempt.refresh_from_db()
    while (action := round_store.live_round(attempt).next_action()) is not None:
        logs.append(services.apply_step(attempt.pk, trainee, frame(attempt, action)).snapshot.log)
        attempt.refresh_from_db()
    steps = [
        (step.sequence, step.operations, step.graded and {k: v for k, v in step.graded.items() if k not in TIMES})
        for step in Step.objects.filter(attempt=attempt).order_by("sequence")
    ]
    card = {k: v for k, v in attempt.score_card.items() if k not in {"total_ms", "errors", "step_times", "skills"}}
    card["step_times"] = [{k: v for k, v in t.items() if k not in TIMES} for t in attempt.score_card["step_times"]]
    changes = list(
        MeterChange.objects.filter(attempt=attempt).values_list(
            "meter__name", "operation", "cycle", "reading", "contributed", "lit", "amount_after"
        )
    )
    return attempt, steps, card, attempt.log, changes, logs


@pytest.mark.django_db
@pytest.mark.parametrize("key", list(GAMES))
def test_the_cached_store_writes_what_the_plain_store_writes(key):
    demo_tables.create_demo_tables()
    trainee = make_trainee()
    with override_settings(ROUND_STORE="plain"):
        plain_attempt, *plain = deal_and_record(key, trainee)
        assert round_store.cached_attempt(plain_attempt.pk) is None, "the plain store keeps nothing in memory"
    Meter.objects.filter(table__game=key).delete()
    Table.objects.filter(game=key).update(rounds_dealt=0, chip_inventory=None)
    cached_attempt, *cached = deal_and_record(key, trainee)
    assert round_store.cached_attempt(cached_attempt.pk) is not None
    assert cached == plain
    assert Attempt.objects.count() == 2
