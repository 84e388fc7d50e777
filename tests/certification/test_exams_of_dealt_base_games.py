"""Exams at the tables where the trainee deals the base game (MHB option base_game, Down Under option trainee_deals):
set by an instructor, dealt over the WebSocket, certified, replayed with each step's citation, and a mistake in a
later round counted in the errors by clause and under its skill, as at any other table."""

import json
import re
from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import timedelta
from io import BytesIO
from typing import Any

import pytest
from channels.db import database_sync_to_async
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from exam_helpers import exam_school
from markupsafe import escape
from pypdf import PdfReader
from test_consumers import connected, server_side, session_cookie
from test_down_under_hand_table import browser_frame
from test_exam_rounds_reveal_nothing import wrong_arguments

from certification.models import Certificate, Exam, ExamSitting
from grading.scoring import GradedStep, ScoreCard
from grading.standards import SKILLS, skill_of
from reports.replay import replay_context
from scenarios.scenario_versions import create_scenario, publish
from simulator.blackjack.table import TraineeDeals
from simulator.carnival.three_card_poker import THREE_CARD_POKER
from simulator.core.mystery_meter import BaseGameDealer
from simulator.core.procedure import Actor
from simulator.games import DOWN_UNDER_BLACKJACK, GAMES
from simulator.scenarios import ScenarioSpec
from trainer import demo_tables, services
from trainer.models import Attempt, Mode, Table
from trainer.table_page import citation_html

pytestmark = [pytest.mark.asyncio, pytest.mark.django_db(transaction=True)]

PRACTICE_SEED = 5
"""The seed of the practice round with the mistake: its dealer's hand is qualified and a Blackjack Wager settled."""


@dataclass(frozen=True)
class DealtTable:
    """A kind of table where the trainee deals the base game: its game, which demo table, the skills it exercises."""

    game: str
    base_game: str
    dealt_by_trainee: Callable[[Any], bool]
    dealt_skill: str
    mistaken_skill: str


DEALT_TABLES = (
    DealtTable(
        THREE_CARD_POKER.key,
        THREE_CARD_POKER.name,
        lambda rules: rules.base_game is BaseGameDealer.TRAINEE,
        "delivering_a_hand",
        "qualifying_the_dealer",
    ),
    DealtTable(
        DOWN_UNDER_BLACKJACK.key,
        DOWN_UNDER_BLACKJACK.name,
        lambda rules: rules.trainee_deals is TraineeDeals.WHOLE_ROUND,
        "settling_a_blackjack_wager",
        "settling_a_blackjack_wager",
    ),
)
"""The Three Card Poker table whose trainee deals the game, and the Down Under Blackjack table of the whole round."""


def demo_table_of(dealt: DealtTable) -> Table:
    """The school's demo table of the kind, as the ``school`` command sets it up."""
    game = GAMES[dealt.game]
    tables = [table for table in demo_tables.create_demo_tables() if table.game == dealt.game]
    return next(table for table in tables if dealt.dealt_by_trainee(game.read_rules(table.rules)))


