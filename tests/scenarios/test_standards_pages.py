"""Standards in the instructor's hands: a table's pass rule and target times, a scenario's target times, each set in a
form naming the skills as the score card does, with the school's defaults shown and every value checked."""

from html.parser import HTMLParser

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse
from exam_helpers import short_scenario
from markupsafe import escape
from table_helpers import make_instructor, make_trainee, make_user

from core.models import SchoolProfile
from core.roles import Role
from grading.standards import SKILLS
from scenarios.scenario_versions import publish
from simulator.games import GAMES
from simulator.scenarios import ScenarioError, ScenarioSpec
from trainer import services
from trainer.models import Mode, Table

pytestmark = pytest.mark.django_db


class ShownFields(HTMLParser):
    """The values a page's fields show, each name with every value a browser would send for it."""

    def __init__(self) -> None:
        super().__init__()
        self.fields: dict[str, list[str]] = {}
        self.select: str | None = None
        self.textarea: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        name = found.get("name")
        if tag == "input" and name and found.get("type") not in ("submit", "button", "checkbox", "radio"):
            self.fields.setdefault(name, []).append(found.get("value") or "")
        elif tag == "input" and name and "checked" in found:
            self.fields.setdefault(name, []).append(found.get("value") or "on")
        elif tag == "select" and name:
            self.select = name
        elif tag == "option" and self.select:
            if "selected" in found or self.select not in self.fields:
                self.fields[self.select] = [found.get("value") or ""]
        elif tag == "textarea" and name:
            self.textarea = name
            self.fields[name] = [""]

    def handle_endtag(self, tag: str) -> None:
        if tag == "select":
            self.select = None
        elif tag == "textarea":
            self.textarea = None

    def handle_data(self, data: str) -> None:
        if self.textarea:
            self.fields[self.textarea][0] += data.removeprefix("\n") if not self.fields[self.textarea][0] else data


def shown_fields(page: str) -> dict[str, list[str]]:
    """What a browser would send from the page's fields as they are shown."""
    parser = ShownFields()
    parser.feed(page)
    return parser.fields


@pytest.fixture
def instructor(client):
    user = make_instructor()
    client.force_login(user)
    return user


@pytest.fixture
def administrator(client):
    user = make_user("ada", Role.SCHOOL_ADMINISTRATOR)
    client.force_login(user)
    return user


def pai_gow_table():
    return Table.objects.create(name="Pai Gow Poker 1", game="pai-gow-poker")


def standards_of(table, **changes):
    """The standards form's fields as the table stands, with ``changes`` over them."""
    fields = {"pass_accuracy_percent": table.pass_accuracy_percent, "critical_error_fails": "on"}
    return fields | {"time_limit_seconds": ""} | changes


def test_a_tables_standards_name_its_games_skills_as_the_score_card_does_with_the_defaults_shown(client, instructor):
    page = client.get(reverse("table_standards", args=[pai_gow_table().pk])).text
    for key in ("calling_the_dice", "settling_a_dice_wager", "setting_the_house_way", "calling_tiger_nine"):
        assert escape(f"{SKILLS[key].name} (seconds)") in page
        assert f"The school&#39;s default: {SKILLS[key].target_seconds} s." in page
    assert SKILLS["dealing_a_card"].name not in page and "The school&#39;s default: 90%." in page
    down_under = Table.objects.create(name="Down Under 1", game="down-under-blackjack")
    page = client.get(reverse("table_standards", args=[down_under.pk])).text
    assert SKILLS["dealing_a_card"].name in page and SKILLS["calling_tiger_nine"].name not in page


def test_saved_standards_judge_the_rounds_dealt_from_then_on(client, administrator):
    table = pai_gow_table()
    url = reverse("table_standards", args=[table.pk])
    changes = {"pass_accuracy_percent": "80", "time_limit_seconds": "600", "target_calling_the_dice": "4"}
    response = client.post(url, standards_of(table, **changes))
    assert response.status_code == 302
    assert "The standards of Pai Gow Poker 1 are saved" in client.get(url).text
    table.refresh_from_db()
    assert (table.pass_accuracy_percent, table.time_limit_seconds) == (80, 600)
    assert table.skill_targets == {"calling_the_dice": 4}
    attempt = services.start_round(make_trainee(), table, Mode.EXAM)
    assert attempt.skill_targets == {"calling_the_dice": 4} and attempt.pass_rule["time_limit_seconds"] == 600


