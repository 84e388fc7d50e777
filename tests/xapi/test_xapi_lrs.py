"""The xAPI outbox against a real learning record store: Ralph, started by the test, stopped and started again.

Ralph (``ralph-malph``) lives in its own virtualenv, ``.venv-ralph``, from requirements-lrs.txt (.ci/run makes it).
Without it these tests are skipped with the reason, except under CI, where they fail: CI must really run them.
"""

import base64
import json
import os
import socket
import subprocess
import time
import urllib.error
import urllib.request
import uuid
from datetime import timedelta
from urllib.parse import urlencode, urljoin

import pytest
from django.conf import settings
from django.core.management import call_command
from django.utils import timezone
from table_helpers import demo_table, make_trainee
from test_round_store import deal_and_record
from watch_helpers import watched_through

from simulator.games import GAMES
from trainer import demo_tables
from trainer.models import Step
from xapi.models import QueuedStatement
from xapi.sender import FIRST_RETRY, send_due

RALPH_BIN = settings.BASE_DIR / ".venv-ralph" / "bin"
SERVE_RALPH = """
import sys
import uvicorn
from ralph.backends.data.base import BaseOperationType
from ralph.backends.lrs.fs import FSLRSBackend

FSLRSBackend.default_operation_type = BaseOperationType.APPEND
uvicorn.run("ralph.api:app", host="127.0.0.1", port=int(sys.argv[1]))
"""
"""Ralph's API served by uvicorn (no reloader), its filesystem store appending each write to its one file.

In ralph-malph 5.1.0 that store creates its file on the first write and refuses every later one ("already exists
and overwrite is not allowed"); appending is its own documented mode, the one a store of many writes needs.
"""
KEY, SECRET = "school", "lrs-test-secret"
SCHOOL = "https://dealers.example"

pytestmark = [pytest.mark.storage, pytest.mark.django_db]


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class LearningRecordStore:
    """Ralph's LRS on a loopback port with its filesystem backend: started, stopped and started again on one store."""

    def __init__(self, directory):
        self.directory = directory
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}/xAPI"
        self.environment = {
            **os.environ,
            "RALPH_APP_DIR": str(directory / "app"),
            "RALPH_AUTH_FILE": str(directory / "auth.json"),
            "RALPH_RUNSERVER_BACKEND": "fs",
            "RALPH_BACKENDS__LRS__FS__DEFAULT_DIRECTORY_PATH": str(directory / "statements"),
        }
        (directory / "statements").mkdir()
        self.process = None
        subprocess.run(
            [RALPH_BIN / "ralph", "auth", "-u", KEY, "-p", SECRET, "-s", "all", "-A", KEY, SCHOOL, "-w"],
            env=self.environment,
            check=True,
            capture_output=True,
        )

    def start(self):
        """Serve, and wait until the store answers its heartbeat."""
        log = open(self.directory / "server.log", "ab")  # noqa: SIM115 (kept open by the server process)
        self.process = subprocess.Popen(
            [RALPH_BIN / "python", "-c", SERVE_RALPH, str(self.port)],
            env=self.environment,
            stdout=log,
            stderr=subprocess.STDOUT,
        )
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{self.port}/__heartbeat__", timeout=2):
                    return
            except OSError:
                assert self.process.poll() is None, (self.directory / "server.log").read_text()
                time.sleep(0.2)
        raise AssertionError(f"Ralph did not answer: {(self.directory / 'server.log').read_text()}")

    def stop(self):
        """Stop the server; the statements it took stay in its directory."""
        self.process.terminate()
        self.process.wait(timeout=30)
        self.process = None

    def statements(self, **query):
        """Every statement the store holds (matching the query), page after page."""
        credentials = base64.b64encode(f"{KEY}:{SECRET}".encode()).decode()
        headers = {"X-Experience-API-Version": "1.0.3", "Authorization": f"Basic {credentials}"}
        address, found = f"{self.url}/statements?{urlencode(query)}", []
        while address:
            with urllib.request.urlopen(urllib.request.Request(address, headers=headers), timeout=10) as response:
                page = json.load(response)
            found += page["statements"]
            address = page.get("more") and urljoin(address, page["more"])
        return found


VALIDATE_STATEMENTS = """
import json
import sys
from ralph.models.xapi.base.statements import BaseXapiStatement

for statement in json.load(sys.stdin):
    BaseXapiStatement.model_validate(statement)
"""
"""Validate statements with Ralph's strict xAPI 1.0.3 model (no unknown field, no empty value outside extensions)."""


def needs_ralph():
    """Skip the test when Ralph is not installed, but fail it under CI, which must install it."""
    if not (RALPH_BIN / "uvicorn").exists():
        reason = f"Ralph (ralph-malph) is not installed in {RALPH_BIN.parent}: see requirements-lrs.txt and .ci/run"
        if os.environ.get("CI"):
            pytest.fail(reason)
        pytest.skip(reason)


@pytest.fixture(scope="module")
def ralph(tmp_path_factory):
    needs_ralph()
    store = LearningRecordStore(tmp_path_factory.mktemp("ralph"))
    store.start()
    yield store
    if store.process is not None:
        store.stop()


@pytest.fixture
def lrs(ralph, settings):
    """The running store, configured as the school's learning record store; running again after each test."""
    settings.SCHOOL_URL = SCHOOL
    settings.XAPI_URL, settings.XAPI_KEY, settings.XAPI_SECRET = ralph.url, KEY, SECRET
    yield ralph
    if ralph.process is None:
        ralph.start()


