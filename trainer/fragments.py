"""HTML for the training table: the page's context and the WebSocket frames of hx-swap-oob fragments.

A frame is a few top-level elements, each with an ``id`` that exists on the page, which the htmx ws extension
swaps in place: the felt, the frame number, the status line, the feedback panel, the table log, the score card
and, for instructors, the floorperson panel and the graded steps. Everything is rendered from a
:class:`~trainer.services.TableSnapshot`, which holds only what the table shows.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django.template.loader import render_to_string

from simulator.citations import Citation, Provenance
from simulator.money import format_cents
from simulator.mystery import PaymentSource
from simulator.pai_gow_rules import FoulRule, HouseOption, ShakerType, TableRules, house_options
from trainer.controls import DEALER_STEPS, describe_step
from trainer.models import Mode
from trainer.scoring import GradedStep, ScoreCard
from trainer.services import StepReply, TableSnapshot, Viewer

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


@dataclass(frozen=True)
class CardFace:
    """A face-up card as it is drawn: rank, suit symbol and colour."""

    code: str
    rank: str
    suit: str
    red: bool


def card_faces(cards: str | None) -> list[CardFace]:
    """The cards of a view ("Ks Qd JK") as faces; none when the cards are not shown."""
    faces = []
    for code in (cards or "").split():
        if code == "JK":
            faces.append(CardFace(code, "JK", "★", False))
        else:
            faces.append(CardFace(code, RANK_NAMES.get(code[0], code[0]), SUIT_SYMBOLS[code[1]], code[1] in "hd"))
    return faces


def chip(amount: int) -> dict[str, str]:
    """A chip drawn for an amount: the amount as money and the colour of its largest chip."""
    colour = next(name for value, name in CHIP_COLOURS if amount >= value)
    return {"amount": format_cents(amount), "colour": colour}


def betting_areas(rules: TableRules) -> dict[str, list[str]]:
    """The betting areas at each position of this layout, by row: the game, its bonuses and the dice wagers."""
    bonus = ["tiger-9"] if rules.tiger_nine_offered else []
    bonus += ["fortune"] if rules.fortune_paytable is not None else []
    bonus += ["progressive"] if rules.mystery is not None else []
    dice = ["sum"] if rules.sum_paytable is not None else []
    dice += [f"match-{number}" for number in range(1, 7)] if rules.match_offered else []
    dice += ["beat-it"] if rules.beat_it_paytable is not None else []
    return {"main": ["pai-gow"], "bonus": bonus, "dice": dice}


def seat_context(number: int, seat: Mapping[str, Any], areas: dict[str, list[str]], lit: bool) -> dict[str, Any]:
    """One position on the felt: its betting areas with chips and settlements, its stack and its hand."""
    wagers = seat["wagers"]
    settled = seat["settled"]

    def area(spot: str) -> dict[str, Any]:
        settlement = settled.get(spot)
        return {
            "spot": spot,
            "label": SPOT_LABELS[spot],
            "short": spot.removeprefix("match-") if spot.startswith("match-") else SPOT_LABELS[spot],
            "chip": chip(wagers[spot]) if spot in wagers else None,
            "settlement": settlement["settlement"] if settlement else None,
            "paid": chip(settlement["amount"]) if settlement and settlement["settlement"] == "pay" else None,
        }

    envy = settled.get("envy")
    return {
        "number": number,
        "occupied": bool(wagers),
        "rows": {row: [area(spot) for spot in spots] for row, spots in areas.items()},
        "envy_paid": chip(envy["amount"]) if envy else None,
        "commission": format_cents(seat["commission"]) if seat.get("commission") else None,
        "lammer": seat["lammer"],
        "stack": seat["stack"],
        "hand_set": seat["hand_set"],
        "high": card_faces(seat["high"]),
        "low": card_faces(seat["low"]),
        "lit": lit,
    }


def felt_context(snapshot: TableSnapshot) -> dict[str, Any]:
    """The Pai Gow Poker felt as the templates draw it, from the round's public table view."""
    view = snapshot.view
    rules = TableRules.from_json(snapshot.rules)
    areas = betting_areas(rules)
    progressive = view["progressive"]
    lit_seat = progressive["meter"]["lit_seat"] if progressive else None
    dice = view["dice"]
    dealer = view["dealer"]
    return {
        "game": view["game"],
        "seats": [seat_context(n, view["seats"][str(n)], areas, n == lit_seat) for n in range(1, 7)],
        "dealer": {
            "stack": dealer["stack"],
            "cards": card_faces(dealer["cards"]),
            "high": card_faces(dealer["high"]),
            "low": card_faces(dealer["low"]),
            "tiger_nine": dealer["tiger_nine"],
            "set": dealer["high"] is not None,
        },
        "dice": {"red": dice[0], "blue": dice[1:]} if dice else None,
        "dice_announced": view["dice_announced"],
        "shaker_seat": view["shaker_seat"],
        "manual_shaker": rules.shaker is ShakerType.MANUAL,
        "no_more_bets": view["no_more_bets"],
        "starting_place": view["starting_place"],
        "delivered": view["delivered"],
        "stub_discarded": view["stub_discarded"],
        "progressive": progressive,
        "finished": view["finished"],
    }