def test_an_emptied_target_goes_back_to_the_default_and_a_target_the_form_does_not_show_is_kept(client, instructor):
    table = pai_gow_table()
    table.skill_targets = {"calling_the_dice": 4, "dealing_a_card": 2}
    table.save()
    page = client.get(reverse("table_standards", args=[table.pk])).text
    assert 'name="target_calling_the_dice" value="4"' in page
    client.post(reverse("table_standards", args=[table.pk]), standards_of(table, target_calling_the_dice=""))
    table.refresh_from_db()
    assert table.skill_targets == {"dealing_a_card": 2}


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("target_calling_the_dice", "0", "Ensure this value is greater than or equal to 1."),
        ("target_calling_the_dice", "3601", "Ensure this value is less than or equal to 3600."),
        ("target_calling_the_dice", "4.5", "Enter a whole number."),
        ("pass_accuracy_percent", "101", "Ensure this value is less than or equal to 100."),
        ("time_limit_seconds", "0", "Ensure this value is greater than or equal to 1."),
    ],
)
def test_a_standard_out_of_bounds_is_refused_beside_its_field_and_nothing_changes(
    client, administrator, field, value, message
):
    table = pai_gow_table()
    response = client.post(
        reverse("table_standards", args=[table.pk]),
        standards_of(table, target_setting_the_house_way="20") | {field: value},
    )
    assert response.status_code == 400 and message in response.text
    assert f'id="id_{field}_error"' in response.text
    table.refresh_from_db()
    assert table.skill_targets == {} and table.pass_accuracy_percent == 90


def test_an_instructor_sees_a_shared_tables_pass_rule_read_only_and_who_changes_it(client, instructor):
    page = client.get(reverse("table_standards", args=[pai_gow_table().pk])).text
    assert "Only a school administrator changes a shared table&#39;s pass rule" in page
    assert "To pass: at least 90.0% of steps right at the first attempt" in page
    for name in ("pass_accuracy_percent", "critical_error_fails", "time_limit_seconds"):
        assert "disabled" in page.split(f'name="{name}"')[1].split(">")[0]


@pytest.mark.parametrize(
    ("field", "sent"), [("pass_accuracy_percent", "50"), ("time_limit_seconds", "600"), ("critical_error_fails", "on")]
)
def test_an_instructors_change_to_a_shared_tables_pass_rule_is_refused_and_nothing_changes(
    client, instructor, field, sent
):
    table = pai_gow_table()
    table.critical_error_fails = False
    table.save()
    before = table.pass_rule()
    response = client.post(reverse("table_standards", args=[table.pk]), {"target_calling_the_dice": "4", field: sent})
    assert response.status_code == 400 and f'id="id_{field}_error"' in response.text
    assert "Only a school administrator changes a shared table&#39;s pass rule" in response.text
    table.refresh_from_db()
    assert table.pass_rule() == before and table.skill_targets == {}


def test_an_instructor_keeps_setting_a_shared_tables_target_times(client, instructor):
    table = pai_gow_table()
    response = client.post(reverse("table_standards", args=[table.pk]), {"target_calling_the_dice": "4"})
    assert response.status_code == 302
    table.refresh_from_db()
    assert table.skill_targets == {"calling_the_dice": 4} and table.pass_accuracy_percent == 90


def test_a_school_administrator_changes_a_shared_tables_pass_rule(client, administrator):
    table = pai_gow_table()
    page = client.get(reverse("table_standards", args=[table.pk])).text
    assert "Only a school administrator changes" not in page
    assert "disabled" not in page.split('name="pass_accuracy_percent"')[1].split(">")[0]
    changes = {"pass_accuracy_percent": "75", "time_limit_seconds": "300"}
    assert client.post(reverse("table_standards", args=[table.pk]), standards_of(table, **changes)).status_code == 302
    table.refresh_from_db()
    assert (table.pass_accuracy_percent, table.critical_error_fails, table.time_limit_seconds) == (75, True, 300)


