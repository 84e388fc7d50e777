"""The Pai Gow Poker table: its betting areas, felt, controls and the parts of the felt a frame redraws."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache, partial
from typing import Any, TypedDict

from markupsafe import Markup

from simulator.core.cards import format_cards, parse_cards
from simulator.core.chips import Rack
from simulator.core.json_values import json_int, json_str
from simulator.core.money import format_cents
from simulator.dice.wagers import beat_it_paytable, match_paytable, sum_paytable
from simulator.pai_gow.fortune import FortuneHand
from simulator.pai_gow.progressive import ProgressivePaytable
from simulator.pai_gow.round import (
    FELT_NAMES,
    JackpotDisplayView,
    PaiGowDealerView,
    PaiGowProgressiveView,
    PaiGowRound,
    PaiGowSeatView,
    PaiGowView,
    SettledWagerView,
)
from simulator.pai_gow.rules import MYSTERY_SECTION, ShakerType, TableRules
from simulator.pai_gow.settlement import TIGER_NINE_ODDS, TIGER_NINE_PAYS
from trainer.controls import (
    MYSTERY_BONUS_CONTROLS,
    OPENING_CONTROLS,
    PROGRESSIVE_INTAKE_CONTROLS,
    StepControl,
    StepControls,
    YesNoField,
    amount_field,
    cards_field,
    count_field,
    die_field,
    place_field,
    progressive_win_controls,
    seat_field,
    seats_field,
    settlement_controls,
)
from trainer.felt import (
    SETTLEMENTS,
    WAGER_MOVES,
    CardFace,
    Chip,
    Controls,
    Discard,
    Felt,
    InventoryContainer,
    Paytable,
    ProgressiveDisplay,
    Region,
    Seat,
    SeatCash,
    TableDescription,
    area,
    as_counted,
    card_faces,
    chip,
    chooses_places,
    discard_rack,
    display_regions,
    drawn_seat,
    felt_title,
    hand_html,
    inventory_container,
    moved,
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
from trainer.felt_signs import Sign, dice_sign, mystery_sign, signs_html
from trainer.snapshots import DoneStep, TableSnapshot, Viewer
from trainer.submission_answers import filing_label

SPOT_LABELS = {**FELT_NAMES, "envy": "Envy"}
"""Each betting area by its name on the felt, and the Envy Bonus a Fortune Bonus wager earns."""


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


class JackpotSign(TypedDict):
    """What the progressive jackpot's display always shows: its notes (seed, rate, filing) and its paytable."""

    notes: list[str]
    paytable: Paytable


class PaiGowSeat(Seat):
    """A Pai Gow Poker position: its rows of betting areas, the Envy award, commission, lammer, stack, hand, badges."""

    rows: tuple[tuple[str, Markup], ...]
    envy_paid: Chip | None
    commission: str | None
    lammer: bool
    stack: bool
    hand_set: bool
    high: Markup
    low: Markup
    reset: bool
    cards_held: bool
    starting: bool
    shaker: bool


class ShakerDice(TypedDict):
    """The dice as the shaker shows them once uncovered: the red die and the two blue ones."""

    red: int
    blue: list[int]


class Shaker(TypedDict):
    """The dice shaker: whether the dealer shakes it by hand, the dice once uncovered and whether they are announced."""

    manual: bool
    dice: ShakerDice | None
    announced: bool
    call: str
    """The dice as the dealer called them once announced (a watched round's call as it was made), else empty."""


class PaiGowDealer(TypedDict):
    """The dealer's place: stack, cards, the set hand, Tiger 9, the starting badge, whether the low hand is picked."""

    stack: bool
    cards: tuple[CardFace, ...]
    high: Markup
    low: Markup
    tiger_nine: bool | None
    set: bool
    starting: bool
    pick: bool


class PaiGowControls(Controls):
    """The choices the Pai Gow Poker control panel offers: the dice, the layout's areas and the paytable's hands."""

    dice_values: range
    spots: list[tuple[str, str]]
    hands: list[str]


class PaiGowFelt(Felt[PaiGowSeat]):
    """The Pai Gow Poker felt: the positions, the shaker, the dealer's place, any container and the discard rack."""

    shaker: Shaker
    dealer: PaiGowDealer
    container: InventoryContainer | None
    discards: list[Discard]