def dealt_round():
    """A whole Pai Gow Poker round dealt by a trainee, one wrong step first; its graded steps as rows."""
    demo_tables.create_demo_tables()
    attempt, *_ = deal_and_record("pai-gow-poker", make_trainee())
    return attempt


def held_of_this_round(store):
    """The statements queued here that the store holds, each as often as it holds it.

    A round's statements share its registration; an earlier test's round may have had the same, the rows of the
    tests before being rolled back.
    """
    registration = QueuedStatement.objects.first().statement["context"]["registration"]
    queued = queued_ids()
    return [held for held in store.statements(registration=registration, limit=100) if held["id"] in queued]


def ids_held(store):
    return [statement["id"] for statement in held_of_this_round(store)]


def queued_ids():
    return {str(row.id) for row in QueuedStatement.objects.all()}


def test_every_statement_of_a_round_of_every_game_is_valid_by_ralphs_strict_xapi_model(settings):
    needs_ralph()
    settings.SCHOOL_URL, settings.XAPI_URL = SCHOOL, "http://127.0.0.1:9/xAPI"
    demo_tables.create_demo_tables()
    trainee = make_trainee()
    for key in GAMES:
        attempt, *_ = deal_and_record(key, trainee)
        graded = Step.objects.filter(attempt=attempt, graded__isnull=False).count()
        registration = str(uuid.uuid5(uuid.NAMESPACE_URL, f"{SCHOOL}/rounds/{attempt.pk}/"))
        of_round = [
            row for row in QueuedStatement.objects.all() if row.statement["context"]["registration"] == registration
        ]
        assert len(of_round) == graded + 1, key
    statements = [row.statement for row in QueuedStatement.objects.all()]
    check = subprocess.run(
        [RALPH_BIN / "python", "-c", VALIDATE_STATEMENTS],
        input=json.dumps(statements),
        capture_output=True,
        text=True,
        check=False,
    )
    assert check.returncode == 0, check.stderr[-3000:]


def test_a_watched_rounds_statement_is_valid_by_ralphs_strict_xapi_model(settings):
    needs_ralph()
    settings.SCHOOL_URL, settings.XAPI_URL = SCHOOL, "http://127.0.0.1:9/xAPI"
    watched_through(make_trainee(), demo_table(), caught=1, false_flags=1)
    statements = [row.statement for row in QueuedStatement.objects.all()]
    assert len(statements) == 1
    check = subprocess.run(
        [RALPH_BIN / "python", "-c", VALIDATE_STATEMENTS],
        input=json.dumps(statements),
        capture_output=True,
        text=True,
        check=False,
    )
    assert check.returncode == 0, check.stderr[-3000:]


def test_the_graded_steps_of_a_dealt_round_arrive_at_the_learning_record_store(lrs):
    attempt = dealt_round()
    graded = Step.objects.filter(attempt=attempt, graded__isnull=False).count()
    assert len(queued_ids()) == graded + 1, "each graded step, and the round's result"
    call_command("send_statements", "--once")
    stored = {statement["id"]: statement for statement in held_of_this_round(lrs)}
    assert sorted(stored) == sorted(queued_ids())
    assert not QueuedStatement.objects.filter(sent_at__isnull=True).exists()
    for row in QueuedStatement.objects.all():
        held = stored[str(row.id)]
        assert held["actor"]["account"] == {"homePage": SCHOOL, "name": attempt.trainee.username}
        assert (held["verb"], held["object"]["id"]) == (row.statement["verb"], row.statement["object"]["id"])


def test_a_store_that_is_down_keeps_every_statement_queued_with_its_retries_then_gets_each_exactly_once(lrs):
    dealt_round()
    lrs.stop()
    now = timezone.now()
    down = send_due(now)
    assert down.sent == 0 and down.failed > 0 and "Connection refused" in down.error
    later = now + FIRST_RETRY
    send_due(later)
    waiting = QueuedStatement.objects.filter(sent_at__isnull=True)
    assert waiting.count() == len(queued_ids()), "none lost"
    tried = waiting.filter(tries__gt=0).order_by("-tries").first()
    assert tried.tries == 2 and "Connection refused" in tried.last_error
    assert tried.next_try_at == later + 2 * FIRST_RETRY, "the second wait is twice the first"
    lrs.start()
    due = QueuedStatement.objects.filter(next_try_at__lte=later).count()
    assert due < len(queued_ids())
    assert send_due(later).sent == due, "a statement waiting for its next try is not sent before it"
    back = send_due(later + timedelta(hours=1))
    assert back.failed == 0 and due + back.sent == len(queued_ids())
    held = ids_held(lrs)
    assert len(held) == len(set(held)) and set(held) == queued_ids(), "every statement exactly once"


def test_statements_sent_again_after_a_crash_before_they_were_marked_sent_are_held_once(lrs):
    dealt_round()
    send_due()
    QueuedStatement.objects.update(sent_at=None)  # the store took them; the sender died before recording it
    again = send_due()
    assert again.sent == len(queued_ids()) and again.failed == 0
    held = ids_held(lrs)
    assert len(held) == len(set(held)) and set(held) == queued_ids()


def test_a_statement_the_store_refuses_waits_alone_and_holds_up_no_other(lrs):
    dealt_round()
    bad = QueuedStatement.objects.order_by("queued_at").first()
    bad.statement = {name: part for name, part in bad.statement.items() if name != "verb"}
    bad.save()
    done = send_due()
    assert done.failed == 1 and done.error.startswith(("HTTP 400", "HTTP 422")), done.error
    assert done.sent == len(queued_ids()) - 1
    bad.refresh_from_db()
    assert bad.sent_at is None and bad.tries == 1
    assert set(ids_held(lrs)) == queued_ids() - {str(bad.id)}
