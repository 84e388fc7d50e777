"""Redis down or hung: steps are still committed and answered, logouts and password resets still end sessions.

Each test runs the channel layer on a scratch Redis of its own (``scratch_redis``), which it kills, hangs and restarts.
"""

import asyncio
import time

import pytest
from channels.layers import channel_layers
from django.contrib.sessions.models import Session
from django.test import Client
from django.urls import reverse
from markupsafe import escape
from scratch_redis import scratch_redis  # noqa: F401  (a fixture)
from table_helpers import make_instructor, make_trainee, teacher_of
from table_page import TablePage
from test_consumers import connected, login_as, seat_at_table, send_step, state

from dealer_school.settings import redis_channel_layer
from trainer.channel_layer import REDIS_CALL_SECONDS

pytestmark = pytest.mark.storage

PAGE_SECONDS = REDIS_CALL_SECONDS + 2
"""The longest a page may take while Redis does not answer: its one bounded call to Redis, and the page itself."""


@pytest.fixture
def layer_on(scratch_redis, settings):  # noqa: F811
    """The school's Redis channel layer, on the scratch Redis."""
    settings.CHANNEL_LAYERS = {"default": redis_channel_layer(scratch_redis.url)}
    channel_layers.backends.clear()
    return scratch_redis


def answered_in_time(call):
    """Call; its result once it is back, having taken at most PAGE_SECONDS."""
    started = time.monotonic()
    result = call()
    assert time.monotonic() - started < PAGE_SECONDS, "the page waited on Redis"
    return result


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("fault", ["stop", "hang"])
def test_logging_out_ends_the_session_at_once_while_redis_is_down_or_hung(layer_on, fault):
    client = Client()
    client.force_login(make_trainee("alice"))
    getattr(layer_on, fault)()
    response = answered_in_time(lambda: client.post("/logout/"))
    assert response.status_code == 302 and response["Location"] == reverse("login")
    assert not Session.objects.exists()
    assert client.get(reverse("home")).status_code == 302, "the session still opens pages"


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("fault", ["stop", "hang"])
def test_a_password_reset_shows_the_new_password_while_redis_is_down_or_hung(layer_on, fault):
    alice = make_trainee("alice")
    client = Client()
    client.force_login(make_instructor("ivy", teaching=[alice]))
    cohort = alice.cohorts.get()
    getattr(layer_on, fault)()
    response = answered_in_time(lambda: client.post(reverse("reset_password", args=[cohort.pk, alice.pk])))
    assert response.status_code == 200 and '<code class="password">' in response.text


@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)
async def test_a_step_is_committed_and_answered_while_redis_is_down_and_watchers_see_the_table_once_it_is_back(
    layer_on, caplog
):
    attempt, session = await seat_at_table()
    trainee, _ = await connected(attempt.pk, session)
    instructor, watched = await connected(attempt.pk, await login_as(teacher_of(attempt), "ivy"))
    watch = TablePage(watched)
    assert await trainee.receive_nothing(0.2)  # the instructor's arrival: nothing to redraw
    _, reply = await send_step(trainee, attempt.pk)
    assert "✓ Right" in reply
    watch.apply(await instructor.receive_from())

    layer_on.stop()
    action, reply = await send_step(trainee, attempt.pk)
    assert "✓ Right" in reply, "the step was answered"
    assert (await state(attempt.pk))[:2] == (2, 2), "and committed"

    layer_on.start()
    deadline = time.monotonic() + 10
    while "group memberships made again" not in caplog.text:
        assert time.monotonic() < deadline, "the sockets never joined their groups again"
        await asyncio.sleep(0.1)
    _, reply = await send_step(trainee, attempt.pk)
    assert "✓ Right" in reply
    watch.apply(await instructor.receive_from())
    assert escape(action.description) in watch.html("table-log"), "the step taken while Redis was down is shown too"
    await trainee.disconnect()
    await instructor.disconnect()