@dataclass(frozen=True)
class PaiGowFixtures:
    """What a Pai Gow Poker table shows whatever the round: its betting areas, its shaker and its jackpot's sign."""

    rules: Mapping[str, Any]
    """The rules these were read from, as the snapshot carries them."""
    areas: BettingAreas
    manual_shaker: bool
    jackpot_sign: JackpotSign | None
    paytable_signs: Markup


PAI_GOW_FIXTURES: dict[int, PaiGowFixtures] = {}
"""The fixtures last read for each Pai Gow Poker table, by table id."""


def pai_gow_fixtures(snapshot: TableSnapshot[PaiGowView]) -> PaiGowFixtures:
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
            signs_html(paytable_signs(rules)),
        )
        PAI_GOW_FIXTURES[snapshot.table_id] = fixtures
    return fixtures


def paytable_signs(rules: TableRules) -> list[Sign]:
    """The signs of the wagers this table offers: Tiger 9, Fortune and Envy, Sum, Match, Beat It and the Mystery Bonus.

    The progressive paytable is posted with its jackpot display's notes (:func:`trainer.felt.posted`).
    """
    signs = []
    if rules.tiger_nine_offered:
        tiger_nine = ("Dealer's low hand a Tiger 9 (9-high)", str(TIGER_NINE_ODDS))
        way = rules.house_way
        edge = f"House edge not computed yet: it turns on how the {way} house way sets the dealer's low hand."
        signs.append(Sign("Tiger 9", TIGER_NINE_PAYS, ("Hand", "Pays"), (tiger_nine,), edge))
    fortune = rules.fortune_paytable
    if fortune is not None:
        pays = tuple((hand.value, str(odds)) for hand, odds in fortune.pays.items())
        envy = tuple((hand.value, format_cents(amount)) for hand, amount in fortune.envy.items())
        signs.append(Sign(f"Fortune Bonus: {fortune.name}", fortune.citation, ("Hand", "Pays"), pays))
        signs.append(Sign(f"Envy Bonus: {fortune.name}", fortune.citation, ("Another player's hand", "Pays"), envy))
    if rules.sum_paytable is not None:
        signs.append(dice_sign(sum_paytable(rules.sum_paytable)))
    if rules.match_offered:
        signs.append(dice_sign(match_paytable(1), "Match (two or three dice showing the area's number)"))
    if rules.beat_it_paytable is not None:
        signs.append(dice_sign(beat_it_paytable(rules.beat_it_paytable)))
    if rules.mystery is not None:
        signs.append(mystery_sign(rules.mystery, MYSTERY_SECTION))
    return signs


def pai_gow_seat(
    table_id: int, number: int, view: PaiGowView, areas: BettingAreas, lit: bool, viewer: Viewer, rack: Rack
) -> PaiGowSeat:
    """One position on the felt, built again only when what it is built from changed (:func:`drawn_seat`)."""
    progressive = view["progressive"]
    collected = bool(progressive and progressive["collected"])
    seat = view["seats"][str(number)]
    starting, shaker = view["starting_place"] == number, view["shaker_seat"] == number
    inputs = (seat, areas, lit, collected, starting, shaker, seat_cash(view["cash"], number), rack)
    return drawn_seat(table_id, number, viewer, inputs, partial(seat_context, number, *inputs, viewer))


def seat_context(
    number: int,
    seat: PaiGowSeatView,
    areas: BettingAreas,
    lit: bool,
    collected: bool,
    starting: bool,
    shaker: bool,
    cash: SeatCash | None,
    rack: Rack,
    viewer: Viewer,
) -> PaiGowSeat:
    """One position on the felt: its betting areas with chips (in ``rack``'s colours), its stack, hand and badges.

    ``lit`` is the Mystery Bonus light; the Progressive Payout area's one light is also on while a progressive
    win on the player's hand waits to be paid. ``collected``: the progressive wagers have left the layout;
    ``starting`` and ``shaker``: the position takes the first stack, holds the shaker; ``cash``: a buy-in's bills or
    a leaving player's chips laid there.
    """
    wagers = seat["wagers"]
    on_the_layout = {spot: amount for spot, amount in wagers.items() if spot != "progressive" or not collected}
    settled = seat["settled"]
    progressive_paid = seat["progressive_paid"]
    envy = settled.get("envy")
    choosable = chooses_places(viewer)
    return {
        "number": number,
        "pick_button": seat_pick(number, choosable),
        "occupied": bool(wagers),
        "rows": seat_rows(
            number,
            areas,
            tuple(on_the_layout.items()),
            tuple((spot, settlement["settlement"], settlement["amount"]) for spot, settlement in settled.items()),
            (progressive_paid["amount"], progressive_paid["hand"]) if progressive_paid else None,
            lit or seat["progressive_lit"],
            choosable,
            rack,
        ),
        "envy_paid": chip(envy["amount"], rack) if envy else None,
        "commission": format_cents(seat["commission"]) if seat["commission"] else None,
        "lammer": seat["lammer"],
        "stack": seat["stack"],
        "hand_set": seat["hand_set"],
        "high": hand_html(seat["high"]),
        "low": hand_html(seat["low"]),
        "reset": seat["reset"],
        "cards_held": seat["cards_held"],
        "starting": starting,
        "shaker": shaker,
        "cash": cash,
    }


