"""How a simulated player sets a hand: by the house way, a legal way of their own, or a foul."""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence
from enum import StrEnum

from simulator.core.cards import Card
from simulator.core.hands import SetHand, WheelRank, evaluate_high_hand, evaluate_low_hand, is_foul
from simulator.pai_gow.house_way import HouseWay


class PlayerStyle(StrEnum):
    """A simulated player's habit when setting a hand, so trainees meet copies, other settings and fouls."""

    HOUSE_WAY = "sets the hand by the house way"
    OWN_WAY = "sets the strongest low hand that does not foul"
    FOUL = "fouls the hand: the low hand outranks the high hand"


def all_settings(cards: Sequence[Card]) -> Iterator[SetHand]:
    """Every way to split seven cards into a five-card high hand and a two-card low hand."""
    for low in itertools.combinations(range(len(cards)), 2):
        yield SetHand(tuple(card for index, card in enumerate(cards) if index not in low), tuple(cards[i] for i in low))


def set_hand_in_style(cards: Sequence[Card], style: PlayerStyle, house_way: HouseWay, wheel: WheelRank) -> SetHand:
    """The hand a player of this style sets; a style with no such setting falls back to the house way.

    >>> from simulator.core.cards import parse_cards
    >>> from simulator.pai_gow.house_way import HOUSE_WAYS
    >>> hand = parse_cards("As Kd 9c 7h 5s 4d 2c")
    >>> str(set_hand_in_style(hand, PlayerStyle.FOUL, HOUSE_WAYS["foxwoods"], WheelRank.SECOND_HIGHEST))
    'high 9c 7h 5s 4d 2c / low As Kd'
    """
    house = house_way.set_hand(cards, wheel)
    if style is PlayerStyle.HOUSE_WAY:
        return house
    wanted_foul = style is PlayerStyle.FOUL
    candidates = [hand for hand in all_settings(cards) if is_foul(hand, wheel) == wanted_foul]
    if not wanted_foul:
        house_value = (evaluate_high_hand(house.high, wheel), evaluate_low_hand(house.low))
        candidates = [
            hand
            for hand in candidates
            if (evaluate_high_hand(hand.high, wheel), evaluate_low_hand(hand.low)) != house_value
        ]
    if not candidates:
        return house
    return max(candidates, key=lambda hand: (evaluate_low_hand(hand.low), evaluate_high_hand(hand.high, wheel)))
