"""HTML for the training table: the page's context and the WebSocket frames of hx-swap-oob fragments.

A frame is a few top-level elements, each with an ``id`` that exists on the page, which the htmx ws extension
swaps in place: the felt, the frame number, the status line, the feedback panel, the table log, the score card
and, for instructors, the floorperson panel and the graded steps. Everything is rendered from a
:class:`~trainer.services.TableSnapshot`, which holds only what the table shows. Each game draws its own felt
and controls from shared partials (cards, chips, betting areas, the progressive display): :data:`LAYOUTS` names
them by game key.

The regions are Jinja2 templates (templates/jinja2/trainer/), drawn by :func:`render` for a frame and for the
page alike: the page, a Django template, places each region already drawn. The controls and the house rules
are drawn on the page only, by Django templates (templates/trainer/).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, NamedTuple

from django.template import engines
from markupsafe import Markup

from simulator.citations import Citation, Provenance
from simulator.down_under import AUTOMATED_HAND, SETTLEMENT_ORDER, DownUnderTable
from simulator.match_the_dealer import (
    AWARD_ROUNDING_RULE,
    ONE_AMOUNT_PER_TABLE_RULE,
    SECONDARY_READING_RULES,
    STAKE_RULE,
    MatchCombination,
    match_paytable,
)
from simulator.money import format_cents
from simulator.mystery import (
    AWARD_ROUNDING_OPTION,
    CONTRIBUTIONS_AFTER_HIT,
    HIT_VALUE_DRAW,
    PAYMENT_SOURCE_OPTION,
    PaymentSource,
)
from simulator.mystery_games import MYSTERY_GAMES
from simulator.mystery_tables import BASE_GAME, SEATS_CITATION, rules_from_json
from simulator.notation import PAI_GOW_POKER
from simulator.pai_gow_progressive import ProgressivePaytable
from simulator.pai_gow_round import MYSTERY_SECTION
from simulator.pai_gow_rules import FoulRule, HouseOption, ShakerType, TableRules, house_options
from simulator.progressive import CONTRIBUTION_ORDER, PROGRESSIVE_INTAKE_STEPS, PROGRESSIVE_WIN_STEPS
from trainer.controls import DEALER_STEPS, describe_step
from trainer.models import Floorperson, Mode
from trainer.scoring import GradedStep, ScoreCard
from trainer.services import DOWN_UNDER_BLACKJACK, StepReply, TableSnapshot, Viewer

SUIT_SYMBOLS = {"s": "♠", "h": "♥", "d": "♦", "c": "♣"}
RANK_NAMES = {"T": "10"}
SPOT_LABELS = {
    "pai-gow": "Pai Gow",
    "tiger-9": "Tiger 9",
    "fortune": "Fortune",
    "progressive": "Progressive",
    "sum": "Sum",
    "beat-it": "Beat It",
    "envy": "Envy",
    **{f"match-{number}": f"Match {number}" for number in range(1, 7)},
}
CHIP_COLOURS = ((100000, "orange"), (50000, "purple"), (10000, "black"), (2500, "green"), (500, "red"), (0, "white"))
"""The casino colour of the largest chip in an amount, from $1,000 down to $1."""
PROVENANCE_LABELS = {Provenance.SEED: "seed", Provenance.PA_INFERRED: "inferred", Provenance.HOUSE: "house"}


def render(template: str, context: Mapping[str, Any]) -> Markup:
    """A partial's HTML, drawn by the Jinja2 engine and marked safe: the one way a frame and the page draw a part."""
    return Markup(engines["jinja2"].env.get_template(template).render(context))


@dataclass(frozen=True)
class CardFace:
    """A face-up card as it is drawn: rank, suit symbol and colour."""

    code: str
    rank: str
    suit: str
    red: bool

    @property
    def html(self) -> Markup:
        """The card's markup."""
        return card_html(self)


@lru_cache(maxsize=64)
def card_html(face: CardFace) -> Markup:
    """A card's markup, drawn once for each card and reused: a card looks the same wherever it lies."""
    return render("trainer/_card.html", {"card": face})


@lru_cache(maxsize=4096)
def card_faces(cards: str | None) -> tuple[CardFace, ...]:
    """The cards of a view ("Ks Qd JK") as faces, worked out once for each hand; none when the cards are not shown."""
    faces = []
    for code in (cards or "").split():
        if code == "JK":
            faces.append(CardFace(code, "JK", "★", False))
        else:
            faces.append(CardFace(code, RANK_NAMES.get(code[0], code[0]), SUIT_SYMBOLS[code[1]], code[1] in "hd"))
    return tuple(faces)


@lru_cache(maxsize=4096)
def hand_html(cards: str | None) -> Markup:
    """A hand's markup, its cards side by side, drawn once for each hand; empty when the cards are not shown."""
    return Markup("".join(face.html for face in card_faces(cards)))


@lru_cache(maxsize=8)
def seat_pick(number: int) -> Markup:
    """The button on a position that chooses its seat in the controls, drawn once for each seat."""
    return render("trainer/_seat_pick.html", {"number": number})


