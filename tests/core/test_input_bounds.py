"""Inputs read within bounds: every instructor form answers a text no field can hold with a field error, never a 500.

The listed inputs come from a security probe (issue 24, item 2); the Hypothesis tests send generated ones. The tests
where a value may be taken run again on PostgreSQL (marked storage), whose columns refuse what SQLite keeps silently; a
test that only expects the form to refuse, saving nothing, sees the same on both.
"""

import csv
import html
import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import timedelta
from io import StringIO
from itertools import count

import pytest
from django.contrib.auth import SESSION_KEY, get_user_model
from django.urls import reverse
from django.utils import timezone
from exam_helpers import exam_school, schedule, sit_through
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from table_helpers import make_instructor, make_trainee

from certification.models import Certificate, Exam
from rules_submission.forms import DEFAULTS, FortunePaytableForm, ProgressivePaytableForm
from rules_submission.submission import HOUSE_CLAUSES
from scenarios.models import Scenario, ScenarioVersion
from scenarios.scenario_forms import ScenarioForm, new_form_data
from scenarios.scenario_versions import publish
from simulator.games import GAMES
from trainer.models import Table

pytestmark = pytest.mark.django_db

HUGE_NUMBERS = ("sNaN", "1e999999999", "1e5000", "1e399999", "NaN", "-Infinity", "1_000", "٥")
"""Numbers the probe sent, and their kin: each must be refused before it is converted."""

DEEP_JSON = ("[" * 100_000, '{"a":' * 100_000)
"""A value nested 100,000 deep, as the probe sent it to the fields whose values are JSON."""

MONEY_FIELDS = ("rules.pai_gow_limits.maximum", "rules.commission_unit", "rules.envy_qualifying_wager")
"""Pai Gow Poker's rules typed in dollars."""

CHOICE_FIELDS = ("rules.house_way", "rules.mystery.minimum_wager", "rules.commission_free")
"""Pai Gow Poker's rules chosen from a list, each choice posted as its JSON text."""


@pytest.fixture
def instructor(client):
    user = make_instructor()
    client.force_login(user)
    return user


def pai_gow_form(**fields):
    """A new Pai Gow Poker scenario with one player, as the builder first shows it, plus ``fields``."""
    return new_form_data(GAMES["pai-gow-poker"], "Bounds") | {"seats.1": "pai-gow 25"} | fields


def field_error(page: str, name: str) -> str:
    """The error shown beside the builder's field ``name``; "" when there is none."""
    marker = f'id="field-{name.replace(".", "-")}_error">'
    return html.unescape(page.split(marker)[1].split("</span>")[0]) if marker in page else ""


def refused(client, fields, name: str) -> str:
    """Post the builder; assert it answers 400 with an error beside ``name`` and saves nothing; return the error."""
    response = client.post(reverse("scenario_new"), fields)
    page = response.content.decode()
    error = field_error(page, name)
    assert response.status_code == 400 and error, (name, response.status_code)
    assert not Scenario.objects.exists() and not ScenarioVersion.objects.exists()
    return error


def test_a_wager_of_1e399999_is_refused_with_a_field_error(client, instructor):
    error = refused(client, pai_gow_form(**{"seats.1": "pai-gow 1e399999"}), "seats.1")
    assert "is not an amount in dollars" in error


@pytest.mark.parametrize("text", HUGE_NUMBERS)
@pytest.mark.parametrize("name", MONEY_FIELDS)
def test_an_amount_of_the_rules_that_is_no_amount_in_dollars_is_a_field_error(client, instructor, name, text):
    assert "is not an amount in dollars" in refused(client, pai_gow_form(**{name: text}), name)


@pytest.mark.parametrize("text", HUGE_NUMBERS)
def test_a_wager_or_a_late_wager_that_is_no_amount_in_dollars_is_a_field_error(client, instructor, text):
    assert "is not an amount in dollars" in refused(client, pai_gow_form(**{"seats.1": f"pai-gow {text}"}), "seats.1")
    late = {"rigging.late_wager.seat": "1", "rigging.late_wager": "sum", "rigging.late_wager.amount": text}
    assert "is not an amount in dollars" in refused(client, pai_gow_form(**late), "rigging.late_wager.amount")


