"""Cash at the table: a player's buy-in (count, drop, sell chips) and a leaving player's colour-up, every game's.

A round's buy-ins and colour-ups are fixed when it is dealt (by the simulated players' seeded draws or a scenario)
and saved with its wager phase. The host offers :meth:`TableCashMixin.next_buy_in_action` before the players'
wagers and :meth:`TableCashMixin.next_colour_up_action` after the round's last settlement. No section of the
regulation text we hold covers cash at a live table, so every step is the house's procedure.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TypedDict

from simulator.core.chip_inventory import Reconciliation, reconcile
from simulator.core.chip_payments import ChipPaymentMixin
from simulator.core.chipping import BUY_IN_MIX, highest_first
from simulator.core.chips import ChipPayment, Chips, chip_total, read_chips, write_chips
from simulator.core.clauses import cite
from simulator.core.json_values import JsonValue, json_int, json_str
from simulator.core.money import Cents, format_cents
from simulator.core.procedure import Action, Actor, ErrorCode, IllegalOperation, Operation

BUY_IN_COUNT = cite("Buy-in count")
BUY_IN_DROP = cite("Buy-in drop")
COLOURING_UP = cite("Colouring up")

CASH_STEPS = frozenset({"count_cash", "drop_cash", "sell_chips", "colour_up"})
"""The dealer's cash steps, for the host's ``step_names()``."""

BILLS: tuple[Cents, ...] = (100_00, 50_00, 20_00, 10_00, 5_00, 1_00)
"""The bills a player lays on the layout, largest first: a buy-in is whole dollars, so any amount is made of them."""

MAX_BUY_IN: Cents = 100_000_00
"""The largest buy-in a round may rig or draw: $100,000, far beyond any training table's and well within the rack."""


def buy_in_problem(cash: object) -> str:
    """Why ``cash`` cannot be a buy-in; "" when it can: whole dollars in bills, more than nothing, at most MAX_BUY_IN.

    >>> buy_in_problem(30000), buy_in_problem(-500)
    ('', 'A buy-in is more than nothing.')
    """
    if type(cash) is not int:
        return f"A buy-in is an amount in cents, not {cash!r:.20}."
    if cash <= 0:
        return "A buy-in is more than nothing."
    if cash > MAX_BUY_IN:
        return f"A buy-in is at most {format_cents(MAX_BUY_IN)}."
    if cash % 100:
        return f"A buy-in is cash in whole dollars, not {format_cents(cash)}."
    return ""


@dataclass(frozen=True)
class BuyIn:
    """A player at ``seat`` lays ``cash`` on the layout to buy chips."""

    seat: int
    cash: Cents

    def to_json(self) -> dict[str, JsonValue]:
        """The buy-in as saved with the round's setup."""
        return {"seat": self.seat, "cash": self.cash}

    @classmethod
    def from_json(cls, data: Mapping[str, JsonValue]) -> BuyIn:
        """Read a buy-in written by :meth:`to_json`."""
        return cls(json_int(data["seat"]), json_int(data["cash"]))


@dataclass(frozen=True)
class ColourUp:
    """A player at ``seat`` leaves after the round with ``chips`` in front of them to colour up."""

    seat: int
    chips: Chips

    def to_json(self) -> dict[str, JsonValue]:
        """The colour-up as saved with the round's setup: the chips as a step's text names them."""
        return {"seat": self.seat, "chips": write_chips(self.chips)}

    @classmethod
    def from_json(cls, data: Mapping[str, JsonValue]) -> ColourUp:
        """Read a colour-up written by :meth:`to_json`."""
        return cls(json_int(data["seat"]), read_chips(json_str(data["chips"])))


class BillsView(TypedDict):
    """Bills of one value on the layout: the value in cents and how many."""

    cents: int
    count: int


class ChipStackView(BillsView):
    """Chips of one denomination a leaving player pushes in: and their colour in the table's rack."""

    colour: str


class BuyInView(TypedDict):
    """The buy-in the dealer is taking: the seat, the bills until dropped, and the amount once counted and announced."""

    seat: int
    bills: list[BillsView]
    counted: Cents | None


class ColourUpView(TypedDict):
    """The chips a leaving player pushed in to colour up, until the dealer has coloured them up."""

    seat: int
    chips: list[ChipStackView]


