"""Exams for the tests: a short published scenario, an exam for a cohort, and a trainee dealing its rounds."""

from dataclasses import replace
from datetime import timedelta

from django.utils import timezone
from table_helpers import make_instructor, make_trainee, read_dealer_step
from test_other_games import browser_frame

from certification import exams
from certification.models import Exam, ExamSitting
from scenarios.scenario_versions import create_scenario, publish
from school.models import Cohort
from simulator.games import GAMES
from simulator.scenarios import ScenarioSpec, game_steps
from trainer import round_store, services

TRAINEE_STEPS = ("announce_dice", "clear_table")
"""The steps a short Pai Gow Poker scenario leaves to the trainee: calling the dice and clearing the table."""


def short_scenario(author, name="Dice call", rounds=1, mode="practice", **pass_rule):
    """A published Pai Gow Poker scenario whose every step but calling the dice and clearing the table is automated.

    ``pass_rule`` sets the scenario's pass rule fields (``pass_accuracy_percent`` and so on) over the defaults.
    """
    steps = game_steps(GAMES["pai-gow-poker"])
    spec = ScenarioSpec.from_json(
        {
            "game": "pai-gow-poker",
            "automations": [step for step in steps if step not in TRAINEE_STEPS],
            "mode": mode,
            "rounds": rounds,
        }
        | pass_rule
    )
    return publish(create_scenario(name, author, spec))


def exam_school():
    """An instructor teaching a cohort with two trainees (alice, bob), another instructor, and a short scenario."""
    instructor = make_instructor("ivy")
    alice, bob = make_trainee("alice"), make_trainee("bob")
    alice.first_name, alice.last_name, alice.email = "Alice", "Liddell", "alice@example.org"
    alice.save()
    bob.first_name, bob.last_name = "Bob", "Tanaka"
    bob.save()
    cohort = Cohort.objects.create(name="Evening cohort")
    cohort.instructors.add(instructor)
    cohort.trainees.add(alice, bob)
    return instructor, cohort, alice, bob, short_scenario(instructor)


def schedule(cohort, instructor, versions, **settings):
    """An exam of the versions for the cohort, open from an hour ago for a week, with ``settings`` over the defaults."""
    now = timezone.now()
    fields = {"name": "Dice exam", "opens_at": now - timedelta(hours=1), "closes_at": now + timedelta(days=7)}
    exam = Exam(cohort=cohort, scheduled_by=instructor, **(fields | settings))
    return exams.schedule_exam(exam, list(versions))


def deal(attempt, trainee, wrong_red_die=False):
    """The trainee takes every step of the attempt's round; with ``wrong_red_die`` the red die is called wrong first.

    A wrong call changes nothing in an exam: the trainee calls the dice again, right.
    """
    called_wrong = False
    while (action := round_store.live_round(attempt).next_action()) is not None:
        arguments = dict(action.arguments)
        if wrong_red_die and action.step == "announce_dice" and not called_wrong:
            arguments["red"] = arguments["red"] % 6 + 1
            called_wrong = True
        wanted = replace(action, arguments=arguments)
        frame = read_dealer_step(attempt, browser_frame(wanted, attempt.last_sequence + 1))
        services.apply_step(attempt.pk, trainee, frame)
        attempt.refresh_from_db()
    return attempt


def sit_through(exam, trainee, wrong_red_die=False) -> ExamSitting:
    """The trainee begins a sitting and deals every round of it; its result is then settled."""
    sitting = exams.begin_sitting(exam, trainee)
    while (exam_round := exams.deal_next_round(sitting)) is not None:
        deal(exam_round.attempt, trainee, wrong_red_die)
    exams.settle(sitting)
    return sitting