def shown_steps(rules: TableRules) -> frozenset[str]:
    """The dealer steps this table's rules can ever ask for, so the controls show nothing that cannot apply."""
    hidden = {"select_shaker_player"} if rules.shaker is ShakerType.MANUAL else {"shake_shaker", "uncover_shaker"}
    hidden |= {"collect_commission"} if rules.commission_free else {"declare_tiger_nine"}
    hidden |= {"place_envy_lammers"} if rules.fortune_paytable is None else set()
    hidden |= {"reset_fouled_hand"} if rules.foul_rule is not FoulRule.RESET_BY_HOUSE_WAY else set()
    if rules.mystery is None:
        hidden |= {step for step in DEALER_STEPS if "progressive" in step or "mystery" in step}
    return frozenset(DEALER_STEPS) - hidden


def controls_context(snapshot: TableSnapshot) -> dict[str, Any]:
    """The control panel: a button per dealer step this table can ask for, and the choices its forms offer."""
    rules = TableRules.from_json(snapshot.rules)
    areas = betting_areas(rules)
    spots = [*areas["main"], *areas["bonus"], *areas["dice"]] + (["envy"] if rules.fortune_paytable else [])
    return {
        "buttons": {
            step: {"step": step, "label": control.label, "key": control.key}
            for step, control in DEALER_STEPS.items()
            if step in shown_steps(rules)
        },
        "seats": range(1, 7),
        "dice_values": range(1, 7),
        "spots": [(spot, SPOT_LABELS[spot]) for spot in spots],
        "sources": [source.value for source in PaymentSource],
    }


def citation_context(citation: Citation) -> dict[str, str]:
    """A rule as the trainee reads it: clause, provenance label (seed, inferred or house) and text."""
    return {
        "clause": citation.clause,
        "provenance": PROVENANCE_LABELS[citation.provenance],
        "provenance_text": citation.provenance.value,
        "text": citation.text,
    }


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
    silent = viewer is Viewer.TRAINEE and snapshot.mode == Mode.EXAM and not snapshot.finished
    return {
        "error": error,
        "notice": reply.notice.value if reply and reply.notice else "",
        "graded": graded_context(graded) if graded and not silent else None,
        "recorded": bool(graded) and silent,
    }


def house_option_context(option: HouseOption) -> dict[str, Any]:
    """A table option that fills a gap in the regulation, with the reason it is not law."""
    return {"name": option.name.replace("_", " "), "value": option.value, "citation": citation_context(option.citation)}


def page_context(snapshot: TableSnapshot, viewer: Viewer) -> dict[str, Any]:
    """Everything the table page and each fragment draw."""
    rules = TableRules.from_json(snapshot.rules)
    sees_log = viewer is Viewer.INSTRUCTOR or snapshot.mode == Mode.PRACTICE or snapshot.finished
    return {
        "snapshot": snapshot,
        "viewer": viewer.value,
        "felt": felt_context(snapshot),
        "controls": controls_context(snapshot),
        "log": snapshot.log if sees_log else (),
        "score_card": score_card_context(snapshot.score_card) if snapshot.score_card else None,
        "graded_steps": [graded_context(step) for step in snapshot.graded_steps] if viewer is Viewer.INSTRUCTOR else [],
        "house_options": [
            {
                "name": option.name.replace("_", " "),
                "value": option.value,
                "citation": citation_context(option.citation),
            }
            for option in house_options(rules)
        ],
    }


FRAME_PARTIALS = {
    Viewer.TRAINEE: ("_felt", "_sequence", "_status", "_feedback", "_table_log", "_score_card"),
    Viewer.INSTRUCTOR: ("_felt", "_sequence", "_status", "_floorperson", "_graded_steps", "_table_log"),
}
"""The fragments each viewer's frame carries, every one swapped by its id."""


def table_frame(snapshot: TableSnapshot, viewer: Viewer, reply: StepReply | None = None, error: str = "") -> str:
    """A WebSocket frame for one viewer: every fragment of the table, marked for an out-of-band swap."""
    context = page_context(snapshot, viewer) | {"oob": True}
    context["feedback"] = feedback_context(snapshot, viewer, reply, error)
    return "".join(render_to_string(f"trainer/{name}.html", context) for name in FRAME_PARTIALS[viewer])


def error_frame(message: str) -> str:
    """A frame holding only an error in the feedback panel: the table is unchanged."""
    feedback = {"error": message, "notice": "", "graded": None, "recorded": False}
    return render_to_string("trainer/_feedback.html", {"feedback": feedback, "oob": True})
