"""The table's chip inventory by denomination, worked out from a round's log, reconciled and carried to the next round.

Every step that moves chips says so in its logged arguments and facts: a payout's ``chips`` (or, paid by its
amount alone, the chips the house's chipping makes it up in), a losing wager's ``collected`` amount and a
commission's ``amount`` (chips made up highest first, as the chips on a wager are not recorded), a buy-in's chips
sold and the cash ``dropped``, a colour-up's chips ``taken`` and given. A round opens with the inventory its setup
holds, the table's as its last round closed it (:func:`opening_chips`), or the rack's float; a step that would leave
the rack short of a denomination has a rack fill before it. The opening inventory plus the fills plus what came in
less what went out is the closing inventory, and the cash dropped equals the chips sold. Worked out from the log
alone, the reconciliation is the same in the round and in its replay.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from simulator.core.chipping import HouseChips, highest_first
from simulator.core.chips import Chips, Rack, chip_total, read_payment, spoken_chips, write_rack
from simulator.core.clauses import cite
from simulator.core.json_values import JsonValue, json_int, json_object, json_str
from simulator.core.money import Cents, format_cents
from simulator.core.procedure import Operation

TABLE_CHIP_INVENTORY = cite("Table chip inventory")
RACK_FILL = cite("Rack fill")

FLOAT_CHIPS = 100
"""The chips of each denomination the rack holds at a table's first round, and after a fill: the table's float."""

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


def float_chips(rack: Rack) -> dict[Cents, int]:
    """The rack's float: :data:`FLOAT_CHIPS` of each denomination, largest first."""
    return {each.cents: FLOAT_CHIPS for each in rack}


def of_rack(carried: Mapping[str, JsonValue], rack: Rack) -> bool:
    """Whether a table's carried chips are of ``rack``: not of a rack its option held before a change."""
    return carried.get("rack") == write_rack(rack)


def opening_chips(carried: Mapping[str, JsonValue] | None, rack: Rack) -> dict[Cents, int]:
    """The inventory a round opens with: the table's carried chips (:meth:`Reconciliation.carried`) if of this rack.

    A table with no chips carried yet, or carried in another rack (its rack option changed since), opens from the
    rack's float.

    >>> from simulator.core.chips import DEFAULT_RACK
    >>> opening_chips({"rack": "$5.00 red", "chips": {"500": 7}}, DEFAULT_RACK[-2:]) == float_chips(DEFAULT_RACK[-2:])
    True
    """
    if carried is None or not of_rack(carried, rack):
        return float_chips(rack)
    counts = json_object(carried["chips"])
    return {each.cents: json_int(counts[str(each.cents)]) for each in rack}


def read_opening(data: JsonValue) -> dict[Cents, int] | None:
    """An opening inventory as a round's setup saves it (:func:`opening_json`); None, the float, where it has none."""
    if data is None:
        return None
    return {int(cents): json_int(count) for cents, count in json_object(data).items()}


def opening_json(chips: Chips | None) -> JsonValue:
    """An opening inventory as a round's setup saves it, by denomination in cents; None for the rack's float."""
    return None if chips is None else {str(cents): count for cents, count in chips.items()}


@dataclass(frozen=True)
class RackFill:
    """The chips the house brought to the rack before step ``before_step`` (0: before the round's first step)."""

    before_step: int
    chips: Chips


@dataclass(frozen=True)
class Reconciliation:
    """A round's chip inventory by denomination (the rack's, largest first), its fills, the cash dropped and sold."""

    rack: Rack
    opening: Chips
    fills: tuple[RackFill, ...]
    taken: Chips
    given: Chips
    closing: Chips
    dropped: Cents
    sold: Cents

    @property
    def filled(self) -> Counter[Cents]:
        """Every chip the fills brought, by denomination."""
        filled: Counter[Cents] = Counter()
        for fill in self.fills:
            filled.update(fill.chips)
        return filled

    @property
    def findings(self) -> list[str]:
        """What does not reconcile, in words: a drop unlike the chips sold."""
        if self.dropped == self.sold:
            return []
        return [f"The drop holds {format_cents(self.dropped)} but {format_cents(self.sold)} in chips was sold."]

    def carried(self, table: Mapping[str, JsonValue] | None) -> dict[str, JsonValue]:
        """The table's chips once this round is over, as the table keeps them for its next round.

        The table's inventory as it stands (``table``; the float if none or another rack's) moved as the round moved
        its rack: the round's closing inventory itself, unless another round at the table closed since this opened.
        """
        held = opening_chips(table, self.rack)
        moved = {cents: held[cents] + self.closing[cents] - self.opening[cents] for cents in held}
        return {"rack": write_rack(self.rack), "chips": {str(cents): count for cents, count in moved.items()}}

    def to_json(self) -> dict[str, JsonValue]:
        """The reconciliation as the round's log and the score card show it, denomination by denomination."""
        filled = self.filled
        rows: list[JsonValue] = [
            {
                "cents": each.cents,
                "colour": each.colour,
                "opening": self.opening[each.cents],
                "filled": filled[each.cents],
                "in": self.taken.get(each.cents, 0),
                "out": self.given.get(each.cents, 0),
                "closing": self.closing[each.cents],
            }
            for each in self.rack
        ]
        fills: list[JsonValue] = [
            {"before_step": fill.before_step, "chips": spoken_chips(fill.chips, self.rack)} for fill in self.fills
        ]
        return {
            "denominations": rows,
            "opening": chip_total(self.opening),
            "filled": chip_total(filled),
            "closing": chip_total(self.closing),
            "fills": fills,
            "dropped": self.dropped,
            "sold": self.sold,
            "findings": list(self.findings),
            "citation": TABLE_CHIP_INVENTORY.clause,
            "fill_citation": RACK_FILL.clause,
        }


def short_of(held: Counter[Cents]) -> dict[Cents, int]:
    """The fill a rack holding ``held`` needs: each denomination it is short of, back to its float."""
    return {cents: FLOAT_CHIPS - count for cents, count in held.items() if count < 0}


def reconcile(operations: Iterable[Operation], rules: HouseChips, opening: Chips | None = None) -> Reconciliation:
    """The round's chip inventory from its log: the opening (else the float) and fills, plus chips taken, less given.

    A rack opening short of a denomination is filled before the first step; a step that gives out more chips of a
    denomination than the rack then holds is filled before it, each back to its float after the step.
    """
    opening = float_chips(rules.rack) if opening is None else dict(opening)
    held: Counter[Cents] = Counter(opening)
    fills: list[RackFill] = []
    taken: Counter[Cents] = Counter()
    given: Counter[Cents] = Counter()
    dropped = sold = 0
    if short := short_of(held):
        fills.append(RackFill(0, short))
        held.update(short)
    for operation in operations:
        into, out, cash = chips_moved(operation, rules)
        taken.update(into)
        given.update(out)
        held.update(into)
        held.subtract(out)
        if short := short_of(held):
            fills.append(RackFill(operation.number, short))
            held.update(short)
        dropped += cash
        if operation.action.step == "sell_chips":
            sold += json_int(operation.action.arguments["amount"])
    closing = {each.cents: held[each.cents] for each in rules.rack}
    return Reconciliation(rules.rack, opening, tuple(fills), dict(taken), dict(given), closing, dropped, sold)
