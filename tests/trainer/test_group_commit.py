"""Group commit: steps waiting together are written in one transaction, and a failing step rolls back alone."""

import threading
import time

import pytest

from school.models import Cohort
from trainer.speed.group_commit import GroupCommit


class Refused(Exception):
    pass


def _queued(group: GroupCommit) -> int:
    with group._queue_lock:
        return len(group._queue)


@pytest.mark.django_db(transaction=True)
def test_steps_waiting_together_are_committed_in_one_batch_and_a_failing_step_rolls_back_alone():
    writer = threading.Lock()
    group = GroupCommit(writer)
    writing_threads: list[int] = []
    raised: dict[str, BaseException | None] = {}

    def write(name: str) -> None:
        writing_threads.append(threading.get_ident())
        Cohort.objects.create(name=name)
        if name == "refused":
            raise Refused(name)

    def step(name: str) -> None:
        try:
            group.commit(lambda: write(name))
            raised[name] = None
        except Refused as error:
            raised[name] = error

    names = ["first", "refused", "third"]
    with writer:
        threads = [threading.Thread(target=step, args=(name,)) for name in names]
        for thread in threads:
            thread.start()
        deadline = time.monotonic() + 10
        while _queued(group) < len(names):
            assert time.monotonic() < deadline, "the steps never queued"
            time.sleep(0.01)
    for thread in threads:
        thread.join(timeout=10)

    assert len(set(writing_threads)) == 1, "one thread wrote the whole batch"
    assert raised["first"] is None and raised["third"] is None
    assert isinstance(raised["refused"], Refused)
    assert sorted(Cohort.objects.values_list("name", flat=True)) == ["first", "third"]


@pytest.mark.django_db(transaction=True)
def test_a_step_is_answered_only_after_its_batch_is_committed():
    group = GroupCommit(threading.Lock())
    seen_from_another_connection: list[bool] = []

    group.commit(lambda: Cohort.objects.create(name="committed"))

    def look() -> None:
        from django.db import connection

        seen_from_another_connection.append(Cohort.objects.filter(name="committed").exists())
        connection.close()

    reader = threading.Thread(target=look)
    reader.start()
    reader.join(timeout=10)
    assert seen_from_another_connection == [True]


@pytest.mark.django_db(transaction=True)
def test_a_step_failing_alone_in_its_batch_raises_and_writes_nothing():
    group = GroupCommit(threading.Lock())

    def write() -> None:
        Cohort.objects.create(name="half written")
        raise Refused("the step failed after its first write")

    with pytest.raises(Refused):
        group.commit(write)
    group.commit(lambda: Cohort.objects.create(name="next"))
    assert list(Cohort.objects.values_list("name", flat=True)) == ["next"]