@lru_cache(maxsize=4096)
def seat_rows(
    number: int,
    areas: BettingAreas,
    wagers: tuple[tuple[str, int], ...],
    settlements: tuple[tuple[str, str, int], ...],
    progressive_paid: tuple[int, str] | None,
    progressive_lit: bool,
    choosable: bool,
    rack: Rack,
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
                rack=rack,
                choosable=choosable,
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
            rack=rack,
            choosable=choosable,
            settlement=settlement,
            paid=amount if settlement == "pay" else None,
        )

    return tuple((row, Markup("\n".join(pai_gow_area(spot) for spot in spots))) for row, spots in areas)


DRAWN_MONEY = frozenset({*SETTLEMENTS, "collect_commission", "count_cash", *WAGER_MOVES})
"""The steps at a seat the Pai Gow Poker felt draws as done: settlements, commissions, a buy-in's count and a player's
wager moves."""

DRAWN_AT_THE_DEALER = frozenset({"set_dealer_hand", "declare_tiger_nine"})
"""The dealer's steps a watched round's felt draws as done: the dealer's hand set and the Tiger 9 declared."""

DRAWN_DELIVERED = "deliver_stack"
"""The dealing step a watched round's felt draws as done: a stack delivered to a place, in whatever order."""


def as_dealt(view: PaiGowView, stood: tuple[DoneStep, ...]) -> PaiGowView:
    """The table view with each money slip that stood (or a watched round's fault) drawn as it was made.

    The settlement and amount on the due area, a commission and a buy-in's count are drawn as the trainee gave them (a
    settlement of another kind counts): an exam felt shows no right amount before the score card. A player's wager
    move drawn as done leaves its chips on the area; the dealer's hand set or Tiger 9 declared otherwise shows as it
    was done, and a stack delivered out of turn lies at its place.
    """
    stood = tuple(step for step in stood if step.step in DRAWN_MONEY | DRAWN_AT_THE_DEALER | {DRAWN_DELIVERED})
    if not stood:
        return view
    shown = view.copy()
    shown["cash"] = as_counted(view["cash"], stood)
    seats = shown["seats"] = {number: seat.copy() for number, seat in view["seats"].items()}
    for graded in stood:
        did = graded.arguments
        if graded.step in DRAWN_AT_THE_DEALER:
            shown["dealer"] = dealer_as_done(shown["dealer"], graded)
            continue
        if graded.step == DRAWN_DELIVERED:
            place = json_int(did["place"])
            if place == 0:
                shown["dealer"] = {**shown["dealer"], "stack": True}
            else:
                seats[str(place)] = {**seats[str(place)], "stack": True}
            continue
        seat = seats[str(json_int(did["seat"]))]
        if graded.step in WAGER_MOVES:
            seat["wagers"] = moved(seat["wagers"], graded)
        elif graded.step in SETTLEMENTS:
            amount = json_int(did.get("amount", 0))
            settled: SettledWagerView = {"settlement": SETTLEMENTS[graded.step], "amount": amount}
            seat["settled"] = {**seat["settled"], json_str(did["spot"]): settled}
        elif graded.step == "collect_commission":
            seat["commission"] = json_int(did["amount"])
    return shown


def dealer_as_done(dealer: PaiGowDealerView, done: DoneStep) -> PaiGowDealerView:
    """The dealer's place with the hand set (these two cards low, the other five high) or the Tiger 9 declared so."""
    if done.step == "declare_tiger_nine":
        return {**dealer, "tiger_nine": done.arguments["tiger_nine"] is True}
    low = parse_cards(json_str(done.arguments["low"]).split())
    high = list(parse_cards((dealer["cards"] or "").split()))
    for card in low:
        high.remove(card)
    return {**dealer, "high": format_cards(high), "low": format_cards(low)}


