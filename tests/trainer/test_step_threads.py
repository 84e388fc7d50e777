"""The step threads check their database connection at most once a second, and again after a step that failed."""

import pytest

from trainer import step_threads
from trainer.speed import connection_checks


class Failed(Exception):
    pass


@pytest.fixture
def checks(monkeypatch):
    """The connection checks the step threads make, counted, with a clock the test moves."""
    made = []
    now = [1000.0]
    monkeypatch.setattr(connection_checks, "close_old_connections", lambda: made.append(now[0]))
    monkeypatch.setattr(connection_checks.time, "monotonic", lambda: now[0])
    monkeypatch.setattr(step_threads, "STEP_THREADS", step_threads.ThreadPoolExecutor(max_workers=1))
    monkeypatch.setattr(connection_checks, "_checked", connection_checks.threading.local())
    yield made, now
    step_threads.STEP_THREADS.shutdown()


@pytest.mark.asyncio
async def test_a_step_thread_checks_its_connection_once_a_second_and_after_a_failure(checks):
    made, now = checks
    step = step_threads.on_step_thread(lambda value: value * 2)
    assert [await step(number) for number in range(5)] == [0, 2, 4, 6, 8]
    assert made == [1000.0], "one check for five steps within the second"
    now[0] += connection_checks.CONNECTION_CHECK_SECONDS
    await step(1)
    assert made == [1000.0, 1001.0], "checked again once the second is over"

    def failing() -> None:
        raise Failed("the database dropped the connection")

    with pytest.raises(Failed):
        await step_threads.on_step_thread(failing)()
    assert made == [1000.0, 1001.0, 1001.0], "checked after the failed step, so the next step has a good connection"
