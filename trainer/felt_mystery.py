"""The table of a game offering the Must-Hit-By Mystery Bonus around its automated base game: felt and controls."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypedDict

from markupsafe import Markup

from simulator.carnival.round import CarnivalView
from simulator.core.chips import Rack
from simulator.core.json_values import json_int, json_str
from simulator.core.money import format_cents
from simulator.mystery.games import MYSTERY_GAMES
from simulator.mystery.tables import (
    MysteryPayoutView,
    MysterySeatView,
    MysteryTableRound,
    MysteryTableView,
    rules_from_json,
)
from trainer.controls import (
    MYSTERY_BONUS_CONTROLS,
    OPENING_CONTROLS,
    PROGRESSIVE_INTAKE_CONTROLS,
    StepControls,
)
from trainer.felt import (
    Chip,
    Controls,
    Felt,
    InventoryContainer,
    Region,
    Seat,
    TableDescription,
    area,
    as_counted,
    chip,
    chooses_places,
    display_regions,
    felt_title,
    hand_html,
    inventory_container,
    numbered_displays,
    posted,
    progressive_display,
    seat_cash,
    seat_pick,
    seat_regions,
    stood_steps,
    table_controls,
    title_region,
)
from trainer.felt_carnival import (
    CARNIVAL_CONTROLS,
    CarnivalControls,
    CarnivalDealer,
    CarnivalHand,
    as_dealt,
    carnival_areas,
    carnival_controls,
    carnival_dealer,
    carnival_hand,
)
from trainer.felt_signs import mystery_sign, signs_html
from trainer.snapshots import DoneStep, TableSnapshot, Viewer


class EmptyMysterySeat(Seat):
    """A position at an MHB game's table where no one plays: no light."""

    light: None


class MysterySeat(Seat):
    """A position at an MHB game's table: its base wager, the progressive wagers and light, any award, the cards."""

    areas: list[Markup]
    progressive: list[Markup]
    light: bool | None
    award: Chip | None
    cards: Markup
    hand: str | None
    carnival: CarnivalHand | None


class BaseHand(TypedDict):
    """The dealer's hand of the base game the engine deals: its cards and its reading."""

    cards: Markup
    hand: str | None


class BaseGame(TypedDict):
    """The dealer's place at an MHB game's table: the base game, its chapter, its community cards and dealer's hand."""

    game: str
    chapter: str
    played: bool
    community: Markup
    dealer: BaseHand | None
    carnival: CarnivalDealer | None


class MysteryFelt(Felt[EmptyMysterySeat | MysterySeat]):
    """An MHB game's felt: the positions, the inventory container and the dealer's place with the base game."""

    container: InventoryContainer
    base_game: BaseGame


class CarnivalTableControls(Controls, CarnivalControls):
    """The control panel at an MHB game's table where the trainee deals the carnival base game: its spots and hands."""


MYSTERY_SIGNS: dict[int, tuple[Mapping[str, Any], Markup]] = {}
"""The Mystery Bonus sign last drawn for each MHB table, by table id, with the rules it was drawn from."""


def mystery_signs(snapshot: TableSnapshot[MysteryTableView]) -> Markup:
    """The table's Mystery Bonus configuration sign, drawn again only when its rules are not the ones last drawn."""
    drawn = MYSTERY_SIGNS.get(snapshot.table_id)
    if drawn is None or drawn[0] != snapshot.rules:
        game = MYSTERY_GAMES[snapshot.game]
        configuration = rules_from_json(snapshot.rules, game).configuration
        drawn = (snapshot.rules, signs_html([mystery_sign(configuration, game.section)]))
        MYSTERY_SIGNS[snapshot.table_id] = drawn
    return drawn[1]


def as_paid(view: MysteryTableView, stood: tuple[DoneStep, ...]) -> MysteryTableView:
    """The table view with each Mystery Bonus payment that stood drawn as the trainee paid it.

    The award shows at the seat in the amount and from the source the trainee gave: an exam shows no right amount
    before the score card. A watched round's award paid before its validation shows before the table pays it.
    """
    payments = [step for step in stood if step.step == "pay_mystery_bonus"]
    if not payments:
        return view
    progressive = view["progressive"].copy()
    payouts = list(progressive["payouts"])
    for graded in payments:
        did = graded.arguments
        paid: MysteryPayoutView = {
            "seat": json_int(did["seat"]),
            "amount": json_int(did["amount"]),
            "source": json_str(did["source"]),
        }
        index = next((i for i, payout in enumerate(payouts) if payout["seat"] == did["seat"]), None)
        if index is None:
            payouts.append(paid)
        else:
            payouts[index] = paid
    progressive["payouts"] = payouts
    return {**view, "progressive": progressive}


def as_taken(view: MysteryTableView, stood: tuple[DoneStep, ...]) -> MysteryTableView:
    """The table view with the Mystery Bonus payments, the base game's settlements and a count that stood, as made."""
    if not stood:
        return view
    view = {**as_paid(view, stood), "cash": as_counted(view["cash"], stood)}
    carnival = view["carnival"]
    return view if carnival is None else {**view, "carnival": as_dealt(carnival, stood)}


def short_wager_name(name: str) -> str:
    """A wager's name as a small betting area prints it: "Three-Card Progressive Payout wager" -> "Three-Card"."""
    short = name.removesuffix(" wager").removesuffix(" Payout").removesuffix(" Progressive")
    return short or name


