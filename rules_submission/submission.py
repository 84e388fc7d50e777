"""The school's own Rules Submission: its wording of each house procedure and the paytables it files, versioned.

A house procedure's verdict cites the school's newest wording, labelled "Rules Submission of <school>", or the
default wording, labelled "Default (not yet approved by <school>)". The grade keeps the citation as it was at the
step, so a later version changes no verdict already given. A Pai Gow Poker table whose rules use the default
Fortune Bonus or Progressive Payout paytable is dealt the school's newest filed one instead, and so is a table where
the trainee deals Three Card Poker or Ultimate Texas Hold 'Em whose rules use a default Pair Plus, Ante Bonus, Blind
or Trips paytable; the round's own log keeps that paytable, version and all, so replays and score cards never
change.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Mapping
from dataclasses import replace
from datetime import datetime
from functools import cache

from django.conf import settings
from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone
from django.utils.text import slugify

from core.school_profile import school_name
from grading.scoring import GradedStep
from rules_submission.house_reads import newest_wordings_and_name
from rules_submission.models import FiledPaytable, HouseWording, PaytableKind
from simulator.carnival.games import CARNIVAL_GAMES
from simulator.carnival.poker import CarnivalGame, PaytableChoice
from simulator.core.citations import Citation, Provenance
from simulator.core.clauses import CLAUSES
from simulator.core.json_values import JsonObject, JsonValue
from simulator.core.mystery_meter import BaseGameDealer
from simulator.core.rules import RulesError
from simulator.pai_gow.rules import TableRules
from trainer.models import Table

PAI_GOW = "pai-gow-poker"
"""The game whose Rules Submission files the paytables of §645a.13."""
PAI_GOW_KINDS = (PaytableKind.FORTUNE, PaytableKind.PROGRESSIVE)
"""The paytables of §645a.13, each a Pai Gow Poker table option."""

CARNIVAL_KINDS: Mapping[PaytableKind, tuple[CarnivalGame, PaytableChoice]] = {
    PaytableKind(choice.option): (game, choice) for game in CARNIVAL_GAMES.values() for choice in game.paytable_choices
}
"""Each carnival poker paytable the school files, with its game and the table option it fills."""

HOUSE_CLAUSES = {
    slugify(clause): citation for clause, citation in CLAUSES.items() if citation.provenance is Provenance.HOUSE
}
"""Every house procedure of the catalogue by the slug its page is addressed by."""

if len(HOUSE_CLAUSES) != sum(citation.provenance is Provenance.HOUSE for citation in CLAUSES.values()):
    raise ValueError("Two house procedures share a slug: their pages would be one.")


def default_label(school: str | None = None) -> str:
    """How a house procedure or paytable the school (named ``school``, else as saved) has not filed is labelled."""
    return f"Default (not yet approved by {school_name() if school is None else school})"


def submission_label(version: int, saved_at: datetime, school: str | None = None) -> str:
    """How a filed version is cited: the Rules Submission of the school (``school``, else as saved), version and day."""
    school = school_name() if school is None else school
    return f"Rules Submission of {school}, version {version} of {timezone.localdate(saved_at):%d %B %Y}"


def filing_label(citation: Citation) -> str:
    """Where a house paytable's numbers come from: the Rules Submission it names, else the default's label."""
    return citation.submission or default_label()


def current_wordings(clauses: Iterable[str] | None = None) -> dict[str, HouseWording]:
    """The newest version of each house procedure the school has worded (of ``clauses``, or all), in one query."""
    wordings = HouseWording.objects.order_by("clause", "-version")
    if clauses is not None:
        wordings = wordings.filter(clause__in=list(clauses))
    newest: dict[str, HouseWording] = {}
    for wording in wordings:
        newest.setdefault(wording.clause, wording)
    return newest


def wordings_and_name(clauses: Collection[str]) -> tuple[dict[str, HouseWording], Callable[[], str]]:
    """The newest wording of each of ``clauses`` the school has worded, and its name, read only if asked for."""
    return current_wordings(clauses), cache(school_name)


def worded(citation: Citation, wordings: Mapping[str, HouseWording], school: Callable[[], str]) -> Citation:
    """A house procedure in the school's newest wording, or labelled as the default; any other rule as it is."""
    if citation.provenance is not Provenance.HOUSE or citation.submission:
        return citation
    wording = wordings.get(citation.clause)
    if wording is None or not wording.text:
        return replace(citation, submission=default_label(school()))
    label = submission_label(wording.version, wording.saved_at, school())
    return replace(citation, text=wording.text, submission=label)


