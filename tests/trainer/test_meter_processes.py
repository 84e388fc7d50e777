"""The meter as one device across processes: two OS processes deal rounds at one table on PostgreSQL at once.

Every contribution reaches the meter to the cent, each change meets the meter the one before it left, and each
cycle has exactly one hit. CI runs it in its PostgreSQL pass (DATABASE_URL=postgres://...); on SQLite it skips.
"""

import os
import subprocess
import sys
import time
from decimal import Decimal
from itertools import pairwise
from pathlib import Path

import pytest
from django.db import connection
from meter_rounds import amount_after, contributions, ready_file
from table_helpers import make_trainee

from simulator.core.mystery_meter import mystery_configuration
from trainer import demo_tables, round_store
from trainer.models import Attempt, Meter, MeterChange, Table

pytestmark = [
    pytest.mark.storage,
    pytest.mark.skipif(
        not os.environ.get("DATABASE_URL", "").startswith(("postgres://", "postgresql://")),
        reason="the processes share the meter through PostgreSQL",
    ),
]

CONFIGURATION = mystery_configuration("A", 100)
RATE = Decimal("0.02")
"""§643b.1(c)(4), Configuration A, $1 configuration: "Incremental Contribution Rate 2%"."""

ROUNDS = 12
FORCE_EVERY = 3
"""Every third round forces a hit, so the meter goes through several cycles."""

TRAINEES = ("alice", "bob")
"""The trainees dealing at the table, each in a process of its own."""


def start_dealer(table, username, go_file):
    """Another Python process dealing the rounds at the table as the trainee, against this test's database."""
    here = Path(__file__).parent
    settings = connection.settings_dict
    environment = os.environ | {
        "DATABASE_URL": f"postgres://{settings['USER']}@{settings['HOST']}:{settings['PORT']}/{settings['NAME']}",
        "PYTHONPATH": os.pathsep.join([str(here), str(here.parent.parent)]),
        "DJANGO_SETTINGS_MODULE": "dealer_school.settings",
    }
    program = "import sys, django; django.setup(); import meter_rounds; meter_rounds.main(*sys.argv[1:])"
    arguments = [str(table.pk), username, str(ROUNDS), str(FORCE_EVERY), str(go_file)]
    return subprocess.Popen([sys.executable, "-c", program, *arguments], env=environment)


def wait_until_ready(dealers, ready_files, timeout=120.0):
    """Wait for every dealing process to say it is ready, at most ``timeout`` seconds; fail if one has ended."""
    deadline = time.monotonic() + timeout
    while not all(ready.exists() for ready in ready_files):
        assert all(dealer.poll() is None for dealer in dealers), "a dealing process ended before it was ready"
        assert time.monotonic() < deadline, "the dealing processes were not ready in time"
        time.sleep(0.05)


@pytest.mark.django_db(transaction=True)
def test_645b3_rounds_on_two_processes_lose_no_contribution_and_hit_once_per_cycle(tmp_path):
    demo_tables.create_demo_tables()
    table = Table.objects.get(game="let-it-ride", name__startswith="Let It Ride Poker — Mystery Bonus")
    for username in TRAINEES:
        make_trainee(username)
    go_file = tmp_path / "go"
    dealers = [start_dealer(table, username, go_file) for username in TRAINEES]
    wait_until_ready(dealers, [ready_file(go_file, username) for username in TRAINEES])
    go_file.touch()
    assert [dealer.wait(timeout=300) for dealer in dealers] == [0, 0]

    attempts = Attempt.objects.filter(table=table)
    assert attempts.count() == 2 * ROUNDS and all(attempt.finished for attempt in attempts)
    meter = Meter.objects.get(table=table, name="mystery")
    changes = list(MeterChange.objects.filter(meter=meter).order_by("pk"))
    hits = {attempt.pk: len(round_store.live_round(attempt).mystery.payouts) for attempt in attempts}
    trainees = {attempt.pk: attempt.trainee_id for attempt in attempts}
    assert len(set(trainees.values())) == 2
    interleaved = sum(trainees[before.attempt_id] != trainees[after.attempt_id] for before, after in pairwise(changes))
    assert interleaved > 2, "the two processes took turns at the meter"

    first_cycle = changes[0].cycle
    for before, after in pairwise(changes):
        # Each change met exactly the meter the one before it left: nothing was lost or applied twice.
        assert Decimal(after.reading["amount"]) == before.amount_after
        lit = hits[before.attempt_id] if before.contributed else 0
        assert after.cycle == before.cycle + lit, "one hit closes one cycle"
    contributed = 0
    for attempt in attempts:
        applied = contributions(attempt)
        added = sum((RATE * wager for _seat, wager, _lit in applied), Decimal(0))
        own = [change for change in changes if change.attempt_id == attempt.pk and change.contributed]
        if added:
            (change,) = own
            assert change.contributed == added, "each contribution at 2%, to the cent"
            assert change.amount_after == amount_after(CONFIGURATION, RATE, Decimal(change.reading["amount"]), applied)
            assert change.lit == bool(hits[attempt.pk])
            contributed += 1
        assert hits[attempt.pk] == sum(lit for _seat, _wager, lit in applied) <= 1
    assert contributed > ROUNDS
    assert meter.amount == changes[-1].amount_after
    assert meter.cycle - first_cycle == sum(hits.values()) >= 2 * ROUNDS // FORCE_EVERY
    assert all(
        CONFIGURATION.minimum_value <= change.reading["hit_value"] < CONFIGURATION.maximum_value for change in changes
    )