def mystery_seat_context(
    number: int, seat: MysterySeatView | None, view: MysteryTableView, viewer: Viewer, rack: Rack
) -> EmptyMysterySeat | MysterySeat:
    """One position at an MHB game's table: the wagers and their light, any award, the base game's cards once dealt.

    Where the trainee deals the base game, the position shows that game's own wagers and cards for the base wager.
    The chips are drawn in the colours of the table's ``rack``.
    """
    choosable = chooses_places(viewer)
    if seat is None:
        return {
            "number": number,
            "pick_button": seat_pick(number, choosable),
            "occupied": False,
            "light": None,
            "cash": None,
        }
    dealt = view["base_game"]["seats"].get(str(number)) if view["base_game"] else None
    carnival = view["carnival"]["seats"].get(str(number)) if view["carnival"] else None
    progressive = view["progressive"]
    lit = progressive["meter"]["lit_seat"] == number
    on_the_layout = not progressive["collected"]
    award = next((payout for payout in progressive["payouts"] if payout["seat"] == number), None)
    return {
        "number": number,
        "pick_button": seat_pick(number, choosable),
        "occupied": True,
        "areas": seat_areas(number, seat, view["carnival"], choosable, rack),
        "progressive": [
            area(
                number,
                f"progressive-{index}",
                wager["wager"],
                short_wager_name(wager["wager"]),
                wager["amount"] if on_the_layout else None,
                rack=rack,
                choosable=choosable,
                note="qualifies" if wager["qualifies"] else "does not qualify",
            )
            for index, wager in enumerate(seat["progressive_wagers"], start=1)
        ],
        "light": lit if seat["progressive_wagers"] else None,
        "award": chip(award["amount"], rack) if award else None,
        "cards": hand_html(dealt["cards"] if dealt else None),
        "hand": dealt["hand"] if dealt else None,
        "carnival": carnival_hand(carnival) if carnival else None,
        "cash": seat_cash(view["cash"], number),
    }


def seat_areas(
    number: int, seat: MysterySeatView, carnival: CarnivalView | None, choosable: bool, rack: Rack
) -> list[Markup]:
    """A position's base wager: the MHB section's one area, or the base game's own where the trainee deals it."""
    if carnival is None:
        base = seat["base_wager"]
        name = base["wager"]
        return [area(number, "base", name, short_wager_name(name), base["amount"], rack=rack, choosable=choosable)]
    dealt = carnival["seats"].get(str(number))
    return [] if dealt is None else carnival_areas(number, dealt, carnival["game"], rack=rack, choosable=choosable)


def mystery_felt_context(snapshot: TableSnapshot[MysteryTableView], viewer: Viewer) -> MysteryFelt:
    """An MHB game's felt: the positions with the game's own wagers, the display and the inventory container."""
    stood = stood_steps(snapshot, viewer)
    view = as_taken(snapshot.view, stood)
    progressive = view["progressive"]
    lit_seat = progressive["meter"]["lit_seat"]
    display = progressive_display(
        "Must-Hit-By Mystery Bonus offered",
        progressive["meter"]["display"],
        [
            f"{progressive['configuration']} · {progressive['display_clause']}",
            f"Must hit by {format_cents(progressive['maximum_value'])}",
        ],
        [lit_seat] if lit_seat else [],
        progressive,
    )
    return {
        "title": felt_title(view["game"], view["no_more_bets"], view["late_wager"]),
        "finished": view["finished"],
        "seats": [
            mystery_seat_context(number, view["seats"][str(number)], view, viewer, snapshot.rack)
            for number in range(1, 7)
        ],
        "displays": numbered_displays([display]),
        "container": inventory_container(progressive, snapshot.rack, stood),
        "base_game": base_game_context(view),
        "posted": posted([display], mystery_signs(snapshot)),
    }


def base_game_context(view: MysteryTableView) -> BaseGame:
    """The dealer's place: the base game's community cards and the dealer's hand once the engine deals them."""
    dealt = view["base_game"]
    dealer = dealt["dealer"] if dealt else None
    return {
        "game": view["game"],
        "chapter": view["chapter"],
        "played": view["base_game_played"],
        "community": hand_html(dealt["community"] if dealt else None),
        "dealer": {"cards": hand_html(dealer["cards"]), "hand": dealer["hand"]} if dealer else None,
        "carnival": None if view["carnival"] is None else carnival_dealer(view["carnival"]),
    }


def mystery_controls_context(snapshot: TableSnapshot[MysteryTableView]) -> Controls | CarnivalTableControls:
    """The control panel at an MHB game's table: the progressive procedure, and any base game the trainee deals."""
    controls = table_controls()
    if snapshot.view["carnival"] is None:
        return controls
    return {**controls, **carnival_controls(snapshot.game)}


def mystery_regions(felt: MysteryFelt) -> list[Region]:
    """The parts of an MHB game's felt: positions, inventory container, the base game's note and the display."""
    return [
        title_region(felt),
        *seat_regions(felt, "trainer/_position_mystery.html"),
        Region("felt-container", "trainer/_inventory_container.html", {"container": felt["container"]}),
        Region("felt-base-game", "trainer/_base_game.html", {"base_game": felt["base_game"]}),
        *display_regions(felt),
    ]


MYSTERY_TABLE_STEPS: StepControls = {
    **OPENING_CONTROLS,
    **PROGRESSIVE_INTAKE_CONTROLS,
    **MYSTERY_BONUS_CONTROLS,
    **CARNIVAL_CONTROLS,
}
"""The dealer's steps at an MHB game's table: the progressive procedure, and any base game the trainee deals."""

MYSTERY_TABLE = TableDescription(
    MysteryTableRound,
    "trainer/_felt_mystery.html",
    mystery_felt_context,
    mystery_regions,
    "trainer/_controls_mystery_table.html",
    mystery_controls_context,
    MYSTERY_TABLE_STEPS,
)
"""How the table of every game offering the Mystery Bonus around an automated base game is drawn."""
