"""The felt's shared parts and the shape every felt fills: cards, chips, areas, displays, buttons, redrawn regions."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Any, Generic, NamedTuple, Protocol, TypedDict, TypeGuard, TypeVar, cast

from django.template import engines
from django.template.backends.jinja2 import Jinja2
from jinja2 import Environment
from markupsafe import Markup

from simulator.core.cards import CardName, card_name, parse_cards
from simulator.core.chips import Rack, largest_chip
from simulator.core.json_values import JsonValue, json_int, json_str
from simulator.core.money import format_cents
from simulator.core.mystery_meter import PaymentSource
from simulator.core.progressive import CollectedChipView, ContainerIntakeView, IntakeStage, IntakeView
from simulator.core.settling import SETTLEMENT_STEPS
from simulator.core.table_cash import TableCashView
from simulator.core.wager_phase import WAGER_PHASE_PLAYER_STEPS, LateWagerView
from simulator.games import GAMES
from trainer.controls import StepControls, describe_step
from trainer.models import Mode
from trainer.snapshots import AnyTableSnapshot, DoneStep, TableSnapshot, Viewer

SETTLEMENTS = {step: step.removesuffix("_wager") for step in SETTLEMENT_STEPS}
"""Each settling step by the settlement it leaves on a betting area: pay, push or collect."""

WAGER_MOVES = WAGER_PHASE_PLAYER_STEPS - {"attempt_late_wager"}
"""A player's moves that leave chips on a betting area, which a watched round's felt draws as done (:func:`moved`)."""


class Chip(TypedDict):
    """A chip as the felt draws it: the amount as money and the colour of its largest chip."""

    amount: str
    colour: str


class CollectedChip(Chip):
    """A chip the dealer collected for the progressive, in front of the table inventory container: and its seat."""

    seat: int


class InventoryContainer(TypedDict):
    """The table inventory container: the chips in front of it, whether they are dropped, and how many went in."""

    chips: list[CollectedChip]
    dropped: bool
    count: int
    counted: int | None
    """The count the dealer called over the chips in front of the container, once counted and until the drop."""


class Paytable(TypedDict):
    """A paytable as a display or the posted signs print it: its name and each hand's award."""

    name: str
    lines: list[tuple[str, str]]


class PostedDisplay(TypedDict):
    """What a progressive display posts beside the felt: its sign, its notes and any paytable."""

    sign: str
    notes: list[str]
    paytable: Paytable | None


class ProgressiveDisplay(PostedDisplay):
    """A progressive display on the felt: what it posts, and its meter, its lit positions and its intake."""

    meter: str
    lit: str
    intake: str


class NumberedDisplay(ProgressiveDisplay):
    """A progressive display with the element id a frame redraws it by."""

    id: str


class Posted(TypedDict):
    """What the table posts beside the felt: the displays' notes and paytables, the dealer's paytables, the signs."""

    displays: list[PostedDisplay]
    paytables: tuple[Paytable, ...]
    signs: str


class FeltTitle(TypedDict):
    """The felt's title: the game, whether bets are still open and any late wager a player is trying."""

    game: str
    no_more_bets: bool
    late_wager: str | None


class Discard(TypedDict):
    """A card or cards in the discard rack: the rack's label and what it holds."""

    label: str
    title: str


class Controls(TypedDict):
    """The choices every table's control panel offers: the positions and the sources a progressive award is paid from.

    Each family's panel adds its own (its areas, its hands); :meth:`TableDescription.controls_context` adds the
    buttons.
    """

    seats: range
    sources: list[str]


class LaidStack(TypedDict):
    """Bills or chips of one value a player laid on the layout: the value, how many, and a chip's colour ("" a bill)."""

    value: str
    count: int
    colour: str


