"""The database not answering: a step is answered "not saved" and taken when sent again, a socket opens again later.

The database is made to fail here by the error Django raises when it does not answer (``OperationalError``);
``test_database_outage.py`` stops a real PostgreSQL server under a running school.
"""

import json

import pytest
from django.contrib.sessions.backends.db import SessionStore
from django.db import OperationalError
from table_helpers import frame_for
from test_consumers import closing_code, connected, seat_at_table, send_step, server_side, socket, state

from core.unavailable import NOT_SAVED
from trainer import services
from trainer.consumers import TRY_AGAIN_LATER_CLOSE_CODE

pytestmark = [pytest.mark.storage, pytest.mark.asyncio, pytest.mark.django_db(transaction=True)]


def fail(*args, **kwargs):
    """Fail as a database that does not answer."""
    raise OperationalError("connection to server at 127.0.0.1, port 5432 failed: Connection refused")


def database_down(monkeypatch, name):
    """Make the services' ``name`` fail as a database that does not answer, until the test ends or it is undone."""
    monkeypatch.setattr(services, name, fail)


async def test_a_step_the_database_did_not_take_is_answered_not_saved_and_taken_when_the_page_sends_it_again(
    monkeypatch,
):
    attempt, session = await seat_at_table()
    communicator, _ = await connected(attempt.pk, session)
    _, round_ = await server_side(attempt.pk)
    frame = json.dumps(frame_for(round_.next_action(), 1))
    with monkeypatch.context() as patched:
        database_down(patched, "apply_step")
        await communicator.send_to(text_data=frame)
        answer = await communicator.receive_from()
    assert NOT_SAVED.replace("'", "&#39;") in answer
    assert 'data-step-not-saved="1"' in answer, "the page is told which frame to send again"
    assert await state(attempt.pk) == (0, 0, len(round_.operations)), "nothing changed"
    await communicator.send_to(text_data=frame)
    assert "✓ Right" in await communicator.receive_from()
    assert (await state(attempt.pk))[:2] == (1, 1)
    _, reply = await send_step(communicator, attempt.pk)
    assert "✓ Right" in reply, "the socket deals on"
    await communicator.disconnect()


async def test_a_socket_opened_while_the_database_does_not_answer_is_closed_to_be_opened_again_later(monkeypatch):
    attempt, session = await seat_at_table()
    database_down(monkeypatch, "viewable_attempt")
    communicator = socket(attempt.pk, session)
    accepted, _ = await communicator.connect()
    assert accepted
    assert await closing_code(communicator) == TRY_AGAIN_LATER_CLOSE_CODE == 1013


async def test_a_socket_whose_session_the_database_could_not_read_is_closed_to_be_opened_again_later(monkeypatch):
    attempt, session = await seat_at_table()
    monkeypatch.setattr(SessionStore, "load", fail)
    communicator = socket(attempt.pk, session)
    accepted, _ = await communicator.connect()
    assert accepted, "the handshake is answered, not failed with 500"
    assert await closing_code(communicator) == TRY_AGAIN_LATER_CLOSE_CODE