def as_(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


@database_sync_to_async
def set_exam(dealt: DealtTable):
    """Ivy publishes a one-round scenario at the demo table's rules and schedules an exam of it on the exam form."""
    instructor, cohort, alice, _, _ = exam_school()
    table = demo_table_of(dealt)
    spec = ScenarioSpec.from_json({"game": dealt.game, "rules": table.rules, "mode": "practice", "rounds": 1})
    version = publish(create_scenario(f"{table.name}, exam", instructor, spec))
    now = timezone.localtime()
    form = {
        "name": f"{GAMES[dealt.game].name} dealt by the trainee",
        "cohort": cohort.pk,
        "scenario_1": version.pk,
        "opens_at": (now - timedelta(minutes=1)).strftime("%Y-%m-%dT%H:%M"),
        "closes_at": (now + timedelta(days=1)).strftime("%Y-%m-%dT%H:%M"),
        "attempts_allowed": 1,
        "pass_accuracy_percent": 100,
        "critical_error_fails": "on",
        "validity_months": 12,
    }
    response = as_(instructor).post(reverse("exam_new"), form)
    exam = Exam.objects.get(name=form["name"])
    assert response.status_code == 302, response.content.decode()
    return instructor, cohort, alice, exam


@database_sync_to_async
def sit(exam, trainee):
    """The trainee begins a sitting on the exam page; the round it opens, and the session to deal it with."""
    response = as_(trainee).post(reverse("sit_exam", args=[exam.pk]))
    sitting = ExamSitting.objects.get(exam=exam, trainee=trainee)
    assert response.status_code == 302, response.content.decode()
    attempt = Attempt.objects.get(pk=int(response["Location"].strip("/").split("/")[-1]))
    assert attempt.mode == Mode.EXAM
    return sitting, attempt, session_cookie(trainee)


@database_sync_to_async
def practice_round(dealt: DealtTable, trainee):
    """A practice round at the demo table, dealt from the fixed seed."""
    return services.start_round(trainee, demo_table_of(dealt), Mode.PRACTICE, seed_value=PRACTICE_SEED)


async def deal_over_the_socket(attempt_id, session, mistaken_skill=None):
    """Deal the round as the engine expects, the first step of ``mistaken_skill`` taken wrong once; the wrong step."""
    communicator, _ = await connected(attempt_id, session)
    wrong = None
    while True:
        attempt, round_ = await server_side(attempt_id)
        action = round_.next_action()
        if action is None:
            break
        assert action.actor is Actor.DEALER, action
        if wrong is None and mistaken_skill is not None and skill_of(action.step, action.arguments) == mistaken_skill:
            wrong = replace(action, arguments=wrong_arguments(dict(action.arguments)))
            await communicator.send_to(text_data=json.dumps(browser_frame(wrong, attempt.last_sequence + 1)))
            assert "✗ Wrong" in await communicator.receive_from()
            attempt, _ = await server_side(attempt_id)
        await communicator.send_to(text_data=json.dumps(browser_frame(action, attempt.last_sequence + 1)))
        reply = await communicator.receive_from()
    await communicator.disconnect()
    return reply, wrong


@database_sync_to_async
def certificate_of(sitting, trainee):
    """The sitting's page, where its result is decided, the certificate it issued, its public page and its PDF."""
    client = as_(trainee)
    page = client.get(reverse("sitting", args=[sitting.pk])).content.decode()
    certificate = Certificate.objects.get(result__sitting=sitting)
    verified = Client().get(reverse("verify", args=[certificate.code])).content.decode()
    pdf = PdfReader(BytesIO(client.get(reverse("certificate_pdf", args=[certificate.pk])).content))
    return page, certificate, verified, pdf.pages[0].extract_text()


@database_sync_to_async
def replayed(attempt, trainee):
    """Each graded position of the round's replay: its grade as saved and the replay page the trainee opens there."""
    attempt.refresh_from_db()
    client = as_(trainee)
    pages = []
    for position, (_, saved) in enumerate(attempt.saved_frames(), start=1):
        if saved is not None:
            page = client.get(reverse("replay", args=[attempt.pk]), {"step": position}).content.decode()
            pages.append((GradedStep.from_json(saved), replay_context(attempt, position)["here"], page))
    return pages


@database_sync_to_async
def error_report(instructor, cohort, trainee, attempt):
    """The cohort's errors by clause and the trainee's, with the practice round's score card."""
    attempt.refresh_from_db()
    client = as_(instructor)
    cohort_page = client.get(reverse("cohort_errors", args=[cohort.pk]))
    trainee_page = client.get(reverse("trainee_errors", args=[cohort.pk, trainee.pk]))
    return cohort_page, trainee_page, ScoreCard.from_json(attempt.score_card)


@pytest.mark.usefixtures("practice_shown")  # the errors report reads a practice round
@pytest.mark.parametrize("dealt", DEALT_TABLES, ids=[dealt.game for dealt in DEALT_TABLES])
async def test_an_exam_where_the_trainee_deals_the_base_game_certifies_it_as_a_house_procedure_replays_and_reports(
    dealt,
):
    instructor, cohort, alice, exam = await set_exam(dealt)
    sitting, attempt, session = await sit(exam, alice)
    final, _ = await deal_over_the_socket(attempt.pk, session)
    assert "Round over: 100.0% accuracy" in final

    page, certificate, verified, pdf = await certificate_of(sitting, alice)
    assert "Passed" in page and certificate.code in page
    assert [{key: value for key, value in covered.items() if key != "pace"} for covered in certificate.covers] == [
        {
            "game": GAMES[dealt.game].name,
            "sections": list(GAMES[dealt.game].sections),
            "dealt_base_game": {"game": dealt.base_game, "provenance": "house procedure"},
        }
    ]
    assert "This certificate is <strong>valid</strong>" in verified
    assert "Alice Liddell" in verified and exam.name in verified and GAMES[dealt.game].name in verified
    dealt_line = (
        f"{dealt.base_game}, the base game, dealt by the trainee (house procedure of the school, not regulation)"
    )
    assert escape(dealt_line) in verified and escape(dealt_line) in page
    assert dealt_line in " ".join(pdf.split())

    replay = await replayed(attempt, alice)
    assert any(skill_of(graded.step, graded.arguments) == dealt.dealt_skill for graded, _, _ in replay)
    for graded, here, page in replay:
        assert graded.correct, here
        assert escape(here) in page and citation_html(graded.citation) in page, here

    practice = await practice_round(dealt, alice)
    _, wrong = await deal_over_the_socket(practice.pk, session, dealt.mistaken_skill)
    assert wrong is not None, f"no step of {dealt.mistaken_skill} at seed {PRACTICE_SEED}"
    cohort_page, trainee_page, card = await error_report(instructor, cohort, alice, practice)
    (error,) = card.errors
    assert skill_of(error.graded.step, error.graded.arguments) == dealt.mistaken_skill
    totals = re.findall(r'aria-label="(\d+) at ([^"]+) in all"', cohort_page.content.decode())
    assert totals == [("1", escape(error.graded.citation.clause))]
    skill = SKILLS[dealt.mistaken_skill].name
    figures = trainee_page.content.decode().partition(f"<summary>{escape(skill)}: the figures as a table</summary>")[2]
    table = figures.partition("</table>")[0]
    (week,) = re.findall(r'<tr><th scope="row">[^<]*</th><td>(\d+)</td><td>(\d+)</td>', table)
    steps, right = map(int, week)
    assert right == steps - 1
