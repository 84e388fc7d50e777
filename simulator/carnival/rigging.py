"""A scenario's rigged cards of a carnival poker round, by place, laid out as the top of the deck the round deals.

Places are numbered as at every table: 0 is the dealer, 1 to 6 the seats from the dealer's far left. A place may be
rigged fewer cards than it is dealt (the rest come from the deck), the board up to its five cards, flop first.

>>> import random
>>> from simulator.core.cards import format_cards, parse_cards
>>> from simulator.carnival.three_card_poker import THREE_CARD_POKER
>>> rigged = {5: parse_cards("As Ks Qs"), 0: parse_cards("2c")}
>>> top = rigged_deck_top(THREE_CARD_POKER, [2, 5], rigged, (), random.Random(1))
>>> format_cards(top[3:6]), format_cards(top[6:7])
('As Ks Qs', '2c')
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from simulator.carnival.poker import CarnivalGame
from simulator.core.cards import Card, shuffled, standard_deck

DEALER_PLACE = 0
"""The dealer's place in a scenario's rigging."""


def board_size(game: CarnivalGame) -> int:
    """How many community cards a round deals: none at Three Card Poker, two at Let It Ride, five at Hold 'Em."""
    return max(game.board_face_down, *(street.board_cards for street in game.streets))


def place_cards(game: CarnivalGame, place: int) -> int:
    """How many cards a scenario may rig at a place: a seat's hole cards, the dealer's (none where there is no hand)."""
    return game.hole_cards if place != DEALER_PLACE or game.dealer_holds_hand else 0


def rigged_deck_top(
    game: CarnivalGame,
    seats: Sequence[int],
    cards: Mapping[int, tuple[Card, ...]],
    community: tuple[Card, ...],
    rng: random.Random,
) -> tuple[Card, ...]:
    """The deck's top in the order the round deals it, each rigged card where its place takes it, the rest from ``rng``.

    The round deals each seat in ``seats`` its hole cards in seat order, the dealer's (or, at a game with no dealer's
    hand, the board face down), then at each street with community cards a burn card and those cards; the top holds
    every hole card, and the board when any of it is rigged.
    """
    rigged = {card for held in cards.values() for card in held} | set(community)
    rest = shuffled([card for card in standard_deck() if card not in rigged], rng)
    top: list[Card] = []
    for place in [*sorted(seats), *([DEALER_PLACE] if game.dealer_holds_hand else [])]:
        given = cards.get(place, ())
        top.extend([*given, *(rest.pop() for _ in range(game.hole_cards - len(given)))])
    board = [*community, *(rest.pop() for _ in range(board_size(game) - len(community)))]
    if game.board_face_down:
        return (*top, *board)
    dealt = 0
    for street in game.streets:
        if community and street.board_cards > dealt:
            top.extend([rest.pop(), *board[dealt : street.board_cards]])
            dealt = street.board_cards
    return tuple(top)
