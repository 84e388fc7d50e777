"""Payout sprints at the school: a trainee's sprint drawn, shown a payout at a time, paid, timed by the server.

The engine draws and grades (:mod:`simulator.sprints`); here a sprint is stored per trainee with its payouts, which
never reach the page before they are shown, and the server's clock times it from the first payout shown to the last
paid. After a wrong payout the sprint moves on, the verdict naming the right payout, as a payout trainer does. A
sprint is paid from the house's rack in its chipping procedure, the defaults every table starts with.
"""

import secrets
from dataclasses import dataclass

from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone
from markupsafe import Markup

from rules_submission.models import PaytableKind
from rules_submission.submission import current_paytable, filed_json
from scenarios.models import PayoutSprint
from scenarios.sprint_statements import sprint_statement
from simulator.core.chipping import HouseChips, highest_first
from simulator.core.chips import ChipsError, spoken_chips
from simulator.core.clauses import cite
from simulator.core.money import format_cents
from simulator.core.rules import RulesError
from simulator.pai_gow.filed_paytables import read_fortune_paytable, read_progressive_paytable
from simulator.pai_gow.fortune import FortunePaytable
from simulator.pai_gow.progressive import ProgressivePaytable
from simulator.sprints import (
    MIX,
    SPRINT_LENGTHS,
    Payout,
    SprintLine,
    draw_sprint,
    pay_payout,
    sprint_lines,
)
from trainer.table_page import citation_html
from xapi import statements

HOUSE = HouseChips()
"""The rack and chipping procedure a sprint is paid in: the house defaults every table starts with."""

MIX_NAME = "A mix of every line"
RIGHT = "right"


def filed_paytables() -> list[FortunePaytable | ProgressivePaytable]:
    """The school's newest filed Fortune and Progressive Payout paytables, each as the engine reads it."""
    filed: list[FortunePaytable | ProgressivePaytable] = []
    for kind, read in (
        (PaytableKind.FORTUNE, read_fortune_paytable),
        (PaytableKind.PROGRESSIVE, read_progressive_paytable),
    ):
        newest = current_paytable(kind)
        if newest is not None:
            try:
                filed.append(read(filed_json(newest)))
            except RulesError:
                continue
    return filed


def current_lines() -> dict[str, SprintLine]:
    """Every line a sprint may pay now: the games' and the school's filed paytables'."""
    return sprint_lines(filed_paytables())


def kind_words(kind: str, lines: dict[str, SprintLine]) -> str:
    """A sprint kind in words: the mix, or the line's paytable, words and odds; ValueError for no such kind."""
    if kind == MIX:
        return MIX_NAME
    if kind not in lines:
        raise ValueError("Choose a paytable line, or the mix, from the list.")
    line = lines[kind]
    return f"{line.paytable}: {line.name}"


def payout_json(payout: Payout) -> dict[str, str | int | None]:
    """A payout as the server keeps it: its line in words and clause, the wager and the amount due."""
    return {
        **payout.to_json(),
        "paytable": payout.line.paytable,
        "name": payout.line.name,
        "pays": payout.line.pays,
        "clause": payout.line.citation.clause,
    }


def start_sprint(trainee: User, kind: str, length: int) -> PayoutSprint:
    """A new sprint of ``kind`` and ``length`` for the trainee, drawn from a fresh seed that is never stored or sent.

    ValueError, nothing stored, for a kind that is neither a line nor the mix or a length not 10, 20 or 30.
    """
    lines = current_lines()
    name = kind_words(kind, lines)
    drawn = list(lines.values()) if kind == MIX else [lines[kind]]
    payouts = draw_sprint(drawn, length, secrets.randbits(63))
    return PayoutSprint.objects.create(
        trainee=trainee, kind=kind, kind_name=name, length=length, payouts=[payout_json(each) for each in payouts]
    )


@dataclass(frozen=True)
class ShownPayout:
    """The payout the page shows: its place, line, odds, the wager on the spot and its chips, or an award's amount.

    A payout at odds never shows its amount: working it out is the drill. An award (a Mystery Bonus, an Envy Bonus, a
    fixed progressive award) is paid as the meter or the paytable shows it.
    """

    number: int
    length: int
    paytable: str
    name: str
    pays: str
    wager: str
    wager_chips: str
    award: str
    rule: Markup
    """The clause that prints the line, drawn with its provenance and text."""

    @property
    def label(self) -> str:
        """The chips field's accessible name: which payout it pays, of which line, on which wager."""
        on = f"on a {self.wager} wager" if self.wager else f"an award of {self.award}"
        return f"Chips for payout {self.number} of {self.length}: {self.name}, {on}"


def show_payout(sprint: PayoutSprint) -> ShownPayout | None:
    """The payout due next, starting the server's clock when the first is shown; None once the sprint is over."""
    if sprint.finished_at is not None:
        return None
    if sprint.started_at is None:
        PayoutSprint.objects.filter(pk=sprint.pk, started_at__isnull=True).update(started_at=timezone.now())
        sprint.refresh_from_db(fields=["started_at"])
    kept = sprint.payouts[len(sprint.marks)]
    wager = kept["wager"]
    chips = spoken_chips(highest_first(wager, HOUSE.rack), HOUSE.rack) if wager else ""
    return ShownPayout(
        len(sprint.marks) + 1,
        sprint.length,
        kept["paytable"],
        kept["name"],
        kept["pays"],
        format_cents(wager) if wager else "",
        chips,
        "" if wager else format_cents(kept["due"]),
        citation_html(cite(kept["clause"])),
    )


@dataclass(frozen=True)
class PaidAnswer:
    """What paying a sprint's payout answered: the verdict's words, and whether it was right."""

    right: bool
    words: str


def pay(sprint_id: int, trainee: User, number: int, chips: str) -> PaidAnswer:
    """Grade the chips paying payout ``number`` of the trainee's sprint, then show the next or end the sprint.

    ChipsError, nothing changed, for chips the rack cannot move, a payout already paid or not yet shown, or a sprint
    that is over.
    """
    now = timezone.now()
    with transaction.atomic():
        sprint = PayoutSprint.objects.select_for_update().get(pk=sprint_id, trainee=trainee)
        if sprint.finished_at is not None or sprint.started_at is None:
            raise ChipsError("This sprint is over: start another from the sprints page.")
        if number != len(sprint.marks) + 1:
            raise ChipsError(f"Payout {number} is not the one due: pay payout {len(sprint.marks) + 1}.")
        kept = sprint.payouts[len(sprint.marks)]
        paid = pay_payout(kept["due"], kept["wager"], chips, HOUSE.rack, HOUSE.chipping)
        sprint.marks = [*sprint.marks, RIGHT if paid.error is None else paid.error.value]
        fields = ["marks"]
        if len(sprint.marks) == sprint.length:
            sprint.finished_at = now
            sprint.milliseconds = round((now - sprint.started_at).total_seconds() * 1000)
            fields += ["finished_at", "milliseconds"]
        sprint.save(update_fields=fields)
        if sprint.finished_at is not None and statements.enabled():
            statements.queue(sprint_statement(sprint), now)
    return PaidAnswer(paid.right, f"Payout {number}: {paid.words}")


SPRINT_LENGTH_CHOICES = tuple((length, f"{length} payouts") for length in SPRINT_LENGTHS)
