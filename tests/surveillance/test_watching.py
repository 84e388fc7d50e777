"""Surveillance mode's pages: a watched round started from the tables, stepped once per request, flagged, debriefed."""

import pytest
from django.urls import reverse
from markupsafe import escape
from table_helpers import demo_table, make_trainee
from watch_helpers import HTMX, flag, length, started, step, step_to

from simulator.surveillance.flags import MAX_FLAGS
from simulator.surveillance.views import public_step
from surveillance.models import WatchedRound
from surveillance.pages import felt_context
from surveillance.watches import replayed, start_watch

pytestmark = pytest.mark.django_db


def test_the_tables_page_offers_to_watch_a_round_at_each_table_and_it_opens_at_its_first_step(client):
    table = demo_table()
    client.force_login(make_trainee())
    page = client.get(reverse("tables")).text
    assert f'action="{reverse("watch_round", args=[table.pk])}"' in page
    assert f'Watch a round<span class="visually-hidden"> at {escape(table.name)}</span>' in page

    response = client.post(reverse("watch_round", args=[table.pk]))
    record = WatchedRound.objects.get()
    assert response["Location"] == reverse("watched", args=[record.pk])
    assert (record.shown, record.shown_ms, record.flags, record.finished) == (1, [0], [], False)
    watched = replayed(record)
    page = client.get(response["Location"]).text
    assert str(escape(public_step(watched, 1)["said"])) in page
    assert "Short pay" in page and "Pinching" in page
    assert page.count('role="status"') == 1


def test_next_step_shows_one_step_once_and_a_repeated_request_shows_nothing_more(client):
    record = started(client)
    first = step(client, record, **HTMX)
    record.refresh_from_db()
    assert record.shown == 2 and len(record.shown_ms) == 2
    assert str(escape(public_step(replayed(record), 2)["said"])) in first.text
    assert 'id="watch-seen"' in first.text and 'value="2"' in first.text
    repeated = client.post(reverse("watched_next", args=[record.pk]), {"seen": 1}, **HTMX)
    record.refresh_from_db()
    assert repeated.status_code == 200 and record.shown == 2


def test_a_flag_names_the_step_on_the_felt_when_it_reached_the_server_and_its_time(client):
    record = started(client)
    step_to(client, record, 4)
    seat = felt_context(record, replayed(record))["seats"][0]
    response = flag(client, record, seat, "pinching", "645b.2(f)", **HTMX)
    record.refresh_from_db()
    assert record.flags == [
        {"step": 4, "place": seat, "kind": "pinching", "clause": "§645b.2(f)", "ms": record.flags[0]["ms"]}
    ]
    assert record.flags[0]["ms"] >= record.shown_ms[3]
    assert f"Flag 1 raised at step 4: Seat {seat}, Pinching." in response.text
    assert 'id="watch-flags"' in response.text


@pytest.mark.parametrize(
    ("place", "kind", "clause", "said"),
    [
        ("7", "pinching", "", "place is a whole number from 0 to 6"),
        ("-1", "pinching", "", "Choose the place from the list."),
        ("2", "counting_cards", "", "is not a fault a flag may name"),
        ("2", "pinching", "§999", "is not a clause of the catalogue"),
    ],
)
def test_a_bad_flag_is_a_clear_error_that_changes_nothing(client, place, kind, clause, said):
    record = started(client)
    response = flag(client, record, place, kind, clause)
    assert response.status_code == 400 and said in response.text
    under_htmx = flag(client, record, place, kind, clause, **HTMX)
    assert under_htmx.status_code == 200 and said in under_htmx.text and 'id="watch-flags"' not in under_htmx.text
    record.refresh_from_db()
    assert record.flags == []


def test_a_flag_for_a_seat_no_player_sits_at_is_a_clear_error_that_changes_nothing(client):
    record = started(client)
    felt = felt_context(record, replayed(record))
    for _ in range(20):  # the demo table's seats fill at random; a round with an empty seat comes within a few
        if len(felt["seats"]) < 6:
            break
        record = start_watch(record.trainee, record.table)
        felt = felt_context(record, replayed(record))
    empty = next(seat for seat in range(1, 7) if seat not in felt["seats"])
    response = flag(client, record, empty, "pinching")
    assert response.status_code == 400 and f"No player sits at seat {empty}" in response.text
    record.refresh_from_db()
    assert record.flags == []
    assert flag(client, record, felt["seats"][0], "pinching").status_code == 302


