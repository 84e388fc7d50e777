"""Paying a sprint's payouts in tests: the house's chips for an amount, and the same total in other chips."""

from simulator.core.chipping import highest_first
from simulator.core.chips import DEFAULT_RACK, Chips, chip_total, write_chips


def chip_text(due: int, chips: Chips) -> str:
    """The chips, and coin for what they leave of ``due``, as a pay's text."""
    coin = due - chip_total(chips)
    return " ".join(filter(None, (write_chips(chips), f"coin{coin}" if coin else "")))


def house_chips(due: int) -> str:
    """``due`` paid highest first, the house's default chipping, coin below the smallest chip."""
    return chip_text(due, highest_first(due, DEFAULT_RACK))


def other_chips(due: int) -> str:
    """``due`` with its largest chip broken into smaller ones: the right total, not highest first."""
    chips = highest_first(due, DEFAULT_RACK)
    largest = max(chips)
    smaller = next(each.cents for each in DEFAULT_RACK if each.cents < largest and largest % each.cents == 0)
    chips[largest] -= 1
    chips[smaller] = chips.get(smaller, 0) + largest // smaller
    return chip_text(due, chips)
