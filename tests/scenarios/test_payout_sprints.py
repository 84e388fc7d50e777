"""Payout sprints in the school: chosen from the drill library, paid a payout at a time, timed by the server."""

from datetime import timedelta
from html import unescape

import pytest
from django.urls import reverse
from sprint_helpers import house_chips, other_chips
from table_helpers import make_instructor, make_trainee

from scenarios.models import PayoutSprint, SprintStandard
from scenarios.sprint_results import personal_bests, result_of, standard_for
from simulator.core.chipping import highest_first
from simulator.core.chips import DEFAULT_RACK, write_chips
from simulator.core.money import format_cents
from simulator.sprints import MIX, sprint_lines

pytestmark = pytest.mark.django_db

TIGER = next(line.key for line in sprint_lines().values() if line.citation.clause == "§645b.1(h)")


def started(client, kind=TIGER, length=10):
    """Start a sprint through its page, open it, and return it."""
    response = client.post(reverse("sprints"), {"kind": kind, "length": length})
    assert response.status_code == 302
    sprint = PayoutSprint.objects.latest("pk")
    assert client.get(response["Location"]).status_code == 200
    sprint.refresh_from_db()
    return sprint


def test_the_drill_library_links_to_the_sprints_which_offer_every_line_and_the_mix(client):
    client.force_login(make_trainee("ana"))
    assert reverse("sprints") in client.get(reverse("drills")).content.decode()
    page = unescape(client.get(reverse("sprints")).content.decode())
    assert f'value="{MIX}"' in page and f'value="{TIGER}"' in page
    assert "Dealer Tiger 9, 30 to 1" in page


def test_a_sprint_shows_one_payout_at_a_time_and_never_the_amount_due_at_odds_or_a_seed(client):
    client.force_login(make_trainee("ana"))
    sprint = started(client)
    assert sprint.started_at is not None and sprint.marks == []
    page = client.get(reverse("sprint", args=[sprint.pk])).content.decode()
    assert "Payout 1 of 10" in page and "Payout 2 of 10" not in page
    assert "The certificate holder shall pay out winning Tiger 9 wagers at odds of 30 to 1." in page
    assert "Regulation" in page
    for payout in sprint.payouts:
        assert format_cents(payout["due"]) not in page
    assert "seed" not in page.lower()


def test_a_right_payout_shows_the_next_and_the_last_one_ends_the_sprint_timed_by_the_server(client):
    trainee = make_trainee("ana")
    client.force_login(trainee)
    sprint = started(client)
    for index in range(10):
        response = client.post(
            reverse("sprint_pay", args=[sprint.pk]),
            {"number": index + 1, "chips": house_chips(sprint.payouts[index]["due"])},
        )
        assert response.status_code == 302
    sprint.refresh_from_db()
    assert sprint.marks == ["right"] * 10 and sprint.finished_at is not None
    assert sprint.milliseconds == round((sprint.finished_at - sprint.started_at) / timedelta(milliseconds=1))
    assert result_of(sprint).all_right
    page = unescape(client.get(reverse("sprint", args=[sprint.pk])).content.decode())
    assert "all right" in page and "A personal best." in page
    assert personal_bests(trainee) == [sprint]


def test_a_sprint_is_paid_from_the_house_rack_with_one_live_region_saying_its_total_and_verdicts(client):
    client.force_login(make_trainee("ana"))
    sprint = started(client)
    page = client.get(reverse("sprint", args=[sprint.pk])).content.decode()
    assert page.count('role="status"') == 1 and 'id="sprint-said" role="status"' in page
    assert 'data-rack-says="sprint-said"' in page and 'name="chips" value="" data-rack-chips' in page
    for chip in DEFAULT_RACK:
        assert f'data-chip="{chip.cents}"' in page
    assert '<script src="/static/js/rack.' in page


def test_coin_typed_beside_the_rack_s_chips_pays_what_is_under_its_smallest_chip(client):
    client.force_login(make_trainee("ana"))
    sprint = started(client)
    sprint.payouts[0]["due"] += 50
    sprint.save(update_fields=["payouts"])
    due = sprint.payouts[0]["due"]
    chips = write_chips(highest_first(due - 50, DEFAULT_RACK))
    response = client.post(reverse("sprint_pay", args=[sprint.pk]), {"number": 1, "chips": chips, "amount": "0.50"})
    assert response.status_code == 302
    sprint.refresh_from_db()
    assert sprint.marks == ["right"]


