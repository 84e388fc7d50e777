"""Watch scenarios in the builder and the drill library: built, previewed, published and dealt as watched rounds."""

import pytest
from django.urls import reverse
from markupsafe import escape
from table_helpers import make_instructor, make_trainee

from scenarios.drill_library import load_drill_library
from scenarios.models import Scenario
from scenarios.scenario_forms import new_form_data
from scenarios.scenario_versions import create_scenario, publish
from simulator.drills import DRILLS, GAME_PROTECTION
from simulator.games import GAMES
from simulator.surveillance.catalogue import FaultKind
from simulator.surveillance.scenarios import read_scenario
from surveillance.models import WatchedRound
from surveillance.watches import replayed

pytestmark = pytest.mark.django_db

PUSHES: dict = {
    "game": "pai-gow-poker",
    "seats": {"1": {"pai-gow": 1000}, "4": {"pai-gow": 2500}},
    "rigging": {"tiger_nine": True},
}
"""A commission-free table whose dealer sets a Tiger 9: every Pai Gow Poker wager pushes, a push to miss."""


def watch_form(**fields):
    """The builder's fields for a new Pai Gow Poker watch scenario: missed pushes only, one fault, 2 s a step."""
    return (
        new_form_data(GAMES["pai-gow-poker"], "Spot the missed push")
        | {
            "watch": "on",
            "watch.kinds.missed_push": "on",
            "watch.faults.minimum": "1",
            "watch.faults.maximum": "1",
            "watch.pace_seconds": "2",
            "rigging.tiger_nine": "on",
            "seats.1": "Pai Gow 10",
        }
        | fields
    )


def watch_scenario(author, name="Pushes at the Tiger 9 table", faults=1, **watch):
    """A published watch scenario at the Tiger 9 table, missed pushes only, ``faults`` of them."""
    spec = read_scenario(PUSHES | {"watch": {"kinds": ["missed_push"], "faults": faults} | watch})
    return publish(create_scenario(name, author, spec))


@pytest.fixture
def instructor(client):
    user = make_instructor()
    client.force_login(user)
    return user


# ----- the builder -----


def test_the_builder_offers_only_the_fault_kinds_the_games_table_can_hold(client, instructor):
    pai_gow = client.get(reverse("scenario_new")).text
    blackjack = client.get(reverse("scenario_fields"), {"game": "down-under-blackjack"}).text
    assert 'name="watch.kinds.wrong_dice_total"' in pai_gow and 'name="watch.kinds.wrong_dice_total"' not in blackjack
    assert '<label class="check" for="field-watch-kinds-missed_push">' in pai_gow
    assert "Seconds between steps" in pai_gow and "Fewest faults a round holds" in pai_gow


def test_the_builder_saves_a_watch_scenario_and_shows_it_again_for_editing(client, instructor):
    response = client.post(reverse("scenario_new"), watch_form())
    scenario = Scenario.objects.get(name="Spot the missed push")
    assert response.status_code == 302
    assert scenario.latest_version().spec["watch"] == {"kinds": ["missed_push"], "faults": 1, "pace_seconds": 2}
    page = client.get(reverse("scenario_edit", args=[scenario.pk])).text
    assert 'id="field-watch-kinds-missed_push" checked>' in page and 'id="field-watch" checked>' in page


def test_a_range_whose_most_is_below_its_fewest_is_refused_beside_the_watch_box_and_nothing_is_saved(
    client, instructor
):
    response = client.post(reverse("scenario_new"), watch_form(**{"watch.faults.minimum": "3"}))
    assert response.status_code == 400
    assert "The most faults is below the fewest" in response.text
    assert not Scenario.objects.exists()


def test_a_pace_over_a_minute_is_refused_beside_its_field(client, instructor):
    response = client.post(reverse("scenario_new"), watch_form(**{"watch.pace_seconds": "61"}))
    assert response.status_code == 400 and 'id="field-watch-pace_seconds_error"' in response.text


def test_the_preview_of_a_watch_scenario_marks_each_seeded_fault_for_the_instructor(client, instructor):
    client.post(reverse("scenario_new"), watch_form())
    scenario = Scenario.objects.get()
    page = client.get(reverse("scenario_preview", args=[scenario.pk])).text
    assert page.count("(seeded fault: Missed push)") == 1


def test_a_published_watch_scenario_deals_a_watched_round_at_its_table_with_its_faults_and_pace(client):
    version = watch_scenario(make_instructor(), faults=2, pace_seconds=5)
    client.force_login(make_trainee())
    response = client.post(reverse("scenario_deal", args=[version.pk]))
    record = WatchedRound.objects.get()
    assert response["Location"] == reverse("watched", args=[record.pk])
    assert (record.table, record.pace_seconds) == (version.table, 5)
    assert [fault.kind for fault in replayed(record).faults] == [FaultKind.MISSED_PUSH] * 2
    assert client.post(reverse("scenario_deal", args=[version.pk]))["Location"] == response["Location"]


def test_editing_a_published_watch_scenario_keeps_the_version_trainees_watch(client, instructor):
    client.post(reverse("scenario_new"), watch_form())
    scenario = Scenario.objects.get()
    publish(scenario.latest_version())
    client.post(reverse("scenario_edit", args=[scenario.pk]), watch_form(**{"watch.pace_seconds": "9"}))
    assert [version.spec["watch"]["pace_seconds"] for version in scenario.versions.all()] == [2, 9]
    assert scenario.published_version().number == 1


# ----- the drill library -----


def test_the_drill_library_lists_its_game_protection_drills_in_their_own_group(client):
    load_drill_library()
    client.force_login(make_trainee())
    page = client.get(reverse("drills")).text
    assert GAME_PROTECTION in page
    for drill in DRILLS:
        if drill.group == GAME_PROTECTION:
            assert escape(drill.name) in page


def test_running_a_game_protection_drill_starts_a_watched_round_of_its_fault(client):
    load_drill_library()
    trainee = make_trainee()
    client.force_login(trainee)
    drill = next(drill for drill in DRILLS if drill.key == "watch-short-pay")
    version = Scenario.objects.get(drill=drill.key).published_version()
    response = client.post(reverse("scenario_deal", args=[version.pk]))
    record = WatchedRound.objects.get(trainee=trainee)
    assert response["Location"] == reverse("watched", args=[record.pk])
    assert [fault.kind for fault in replayed(record).faults] == [FaultKind.SHORT_PAY]


def test_a_watch_scenarios_number_left_empty_is_refused_beside_it_and_unused_when_the_scenario_is_dealt(
    client, instructor
):
    response = client.post(reverse("scenario_new"), watch_form(**{"watch.pace_seconds": ""}))
    assert response.status_code == 400 and "Give the seconds between steps of a watch scenario." in response.text
    dealt = watch_form(**{"watch": "", "watch.pace_seconds": "", "watch.faults.minimum": ""})
    assert client.post(reverse("scenario_new"), dealt).status_code == 302
    assert "watch" not in Scenario.objects.get().latest_version().spec
