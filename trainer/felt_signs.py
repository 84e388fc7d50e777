"""The paytable signs beside a layout: each offered wager's pays as the casino posts them, with the rule behind them."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from markupsafe import Markup

from simulator.core.citations import Citation, Provenance
from simulator.core.money import exact_percent, format_cents
from simulator.core.mystery_meter import MysteryConfiguration, mystery_clause
from simulator.dice.odds import ROLL_COUNT, dice_wager_odds
from simulator.dice.wagers import DicePaytable
from trainer.felt import render
from trainer.submission_answers import filing_label

PROVENANCE_CLASSES = {
    Provenance.SEED: "regulation",
    Provenance.PA_CODE: "regulation",
    Provenance.PA_INFERRED: "inferred",
    Provenance.HOUSE: "house",
}
"""The class a page styles a rule's provenance label with; the words are the citation's own (Citation.kind)."""


@dataclass(frozen=True)
class Sign:
    """A paytable as the table posts it: its title, the rule that sets it, its two column headings and its lines.

    ``edge`` says the wager's exact house edge and how it was counted, where the engine computes it.
    """

    title: str
    citation: Citation
    columns: tuple[str, str]
    lines: tuple[tuple[str, str], ...]
    edge: str = ""


def dice_sign(paytable: DicePaytable, title: str | None = None) -> Sign:
    """A dice wager's sign: each winning line and its odds, cited from the clause that prints the paytable.

    Its edge and hit frequency are written to four decimals from the exact count of the rolls.
    """
    lines = tuple((line.name, str(line.odds)) for line in paytable.lines)
    odds = dice_wager_odds(paytable)
    edge = (
        f"House edge {exact_percent(-odds.expected_value)}, exact: every one of the {ROLL_COUNT} rolls counted; "
        f"it pays on {odds.winning_rolls} of them ({exact_percent(odds.hit_frequency)})."
    )
    return Sign(title or paytable.title, paytable.lines[0].citation, ("Roll", "Pays"), lines, edge)


def mystery_sign(configuration: MysteryConfiguration, section: str) -> Sign:
    """The Mystery Bonus configuration's sign, in the seed's words: letter, minimum wager, meter bounds, rate."""
    wager = format_cents(configuration.minimum_wager)
    rate = f"{(configuration.contribution_rate * 100).normalize():f}%"
    lines = (
        ("Configuration", configuration.letter),
        ("Minimum Progressive Wager Amount", wager),
        ("Minimum Dollar Value", format_cents(configuration.minimum_value)),
        ("Maximum Dollar Value (must hit by)", format_cents(configuration.maximum_value)),
        ("Incremental Contribution Rate", f"{rate} of each qualifying wager"),
    )
    title = f"Must-Hit-By Mystery Bonus: {configuration.name}"
    return Sign(title, mystery_clause(section, "(c)(4)"), ("Setting", "Value"), lines)


def signs_html(signs: Sequence[Sign]) -> Markup:
    """The signs' markup, each a folding table under its title with its clause, provenance and filing; none, none."""
    if not signs:
        return Markup("")
    drawn = [
        {
            "title": sign.title,
            "clause": sign.citation.clause,
            "provenance": PROVENANCE_CLASSES[sign.citation.provenance],
            "kind": sign.citation.kind,
            "filing": filing_label(sign.citation) if sign.citation.provenance is Provenance.HOUSE else "",
            "columns": sign.columns,
            "lines": sign.lines,
            "edge": sign.edge,
        }
        for sign in signs
    ]
    return render("trainer/_paytable_signs.html", {"signs": drawn})
