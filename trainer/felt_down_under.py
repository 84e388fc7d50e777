"""The Down Under Blackjack table with Match the Dealer: its felt, controls and the parts a frame redraws."""

from __future__ import annotations

from typing import TypedDict

from markupsafe import Markup

from simulator.blackjack.arithmetic import BUST_OVER, DealerDrawing, is_blackjack
from simulator.blackjack.hand import SPLIT_SUFFIX, HandResultView, SignalView, SplitHandView
from simulator.blackjack.match_the_dealer import MatchCombination, match_paytable
from simulator.blackjack.round import DownUnderDealerView, DownUnderRound, DownUnderSeatView, DownUnderView
from simulator.blackjack.table import DownUnderTable, TraineeDeals
from simulator.core.cards import parse_cards
from simulator.core.chips import Rack
from simulator.core.json_values import json_int, json_str
from simulator.core.money import format_cents
from trainer.controls import (
    OPENING_CONTROLS,
    PROGRESSIVE_INTAKE_CONTROLS,
    StepControl,
    StepControls,
    position_field,
    progressive_win_controls,
    rack_fields,
    seat_field,
)
from trainer.felt import (
    WAGER_MOVES,
    Controls,
    Discard,
    Felt,
    InventoryContainer,
    Region,
    Seat,
    TableDescription,
    area,
    as_counted,
    chooses_places,
    discard_rack,
    display_regions,
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
from trainer.snapshots import DoneStep, TableSnapshot, Viewer


class SplitHand(TypedDict):
    """The second hand of a split pair as the felt draws it: cards, total, wager, signal and result."""

    cards: Markup
    total: int | None
    wager: str
    signal: str
    result: str


class EmptyDownUnderSeat(Seat):
    """A position at Down Under Blackjack where no one plays: no cards, none held, no split."""

    cards: Markup
    cards_held: bool
    split: None


class DownUnderSeat(Seat):
    """A position at Down Under Blackjack: cards and total, both wagers' areas, the result, signal, double and split."""

    cards: Markup
    total: int | None
    blackjack: Markup
    match: Markup | None
    cards_held: bool
    result: str
    signal: str
    doubled: bool
    split: SplitHand | None


class DownUnderDealer(TypedDict):
    """The dealer's place: the cards, whether the hole card is still down, the total and the drawing rule's outcome."""

    cards: Markup
    hole_card_down: bool
    total: int | None
    outcome: str


class DownUnderControls(Controls):
    """The choices the Down Under Blackjack control panel offers: whether splits are dealt, Match the Dealer's hands."""

    splits: bool
    hands: list[str]


class DownUnderFelt(Felt[EmptyDownUnderSeat | DownUnderSeat]):
    """The Down Under Blackjack felt: the positions, the dealer's place, the container and the discard rack."""

    dealer: DownUnderDealer
    container: InventoryContainer
    discards: list[Discard]


BLACKJACK_RESULTS = {"blackjack": "pay", "win": "pay", "push": "push", "lose": "collect"}
"""How the engine's Down Under Blackjack result settles the wager on the felt."""


def result_text(result: str, net: int, total: int | None) -> str:
    """A hand's outcome as the dealer says it: blackjack, a win, a push or a loss (a bust said so), with the net."""
    if result == "blackjack":
        return f"Blackjack: wins {format_cents(net)}"
    if result == "win":
        return f"Wins {format_cents(net)}"
    if result == "push":
        return "Push"
    return "Bust: loses" if total is not None and total > 21 else "Loses"


def signal_text(signal: SignalView | None) -> str:
    """A player's last signal as the dealer saw it, and the decision once clear or said aloud."""
    if signal is None:
        return ""
    if signal["decision"] is None:
        return f"Signal: {signal['gesture']} (unclear)"
    said = ", said aloud" if signal["confirmed"] else ""
    return f"Signal: {signal['gesture']} — {signal['decision']}{said}"


def split_hand_context(split: SplitHandView | None) -> SplitHand | None:
    """The second hand of a split pair as the felt draws it: cards, total, wager, signal and result."""
    if split is None:
        return None
    result = split["result"]
    return {
        "cards": hand_html(split["cards"]),
        "total": split["total"],
        "wager": format_cents(split["wager"]),
        "signal": signal_text(split["signal"]),
        "result": result_text(result["result"], result["net"], split["total"]) if result else "",
    }


def dealer_outcome(dealer: DownUnderDealerView, drawing: DealerDrawing) -> str:
    """The dealer's exposed hand in words, as the drawing rule reads it; nothing before the hole card is turned.

    Blackjack, a bust, a hand that draws next, a hand the rule stands on, or a hand no player's hand is left to
    play against.
    """
    total = dealer["total"]
    if total is None:
        return ""
    if is_blackjack(parse_cards(dealer["cards"])):
        return "Dealer has blackjack"
    if total > BUST_OVER:
        return "Dealer busts"
    if dealer["draws"]:
        return f"Dealer has {total} and draws ({drawing})"
    return f"Dealer stands on {total}" if dealer["stands"] else f"Dealer has {total}"


HAND_SETTLED_AS = {"pay_blackjack_wager": "win", "push_blackjack_wager": "push", "collect_blackjack_wager": "lose"}
"""The result each Down Under Blackjack settlement step draws on the felt."""


def as_settled(view: DownUnderView, stood: tuple[DoneStep, ...]) -> DownUnderView:
    """The table view with each settlement that stood drawn as the trainee made it.

    The due hand paid, pushed or collected otherwise, or paid a wrong amount, shows the trainee's result and amount;
    a Match the Dealer win paid a wrong amount or from the wrong source shows the trainee's. A player's move on a
    wager drawn as done (a watched round's) leaves its chips as moved.
    """
    if not stood:
        return view
    seats = {n: None if s is None else s.copy() for n, s in view["seats"].items()}
    shown: DownUnderView = {**view, "seats": seats, "cash": as_counted(view["cash"], stood)}
    for graded in stood:
        did = graded.arguments
        if graded.step in HAND_SETTLED_AS:
            draw_hand_settled(shown, graded)
        elif graded.step in WAGER_MOVES:
            draw_wager_moved(shown, graded)
        elif graded.step == "pay_progressive_win" and (seat := shown["seats"].get(str(did["seat"]))) is not None:
            seat["match"] = {**seat["match"], "amount": json_int(did["amount"]), "source": json_str(did["source"])}
    return shown


def draw_wager_moved(view: DownUnderView, move: DoneStep) -> None:
    """Draw a wager as a player's move (a watched round's) left it: a hand's capped or pinched, a progressive chip's.

    A hand's wager is named by its position; the progressive chip by its seat, on the Match the Dealer area.
    """
    did = move.arguments
    if "position" not in did:
        seat = view["seats"].get(str(did["seat"]))
        if seat is not None:
            seat["match_wager"] = moved({"progressive": seat["match_wager"]}, move).get("progressive", 0)
        return
    position = json_str(did["position"])
    seat = view["seats"].get(position.split()[1])
    if seat is None:
        return
    amount = json_int(did["amount"])
    if position.endswith(SPLIT_SUFFIX) and seat["split"] is not None:
        seat["split"] = {**seat["split"], "wager": amount}
    else:
        seat["blackjack_wager"] = amount


def draw_hand_settled(view: DownUnderView, graded: DoneStep) -> None:
    """Draw a hand's settlement as the trainee made it: that result and amount, a blackjack paid as a blackjack."""
    position = json_str(graded.arguments["position"])
    seat = view["seats"].get(position.split()[1])
    if seat is None:
        return
    split = seat["split"] if position.endswith(SPLIT_SUFFIX) else None
    wager = seat["blackjack_wager"] if split is None else split["wager"]
    net = -wager if graded.step == "collect_blackjack_wager" else json_int(graded.arguments.get("amount", 0))
    result = HAND_SETTLED_AS[graded.step]
    if result == "win" and seat["split"] is None and is_blackjack(parse_cards(seat["cards"] or "")):
        result = "blackjack"
    drawn: HandResultView = {"result": result, "net": net}
    if split is not None:
        seat["split"] = {**split, "result": drawn}
    else:
        seat["result"] = drawn


def down_under_seat_context(
    number: int, seat: DownUnderSeatView | None, view: DownUnderView, viewer: Viewer, rack: Rack
) -> EmptyDownUnderSeat | DownUnderSeat:
    """One position at Down Under Blackjack: the face-up cards, both wagers (in ``rack``'s colours), light, results."""
    choosable = chooses_places(viewer)
    if seat is None:
        return {
            "number": number,
            "pick_button": seat_pick(number, choosable),
            "occupied": False,
            "cards": hand_html(None),
            "cards_held": False,
            "split": None,
            "cash": None,
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
            rack=rack,
            choosable=choosable,
            settlement={"lost": "collect", "paid": "pay"}.get(match["status"]),
            paid=match.get("amount"),
            light=seat["lit"],
            note=match.get("combination", "in the container" if collected and match["status"] == "in play" else ""),
        )
    return {
        "number": number,
        "pick_button": seat_pick(number, choosable),
        "occupied": True,
        "cards": hand_html(seat["cards"]),
        "total": seat["total"],
        "blackjack": area(
            number,
            "blackjack",
            "Down Under Blackjack wager",
            "Blackjack",
            seat["blackjack_wager"],
            rack=rack,
            choosable=choosable,
            settlement=BLACKJACK_RESULTS[result["result"]] if result else None,
            paid=result["net"] if result and result["net"] > 0 else None,
            note="blackjack" if result and result["result"] == "blackjack" else "",
        ),
        "match": match_area,
        "cards_held": seat["cards_held"],
        "result": result_text(result["result"], result["net"], seat["total"]) if result else "",
        "signal": signal_text(seat["signal"]),
        "doubled": seat["doubled"],
        "split": split_hand_context(seat["split"]),
        "cash": seat_cash(view["cash"], number),
    }


def down_under_felt_context(snapshot: TableSnapshot[DownUnderView], viewer: Viewer) -> DownUnderFelt:
    """The Down Under Blackjack felt: positions, the dealer's cards, the Match the Dealer display and paytable."""
    stood = stood_steps(snapshot, viewer)
    view = as_settled(snapshot.view, stood)
    rules = DownUnderTable.from_json(snapshot.rules)
    progressive = view["progressive"]
    paytable = match_paytable(rules.decks, rules.paytable)
    dealer = view["dealer"]
    match_lines = [(combination.value, str(payout)) for combination, payout in paytable.payouts.items()]
    display = progressive_display(
        "Match the Dealer Progressive",
        progressive["meter"]["display"],
        [f"{format_cents(rules.match_wager).removesuffix('.00')} wager · {view['section']}(j)"],
        progressive["lit_seats"],
        progressive,
    )
    return {
        "title": felt_title(view["game"], view["no_more_bets"], view["late_wager"]),
        "finished": view["finished"],
        "seats": [
            down_under_seat_context(number, view["seats"][str(number)], view, viewer, snapshot.rack)
            for number in range(1, 7)
        ],
        "dealer": {
            "cards": hand_html(dealer["cards"]),
            "hole_card_down": dealer["hole_card_down"],
            "total": dealer["total"],
            "outcome": dealer_outcome(dealer, rules.dealer_drawing),
        },
        "displays": numbered_displays([display]),
        "posted": posted([display], paytables=({"name": f"Match the Dealer · {paytable}", "lines": match_lines},)),
        "container": inventory_container(progressive, snapshot.rack, stood),
        "discards": discard_rack(
            ("burn", "The burn card, unexposed", view["burned"]),
            ("all cards", "The round's cards, picked up", view["cards_picked_up"]),
        ),
    }


def down_under_controls_context(snapshot: TableSnapshot[DownUnderView]) -> DownUnderControls:
    """The control panel at Down Under Blackjack: the deal and the Match the Dealer settlement."""
    rules = DownUnderTable.from_json(snapshot.rules)
    return {
        **table_controls(),
        "splits": rules.trainee_deals is TraineeDeals.WHOLE_ROUND,
        "hands": [combination.value for combination in MatchCombination],
    }


def down_under_regions(felt: DownUnderFelt) -> list[Region]:
    """The parts of the Down Under Blackjack felt: positions, container, dealer's place, display and discard rack."""
    return [
        title_region(felt),
        *seat_regions(felt, "trainer/_position_down_under.html"),
        Region("felt-container", "trainer/_inventory_container.html", {"container": felt["container"]}),
        Region("felt-dealer", "trainer/_dealer_down_under.html", {"dealer": felt["dealer"]}),
        *display_regions(felt),
        Region("felt-discards", "trainer/_discard_rack.html", {"discards": felt["discards"]}),
    ]


DOWN_UNDER_STEPS: StepControls = {
    **OPENING_CONTROLS,
    **PROGRESSIVE_INTAKE_CONTROLS,
    "burn_card": StepControl("Burn a card", {}, "b"),
    "deal_card": StepControl("Deal a card", {"position": position_field()}, "d"),
    "settle_losing_match_wager": StepControl("Collect the losing Match the Dealer wager", {"seat": seat_field()}, "c"),
    **progressive_win_controls(combination.value for combination in MatchCombination),
    "confirm_decision": StepControl("Ask the player to confirm", {"position": position_field()}, "q"),
    "split_pair": StepControl("Split the pair", {"seat": seat_field()}, "s"),
    "turn_hole_card": StepControl("Turn the hole card", {}, "t"),
    "pay_blackjack_wager": StepControl("Pay the blackjack wager", {"position": position_field(), **rack_fields()}, "p"),
    "push_blackjack_wager": StepControl("Push the blackjack wager", {"position": position_field()}, "o"),
    "collect_blackjack_wager": StepControl("Collect the blackjack wager", {"position": position_field()}, "k"),
    "pick_up_cards": StepControl("Pick up the cards", {}, "x"),
}
"""The dealer's steps at Down Under Blackjack: its progressive hands are Match the Dealer's combinations."""

DOWN_UNDER_TABLE = TableDescription(
    DownUnderRound,
    "trainer/_felt_down_under.html",
    down_under_felt_context,
    down_under_regions,
    "trainer/_controls_down_under.html",
    down_under_controls_context,
    DOWN_UNDER_STEPS,
)
"""How the Down Under Blackjack table is drawn."""
