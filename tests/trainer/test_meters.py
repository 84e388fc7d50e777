"""The Mystery Bonus meter as one device: each qualifying wager's contribution reaches it once, one hit per cycle.

The table's meter is a row changed in place under its lock (trainer.meters); a round records the reading it met,
so its replay never consults the live meter.
"""

from decimal import Decimal

import pytest
from django.test import override_settings
from django.urls import reverse
from meter_rounds import amount_after, contributions, deal_to_the_end, deal_until_contributed, take_next_step
from table_helpers import make_trainee

from simulator.core.meter_device import MeterUpdate
from simulator.core.money import format_cents
from simulator.core.mystery_meter import mystery_configuration
from trainer import demo_tables, round_store, services
from trainer.meters import TableMeters
from trainer.models import Meter, MeterChange, Mode, Table
from trainer.speed.sql_writes import IN_SQL
from trainer.step_writes import WITH_ORM

pytestmark = pytest.mark.storage

CONFIGURATION = mystery_configuration("A", 100)
"""The Let It Ride demo table's: Configuration A, $1 (§643b.1(c)(4))."""

RATE = Decimal("0.02")
"""§643b.1(c)(4), Configuration A, $1 configuration: "Incremental Contribution Rate 2%"."""


@pytest.fixture
def table(db):
    demo_tables.create_demo_tables()
    return Table.objects.get(game="let-it-ride", name__startswith="Let It Ride Poker — Mystery Bonus")


def mystery_meter(table):
    return Meter.objects.get(table=table, name="mystery")


def set_meter(table, **columns):
    Meter.objects.filter(table=table, name="mystery").update(**columns)


def dealt(table, trainee, seed_value):
    """A round dealt at the table whose simulated players placed at least one qualifying wager."""
    while True:
        attempt = services.start_round(trainee, table, Mode.PRACTICE, seed_value=seed_value)
        if round_store.live_round(attempt).mystery.qualifying_wagers:
            return attempt
        seed_value += 1


def test_643b1_c2_c4_each_qualifying_wager_adds_2_percent_to_the_meter_to_the_cent(table):
    trainee = make_trainee()
    attempt = dealt(table, trainee, 11)
    set_meter(table, amount=Decimal("12345.5"), hit_value=CONFIGURATION.maximum_value - 1)
    deal_until_contributed(attempt, trainee)
    applied = contributions(attempt)
    added = sum((RATE * wager for _seat, wager, _lit in applied), Decimal(0))
    assert added > 0
    change = MeterChange.objects.get(attempt=attempt)
    assert (change.contributed, change.lit) == (added, False)
    assert Decimal(change.reading["amount"]) == Decimal("12345.5")
    assert mystery_meter(table).amount == change.amount_after == Decimal("12345.5") + added


@pytest.mark.parametrize(
    ("amount", "hit_value"),
    [
        (Decimal("15000"), 15001),  # $150.00 on the meter, the secret value $150.01
        (Decimal("19999"), CONFIGURATION.maximum_value - 1),  # the highest value drawn: it must hit by $200
    ],
)
def test_643b1_c3_a_contribution_past_the_hit_value_hits_once_and_a_new_cycle_starts_at_the_minimum(
    table, client, amount, hit_value
):
    trainee = make_trainee()
    attempt = dealt(table, trainee, 21)
    set_meter(table, amount=amount, hit_value=hit_value, cycle=4)
    deal_until_contributed(attempt, trainee)
    applied = contributions(attempt)
    seat, wager, lit = applied[0]
    assert lit and not any(lit for _seat, _wager, lit in applied[1:]), "the first contribution past the value hits"
    meter = mystery_meter(table)
    assert meter.cycle == 5
    assert CONFIGURATION.minimum_value <= meter.hit_value < CONFIGURATION.maximum_value  # drawn for cycle 5
    assert meter.amount == amount_after(CONFIGURATION, RATE, amount, applied)
    assert MeterChange.objects.get(attempt=attempt).lit
    page = client_page(client, trainee, attempt)
    assert str(meter.hit_value) not in page and format_cents(meter.hit_value) not in page
    deal_to_the_end(attempt, trainee)
    round_ = round_store.live_round(attempt)
    # (c)(7): 100% of the meter at the hit, rounded up to the cent at this table.
    assert [(paid.seat, paid.meter_amount) for paid in round_.mystery.payouts] == [(seat, amount + RATE * wager)]
    assert mystery_meter(table).cycle == 5, "the dealer's reset reads the meter the hit already reset"
    later = dealt(table, make_trainee("bob"), 31)
    assert round_store.live_round(later).mystery.meter.to_json()["hit_value"] == meter.hit_value


