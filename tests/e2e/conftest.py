"""End-to-end fixtures: the school served by Daphne in a subprocess, and Debian's Chromium driven by Playwright.

The live server is the README's own run command, ``manage.py school --port 0``, on a SQLite file and a static
folder of its own in a temporary folder: it migrates, collects the static files, creates the demo tables, prints
the demo accounts (read here from its output) and then becomes Daphne on a free port (read from Daphne's log). The
test process opens the same SQLite file, with the product's SQLite options, to learn the correct next step of a
round as the server holds it and to seat a trainee at a round with a chosen seed; it never answers the browser. Its
ORM calls run in one worker thread, because the sync Playwright API keeps an event loop running in the test thread.
A test module that needs other server settings starts a second school the same way (:func:`serve_school`).
"""

import os
import re
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

import pytest
from django.conf import settings
from django.db import connections
from live_table import LAPTOP, SIGNING_SCHOOL, LiveSchool, PolicyViolations
from playwright.sync_api import Browser, BrowserContext, Page, sync_playwright

PROJECT = Path(__file__).resolve().parents[2]
CHROMIUM = os.environ.get("CHROMIUM_EXECUTABLE", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
SERVER_START_SECONDS = 180
ACCOUNT_LINE = re.compile(
    r"^ +(?P<username>\S+) +(?:Trainee|Instructor|School administrator) +(?P<password>\S+)$", re.MULTILINE
)
LISTENING = re.compile(r"Listening on TCP address 127\.0\.0\.1:(\d+)")


def sqlite_url(path: Path) -> str:
    """A DATABASE_URL for a SQLite file with the product's own SQLite options (WAL, busy timeout, IMMEDIATE)."""
    return f"sqlite:///{path}?{urlencode(settings.DATABASES['default']['OPTIONS'])}"


def wait_for_port(server: subprocess.Popen[bytes], log: Path) -> int:
    """The port Daphne listens on, once its log says so; fail with the log if it exits or takes too long."""
    deadline = time.monotonic() + SERVER_START_SECONDS
    while time.monotonic() < deadline:
        found = LISTENING.search(log.read_text())
        if found:
            return int(found[1])
        if server.poll() is not None:
            break
        time.sleep(0.1)
    server.kill()
    pytest.fail(f"The school did not start:\n{log.read_text()}")


@contextmanager
def serve_school(folder: Path, django_db_blocker: Any, **settings_environment: str) -> Iterator[LiveSchool]:
    """Serve the school with Daphne on a fresh SQLite file in ``folder``, with extra environment settings; stop it."""
    database = folder / "school.sqlite3"
    output, log = folder / "school.out", folder / "daphne.log"
    environment = {key: value for key, value in os.environ.items() if key not in ("REDIS_URL", "DJANGO_DEBUG")}
    environment |= settings_environment
    environment["DATABASE_URL"] = sqlite_url(database)
    environment["DJANGO_STATIC_ROOT"] = str(folder / "staticfiles")
    command = [sys.executable, "manage.py", "school", "--host", "127.0.0.1", "--port", "0"]
    with output.open("wb") as stdout, log.open("wb") as stderr:
        server = subprocess.Popen(command, cwd=PROJECT, env=environment, stdout=stdout, stderr=stderr)
    try:
        port = wait_for_port(server, log)
        passwords = {match["username"]: match["password"] for match in ACCOUNT_LINE.finditer(output.read_text())}
        default = settings.DATABASES["default"]
        served_before = default["NAME"]
        default["NAME"] = str(database)
        with django_db_blocker.unblock(), ThreadPoolExecutor(1, thread_name_prefix="orm") as orm:
            yield LiveSchool(f"http://127.0.0.1:{port}", passwords, orm)
            orm.submit(connections.close_all).result()
        default["NAME"] = served_before
    finally:
        server.terminate()
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()


@contextmanager
def pages_of(browser: Browser, school: LiveSchool, violations: PolicyViolations) -> Iterator[Callable[[], Page]]:
    """Open pages of the school, each in a browser context of its own (its own cookies); close them at the end."""
    contexts: list[BrowserContext] = []

    def open_page() -> Page:
        context = violations.watch(browser.new_context(base_url=school.url, viewport=LAPTOP))
        context.set_default_timeout(10_000)
        contexts.append(context)
        return context.new_page()

    yield open_page
    for context in contexts:
        context.close()


SHARED_ADDRESS = {
    "DJANGO_WS_SOCKETS_PER_ADDRESS": "1000",
    "DJANGO_WS_ADDRESS_FRAME_BURST": "10000",
    "DJANGO_WS_ADDRESS_FRAMES_PER_SECOND": "10000",
    "DJANGO_WS_FLOOD_COOL_OFF_SECONDS": "0",
}
"""The session's socket settings: every browser is at 127.0.0.1 and the tests take the demo accounts in turn, so the
address's budgets are raised as a school raises them for a class behind one address (docs/running-a-school.md), and
the cool-off after a flood (test_socket_limits_in_the_browser.py floods on purpose) does not refuse the next tests'
tables."""


@pytest.fixture(scope="session")
def school(tmp_path_factory: pytest.TempPathFactory, django_db_blocker: Any) -> Iterator[LiveSchool]:
    """Serve the school with Daphne on a fresh SQLite file (settings: SHARED_ADDRESS); stop it after the session.

    Its cohorts show their trainees' practice (DJANGO_COHORT_PRACTICE): the tests review practice rounds as instructors.
    """
    with serve_school(
        tmp_path_factory.mktemp("school"), django_db_blocker, DJANGO_COHORT_PRACTICE="true", **SHARED_ADDRESS
    ) as live:
        yield live


@pytest.fixture(scope="module")
def signing_school(tmp_path_factory: pytest.TempPathFactory, django_db_blocker: Any) -> Iterator[LiveSchool]:
    """A second school, named SIGNING_SCHOOL, whose passed exams wait for an instructor's sign-off; for one module."""
    folder = tmp_path_factory.mktemp("signing-school")
    settings_environment = {"DJANGO_EXAM_SIGN_OFF": "true", "DJANGO_SCHOOL_NAME": SIGNING_SCHOOL}
    with serve_school(folder, django_db_blocker, **settings_environment) as live:
        yield live


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    """Debian's Chromium, headless, launched once for the session."""
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        yield chromium
        chromium.close()


@pytest.fixture
def policy_violations() -> Iterator[PolicyViolations]:
    """Watch pages for Content-Security-Policy violations; the test fails at its end if any was reported."""
    violations = PolicyViolations()
    yield violations
    violations.check()


@pytest.fixture
def new_page(browser: Browser, school: LiveSchool, policy_violations: PolicyViolations) -> Iterator[Callable[[], Page]]:
    """Open a page in a browser context of its own (its own cookies), as a second person's browser would.

    A page that reports a Content-Security-Policy violation fails the test.
    """
    with pages_of(browser, school, policy_violations) as open_page:
        yield open_page


@pytest.fixture
def new_signing_page(
    browser: Browser, signing_school: LiveSchool, policy_violations: PolicyViolations
) -> Iterator[Callable[[], Page]]:
    """Open a page of the signing school in a browser context of its own, as :func:`new_page` does for the school."""
    with pages_of(browser, signing_school, policy_violations) as open_page:
        yield open_page


@pytest.fixture(scope="session")
def screenshots(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Where the screenshots go: $E2E_SCREENSHOTS if set, else a temporary folder."""
    folder = os.environ.get("E2E_SCREENSHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        return Path(folder)
    return tmp_path_factory.mktemp("screenshots")