def school_citations(citations: Iterable[Citation]) -> list[Citation]:
    """The citations as the school words its house procedures: in one plain SQL read on the cached round store."""
    citations = list(citations)
    houses = {citation.clause for citation in citations if citation.provenance is Provenance.HOUSE}
    if not houses:
        return citations
    read = newest_wordings_and_name if settings.ROUND_STORE == "cached" else wordings_and_name
    wordings, school = read(houses)
    return [worded(citation, wordings, school) for citation in citations]


def school_graded(graded: GradedStep) -> GradedStep:
    """A graded step citing the school's wording of its house procedure, and its omission's, as of now."""
    omission = graded.omission
    cited = school_citations([graded.citation] if omission is None else [graded.citation, omission.citation])
    if omission is not None:
        omission = replace(omission, citation=cited[1])
    return replace(graded, citation=cited[0], omission=omission)


def save_wording(clause: str, text: str, user: User) -> HouseWording:
    """Save the school's wording of a house procedure as its next version."""
    with transaction.atomic():
        newest = HouseWording.objects.select_for_update().filter(clause=clause).order_by("-version").first()
        version = 1 if newest is None else newest.version + 1
        return HouseWording.objects.create(clause=clause, version=version, text=text.strip(), saved_by=user)


def current_paytable(kind: PaytableKind) -> FiledPaytable | None:
    """The school's newest filed paytable of a kind, or None while the default stands."""
    return FiledPaytable.objects.filter(kind=kind).order_by("-version").first()


def filed_json(filed: FiledPaytable) -> JsonObject:
    """A filed version as the engine reads it, cited as its version of the school's Rules Submission."""
    return {**filed.paytable, "submission": submission_label(filed.version, filed.saved_at)}


def with_paytable(kind: PaytableKind, rules: Mapping[str, JsonValue], paytable: JsonObject) -> JsonObject:
    """Pai Gow Poker rules with the filed paytable where they use the default; RulesError if they then do not hold.

    Rules that leave the wager out or choose another paytable stay as they are. A Progressive Payout paytable
    brings its wager.
    """
    used = getattr(TableRules.from_json(rules), kind)
    if used is None or used != getattr(TableRules(), kind):
        return dict(rules)
    changed: JsonObject = {**rules, kind: paytable}
    if kind == PaytableKind.PROGRESSIVE:
        changed["progressive_wager"] = paytable["wager"]
    TableRules.from_json(changed)
    return changed


def filed_rules(game: str, rules: Mapping[str, JsonValue]) -> Mapping[str, JsonValue]:
    """A table's rules as the school's Rules Submission deals them: its newest filed paytables in the defaults' place.

    Pai Gow Poker rules a filed paytable does not fit (a table edited after it was filed) keep the default, which
    the felt labels as such. A carnival poker game's paytables are filed only where the trainee deals it.
    """
    if game == PAI_GOW:
        for kind in PAI_GOW_KINDS:
            filed = current_paytable(kind)
            if filed is not None:
                try:
                    rules = with_paytable(kind, rules, filed_json(filed))
                except RulesError:
                    continue
        return rules
    carnival = CARNIVAL_GAMES.get(game)
    if carnival is None or rules.get("base_game") != BaseGameDealer.TRAINEE:
        return rules
    dealt = dict(rules)
    for choice in carnival.paytable_choices:
        if rules.get(choice.option, choice.default) == choice.default:
            filed = current_paytable(PaytableKind(choice.option))
            if filed is not None:
                dealt[choice.option] = filed_json(filed)
    return dealt


def misfits(kind: PaytableKind, paytable: JsonObject) -> list[str]:
    """Why each Pai Gow Poker table using the default could not deal this paytable, in words; none, all can.

    A carnival poker paytable the engine reads fits every table: it is dealt only where the trainee deals the game.
    """
    if kind not in PAI_GOW_KINDS:
        return []
    problems = []
    for table in Table.objects.filter(game=PAI_GOW).order_by("name"):
        try:
            with_paytable(kind, table.rules, paytable)
        except RulesError as error:
            problems.append(f"The table {table.name} could not deal it: {error}")
    return problems


def save_paytable(kind: PaytableKind, paytable: JsonObject, user: User) -> FiledPaytable:
    """Save a paytable the engine has read (less its submission) as the kind's next version."""
    with transaction.atomic():
        newest = FiledPaytable.objects.select_for_update().filter(kind=kind).order_by("-version").first()
        version = 1 if newest is None else newest.version + 1
        return FiledPaytable.objects.create(kind=kind, version=version, paytable=paytable, saved_by=user)
