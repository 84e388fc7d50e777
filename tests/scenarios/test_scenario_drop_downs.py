"""The drop-downs that offer scenarios group the school's own by game, then the library's drills by game, each group
sorted as people count."""

import re
from html import unescape

import pytest
from django.urls import reverse
from table_helpers import make_instructor, make_trainee

from scenarios.drill_library import load_drill_library
from scenarios.models import ScenarioVersion
from scenarios.scenario_choices import DRILLS, SCHOOL_SCENARIOS, group_label
from scenarios.scenario_versions import create_scenario, publish
from school.models import Cohort
from simulator.games import GAMES
from simulator.scenarios import ScenarioSpec

pytestmark = pytest.mark.django_db

GROUP = re.compile(r'<optgroup label="([^"]+)">(.*?)</optgroup>', re.DOTALL)
OPTION = re.compile(r"<option [^>]*>([^<]+)</option>")


@pytest.fixture
def instructor(client):
    """Ivy, signed in, teaching a cohort; her Pai Gow Poker scenarios Table 10, Table 2 and table 9 and her Down Under
    Blackjack scenario Match practice published; the drills loaded."""
    ivy = make_instructor("ivy")
    cohort = Cohort.objects.create(name="Evening class")
    cohort.instructors.add(ivy)
    cohort.trainees.add(make_trainee())
    for name in ("Table 10", "Table 2", "table 9"):
        publish(create_scenario(name, ivy, ScenarioSpec.from_json({"game": "pai-gow-poker"})))
    publish(create_scenario("Match practice", ivy, ScenarioSpec.from_json({"game": "down-under-blackjack"})))
    load_drill_library()
    client.force_login(ivy)
    return cohort


def groups_of(page, field):
    """The optgroups of the named select on a page: each label with its options' words, in order."""
    select = re.search(rf'<select name="{field}"[^>]*>(.*?)</select>', page, re.DOTALL).group(1)
    return [(unescape(label), list(map(unescape, OPTION.findall(options)))) for label, options in GROUP.findall(select)]


def assert_grouped_by_game_drills_apart(groups, school, down_under):
    labels = [label for label, _ in groups]
    school_groups = [label for label in labels if label.endswith(SCHOOL_SCENARIOS)]
    drill_groups = [label for label in labels if label.endswith(DRILLS)]
    assert labels == school_groups + drill_groups, "the school's scenarios first, the drills apart after them"
    assert school_groups == [group_label("pai-gow-poker", False), group_label("down-under-blackjack", False)]
    by_label = dict(groups)
    assert by_label[school_groups[0]] == school and by_label[school_groups[1]] == down_under
    in_registry_order = [group_label(key, True) for key in GAMES if group_label(key, True) in drill_groups]
    assert drill_groups == in_registry_order and len(drill_groups) > 1
    for key in GAMES:
        for drill in by_label.get(group_label(key, True), []):
            name = re.sub(r" \(version \d+(, watched for faults)?\)$", "", drill)
            games = {version.spec["game"] for version in ScenarioVersion.objects.filter(scenario__name=name)}
            assert games == {key}, (drill, games)
    drills = by_label[group_label("pai-gow-poker", True)]
    totals = [int(found[1]) for drill in drills if (found := re.search(r"dice total (\d+)", drill, re.IGNORECASE))]
    assert len(totals) == 16 and totals == sorted(totals)


def test_the_assignment_form_offers_the_schools_scenarios_by_game_then_the_drills_by_game(client, instructor):
    page = client.get(reverse("assignments", args=[instructor.pk])).content.decode()
    groups = groups_of(page, "scenario")
    assert_grouped_by_game_drills_apart(groups, ["Table 2", "table 9", "Table 10"], ["Match practice"])


def test_the_exam_form_offers_the_schools_scenarios_by_game_then_the_drills_by_game(client, instructor):
    page = client.get(reverse("exam_new")).content.decode()
    school = ["Table 2 (version 1)", "table 9 (version 1)", "Table 10 (version 1)"]
    for place in range(1, 5):
        groups = groups_of(page, f"scenario_{place}")
        assert_grouped_by_game_drills_apart(groups, school, ["Match practice (version 1)"])