def test_an_amount_over_ten_million_dollars_is_a_field_error(client, instructor):
    error = refused(
        client, pai_gow_form(**{"rules.pai_gow_limits.maximum": "10000000"}), "rules.pai_gow_limits.maximum"
    )
    assert "is over $9,999,999.99" in error
    assert "over $9,999,999.99" in refused(client, pai_gow_form(**{"seats.1": "pai-gow 10000000"}), "seats.1")


@pytest.mark.parametrize("text", DEEP_JSON)
@pytest.mark.parametrize("name", CHOICE_FIELDS)
def test_a_choice_nested_100000_deep_is_a_field_error(client, instructor, name, text):
    assert refused(client, pai_gow_form(**{name: text}), name) == "Choose one of the listed values."


@pytest.mark.parametrize("name", ["rounds", "time_limit_seconds", "rigging.mystery_hit_round", "rigging.foul_seat"])
@pytest.mark.parametrize("text", [*HUGE_NUMBERS, "9" * 5000, "2147483648"])
def test_a_whole_number_that_is_not_one_or_too_large_is_a_field_error(client, instructor, name, text):
    assert refused(client, pai_gow_form(**{name: text}), name)


def test_an_unknown_game_is_a_field_error(client, instructor):
    assert refused(client, pai_gow_form(game="nope"), "game") == "Choose one of the school's games."


def test_a_scenario_name_longer_than_its_column_is_a_field_error(client, instructor):
    error = refused(client, pai_gow_form(name="N" * 121), "name")
    assert error == "The name is 121 characters long: give one of 120 at most."


def test_a_scenario_name_holding_a_null_character_is_a_field_error(client, instructor):
    assert "null character" in refused(client, pai_gow_form(name="Tiger\x009"), "name")


@pytest.mark.storage
def test_a_scenario_with_the_longest_name_and_time_limit_is_published_to_a_table(client, instructor):
    fields = pai_gow_form(name="N" * 120, time_limit_seconds="2147483647")
    response = client.post(reverse("scenario_new"), fields)
    assert response.status_code == 302
    version = publish(ScenarioVersion.objects.get())
    table = Table.objects.get(pk=version.table_id)
    assert len(table.name) == 120 and table.name.endswith("…, version 1")
    assert table.time_limit_seconds == 2147483647


# ----- the other instructor forms -----


@pytest.fixture
def school():
    """An instructor (ivy) teaching a cohort, a published scenario, an exam alice passed, and a superuser (root)."""
    instructor, cohort, alice, bob, version = exam_school()
    exam = schedule(cohort, instructor, [version])
    sitting = sit_through(exam, alice)
    superuser = get_user_model().objects.create_superuser("root", "root@example.org", "pw")
    carol = make_trainee("carol")
    return {"instructor": instructor, "cohort": cohort, "bob": bob, "version": version, "sitting": sitting} | {
        "superuser": superuser,
        "carol": carol,
    }


@dataclass(frozen=True)
class InstructorForm:
    """One instructor form: where it is posted, a valid filling, where its form is in the page, the fields it reads."""

    url: Callable[[dict], str]
    valid: Callable[[dict], dict[str, str]]
    form: str
    fields: tuple[str, ...]
    method: str = "post"
    user: str = "instructor"


def default_filling(form_class) -> dict[str, str]:
    """A filed paytable's form as its page first fills it (the default paytable), under a new name."""
    form = form_class(DEFAULTS[form_class.kind])
    return {name: str(form.initial.get(name, "")) for name in form.fields} | {"name": f"Filed {next(SERIAL)}"}


SERIAL = count(1)
"""Numbers that make each valid filling's names new: a name taken by an earlier filling would be refused."""


def week_ahead() -> str:
    return f"{timezone.localdate() + timedelta(days=7):%Y-%m-%d}"


def moment(days: int) -> str:
    return f"{timezone.localtime() + timedelta(days=days):%Y-%m-%dT%H:%M}"


