"""The drop-downs that offer scenarios group the school's own and the library's drills, each sorted as people count."""

import re
from html import unescape

import pytest
from django.urls import reverse
from table_helpers import make_instructor, make_trainee

from scenarios.drill_library import load_drill_library
from scenarios.scenario_choices import DRILLS, SCHOOL_SCENARIOS
from school.models import Cohort
from simulator.scenarios import ScenarioSpec
from trainer.scenario_versions import create_scenario, publish

pytestmark = pytest.mark.django_db

GROUP = re.compile(r'<optgroup label="([^"]+)">(.*?)</optgroup>', re.DOTALL)
OPTION = re.compile(r"<option [^>]*>([^<]+)</option>")


@pytest.fixture
def instructor(client):
    """Ivy, signed in, teaching a cohort; her scenarios Table 10, Table 2 and table 9 published; the drills loaded."""
    ivy = make_instructor("ivy")
    cohort = Cohort.objects.create(name="Evening class")
    cohort.instructors.add(ivy)
    cohort.trainees.add(make_trainee())
    for name in ("Table 10", "Table 2", "table 9"):
        publish(create_scenario(name, ivy, ScenarioSpec.from_json({"game": "pai-gow-poker"})))
    load_drill_library()
    client.force_login(ivy)
    return cohort


def groups_of(page, field):
    """The optgroups of the named select on a page: each label with its options' words, in order."""
    select = re.search(rf'<select name="{field}"[^>]*>(.*?)</select>', page, re.DOTALL).group(1)
    return [(unescape(label), OPTION.findall(options)) for label, options in GROUP.findall(select)]


def assert_grouped_and_sorted(groups, school):
    assert [label for label, _ in groups] == [SCHOOL_SCENARIOS, DRILLS]
    assert groups[0][1] == school
    drills = groups[1][1]
    assert len(drills) > 10 and not set(drills) & set(school)
    totals = [int(found[1]) for drill in drills if (found := re.search(r"dice total (\d+)", drill, re.IGNORECASE))]
    assert len(totals) == 16 and totals == sorted(totals)


def test_the_assignment_form_offers_the_schools_scenarios_then_the_drills_sorted_naturally(client, instructor):
    page = client.get(reverse("assignments", args=[instructor.pk])).content.decode()
    assert_grouped_and_sorted(groups_of(page, "scenario"), ["Table 2", "table 9", "Table 10"])


def test_the_exam_form_offers_the_schools_scenarios_then_the_drills_sorted_naturally(client, instructor):
    page = client.get(reverse("exam_new")).content.decode()
    school = ["Table 2 (version 1)", "table 9 (version 1)", "Table 10 (version 1)"]
    for place in range(1, 5):
        assert_grouped_and_sorted(groups_of(page, f"scenario_{place}"), school)
