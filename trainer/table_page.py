"""The table page's regions for a viewer: the felt, status, feedback, log, score card and floorperson panel."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

from django.urls import get_script_prefix, reverse
from markupsafe import Markup

from grading.pace import Pace
from grading.scoring import (
    CombinedResult,
    Failure,
    GradedStep,
    PassRule,
    ScoreCard,
    clock_text,
    percent_text,
    seconds_text,
    step_numbers,
)
from simulator.core.chip_inventory import TABLE_CHIP_INVENTORY, of_rack, opening_chips
from simulator.core.chips import Rack, chip_total
from simulator.core.citations import Citation, Provenance
from simulator.core.json_values import JsonValue, json_int, json_list, json_object, json_str, json_strings
from simulator.core.money import format_cents
from simulator.core.rules import HouseOption
from simulator.core.table_cash import TableCashMixin
from simulator.games import GAMES
from trainer.controls import table_rack
from trainer.felt import Region, render
from trainer.felt_signs import PROVENANCE_CLASSES
from trainer.models import Attempt, Floorperson, Mode, Table
from trainer.pace_reads import round_pace
from trainer.scenario_answers import place_of
from trainer.services import StepReply
from trainer.sittings import SittingPlace, sitting_of
from trainer.snapshots import AnyTableSnapshot, Viewer
from trainer.submission_answers import school_citations
from trainer.tables import table_description

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


def floorperson_context(snapshot: AnyTableSnapshot) -> dict[str, str] | None:
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
    """A rule's markup: its provenance label and source, clause, text and note; drawn once for each rule."""
    drawn = {
        "clause": citation.clause,
        "provenance": PROVENANCE_CLASSES[citation.provenance],
        "kind": citation.kind,
        "publication": citation.publication,
        "source": citation.source,
        "text": citation.text,
        "note": "" if citation.provenance is Provenance.PA_INFERRED else citation.note,
    }
    return render("trainer/_citation.html", {"citation": drawn})


def provenance_path() -> str:
    """The path of the page explaining the rules' provenance labels, which every graded step's feedback links to."""
    return path_under(get_script_prefix(), "provenance")


@lru_cache(maxsize=16)
def path_under(prefix: str, name: str) -> str:
    """A route's path under ``prefix``, the thread's script prefix that ``reverse`` reads: reversed once for each.

    The URL conf never changes at run time, so a route's path changes only with the prefix it is served under.
    """
    return reverse(name)


def attempt_rack(attempt: Attempt) -> Rack:
    """The rack of the attempt's round, from the rules its log was dealt with."""
    return table_rack(attempt.table.game, json_object(json_object(attempt.log["setup"])["rules"]))


def graded_context(graded: GradedStep, game: str, rack: Rack) -> dict[str, Any]:
    """A graded step at a table of ``game`` as the feedback panel, the score card and the instructor list show it.

    What the trainee did names the chips by their colours in the round's ``rack``.
    """
    return {
        "correct": graded.correct,
        "omitted": graded.omitted,
        "did": table_description(game).describe(graded.step, graded.arguments, rack),
        "expected": graded.expected_description,
        "message": graded.message,
        "severity": graded.severity.value if graded.severity else None,
        "citation": citation_context(graded.citation),
        "seconds": seconds_text(graded.elapsed_ms),
    }


def graded_list_context(snapshot: AnyTableSnapshot) -> list[dict[str, Any]]:
    """Every graded attempt for the instructor, numbered as the score card numbers steps: "Step k of N" once over."""
    graded, rack = snapshot.graded_steps, snapshot.rack
    of = snapshot.score_card.steps if snapshot.score_card else None
    return [
        graded_context(step, snapshot.game, rack) | {"step_number": number, "of": of}
        for number, step in zip(step_numbers(graded), graded, strict=True)
    ]


def pass_rule_context(rule: PassRule) -> str:
    """The pass rule as the tables page, the exam table and the score card state it."""
    return f"To pass: {rule.text}."


def speed_note(rule: PassRule, setter: str = "this table", judged: str = "round") -> str:
    """How speed counts toward passing: only through the time limit of what is judged, never the step targets."""
    targets = "the step targets below are the school's timed standards and never fail a round on their own"
    if rule.time_limit_seconds is None:
        return f"Speed does not count toward passing here: {setter} sets no time limit, and {targets}."
    limit = clock_text(rule.time_limit_seconds * 1000)
    return f"Speed counts toward passing only through the {judged}'s time limit of {limit}; {targets}."


def verdict_text(failures: Sequence[Failure]) -> str:
    """The verdict in words: passed, or not passed with each part of the rule that was not met."""
    return f"Not passed: {'; '.join(failure.text for failure in failures)}" if failures else "Passed"


