"""The progressive meter as one device that many rounds share: how a round reads and changes it.

A round never writes back a copy of a meter it read earlier. Each step that changes a meter hands the device a
pure update; the device applies it once to the meter as it stands at that moment, atomically, and answers with
the reading it met. The round keeps that reading in its log (:attr:`~simulator.core.procedure.Operation.readings`), so a
replay applies the same update to the same reading and never consults the live meter. Without a device (the
command line, engine tests, a replay) the round's own copy of the meter stands in for it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal
from typing import Protocol

from simulator.core.json_values import JsonObject, json_str

MYSTERY_METER = "mystery"
"""The Must-Hit-By Mystery Bonus meter, with its secret hit value."""

JACKPOT_METER = "progressive"
"""Pai Gow Poker's Progressive Payout jackpot meter."""

MATCH_METER = "match"
"""Down Under Blackjack's Match the Dealer meter."""


@dataclass(frozen=True)
class MeterUpdate:
    """What one step did to a meter: the meter after it, the exact cents contributed and whether it lit (a hit)."""

    after: JsonObject
    contributed: Decimal = Decimal(0)
    lit: bool = False


MeterStep = Callable[[JsonObject], MeterUpdate]
"""A step's change to a meter: from the reading it meets to the update; pure, so it is applied exactly once."""


class MeterDevice(Protocol):
    """The meters a round's table shares with every other round, wherever they are kept."""

    def change(self, name: str, number: int, own_copy: JsonObject, update: MeterStep) -> tuple[JsonObject, MeterUpdate]:
        """Apply ``update`` once, atomically, to meter ``name`` as it stands; the reading it met and the update.

        ``number`` is the operation's number in the round's log: a change already applied for it is not applied
        again, and the reading it met then is answered. ``own_copy``, the round's copy, starts a meter the
        device does not hold yet.
        """
        ...


SHIFTED_AMOUNTS = ("amount", "reserve")
"""The exact amounts a progressive jackpot or Match the Dealer meter holds, written as decimal strings."""


def shifted(live: JsonObject, before: JsonObject, after: JsonObject) -> JsonObject:
    """The live meter moved by exactly what a round's step moved its own copy: ``after`` minus ``before``.

    A contribution adds to the live meter and an award takes off it precisely what the round paid, whatever other
    rounds contributed in between.

    >>> shifted({"amount": "105", "reserve": "1"}, {"amount": "100", "reserve": "0"}, {"amount": "90", "reserve": "0"})
    {'amount': '95', 'reserve': '1'}
    """
    moved = dict(live)
    for key in SHIFTED_AMOUNTS:
        change = Decimal(json_str(after[key])) - Decimal(json_str(before[key]))
        moved[key] = str(Decimal(json_str(live[key])) + change)
    return moved
