"""Scenario versions: a draft is edited in place, a published version never changes, attempts keep theirs."""

import pytest
from django.core.exceptions import ValidationError
from table_helpers import make_instructor, make_trainee

from scenarios.models import ScenarioVersion
from scenarios.scenario_versions import create_scenario, publish, published_versions, save_draft
from simulator.core.hands import is_tiger_nine
from simulator.notation import replay_round
from simulator.scenarios import ScenarioSpec
from trainer import services
from trainer.models import Attempt, Mode

pytestmark = [pytest.mark.storage, pytest.mark.django_db]

TIGER_NINE = {
    "game": "pai-gow-poker",
    "seats": {"2": {"pai-gow": 2500, "tiger-9": 500, "progressive": 100}},
    "rigging": {"dice": "6 1 1", "hands": {"0": "9h 8c 7d 5s 4h 3c Kd"}, "tiger_nine": True, "mystery_hit_round": 1},
    "mode": "exam",
    "pass_accuracy_percent": 80,
    "time_limit_seconds": 600,
}


def spec(**fields):
    return ScenarioSpec.from_json(TIGER_NINE | fields)


def test_editing_a_draft_keeps_its_number():
    version = create_scenario("Tiger 9", make_instructor(), spec())
    edited = save_draft(version.scenario, spec(pass_accuracy_percent=95))
    assert (edited.pk, edited.number, edited.spec["pass_accuracy_percent"]) == (version.pk, 1, 95)


def test_editing_a_published_version_makes_version_2_and_leaves_version_1_as_published():
    version = publish(create_scenario("Tiger 9", make_instructor(), spec()))
    draft = save_draft(version.scenario, spec(pass_accuracy_percent=95))
    version.refresh_from_db()
    assert (draft.number, draft.published, version.spec["pass_accuracy_percent"]) == (2, False, 80)
    assert list(published_versions()) == [version]


def test_publishing_gives_the_version_a_table_of_its_own_with_the_scenarios_pass_rule_kept_off_the_tables_list():
    version = publish(create_scenario("Tiger 9", make_instructor(), spec()))
    table = version.table
    assert (table.game, table.pass_accuracy_percent, table.time_limit_seconds) == ("pai-gow-poker", 80, 600)
    assert table not in services.open_tables()


def test_an_attempt_keeps_the_version_it_was_dealt_from_after_the_scenario_is_edited_and_republished():
    trainee = make_trainee()
    version = publish(create_scenario("Tiger 9", make_instructor(), spec()))
    attempt = services.start_scenario_round(trainee, version, 1, seed_value=4)
    publish(save_draft(version.scenario, spec(rigging={})))
    attempt.refresh_from_db()
    assert attempt.scenario_version == version and attempt.mode == Mode.EXAM
    round_ = replay_round(attempt.log)
    round_.play_out()
    assert is_tiger_nine(round_.dealer_hand.low) and round_.tiger_nine_declared is True


def test_a_scenarios_mystery_hit_comes_on_the_round_it_names():
    trainee = make_trainee()
    version = publish(create_scenario("Two rounds", make_instructor(), spec(rounds=2)))
    numbered = ((1, 1), (2, 2), (1, 3))
    dealt = [services.start_scenario_round(trainee, version, number, seed_value=seed) for number, seed in numbered]
    rounds = [replay_round(attempt.log) for attempt in dealt]
    hits = ["pay_mystery_bonus" in {op.action.step for op in round_.play_out()} for round_ in rounds]
    assert hits == [True, False, True]


def test_a_draft_cannot_be_dealt():
    version = create_scenario("Draft", make_instructor(), spec())
    with pytest.raises(ValueError, match="not published"):
        services.start_scenario_round(make_trainee(), version, 1)
    assert not Attempt.objects.exists()


def test_a_version_refuses_a_scenario_the_engine_cannot_deal():
    version = ScenarioVersion(number=1, spec=TIGER_NINE | {"rigging": {"dice": "7 1 1"}})
    with pytest.raises(ValidationError, match=r"rigging\.dice"):
        version.full_clean(exclude=["scenario"])
