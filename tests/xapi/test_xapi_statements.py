"""xAPI statements queued for a learning record store: their shape (xAPI 1.0.3), the outbox, and the step's writes."""

import dataclasses
import json
import os
import re
import subprocess
import sys
import uuid
from datetime import datetime, timedelta
from fractions import Fraction
from io import StringIO
from pathlib import Path

import pytest
from django.core.exceptions import ImproperlyConfigured
from django.core.management import CommandError, call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone
from exam_helpers import exam_school, schedule, sit_through
from table_helpers import demo_table, make_trainee, make_user
from test_omitted_steps import exam_at_a_settlement_to_leave_out, take
from test_round_store import deal_and_record
from test_services import deal_correctly, next_dealer_action, statements_of, step_frame

from core.roles import Role
from dealer_school.settings import web_address
from grading.pace import Pace
from trainer import demo_tables, services
from trainer.models import Mode, Step
from trainer.speed.sql_writes import IN_SQL, add_row
from xapi import statements
from xapi.models import QueuedStatement
from xapi.sender import BATCH_SIZE, due_statements

pytestmark = [pytest.mark.storage, pytest.mark.django_db]

SCHOOL = "https://dealers.example"
ADL_VERBS = "http://adlnet.gov/expapi/verbs/"
PACE_IRI = f"{SCHOOL}/xapi/extensions/rounds-per-hour"


@pytest.fixture
def xapi_on(settings):
    settings.SCHOOL_URL = SCHOOL
    settings.XAPI_URL = "http://127.0.0.1:9/xAPI"


def dealt_round():
    """A whole Pai Gow Poker round dealt by a trainee with an e-mail address: one wrong step first, then right."""
    trainee = make_trainee()
    trainee.email = "alice@example.com"
    trainee.save()
    demo_tables.create_demo_tables()
    attempt, *_ = deal_and_record("pai-gow-poker", trainee)
    return attempt


def queued(verb):
    return [row.statement for row in QueuedStatement.objects.all() if row.statement["verb"]["id"] == ADL_VERBS + verb]


def test_each_graded_step_of_a_round_is_queued_as_one_answered_statement_and_its_result_as_passed_or_failed(xapi_on):
    attempt = dealt_round()
    graded = Step.objects.filter(attempt=attempt, graded__isnull=False).count()
    assert len(queued("answered")) == graded
    results = queued("passed") + queued("failed")
    assert len(results) == 1
    assert results[0]["result"]["success"] == attempt.score_card["passed"]
    assert QueuedStatement.objects.count() == graded + 1
    assert all(row.sent_at is None and row.tries == 0 for row in QueuedStatement.objects.all())


def test_a_statement_row_is_keyed_by_the_statements_own_uuid(xapi_on):
    dealt_round()
    for row in QueuedStatement.objects.all():
        assert str(row.id) == row.statement["id"]
        assert uuid.UUID(row.statement["id"]).version == 4


def test_the_actor_is_the_trainees_account_at_the_school_and_never_their_email_address(xapi_on):
    attempt = dealt_round()
    for statement in [row.statement for row in QueuedStatement.objects.all()]:
        assert statement["actor"] == {"objectType": "Agent", "account": {"homePage": SCHOOL, "name": "alice"}}
        assert "alice@example.com" not in json.dumps(statement)
    assert attempt.trainee.email == "alice@example.com"


