"""The table's chip inventory by denomination, worked out from a round's log and reconciled at its end.

Every step that moves chips says so in its logged arguments and facts: a payout's ``chips`` (or, paid by its
amount alone, the chips the house's chipping makes it up in), a losing wager's ``collected`` amount and a
commission's ``amount`` (chips made up highest first, as the chips on a wager are not recorded), a buy-in's chips
sold and the cash ``dropped``, a colour-up's chips ``taken`` and given. The round opens with the rack's float; the
opening inventory plus what came in less what went out is the closing inventory, and the cash dropped equals the
chips sold. Worked out from the log alone, the reconciliation is the same in the round and in its replay.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from simulator.core.chipping import HouseChips, highest_first
from simulator.core.chips import Chips, chip_total, read_payment
from simulator.core.clauses import cite
from simulator.core.json_values import JsonValue, json_int, json_str
from simulator.core.money import Cents, format_cents
from simulator.core.procedure import Operation

TABLE_CHIP_INVENTORY = cite("Table chip inventory")

FLOAT_CHIPS = 100
"""The chips of each denomination the rack holds when a round opens: the table's float."""

TABLE_INVENTORY_SOURCE = "table inventory"
"""A payout's ``source`` when it is paid from the rack (a jackpot slip moves no chips)."""

COLLECTING_STEPS = frozenset({"collect_commission"})
"""The steps that take in chips by their ``amount`` argument; a collected wager logs its ``collected`` fact."""


def chips_moved(operation: Operation, rules: HouseChips) -> tuple[Chips, Chips, Cents]:
    """The chips a logged step took into the rack and gave out of it, and the cash it dropped."""
    action, facts = operation.action, operation.facts
    arguments = action.arguments
    taken: Chips = {}
    given: Chips = {}
    if "collected" in facts:
        taken = highest_first(json_int(facts["collected"]), rules.rack)
    if action.step in COLLECTING_STEPS:
        taken = highest_first(json_int(arguments["amount"]), rules.rack)
    if "taken" in facts:
        taken = read_payment(json_str(facts["taken"]), rules.rack).chips
    moves_chips = action.step in {"sell_chips", "colour_up"} or action.step.startswith("pay_")
    from_rack = arguments.get("source", TABLE_INVENTORY_SOURCE) == TABLE_INVENTORY_SOURCE
    if moves_chips and from_rack and isinstance(arguments.get("chips"), str):
        given = read_payment(json_str(arguments["chips"]), rules.rack).chips
    elif moves_chips and from_rack and isinstance(arguments.get("amount"), int):
        given = rules.chipping.payment(json_int(arguments["amount"]), rules.rack).chips
    dropped = facts.get("dropped")
    return taken, given, dropped if isinstance(dropped, int) else 0


@dataclass(frozen=True)
class Reconciliation:
    """A round's chip inventory by denomination (largest first), the cash dropped, the chips sold and any finding."""

    opening: Chips
    taken: Chips
    given: Chips
    closing: Chips
    dropped: Cents
    sold: Cents

    @property
    def findings(self) -> list[str]:
        """What does not reconcile, in words: a denomination the rack ran out of, a drop unlike the chips sold."""
        found = [
            f"The rack is short {-count} chips of {format_cents(cents)}."
            for cents, count in self.closing.items()
            if count < 0
        ]
        if self.dropped != self.sold:
            found.append(
                f"The drop holds {format_cents(self.dropped)} but {format_cents(self.sold)} in chips was sold."
            )
        return found

    def to_json(self) -> dict[str, JsonValue]:
        """The reconciliation as the round's log and the score card show it, denomination by denomination."""
        rows: list[JsonValue] = [
            {
                "cents": cents,
                "opening": self.opening[cents],
                "in": self.taken.get(cents, 0),
                "out": self.given.get(cents, 0),
                "closing": self.closing[cents],
            }
            for cents in self.opening
        ]
        return {
            "denominations": rows,
            "opening": chip_total(self.opening),
            "closing": chip_total(self.closing),
            "dropped": self.dropped,
            "sold": self.sold,
            "findings": list(self.findings),
            "citation": TABLE_CHIP_INVENTORY.clause,
        }


def reconcile(operations: Iterable[Operation], rules: HouseChips) -> Reconciliation:
    """The round's chip inventory from its log: the float, plus every step's chips taken, less every step's given."""
    opening = {each.cents: FLOAT_CHIPS for each in rules.rack}
    taken: Counter[Cents] = Counter()
    given: Counter[Cents] = Counter()
    dropped = sold = 0
    for operation in operations:
        into, out, cash = chips_moved(operation, rules)
        taken.update(into)
        given.update(out)
        dropped += cash
        if operation.action.step == "sell_chips":
            sold += json_int(operation.action.arguments["amount"])
    closing = {cents: opening[cents] + taken[cents] - given[cents] for cents in opening}
    return Reconciliation(opening, dict(taken), dict(given), closing, dropped, sold)
