"""Verdicts, the table log, the replay, titles and counts in floor words: dice red first, no ids, plurals right."""

from dataclasses import replace

import pytest
from django.urls import reverse
from table_helpers import demo_table, make_instructor, make_trainee, take
from test_card_names import deal_on
from test_services import step_frame

from scenarios.scenario_versions import create_scenario, publish
from school.models import Cohort
from simulator.scenarios import ScenarioSpec
from trainer import services
from trainer.models import Mode, Table
from trainer.table_page import graded_context

pytestmark = pytest.mark.django_db


def test_645b2_g_the_verdict_the_table_log_and_the_replay_call_the_dice_red_first_then_each_blue(client):
    trainee, table = make_trainee(), demo_table()
    attempt = services.start_round(trainee, table, Mode.PRACTICE, seed_value=5)
    action = deal_on(attempt, trainee, "announce_dice")
    red, first_blue, second_blue = (action.arguments[die] for die in ("red", "blue_1", "blue_2"))
    wrong = replace(action, arguments={**action.arguments, "red": red % 6 + 1})
    reply = take(attempt, trainee, step_frame(attempt, wrong, attempt.last_sequence + 1))
    called = f"red {red}, blue {first_blue}, blue {second_blue}"
    assert (
        graded_context(reply.graded, table.game, reply.snapshot.rack)["did"]
        == f"Announce the dice (red {red % 6 + 1}, blue {first_blue}, blue {second_blue})"
    )
    assert (
        reply.graded.message
        == f"Announced red {red % 6 + 1}, blue {first_blue}, blue {second_blue}: the dice show {called}."
    )
    attempt.refresh_from_db()
    deal_on(attempt, trainee)
    client.force_login(trainee)
    page = client.get(reverse("attempt", args=[attempt.pk])).content.decode()
    assert f"announce the dice: {called}" in page
    replay = client.get(reverse("replay", args=[attempt.pk])).content.decode()
    assert f"Announce the dice ({called})" in replay
    assert "blue_1" not in replay and " and " not in replay.split("<h2>Every step</h2>")[1].split("</ol>")[0]


def test_645b1_the_tiger_9_call_and_the_dealers_stack_are_said_in_words_not_flags_and_places(client):
    trainee, table = make_trainee(), demo_table()
    attempt = services.start_round(trainee, table, Mode.PRACTICE, seed_value=5)
    tiger_nine = deal_on(attempt, trainee, "declare_tiger_nine").arguments["tiger_nine"]
    deal_on(attempt, trainee)
    client.force_login(trainee)
    steps = client.get(reverse("replay", args=[attempt.pk])).content.decode().split("<h2>Every step</h2>")[1]
    assert f"Declare Tiger 9 ({'' if tiger_nine else 'no '}Tiger 9 declared)" in steps
    assert "tiger nine" not in steps and "place " not in steps
    assert "Deliver a stack (seat " in steps


def test_a_published_scenarios_table_is_titled_by_its_name_and_version_without_internal_ids(client):
    spec = ScenarioSpec.from_json({"game": "pai-gow-poker"})
    first = publish(create_scenario("Tiger 9 practice", make_instructor("ivy"), spec))
    namesake = publish(create_scenario("Tiger 9 practice", make_instructor("ike"), spec))
    assert Table.objects.get(pk=first.table_id).name == "Tiger 9 practice, version 1"
    assert Table.objects.get(pk=namesake.table_id).name == "Tiger 9 practice, version 1 (2)"
    trainee = make_trainee()
    client.force_login(trainee)
    attempt = services.start_round(trainee, Table.objects.get(pk=first.table_id), Mode.PRACTICE, seed_value=5)
    for page in (reverse("tables"), reverse("attempt", args=[attempt.pk])):
        drawn = client.get(page).content.decode()
        assert "Tiger 9 practice, version 1" in drawn and "(scenario " not in drawn


@pytest.mark.parametrize(
    ("rows", "status", "button"),
    [
        (1, "This trainee account will be created", "Create the account"),
        (2, "These 2 trainee accounts will be created", "Create the 2 accounts"),
    ],
)
def test_the_import_preview_counts_one_account_in_the_singular_and_more_in_the_plural(client, rows, status, button):
    ivy = make_instructor("ivy")
    cohort = Cohort.objects.create(name="Evening class")
    cohort.instructors.add(ivy)
    client.force_login(ivy)
    text = "name,email\n" + "".join(f"Trainee {row},t{row}@example.org\n" for row in range(rows))
    drawn = client.post(reverse("import_roster", args=[cohort.pk]), {"text": text}).content.decode()
    assert status in drawn and button in drawn
    assert "These 1" not in drawn and "1 trainee accounts" not in drawn


def test_a_roster_row_of_one_column_is_counted_in_the_singular(client):
    ivy = make_instructor("ivy")
    cohort = Cohort.objects.create(name="Evening class")
    cohort.instructors.add(ivy)
    client.force_login(ivy)
    drawn = client.post(reverse("import_roster", args=[cohort.pk]), {"text": "name,email\nBob\n"}).content.decode()
    assert "The row has 1 column, not 2." in drawn