def test_a_right_step_is_answered_successfully_with_its_step_its_clause_and_provenance_in_context(xapi_on):
    attempt = dealt_round()
    first_right = next(s for s in queued("answered") if s["result"]["success"])
    assert first_right["object"]["objectType"] == "Activity"
    step = first_right["result"]["response"]
    assert first_right["object"]["id"] == f"{SCHOOL}/xapi/games/pai-gow-poker/steps/{step}"
    assert first_right["object"]["definition"]["type"] == "http://adlnet.gov/expapi/activities/interaction"
    assert "extensions" not in first_right["result"]
    context = first_right["context"]
    assert context["registration"] == str(uuid.uuid5(uuid.NAMESPACE_URL, f"{SCHOOL}/rounds/{attempt.pk}/"))
    parents = [activity["id"] for activity in context["contextActivities"]["parent"]]
    assert parents == [f"{SCHOOL}/rounds/{attempt.pk}/", f"{SCHOOL}/tables/{attempt.table_id}/"]
    assert [a["id"] for a in context["contextActivities"]["grouping"]] == [f"{SCHOOL}/xapi/games/pai-gow-poker"]
    citation = context["extensions"][f"{SCHOOL}/xapi/extensions/citation"]
    assert set(citation) == {"clause", "provenance", "text"}
    assert citation["provenance"] in {"seed text (51 Pa.B. 5607)", "Chapter 645a / other PA chapter, inferred"} | {
        "house procedure"
    }
    (clause,) = context["contextActivities"]["other"]
    assert clause["definition"]["name"]["en-US"] == citation["clause"]
    assert clause["id"].startswith(f"{SCHOOL}/xapi/clauses/%C2%A7")  # the section sign, quoted
    assert context["extensions"][f"{SCHOOL}/xapi/extensions/mode"] == "practice"


def test_the_wrong_step_is_answered_unsuccessfully_against_the_step_asked_with_its_severity_but_no_answer(xapi_on):
    attempt = dealt_round()
    wrong = Step.objects.filter(attempt=attempt, graded__correct=False).get().graded
    (statement,) = [s for s in queued("answered") if not s["result"]["success"]]
    assert statement["result"]["response"] == "clear_table" == wrong["step"]
    asked = wrong["expected_step"]
    assert statement["object"]["id"] == f"{SCHOOL}/xapi/games/pai-gow-poker/steps/{asked}"
    assert statement["result"]["extensions"] == {
        f"{SCHOOL}/xapi/extensions/severity": wrong["severity"],
        f"{SCHOOL}/xapi/extensions/error-code": wrong["code"],
        f"{SCHOOL}/xapi/extensions/expected-step": asked,
    }
    assert (
        statement["context"]["extensions"][f"{SCHOOL}/xapi/extensions/citation"]["clause"]
        == (wrong["citation"]["clause"])
    )
    assert statement["context"]["extensions"][f"{SCHOOL}/xapi/extensions/step-number"] == 1
    assert "expected_arguments" not in json.dumps(statement) and "arguments" not in statement["result"]


def test_a_step_taken_before_the_one_due_in_an_exam_is_answered_wrong_against_it_then_the_step_due_right(xapi_on):
    trainee = make_trainee()
    attempt, missed, taken = exam_at_a_settlement_to_leave_out(trainee)
    take(attempt, trainee, taken)
    take(attempt, trainee, missed)
    step_number = f"{SCHOOL}/xapi/extensions/step-number"
    answered = sorted(queued("answered"), key=lambda s: s["context"]["extensions"][step_number])
    wrong, right = answered[-2:]
    assert wrong["context"]["extensions"][step_number] == right["context"]["extensions"][step_number]
    assert not wrong["result"]["success"] and wrong["result"]["response"] == taken.step
    assert right["result"]["success"] and right["result"]["response"] == missed.step
    assert wrong["object"]["id"] == right["object"]["id"] == f"{SCHOOL}/xapi/games/pai-gow-poker/steps/{missed.step}"


def test_a_steps_duration_is_iso_8601_to_the_hundredth_of_a_second_and_its_timestamp_has_a_time_zone(xapi_on):
    attempt = dealt_round()
    times = [step.graded["elapsed_ms"] for step in Step.objects.filter(attempt=attempt, graded__isnull=False)]
    answered = queued("answered")
    assert [s["result"]["duration"] for s in answered] == [f"PT{ms // 1000}.{ms % 1000 // 10:02d}S" for ms in times]
    assert all(datetime.fromisoformat(s["timestamp"]).utcoffset() is not None for s in answered)
    assert statements.duration(4_257) == "PT4.25S"