def chip(amount: int) -> dict[str, str]:
    """A chip drawn for an amount: the amount as money and the colour of its largest chip."""
    colour = next(name for value, name in CHIP_COLOURS if amount >= value)
    return {"amount": format_cents(amount), "colour": colour}


@lru_cache(maxsize=4096)
def area(
    seat: int,
    spot: str,
    label: str,
    short: str,
    amount: int | None,
    *,
    settlement: str | None = None,
    paid: int | None = None,
    light: bool | None = None,
    note: str = "",
) -> Markup:
    """A seat's betting area as the felt draws it: its name, the chip on it, how it settled and any progressive light.

    The markup is drawn once for each state an area can be in and reused, since a seat is redrawn whole when any
    of its areas changes.
    """
    drawn = {
        "spot": spot,
        "label": label,
        "short": short,
        "chip": None if amount is None else chip(amount),
        "settlement": settlement,
        "paid": None if paid is None else chip(paid),
        "light": light,
        "note": note,
    }
    return render("trainer/_area.html", {"seat": {"number": seat}, "area": drawn})


def progressive_display(
    sign: str, meter: str, notes: list[str], lit_seats: list[int], progressive: Mapping[str, Any]
) -> dict[str, Any]:
    """The progressive table game system's display: its sign, the meter, notes, the lit positions, the intake.

    It shows no paytable; the Progressive Payout jackpot's display adds one.
    """
    if progressive["collected"]:
        intake = "Progressive wagers collected"
    elif progressive["locked_out"]:
        intake = "Progressive wagers locked out"
    else:
        intake = "Progressive wagers open"
    lit = ""
    if lit_seats:
        lit = f"Light on at seat{'s' if len(lit_seats) > 1 else ''} {', '.join(map(str, lit_seats))}"
    return {"sign": sign, "meter": meter, "notes": notes, "lit": lit, "intake": intake, "paytable": None}


def inventory_container(progressive: Mapping[str, Any], wagers: list[int]) -> dict[str, Any]:
    """The table inventory container and, once collected and until dropped, the progressive chips in front of it."""
    in_front = progressive["collected"] and not progressive["dropped"]
    return {
        "chips": [chip(amount) for amount in wagers] if in_front else [],
        "dropped": progressive["dropped"],
        "count": len(wagers),
    }


BettingAreas = tuple[tuple[str, tuple[str, ...]], ...]
"""The betting areas at each position of a layout, by row: ``(("main", ("pai-gow",)), ("bonus", (...)), ...)``."""


def betting_areas(rules: TableRules) -> BettingAreas:
    """The betting areas at each position of this layout, by row: the game, its bonuses and the dice wagers."""
    bonus = ["tiger-9"] if rules.tiger_nine_offered else []
    bonus += ["fortune"] if rules.fortune_paytable is not None else []
    bonus += ["progressive"] if rules.progressive_wager_offered else []
    dice = ["sum"] if rules.sum_paytable is not None else []
    dice += [f"match-{number}" for number in range(1, 7)] if rules.match_offered else []
    dice += ["beat-it"] if rules.beat_it_paytable is not None else []
    return (("main", ("pai-gow",)), ("bonus", tuple(bonus)), ("dice", tuple(dice)))


@dataclass(frozen=True)
class PaiGowFixtures:
    """What a Pai Gow Poker table shows whatever the round: its betting areas, its shaker and its jackpot's sign."""

    rules: Mapping[str, Any]
    """The rules these were read from, as the snapshot carries them."""
    areas: BettingAreas
    manual_shaker: bool
    jackpot_sign: dict[str, Any] | None


PAI_GOW_FIXTURES: dict[int, PaiGowFixtures] = {}
"""The fixtures last read for each Pai Gow Poker table, by table id."""


def pai_gow_fixtures(snapshot: TableSnapshot) -> PaiGowFixtures:
    """The fixtures of the snapshot's table, read again from its rules only when they are not the ones last read."""
    fixtures = PAI_GOW_FIXTURES.get(snapshot.table_id)
    if fixtures is None or fixtures.rules != snapshot.rules:
        rules = TableRules.from_json(snapshot.rules)
        paytable = rules.progressive_paytable
        fixtures = PaiGowFixtures(
            snapshot.rules,
            betting_areas(rules),
            rules.shaker is ShakerType.MANUAL,
            jackpot_sign(paytable) if paytable else None,
        )
        PAI_GOW_FIXTURES[snapshot.table_id] = fixtures
    return fixtures