def test_only_those_who_teach_set_a_tables_standards_and_a_scenarios_own_table_follows_its_scenario(client):
    table = pai_gow_table()
    client.force_login(make_trainee())
    assert client.get(reverse("table_standards", args=[table.pk])).status_code == 403
    instructor = make_instructor()
    client.force_login(instructor)
    scenario_table = short_scenario(instructor).table
    assert client.get(reverse("table_standards", args=[scenario_table.pk])).status_code == 404


def test_the_admin_shows_the_pass_rule_and_links_to_the_standards_page_not_raw_json(client):
    table = pai_gow_table()
    client.force_login(get_user_model().objects.create_superuser("root", "root@example.org", "pw"))
    page = client.get(reverse("admin:trainer_table_change", args=[table.pk])).text
    assert 'name="skill_targets"' not in page and 'name="pass_accuracy_percent"' not in page
    assert reverse("table_standards", args=[table.pk]) in page and "Edit the standards" in page


def test_a_scenarios_target_times_are_kept_in_a_new_draft_and_its_table_takes_them_when_published(client, instructor):
    version = short_scenario(instructor)
    url = reverse("scenario_standards", args=[version.scenario_id])
    page = client.get(url).text
    assert "To pass: at least 90.0% of steps right at the first attempt" in page
    assert "Calling the dice (seconds)" in page and "The school&#39;s default: 5 s." in page
    assert client.post(url, {"target_calling_the_dice": "3"}).status_code == 302
    assert "saved in draft version 2" in client.get(url).text
    draft = version.scenario.latest_version()
    assert draft.number == 2 and draft.engine_spec().skill_targets == {"calling_the_dice": 3}
    assert publish(draft).table.skill_targets == {"calling_the_dice": 3}
    version.table.refresh_from_db()
    assert version.table.skill_targets == {}


def test_editing_a_scenario_in_the_builder_keeps_its_target_times(client, instructor):
    version = short_scenario(instructor)
    client.post(reverse("scenario_standards", args=[version.scenario_id]), {"target_calling_the_dice": "3"})
    builder = client.get(reverse("scenario_edit", args=[version.scenario_id]))
    fields = shown_fields(builder.content.decode())
    assert client.post(reverse("scenario_edit", args=[version.scenario_id]), fields).status_code == 302
    assert version.scenario.latest_version().engine_spec().skill_targets == {"calling_the_dice": 3}


def test_a_scenarios_target_out_of_bounds_is_refused_and_another_instructors_scenario_is_not_found(client, instructor):
    version = short_scenario(instructor)
    url = reverse("scenario_standards", args=[version.scenario_id])
    response = client.post(url, {"target_calling_the_dice": "3601"})
    assert response.status_code == 400 and "Ensure this value is less than or equal to 3600." in response.text
    assert version.scenario.latest_version().number == 1
    client.force_login(make_instructor("otto"))
    assert client.get(url).status_code == 404


def test_a_scenario_reads_its_target_times_and_refuses_one_not_whole_seconds_up_to_an_hour():
    spec = ScenarioSpec.from_json({"game": "pai-gow-poker", "skill_targets": {"calling_the_dice": 4}})
    assert spec.skill_targets == {"calling_the_dice": 4} and ScenarioSpec.from_json(spec.to_json()) == spec
    for targets in ({"calling_the_dice": 0}, {"calling_the_dice": 3601}, [4]):
        with pytest.raises(ScenarioError, match="skill_targets"):
            ScenarioSpec.from_json({"game": GAMES["pai-gow-poker"].key, "skill_targets": targets})


def test_a_tables_standards_state_the_schools_pace_standard_for_its_game_and_who_sets_it(client, instructor):
    table = pai_gow_table()
    statement = "Pace: the school's house standard for Pai Gow Poker is {} rounds per hour, not regulation"
    page = client.get(reverse("table_standards", args=[table.pk])).text
    assert statement.format(20) in page and "(a school administrator sets it)" in page
    SchoolProfile.objects.create(name="Erie Gaming School", pace_standards={"pai-gow-poker": 24})
    administrator = make_user("ada", Role.SCHOOL_ADMINISTRATOR)
    client.force_login(administrator)
    page = client.get(reverse("table_standards", args=[table.pk])).text
    assert statement.format(24) in page and f'<a href="{reverse("school_profile")}">school profile</a>' in page
