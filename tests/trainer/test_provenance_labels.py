"""Provenance in words a school uses: every page labels a rule Regulation, Inferred or Your house procedure."""

import inspect
import re
from html import unescape

import pytest
from django.urls import get_script_prefix, reverse, set_script_prefix
from exam_helpers import deal
from table_helpers import make_trainee

from scenarios.drill_library import load_drill_library
from simulator.core.citations import Provenance
from simulator.core.clauses import CLAUSES
from trainer import round_store, services
from trainer.controls import StepFrame
from trainer.demo_tables import create_demo_tables
from trainer.frames import TableFrames
from trainer.models import Mode
from trainer.snapshots import Viewer

pytestmark = pytest.mark.django_db

DEVELOPERS_WORDS = re.compile(r"(?i:\bseed|not retrieved|cut off)|EXAMPLE|Representative")
"""Words of the developers' notes that no trainee or instructor reads: how the regulation text was obtained."""

QUOTED = sorted(
    (
        unescape(citation.text)
        for citation in CLAUSES.values()
        if citation.provenance in {Provenance.SEED, Provenance.PA_CODE}
    ),
    key=len,
    reverse=True,
)
"""The regulation's own words, which may say "seed amount" (§685b.1(j)) and are quoted as they are."""


def visible_text(page: str) -> str:
    """What a person reads or hears of a page: its text and its titles and labels, without the regulation's quotes."""
    page = re.sub(r"<(script|style)\b.*?</\1>", " ", page, flags=re.DOTALL)
    labels = " ".join(re.findall(r'(?:title|aria-label|alt)="([^"]*)"', page))
    text = re.sub(r"\s+", " ", unescape(re.sub(r"<[^>]+>", " ", page) + " " + labels))
    for quote in QUOTED:
        text = text.replace(quote, " ")
    return text


def developers_words(page: str) -> list[str]:
    """The developers' words a page shows."""
    return DEVELOPERS_WORDS.findall(visible_text(page))


def a_wrong_step(attempt) -> StepFrame:
    """A step of the game that takes no argument and is not the one due: graded wrong, with the rule it broke."""
    round_ = round_store.live_round(attempt)
    due = round_.next_action().step
    step = next(
        name
        for name in sorted(round_.step_names())
        if name != due and not inspect.signature(getattr(round_, name)).parameters
    )
    return StepFrame(attempt.last_sequence + 1, step, {})


def test_no_page_a_trainee_reads_at_any_game_shows_the_developers_words(client) -> None:
    trainee = make_trainee()
    client.force_login(trainee)
    for table in create_demo_tables():
        attempt = services.start_round(trainee, table, Mode.PRACTICE, seed_value=13)
        reply = services.apply_step(attempt.pk, trainee, a_wrong_step(attempt))
        assert reply.graded is not None and not reply.graded.correct
        attempt.refresh_from_db()
        during = client.get(reverse("attempt", args=[attempt.pk])).text
        assert "House rules at this table" in during and 'class="verdict wrong"' in during
        assert developers_words(during) == [], table.game
        deal(attempt, trainee)
        after = client.get(reverse("attempt", args=[attempt.pk])).text
        assert "Errors in this round" in after
        assert developers_words(after) == [], table.game
        assert reverse("provenance") in during and reverse("provenance") in after


def test_the_drill_library_and_the_legend_show_no_developers_words(client) -> None:
    load_drill_library()
    client.force_login(make_trainee())
    library = client.get(reverse("drills")).text
    legend = client.get(reverse("provenance")).text
    assert developers_words(library) == [] and developers_words(legend) == []
    assert f'href="{reverse("provenance")}"' in library


def test_the_labels_are_the_schools_regulation_inferred_and_your_house_procedure(client) -> None:
    client.force_login(make_trainee())
    legend = visible_text(client.get(reverse("provenance")).text)
    for label in ("Regulation (51 Pa.B. 5607 §…)", "Inferred (not in the regulation text we have: …)"):
        assert label in legend
    assert "Your house procedure" in legend
    assert CLAUSES["§645b.1(h)"].label == "Regulation (51 Pa.B. 5607 §645b.1(h))"
    assert CLAUSES["§685a.7(c)"].label == "Regulation (58 Pa. Code §685a.7(c))"
    assert CLAUSES["§645a.11(e)"].label.startswith("Inferred (not in the regulation text we have: from Indiana's")
    assert CLAUSES["Dice wager settlement order"].label == "Your house procedure"


def test_the_legend_is_reached_from_a_verdict_by_keyboard_as_a_plain_link(client) -> None:
    trainee = make_trainee()
    client.force_login(trainee)
    attempt = services.start_round(trainee, create_demo_tables()[0], Mode.PRACTICE, seed_value=13)
    services.apply_step(attempt.pk, trainee, a_wrong_step(attempt))
    page = client.get(reverse("attempt", args=[attempt.pk])).text
    feedback = page[page.index('id="feedback"') :]
    feedback = feedback[: feedback.index("</section>")]
    assert f'<a href="{reverse("provenance")}">' in feedback


def test_a_verdicts_link_to_the_legend_follows_the_script_prefix_the_school_is_served_under() -> None:
    trainee = make_trainee()
    attempt = services.start_round(trainee, create_demo_tables()[0], Mode.PRACTICE, seed_value=13)
    reply = services.apply_step(attempt.pk, trainee, a_wrong_step(attempt))
    at_the_root = TableFrames(Viewer.TRAINEE).table(reply.snapshot, reply)
    served_under = get_script_prefix()
    try:
        set_script_prefix("/school/")
        under_a_prefix = TableFrames(Viewer.TRAINEE).table(reply.snapshot, reply)
        legend = reverse("provenance")
    finally:
        set_script_prefix(served_under)
    assert legend.startswith("/school/")
    assert f'<a href="{legend}">' in under_a_prefix
    assert f'<a href="{reverse("provenance")}">' in at_the_root and legend not in at_the_root