def test_the_rounds_result_scores_its_first_attempt_accuracy_against_its_pass_rule(xapi_on):
    attempt = dealt_round()
    card = attempt.score_card
    (result,) = queued("passed") + queued("failed")
    assert result["object"]["id"] == f"{SCHOOL}/rounds/{attempt.pk}/"
    assert result["object"]["definition"]["type"] == "http://adlnet.gov/expapi/activities/attempt"
    assert result["result"]["completion"] is True
    assert result["result"]["score"]["scaled"] == round(card["correct"] / card["steps"], 4)
    assert result["verb"]["id"] == ADL_VERBS + ("passed" if card["passed"] else "failed")
    assert [a["id"] for a in result["context"]["contextActivities"]["parent"]] == [
        f"{SCHOOL}/tables/{attempt.table_id}/"
    ]


def test_an_exam_result_is_one_more_kind_of_statement_queued_in_the_callers_transaction(xapi_on):
    trainee = make_trainee()
    exam = statements.Activity("exams/3/", "Pai Gow Poker final", statements.ASSESSMENT)
    now = timezone.now()
    pace = Pace("pai-gow-poker", rounds=2, dealing_ms=600_000)  # 2 rounds in 10 minutes: 12 an hour
    statement = statements.result_statement(
        trainee=trainee,
        activity=exam,
        passed=False,
        scaled=0,
        duration_ms=600_000,
        paces=[pace],
        context={},
        timestamp=now,
    )
    statements.queue(statement, now)
    row = QueuedStatement.objects.get()
    assert row.statement["verb"] == {"id": ADL_VERBS + "failed", "display": {"en-US": "failed"}}
    assert row.statement["object"]["id"] == f"{SCHOOL}/exams/3/"
    paced = {"game": "pai-gow-poker", "rounds": 2, "dealing_ms": 600_000, "rounds_per_hour": 12.0}
    assert row.statement["result"] == {"success": False, "completion": True, "score": {"scaled": 0.0}} | {
        "duration": "PT600.00S",
        "extensions": {PACE_IRI: [paced | {"standard": 20, "standard_met": False}]},
    }


def test_a_rounds_result_gives_its_pace_in_rounds_per_hour_against_the_schools_house_standard(xapi_on, monkeypatch):
    monkeypatch.setattr(services, "_elapsed_ms", lambda attempt: 6_000)
    attempt = dealt_round()
    (result,) = queued("passed") + queued("failed")
    dealing_ms = attempt.score_card["attempts"] * 6_000  # every attempt, a retry too, took 6 s
    (paced,) = result["result"]["extensions"][PACE_IRI]
    rate = Fraction(3_600_000, dealing_ms)  # one round over its dealing time
    assert paced == {
        "game": "pai-gow-poker",
        "rounds": 1,
        "dealing_ms": dealing_ms,
        "rounds_per_hour": float(int(rate * 10)) / 10,
        "standard": 20,
        "standard_met": rate >= 20,
    }


def test_an_exam_sittings_result_gives_its_pace_per_game_over_its_rounds(xapi_on, monkeypatch):
    monkeypatch.setattr(services, "_elapsed_ms", lambda attempt: 40_000)  # a round's 2 steps: one round in 1:20
    instructor, cohort, alice, _, version = exam_school()
    sit_through(schedule(cohort, instructor, [version, version]), alice)
    (result,) = [s for s in queued("passed") if s["object"]["id"].startswith(f"{SCHOOL}/exams/")]
    assert result["result"]["extensions"][PACE_IRI] == [
        {
            "game": "pai-gow-poker",
            "rounds": 2,
            "dealing_ms": 160_000,
            "rounds_per_hour": 45.0,
            "standard": 20,
            "standard_met": True,
        }
    ]