def combined_result_context(result: CombinedResult) -> dict[str, Any]:
    """A scenario run's result, its rounds together, as the last round's score card shows it."""
    return {
        "passed": result.passed,
        "verdict": verdict_text(result.failures),
        "rule": f"To pass: {result.rule.stated('attempt')}.",
        "accuracy": percent_text(result.accuracy),
        "steps": result.steps,
        "correct": result.correct,
        "critical_errors": result.critical_errors,
        "minutes": clock_text(result.total_ms),
    }


def run_context(attempt_id: int) -> dict[str, Any] | None:
    """The round's place in its scenario run, the run's result after its last round, and what the next deal does.

    None for a round outside a run (an ordinary table, an exam). The next deal is of the scenario's newest published
    version: it continues this run while that is the run's version, and begins a new run after the last round.
    """
    place = place_of(attempt_id)
    if place is None:
        return None
    continues = place.of_newest and place.position < place.of
    return {
        "position": place.position,
        "of": place.of,
        "result": None if place.result is None else combined_result_context(place.result),
        "deal_version_id": place.newest_version_id,
        "deal_label": f"Deal round {place.position + 1} of {place.of}" if continues else "Deal this scenario again",
    }


def chip_inventory_context(inventory: Mapping[str, JsonValue] | None) -> dict[str, Any] | None:
    """A round's chip inventory as the score card and the replay show it: each denomination, the totals, the drop."""
    if inventory is None:
        return None
    rows = [json_object(row) for row in json_list(inventory["denominations"])]
    findings = json_strings(inventory["findings"])
    return {
        "rows": [{**row, "denomination": format_cents(json_int(row["cents"]))} for row in rows],
        "opening": format_cents(json_int(inventory["opening"])),
        "filled": format_cents(json_int(inventory["filled"])),
        "fills": [json_object(fill) for fill in json_list(inventory["fills"])],
        "fill_citation": json_str(inventory["fill_citation"]),
        "closing": format_cents(json_int(inventory["closing"])),
        "dropped": format_cents(json_int(inventory["dropped"])),
        "sold": format_cents(json_int(inventory["sold"])),
        "findings": findings,
        "reconciled": not findings,
        "citation": json_str(inventory["citation"]),
    }


def table_chips_context(table: Table) -> dict[str, Any] | None:
    """The chips in a table's rack now, which its next round opens with; None at a table of a game taking no cash."""
    if not issubclass(GAMES[table.game].round_class, TableCashMixin):
        return None
    rack = table_rack(table.game, table.rules)
    chips = opening_chips(table.chip_inventory, rack)
    return {
        "rows": [
            {"denomination": format_cents(each.cents), "colour": each.colour, "count": chips[each.cents]}
            for each in rack
        ],
        "total": format_cents(chip_total(chips)),
        "carried": table.chip_inventory is not None and of_rack(table.chip_inventory, rack),
        "citation": TABLE_CHIP_INVENTORY.clause,
    }


def score_card_context(
    score_card: ScoreCard, game: str, rack: Rack, inventory: Mapping[str, JsonValue] | None = None
) -> dict[str, Any]:
    """A round's score card at ``game``: figures, the pass rule and what failed, each step's and skill's time.

    The steps name chips by their colours in the round's ``rack``. ``inventory`` is the round's chip inventory
    reconciled, where the live round is at hand to work it out.
    """
    targets = {skill.skill: skill.target_seconds for skill in score_card.skills}
    of = score_card.steps
    return {
        "inventory": chip_inventory_context(inventory),
        "steps": score_card.steps,
        "correct": score_card.correct,
        "attempts": score_card.attempts,
        "accuracy": score_card.accuracy_text,
        "critical_errors": score_card.critical_errors,
        "minutes": clock_text(score_card.total_ms),
        "pace": Pace(game, 1, score_card.total_ms).text,
        "passed": score_card.passed,
        "rule": pass_rule_context(score_card.rule),
        "verdict": verdict_text(score_card.failures),
        "speed_note": speed_note(score_card.rule),
        "errors": [
            graded_context(error.graded, game, rack) | {"step_number": error.step_number, "of": of}
            for error in score_card.errors
        ],
        "step_times": [
            {
                "number": time.number,
                "of": of,
                "did": table_description(game).describe(time.step, time.arguments, rack),
                "omitted": time.omitted,
                "attempts": time.attempts,
                "right_first_time": time.right_first_time,
                "seconds": seconds_text(time.elapsed_ms),
                "target": "" if time.skill is None else f"{targets[time.skill]} s",
                "over_target": time.skill is not None and time.elapsed_ms > targets[time.skill] * 1000,
            }
            for time in score_card.step_times
        ],
        "skills": [
            {
                "name": skill.name,
                "steps": skill.steps,
                "median": seconds_text(skill.median_ms),
                "target": f"{skill.target_seconds} s",
                "over_target": skill.over_target,
            }
            for skill in score_card.skills
        ],
    }


