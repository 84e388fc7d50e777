"""The live tables an instructor may watch: who is dealing, where, the step they are on and their accuracy so far."""

from dataclasses import dataclass

from django.contrib.auth.models import User
from django.db.models import QuerySet

from core.roles import Role, has_role, is_school_administrator
from grading.scoring import ScoreCard
from simulator.core.procedure import Actor
from simulator.games import GAMES
from trainer import services
from trainer.models import Attempt, Mode
from trainer.round_store import live_attempt
from trainer.sittings import sat_for_other_cohorts
from trainer.tables import table_description


def live_tables_to_watch(user: User) -> QuerySet[Attempt] | list[Attempt]:
    """The live rounds the user may watch: every one for a school administrator, their cohorts' for an instructor.

    An instructor does not watch a round of another cohort's exam, though its trainee is in a cohort of theirs too.
    """
    if is_school_administrator(user):
        return services.live_attempts()
    if has_role(user, Role.INSTRUCTOR):
        attempts = services.live_attempts().filter(trainee__cohorts__instructors=user).distinct()
        others = sat_for_other_cohorts(user, attempts.filter(mode=Mode.EXAM))
        return [attempt for attempt in attempts if attempt.pk not in others]
    return []


@dataclass(frozen=True)
class LiveTable:
    """A live round as an instructor's home lists it; only the name of the step waiting, never its arguments."""

    attempt: Attempt
    game: str
    step: str
    steps_graded: int
    accuracy: str


def live_table(attempt: Attempt) -> LiveTable:
    """The live round with the step it waits for, named as its control is (and who takes it), and the accuracy so far.

    The step's arguments (an amount to pay, the cards of a hand) are its answer, so only its name is given.
    """
    live = live_attempt(attempt)
    action = live.round.next_action()
    table = table_description(attempt.table.game)
    if action is None:
        step = "Finishing the round"
    elif action.actor is Actor.DEALER:
        step = table.step_label(action.step)
    else:
        step = f"{table.step_label(action.step)} (the {action.actor.value})"
    card = ScoreCard.from_steps(live.graded_steps)
    return LiveTable(attempt, GAMES[attempt.table.game].name, step, card.steps, card.accuracy_text)


def live_tables(user: User) -> list[LiveTable]:
    """Each live round the user may watch, newest first, with the step it waits for and the accuracy so far."""
    return [live_table(attempt) for attempt in live_tables_to_watch(user)]
