"""Rounds dealt right at a Mystery Bonus table for the meter tests, in the test's process or in another one.

Another process runs :func:`main` once Django is set up (``test_meter_processes.py`` starts it).
"""

import time
from decimal import Decimal
from pathlib import Path

from django.contrib.auth import get_user_model
from table_helpers import frame_for, step_controls

from simulator.core.mystery_meter import MysteryConfiguration
from simulator.core.procedure import Actor
from trainer import round_store, services
from trainer.controls import FLOORPERSON_STEPS, read_step
from trainer.models import Attempt, Mode, Table


def take_next_step(attempt, trainee):
    """Take the round's next step right, as its trainee; False when the round is over."""
    attempt.refresh_from_db()
    action = round_store.live_round(attempt).next_action()
    if action is None:
        return False
    controls = FLOORPERSON_STEPS if action.actor is Actor.FLOORPERSON else step_controls(attempt.table.game)
    frame = read_step(frame_for(action, attempt.last_sequence + 1), controls, frozenset(controls))
    reply = services.apply_step(attempt.pk, trainee, frame)
    assert reply.graded is not None and reply.graded.correct, f"{action.step} was refused: {reply}"
    return True


def deal_until_contributed(attempt, trainee):
    """Deal the round up to the system's Mystery Bonus contributions, and those too."""
    while not round_store.live_round(attempt).mystery.contributed:
        assert take_next_step(attempt, trainee)


def deal_to_the_end(attempt, trainee):
    """Deal every step left in the round."""
    while take_next_step(attempt, trainee):
        pass


def deal_rounds(table, trainee, rounds, force_every):
    """Deal whole rounds at the table, every ``force_every``-th with a forced hit; their attempts."""
    attempts = []
    for number in range(rounds):
        forced = number % force_every == 0
        attempt = services.start_round(trainee, table, Mode.PRACTICE, force_mystery_hit=forced)
        deal_to_the_end(attempt, trainee)
        attempts.append(attempt)
    return attempts


def contributions(attempt):
    """The round's contributions as the log records them: (seat, wager amount, lit), in the order applied."""
    round_ = round_store.live_round(Attempt.objects.get(pk=attempt.pk))
    facts = next(op.facts for op in round_.operations if op.action.step == "add_mystery_contributions")
    return [(fact["seat"], fact["amount"], fact["lit"]) for fact in facts["contributions"]]


def amount_after(configuration: MysteryConfiguration, rate: Decimal, reading: Decimal, applied) -> Decimal:
    """The meter after a round's contributions, worked from the rate: a hit closes the cycle, the rest goes on."""
    amount = reading
    for _seat, wager, lit in applied:
        amount += rate * wager
        if lit:
            amount = Decimal(configuration.minimum_value)
    return amount


def ready_file(go_file, username):
    """The file a dealing process makes once it is ready to deal, beside the go file."""
    return Path(go_file).with_name(f"ready-{username}")


def main(table_id, username, rounds, force_every, go_file):
    """Say it is ready, wait for the go file to exist, then deal the rounds at the table as the trainee.

    The arguments come as strings. The ready file is made once Django is set up and the trainee and the table are
    read, so that the test starts both processes' rounds together however long each took to start.
    """
    trainee = get_user_model().objects.get(username=username)
    table = Table.objects.get(pk=int(table_id))
    ready_file(go_file, username).touch()
    while not Path(go_file).exists():
        time.sleep(0.01)
    deal_rounds(table, trainee, int(rounds), int(force_every))
