"""Where the dealing starts and which way the seven stacks go round the table (digest §8).

Seat numbering for the whole product: the dealer is seat 0, and the six player seats are numbered 1 to 6
from the dealer's LEFT (first base, seat 1) to the dealer's RIGHT (third base, seat 6). Seen from above
with the dealer facing the players, clockwise runs dealer → seat 1 → … → seat 6 → dealer, and
counterclockwise runs dealer → seat 6 → … → seat 1 → dealer.

The starting position is found by counting the dealer as 1 and going counterclockwise through all
seven places, occupied or not, until the count reaches the dice total: count slot
k = ((total − 1) mod 7) + 1. Slot 1 is the dealer and slot k (2 to 7) is seat 8 − k.
"""

from __future__ import annotations

from enum import StrEnum

from simulator.core.citations import Citation
from simulator.core.clauses import cite

DEALER_SEAT = 0
"""The dealer's place in seat numbering."""

PLAYER_SEATS = range(1, 7)
"""The six player seats, from the dealer's left (seat 1, first base) to the dealer's right (seat 6)."""

PLACES = 7
"""The places that receive a stack of seven cards: six player seats and the dealer."""

STARTING_POSITION_CITATION = cite("§621a.6(c)")
REVEAL_ORDER_CITATION = cite("§645a.11(e)")
DEALING_DIRECTION_CITATION = cite("Dealing direction, option dealing_direction")


class DealingDirection(StrEnum):
    """Which way the stacks go after the first: a house option, CLOCKWISE by default.

    Chapter 645a's dealing sections (§§645a.8–645a.10) were not retrieved. The default, CLOCKWISE, is
    inferred from the Pennsylvania analog §670a.10(c) (Six-Card Fortune Pai Gow Poker: first stack to the
    starting position, then clockwise to every other position and the dealer). COUNTERCLOCKWISE is the
    option for houses that deliver the Washington State way. The option itself is cited by
    :data:`DEALING_DIRECTION_CITATION` and each member carries the citation of the rule it follows.

    >>> DealingDirection.CLOCKWISE.citation.provenance.name
    'PA_INFERRED'
    """

    CLOCKWISE = "clockwise"
    COUNTERCLOCKWISE = "counterclockwise"

    @property
    def citation(self) -> Citation:
        """The rule this direction follows, with its provenance."""
        return _DIRECTION_CITATIONS[self]


_DIRECTION_CITATIONS = {
    DealingDirection.CLOCKWISE: cite("§670a.10(c)"),
    DealingDirection.COUNTERCLOCKWISE: DEALING_DIRECTION_CITATION,
}


def _seat_for_count(count: int) -> int:
    """The seat reached by counting ``count`` places counterclockwise, the dealer counted as 1."""
    slot = (count - 1) % PLACES + 1
    return DEALER_SEAT if slot == 1 else PLACES + 1 - slot


def starting_position(total: int) -> int:
    """The seat that receives the first stack for a three-dice total (0 is the dealer).

    >>> starting_position(9), starting_position(12), starting_position(15)
    (6, 3, 0)
    """
    if isinstance(total, bool) or not isinstance(total, int) or not 3 <= total <= 18:
        raise ValueError(f"A dice total of {total!r} is impossible: three dice total 3 to 18.")
    return _seat_for_count(total)


def starting_position_from_number(number: int) -> int:
    """The seat that receives the first stack for a random number 1 to 7 used instead of dice (0 is the dealer).

    >>> [starting_position_from_number(number) for number in range(1, 8)]
    [0, 6, 5, 4, 3, 2, 1]
    """
    if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= PLACES:
        raise ValueError(f"A starting number of {number!r} is out of range: count 1 to 7 places.")
    return _seat_for_count(number)


def delivery_order(start: int, direction: DealingDirection = DealingDirection.CLOCKWISE) -> tuple[int, ...]:
    """All seven places in the order they receive a stack, starting at seat ``start`` (0 is the dealer).

    >>> delivery_order(3)
    (3, 4, 5, 6, 0, 1, 2)
    >>> delivery_order(3, DealingDirection.COUNTERCLOCKWISE)
    (3, 2, 1, 0, 6, 5, 4)
    """
    if isinstance(start, bool) or not isinstance(start, int) or not 0 <= start < PLACES:
        raise ValueError(f"Seat {start!r} does not exist: seats are 0 (the dealer) and 1 to 6.")
    step = 1 if direction is DealingDirection.CLOCKWISE else -1
    return tuple((start + step * place) % PLACES for place in range(PLACES))


def reveal_order() -> tuple[int, ...]:
    """The player seats in the order their hands are revealed: from the dealer's far right, counterclockwise.

    >>> reveal_order()
    (6, 5, 4, 3, 2, 1)
    """
    return tuple(reversed(PLAYER_SEATS))