class SeatCash(TypedDict):
    """A player's cash or chips on the layout for the dealer, as their position draws them until the dealer is done.

    ``said`` is the whole in words for a screen reader; ``note`` what the dealer has done with it so far.
    """

    label: str
    laid: list[LaidStack]
    note: str
    said: str


class Seat(TypedDict):
    """What every position on every felt shows: its number, its name (a button), if anyone plays, any cash laid down."""

    number: int
    pick_button: Markup
    occupied: bool
    cash: SeatCash | None


SeatT = TypeVar("SeatT", bound=Seat)


class Felt(TypedDict, Generic[SeatT]):
    """What every felt holds, whatever the game: each family's felt is one of these with its own positions and parts.

    The page's shell (``trainer/_felt.html``), the title, the positions, the displays and the posted signs read
    these keys, so a felt without one fails ``mypy --strict`` rather than the page.
    """

    title: FeltTitle
    seats: list[SeatT]
    displays: list[NumberedDisplay]
    finished: bool
    posted: Posted


@cache
def jinja_environment() -> Environment:
    """The Jinja2 environment of the settings' ``jinja2`` template engine."""
    backend = engines["jinja2"]
    assert isinstance(backend, Jinja2), "the jinja2 engine is Django's Jinja2 backend"
    return backend.env


def render(template: str, context: Mapping[str, Any]) -> Markup:
    """A partial's HTML, drawn by the Jinja2 engine and marked safe: the one way a frame and the page draw a part."""
    return Markup(jinja_environment().get_template(template).render(context))


class CardFace(NamedTuple):
    """A face-up card as it is drawn: its name (as :func:`simulator.core.cards.card_name` gives it) and markup."""

    name: CardName
    html: Markup


@lru_cache(maxsize=64)
def card_html(name: CardName) -> Markup:
    """A card's markup, drawn once for each card and reused: a card looks the same wherever it lies."""
    return render("trainer/_card.html", {"card": name})


@lru_cache(maxsize=4096)
def card_faces(cards: str | None) -> tuple[CardFace, ...]:
    """The cards of a view ("Ks Qd JK") as faces, worked out once for each hand; none when the cards are not shown."""
    names = [card_name(card) for card in parse_cards((cards or "").split())]
    return tuple(CardFace(name, card_html(name)) for name in names)


@lru_cache(maxsize=4096)
def hand_html(cards: str | None) -> Markup:
    """A hand's markup, its cards side by side, drawn once for each hand; empty when the cards are not shown."""
    return Markup("".join(face.html for face in card_faces(cards)))


def chooses_places(viewer: Viewer) -> bool:
    """Whether the viewer picks seats and betting areas on the felt: only the dealing trainee has controls to fill.

    A watcher's and a replay's felt draws them as words, with no tab stop that does nothing.
    """
    return viewer is Viewer.TRAINEE


@lru_cache(maxsize=16)
def seat_pick(number: int, choosable: bool) -> Markup:
    """A position's name, drawn once for each seat: a button choosing the seat in the controls, or the name alone."""
    return render("trainer/_seat_pick.html", {"number": number, "choosable": choosable})


DrawnT = TypeVar("DrawnT")

DRAWN_SEATS: dict[tuple[int, int, Viewer], tuple[object, Any]] = {}
"""The position last built at each table for each viewer, by (table id, seat, viewer), with what it was built from."""


def drawn_seat(table_id: int, number: int, viewer: Viewer, inputs: object, build: Callable[[], DrawnT]) -> DrawnT:
    """A position's context, built by ``build`` only if its ``inputs`` (all it reads) differ from the last build's.

    A step changes one position or none, so the felt's other five are the ones the table last drew, which a frame
    then finds unchanged at once. ``inputs`` are compared whole: a race between threads can only build one again.
    """
    held = DRAWN_SEATS.get((table_id, number, viewer))
    if held is not None and held[0] == inputs:
        return cast(DrawnT, held[1])
    built = build()
    DRAWN_SEATS[(table_id, number, viewer)] = (inputs, built)
    return built


