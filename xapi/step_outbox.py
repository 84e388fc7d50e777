"""The outbox rows a step writes in its own transaction: its statements, given to the tables' round store.

The xapi app listens to the tables' steps (:mod:`trainer.step_listeners`) from its ``AppConfig.ready``; the round
store writes the rows as it writes the step, so a step that is not committed queues nothing.
"""

from grading.scoring import one_by_one, step_numbers
from trainer.models import Mode
from trainer.step_listeners import CommittedStep, Row
from xapi import statements
from xapi.models import QueuedStatement


def statements_of_step(step: CommittedStep) -> list[statements.Json]:
    """The xAPI statements a step queues: its grade (and its omission's) and, when it ends the round, the result.

    None when xAPI is off.
    """
    if not statements.enabled():
        return []
    new = [] if step.graded is None else one_by_one([step.graded])
    numbers = step_numbers(step.steps)[len(step.steps) - len(new) :]
    queued = [
        statements.step_statement(step.attempt, graded, number, step.at)
        for graded, number in zip(new, numbers, strict=True)
    ]
    if step.score_card is not None:
        queued.append(statements.round_result_statement(step.attempt, step.score_card, step.at))
    return queued


def outbox_rows(step: CommittedStep) -> list[Row]:
    """The outbox rows of the step's statements; an exam round's wait until the round is over (xapi.sender)."""
    exam_round = step.attempt.pk if step.attempt.mode == Mode.EXAM else None
    return [
        Row(QueuedStatement, statements.outbox_row(queued, step.at, exam_round)) for queued in statements_of_step(step)
    ]
