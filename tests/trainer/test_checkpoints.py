"""SQLite's log copied into the database by the checkpoint thread, never inside a step's commit."""

import os
import sqlite3

import pytest
from django.db import connection
from table_helpers import make_trainee

from trainer import round_store
from trainer.speed import checkpoints

pytestmark = pytest.mark.skipif("DATABASE_URL" in os.environ, reason="checkpoints are SQLite's")


@pytest.mark.django_db(transaction=True)
def test_a_checkpoint_copies_the_whole_log_into_the_database_without_waiting():
    make_trainee()
    database = sqlite3.connect(connection.settings_dict["NAME"])
    try:
        busy, logged, copied = checkpoints.take_checkpoint(database)
    finally:
        database.close()
    assert busy == 0 and logged == copied > 0


@pytest.mark.django_db(transaction=True)
def test_every_write_keeps_the_one_checkpoint_thread_of_the_process_running():
    for number in range(3):
        with round_store.writing():
            make_trainee(f"trainee{number}")
    thread = checkpoints.keep_checkpointing()
    assert thread is not None and thread.is_alive() and thread.daemon and thread.name == "sqlite-checkpoints"
    assert checkpoints.keep_checkpointing() is thread
