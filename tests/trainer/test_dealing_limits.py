"""An account deals at most DJANGO_ROUNDS_PER_MINUTE new rounds a minute; the next is refused, saying when to retry."""

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone
from exam_helpers import short_scenario
from table_helpers import demo_table, make_instructor, make_trainee

from trainer.models import Attempt

pytestmark = [pytest.mark.storage, pytest.mark.django_db]

LIMIT = 3


@pytest.fixture(autouse=True)
def three_rounds_a_minute(settings):
    settings.ROUNDS_PER_MINUTE = LIMIT


def deal_at(client, table):
    return client.post(reverse("deal", args=[table.pk]), {"mode": "practice"})


def test_the_round_after_the_limit_in_a_minute_is_refused_with_a_page_saying_when_to_deal_again(client):
    table = demo_table()
    alice = make_trainee("alice")
    client.force_login(alice)
    for _ in range(LIMIT):
        assert deal_at(client, table).status_code == 302
    refused = deal_at(client, table)
    assert refused.status_code == 429
    assert 1 <= int(refused["Retry-After"]) <= 60
    assert "<h1>Too many rounds at once</h1>" in refused.text
    assert f"An account deals at most {LIMIT} new rounds a minute." in refused.text
    assert f'<a href="{reverse("tables")}">Back to the tables</a>' in refused.text
    assert Attempt.objects.filter(trainee=alice).count() == LIMIT, "nothing was dealt"


def test_rounds_dealt_over_a_minute_ago_no_longer_count(client):
    table = demo_table()
    client.force_login(make_trainee("alice"))
    for _ in range(LIMIT):
        deal_at(client, table)
    assert deal_at(client, table).status_code == 429
    Attempt.objects.update(started_at=timezone.now() - timedelta(seconds=61))
    assert deal_at(client, table).status_code == 302


def test_one_accounts_rounds_do_not_count_against_another(client):
    table = demo_table()
    client.force_login(make_trainee("alice"))
    for _ in range(LIMIT):
        deal_at(client, table)
    client.force_login(make_trainee("bob"))
    assert deal_at(client, table).status_code == 302


def test_a_scenarios_rounds_count_with_the_tables_and_are_refused_past_the_limit(client):
    version = short_scenario(make_instructor("ivy"))
    client.force_login(make_trainee("alice"))
    table = demo_table()
    for _ in range(LIMIT - 1):
        deal_at(client, table)
    assert client.post(reverse("scenario_deal", args=[version.pk])).status_code == 302
    assert client.post(reverse("scenario_deal", args=[version.pk])).status_code == 429