def feedback_context(snapshot: AnyTableSnapshot, viewer: Viewer, reply: StepReply | None) -> dict[str, Any]:
    """The feedback panel: the grade at once in practice, only "recorded" in an exam, or a notice.

    A step the trainee left out in an exam, which the table performed before the step that showed it, is said at
    once: the table changed in front of the trainee. An instructor's panel answers only the instructor's own frames
    (a refused validation's notice); the trainee's grades are in the graded steps. A frame that cannot be read is
    answered by :func:`error_feedback` instead.
    """
    watching = viewer is Viewer.INSTRUCTOR
    graded = None if watching or reply is None else reply.graded
    if graded is None and reply is None and snapshot.graded_steps and not watching:
        graded = snapshot.graded_steps[-1]
    exam = snapshot.mode == Mode.EXAM
    silent = viewer is Viewer.TRAINEE and exam and not snapshot.finished
    shown = graded if graded and not silent else None
    return {
        "watching": watching,
        "error": "",
        "notice": reply.notice.value if reply and reply.notice else "",
        "graded": graded_context(shown, snapshot.game, snapshot.rack) if shown else None,
        "recorded": bool(graded) and silent,
        "omitted": graded.omission.message if graded and graded.omission else "",
        "exam": exam,
        "rule": exam_rule_of(snapshot) if exam else "",
        "alert": wrong_verdict_alert(shown) if reply and shown else "",
        "provenance": provenance_path(),
    }


def wrong_verdict_alert(graded: GradedStep) -> str:
    """What the assertive alert says at once of a step just graded: a wrong one's severity and message, else nothing."""
    if graded.correct or graded.severity is None:
        return ""
    return f"Wrong, {graded.severity.value} error: {graded.message}"


def error_feedback(message: str) -> dict[str, Any]:
    """The feedback panel holding only an error: the frame could not be read, and the table is unchanged."""
    return {
        "watching": False,
        "error": message,
        "notice": "",
        "graded": None,
        "recorded": False,
        "omitted": "",
        "exam": False,
        "rule": "",
        "alert": message,
        "provenance": provenance_path(),
    }


def feedback_regions(feedback: dict[str, Any]) -> list[Region]:
    """The feedback panel (polite) and its alert (assertive): two live regions whose words a frame swaps."""
    return [
        Region("feedback", "trainer/_feedback.html", {"feedback": feedback}),
        Region("feedback-alert", "trainer/_feedback_alert.html", {"alert": feedback["alert"]}),
    ]


def status_context(snapshot: AnyTableSnapshot, viewer: Viewer) -> dict[str, Any]:
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


def house_option_context(option: HouseOption, citation: Citation) -> dict[str, Any]:
    """A table option that fills a gap in the regulation, with the reason it is not law as the school words it."""
    return {"name": option.title, "value": option.value, "citation": citation_context(citation)}