def seat_context(
    number: int, seat: Mapping[str, Any], areas: BettingAreas, lit: bool, view: Mapping[str, Any]
) -> dict[str, Any]:
    """One position on the felt: its betting areas with chips and settlements, its stack, its hand and its badges.

    ``lit`` is the Mystery Bonus light; the Progressive Payout area's one light is also on while a progressive
    win on the player's hand waits to be paid.
    """
    wagers = seat["wagers"]
    settled = seat["settled"]
    progressive_paid = seat["progressive_paid"]
    envy = settled.get("envy")
    return {
        "number": number,
        "pick_button": seat_pick(number),
        "occupied": bool(wagers),
        "rows": seat_rows(
            number,
            areas,
            tuple(wagers.items()),
            tuple((spot, settlement["settlement"], settlement["amount"]) for spot, settlement in settled.items()),
            (progressive_paid["amount"], progressive_paid["hand"]) if progressive_paid else None,
            lit or seat["progressive_lit"],
        ),
        "envy_paid": chip(envy["amount"]) if envy else None,
        "commission": format_cents(seat["commission"]) if seat.get("commission") else None,
        "lammer": seat["lammer"],
        "stack": seat["stack"],
        "hand_set": seat["hand_set"],
        "high": hand_html(seat["high"]),
        "low": hand_html(seat["low"]),
        "cards_held": seat["cards_held"],
        "starting": view["starting_place"] == number,
        "shaker": view["shaker_seat"] == number,
    }


@lru_cache(maxsize=4096)
def seat_rows(
    number: int,
    areas: BettingAreas,
    wagers: tuple[tuple[str, int], ...],
    settlements: tuple[tuple[str, str, int], ...],
    progressive_paid: tuple[int, str] | None,
    progressive_lit: bool,
) -> tuple[tuple[str, Markup], ...]:
    """A position's betting areas, each row's drawn together once for each state they can be in: (row, markup) pairs.

    ``wagers`` are (spot, amount) pairs, ``settlements`` (spot, settlement, amount) triples and
    ``progressive_paid`` the (amount, hand) of a progressive win paid on the player's hand.
    """
    wagered = dict(wagers)
    settled = {spot: (settlement, amount) for spot, settlement, amount in settlements}

    def pai_gow_area(spot: str) -> Markup:
        if spot == "progressive":
            return area(
                number,
                spot,
                SPOT_LABELS[spot],
                SPOT_LABELS[spot],
                wagered.get(spot),
                settlement="pay" if progressive_paid else None,
                paid=progressive_paid[0] if progressive_paid else None,
                light=progressive_lit,
                note=progressive_paid[1] if progressive_paid else "",
            )
        settlement, amount = settled.get(spot, (None, None))
        return area(
            number,
            spot,
            SPOT_LABELS[spot],
            spot.removeprefix("match-") if spot.startswith("match-") else SPOT_LABELS[spot],
            wagered.get(spot),
            settlement=settlement,
            paid=amount if settlement == "pay" else None,
        )

    return tuple((row, Markup("\n".join(pai_gow_area(spot) for spot in spots))) for row, spots in areas)


def felt_context(snapshot: TableSnapshot, viewer: Viewer) -> dict[str, Any]:
    """The Pai Gow Poker felt as the templates draw it, from the round's public table view."""
    view = snapshot.view
    fixtures = pai_gow_fixtures(snapshot)
    progressive = view["progressive"]
    mystery = progressive["meter"] if progressive else None
    lit_seat = mystery["lit_seat"] if mystery else None
    displays = []
    if mystery:
        displays.append(
            progressive_display(
                "Must-Hit-By Mystery Bonus offered",
                mystery["display"],
                [f"Configuration {mystery['configuration']} · {MYSTERY_SECTION}(b)"],
                [lit_seat] if lit_seat else [],
                progressive,
            )
        )
    if progressive and progressive["jackpot"] and fixtures.jackpot_sign:
        shows_intake = not displays
        displays.append(jackpot_display(fixtures.jackpot_sign, progressive, shows_intake))
    dice = view["dice"]
    dealer = view["dealer"]
    pick = viewer is Viewer.TRAINEE and dealer["high"] is None and bool(dealer["cards"])
    return {
        "title": {"game": view["game"], "no_more_bets": view["no_more_bets"]},
        "seats": [seat_context(n, view["seats"][str(n)], fixtures.areas, n == lit_seat, view) for n in range(1, 7)],
        "shaker": {
            "manual": fixtures.manual_shaker,
            "dice": {"red": dice[0], "blue": dice[1:]} if dice else None,
            "announced": view["dice_announced"],
        },
        "dealer": {
            "stack": dealer["stack"],
            "cards": card_faces(dealer["cards"]),
            "high": hand_html(dealer["high"]),
            "low": hand_html(dealer["low"]),
            "tiger_nine": dealer["tiger_nine"],
            "set": dealer["high"] is not None,
            "starting": view["starting_place"] == 0,
            "pick": pick,
        },
        "displays": numbered_displays(displays),
        "discards": [
            *([{"label": "stub", "title": "The four-card stub"}] if view["stub_discarded"] else []),
            *([{"label": "all 53", "title": "Every card, accounted for"}] if view["finished"] else []),
        ],
        "finished": view["finished"],
    }


