"""The dealer's controls: every step a trainee may send, its form fields, and reading a frame into engine arguments.

A frame from the browser is the JSON that the htmx ws extension builds from a control's form:
``{"step": "pay_wager", "seq": "12", "seat": "3", "spot": "sum", "amount": "25.00", "HEADERS": {...}}``.
Every value arrives as a string (or a list of strings for checkboxes); :func:`read_step` whitelists the step,
keeps only that step's own fields and turns them into the values the engine's step takes, or raises
:class:`FrameError` with a sentence for the trainee. A wrong value is the engine's to grade; only a value that
cannot be read at all (a missing field, "abc" for an amount) is refused here, before any grading.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from simulator.cards import parse_cards
from simulator.down_under import DEALER
from simulator.fortune import FortuneHand
from simulator.match_the_dealer import MatchCombination
from simulator.money import format_cents, parse_dollars
from simulator.mystery import PaymentSource
from simulator.procedure import JsonValue

MAX_FRAME_CHARACTERS = 4096
"""The longest frame a consumer reads; anything longer is refused unread."""


class FrameError(ValueError):
    """A frame that cannot be read as a step: nothing is graded and nothing changes."""


_AMOUNT = re.compile(r"\d{1,7}(\.\d{1,2})?")
_WHOLE_NUMBER = re.compile(r"\d{1,4}")


def _text(value: Any, label: str) -> str:
    """A single form value as stripped text; a list or anything else is unreadable."""
    if not isinstance(value, str | int) or isinstance(value, bool):
        raise FrameError(f"Give one value for {label}.")
    return str(value).strip()


def _whole_number(value: Any, label: str, lowest: int, highest: int) -> int:
    """A whole number between ``lowest`` and ``highest``."""
    text = _text(value, label)
    if not _WHOLE_NUMBER.fullmatch(text) or not lowest <= int(text) <= highest:
        raise FrameError(f"Choose {label} from {lowest} to {highest}.")
    return int(text)


def read_seat(value: Any) -> int:
    """A player position, 1 to 6 from the dealer's left."""
    return _whole_number(value, "a seat", 1, 6)


def read_place(value: Any) -> int:
    """A place: 0 for the dealer, 1 to 6 for the positions."""
    return _whole_number(value, "a place (0 is the dealer)", 0, 6)


def read_position(value: Any) -> str:
    """A box to deal a card to, chosen as a place (0 is the dealer), as the engine names it ("seat 3", "dealer")."""
    place = read_place(value)
    return DEALER if place == 0 else f"seat {place}"


def read_die(value: Any) -> int:
    """The value shown by one die."""
    return _whole_number(value, "each die's value", 1, 6)


def read_count(value: Any) -> int:
    """A count of chips or shakes."""
    return _whole_number(value, "a number", 0, 9999)


def read_amount(value: Any) -> int:
    """An amount of money in dollars ("25", "$1,037.50") as cents."""
    text = _text(value, "the amount").replace("$", "").replace(",", "")
    if not _AMOUNT.fullmatch(text):
        raise FrameError("Enter the amount in dollars, such as 25 or 37.50.")
    return parse_dollars(text)


def read_yes_no(value: Any) -> bool:
    """A yes or no answer."""
    text = _text(value, "yes or no").lower()
    if text not in ("yes", "no"):
        raise FrameError("Answer yes or no.")
    return text == "yes"


def read_seats(value: Any) -> list[int]:
    """Checked seats: none, one (a string) or several (a list)."""
    values = value if isinstance(value, list) else [] if value in (None, "") else [value]
    if len(values) > 6:
        raise FrameError("Choose at most six seats.")
    return sorted({read_seat(item) for item in values})


def read_cards(value: Any) -> str:
    """Chosen cards, one (a string) or several (a list), written as the engine reads them ("Ks Qd")."""
    values = value if isinstance(value, list) else [value]
    if not 1 <= len(values) <= 7 or not all(isinstance(item, str) and len(item) <= 3 for item in values):
        raise FrameError("Choose the cards by clicking them.")
    try:
        cards = parse_cards([item.strip() for item in values])
    except ValueError as error:
        raise FrameError(str(error)) from None
    return " ".join(str(card) for card in cards)


SPOTS = (
    "pai-gow",
    "tiger-9",
    "fortune",
    "progressive",
    "sum",
    *(f"match-{number}" for number in range(1, 7)),
    "beat-it",
    "envy",
)
"""Every betting area a wager can be settled on, as the engine names them."""


def read_spot(value: Any) -> str:
    """A betting area of the layout."""
    text = _text(value, "a betting area")
    if text not in SPOTS:
        raise FrameError("Choose a betting area from the list.")
    return text


def read_source(value: Any) -> str:
    """Where a Mystery Bonus or a progressive win is paid from."""
    text = _text(value, "a payment source")
    if text not in {source.value for source in PaymentSource}:
        raise FrameError("Choose the payment source from the list.")
    return text


PROGRESSIVE_HANDS = frozenset({hand.value for hand in (*MatchCombination, *FortuneHand)})
"""Every hand a progressive pays on, as the dealer names it: Match the Dealer's combinations, Pai Gow Poker's hands."""


def read_progressive_hand(value: Any) -> str:
    """A progressive winning hand: a Match the Dealer combination (§685b.1(a)) or a Pai Gow Poker paytable hand."""
    text = _text(value, "a winning hand")
    if text not in PROGRESSIVE_HANDS:
        raise FrameError("Choose the winning hand from the list.")
    return text


@dataclass(frozen=True)
class StepControl:
    """A dealer step the trainee may send: its label, its keyboard key and how each of its fields is read."""

    label: str
    fields: Mapping[str, Callable[[Any], JsonValue]]
    key: str = ""


