"""A table's progressive meters as devices in the database: read for a deal, changed in place by each round's steps.

Every change runs inside the transaction of the step that makes it, so the two commit together or not at all. It
holds the meter's row (``FOR UPDATE`` on PostgreSQL; SQLite's transactions begin IMMEDIATE and so hold the whole
database), applies the engine's update to the meter as it stands and records it as a
:class:`~trainer.models.MeterChange` keyed by the attempt and the operation number, which a step taken again finds
(it meets the same reading). So every contribution reaches the meter exactly once, from any number of rounds,
tables or processes. The rows are read and written through :class:`~trainer.step_writes.StepWrites`: plain SQL for
the cached round store, the ORM for the plain one.
"""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal

from django.db import connection
from django.utils import timezone

from simulator.core.json_values import JsonObject, JsonValue, json_int, json_object, json_str
from simulator.core.meter_device import MeterStep, MeterUpdate
from simulator.core.procedure import Round
from trainer.models import Meter
from trainer.step_writes import StepWrites

COLUMNS = ("amount", "hit_value", "cycle")
"""The parts of the engine's meter JSON that are columns of :class:`~trainer.models.Meter`."""

READING_PARTS = frozenset({*COLUMNS, "hit", "carried", "reserve"})
"""What changes as a meter is played; the rest (configuration, minimum wager, seed, wager amount) is what it is."""


def meter_json(meter: Meter) -> JsonObject:
    """The meter as the engine reads it: its state with the amount, hit value and cycle from their columns."""
    saved: JsonObject = {**meter.state, "amount": exact(meter.amount)}
    if meter.hit_value is not None:
        saved |= {"hit_value": meter.hit_value, "cycle": meter.cycle}
    return saved


def exact(amount: Decimal) -> str:
    """An amount of cents as the engine writes it, without the column's trailing zeros: ``10002.5000`` → ``10002.5``."""
    return f"{amount.normalize():f}"


def write_meter(meter: Meter, saved: Mapping[str, JsonValue]) -> None:
    """Set the row's columns and state from the engine's JSON for the meter (not saved)."""
    meter.amount = Decimal(json_str(saved["amount"]))
    hit_value = saved.get("hit_value")
    meter.hit_value = None if hit_value is None else json_int(hit_value)
    meter.cycle = json_int(saved.get("cycle", 0))
    meter.state = {key: value for key, value in saved.items() if key not in COLUMNS}


def started(own_copy: JsonObject) -> dict[str, object]:
    """The columns of a meter started from a round's copy of it."""
    meter = Meter()
    write_meter(meter, own_copy)
    return {"amount": meter.amount, "hit_value": meter.hit_value, "cycle": meter.cycle, "state": meter.state}


def table_meters(table_id: int) -> dict[str, JsonValue]:
    """The table's meters by name as the engine deals from them (``TableDeal.carried_meters``); server only."""
    return {meter.name: meter_json(meter) for meter in Meter.objects.filter(table_id=table_id)}


def kind_of(saved: Mapping[str, JsonValue]) -> dict[str, JsonValue]:
    """What a meter is, as against what it reads: its configuration, minimum wager, seed or wager amount."""
    return {key: value for key, value in saved.items() if key not in READING_PARTS}


def install_meters(table_id: int, round_: Round) -> None:
    """Give the table the meters the round plays that it lacks, or that the table's rules have changed since.

    A round dealt at the table takes up the table's meter when it fits the rules; one that does not (a new
    configuration, another seed) starts a fresh meter, which then becomes the table's.
    """
    for name, own in round_.carried_meters().items():
        if own is None:
            continue
        saved = json_object(own)
        # Two processes dealing a table's first round at once both find no meter: one insert wins, the other
        # changes nothing, and both then lock the one row.
        Meter.objects.bulk_create([Meter(table_id=table_id, name=name, **started(saved))], ignore_conflicts=True)
        meter = Meter.objects.select_for_update(of=("self",)).get(table_id=table_id, name=name)
        if kind_of(meter_json(meter)) == kind_of(saved):
            continue
        write_meter(meter, saved)
        meter.save()


class MeterOutsideStep(Exception):
    """A meter change asked for outside a step's transaction: take the step again inside one."""


class TableMeters:
    """The meters of one table, as one attempt's round changes them: the engine's :class:`MeterDevice`."""

    def __init__(self, table_id: int, attempt_id: int, writes: StepWrites) -> None:
        """Table ``table_id``'s meters as changed by attempt ``attempt_id``, read and written through ``writes``."""
        self.table_id = table_id
        self.attempt_id = attempt_id
        self.writes = writes

    def change(self, name: str, number: int, own_copy: JsonObject, update: MeterStep) -> tuple[JsonObject, MeterUpdate]:
        """Apply the update once to the meter as it stands, under its row's lock; the reading met and the update.

        It writes only after the update is worked out, so a step that fails leaves the meter to its transaction.
        A table without the meter yet (a round dealt before the meters were rows) starts it from the round's copy.
        """
        if not connection.in_atomic_block:
            raise MeterOutsideStep
        held = self.writes.hold_meter(self.table_id, name, self.attempt_id, number)
        if held is None:
            Meter.objects.get_or_create(table_id=self.table_id, name=name, defaults=started(own_copy))
            held = self.writes.hold_meter(self.table_id, name, self.attempt_id, number)
        if held is None:
            raise Meter.DoesNotExist(f"The table's {name} meter could not be started.")
        meter, done = held
        if done is not None:
            return done, update(done)
        reading = meter_json(meter)
        result = update(reading)
        write_meter(meter, result.after)
        change = {
            "meter": meter.pk,
            "attempt": self.attempt_id,
            "operation": number,
            "cycle": json_int(reading.get("cycle", 0)),
            "reading": reading,
            "contributed": result.contributed,
            "lit": result.lit,
            "amount_after": meter.amount,
            "made_at": timezone.now(),
        }
        self.writes.save_meter_change(meter, change)
        return reading, result