def table_controls() -> Controls:
    """What every control panel offers: the six positions and the sources a progressive award is paid from."""
    return {"seats": range(1, 7), "sources": [source.value for source in PaymentSource]}


class RackChip(TypedDict):
    """A denomination of the rack as its button draws it: its cents, colour, value and the digit key adding it."""

    cents: int
    colour: str
    value: str
    key: str


def rack_chips(rack: Rack) -> list[RackChip]:
    """The rack's chips, largest first; the digits 1 to 9 add them, 1 the smallest (more than nine have no key)."""
    keys = [str(digit) if digit < 10 else "" for digit in range(len(rack), 0, -1)]
    return [
        {
            "cents": each.cents,
            "colour": each.colour,
            "value": format_cents(each.cents).removesuffix(".00"),
            "key": key,
        }
        for each, key in zip(rack, keys, strict=True)
    ]


def laid_stack(cents: int, count: int, colour: str = "") -> LaidStack:
    """Bills (no ``colour``) or chips of one value laid on the layout, as a position draws them."""
    return {"value": format_cents(cents).removesuffix(".00"), "count": count, "colour": colour}


def laid_words(laid: list[LaidStack]) -> str:
    """Bills or chips laid on the layout in words: "3 $100 bills, 1 $20 bill", "12 red $5 chips"."""
    words = []
    for each in laid:
        kind = f"{each['colour']} {each['value']} chip" if each["colour"] else f"{each['value']} bill"
        words.append(f"{each['count']} {kind}{'' if each['count'] == 1 else 's'}")
    return ", ".join(words)


def seat_cash(cash: TableCashView, number: int) -> SeatCash | None:
    """The cash a player at seat ``number`` laid on the layout to buy in, or the chips they push in to colour up.

    The bills lie there until dropped, the amount once counted and announced; the chips until coloured up. None when
    the player has none there.
    """
    buy_in, leaving = cash["buy_in"], cash["colour_up"]
    if buy_in is not None and buy_in["seat"] == number:
        bills = [laid_stack(each["cents"], each["count"]) for each in buy_in["bills"]]
        counted = buy_in["counted"]
        note = "" if counted is None else f"{format_cents(counted)} {'counted' if bills else 'dropped'}"
        said = f"Seat {number} buys in: {laid_words(bills)} on the layout." if bills else f"Seat {number} buys in."
        said += f" {note.capitalize()}." if note else ""
        return {"label": "Buy-in", "laid": bills, "note": note, "said": said}
    if leaving is not None and leaving["seat"] == number:
        chips = [laid_stack(each["cents"], each["count"], each["colour"]) for each in leaving["chips"]]
        said = f"Seat {number} leaves: {laid_words(chips)} to colour up."
        return {"label": "Colour up", "laid": chips, "note": "", "said": said}
    return None


def as_counted(cash: TableCashView, stood: tuple[DoneStep, ...]) -> TableCashView:
    """The cash on the layout with a count that stood in an exam drawn as announced (:func:`stood_steps`)."""
    buy_in = cash["buy_in"]
    counts = [graded for graded in stood if graded.step == "count_cash"]
    if buy_in is None or buy_in["counted"] is None or not counts:
        return cash
    return {**cash, "buy_in": {**buy_in, "counted": json_int(counts[-1].arguments["amount"])}}


def chip(amount: int, rack: Rack) -> Chip:
    """A chip drawn for an amount: the amount as money and the colour of its largest chip in the table's ``rack``."""
    return {"amount": format_cents(amount), "colour": largest_chip(amount, rack).colour}


