"""The base game a trainee deals at a carnival poker game's MHB table, as the felt draws it: wagers, cards, dealer.

Only what the round's view shows is drawn: a hand not yet turned over is drawn as card backs, never its cards.
"""

from __future__ import annotations

from typing import TypedDict

from markupsafe import Markup

from core.fields import WholeNumberField
from simulator.carnival.games import CARNIVAL_GAMES, HAND_NAMES
from simulator.carnival.round import CarnivalSeatView, CarnivalView
from simulator.core.chips import Rack
from simulator.core.json_values import json_int, json_str
from trainer.controls import (
    StepControl,
    StepControls,
    YesNoField,
    amount_field,
    hand_field,
    position_field,
    seat_field,
    settlement_controls,
    spot_field,
)
from trainer.felt import SETTLEMENTS, WAGER_MOVES, area, hand_html, moved
from trainer.snapshots import DoneStep


class CarnivalHand(TypedDict):
    """A position's cards as the felt draws them: face up, or the backs of those dealt; its reading and decisions."""

    cards: Markup
    backs: int
    hand: str | None
    decisions: str


class CarnivalDealer(TypedDict):
    """The dealer's place: community cards (or their backs), the dealer's hand (or its backs), reading, qualifying."""

    community: Markup
    community_backs: int
    cards: Markup
    backs: int
    hand: str | None
    qualifies: str | None
    cards_collected: bool


class CarnivalControls(TypedDict):
    """The choices the base game's control panel offers: its settlement spots and the hands a dealer reads."""

    spots: list[tuple[str, str]]
    hands: tuple[str, ...]


CARNIVAL_SPOTS = tuple(dict.fromkeys(spot for game in CARNIVAL_GAMES.values() for spot in game.spot_names()))
"""Every settlement spot of the carnival poker games, each once, in the layouts' order."""

CARNIVAL_CONTROLS: StepControls = {
    **settlement_controls(CARNIVAL_SPOTS),
    "deal_hand": StepControl("Deliver the hand", {"position": position_field()}, "d"),
    "deal_community_cards": StepControl(
        "Burn and deal community cards", {"cards": WholeNumberField("a number of cards", 1, 5)}, "f"
    ),
    "turn_community_card": StepControl("Turn a community card", {}, "u"),
    "correct_play_wager": StepControl(
        "Put the Play Wager right", {"seat": seat_field(), "amount": amount_field()}, "w"
    ),
    "return_wager": StepControl("Return", {"seat": seat_field(), "spot": spot_field(CARNIVAL_SPOTS)}, "r"),
    "reveal_hand": StepControl("Turn over the hand", {"position": position_field()}, "t"),
    "read_hand": StepControl(
        "Read the hand",
        {
            "position": position_field(),
            "hand": hand_field(dict.fromkeys(hand for names in HAND_NAMES.values() for hand in names)),
        },
        "h",
    ),
    "qualify_dealer": StepControl("Dealer qualifies", {"qualifies": YesNoField()}, "q"),
    "collect_cards": StepControl("Collect the cards", {}, "x"),
}
"""The dealer's steps of the base game a trainee deals: the carnival poker games' areas, bonuses and hand readings."""


def carnival_areas(number: int, seat: CarnivalSeatView, game: str, *, rack: Rack, choosable: bool) -> list[Markup]:
    """A position's base game areas in the layout's order: each wager, the Play Wager once placed, any bonus paid."""
    wagers = {**seat["wagers"], **({"play": seat["play"]} if seat["play"] else {})}
    return [
        area(
            number,
            spot,
            name,
            name,
            wagers.get(spot),
            rack=rack,
            choosable=choosable,
            settlement=seat["settled"].get(spot),
            paid=seat["paid"].get(spot),
        )
        for spot, name in CARNIVAL_GAMES[game].spot_names().items()
        if spot in wagers or spot in seat["settled"]
    ]


def carnival_hand(seat: CarnivalSeatView) -> CarnivalHand:
    """A position's cards: face up once turned over, else one back for each card dealt; its reading and decisions."""
    return {
        "cards": hand_html(seat["cards"]),
        "backs": 0 if seat["cards"] else seat["cards_dealt"],
        "hand": seat["hand"],
        "decisions": ", ".join(seat["decisions"]),
    }


def carnival_dealer(view: CarnivalView) -> CarnivalDealer:
    """The dealer's place: the community cards, the dealer's hand (backs until turned over), reading, qualification."""
    qualifies = view["dealer_qualifies"]
    return {
        "community": hand_html(view["community_cards"] or None),
        "community_backs": view["community_face_down"],
        "cards": hand_html(view["dealer_cards"]),
        "backs": 0 if view["dealer_cards"] else view["dealer_cards_dealt"],
        "hand": view["dealer_hand"],
        "qualifies": None if qualifies is None else "qualifies" if qualifies else "does not qualify",
        "cards_collected": view["cards_collected"],
    }


DRAWN_MONEY = frozenset({*SETTLEMENTS, "correct_play_wager", *WAGER_MOVES})
"""The steps whose money the base game's felt draws as done: settlements, a Play Wager put right, wager moves."""


def as_dealt(view: CarnivalView, stood: tuple[DoneStep, ...]) -> CarnivalView:
    """The base game's view with each settlement that stood drawn as the trainee made it.

    An exam felt shows no right amount before the score card: the due wager paid, pushed or collected otherwise, or
    paid a wrong amount, is drawn as the trainee settled it, and a Play Wager put right to a wrong amount as that. A
    player's wager move drawn as done (a watched round's) leaves its chips on the area.
    """
    stood = tuple(step for step in stood if step.step in DRAWN_MONEY)
    if not stood:
        return view
    shown = view.copy()
    seats = shown["seats"] = {number: seat.copy() for number, seat in view["seats"].items()}
    for graded in stood:
        did = graded.arguments
        seat = seats[str(json_int(did["seat"]))]
        if graded.step == "correct_play_wager":
            seat["play"] = json_int(did["amount"])
            continue
        if graded.step in WAGER_MOVES:
            seat["wagers"] = moved(seat["wagers"], graded)
            continue
        spot = json_str(did["spot"])
        seat["settled"] = {**seat["settled"], spot: SETTLEMENTS[graded.step]}
        paid = {key: amount for key, amount in seat["paid"].items() if key != spot}
        if graded.step == "pay_wager":
            paid[spot] = json_int(did["amount"])
        seat["paid"] = paid
    return shown


def carnival_controls(game: str) -> CarnivalControls:
    """The base game's control panel: its settlement spots and the hands a dealer reads at the game."""
    return {"spots": list(CARNIVAL_GAMES[game].spot_names().items()), "hands": HAND_NAMES[game]}