FORMS = {
    "new cohort": InstructorForm(
        lambda s: reverse("new_cohort"), lambda s: {"name": f"Morning class {next(SERIAL)}"}, "form", ("name",)
    ),
    "new trainee": InstructorForm(
        lambda s: reverse("new_trainee", args=[s["cohort"].pk]),
        lambda s: {"username": f"zed{(n := next(SERIAL))}", "name": "Zed Zimmer", "email": f"zed{n}@example.org"},
        "new_form",
        ("username", "name", "email"),
    ),
    "add trainee": InstructorForm(
        lambda s: reverse("add_trainee", args=[s["cohort"].pk]),
        lambda s: {"trainee": str(s["carol"].pk)},
        "add_form",
        ("trainee",),
    ),
    "assignment": InstructorForm(
        lambda s: reverse("assignments", args=[s["cohort"].pk]),
        lambda s: (
            {"scenario": str(s["version"].scenario_id), "trainee": "", "due_on": week_ahead()}
            | {"passes_required": "1"}
        ),
        "form",
        ("scenario", "trainee", "due_on", "passes_required"),
    ),
    "exam": InstructorForm(
        lambda s: reverse("exam_new"),
        lambda s: (
            {"name": "Final", "cohort": str(s["cohort"].pk), "scenario_1": str(s["version"].pk)}
            | {"opens_at": moment(0), "closes_at": moment(7), "attempts_allowed": "1", "pass_accuracy_percent": "90"}
            | {"critical_error_fails": "on", "time_limit_seconds": "", "validity_months": "12"}
        ),
        "form",
        (
            *("name", "opens_at", "closes_at", "attempts_allowed", "pass_accuracy_percent", "time_limit_seconds"),
            *("validity_months", "scenario_1", "scenario_2"),
        ),
    ),
    "correction": InstructorForm(
        lambda s: reverse("correct_result", args=[s["sitting"].result.pk]),
        lambda s: {"correction-outcome": "not passed", "correction-reason": "The red die was miscalled."},
        "correction_form",
        ("correction-outcome", "correction-reason"),
    ),
    "revocation": InstructorForm(
        lambda s: reverse("revoke_certificate", args=[Certificate.objects.get().pk]),
        lambda s: {"revoke-reason": "Issued in error."},
        "form",
        ("revoke-reason",),
    ),
    "export": InstructorForm(
        lambda s: reverse("export_csv", args=["results"]),
        lambda s: {"cohort": str(s["cohort"].pk), "start": "", "end": ""},
        "form",
        ("cohort", "start", "end"),
        method="get",
    ),
    "table (admin)": InstructorForm(
        lambda s: reverse("admin:trainer_table_add"),
        lambda s: (
            {
                "name": f"Practice table {next(SERIAL)}",
                "game": "pai-gow-poker",
                "rules": "{}",
                "floorperson": "automated",
            }
        ),
        "adminform",
        ("name", "game", "rules"),
        user="superuser",
    ),
    "table standards": InstructorForm(
        lambda s: reverse(
            "table_standards", args=[Table.objects.get_or_create(name="Standards", game="pai-gow-poker")[0].pk]
        ),
        lambda s: (
            {"pass_accuracy_percent": "90", "critical_error_fails": "on", "time_limit_seconds": ""}
            | {"target_calling_the_dice": "4", "target_setting_the_house_way": ""}
        ),
        "form",
        ("pass_accuracy_percent", "time_limit_seconds", "target_calling_the_dice", "target_setting_the_house_way"),
        user="superuser",  # only a school administrator changes a table's pass rule
    ),
    "scenario targets": InstructorForm(
        lambda s: reverse("scenario_standards", args=[s["version"].scenario_id]),
        lambda s: {"target_calling_the_dice": "4"},
        "form",
        ("target_calling_the_dice",),
    ),
    **{
        f"filed {form_class.kind.label}": InstructorForm(
            lambda s, kind=form_class.kind: reverse("filed_paytable", args=[kind]),
            lambda s, form_class=form_class: default_filling(form_class),
            "form",
            tuple(form_class(DEFAULTS[form_class.kind]).fields),
            user="superuser",
        )
        for form_class in (FortunePaytableForm, ProgressivePaytableForm)
    },
    "house wording": InstructorForm(
        lambda s: reverse("house_wording", args=[next(iter(HOUSE_CLAUSES))]),
        lambda s: {"text": "The dealer calls the low hand aloud."},
        "form",
        ("text",),
        user="superuser",
    ),
}
"""Every instructor and administrator form but the builder's and the roster import's, which have tests below."""

PROBE_INPUTS = (*HUGE_NUMBERS, *DEEP_JSON, "N" * 400, "9" * 5000, "2147483648", "9999-12-31", "9999-12-31T23:59")
"""The probe's inputs, sent to every field of every form."""


