"""The carnival poker games by key: each declared once in its own module on the carnival poker shape."""

from __future__ import annotations

from collections.abc import Mapping

from simulator.carnival import let_it_ride
from simulator.carnival.hands import THREE_CARD_NAMES
from simulator.carnival.let_it_ride import LET_IT_RIDE_POKER
from simulator.carnival.poker import CarnivalGame
from simulator.carnival.three_card_poker import THREE_CARD_POKER
from simulator.carnival.ultimate_texas import CATEGORY_NAMES, ULTIMATE_TEXAS_HOLD_EM

CARNIVAL_GAMES: Mapping[str, CarnivalGame] = {
    game.key: game for game in (LET_IT_RIDE_POKER, THREE_CARD_POKER, ULTIMATE_TEXAS_HOLD_EM)
}
"""Every carnival poker game by key."""

HAND_NAMES: Mapping[str, tuple[str, ...]] = {
    LET_IT_RIDE_POKER.key: let_it_ride.HAND_NAMES,
    THREE_CARD_POKER.key: tuple(reversed(THREE_CARD_NAMES.values())),
    ULTIMATE_TEXAS_HOLD_EM.key: tuple(CATEGORY_NAMES.values()),
}
"""The hands a dealer reads aloud at each game, by its category, highest first."""
