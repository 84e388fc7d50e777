"""Inputs read within bounds: every instructor form answers a text no field can hold with a field error, never a 500.

The listed inputs come from a security probe (issue 24, item 2); the Hypothesis tests send generated ones. These
tests run on SQLite and, with DATABASE_URL set, on PostgreSQL, whose columns refuse what SQLite keeps silently.
"""

import html

import pytest
from django.urls import reverse
from table_helpers import make_instructor

from simulator.games import GAMES
from trainer.models import Scenario, ScenarioVersion, Table
from trainer.scenario_forms import new_form_data
from trainer.scenario_versions import publish

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
    marker = f'id="field-{name.replace(".", "-")}-error">'
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
    assert "an amount in dollars is wanted" in refused(client, pai_gow_form(**{name: text}), name)


@pytest.mark.parametrize("text", HUGE_NUMBERS)
def test_a_wager_or_a_late_wager_that_is_no_amount_in_dollars_is_a_field_error(client, instructor, text):
    assert "is not an amount in dollars" in refused(client, pai_gow_form(**{"seats.1": f"pai-gow {text}"}), "seats.1")
    late = {"rigging.late_wager.seat": "1", "rigging.late_wager": "sum", "rigging.late_wager.amount": text}
    assert "is not an amount in dollars" in refused(client, pai_gow_form(**late), "rigging.late_wager")


def test_an_amount_over_ten_million_dollars_is_a_field_error(client, instructor):
    error = refused(
        client, pai_gow_form(**{"rules.pai_gow_limits.maximum": "10000000"}), "rules.pai_gow_limits.maximum"
    )
    assert "an amount in dollars is wanted" in error
    assert "over $9,999,999.99" in refused(client, pai_gow_form(**{"seats.1": "pai-gow 10000000"}), "seats.1")


@pytest.mark.parametrize("text", DEEP_JSON)
@pytest.mark.parametrize("name", CHOICE_FIELDS)
def test_a_choice_nested_100000_deep_is_a_field_error(client, instructor, name, text):
    assert refused(client, pai_gow_form(**{name: text}), name) == "not one of the choices"


@pytest.mark.parametrize("name", ["rounds", "time_limit_seconds", "rigging.mystery_hit_round", "rigging.foul_seat"])
@pytest.mark.parametrize("text", [*HUGE_NUMBERS, "9" * 5000, "2147483648"])
def test_a_whole_number_that_is_not_one_or_too_large_is_a_field_error(client, instructor, name, text):
    assert refused(client, pai_gow_form(**{name: text}), name)


def test_an_unknown_game_is_a_field_error(client, instructor):
    assert refused(client, pai_gow_form(game="nope"), "game") == "Choose one of the school's games."


def test_a_scenario_name_longer_than_its_column_is_a_field_error(client, instructor):
    error = refused(client, pai_gow_form(name="N" * 121), "name")
    assert error == "The name is 121 characters long: give one of 120 at most."


def test_a_scenario_with_the_longest_name_and_time_limit_is_published_to_a_table(client, instructor):
    fields = pai_gow_form(name="N" * 120, time_limit_seconds="2147483647")
    response = client.post(reverse("scenario_new"), fields)
    assert response.status_code == 302
    version = publish(ScenarioVersion.objects.get())
    table = Table.objects.get(pk=version.table_id)
    assert len(table.name) == 120 and table.name.endswith(f"(scenario {version.scenario_id}, version 1)")
    assert table.time_limit_seconds == 2147483647