@lru_cache(maxsize=4096)
def area(
    seat: int,
    spot: str,
    label: str,
    short: str,
    amount: int | None,
    *,
    rack: Rack,
    choosable: bool,
    settlement: str | None = None,
    paid: int | None = None,
    light: bool | None = None,
    note: str = "",
) -> Markup:
    """A seat's betting area as the felt draws it: its name, the chip on it, how it settled and any progressive light.

    The chips are drawn in the colours of the table's ``rack``.

    A ``choosable`` area is a button that picks the area in the controls (:func:`chooses_places`). The markup is
    drawn once for each state an area can be in and reused, since a seat is redrawn whole when any of its areas
    changes.
    """
    drawn = {
        "spot": spot,
        "label": label,
        "short": short,
        "chip": None if amount is None else chip(amount, rack),
        "settlement": settlement,
        "paid": None if paid is None else chip(paid, rack),
        "light": light,
        "note": note,
        "choosable": choosable,
    }
    return render("trainer/_area.html", {"seat": {"number": seat}, "area": drawn})


def progressive_display(
    sign: str, meter: str, notes: list[str], lit_seats: list[int], progressive: IntakeView
) -> ProgressiveDisplay:
    """The progressive table game system's display: its sign, the meter, notes, the lit positions, the intake.

    It shows no paytable; the Progressive Payout jackpot's display adds one.
    """
    if progressive["collected"]:
        intake = "Wagers collected"
    elif progressive["locked_out"]:
        intake = "Wagers locked out"
    else:
        intake = "Wagers open"
    if progressive["accepted"] is not None:
        intake += f" · {system_count(progressive['accepted'])}"
    lit = ""
    if lit_seats:
        lit = f"Light on at seat{'s' if len(lit_seats) > 1 else ''} {', '.join(map(str, lit_seats))}"
    return {"sign": sign, "meter": meter, "notes": notes, "lit": lit, "intake": intake, "paytable": None}


def system_count(seats: list[int]) -> str:
    """The system's count of the progressive wagers it accepted, with their seats, as its display shows it.

    >>> system_count([1, 3, 3]), system_count([4]), system_count([])
    ('system count 3: seats 1, 3 (2 wagers)', 'system count 1: seat 4', 'system count 0')
    """
    if not seats:
        return "system count 0"
    wagers = {seat: seats.count(seat) for seat in sorted(set(seats))}
    places = ", ".join(f"{seat}" if count == 1 else f"{seat} ({count} wagers)" for seat, count in wagers.items())
    return f"system count {len(seats)}: seat{'s' if len(wagers) > 1 else ''} {places}"


def inventory_container(
    progressive: ContainerIntakeView, rack: Rack, done: tuple[DoneStep, ...] = ()
) -> InventoryContainer:
    """The table inventory container and, once collected and until dropped, the chips collected in front of it.

    The chips are those actually collected, not the wagers the system accepted: a missing chip is missing here, as is
    a chip its player took back as the dealer collected (a watched round's move drawn as done). Once counted it says
    the count called over them (a count drawn as done says the dealer's); once dropped, how many chips went in.
    """
    chips = not_taken_back(progressive["chips"], done)
    in_front = progressive["collected"] and not progressive["dropped"]
    called = [json_int(step.arguments["count"]) for step in done if step.step == "count_progressive_chips"]
    counted = progressive["intake"] == IntakeStage.COUNTED.name.lower()
    return {
        "chips": [{**chip(each["amount"], rack), "seat": each["seat"]} for each in chips] if in_front else [],
        "dropped": progressive["dropped"],
        "count": len(chips),
        "counted": (called or [len(chips)])[-1] if counted else None,
    }


def not_taken_back(chips: list[CollectedChipView], done: tuple[DoneStep, ...]) -> list[CollectedChipView]:
    """The progressive chips collected but for one of each seat whose player took it back (a move drawn as done).

    >>> from simulator.surveillance.seen import Seen, Actor
    >>> taken = Seen(Actor.PLAYER, "change_wager", {"seat": 2, "spot": "progressive", "amount": 0})
    >>> not_taken_back([{"seat": 2, "amount": 100}, {"seat": 3, "amount": 100}], (taken,))
    [{'seat': 3, 'amount': 100}]
    """
    left = list(chips)
    for step in done:
        arguments = step.arguments
        if step.step in WAGER_MOVES and arguments.get("spot") == "progressive" and not arguments.get("amount"):
            taken = next((chip for chip in left if chip["seat"] == arguments.get("seat")), None)
            if taken is not None:
                left.remove(taken)
    return left