DEALER_STEPS: Mapping[str, StepControl] = {
    "announce_no_more_bets": StepControl('Announce "No more bets"', {}, "n"),
    "place_envy_lammers": StepControl("Place Envy lammers", {"seats": read_seats}),
    "lock_out_progressive_wagers": StepControl("Lock out progressive wagers", {}, "l"),
    "collect_progressive_wagers": StepControl("Collect progressive wagers", {}),
    "count_progressive_chips": StepControl("State the chip count", {"count": read_count}),
    "drop_progressive_wagers": StepControl("Drop into the container", {}),
    "select_shaker_player": StepControl("Select the shaker player", {"seat": read_seat}),
    "shake_shaker": StepControl("Shake the shaker", {"times": read_count}, "k"),
    "uncover_shaker": StepControl("Uncover the shaker", {}, "u"),
    "announce_dice": StepControl("Announce the dice", {"red": read_die, "blue_1": read_die, "blue_2": read_die}),
    "pay_wager": StepControl("Pay", {"seat": read_seat, "spot": read_spot, "amount": read_amount}, "p"),
    "push_wager": StepControl("Push", {"seat": read_seat, "spot": read_spot}, "o"),
    "collect_wager": StepControl("Collect", {"seat": read_seat, "spot": read_spot}, "c"),
    "collect_commission": StepControl("Collect commission", {"seat": read_seat, "amount": read_amount}),
    "find_starting_position": StepControl("Starting position", {"place": read_place}, "f"),
    "deliver_stack": StepControl("Deliver a stack", {"place": read_place}, "d"),
    "discard_stub": StepControl("Discard the stub", {}, "s"),
    "collect_empty_stacks": StepControl("Collect empty stacks", {}, "e"),
    "reveal_dealer_hand": StepControl("Turn over the dealer's cards", {}, "t"),
    "set_dealer_hand": StepControl("Set the dealer's hand", {"low": read_cards}),
    "declare_tiger_nine": StepControl("Declare Tiger 9", {"tiger_nine": read_yes_no}),
    "reveal_player_hand": StepControl("Reveal the hand", {"seat": read_seat}, "r"),
    "reset_fouled_hand": StepControl("Reset the fouled hand", {"seat": read_seat}),
    "confirm_mystery_light": StepControl("Confirm the Mystery light", {"seat": read_seat}),
    "pay_mystery_bonus": StepControl(
        "Pay the Mystery Bonus", {"seat": read_seat, "amount": read_amount, "source": read_source}
    ),
    "reset_mystery_meter": StepControl("Reset the Mystery meter", {}),
    "clear_table": StepControl("Clear the table", {}, "x"),
    "burn_card": StepControl("Burn a card", {}, "b"),
    "deal_card": StepControl("Deal a card", {"position": read_position}, "d"),
    "settle_losing_match_wager": StepControl("Collect the losing Match the Dealer wager", {"seat": read_seat}, "c"),
    "confirm_progressive_hand": StepControl(
        "Confirm the winning hand", {"seat": read_seat, "hand": read_progressive_hand}
    ),
    "confirm_progressive_light": StepControl("Confirm the progressive light", {"seat": read_seat}),
    "pay_progressive_win": StepControl(
        "Pay the progressive win", {"seat": read_seat, "amount": read_amount, "source": read_source}, "w"
    ),
    "pick_up_cards": StepControl("Pick up the cards", {}, "x"),
}
"""Every dealer step of the games at the school, with its control; a key is unique among one game's steps."""

FLOORPERSON_STEPS: Mapping[str, StepControl] = {
    "validate_mystery_payout": StepControl("Validate the Mystery Bonus payout", {"seat": read_seat}),
    "validate_progressive_payout": StepControl("Validate the progressive payout", {"seat": read_seat}),
    "complete_jackpot_paperwork": StepControl("Complete the jackpot paperwork", {"seat": read_seat}),
}
"""The floorperson's steps an instructor may perform from their own browser."""


@dataclass(frozen=True)
class StepFrame:
    """A frame read as a step: the client's sequence number, the step and its engine arguments."""

    sequence: int
    step: str
    arguments: dict[str, JsonValue]


def read_step(frame: Any, controls: Mapping[str, StepControl], allowed: frozenset[str]) -> StepFrame:
    """Read a decoded JSON frame as one of the ``allowed`` steps of ``controls``; raise FrameError otherwise."""
    if not isinstance(frame, dict):
        raise FrameError("A frame is a JSON object naming a step.")
    step = frame.get("step")
    if not isinstance(step, str) or step not in controls or step not in allowed:
        raise FrameError("That is not a step you can take at this table.")
    sequence = _whole_number(frame.get("seq"), "the frame number", 1, 10**9)
    arguments: dict[str, JsonValue] = {}
    for name, read in controls[step].fields.items():
        if name not in frame and read is not read_seats:
            raise FrameError(f"{controls[step].label}: fill in {name.replace('_', ' ')} first.")
        arguments[name] = read(frame.get(name))
    return StepFrame(sequence, step, arguments)


def _write_value(name: str, value: JsonValue) -> str:
    """One argument as the trainee would say it."""
    if name == "amount" and isinstance(value, int):
        return format_cents(value)
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list):
        return ", ".join(map(str, value)) or "none"
    return str(value)


def describe_step(step: str, arguments: Mapping[str, JsonValue]) -> str:
    """What the trainee did, in words: the control's label and each argument."""
    control = DEALER_STEPS.get(step) or FLOORPERSON_STEPS.get(step)
    label = control.label if control else step.replace("_", " ")
    details = ", ".join(f"{name.replace('_', ' ')} {_write_value(name, value)}" for name, value in arguments.items())
    return f"{label} ({details})" if details else label
