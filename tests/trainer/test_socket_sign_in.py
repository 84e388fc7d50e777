"""A table socket checks its own session: one that ended, expired or lost its account closes as signed out.

The channel layer's news of a logout can be lost (Redis down) or never sent (a session that expires, an account
changed by another program), so each socket checks its session itself before a frame, every few seconds.
"""

import json
from datetime import timedelta

import pytest
from channels.db import database_sync_to_async
from django.contrib.auth import get_user_model
from django.contrib.auth.hashers import make_password
from django.contrib.sessions.models import Session
from django.utils import timezone
from table_helpers import frame_for, teacher_of
from test_consumers import closing_code, connected, login_as, seat_at_table, send_step, server_side, state

from trainer import socket_user
from trainer.consumers import ANONYMOUS_CLOSE_CODE

pytestmark = [pytest.mark.storage, pytest.mark.asyncio, pytest.mark.django_db(transaction=True)]


@pytest.fixture(autouse=True)
def check_at_every_frame(monkeypatch):
    monkeypatch.setattr(socket_user, "SIGN_IN_CHECK_SECONDS", 0)


@pytest.fixture(params=["cached", "plain"])
def round_store(request, settings):
    """Each check both ways: one read first (trainer/speed/session_reads.py), or Django's own check every time."""
    settings.ROUND_STORE = request.param
    return request.param


@database_sync_to_async
def end_session(key):
    """Delete the session's row, as a logout served by another process does (its news to this one lost)."""
    Session.objects.filter(session_key=key).delete()


@database_sync_to_async
def expire_session(key):
    Session.objects.filter(session_key=key).update(expire_date=timezone.now() - timedelta(seconds=1))


@database_sync_to_async
def change_outside_the_school(username, **columns):
    """Change the account's row with no signal sent, as another program or server writing the database does."""
    get_user_model().objects.filter(username=username).update(**columns)


async def send_next_step(communicator, attempt_id):
    """Send the correct next dealer step without waiting for an answer."""
    attempt, round_ = await server_side(attempt_id)
    await communicator.send_to(text_data=json.dumps(frame_for(round_.next_action(), attempt.last_sequence + 1)))


SESSION_ENDINGS = {
    "logged out elsewhere": lambda session: end_session(session),
    "expired": lambda session: expire_session(session),
    "account disabled": lambda session: change_outside_the_school("alice", is_active=False),
    "password changed": lambda session: change_outside_the_school("alice", password=make_password("new one")),
}


@pytest.mark.parametrize("ending", SESSION_ENDINGS)
async def test_a_trainees_socket_closes_as_signed_out_at_its_next_step_once_its_session_no_longer_signs_in(
    ending, round_store
):
    attempt, session = await seat_at_table()
    communicator, _ = await connected(attempt.pk, session)
    _, reply = await send_step(communicator, attempt.pk)
    assert "✓ Right" in reply
    await SESSION_ENDINGS[ending](session)
    await send_next_step(communicator, attempt.pk)
    assert await closing_code(communicator) == ANONYMOUS_CLOSE_CODE
    assert (await state(attempt.pk))[:2] == (1, 1), "the step sent after the session ended was not taken"


async def test_a_watching_instructors_socket_closes_as_signed_out_at_the_next_news_once_their_session_ended(
    round_store,
):
    attempt, session = await seat_at_table()
    trainee, _ = await connected(attempt.pk, session)
    instructor_session = await login_as(teacher_of(attempt), "ivy")
    instructor, _ = await connected(attempt.pk, instructor_session)
    assert await trainee.receive_nothing(0.2)
    await end_session(instructor_session)
    _, reply = await send_step(trainee, attempt.pk)
    assert "✓ Right" in reply
    assert await closing_code(instructor) == ANONYMOUS_CLOSE_CODE
    await trainee.disconnect()


async def test_a_session_unchanged_since_djangos_check_accepted_it_is_not_checked_by_django_again(monkeypatch):
    django_checks = []
    django_check = socket_user.SignInCheck.signs_in
    monkeypatch.setattr(
        socket_user.SignInCheck, "signs_in", lambda check: django_checks.append(1) or django_check(check)
    )
    attempt, session = await seat_at_table()
    communicator, _ = await connected(attempt.pk, session)
    for _ in range(3):
        _, reply = await send_step(communicator, attempt.pk)
        assert "✓ Right" in reply
    assert len(django_checks) == 1, "Django checked the session at the first step only"
    await communicator.disconnect()
