"""The drill library found by words, game and clause, each drill saying what the trainee has done of it."""

import re
from html import unescape

import pytest
from django.urls import reverse
from django.utils import timezone
from table_helpers import make_trainee

from scenarios.drill_library import load_drill_library
from scenarios.models import ScenarioVersion
from simulator.drills import DRILLS, DRILLS_BY_KEY
from trainer.models import Attempt

pytestmark = pytest.mark.django_db

LISTED = re.compile(r'<li class="table-card">\s*<div>\s*<strong>([^<]+)</strong>')


@pytest.fixture
def trainee(client):
    """Alice, signed in, with the library loaded."""
    load_drill_library()
    alice = make_trainee()
    client.force_login(alice)
    return alice


def listed(client, **search):
    """The names of the drills the library page lists for a search, and the page."""
    page = unescape(client.get(reverse("drills"), search).content.decode())
    return LISTED.findall(page), page


def finished_drill(trainee, key, passed):
    """A finished round of the drill's published version, passed or not."""
    version = ScenarioVersion.objects.get(scenario__drill=key, published_at__isnull=False)
    Attempt.objects.create(
        trainee=trainee,
        table_id=version.table_id,
        scenario_version=version,
        log={},
        finished_at=timezone.now(),
        score_card={"passed": passed},
    )


def test_words_find_the_drills_holding_each_of_them_in_name_group_or_rule(client, trainee):
    names, page = listed(client, q="tiger 9")
    expected = [drill.name for drill in DRILLS if "tiger 9" in f"{drill.name} {drill.group}".casefold()]
    assert expected and set(expected) <= set(names) and len(names) < len(DRILLS)
    assert f"{len(names)} of the {len(DRILLS)} drills" in page


def test_a_game_lists_only_the_drills_dealt_at_it(client, trainee):
    names, _ = listed(client, game="down-under-blackjack")
    assert names == [drill.name for drill in DRILLS if drill.spec["game"] == "down-under-blackjack"]


def test_621a6_c_a_clause_lists_only_the_drills_that_train_it(client, trainee):
    names, _ = listed(client, clause="§621a.6(c)")
    assert names == [drill.name for drill in DRILLS if drill.trains("§621a.6(c)")] and len(names) == 16


def test_a_search_nothing_matches_says_so_and_an_unknown_game_is_refused_with_every_drill_listed(client, trainee):
    names, page = listed(client, q="no such drill")
    assert names == [] and "No drill holds every word" in page
    names, page = listed(client, game="roulette")
    assert len(names) == len(DRILLS) and "Select a valid choice" in page


def test_each_drill_says_whether_the_trainee_has_done_it_and_how_often_it_passed(client, trainee):
    finished_drill(trainee, "tiger-9-push", passed=True)
    finished_drill(trainee, "tiger-9-push", passed=False)
    names, page = listed(client)
    assert len(names) == len(DRILLS) and "You have finished a round of 1 of them." in page
    done = [card for card in page.split('<li class="table-card">') if 'status-done">Done' in card]
    assert len(done) == 1 and DRILLS_BY_KEY["tiger-9-push"].name in done[0]
    assert "2 rounds finished, 1 passed" in done[0]
    assert page.count("Not dealt yet") == len(DRILLS) - 1