def numbered_displays(displays: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The felt's progressive displays, each with the element id it is redrawn by."""
    return [display | {"id": f"felt-display-{number}"} for number, display in enumerate(displays, start=1)]


def jackpot_sign(paytable: ProgressivePaytable) -> dict[str, Any]:
    """What the progressive jackpot's display always shows: the seed and the rate, and the paytable."""
    rate = f"{(paytable.rate * 100).normalize():f}%"
    note = f"Seeds at {format_cents(paytable.seed_amount)} · {rate} of each {format_cents(paytable.wager)} wager"
    return {"notes": [note], "paytable": {"name": paytable.name, "lines": paytable.lines()}}


def jackpot_display(sign: Mapping[str, Any], progressive: Mapping[str, Any], shows_intake: bool) -> dict[str, Any]:
    """The progressive jackpot meter's display beside the Mystery Bonus one: meter, seed and rate, lights, paytable."""
    jackpot = progressive["jackpot"]
    display = progressive_display(
        "Progressive Payout jackpot", jackpot["display"], sign["notes"], jackpot["lit_seats"], progressive
    )
    return display | {"intake": display["intake"] if shows_intake else "", "paytable": sign["paytable"]}


def shown_steps(rules: TableRules, steps: frozenset[str]) -> frozenset[str]:
    """The dealer steps of Pai Gow Poker (``steps``) these rules can ever ask for: no control that cannot apply."""
    hidden = {"select_shaker_player"} if rules.shaker is ShakerType.MANUAL else {"shake_shaker", "uncover_shaker"}
    hidden |= {"collect_commission"} if rules.commission_free else {"declare_tiger_nine"}
    hidden |= {"place_envy_lammers"} if rules.fortune_paytable is None else set()
    hidden |= {"reset_fouled_hand"} if rules.foul_rule is not FoulRule.RESET_BY_HOUSE_WAY else set()
    hidden |= set() if rules.progressive_wager_offered else set(PROGRESSIVE_INTAKE_STEPS)
    hidden |= set() if rules.mystery is not None else {step for step in DEALER_STEPS if "mystery" in step}
    hidden |= set() if rules.progressive_paytable is not None else set(PROGRESSIVE_WIN_STEPS)
    return steps - hidden


def buttons(steps: frozenset[str]) -> dict[str, dict[str, str]]:
    """A button for each of ``steps``, by step name: the step, its label and its keyboard key."""
    return {
        step: {"step": step, "label": control.label, "key": control.key}
        for step, control in DEALER_STEPS.items()
        if step in steps
    }


def controls_context(snapshot: TableSnapshot) -> dict[str, Any]:
    """The Pai Gow Poker control panel: a button per step this table can ask for, and the choices its forms offer."""
    rules = TableRules.from_json(snapshot.rules)
    spots = [spot for _row, row_spots in betting_areas(rules) for spot in row_spots]
    spots += ["envy"] if rules.fortune_paytable else []
    return {
        "buttons": buttons(shown_steps(rules, snapshot.dealer_steps)),
        "seats": range(1, 7),
        "dice_values": range(1, 7),
        "spots": [(spot, SPOT_LABELS[spot]) for spot in spots],
        "sources": [source.value for source in PaymentSource],
        "hands": [hand for hand, _award in rules.progressive_paytable.lines()] if rules.progressive_paytable else [],
    }


def pai_gow_house_options(snapshot: TableSnapshot) -> list[HouseOption]:
    """The Pai Gow Poker table's options that fill gaps in the regulation."""
    return house_options(TableRules.from_json(snapshot.rules))


# ----- the other MHB games' tables -----


def short_wager_name(name: str) -> str:
    """A wager's name as a small betting area prints it: "Three-Card Progressive Payout wager" -> "Three-Card"."""
    short = name.removesuffix(" wager").removesuffix(" Payout").removesuffix(" Progressive")
    return short or name


def mystery_seat_context(number: int, seat: Mapping[str, Any] | None, view: Mapping[str, Any]) -> dict[str, Any]:
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


def mystery_felt_context(snapshot: TableSnapshot, viewer: Viewer) -> dict[str, Any]:
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


def mystery_controls_context(snapshot: TableSnapshot) -> dict[str, Any]:
    """The control panel at an MHB game's table: the progressive procedure's steps."""
    return {
        "buttons": buttons(snapshot.dealer_steps),
        "seats": range(1, 7),
        "sources": [source.value for source in PaymentSource],
    }


def mystery_house_options(snapshot: TableSnapshot) -> list[HouseOption]:
    """The options of an MHB game's table that fill gaps in the regulation."""
    rules = rules_from_json(snapshot.rules)
    return [
        HouseOption(
            "payment source", rules.payment_source.value, PaymentSource.TABLE_INVENTORY.value, PAYMENT_SOURCE_OPTION
        ),
        HouseOption(
            "award rounding", f"{rules.award_rounding.value} to the cent", "up to the cent", AWARD_ROUNDING_OPTION
        ),
        HouseOption("hit value draw", "whole cents, the minimum up to the maximum", "the same", HIT_VALUE_DRAW),
        HouseOption("contribution order", "seat 1 first", "seat 1 first", CONTRIBUTION_ORDER),
        HouseOption("contributions after a hit", "onto the reset meter", "the same", CONTRIBUTIONS_AFTER_HIT),
        HouseOption("positions", "six", "six", SEATS_CITATION),
        HouseOption("base game", "dealt by the engine", "the same", BASE_GAME),
    ]


# ----- Down Under Blackjack with Match the Dealer -----

BLACKJACK_RESULTS = {"blackjack": "pay", "win": "pay", "push": "push", "lose": "collect"}
"""How the engine's Down Under Blackjack result settles the wager on the felt."""


def down_under_seat_context(number: int, seat: Mapping[str, Any] | None, view: Mapping[str, Any]) -> dict[str, Any]:
    """One position at Down Under Blackjack: the face-up cards, both wagers, the light and the results."""
    if seat is None:
        return {
            "number": number,
            "pick_button": seat_pick(number),
            "occupied": False,
            "cards": hand_html(None),
            "cards_held": False,
        }
    progressive = view["progressive"]
    result = seat["result"]
    match = seat["match"]
    collected = progressive["collected"]
    match_area = None
    if seat["match_wager"]:
        match_area = area(
            number,
            "match-the-dealer",
            "Match the Dealer Progressive wager",
            "Match the Dealer",
            None if collected else seat["match_wager"],
            settlement={"lost": "collect", "paid": "pay"}.get(match["status"]),
            paid=match.get("amount"),
            light=seat["lit"],
            note=match.get("combination", "in the container" if collected and match["status"] == "in play" else ""),
        )
    return {
        "number": number,
        "pick_button": seat_pick(number),
        "occupied": True,
        "cards": hand_html(seat["cards"]),
        "total": seat["total"],
        "blackjack": area(
            number,
            "blackjack",
            "Down Under Blackjack wager",
            "Blackjack",
            seat["blackjack_wager"],
            settlement=BLACKJACK_RESULTS[result["result"]] if result else None,
            paid=result["net"] if result and result["net"] > 0 else None,
            note="blackjack" if result and result["result"] == "blackjack" else "",
        ),
        "match": match_area,
        "cards_held": seat["cards_held"],
    }


def down_under_felt_context(snapshot: TableSnapshot, viewer: Viewer) -> dict[str, Any]:
    """The Down Under Blackjack felt: positions, the dealer's cards, the Match the Dealer display and paytable."""
    view = snapshot.view
    rules = DownUnderTable.from_json(snapshot.rules)
    progressive = view["progressive"]
    paytable = match_paytable(rules.decks, rules.paytable)
    dealer = view["dealer"]
    wagers = [seat["match_wager"] for seat in view["seats"].values() if seat is not None and seat["match_wager"]]
    display = progressive_display(
        "Match the Dealer Progressive",
        progressive["meter"]["display"],
        [f"{format_cents(rules.match_wager).removesuffix('.00')} wager · {view['section']}(j)"],
        progressive["lit_seats"],
        progressive,
    )
    return {
        "title": {"game": view["game"], "no_more_bets": view["no_more_bets"]},
        "finished": view["finished"],
        "seats": [down_under_seat_context(number, view["seats"][str(number)], view) for number in range(1, 7)],
        "dealer": {
            "cards": hand_html(dealer["cards"]),
            "hole_card_down": dealer["hole_card_down"],
            "total": dealer["total"],
            "paytable": {
                "name": str(paytable),
                "lines": [(combination.value, str(payout)) for combination, payout in paytable.payouts.items()],
            },
        },
        "displays": numbered_displays([display]),
        "container": inventory_container(progressive, wagers),
        "discards": [
            *([{"label": "burn", "title": "The burn card, unexposed"}] if view["burned"] else []),
            *([{"label": "all cards", "title": "The round's cards, picked up"}] if view["cards_picked_up"] else []),
        ],
    }


def down_under_controls_context(snapshot: TableSnapshot) -> dict[str, Any]:
    """The control panel at Down Under Blackjack: the deal and the Match the Dealer settlement."""
    return {
        "buttons": buttons(snapshot.dealer_steps),
        "seats": range(1, 7),
        "hands": [combination.value for combination in MatchCombination],
        "sources": [source.value for source in PaymentSource],
    }


def down_under_house_options(snapshot: TableSnapshot) -> list[HouseOption]:
    """The Down Under Blackjack table's readings and options that fill gaps in the regulation."""
    rules = DownUnderTable.from_json(snapshot.rules)
    defaults = DownUnderTable()
    return [
        HouseOption(
            "secondary incrementation rate",
            rules.secondary_reading.value,
            defaults.secondary_reading.value,
            SECONDARY_READING_RULES[rules.secondary_reading],
        ),
        HouseOption(
            "wager amount",
            format_cents(rules.match_wager),
            format_cents(defaults.match_wager),
            ONE_AMOUNT_PER_TABLE_RULE,
        ),
        HouseOption("stake", "not returned on a win", "the same", STAKE_RULE),
        HouseOption(
            "meter award rounding", rules.award_rounding.value, defaults.award_rounding.value, AWARD_ROUNDING_RULE
        ),
        HouseOption("settlement order", "losing wagers first, seat by seat", "the same", SETTLEMENT_ORDER),
        HouseOption("the blackjack hand", "completed by the engine", "the same", AUTOMATED_HAND),
    ]


# ----- every game's layout -----


class Region(NamedTuple):
    """A part of the table page with its own element id, drawn by one template from everything that template reads.

    A frame redraws a region only when its context differs from the one last sent on the connection, unless
    ``redraw`` is set: then the region holds the trainee's own inputs, which every answer clears, as a page drawn
    afresh would. A region with ``parts`` (the felt) is redrawn whole only when its ``shell`` changes; otherwise
    each part is redrawn on its own. (A named tuple: a frame builds a score of them, and a tuple is built fastest.)
    """

    element_id: str
    template: str
    context: dict[str, Any]
    redraw: bool = False
    parts: tuple[Region, ...] = ()
    shell: Any = None


def title_region(felt: Mapping[str, Any]) -> Region:
    """The felt's title: the game and whether bets are still open."""
    return Region("felt-title", "trainer/_felt_title.html", {"title": felt["title"]})


def seat_regions(felt: Mapping[str, Any], template: str) -> list[Region]:
    """The six positions of a felt, each drawn by the game's position template."""
    return [Region(f"felt-seat-{seat['number']}", template, {"seat": seat}) for seat in felt["seats"]]


def display_regions(felt: Mapping[str, Any]) -> list[Region]:
    """The felt's progressive displays."""
    return [
        Region(display["id"], "trainer/_progressive_display.html", {"display": display}) for display in felt["displays"]
    ]


def pai_gow_regions(felt: Mapping[str, Any]) -> list[Region]:
    """The parts of the Pai Gow Poker felt: positions, shaker, dealer's place, displays and discard rack."""
    dealer = felt["dealer"]
    return [
        title_region(felt),
        *seat_regions(felt, "trainer/_position.html"),
        Region("felt-shaker", "trainer/_shaker.html", {"shaker": felt["shaker"]}),
        Region("felt-dealer", "trainer/_dealer_pai_gow.html", {"dealer": dealer}, redraw=dealer["pick"]),
        *display_regions(felt),
        Region("felt-discards", "trainer/_discard_rack.html", {"discards": felt["discards"]}),
    ]


def mystery_regions(felt: Mapping[str, Any]) -> list[Region]:
    """The parts of an MHB game's felt: positions, inventory container, the base game's note and the display."""
    return [
        title_region(felt),
        *seat_regions(felt, "trainer/_position_mystery.html"),
        Region("felt-container", "trainer/_inventory_container.html", {"container": felt["container"]}),
        Region("felt-base-game", "trainer/_base_game.html", {"base_game": felt["base_game"]}),
        *display_regions(felt),
    ]


def down_under_regions(felt: Mapping[str, Any]) -> list[Region]:
    """The parts of the Down Under Blackjack felt: positions, container, dealer's place, display and discard rack."""
    return [
        title_region(felt),
        *seat_regions(felt, "trainer/_position_down_under.html"),
        Region("felt-container", "trainer/_inventory_container.html", {"container": felt["container"]}),
        Region("felt-dealer", "trainer/_dealer_down_under.html", {"dealer": felt["dealer"]}),
        *display_regions(felt),
        Region("felt-discards", "trainer/_discard_rack.html", {"discards": felt["discards"]}),
    ]


@dataclass(frozen=True)
class Layout:
    """How one game's table is drawn: its felt, the felt's parts, its controls and its house options."""

    felt_template: str
    felt: Callable[[TableSnapshot, Viewer], dict[str, Any]]
    regions: Callable[[Mapping[str, Any]], list[Region]]
    controls_template: str
    controls: Callable[[TableSnapshot], dict[str, Any]]
    house_options: Callable[[TableSnapshot], list[HouseOption]]


MYSTERY_TABLE_LAYOUT = Layout(
    "trainer/_felt_mystery.html",
    mystery_felt_context,
    mystery_regions,
    "trainer/_controls_mystery_table.html",
    mystery_controls_context,
    mystery_house_options,
)

LAYOUTS: Mapping[str, Layout] = {
    PAI_GOW_POKER: Layout(
        "trainer/_felt_pai_gow.html",
        felt_context,
        pai_gow_regions,
        "trainer/_controls_pai_gow.html",
        controls_context,
        pai_gow_house_options,
    ),
    DOWN_UNDER_BLACKJACK: Layout(
        "trainer/_felt_down_under.html",
        down_under_felt_context,
        down_under_regions,
        "trainer/_controls_down_under.html",
        down_under_controls_context,
        down_under_house_options,
    ),
    **{key: MYSTERY_TABLE_LAYOUT for key in MYSTERY_GAMES if key != PAI_GOW_POKER},
}
"""Each game key's layout."""


FLOORPERSON_PROMPTS = {
    "validate_mystery_payout": (
        "The dealer has confirmed the Mystery Bonus light at seat {seat}. Check the light and the meter, then "
        "validate the payout.",
        "Validate the payout at seat {seat}",
        "Waiting for the floorperson to validate the payout at seat {seat}",
    ),
    "validate_progressive_payout": (
        "The dealer has confirmed the winning hand and the progressive light at seat {seat}. Check the cards, the "
        "light and the paytable, then validate the payout.",
        "Validate the payout at seat {seat}",
        "Waiting for the floorperson to validate the payout at seat {seat}",
    ),
    "complete_jackpot_paperwork": (
        "Seat {seat} was paid a share of the meter by progressive jackpot slip; the player's cards stay on the table "
        "until the paperwork is complete.",
        "Complete the jackpot paperwork for seat {seat}",
        "Waiting for the floorperson to complete the jackpot paperwork for seat {seat}",
    ),
}
"""For each floorperson step: what the instructor is asked to check, the button, and what the status bar says."""


def floorperson_context(snapshot: TableSnapshot) -> dict[str, str] | None:
    """The floorperson's step the table waits for, in words, or None."""
    if snapshot.validation_step is None:
        return None
    prompt, button, waiting = FLOORPERSON_PROMPTS[snapshot.validation_step]
    seat = snapshot.validation_seat
    return {
        "step": snapshot.validation_step,
        "seat": str(seat),
        "prompt": prompt.format(seat=seat),
        "button": button.format(seat=seat),
        "waiting": waiting.format(seat=seat),
    }


def citation_context(citation: Citation) -> dict[str, str]:
    """A rule as the trainee reads it: its clause, and its markup wherever a page or a frame prints the rule."""
    return {"clause": citation.clause, "html": citation_html(citation)}


@lru_cache(maxsize=512)
def citation_html(citation: Citation) -> Markup:
    """A rule's markup: clause, provenance label (seed, inferred or house) and text, drawn once for each rule."""
    drawn = {
        "clause": citation.clause,
        "provenance": PROVENANCE_LABELS[citation.provenance],
        "provenance_text": citation.provenance.value,
        "text": citation.text,
    }
    return render("trainer/_citation.html", {"citation": drawn})


def graded_context(graded: GradedStep) -> dict[str, Any]:
    """A graded step as the feedback panel, the score card and the instructor list show it."""
    return {
        "number": graded.number,
        "correct": graded.correct,
        "did": describe_step(graded.step, graded.arguments),
        "expected": graded.expected_description,
        "message": graded.message,
        "severity": graded.severity.value if graded.severity else None,
        "citation": citation_context(graded.citation),
        "seconds": f"{graded.elapsed_ms / 1000:.1f}",
    }


def score_card_context(score_card: ScoreCard) -> dict[str, Any]:
    """The end-of-round score card."""
    return {
        "steps": score_card.steps,
        "correct": score_card.correct,
        "attempts": score_card.attempts,
        "accuracy": score_card.accuracy_text,
        "critical_errors": score_card.critical_errors,
        "minutes": f"{score_card.total_ms // 60000}:{score_card.total_ms // 1000 % 60:02d}",
        "passed": score_card.passed,
        "errors": [graded_context(error) for error in score_card.errors],
    }


def feedback_context(snapshot: TableSnapshot, viewer: Viewer, reply: StepReply | None, error: str) -> dict[str, Any]:
    """The feedback panel: the grade at once in practice, only "recorded" in an exam, or a notice or error."""
    graded = reply.graded if reply else None
    if graded is None and reply is None and not error and snapshot.graded_steps:
        graded = snapshot.graded_steps[-1]
    exam = snapshot.mode == Mode.EXAM
    silent = viewer is Viewer.TRAINEE and exam and not snapshot.finished
    return {
        "error": error,
        "notice": reply.notice.value if reply and reply.notice else "",
        "graded": graded_context(graded) if graded and not silent else None,
        "recorded": bool(graded) and silent,
        "exam": exam,
    }


def error_feedback(message: str) -> dict[str, Any]:
    """The feedback panel holding only an error: the frame could not be read, and the table is unchanged."""
    return {"error": message, "notice": "", "graded": None, "recorded": False, "exam": False}


def status_context(snapshot: TableSnapshot, viewer: Viewer) -> dict[str, Any]:
    """The status bar: the table, the mode, who deals (for a watcher) and whether the round waits or is over."""
    floorperson = floorperson_context(snapshot)
    return {
        "table_name": snapshot.table_name,
        "mode": snapshot.mode.value,
        "trainee": snapshot.trainee if viewer is Viewer.INSTRUCTOR else "",
        "finished": snapshot.finished,
        "accuracy": snapshot.score_card.accuracy_text if snapshot.score_card else "",
        "waiting": floorperson["waiting"] if floorperson else "",
    }


def house_option_context(option: HouseOption) -> dict[str, Any]:
    """A table option that fills a gap in the regulation, with the reason it is not law."""
    return {"name": option.name.replace("_", " "), "value": option.value, "citation": citation_context(option.citation)}


def table_regions(snapshot: TableSnapshot, viewer: Viewer, feedback: dict[str, Any]) -> list[Region]:
    """The regions of the viewer's table that a frame carries, in the order a frame carries them.

    The trainee sees the feedback and, at the end, the score card; an instructor sees the floorperson's panel and
    every graded step. The table log is hidden from a trainee in an exam until the round is over.
    """
    layout = LAYOUTS[snapshot.game]
    felt = layout.felt(snapshot, viewer) | {"template": layout.felt_template}
    sees_log = viewer is Viewer.INSTRUCTOR or snapshot.mode == Mode.PRACTICE or snapshot.finished
    hides_log = snapshot.mode == Mode.EXAM and viewer is Viewer.TRAINEE
    regions = [
        Region(
            "felt",
            "trainer/_felt.html",
            {"felt": felt},
            parts=tuple(layout.regions(felt)),
            shell=(felt["template"], felt["finished"]),
        ),
        Region("sequence", "trainer/_sequence.html", {"next_sequence": snapshot.sequence + 1}),
        Region("status", "trainer/_status.html", {"status": status_context(snapshot, viewer)}),
    ]
    log = Region(
        "table-log", "trainer/_table_log.html", {"log": snapshot.log if sees_log else (), "hides_log": hides_log}
    )
    if viewer is Viewer.TRAINEE:
        score_card = score_card_context(snapshot.score_card) if snapshot.score_card else None
        deal = {"table_id": snapshot.table_id, "mode": snapshot.mode.value}
        return [
            *regions,
            Region("feedback", "trainer/_feedback.html", {"feedback": feedback}),
            log,
            Region("score-card", "trainer/_score_card.html", {"score_card": score_card, "deal": deal}),
        ]
    floorperson = {
        "floorperson": floorperson_context(snapshot),
        "instructor_validates": snapshot.floorperson == Floorperson.INSTRUCTOR,
    }
    graded_steps = [graded_context(step) for step in snapshot.graded_steps]
    return [
        *regions,
        Region("floorperson", "trainer/_floorperson.html", floorperson),
        Region("graded-steps", "trainer/_graded_steps.html", {"graded_steps": graded_steps}),
        log,
    ]


def page_context(snapshot: TableSnapshot, viewer: Viewer) -> dict[str, Any]:
    """Everything the table page draws: the controls, the house rules and every region of the viewer's table.

    The regions come already drawn, as a new connection's first frame draws them, by their element ids written
    with underscores (``regions.score_card``).
    """
    layout = LAYOUTS[snapshot.game]
    regions = table_regions(snapshot, viewer, feedback_context(snapshot, viewer, None, ""))
    return {
        "snapshot": snapshot,
        "viewer": viewer.value,
        "controls": layout.controls(snapshot) | {"template": layout.controls_template},
        "house_options": [house_option_context(option) for option in layout.house_options(snapshot)],
        "regions": {region.element_id.replace("-", "_"): render_region(region, oob=False) for region in regions},
    }


def render_region(region: Region, *, oob: bool) -> Markup:
    """A region's HTML; in a frame (``oob``) marked for htmx to swap it out of band by its id."""
    return render(region.template, region.context | {"oob": oob})


class TableFrames:
    """The WebSocket frames of one connection: the first draws the viewer's whole table, each later one what changed.

    It remembers the context of every region it has sent, so a frame redraws only the regions whose context
    changed (and those that must be redrawn), and it adds the new steps to the table log instead of drawing the
    log again. A new connection starts a new ``TableFrames``, so a reload or a reconnection gets the whole table.
    """

    def __init__(self, viewer: Viewer) -> None:
        """Nothing sent yet to this viewer."""
        self.viewer = viewer
        self.sent: dict[str, Any] = {}

    def table(self, snapshot: TableSnapshot, reply: StepReply | None = None) -> str:
        """The frame that brings this viewer's table to ``snapshot``; the feedback is redrawn for every reply."""
        feedback = feedback_context(snapshot, self.viewer, reply, "")
        html: list[str] = []
        for region in table_regions(snapshot, self.viewer, feedback):
            if region.element_id == "feedback" and reply is not None:
                region = region._replace(redraw=True)
            html += self._log(region) if region.element_id == "table-log" else self._draw(region)
        return "".join(html)

    def error(self, message: str) -> str:
        """A frame holding only an error in the feedback panel: the table is unchanged."""
        return "".join(self._draw(Region("feedback", "trainer/_feedback.html", {"feedback": error_feedback(message)})))

    def _remember(self, region: Region) -> None:
        """Note a region (and every part of it) as sent."""
        self.sent[region.element_id] = region.shell if region.parts else region.context
        for part in region.parts:
            self._remember(part)

    def _draw(self, region: Region) -> list[str]:
        """The region if it changed, else whichever of its parts changed."""
        drawn = region.shell if region.parts else region.context
        if region.redraw or self.sent.get(region.element_id) != drawn:
            self._remember(region)
            return [render_region(region, oob=True)]
        return [html for part in region.parts for html in self._draw(part)]

    def _log(self, region: Region) -> list[str]:
        """The table log: the new entries only, newest first, when the log already shown is a beginning of it."""
        shown = self.sent.get("table-log")
        entries = region.context["log"]
        if shown is None or not shown["log"]:
            return self._draw(region)
        count = len(shown["log"])
        if len(entries) <= count or entries[:count] != shown["log"]:
            return self._draw(region)
        self._remember(region)
        return [render("trainer/_table_log_entries.html", {"log": entries[count:]})]