@pytest.mark.parametrize("store", ["cached", "plain"])
def test_an_exam_rounds_statements_wait_until_its_score_card_then_go_with_their_own_times(xapi_on, settings, store):
    settings.ROUND_STORE = store
    trainee = make_trainee()
    attempt = services.start_round(trainee, demo_table(), Mode.EXAM, seed_value=11)
    practice = services.start_round(trainee, demo_table(), Mode.PRACTICE, seed_value=11)
    services.apply_step(practice.pk, trainee, step_frame(practice, next_dealer_action(practice), 1))
    services.apply_step(attempt.pk, trainee, step_frame(attempt, next_dealer_action(attempt), 1))
    first = QueuedStatement.objects.get(exam_round=attempt)
    assert [row.exam_round_id for row in due_statements(timezone.now())] == [None], "only the practice step goes"
    deal_correctly(attempt, trainee)
    attempt.refresh_from_db()
    assert attempt.finished
    held = QueuedStatement.objects.filter(exam_round=attempt)
    assert held.count() == Step.objects.filter(attempt=attempt).count() + 1, "every step and the round's result"
    due = due_statements(timezone.now())
    assert {row.pk for row in held} <= {row.pk for row in due}
    assert QueuedStatement.objects.get(pk=first.pk).statement["timestamp"] < due[-1].statement["timestamp"]


def test_with_xapi_off_nothing_is_queued():
    dealt_round()
    assert not statements.enabled()
    assert QueuedStatement.objects.count() == 0


def kind_and_table(sql):
    """A query's kind and the table it reads or writes first."""
    return sql.split()[0], re.search(r'(?:FROM|INTO|UPDATE) "(\w+)"', sql)[1]


@pytest.mark.parametrize("store", ["cached", "plain"])
def test_with_xapi_on_a_step_costs_one_more_insert_in_its_own_transaction_and_nothing_else(settings, store):
    settings.ROUND_STORE, settings.SCHOOL_URL = store, SCHOOL
    trainee = make_trainee()
    table = demo_table()

    def first_step():
        attempt = services.start_round(trainee, table, Mode.PRACTICE, seed_value=11)
        action = next_dealer_action(attempt)
        with CaptureQueriesContext(connection) as queries:
            services.apply_step(attempt.pk, trainee, step_frame(attempt, action, 1))
        return action, [kind_and_table(sql) for sql in statements_of(queries)]

    _, off = first_step()
    settings.XAPI_URL = "http://127.0.0.1:9/xAPI"
    action, on = first_step()
    assert on[:-1] == off
    assert off[-1] == ("INSERT", "trainer_step")
    assert on[-1] == ("INSERT", "xapi_queuedstatement")
    assert QueuedStatement.objects.get().statement["result"]["response"] == action.step


def test_a_step_that_fails_after_queueing_its_statement_leaves_neither_the_step_nor_the_statement(xapi_on, monkeypatch):
    trainee = make_trainee()
    attempt = services.start_round(trainee, demo_table(), Mode.PRACTICE, seed_value=11)
    action = next_dealer_action(attempt)

    def queue_then_fail(model, values):
        add_row(model, values)
        if model is QueuedStatement:
            assert QueuedStatement.objects.count() == 1
            raise RuntimeError("the disk is full")

    monkeypatch.setattr("trainer.round_store.IN_SQL", dataclasses.replace(IN_SQL, add_row=queue_then_fail))
    with pytest.raises(RuntimeError):
        services.apply_step(attempt.pk, trainee, step_frame(attempt, action, 1))
    assert QueuedStatement.objects.count() == 0
    assert Step.objects.filter(attempt=attempt).count() == 0


def test_send_statements_refuses_to_run_without_a_learning_record_store():
    with pytest.raises(CommandError, match="DJANGO_XAPI_URL"):
        call_command("send_statements", "--once")


def test_a_store_or_school_address_must_be_http_or_https(monkeypatch):
    monkeypatch.setenv("DJANGO_XAPI_URL", "ftp://lrs.example/xAPI/")
    with pytest.raises(ImproperlyConfigured, match="DJANGO_XAPI_URL"):
        web_address("DJANGO_XAPI_URL")
    monkeypatch.setenv("DJANGO_XAPI_URL", "https://lrs.example/xAPI/")
    assert web_address("DJANGO_XAPI_URL") == "https://lrs.example/xAPI"