class TableCashView(TypedDict):
    """Cash and chips on the layout for the dealer: the buy-in being taken and the colour-up due, if any."""

    buy_in: BuyInView | None
    colour_up: ColourUpView | None


def laid_bills(cash: Cents) -> list[BillsView]:
    """The bills a player lays ``cash`` in, largest first.

    >>> laid_bills(37000)
    [{'cents': 10000, 'count': 3}, {'cents': 5000, 'count': 1}, {'cents': 2000, 'count': 1}]
    """
    laid: list[BillsView] = []
    for bill in BILLS:
        count, cash = divmod(cash, bill)
        if count:
            laid.append({"cents": bill, "count": count})
    return laid


class TableCashMixin(ChipPaymentMixin):
    """The buy-in steps before the wagers and the colour-up steps after the settlements, checked one by one."""

    buy_in_steps_done: int = 0
    colour_ups_done: int = 0

    def buy_ins(self) -> tuple[BuyIn, ...]:
        """The round's buy-ins, in the order the players make them."""
        raise NotImplementedError

    def colour_ups(self) -> tuple[ColourUp, ...]:
        """The round's colour-ups, in the order the players leave."""
        raise NotImplementedError

    def opening_chips(self) -> Chips | None:
        """The inventory the round's rack opened with, as the table carried it; None for the rack's float."""
        raise NotImplementedError

    def chip_inventory(self) -> Reconciliation:
        """The table's chip inventory as the round's log has moved it so far, reconciled."""
        return reconcile(self.operations, self.house_chips(), self.opening_chips())

    def table_cash_view(self) -> TableCashView:
        """What the table sees of cash and chips for the dealer: a buy-in from the start, a colour-up once it is due."""
        buy_in_number, stage = divmod(self.buy_in_steps_done, 3)
        buy_in: BuyInView | None = None
        if buy_in_number < len(self.buy_ins()):
            taken = self.buy_ins()[buy_in_number]
            bills = [] if stage == 2 else laid_bills(taken.cash)
            buy_in = {"seat": taken.seat, "bills": bills, "counted": taken.cash if stage else None}
        expected = self.next_action()
        colour_up: ColourUpView | None = None
        if expected is not None and expected.step == "colour_up":
            leaving = self.colour_ups()[self.colour_ups_done]
            colours = {each.cents: each.colour for each in self.house_chips().rack}
            stacks: list[ChipStackView] = [
                {"cents": cents, "count": count, "colour": colours[cents]}
                for cents, count in sorted(leaving.chips.items(), reverse=True)
                if count
            ]
            colour_up = {"seat": leaving.seat, "chips": stacks}
        return {"buy_in": buy_in, "colour_up": colour_up}

    def sold_chips(self, cash: Cents) -> ChipPayment:
        """The chips the house's buy-in mix sells ``cash`` in, and any coin below the rack's smallest chip."""
        rules = self.house_chips()
        chips = rules.buy_in_mix.chips(cash, rules.rack)
        return ChipPayment(chips, cash - chip_total(chips))

    def next_buy_in_action(self) -> Action | None:
        """The next buy-in step: count and announce the cash, drop it, sell the chips; None once all are done."""
        buy_in_number, stage = divmod(self.buy_in_steps_done, 3)
        if buy_in_number == len(self.buy_ins()):
            return None
        buy_in = self.buy_ins()[buy_in_number]
        seat, cash = buy_in.seat, format_cents(buy_in.cash)
        if stage == 0:
            description = f'count the {cash} seat {seat} laid on the layout and announce "Change, {cash}"'
            return Action("count_cash", Actor.DEALER, {"seat": seat, "amount": buy_in.cash}, BUY_IN_COUNT, description)
        if stage == 1:
            description = f"drop seat {seat}'s {cash} in the drop box"
            return Action("drop_cash", Actor.DEALER, {"seat": seat}, BUY_IN_DROP, description)
        sold = self.sold_chips(buy_in.cash)
        arguments: dict[str, JsonValue] = {"seat": seat, "amount": buy_in.cash, "chips": sold.text}
        description = f"sell seat {seat} {cash} in chips: {sold.spoken(self.house_chips().rack)}"
        return Action("sell_chips", Actor.DEALER, arguments, BUY_IN_MIX, description)

    def next_colour_up_action(self) -> Action | None:
        """The next leaving player's colour-up; None once every one is done."""
        if self.colour_ups_done == len(self.colour_ups()):
            return None
        leaving = self.colour_ups()[self.colour_ups_done]
        rack = self.house_chips().rack
        amount = chip_total(leaving.chips)
        given = ChipPayment(highest_first(amount, rack))
        arguments: dict[str, JsonValue] = {"seat": leaving.seat, "amount": amount, "chips": given.text}
        description = (
            f"colour up seat {leaving.seat}'s {format_cents(amount)} ({ChipPayment(leaving.chips).spoken(rack)}) "
            f"in {given.spoken(rack)}"
        )
        return Action("colour_up", Actor.DEALER, arguments, COLOURING_UP, description)

    def _verify_handing(self, step: str, seat: int, amount: Cents, chips: str) -> Action:
        """Raise unless handing ``seat`` these chips for ``amount`` is the next step, in the chips it names.

        Chips that cannot be read or make another total than ``amount`` are a malformed step; another amount than
        due is a wrong amount, naming the chips and how far short or over; the right amount in other chips is
        wrong chips, cited as the house procedure the step follows.
        """
        given = self.paid_chips(amount, chips)
        expected = self.require_step(step)
        self.require_argument(expected, "seat", seat, ErrorCode.WRONG_SEAT)
        due = json_int(expected.arguments["amount"])
        if given is None or amount != due:
            message = f"Gave {self.paid_words(amount, given, due)}: {expected.description}."
            raise IllegalOperation(ErrorCode.WRONG_AMOUNT, message, expected.citation, expected)
        if given.text != expected.arguments["chips"]:
            message = f"Gave {given.spoken(self.house_chips().rack)}: {expected.description}."
            raise IllegalOperation(ErrorCode.WRONG_CHIPS, message, expected.citation, expected)
        return expected

    def verify_count_cash(self, seat: int, amount: Cents) -> Action:
        """Raise unless counting and announcing ``amount`` of ``seat``'s cash is the next step."""
        expected = self.require_step("count_cash")
        self.require_argument(expected, "seat", seat, ErrorCode.WRONG_SEAT)
        self.require_argument(expected, "amount", amount, ErrorCode.WRONG_AMOUNT)
        return expected

    def count_cash(self, seat: int, amount: Cents) -> Operation:
        """Count the cash a player laid on the layout and announce the amount."""
        operation = self.record(self.verify_count_cash(seat, amount))
        self.buy_in_steps_done += 1
        return operation

    def verify_drop_cash(self, seat: int) -> Action:
        """Raise unless dropping ``seat``'s counted cash is the next step."""
        expected = self.require_step("drop_cash")
        self.require_argument(expected, "seat", seat, ErrorCode.WRONG_SEAT)
        return expected

    def drop_cash(self, seat: int) -> Operation:
        """Push the counted cash into the drop box; the log records the amount dropped."""
        action = self.verify_drop_cash(seat)
        dropped = self.buy_ins()[self.buy_in_steps_done // 3].cash
        operation = self.record(action, {"dropped": dropped})
        self.buy_in_steps_done += 1
        return operation

    def verify_sell_chips(self, seat: int, amount: Cents, chips: str) -> Action:
        """Raise unless selling ``seat`` these chips, the cash's amount in the house's buy-in mix, is the next step."""
        return self._verify_handing("sell_chips", seat, amount, chips)

    def sell_chips(self, seat: int, amount: Cents, chips: str) -> Operation:
        """Sell the player chips for the cash dropped."""
        operation = self.record(self.verify_sell_chips(seat, amount, chips))
        self.buy_in_steps_done += 1
        return operation

    def verify_colour_up(self, seat: int, amount: Cents, chips: str) -> Action:
        """Raise unless giving the leaving player at ``seat`` these chips, the fewest for theirs, is the next step."""
        return self._verify_handing("colour_up", seat, amount, chips)

    def colour_up(self, seat: int, amount: Cents, chips: str) -> Operation:
        """Take a leaving player's chips into the rack and give them the same amount in the fewest chips."""
        action = self.verify_colour_up(seat, amount, chips)
        taken = write_chips(self.colour_ups()[self.colour_ups_done].chips)
        operation = self.record(action, {"taken": taken})
        self.colour_ups_done += 1
        return operation