def felt_context(snapshot: TableSnapshot[PaiGowView], viewer: Viewer) -> PaiGowFelt:
    """The Pai Gow Poker felt as the templates draw it, from the round's public table view as the dealer dealt it."""
    stood = stood_steps(snapshot, viewer)
    view = as_dealt(snapshot.view, stood)
    fixtures = pai_gow_fixtures(snapshot)
    progressive = view["progressive"]
    mystery = progressive["meter"] if progressive else None
    lit_seat = mystery["lit_seat"] if mystery else None
    displays: list[ProgressiveDisplay] = []
    if progressive and mystery:
        displays.append(
            progressive_display(
                "Must-Hit-By Mystery Bonus offered",
                mystery["display"],
                [f"Configuration {mystery['configuration']} · {MYSTERY_SECTION}(b)"],
                [lit_seat] if lit_seat else [],
                progressive,
            )
        )
    jackpot = progressive["jackpot"] if progressive else None
    if progressive and jackpot and fixtures.jackpot_sign:
        shows_intake = not displays
        displays.append(jackpot_display(fixtures.jackpot_sign, jackpot, progressive, shows_intake))
    dice = view["dice"]
    dealer = view["dealer"]
    pick = chooses_places(viewer) and snapshot.view["dealer"]["high"] is None and bool(dealer["cards"])
    return {
        "title": felt_title(view["game"], view["no_more_bets"], view["late_wager"]),
        "seats": [
            pai_gow_seat(snapshot.table_id, n, view, fixtures.areas, n == lit_seat, viewer, snapshot.rack)
            for n in range(1, 7)
        ],
        "shaker": {
            "manual": fixtures.manual_shaker,
            "dice": {"red": dice[0], "blue": dice[1:]} if dice else None,
            "announced": view["dice_announced"],
            "call": dice_call(dice, stood) if dice and view["dice_announced"] else "",
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
        "container": inventory_container(progressive, snapshot.rack, stood) if progressive else None,
        "discards": discard_rack(
            stub_discarded(stood, view["stub_discarded"]),
            ("all 53", "Every card, accounted for", view["finished"]),
        ),
        "finished": view["finished"],
        "posted": posted(displays, fixtures.paytable_signs),
    }


def stub_discarded(stood: tuple[DoneStep, ...], racked: bool) -> tuple[str, str, bool]:
    """The stub in the discard rack: face down, or face up as a watched round's stub discarded exposed was."""
    exposed = any(step.step == "discard_stub" and step.arguments.get("face_up") is True for step in stood)
    if exposed:
        return "stub, face up", "The four-card stub, discarded face up", racked
    return "stub", "The four-card stub", racked


def dice_call(dice: list[int], stood: tuple[DoneStep, ...]) -> str:
    """The dice as the dealer called them: as a watched round's call drawn as done made them, else as they lie.

    >>> dice_call([2, 3, 4], ())
    'called red 2, blue 3 and 4: 9'
    >>> from simulator.surveillance.seen import Seen, Actor
    >>> dice_call([2, 3, 4], (Seen(Actor.DEALER, "announce_dice", {"red": 3, "blue_1": 2, "blue_2": 4}),))
    'called red 3, blue 2 and 4: 9'
    """
    red, blue_1, blue_2 = dice
    for step in stood:
        if step.step == "announce_dice":
            red, blue_1, blue_2 = (json_int(step.arguments[name]) for name in ("red", "blue_1", "blue_2"))
    return f"called red {red}, blue {blue_1} and {blue_2}: {red + blue_1 + blue_2}"


def jackpot_sign(paytable: ProgressivePaytable) -> JackpotSign:
    """What the progressive jackpot's display always shows: the seed, the rate, the paytable and its filing."""
    rate = f"{(paytable.rate * 100).normalize():f}%"
    note = f"Starts at {format_cents(paytable.seed_amount)} · {rate} of each {format_cents(paytable.wager)} wager"
    filing = f"Paytable: {filing_label(paytable.citation)}"
    return {"notes": [note, filing], "paytable": {"name": paytable.name, "lines": paytable.lines()}}


def jackpot_display(
    sign: JackpotSign, jackpot: JackpotDisplayView, progressive: PaiGowProgressiveView, shows_intake: bool
) -> ProgressiveDisplay:
    """The progressive jackpot meter's display beside the Mystery Bonus one: meter, seed and rate, lights, paytable."""
    display = progressive_display(
        "Progressive Payout jackpot", jackpot["display"], sign["notes"], jackpot["lit_seats"], progressive
    )
    return {**display, "intake": display["intake"] if shows_intake else "", "paytable": sign["paytable"]}


def controls_context(snapshot: TableSnapshot[PaiGowView]) -> PaiGowControls:
    """The Pai Gow Poker control panel: a button per step this table can ask for, and the choices its forms offer."""
    rules = TableRules.from_json(snapshot.rules)
    spots = [spot for _row, row_spots in betting_areas(rules) for spot in row_spots]
    spots += ["envy"] if rules.fortune_paytable else []
    return {
        **table_controls(),
        "dice_values": range(1, 7),
        "spots": [(spot, SPOT_LABELS[spot]) for spot in spots],
        "hands": [hand for hand, _award in rules.progressive_paytable.lines()] if rules.progressive_paytable else [],
    }


def pai_gow_regions(felt: PaiGowFelt) -> list[Region]:
    """The parts of the Pai Gow Poker felt: positions, shaker, dealer's place, displays and discard rack."""
    dealer = felt["dealer"]
    return [
        title_region(felt),
        *seat_regions(felt, "trainer/_position.html"),
        Region("felt-shaker", "trainer/_shaker.html", {"shaker": felt["shaker"]}),
        Region("felt-dealer", "trainer/_dealer_pai_gow.html", {"dealer": dealer}, redraw=dealer["pick"]),
        *display_regions(felt),
        *(
            [Region("felt-container", "trainer/_inventory_container.html", {"container": felt["container"]})]
            if felt["container"]
            else []
        ),
        Region("felt-discards", "trainer/_discard_rack.html", {"discards": felt["discards"]}),
    ]


PAI_GOW_STEPS: StepControls = {
    **OPENING_CONTROLS,
    **PROGRESSIVE_INTAKE_CONTROLS,
    "place_envy_lammers": StepControl("Place Envy lammers", {"seats": seats_field()}, "v"),
    "select_shaker_player": StepControl("Select the shaker player", {"seat": seat_field()}, "K"),
    "shake_shaker": StepControl("Shake the shaker", {"times": count_field()}, "k"),
    "uncover_shaker": StepControl("Uncover the shaker", {}, "u"),
    "announce_dice": StepControl(
        "Announce the dice", {"red": die_field(), "blue_1": die_field(), "blue_2": die_field()}, "a"
    ),
    **settlement_controls(SPOT_LABELS),
    "collect_commission": StepControl("Collect commission", {"seat": seat_field(), "amount": amount_field()}, "m"),
    "find_starting_position": StepControl("Starting position", {"place": place_field()}, "f"),
    "deliver_stack": StepControl("Deliver a stack", {"place": place_field()}, "d"),
    "discard_stub": StepControl("Discard the stub", {}, "s"),
    "collect_empty_stacks": StepControl("Collect empty stacks", {}, "e"),
    "reveal_dealer_hand": StepControl("Turn over the dealer's cards", {}, "t"),
    "set_dealer_hand": StepControl("Set the dealer's hand", {"low": cards_field()}, "h"),
    "declare_tiger_nine": StepControl("Declare Tiger 9", {"tiger_nine": YesNoField()}, "i"),
    "reveal_player_hand": StepControl("Reveal the hand", {"seat": seat_field()}, "r"),
    "reset_fouled_hand": StepControl("Reset the fouled hand", {"seat": seat_field()}, "R"),
    **progressive_win_controls(hand.value for hand in FortuneHand),
    **MYSTERY_BONUS_CONTROLS,
    "clear_table": StepControl("Clear the table", {}, "x"),
}
"""The dealer's steps at the Pai Gow Poker table: its areas are the layout's, its progressive hands the paytable's."""

PAI_GOW_TABLE = TableDescription(
    PaiGowRound,
    "trainer/_felt_pai_gow.html",
    felt_context,
    pai_gow_regions,
    "trainer/_controls_pai_gow.html",
    controls_context,
    PAI_GOW_STEPS,
)
"""How the Pai Gow Poker table is drawn."""