FIELD_ERROR = re.compile(r'class="error" id="id_(?:[\w.]+-)?([\w.]+)_error"')
"""A field's errors as a school page shows them, after the field (the id of its list names the field)."""

FORM_ERROR = re.compile(r'<ul class="error"(?: role="alert")?>|<div class="error" role="alert">')
"""The form's own errors, apart from a field: not a page's problem (a 409's "already revoked", say)."""


def form_errors(response, form: str) -> set[str]:
    """The fields a refused form marks in error ("__all__" for errors shown apart from a field); none if taken.

    A school page shows them (core/jinja2/core/_form_fields.html and the builder's fields); the admin's
    page, drawn by Django's templates, hands its form to the test client.
    """
    if form == "adminform":
        found = response.context[form] if response.context is not None and form in response.context else None
        return set() if found is None else set(found.form.errors)
    page = response.content.decode()
    return set(FIELD_ERROR.findall(page)) | ({"__all__"} if FORM_ERROR.search(page) else set())


def send(client, school, name: str, field: str, text: str):
    """Send form ``name``, valid but for ``text`` in ``field``; assert it is refused with a field error or taken.

    A 500 fails the test (the test client raises the view's exception); a refusal answers the form's status for
    errors (400; the admin's 200) with the errors on the page's form. Returns the response and the errors by field.
    """
    form = FORMS[name]
    user = school[form.user]
    if client.session.get(SESSION_KEY) != str(user.pk):  # once per test: a login writes a session
        client.force_login(user)
    filled = form.valid(school) | {field: text}
    send_it = client.get if form.method == "get" else client.post
    response = send_it(form.url(school), filled)
    errors = form_errors(response, form.form)
    if errors:
        refusal = 200 if form.form == "adminform" else 400
        assert response.status_code == refusal, (name, field, response.status_code)
    else:
        taken = (200, 302, 409) if name == "revocation" else (200, 302)  # 409: revoked by an earlier probe already
        assert response.status_code in taken, (name, field, response.status_code)
    return response, errors


@pytest.mark.storage
@pytest.mark.parametrize("name", FORMS)
def test_every_field_of_every_instructor_form_refuses_the_probes_inputs_with_a_field_error(client, school, name):
    for field in FORMS[name].fields:
        for text in PROBE_INPUTS:
            send(client, school, name, field, text)


@pytest.mark.storage
@pytest.mark.parametrize(
    ("name", "field", "text"),
    [
        ("exam", "time_limit_seconds", "2147483648"),
        ("exam", "closes_at", "9999-12-31T23:59"),
        ("exam", "opens_at", "0001-01-01T00:00"),
        ("assignment", "due_on", "9999-12-31"),
        ("export", "end", "9999-12-31"),
        ("export", "start", "0001-01-01"),
        ("new trainee", "email", "a" * 300 + "@example.org"),
        ("table standards", "time_limit_seconds", "2147483648"),
        ("table standards", "target_calling_the_dice", "3601"),
        ("scenario targets", "target_calling_the_dice", "0"),
        ("table (admin)", "game", "nope"),
        ("table (admin)", "rules", '{"commission_rate": "sNaN"}'),
        ("table (admin)", "rules", '{"pai_gow_limits": NaN}'),
        ("table (admin)", "rules", "[" * 100_000),
        ("table (admin)", "rules", "[" * 9 + "]" * 9),
    ],
)
def test_a_value_no_column_or_calendar_holds_is_a_field_error_on_every_database(client, school, name, field, text):
    _, errors = send(client, school, name, field, text)
    assert field.rpartition("-")[2] in errors


@pytest.mark.storage
def test_the_time_limit_and_window_an_exam_can_hold_are_taken(client, school):
    filled = FORMS["exam"].valid(school) | {"time_limit_seconds": "2147483647", "closes_at": "9998-12-31T23:59"}
    client.force_login(school["instructor"])
    assert client.post(reverse("exam_new"), filled).status_code == 302
    assert Exam.objects.filter(time_limit_seconds=2147483647).exists()


# ----- generated inputs -----

