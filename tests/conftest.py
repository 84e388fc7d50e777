"""Fixtures of every web app's tests (tests/<app>/): accounts, static files, channel layers, Daphne servers."""

import asyncio
import os
import re
import shutil
import tempfile
from collections.abc import Iterator
from io import StringIO
from pathlib import Path

import pytest
from asgiref.sync import SyncToAsync
from channels.layers import channel_layers
from django.conf import settings
from django.core.cache import cache
from django.core.management import call_command
from django.db import connections
from live_daphne import Daphnes

from dealer_school.settings import redis_channel_layer
from trainer.socket_budgets import ACCOUNT_BUDGETS, ADDRESS_BUDGETS
from trainer.step_threads import close_step_threads

STATIC_FOLDER = pytest.StashKey[Path]()
"""This test process's own folder of collected static files."""
ACCOUNT_LINE = re.compile(
    r"^ +(?P<username>\S+) +(?P<role>Trainee|Instructor|School administrator) +(?P<password>\S+)$", re.MULTILINE
)


@pytest.fixture(autouse=True)
def fast_password_hasher(settings):
    settings.PASSWORD_HASHERS = [
        "django.contrib.auth.hashers.MD5PasswordHasher",
        "school.first_passwords.FirstPasswordHasher",
    ]


@pytest.fixture
def practice_shown(settings):
    """The school shows its trainees' practice on the cohorts' pages and records (DJANGO_COHORT_PRACTICE=true)."""
    settings.COHORT_PRACTICE = True


def run_school(*options: str) -> tuple[str, dict[str, tuple[str, str]]]:
    """Run `school --no-serve`; return its output and the printed passwords as username -> (role, password)."""
    out = StringIO()
    call_command("school", "--no-serve", *options, stdout=out)
    output = out.getvalue()
    return output, {match["username"]: (match["role"], match["password"]) for match in ACCOUNT_LINE.finditer(output)}


@pytest.fixture
def school(db):
    return run_school


@pytest.fixture
def demo_passwords(school) -> dict[str, str]:
    _, accounts = school()
    return {username: password for username, (_, password) in accounts.items()}


def pytest_configure(config):
    """Give this test process what it must not share with another, before any test module builds the ASGI application.

    xdist's controller runs no test and gets nothing.
    """
    if getattr(config.option, "dist", "no") != "no" and not hasattr(config, "workerinput"):
        return
    collect_static_files(config)
    keep_redis_keys_apart(config)


def collect_static_files(config):
    """Collect the static files as the school command does, into a temporary folder of this test process's own.

    WhiteNoise indexes the collected files once, when the application is built (dealer_school.asgi, at import); the
    Daphne servers this process starts serve the same folder (DJANGO_STATIC_ROOT, inherited).
    """
    folder = config.stash[STATIC_FOLDER] = Path(tempfile.mkdtemp(prefix="staticfiles-"))
    settings.STATIC_ROOT = folder
    os.environ["DJANGO_STATIC_ROOT"] = str(folder)
    call_command("collectstatic", interactive=False, verbosity=0)


def pytest_sessionfinish(session):
    """Remove this test process's static folder: at the session's end, as an xdist worker is ended soon after it."""
    folder = session.config.stash.get(STATIC_FOLDER, None)
    if folder is not None:
        shutil.rmtree(folder, ignore_errors=True)


def keep_redis_keys_apart(config):
    """Under xdist, on Redis: this worker's channel layer, and its servers', keep keys of their own.

    The workers' test databases give their rounds the same ids, so two workers' tables would share groups, and a test
    flushing the layer would empty the other worker's (DJANGO_REDIS_PREFIX, inherited by the servers).
    """
    worker = getattr(config, "workerinput", {}).get("workerid")
    if worker is None or "REDIS_URL" not in os.environ:
        return
    prefix = os.environ["DJANGO_REDIS_PREFIX"] = f"test-{worker}:"
    settings.CHANNEL_LAYERS = {"default": redis_channel_layer(os.environ["REDIS_URL"], prefix)}


@pytest.fixture(autouse=True)
def channel_layer_of_its_own():
    """Each test gets a channel layer of its own: channels_redis binds its locks to the event loop that first used it.

    A test's own event loop ends with the test, so a layer kept for the next test (with a receive cancelled by a
    timeout still holding its lock) would fail there with "bound to a different event loop".
    """
    yield
    channel_layers.backends.clear()


@pytest.fixture(autouse=True)
def look_ups_counted_afresh():
    """Each test starts with no certificate look-ups counted: the per-address limit counts in the process's cache."""
    cache.clear()


@pytest.fixture(autouse=True)
def socket_budgets_of_its_own():
    """Each test starts with no socket budgets: an account id of an emptied database comes back in the next test."""
    yield
    ACCOUNT_BUDGETS.clear()
    ADDRESS_BUDGETS.clear()


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup):
    """After the last test, the step threads and asgiref's thread close their connections: the database can go."""
    yield
    close_step_threads()
    SyncToAsync.single_thread_executor.submit(connections.close_all).result()


@pytest.fixture
def daphnes(transactional_db, tmp_path) -> Iterator[Daphnes]:
    """Start servers with ``daphnes.start()``; all are killed when the test ends, before its database is emptied."""
    servers = Daphnes(tmp_path)
    try:
        yield servers
    finally:
        servers.kill_all()


@pytest.fixture
def loop() -> Iterator[asyncio.AbstractEventLoop]:
    """An event loop of the test's own for its sockets, so that the test itself stays synchronous (it uses the ORM)."""
    running = asyncio.new_event_loop()
    yield running
    running.close()