def posted(displays: list[ProgressiveDisplay], signs: str = "", paytables: tuple[Paytable, ...] = ()) -> Posted:
    """What the table posts beside the felt: each display's notes and paytable, the dealer's paytables, the signs."""
    return {
        "displays": [
            {"sign": display["sign"], "notes": display["notes"], "paytable": display["paytable"]}
            for display in displays
            if display["notes"] or display["paytable"]
        ],
        "paytables": paytables,
        "signs": signs,
    }


def discard_rack(*discards: tuple[str, str, bool]) -> list[Discard]:
    """What lies in the discard rack: each of ``discards`` (its label, its title, whether it lies there) that does."""
    return [{"label": label, "title": title} for label, title, racked in discards if racked]


def numbered_displays(displays: list[ProgressiveDisplay]) -> list[NumberedDisplay]:
    """The felt's progressive displays, each with the element id it is redrawn by."""
    return [{**display, "id": f"felt-display-{number}"} for number, display in enumerate(displays, start=1)]


def stood_steps(snapshot: TableSnapshot[Any], viewer: Viewer) -> tuple[DoneStep, ...]:
    """The steps the felt draws as they were done: the trainee's money slips that stood, a watched round's faults.

    A money slip stands only for the trainee dealing an exam, until the score card: an exam reveals no grade and no
    right result before then, so a wager settled with the wrong money is drawn as the trainee settled it
    (:data:`~grading.scoring.MONEY_SLIPS`); any other wrong step changed nothing. Instructors, practice and the
    finished round show the table as it is. A watched round's felt draws its faults shown so far as the
    engine's watcher saw them done (:attr:`~trainer.snapshots.TableSnapshot.drawn_as_done`), whoever looks.
    """
    if viewer is not Viewer.TRAINEE or snapshot.mode != Mode.EXAM or snapshot.finished:
        return snapshot.drawn_as_done
    return (*(step for step in snapshot.graded_steps if step.stood), *snapshot.drawn_as_done)


def moved(wagers: Mapping[str, int], move: DoneStep) -> dict[str, int]:
    """A seat's wagers with a player's move drawn as done: chips placed added, a wager changed to its amount (0: none).

    >>> from simulator.surveillance.seen import Seen, Actor
    >>> moved({"ante": 500}, Seen(Actor.PLAYER, "change_wager", {"seat": 1, "spot": "ante", "amount": 1000}))
    {'ante': 1000}
    >>> moved({"jackpot": 100}, Seen(Actor.PLAYER, "place_wager", {"seat": 1, "spot": "jackpot", "amount": 100}))
    {'jackpot': 200}
    """
    spot, amount = json_str(move.arguments["spot"]), json_int(move.arguments["amount"])
    if move.step == "place_wager":
        amount += wagers.get(spot, 0)
    return {key: chips for key, chips in wagers.items() if key != spot} | ({spot: amount} if amount else {})


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


def felt_title(game: str, no_more_bets: bool, late_wager: LateWagerView | None) -> FeltTitle:
    """The felt's title: the game, whether bets are still open and any late wager a player is trying."""
    return {"game": game, "no_more_bets": no_more_bets, "late_wager": late_wager["move"] if late_wager else None}


def title_region(felt: Felt[Any]) -> Region:
    """The felt's title: the game and whether bets are still open."""
    return Region("felt-title", "trainer/_felt_title.html", {"title": felt["title"]})


