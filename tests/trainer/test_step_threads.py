"""A step runs on a step thread, its database connection checked before and after it as Django checks a request's."""

import threading

import channels.db
import pytest

from trainer import step_threads

pytestmark = pytest.mark.storage


class Failed(Exception):
    pass


@pytest.mark.asyncio
async def test_a_step_runs_on_a_step_thread_with_its_connection_checked_before_and_after(monkeypatch):
    checked = []
    monkeypatch.setattr(channels.db, "close_old_connections", lambda: checked.append(threading.current_thread().name))
    thread = await step_threads.on_step_thread(lambda: threading.current_thread().name)()
    assert thread.startswith("table-step")
    assert checked == [thread, thread]

    def failing() -> None:
        raise Failed("the database dropped the connection")

    checked.clear()
    with pytest.raises(Failed):
        await step_threads.on_step_thread(failing)()
    assert len(checked) == 2, "checked after the failed step too, so the next step has a good connection"