def test_a_learning_record_store_without_the_schools_address_is_refused_at_start():
    environment = {**os.environ, "DJANGO_XAPI_URL": "https://lrs.example/xAPI"}
    environment.pop("DJANGO_SCHOOL_URL", None)
    check = subprocess.run(
        [sys.executable, "manage.py", "check"],
        cwd=Path(__file__).resolve().parents[2],
        env=environment,
        capture_output=True,
        text=True,
        check=False,
    )
    assert check.returncode != 0
    assert "DJANGO_XAPI_URL needs DJANGO_SCHOOL_URL" in check.stderr


def test_a_school_administrator_sees_the_outbox_with_each_statements_tries_and_cannot_delete_one(xapi_on, client):
    dealt_round()
    waiting = QueuedStatement.objects.first()
    QueuedStatement.objects.filter(pk=waiting.pk).update(tries=3, last_error="URLError: Connection refused")
    administrator = make_user("root", Role.SCHOOL_ADMINISTRATOR)
    administrator.is_staff = True
    administrator.save()
    client.force_login(administrator)
    listing = client.get(reverse("admin:xapi_queuedstatement_changelist"))
    assert listing.status_code == 200
    assert "URLError: Connection refused" in listing.content.decode()
    deleting = client.get(reverse("admin:xapi_queuedstatement_delete", args=[waiting.pk]))
    assert deleting.status_code == 403


def test_a_pass_of_send_statements_counts_a_failed_try_on_what_waits_and_forgets_what_was_sent_long_ago(xapi_on):
    dealt_round()
    rows = list(QueuedStatement.objects.order_by("queued_at"))
    long_ago, lately, waiting = rows[0], rows[1], rows[2:]
    now = timezone.now()
    QueuedStatement.objects.filter(pk=long_ago.pk).update(sent_at=now - timedelta(days=31))
    QueuedStatement.objects.filter(pk=lately.pk).update(sent_at=now - timedelta(days=29))
    out = StringIO()
    call_command("send_statements", "--once", stdout=out)  # the store's port (9, discard) refuses the connection
    assert not QueuedStatement.objects.filter(pk=long_ago.pk).exists()
    assert QueuedStatement.objects.filter(pk=lately.pk, tries=0).exists()
    tried = QueuedStatement.objects.filter(pk__in=[row.pk for row in waiting], tries=1)
    assert tried.count() == min(len(waiting), BATCH_SIZE), "one batch tried, then the pass stops"
    assert "Connection refused" in tried.first().last_error
    assert "Sent 0 statements" in out.getvalue() and "to be retried" in out.getvalue()


def test_the_school_command_says_statements_are_queued_and_what_sends_them_only_when_xapi_is_on(school, settings):
    output, _ = school()
    assert "xAPI" not in output
    settings.SCHOOL_URL, settings.XAPI_URL = SCHOOL, "https://lrs.example/xAPI"
    output, _ = school()
    assert "queued as xAPI statements for https://lrs.example/xAPI" in output
    assert "manage.py send_statements" in output


def test_a_settled_exam_sitting_queues_one_passed_statement_for_the_exam_beside_its_rounds(xapi_on):
    instructor, cohort, alice, _, version = exam_school()
    exam = schedule(cohort, instructor, [version])
    result = sit_through(exam, alice).result
    exam_statements = [s for s in queued("passed") if s["object"]["id"] == f"{SCHOOL}/exams/{exam.pk}/"]
    assert len(exam_statements) == 1
    (statement,) = exam_statements
    assert statement["actor"]["account"] == {"homePage": SCHOOL, "name": alice.username}
    assert statement["result"]["success"] is True and statement["result"]["completion"] is True
    assert statement["result"]["score"]["scaled"] == 1.0 and result.passed
