"""Honest exams at the table: the pass rule stated before and after, kept by the attempt, and steps numbered 1..N."""

from dataclasses import replace
from fractions import Fraction

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse
from table_helpers import demo_table, make_trainee, make_user, read_dealer_step
from test_other_games import browser_frame

from core.roles import Role
from grading.scoring import PassRule, ScoreCard
from grading.standards import STEP_SKILLS
from trainer import round_store, services
from trainer.models import Mode, Table
from trainer.snapshots import Viewer
from trainer.table_page import page_context
from trainer.tables import TABLES

pytestmark = pytest.mark.django_db

DEFAULT_RULE_TEXT = "at least 90.0% of steps right at the first attempt, no critical error, no time limit"


def take(attempt, trainee, action):
    """The trainee's browser takes ``action`` as the attempt's next frame."""
    frame = read_dealer_step(attempt, browser_frame(action, attempt.last_sequence + 1))
    reply = services.apply_step(attempt.pk, trainee, frame)
    attempt.refresh_from_db()
    return reply


def deal_with_one_slip(trainee, table, mode=Mode.EXAM):
    """Deal a round, take one step out of turn (a minor error) first, then every step right to the end."""
    attempt = services.start_round(trainee, table, mode, seed_value=9)
    first = round_store.live_round(attempt).next_action()
    take(attempt, trainee, replace(first, step="clear_table"))
    while (action := round_store.live_round(attempt).next_action()) is not None:
        take(attempt, trainee, action)
    return attempt


# ----- the rule on the table -----


@pytest.mark.parametrize(
    ("field", "value"),
    [("pass_accuracy_percent", 101), ("time_limit_seconds", 0), ("skill_targets", {"juggling": 5})],
)
def test_a_table_pass_rule_or_target_out_of_range_is_refused(field, value):
    table = demo_table()
    setattr(table, field, value)
    with pytest.raises(ValidationError) as refused:
        table.full_clean()
    assert field in refused.value.message_dict


def test_a_school_administrator_edits_a_tables_pass_rule_on_its_standards_page_and_a_mark_over_100_is_refused(client):
    client.force_login(make_user("ada", Role.SCHOOL_ADMINISTRATOR))
    table = demo_table()
    url = reverse("table_standards", args=[table.pk])
    form = {
        "pass_accuracy_percent": "101",
        "critical_error_fails": "on",
        "time_limit_seconds": "600",
        "target_calling_the_dice": "4",
    }
    assert client.post(url, form).status_code == 400  # the form again, with the error
    table.refresh_from_db()
    assert table.pass_accuracy_percent == 90
    client.post(url, form | {"pass_accuracy_percent": "95"})
    table.refresh_from_db()
    assert table.pass_rule() == PassRule(Fraction(95, 100), True, 600)
    assert table.skill_targets == {"calling_the_dice": 4}


def test_the_attempt_keeps_the_rule_it_was_dealt_under_when_the_table_is_edited():
    trainee = make_trainee()
    table = demo_table()
    table.skill_targets = {"calling_the_dice": 4}
    table.save()
    attempt = services.start_round(trainee, table, Mode.EXAM, seed_value=9)
    Table.objects.filter(pk=table.pk).update(pass_accuracy_percent=100, time_limit_seconds=1, skill_targets={})
    while (action := round_store.live_round(attempt).next_action()) is not None:
        take(attempt, trainee, action)
    card = ScoreCard.from_json(attempt.score_card)
    assert card.rule == PassRule()
    assert card.passed
    assert {skill.skill: skill.target_seconds for skill in card.skills}["calling_the_dice"] == 4


# ----- stated before an exam starts -----


def test_the_tables_page_states_each_tables_pass_rule_beside_practice_and_exam(client):
    client.force_login(make_trainee())
    table = demo_table()
    assert f"To pass a round in exam mode here: {DEFAULT_RULE_TEXT}." in client.get(reverse("tables")).text
    Table.objects.filter(pk=table.pk).update(critical_error_fails=False, time_limit_seconds=900)
    page = client.get(reverse("tables")).text
    assert "critical errors allowed, within 15:00 for the round" in page


@pytest.mark.parametrize(("mode", "stated"), [(Mode.EXAM, True), (Mode.PRACTICE, False)])
def test_the_exam_table_states_the_pass_rule_before_the_first_step(client, mode, stated):
    trainee = make_trainee()
    client.force_login(trainee)
    attempt = services.start_round(trainee, demo_table(), mode, seed_value=9)
    page = client.get(reverse("attempt", args=[attempt.pk])).text
    assert (f"To pass: {DEFAULT_RULE_TEXT}." in page) is stated


# ----- stated again on the score card, with the part that failed -----


def test_the_score_card_states_the_rule_and_the_failing_part_in_words(client):
    trainee = make_trainee()
    table = demo_table()
    Table.objects.filter(pk=table.pk).update(pass_accuracy_percent=100)
    table.refresh_from_db()
    attempt = deal_with_one_slip(trainee, table)
    card = ScoreCard.from_json(attempt.score_card)
    assert [failure.part for failure in card.failures] == ["accuracy"]
    client.force_login(trainee)
    page = client.get(reverse("attempt", args=[attempt.pk])).text
    assert f"Not passed: accuracy {card.accuracy_text} is below the mark of 100.0%." in page
    assert "To pass: at least 100.0% of steps right at the first attempt, no critical error, no time limit." in page
    assert "Speed does not count toward passing here: this table sets no time limit" in page
    assert f"Step 1 of {card.steps}: you did Clear the table." in page


def test_the_score_card_lists_every_steps_time_numbered_1_to_n(client):
    trainee = make_trainee()
    attempt = deal_with_one_slip(trainee, demo_table())
    card = ScoreCard.from_json(attempt.score_card)
    assert [time.number for time in card.step_times] == list(range(1, card.steps + 1))
    assert card.skills, "a Pai Gow Poker round calls the dice and delivers the stacks"
    regions = page_context(services.table_snapshot(attempt), Viewer.TRAINEE)["regions"]
    score_card = str(regions["score_card"])
    assert f"Step {card.steps} of {card.steps}:" in score_card
    assert "Calling the dice" in score_card and "Median time" in score_card


def test_the_instructors_graded_list_numbers_steps_as_the_score_card_does():
    trainee = make_trainee()
    attempt = services.start_round(trainee, demo_table(), Mode.EXAM, seed_value=9)
    take(attempt, trainee, round_store.live_round(attempt).next_action())
    live_list = str(page_context(services.table_snapshot(attempt), Viewer.INSTRUCTOR)["regions"]["graded_steps"])
    assert "Step 1:" in live_list, "while the round is dealt, N is not known yet"
    while (action := round_store.live_round(attempt).next_action()) is not None:
        take(attempt, trainee, action)
    card = ScoreCard.from_json(attempt.score_card)
    log_line = services.table_snapshot(attempt).graded_steps[-1].number
    assert log_line > card.steps, "the engine's automated steps make log lines run ahead of the trainee's steps"
    graded_list = str(page_context(services.table_snapshot(attempt), Viewer.INSTRUCTOR)["regions"]["graded_steps"])
    assert f"Step 1 of {card.steps}:" in graded_list and f"Step {card.steps} of {card.steps}:" in graded_list
    assert f"Step {log_line} " not in graded_list


def test_every_step_with_a_skill_is_a_dealer_step_the_trainee_can_take():
    assert set(STEP_SKILLS) <= {step for table in TABLES for step in table.step_controls}
