import re
from datetime import timedelta

import pytest
from django.urls import reverse
from exam_helpers import deal, short_scenario
from markupsafe import escape
from table_helpers import demo_table, make_instructor, make_trainee, make_user

from core.models import SchoolProfile
from trainer import round_store, services
from trainer.controls import StepFrame
from trainer.models import Attempt, Floorperson, Mode

pytestmark = pytest.mark.django_db


def test_it_lists_the_tables_with_practice_and_exam(client):
    client.force_login(make_trainee())
    table = demo_table()
    page = client.get(reverse("tables")).text
    assert table.name in page
    assert reverse("deal", args=[table.pk]) in page
    assert 'value="practice"' in page and 'value="exam"' in page


def test_it_refuses_the_tables_to_a_user_without_a_role(client):
    client.force_login(make_user("mallory"))
    assert client.get(reverse("tables")).status_code == 403


def test_it_deals_a_round_and_opens_its_table(client):
    trainee = make_trainee()
    client.force_login(trainee)
    table = demo_table()
    response = client.post(reverse("deal", args=[table.pk]), {"mode": "exam"})
    attempt = Attempt.objects.get()
    assert response.status_code == 302
    assert response["Location"] == reverse("attempt", args=[attempt.pk])
    assert attempt.trainee == trainee and attempt.mode == Mode.EXAM


def test_it_answers_htmx_with_a_client_redirect_to_the_new_round(client):
    client.force_login(make_trainee())
    table = demo_table()
    response = client.post(reverse("deal", args=[table.pk]), {"mode": "practice"}, headers={"HX-Request": "true"})
    attempt = Attempt.objects.get()
    assert response.status_code == 200
    assert response["HX-Redirect"] == reverse("attempt", args=[attempt.pk])


def test_it_rejects_a_get_on_deal_and_an_unknown_mode(client):
    client.force_login(make_trainee())
    table = demo_table()
    assert client.get(reverse("deal", args=[table.pk])).status_code == 405
    assert client.post(reverse("deal", args=[table.pk]), {"mode": "cheat"}).status_code == 400


def test_it_draws_the_table_page_with_its_socket_controls_and_felt(client):
    trainee = make_trainee()
    attempt = services.start_round(trainee, demo_table(), Mode.PRACTICE)
    client.force_login(trainee)
    page = client.get(reverse("attempt", args=[attempt.pk])).text
    assert f'ws-connect="/ws/table/{attempt.pk}/"' in page
    assert 'id="felt"' in page and 'id="controls"' in page and 'id="feedback"' in page
    assert 'name="seq" value="1"' in page
    assert "Must-Hit-By Mystery Bonus offered" in page
    for seat in range(1, 7):
        assert f'data-place="{seat}"' in page
    assert 'value="announce_no_more_bets"' in page
    assert re.search(r'"/static/js/table\.[0-9a-f]{12}\.js"', page)


def test_it_never_puts_the_deck_or_the_seed_in_the_page(client):
    trainee = make_trainee()
    attempt = services.start_round(trainee, demo_table(), Mode.PRACTICE, seed_value=987654321987)
    client.force_login(trainee)
    page = client.get(reverse("attempt", args=[attempt.pk])).text
    assert "987654321987" not in page
    round_ = round_store.live_round(attempt)
    deck = " ".join(str(card) for card in round_.deck)
    assert deck not in page
    assert not re.search(r'class="card[ "]', page)


def test_it_shows_the_house_options_as_house_rules_not_law(client):
    trainee = make_trainee()
    attempt = services.start_round(trainee, demo_table(), Mode.PRACTICE)
    client.force_login(trainee)
    page = client.get(reverse("attempt", args=[attempt.pk])).text
    assert "not law" in page
    assert "provenance-house" in page


def test_it_shows_an_instructor_the_watch_page_without_controls(client):
    attempt = services.start_round(make_trainee(), demo_table(Floorperson.INSTRUCTOR), Mode.PRACTICE)
    client.force_login(make_instructor(teaching=[attempt.trainee]))
    page = client.get(reverse("attempt", args=[attempt.pk])).text
    assert 'id="floorperson"' in page
    assert 'id="controls"' not in page
    assert "watching, read-only" in page


def test_a_watcher_sees_the_trainee_by_name_not_by_e_mail_address(client):
    trainee = make_trainee("maria.lopez@example.org")
    trainee.first_name, trainee.last_name = "Maria", "Lopez"
    trainee.save()
    attempt = services.start_round(trainee, demo_table(), Mode.PRACTICE)
    client.force_login(make_instructor(teaching=[trainee]))
    page = client.get(reverse("attempt", args=[attempt.pk])).text
    assert "<title>Watching Maria Lopez" in page and "Dealer: Maria Lopez (watching, read-only)" in page
    assert "maria.lopez@example.org" not in page


def test_it_hides_a_round_from_another_trainee(client):
    attempt = services.start_round(make_trainee(), demo_table(), Mode.PRACTICE)
    client.force_login(make_trainee("bob"))
    assert client.get(reverse("attempt", args=[attempt.pk])).status_code == 404


def test_it_lists_the_trainees_history(client):
    trainee = make_trainee()
    attempt = services.start_round(trainee, demo_table(), Mode.PRACTICE)
    client.force_login(trainee)
    page = client.get(reverse("history")).text
    assert reverse("attempt", args=[attempt.pk]) in page
    assert "not finished" in page


