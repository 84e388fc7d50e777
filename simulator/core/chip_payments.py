"""Paying from the rack: a pay step that names its chips is read, totalled and graded against the house's chipping.

A step that pays money out of the rack takes the chips as text (``chips="2500x3 500x1"``, read with the table's
rack). Chips that cannot be read, or whose total is not the step's amount, are a malformed step that changes
nothing; a wrong total is the mispay it always was, its verdict naming the chips and how far short or over; a right
total in chips the house's procedure would not pay is ``WRONG_CHIPS``, cited as the house procedure. The chips
stand in the logged arguments, so the round replays and the table's chips can be reconciled. A pay step without
chips (the automations, a typed amount) is graded as before.
"""

from __future__ import annotations

from simulator.core.chipping import CHIPPING, HouseChips
from simulator.core.chips import ChipPayment, ChipsError, read_payment
from simulator.core.citations import Citation
from simulator.core.money import Cents, format_cents, given_money
from simulator.core.procedure import Action, ErrorCode, IllegalOperation, Round


class ChipPaymentMixin(Round):
    """The checks of every step that pays from the rack; the host names the rules holding its rack and chipping."""

    def house_chips(self) -> HouseChips:
        """The table's rules: its chip rack and chipping procedure."""
        raise NotImplementedError

    def paid_chips(self, amount: object, chips: object, *, from_rack: bool = True) -> ChipPayment | None:
        """The chips a pay step names, read with the table's rack; None for a step that names none.

        Raise a malformed step for chips that cannot be read, whose total is not ``amount``, or for a payment that
        is not from the rack (``from_rack`` false: a progressive jackpot slip).
        """
        if chips is None:
            return None
        try:
            if not isinstance(chips, str):
                raise ChipsError(f"chips are named as text, such as 2500x3 500x1, not {chips!r:.20}")
            if not from_rack:
                raise ChipsError("a payment by progressive jackpot slip moves no chips from the rack")
            paid = read_payment(chips, self.house_chips().rack)
            if paid.total != amount:
                raise ChipsError(f"the chips make {format_cents(paid.total)}, not the {given_money(amount)} paid")
        except ChipsError as error:
            expected = self.next_action()
            citation = expected.citation if expected else self.closing_citation()
            raise IllegalOperation(ErrorCode.MALFORMED_STEP, f"Malformed step: {error}.", citation, expected) from None
        return paid

    def paid_words(self, amount: object, paid: ChipPayment | None, due: Cents) -> str:
        """A payment as its verdict says it: the amount, and with chips the chips and how far short or over ``due``.

        A payout short by less than the smallest chip is reminded that coin pays it (:data:`BEYOND_THE_RACK`).
        """
        if paid is None:
            return given_money(amount)
        difference = paid.total - due
        side = "short" if difference < 0 else "over"
        words = f"{format_cents(paid.total)} in {paid.spoken(self.house_chips().rack)}, {format_cents(abs(difference))}"
        if 0 < -difference < self.house_chips().rack[-1].cents and not paid.coin:
            return f"{words} short (less than the smallest chip, paid in coin)"
        return f"{words} {side}"

    def require_paid(
        self, expected: Action, amount: object, paid: ChipPayment | None, citation: Citation | None = None
    ) -> None:
        """Raise a mispay when chips make another amount than the expected action's, naming them and the difference.

        The error cites ``citation`` where the amount follows a rule of its own, else the expected step's.
        """
        due = expected.arguments["amount"]
        if paid is not None and isinstance(due, int) and amount != due:
            message = f"Paid {self.paid_words(amount, paid, due)}: {expected.description}."
            raise IllegalOperation(ErrorCode.WRONG_AMOUNT, message, citation or expected.citation, expected)

    def require_chipping(self, expected: Action, paid: ChipPayment | None, wager: Cents | None = None) -> None:
        """Raise WRONG_CHIPS when the right total is paid in chips the house's chipping procedure would not pay.

        ``wager`` is the wager the payout is paid on, whose colours colour for colour follows; None for an award.
        The expected action names the chips the procedure pays.
        """
        if paid is None:
            return
        rules = self.house_chips()
        if rules.chipping.follows(paid.chips, rules.rack, wager, paid.coin):
            return
        due = self.paid_with(expected, rules.chipping.payment(paid.total, rules.rack, wager).text)
        chips = paid.spoken(rules.rack)
        message = f"Paid in {chips}: the house pays {rules.chipping.words}; expected: {due.description}."
        raise IllegalOperation(ErrorCode.WRONG_CHIPS, message, CHIPPING, due)

    def paid_with(self, action: Action, chips: str | None) -> Action:
        """The pay action as the log keeps it: with the chips it was paid in, when it names them."""
        if chips is None:
            return action
        paid = read_payment(chips, self.house_chips().rack)
        arguments = {**action.arguments, "chips": paid.text}
        description = f"{action.description}, in {paid.spoken(self.house_chips().rack)}"
        return Action(action.step, action.actor, arguments, action.citation, description)
