"""The meter as a device many rounds share: a round meets the meter as it stands and replays from what it met."""

from __future__ import annotations

import random
from decimal import Decimal

from simulator.core.json_values import JsonObject
from simulator.core.meter_device import MeterStep, MeterUpdate
from simulator.core.mystery_meter import MysteryMeter, MysteryRules, mystery_configuration
from simulator.mystery.games import MYSTERY_GAMES
from simulator.mystery.tables import MysterySeatWagers, MysteryTableRound
from simulator.notation import replay_round, save_round

CONFIGURATION = mystery_configuration("B", 500)
"""§643b.1(c)(4) Configuration B, $5: minimum $100, maximum $500, "Incremental Contribution Rate 2%"."""

THREE_CARD = "Three-Card Progressive Payout wager"


class SharedMeters:
    """Meters kept in memory that any number of rounds change, each change applied once."""

    def __init__(self, meters: dict[str, JsonObject]) -> None:
        self.meters = meters
        self.changes: dict[tuple[int, int], JsonObject] = {}

    def device_for(self, round_number: int) -> RoundsDevice:
        return RoundsDevice(self, round_number)


class RoundsDevice:
    """One round's view of the shared meters."""

    def __init__(self, shared: SharedMeters, round_number: int) -> None:
        self.shared, self.round_number = shared, round_number

    def change(self, name: str, number: int, own_copy: JsonObject, update: MeterStep) -> tuple[JsonObject, MeterUpdate]:
        key = (self.round_number, number)
        if key in self.shared.changes:
            reading = self.shared.changes[key]
            return reading, update(reading)
        reading = self.shared.meters[name]
        result = update(reading)
        self.shared.meters[name] = result.after
        self.shared.changes[key] = reading
        return reading, result


def round_at(seats: list[MysterySeatWagers], seed_value: int, meter: MysteryMeter) -> MysteryTableRound:
    return MysteryTableRound(MYSTERY_GAMES["let-it-ride"], MysteryRules(CONFIGURATION), seats, seed_value, meter=meter)


def test_643b1_c2_two_rounds_dealt_from_one_reading_both_reach_the_shared_meter() -> None:
    start = MysteryMeter(CONFIGURATION, Decimal(20000), 45678)
    shared = SharedMeters({"mystery": start.to_json()})
    first = round_at([MysterySeatWagers(1, 1000, ((THREE_CARD, 500),))], 1, MysteryMeter.from_json(start.to_json()))
    second = round_at([MysterySeatWagers(3, 1000, ((THREE_CARD, 1500),))], 2, MysteryMeter.from_json(start.to_json()))
    first.meters, second.meters = shared.device_for(1), shared.device_for(2)
    first.play_out()
    second.play_out()
    # 2% of $5 and 2% of $15 (§643b.1(c)(4), Configuration B, $5), whatever order the rounds finish in.
    assert MysteryMeter.from_json(shared.meters["mystery"]).amount == Decimal(20000) + 10 + 30
    assert second.mystery.meter.amount == Decimal(20000) + 10 + 30


def test_643b1_c3_a_replay_meets_the_reading_the_round_met_not_its_own_copy() -> None:
    start = MysteryMeter(CONFIGURATION, Decimal(20000), 45678)
    met = MysteryMeter(CONFIGURATION, Decimal(45670), 45678)  # another table took the meter to $456.70
    shared = SharedMeters({"mystery": met.to_json()})
    round_ = round_at([MysterySeatWagers(2, 1000, ((THREE_CARD, 500),))], 3, start)
    round_.meters = shared.device_for(1)
    round_.play_out()
    assert [payout.meter_amount for payout in round_.mystery.payouts] == [Decimal(45680)]  # past $456.78: a hit
    replayed = replay_round(save_round(round_))
    assert replayed.meters is None
    assert replayed.table_view() == round_.table_view()
    assert replayed.mystery.payouts == round_.mystery.payouts


def test_643b1_c3_each_hit_closes_its_cycle_so_each_cycle_has_one_hit_and_one_hit_value() -> None:
    meter = MysteryMeter(CONFIGURATION, Decimal(45660), 45678, cycle=7)
    assert not meter.contribute(1, 500) and meter.contribute(2, 500)  # $456.70, then $456.80 passes $456.78
    assert not meter.contribute(3, 500)  # after the hit: carried to the reset meter
    hits = meter.close_hits(random.Random(5))
    assert [(hit.seat, hit.amount) for hit in hits] == [(2, Decimal(45680))]
    assert (meter.cycle, meter.amount, meter.hit) == (8, Decimal(10000) + 10, None)
    assert CONFIGURATION.minimum_value <= meter.to_json()["hit_value"] < CONFIGURATION.maximum_value