@pytest.mark.parametrize("mode", list(Mode))
def test_the_table_page_is_titled_with_the_rounds_mode_and_never_another(client, mode):
    trainee = make_trainee()
    client.force_login(trainee)
    attempt = services.start_round(trainee, demo_table(), mode, seed_value=1)
    title = re.search(r"<title>(.*?)</title>", client.get(reverse("attempt", args=[attempt.pk])).text, re.S)[1]
    other = Mode.PRACTICE if mode == Mode.EXAM else Mode.EXAM
    assert mode.label in title
    assert other.label.lower() not in title.lower()


def test_the_feedback_panel_which_scrolls_when_a_clause_is_long_can_be_reached_and_scrolled_by_keyboard(client):
    trainee = make_trainee()
    attempt = services.start_round(trainee, demo_table(), Mode.PRACTICE)
    client.force_login(trainee)
    page = client.get(reverse("attempt", args=[attempt.pk])).text
    assert re.search(r'<section id="feedback" class="feedback" role="status"[^>]* tabindex="0">', page)


def test_the_tables_page_tells_exam_mode_apart_from_the_scheduled_exams_that_certify(client):
    client.force_login(make_trainee())
    page = client.get(reverse("tables")).text
    assert "the exams your school schedules, which lead to a certificate, are under" in page
    assert f'<a href="{reverse("exams")}">Exams</a>.</p>' in page


def test_a_score_card_offers_the_next_round_under_its_figures_before_a_long_list_of_errors(client):
    trainee = make_trainee()
    attempt = services.start_round(trainee, demo_table(), Mode.PRACTICE, seed_value=5)
    services.apply_step(attempt.pk, trainee, StepFrame(1, "clear_table", {}))
    attempt.refresh_from_db()
    deal(attempt, trainee)
    client.force_login(trainee)
    page = client.get(reverse("attempt", args=[attempt.pk])).text
    card = page[page.index('id="score-card"') :]
    assert card.index("Accuracy") < card.index("Deal another round here") < card.index("Errors in this round")
    assert card.index("Replay this round step by step") < card.index("Errors in this round")


def practice_round(trainee, version, dealing_ms):
    """A practice round of the scenario dealt to its end, its step times stored as totalling ``dealing_ms``."""
    attempt = deal(services.start_scenario_round(trainee, version, 1, mode=Mode.PRACTICE), trainee)
    Attempt.objects.filter(pk=attempt.pk).update(score_card=attempt.score_card | {"total_ms": dealing_ms})
    return attempt


def score_card_of(client, attempt):
    page = client.get(reverse("attempt", args=[attempt.pk])).text
    return page[page.index('id="score-card"') :]


def test_a_practice_score_card_sets_the_rounds_pace_and_the_days_practice_beside_accuracy_against_the_house_standard(
    client,
):
    trainee = make_trainee()
    version = short_scenario(make_instructor())
    # Three rounds of Pai Gow Poker whose steps took 2:00, 1:30 and 2:30: 3 rounds in 6 minutes of dealing.
    *_, last = [practice_round(trainee, version, ms) for ms in (120_000, 90_000, 150_000)]
    client.force_login(trainee)
    card = score_card_of(client, last)
    assert card.index("Accuracy") < card.index("Pace") < card.index("Deal")
    house = "the school's house standard of {} rounds per hour at Pai Gow Poker (not regulation)"
    # The last round alone: one round in 2:30 is 24 an hour; the default standard is the Pai Gow Poker games' 20.
    assert escape("This round: 24.0 rounds per hour (2:30 of dealing), meets " + house.format(20)) in card
    assert escape("3 rounds in 6:00 of dealing: 30.0 rounds per hour, meets " + house.format(20)) in card
    SchoolProfile.objects.create(name="Erie Gaming School", pace_standards={"pai-gow-poker": 25})
    card = score_card_of(client, last)
    assert escape("This round: 24.0 rounds per hour (2:30 of dealing), below " + house.format(25)) in card
    assert escape("30.0 rounds per hour, meets " + house.format(25)) in card


def test_a_practice_session_counts_only_the_trainees_own_practice_rounds_of_the_game_that_day_up_to_this_one(client):
    trainee, other = make_trainee(), make_trainee("bob")
    version = short_scenario(make_instructor())
    earlier = practice_round(trainee, version, 60_000)
    Attempt.objects.filter(pk=earlier.pk).update(finished_at=earlier.finished_at - timedelta(days=1))
    practice_round(other, version, 60_000)
    this = practice_round(trainee, version, 180_000)
    practice_round(trainee, version, 60_000)  # after this one
    client.force_login(trainee)
    assert "1 round in 3:00 of dealing: 20.0 rounds per hour" in score_card_of(client, this)


def test_the_history_gives_each_finished_rounds_pace_beside_its_accuracy_and_time(client):
    trainee = make_trainee()
    attempt = practice_round(trainee, short_scenario(make_instructor()), 150_000)  # one round in 2:30: 24 an hour
    client.force_login(trainee)
    page = client.get(reverse("history")).text
    row = page[page.index(reverse("attempt", args=[attempt.pk])) :].split("</tr>")[0]
    assert " · 2:30 (24.0 rounds per hour) · " in row