GENERATED = st.one_of(
    st.sampled_from(PROBE_INPUTS),
    st.text(max_size=300),
    st.from_regex(r"[-+]?[0-9,]{0,25}(\.[0-9]{0,6})?([eE][-+]?[0-9]{1,7})?", fullmatch=True),
    st.integers().map(str),
    st.dates().map(str),
    st.datetimes().map(lambda when: f"{when:%Y-%m-%dT%H:%M}"),
    st.recursive(
        st.integers() | st.text(max_size=5), lambda inner: st.lists(inner) | st.dictionaries(st.text(), inner)
    ).map(json.dumps),
)
"""Text a person or a script could type: the probe's inputs, any text, numbers of every shape, days, moments, JSON."""

FUZZ = settings(
    max_examples=30, deadline=None, database=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)


@pytest.mark.storage
@pytest.mark.parametrize("name", FORMS)
@FUZZ
@given(data=st.data())
def test_generated_inputs_are_refused_with_a_field_error_or_taken_never_a_500(client, school, name, data):
    field = data.draw(st.sampled_from(FORMS[name].fields))
    send(client, school, name, field, data.draw(GENERATED))


BUILDER_FIELDS = (*pai_gow_form(), "game", "rigging.late_wager.amount", "rigging.late_wager.seat")


@pytest.mark.storage
@FUZZ
@given(data=st.data())
def test_generated_inputs_to_the_scenario_builder_are_refused_with_a_field_error_or_saved(client, instructor, data):
    field, text = data.draw(st.sampled_from(BUILDER_FIELDS)), data.draw(GENERATED)
    before = ScenarioVersion.objects.count()
    response = client.post(reverse("scenario_new"), pai_gow_form(**{field: text}))
    if response.status_code == 302:
        assert ScenarioVersion.objects.count() == before + 1
        publish(ScenarioVersion.objects.latest("pk"))
    else:
        assert response.status_code == 400 and form_errors(response, "form"), (field, response.status_code)
        assert ScenarioVersion.objects.count() == before


def base_game_dealt_by_the_trainee(game):
    """A new scenario of ``game`` with its defaults; where the trainee may deal the base game, dealt by the trainee."""
    fields = new_form_data(game, "Bounds")
    return fields | ({"rules.base_game": json.dumps("trainee")} if game.scenario.base_game else {})


RIGGING_FIELDS = [
    (game.key, name)
    for game in GAMES.values()
    for name in ScenarioForm(game, base_game_dealt_by_the_trainee(game)).fields
    if name.startswith("rigging.")
]
"""Every rigging field of every game's builder, with the base game dealt by the trainee where a table allows it."""


@pytest.mark.storage
@FUZZ
@given(data=st.data())
def test_generated_inputs_to_every_games_rigging_are_refused_with_a_field_error_or_saved(client, instructor, data):
    (key, field), text = data.draw(st.sampled_from(RIGGING_FIELDS)), data.draw(GENERATED)
    before = ScenarioVersion.objects.count()
    posted = base_game_dealt_by_the_trainee(GAMES[key]) | {field: text}
    response = client.post(reverse("scenario_new"), posted)
    if response.status_code == 302:
        assert ScenarioVersion.objects.count() == before + 1
        publish(ScenarioVersion.objects.latest("pk"))
    else:
        assert response.status_code == 400 and form_errors(response, "form"), (key, field, response.status_code)
        assert ScenarioVersion.objects.count() == before


@pytest.mark.storage
@FUZZ
@given(name=GENERATED, email=GENERATED)
def test_generated_roster_rows_are_refused_at_the_preview_or_created_at_the_confirm(client, school, name, email):
    client.force_login(school["instructor"])
    cohort = school["cohort"]
    buffer = StringIO()
    csv.writer(buffer).writerows([("name", "email"), (name, email)])
    preview = client.post(reverse("import_roster", args=[cohort.pk]), {"text": buffer.getvalue()})
    assert preview.status_code in (200, 400)
    confirm = client.post(reverse("confirm_import", args=[cohort.pk]), {"text": buffer.getvalue()})
    assert confirm.status_code == preview.status_code, "the confirm checks the rows as the preview did"


@pytest.mark.storage
def test_an_emptied_rules_field_of_a_table_is_kept_as_an_empty_object(client, school):
    response, errors = send(client, school, "table (admin)", "rules", "")
    assert response.status_code == 302 and not errors
    assert Table.objects.filter(rules={}, skill_targets={}, name__startswith="Practice table").count() == 1