def seat_regions(felt: Felt[Any], template: str) -> list[Region]:
    """The six positions of a felt, each drawn by the game's position template."""
    return [Region(f"felt-seat-{seat['number']}", template, {"seat": seat}) for seat in felt["seats"]]


def display_regions(felt: Felt[Any]) -> list[Region]:
    """The felt's progressive displays."""
    return [
        Region(display["id"], "trainer/_progressive_display.html", {"display": display}) for display in felt["displays"]
    ]


ViewT = TypeVar("ViewT")
FeltT = TypeVar("FeltT", bound=Felt[Any])
ViewT_co = TypeVar("ViewT_co", covariant=True)


class ShowsTable(Protocol[ViewT_co]):
    """A round whose table view is a ``ViewT_co``."""

    def table_view(self) -> ViewT_co:
        """What anyone at the table may see now."""
        ...


@dataclass(frozen=True)
class TableDescription(Generic[ViewT, FeltT]):
    """How the table of the games its round class deals is drawn and dealt: felt, felt's parts, controls and steps."""

    round_class: type[ShowsTable[ViewT]]
    felt_template: str
    felt: Callable[[TableSnapshot[ViewT], Viewer], FeltT]
    """The felt as the templates draw it: a :class:`Felt` of the family's own shape, which mypy checks per game."""
    regions: Callable[[FeltT], list[Region]]
    controls_template: str
    controls: Callable[[TableSnapshot[ViewT]], Controls]
    """The choices the control panel's forms offer; :meth:`controls_context` adds the buttons."""
    step_controls: StepControls
    """Every dealer step of the round class, with its label, form fields and keyboard key."""

    def felt_context(self, snapshot: AnyTableSnapshot, viewer: Viewer) -> FeltT:
        """The felt as the templates draw it, from the snapshot's view read as this table's round's."""
        return self.felt(self.own(snapshot), viewer)

    def felt_parts(self, snapshot: AnyTableSnapshot, viewer: Viewer) -> tuple[FeltT, tuple[Region, ...]]:
        """The felt as the templates draw it and its parts, which a frame redraws one by one."""
        felt = self.felt_context(snapshot, viewer)
        return felt, tuple(self.regions(felt))

    def controls_context(self, snapshot: AnyTableSnapshot) -> dict[str, object]:
        """The control panel as its template draws it: a button for each dealer step, choices and the chip rack."""
        return {
            **self.controls(self.own(snapshot)),
            "buttons": self.buttons(snapshot.dealer_steps),
            "rack": rack_chips(snapshot.rack),
        }

    def describe(self, step: str, arguments: Mapping[str, JsonValue], rack: Rack) -> str:
        """What was done at this table in floor words, chips in its ``rack``'s colours (:func:`describe_step`)."""
        return describe_step(self.step_controls, step, arguments, rack)

    def step_label(self, step: str) -> str:
        """A step by its control's label alone, with none of its arguments: what a list of steps names it by."""
        return describe_step(self.step_controls, step, {}, ())

    def buttons(self, steps: frozenset[str]) -> dict[str, dict[str, str]]:
        """A button for each of ``steps``, by step name: the step, its label, its keyboard key and its "no" key."""
        return {
            step: {"step": step, "label": control.label, "key": control.key, "no_key": control.no_key}
            for step, control in self.step_controls.items()
            if step in steps
        }

    def own(self, snapshot: AnyTableSnapshot) -> TableSnapshot[ViewT]:
        """The snapshot with its view typed as this table's round's: the one place a view is narrowed."""
        if not self.shows(snapshot):
            raise ValueError(f"The {snapshot.game} table is not drawn by the {self.round_class.__name__} table.")
        return snapshot

    def shows(self, snapshot: AnyTableSnapshot) -> TypeGuard[TableSnapshot[ViewT]]:
        """Whether the snapshot's game is dealt by this table's round class, so its view is this table's."""
        return issubclass(GAMES[snapshot.game].round_class, self.round_class)