def test_a_flood_of_flags_is_refused_past_the_most_a_round_takes(client):
    record = started(client)
    for _ in range(MAX_FLAGS):
        assert flag(client, record, 0, "short_pay").status_code == 302
    response = flag(client, record, 0, "short_pay")
    record.refresh_from_db()
    assert response.status_code == 400 and f"at most {MAX_FLAGS} flags" in response.text
    assert len(record.flags) == MAX_FLAGS


def test_the_round_ends_only_after_its_last_step_and_then_takes_no_more_steps_or_flags(client):
    record = started(client)
    end = reverse("watched_end", args=[record.pk])
    early = client.post(end)
    assert early.status_code == 400 and "last step" in early.text
    step_to(client, record, length(record))
    assert "End the round and see the debrief" in client.get(reverse("watched", args=[record.pk])).text
    assert client.post(end)["Location"] == reverse("watched", args=[record.pk])
    record.refresh_from_db()
    assert record.finished and record.score["faults"] == len(replayed(record).faults)
    late_flag = flag(client, record, 1, "pinching")
    late_step = step(client, record)
    assert late_flag.status_code == late_step.status_code == 400
    assert "over and scored" in late_flag.text
    record.refresh_from_db()
    assert record.flags == []


def test_the_debrief_shows_each_fault_caught_or_missed_with_its_clause_label_and_its_place_in_the_replay(client):
    record = started(client, count=3)
    watched = replayed(record)
    caught, *missed = watched.faults
    step_to(client, record, caught.step)
    flag(client, record, caught.place, caught.kind.value, caught.citation.clause)
    seats = felt_context(record, watched)["seats"]
    flag(client, record, next(place for place in (0, *seats) if place != caught.place), "capping")
    step_to(client, record, length(record))
    client.post(reverse("watched_end", args=[record.pk]))
    record.refresh_from_db()
    assert {key: record.score[key] for key in ("caught", "missed", "false_flags", "clauses_right")} == {
        "caught": 1,
        "missed": len(missed),
        "false_flags": 1,
        "clauses_right": 1,
    }
    assert record.score["missed_clauses"] == [fault.citation.clause for fault in missed]
    page = client.get(reverse("watched", args=[record.pk])).text
    for fault in watched.faults:
        assert f'<a href="?step={fault.step}#step-{fault.step}">Step {fault.step}</a>' in page
        assert f'id="step-{fault.step}"' in page
        assert str(escape(fault.citation.kind)) in page
        assert str(escape(fault.citation.clause)) in page
    assert "Caught at step" in page and "clause right" in page
    assert page.count("<strong>Missed</strong>") == len(missed)


def test_a_watched_round_is_its_trainees_alone(client):
    record = started(client)
    client.force_login(make_trainee("bob"))
    assert client.get(reverse("watched", args=[record.pk])).status_code == 404
    assert step(client, record).status_code == 404
    assert flag(client, record, 1, "pinching").status_code == 404


def test_starting_a_watched_round_obeys_the_dealing_limit_and_counts_against_it(client, settings):
    settings.ROUNDS_PER_MINUTE = 2
    table = demo_table()
    client.force_login(make_trainee())
    assert client.post(reverse("deal", args=[table.pk]), {"mode": "practice"}).status_code == 302
    assert client.post(reverse("watch_round", args=[table.pk])).status_code == 302
    refused = client.post(reverse("watch_round", args=[table.pk]))
    assert refused.status_code == 429 and 1 <= int(refused["Retry-After"]) <= 60
    assert "<h1>Too many rounds at once</h1>" in refused.text and "Rounds dealt to watch count too." in refused.text
    assert WatchedRound.objects.count() == 1, "nothing was dealt"
    assert client.post(reverse("deal", args=[table.pk]), {"mode": "practice"}).status_code == 429
