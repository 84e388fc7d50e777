"""The table of a game offering the Must-Hit-By Mystery Bonus around its automated base game: felt and controls."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from simulator.money import format_cents
from simulator.mystery import (
    PaymentSource,
)
from simulator.mystery_tables import MysterySeatView, MysteryTableRound, MysteryTableView
from trainer.felt import (
    Region,
    TableDescription,
    area,
    buttons,
    chip,
    display_regions,
    inventory_container,
    numbered_displays,
    progressive_display,
    seat_pick,
    seat_regions,
    title_region,
)
from trainer.snapshots import TableSnapshot, Viewer


def short_wager_name(name: str) -> str:
    """A wager's name as a small betting area prints it: "Three-Card Progressive Payout wager" -> "Three-Card"."""
    short = name.removesuffix(" wager").removesuffix(" Payout").removesuffix(" Progressive")
    return short or name


def mystery_seat_context(number: int, seat: MysterySeatView | None, view: MysteryTableView) -> dict[str, Any]:
    """One position at an MHB game's table: the base wager, the progressive wagers and their light, any award."""
    if seat is None:
        return {"number": number, "pick_button": seat_pick(number), "occupied": False, "light": None}
    progressive = view["progressive"]
    lit = progressive["meter"]["lit_seat"] == number
    on_the_layout = not progressive["collected"]
    award = next((payout for payout in progressive["payouts"] if payout["seat"] == number), None)
    base = seat["base_wager"]
    return {
        "number": number,
        "pick_button": seat_pick(number),
        "occupied": True,
        "base": area(number, "base", base["wager"], short_wager_name(base["wager"]), base["amount"]),
        "progressive": [
            area(
                number,
                f"progressive-{index}",
                wager["wager"],
                short_wager_name(wager["wager"]),
                wager["amount"] if on_the_layout else None,
                note="qualifies" if wager["qualifies"] else "does not qualify",
            )
            for index, wager in enumerate(seat["progressive_wagers"], start=1)
        ],
        "light": lit if seat["progressive_wagers"] else None,
        "award": chip(award["amount"]) if award else None,
    }


def mystery_felt_context(snapshot: TableSnapshot[MysteryTableView], viewer: Viewer) -> dict[str, Any]:
    """An MHB game's felt: the positions with the game's own wagers, the display and the inventory container."""
    view = snapshot.view
    progressive = view["progressive"]
    lit_seat = progressive["meter"]["lit_seat"]
    wagers = [
        wager["amount"] for seat in view["seats"].values() if seat is not None for wager in seat["progressive_wagers"]
    ]
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
        "title": {"game": view["game"], "no_more_bets": view["no_more_bets"]},
        "finished": view["finished"],
        "seats": [mystery_seat_context(number, view["seats"][str(number)], view) for number in range(1, 7)],
        "displays": numbered_displays([display]),
        "container": inventory_container(progressive, wagers),
        "base_game": {"game": view["game"], "chapter": view["chapter"], "played": view["base_game_played"]},
    }


def mystery_controls_context(snapshot: TableSnapshot[MysteryTableView]) -> dict[str, Any]:
    """The control panel at an MHB game's table: the progressive procedure's steps."""
    return {
        "buttons": buttons(snapshot.dealer_steps),
        "seats": range(1, 7),
        "sources": [source.value for source in PaymentSource],
    }


def mystery_regions(felt: Mapping[str, Any]) -> list[Region]:
    """The parts of an MHB game's felt: positions, inventory container, the base game's note and the display."""
    return [
        title_region(felt),
        *seat_regions(felt, "trainer/_position_mystery.html"),
        Region("felt-container", "trainer/_inventory_container.html", {"container": felt["container"]}),
        Region("felt-base-game", "trainer/_base_game.html", {"base_game": felt["base_game"]}),
        *display_regions(felt),
    ]


MYSTERY_TABLE = TableDescription(
    MysteryTableRound,
    "trainer/_felt_mystery.html",
    mystery_felt_context,
    mystery_regions,
    "trainer/_controls_mystery_table.html",
    mystery_controls_context,
)
"""How the table of every game offering the Mystery Bonus around an automated base game is drawn."""