def test_a_wrong_payout_is_marked_and_the_sprint_moves_on_naming_the_right_one(client):
    client.force_login(make_trainee("ana"))
    sprint = started(client)
    due = sprint.payouts[0]["due"]
    response = client.post(reverse("sprint_pay", args=[sprint.pk]), {"number": 1, "chips": "100x1"}, follow=True)
    assert "Mispay" in unescape(response.content.decode())
    sprint.refresh_from_db()
    assert sprint.marks == ["wrong_amount"]
    assert due == sprint.payouts[0]["due"]
    assert "Payout 2 of 10" in response.content.decode()


def test_the_right_total_in_other_chips_is_a_mis_chip_as_the_house_procedure(client):
    client.force_login(make_trainee("ana"))
    sprint = started(client)
    response = client.post(
        reverse("sprint_pay", args=[sprint.pk]),
        {"number": 1, "chips": other_chips(sprint.payouts[0]["due"])},
        follow=True,
    )
    sprint.refresh_from_db()
    assert sprint.marks == ["wrong_chips"]
    assert "highest denominations first" in unescape(response.content.decode())


@pytest.mark.parametrize(
    "chips",
    ["700x1", "-100x2", "100x-3", "100x99999999", "100x10000", "", "10000x0", "one green", "100x1 100x1"],
    ids=[
        "no-such-chip",
        "negative",
        "negative-count",
        "huge-count",
        "ten-thousand-chips",
        "none",
        "zero",
        "words",
        "twice",
    ],
)
def test_chips_the_rack_cannot_move_are_refused_with_why_and_nothing_changes(client, chips):
    client.force_login(make_trainee("ana"))
    sprint = started(client)
    before = PayoutSprint.objects.filter(pk=sprint.pk).values().get()
    response = client.post(reverse("sprint_pay", args=[sprint.pk]), {"number": 1, "chips": chips})
    assert response.status_code == 400
    page = response.content.decode()
    said = page.split('id="sprint-said" role="status">')[1].split("</div>")[0]
    assert '<p class="error">' in said, "the reason is said in the page's one live region"
    assert page.count('role="status"') == 1 and 'role="alert"' not in page and "aria-live" not in page
    assert PayoutSprint.objects.filter(pk=sprint.pk).values().get() == before


def test_a_payout_paid_twice_or_ahead_is_refused_and_nothing_changes(client):
    client.force_login(make_trainee("ana"))
    sprint = started(client)
    client.post(reverse("sprint_pay", args=[sprint.pk]), {"number": 1, "chips": house_chips(sprint.payouts[0]["due"])})
    for number in (1, 3, 0, 31):
        response = client.post(
            reverse("sprint_pay", args=[sprint.pk]), {"number": number, "chips": house_chips(sprint.payouts[1]["due"])}
        )
        assert response.status_code == 400
    sprint.refresh_from_db()
    assert sprint.marks == ["right"]


@pytest.mark.parametrize(
    "form", [{"kind": "no-such-line", "length": 10}, {"kind": MIX, "length": 11}, {"kind": MIX, "length": -10}]
)
def test_a_sprint_of_no_such_line_or_length_is_refused_and_none_is_started(client, form):
    client.force_login(make_trainee("ana"))
    assert client.post(reverse("sprints"), form).status_code == 400
    assert not PayoutSprint.objects.exists()


def test_another_trainee_s_sprint_is_not_found(client):
    client.force_login(make_trainee("ana"))
    sprint = started(client)
    client.force_login(make_trainee("ben"))
    assert client.get(reverse("sprint", args=[sprint.pk])).status_code == 404
    assert client.post(reverse("sprint_pay", args=[sprint.pk]), {"number": 1, "chips": "100x1"}).status_code == 404


def test_an_instructor_sets_a_school_standard_and_a_trainee_cannot(client):
    client.force_login(make_trainee("ana"))
    assert client.post(reverse("sprint_standards"), {"kind": MIX, "length": 20, "seconds": 60}).status_code == 403
    assert str(standard_for(MIX, 20)) == "20 payouts in 90 s, all right"
    client.force_login(make_instructor("ivy"))
    response = client.post(reverse("sprint_standards"), {"kind": MIX, "length": 20, "seconds": 60, "all_right": "on"})
    assert response.status_code == 302
    assert str(standard_for(MIX, 20)) == "20 payouts in 60 s, all right"
    assert client.post(reverse("sprint_standards"), {"kind": MIX, "length": 20, "seconds": 0}).status_code == 400
    assert SprintStandard.objects.get().seconds == 60


def test_an_award_is_shown_with_its_amount_as_the_meter_shows_it(client):
    client.force_login(make_trainee("ana"))
    mystery = next(line.key for line in sprint_lines().values() if line.citation.clause == "§645b.3(c)(7)")
    sprint = started(client, kind=mystery)
    page = client.get(reverse("sprint", args=[sprint.pk])).content.decode()
    assert f"an award of <strong>{format_cents(sprint.payouts[0]['due'])}</strong>" in page