def client_page(client, trainee, attempt):
    client.force_login(trainee)
    return client.get(reverse("attempt", args=[attempt.pk])).content.decode()


@pytest.mark.parametrize("store", ["cached", "plain"])
def test_two_rounds_interleaved_at_one_table_both_reach_the_meter(table, store):
    with override_settings(ROUND_STORE=store):
        alice, bob = make_trainee(), make_trainee("bob")
        first, second = dealt(table, alice, 41), dealt(table, bob, 51)
        set_meter(table, amount=Decimal("10000"), hit_value=CONFIGURATION.maximum_value - 1)
        deal_until_contributed(first, alice)
        deal_until_contributed(second, bob)
        deal_to_the_end(second, bob)
        deal_to_the_end(first, alice)  # finishing last once wrote its own copy of the meter over the other's
    added = [
        sum((RATE * wager for _seat, wager, _lit in contributions(attempt)), Decimal(0)) for attempt in (first, second)
    ]
    assert mystery_meter(table).amount == Decimal("10000") + sum(added)
    second_reading = MeterChange.objects.filter(attempt=second).order_by("pk").first().reading
    assert Decimal(second_reading["amount"]) == Decimal("10000") + added[0], "the second met the first's contributions"


@pytest.mark.parametrize("writes", [IN_SQL, WITH_ORM], ids=["plain SQL", "ORM"])
def test_a_contribution_taken_again_meets_the_same_reading_and_reaches_the_meter_once(table, writes):
    attempt = dealt(table, make_trainee(), 61)
    device = TableMeters(table.pk, attempt.pk, writes)
    before = mystery_meter(table).amount

    def half_a_cent_more(reading):
        return MeterUpdate({**reading, "amount": str(Decimal(reading["amount"]) + Decimal("0.5"))}, Decimal("0.5"))

    own_copy = round_store.live_round(attempt).mystery.meter.to_json()
    first_reading, _ = device.change("mystery", 7, own_copy, half_a_cent_more)
    again_reading, again = device.change("mystery", 7, own_copy, half_a_cent_more)
    assert again_reading == first_reading
    assert Decimal(again.after["amount"]) == before + Decimal("0.5")
    assert mystery_meter(table).amount == before + Decimal("0.5")
    assert MeterChange.objects.filter(attempt=attempt).count() == 1


def test_a_round_replayed_meets_the_readings_it_recorded_never_the_live_meter(table):
    trainee = make_trainee()
    attempt = dealt(table, trainee, 71)
    deal_until_contributed(attempt, trainee)
    shown = round_store.live_round(attempt).table_view()
    set_meter(table, amount=Decimal("19000"), hit_value=10000)
    round_store.forget_round(attempt.pk)
    attempt.refresh_from_db()
    assert round_store.live_round(attempt).table_view() == shown


def test_a_round_dealt_before_its_table_kept_the_meter_starts_it_from_its_own_copy(table):
    trainee = make_trainee()
    attempt = dealt(table, trainee, 81)
    Meter.objects.filter(table=table).delete()
    own = round_store.live_round(attempt).mystery.meter.amount
    deal_until_contributed(attempt, trainee)
    added = sum((RATE * wager for _seat, wager, _lit in contributions(attempt)), Decimal(0))
    assert mystery_meter(table).amount == own + added


@pytest.mark.django_db(transaction=True)
def test_a_steps_meter_change_commits_with_the_step_or_not_at_all(monkeypatch):
    demo_tables.create_demo_tables()
    table = Table.objects.get(game="let-it-ride", name__startswith="Let It Ride Poker — Mystery Bonus")
    trainee = make_trainee()
    attempt = dealt(table, trainee, 91)
    while round_store.live_round(attempt).next_action().step != "drop_progressive_wagers":
        assert take_next_step(attempt, trainee)
    before = mystery_meter(table).amount

    def commit_fails(*arguments, **keywords):
        raise RuntimeError("the disk is full")

    with monkeypatch.context() as patched:
        patched.setattr(services, "commit_step", commit_fails)
        patched.setattr(round_store, "commit_step", commit_fails)
        with pytest.raises(RuntimeError):
            take_next_step(attempt, trainee)
    assert mystery_meter(table).amount == before and not MeterChange.objects.filter(attempt=attempt).exists()
    assert take_next_step(attempt, trainee)  # the same frame again, committed this time
    added = sum((RATE * wager for _seat, wager, _lit in contributions(attempt)), Decimal(0))
    assert mystery_meter(table).amount == before + added
    assert MeterChange.objects.filter(attempt=attempt).count() == 1