def house_options_context(game: str, rules: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The table's house options, each cited in the school's own wording where it has one (one query)."""
    options = GAMES[game].table_house_options(rules)
    cited = school_citations(option.citation for option in options)
    return [house_option_context(option, citation) for option, citation in zip(options, cited, strict=True)]


def felt_region(snapshot: AnyTableSnapshot, viewer: Viewer) -> Region:
    """The felt as the viewer sees it, with its parts (seats, displays) that a frame redraws one by one."""
    layout = table_description(snapshot.game)
    felt, parts = layout.felt_parts(snapshot, viewer)
    return Region(
        "felt",
        "trainer/_felt.html",
        {"felt": {**felt, "template": layout.felt_template}},
        parts=parts,
        shell=(layout.felt_template, felt["finished"]),
    )


def posted_region(felt: Region) -> Region:
    """What the table posts beside its felt, folded: the paytables and the progressive displays' notes."""
    return Region("posted", "trainer/_posted.html", {"posted": felt.context["felt"]["posted"]})


def sitting_place_of(snapshot: AnyTableSnapshot) -> SittingPlace | None:
    """The round's place in an exam sitting; None for a round of its own (a round of a table is never in one)."""
    return sitting_of(snapshot.attempt_id) if snapshot.from_scenario else None


def exam_rule_text(place: SittingPlace) -> str:
    """The exam's pass rule, naming the exam: it judges the sitting's rounds together, never a round alone."""
    return (
        f"To pass the exam “{place.exam_name}”: {place.pass_rule.stated('sitting')}, over every round of the sitting."
    )


def exam_rule_of(snapshot: AnyTableSnapshot) -> str:
    """The rule an exam round states before its first step: the exam's in a sitting, else the table's."""
    place = sitting_place_of(snapshot)
    return exam_rule_text(place) if place else pass_rule_context(snapshot.pass_rule)


def sitting_context(place: SittingPlace) -> dict[str, Any]:
    """A round's place in its sitting as its score card states it: the exam's rule, and no verdict of its own."""
    return {
        "id": place.sitting_id,
        "exam": place.exam_name,
        "position": place.position,
        "of": place.rounds,
        "rule": exam_rule_text(place),
        "speed_note": speed_note(place.pass_rule, "the exam", "sitting"),
    }


def table_regions(snapshot: AnyTableSnapshot, viewer: Viewer, feedback: dict[str, Any]) -> list[Region]:
    """The regions of the viewer's table that a frame carries, in the order a frame carries them.

    The trainee sees the feedback and, at the end, the score card; an instructor sees the floorperson's panel and
    every graded step. The table log is hidden from a trainee in an exam until the round is over.
    """
    sees_log = viewer is Viewer.INSTRUCTOR or snapshot.mode == Mode.PRACTICE or snapshot.finished
    hides_log = snapshot.mode == Mode.EXAM and viewer is Viewer.TRAINEE
    trainee = viewer is Viewer.TRAINEE
    felt = felt_region(snapshot, viewer)
    regions = [
        felt,
        posted_region(felt),
        Region(
            "sequence",
            "trainer/_sequence.html",
            {"next_sequence": snapshot.sequence + 1, "next_step": snapshot.next_step if trainee else None},
        ),
        Region("status", "trainer/_status.html", {"status": status_context(snapshot, viewer)}),
    ]
    log = Region(
        "table-log", "trainer/_table_log.html", {"log": snapshot.log if sees_log else (), "hides_log": hides_log}
    )
    if viewer is Viewer.TRAINEE:
        score_card = (
            score_card_context(snapshot.score_card, snapshot.game, snapshot.rack, snapshot.chip_inventory)
            if snapshot.score_card
            else None
        )
        deal = {"table_id": snapshot.table_id, "mode": snapshot.mode.value, "attempt_id": snapshot.attempt_id}
        in_scenario = score_card is not None and snapshot.from_scenario
        place = sitting_place_of(snapshot) if in_scenario else None
        next_step = {
            "score_card": score_card,
            "deal": deal,
            "sitting": sitting_context(place) if place else None,
            "run": run_context(snapshot.attempt_id) if in_scenario else None,
            "pace": round_pace(snapshot) if score_card else None,
        }
        return [
            *regions,
            *feedback_regions(feedback),
            log,
            Region("score-card", "trainer/_score_card.html", next_step),
        ]
    floorperson = {
        "floorperson": floorperson_context(snapshot),
        "instructor_validates": snapshot.floorperson == Floorperson.INSTRUCTOR,
    }
    return [
        *regions,
        *feedback_regions(feedback),
        Region("floorperson", "trainer/_floorperson.html", floorperson),
        Region("graded-steps", "trainer/_graded_steps.html", {"graded_steps": graded_list_context(snapshot)}),
        log,
    ]


def page_context(snapshot: AnyTableSnapshot, viewer: Viewer) -> dict[str, Any]:
    """Everything the table page draws: the controls, the house rules and every region of the viewer's table.

    The regions come already drawn, as a new connection's first frame draws them, by their element ids written
    with underscores (``regions.score_card``).
    """
    layout = table_description(snapshot.game)
    regions = table_regions(snapshot, viewer, feedback_context(snapshot, viewer, None))
    place = sitting_place_of(snapshot)
    return {
        "snapshot": snapshot,
        "viewer": viewer.value,
        "sitting": sitting_context(place) if place else None,
        "run": run_context(snapshot.attempt_id) if snapshot.from_scenario else None,
        "controls": layout.controls_context(snapshot) | {"template": layout.controls_template},
        "house_options": house_options_context(snapshot.game, snapshot.rules),
        "regions": {region.element_id.replace("-", "_"): render_region(region, oob=False) for region in regions},
    }


def render_region(region: Region, *, oob: bool) -> Markup:
    """A region's HTML; in a frame (``oob``) marked for htmx to swap it out of band by its id."""
    return render(region.template, region.context | {"oob": oob})
