"""The replay page: a finished round dealt again from its log, position by position, for those who may see it."""

import re

import pytest
from django.test import Client
from django.urls import reverse
from table_helpers import demo_table, make_instructor, make_trainee, make_user, read_dealer_step, take
from test_consumers import CARD, revealed_cards
from test_other_games import browser_frame, public_cards, secrets_of, table_of
from test_services import validation_frame

from core.roles import Role
from reports.replay import replay_context
from simulator.core.money import format_cents
from simulator.core.procedure import Actor
from trainer import round_store, services
from trainer.models import Floorperson, Mode
from trainer.snapshots import Viewer
from trainer.table_page import felt_region, render_region

pytestmark = pytest.mark.django_db


def live_felt(snapshot):
    """The felt an instructor watching the live table saw."""
    return render_region(felt_region(snapshot, Viewer.INSTRUCTOR), oob=False)


def deal_and_watch(attempt, trainee, instructor=None, wrong_first=None):
    """Deal the round to its end through the services; return the live felt at each position (0: as dealt).

    ``wrong_first`` is a step taken wrongly once before the trainee's first correct one.
    """
    felts = [live_felt(services.table_snapshot(attempt))]
    if wrong_first is not None:
        frame = read_dealer_step(attempt, {"step": wrong_first, "seq": "1"})
        felts.append(live_felt(services.apply_step(attempt.pk, trainee, frame).snapshot))
    while True:
        attempt.refresh_from_db()
        action = round_store.live_round(attempt).next_action()
        if action is None:
            return felts
        sequence = attempt.last_sequence + 1
        if action.actor is Actor.FLOORPERSON:
            reply = take(attempt, instructor, validation_frame(action, sequence))
        else:
            reply = take(attempt, trainee, read_dealer_step(attempt, browser_frame(action, sequence)))
        assert reply.notice is None
        felts.append(live_felt(reply.snapshot))


@pytest.mark.parametrize("mode", [Mode.PRACTICE, Mode.EXAM])
def test_the_felt_at_each_position_is_the_felt_the_live_table_showed_after_that_step(mode):
    trainee = make_trainee()
    instructor = make_instructor(teaching=[trainee])
    table = demo_table(Floorperson.INSTRUCTOR)
    attempt = services.start_round(trainee, table, mode, seed_value=5, force_mystery_hit=True)
    felts = deal_and_watch(attempt, trainee, instructor, wrong_first="uncover_shaker")
    attempt.refresh_from_db()
    assert attempt.finished
    assert len(felts) == len(attempt.saved_frames()) + 1
    validations = [position for position, (_, grade) in enumerate(attempt.saved_frames(), start=1) if grade is None]
    assert validations, "the instructor validated the mystery payout as floorperson"
    for position, felt in enumerate(felts):
        assert replay_context(attempt, position)["felt"] == felt, f"position {position}"
    checked = replay_context(attempt, validations[0])
    assert checked["grade"] is None
    assert checked["here"].startswith("The floorperson: Validate")


def test_each_position_shows_the_steps_grade_its_clause_with_provenance_and_its_time():
    trainee = make_trainee()
    attempt = services.start_round(trainee, demo_table(), Mode.PRACTICE, seed_value=3)
    deal_and_watch(attempt, trainee, wrong_first="uncover_shaker")
    attempt.refresh_from_db()
    wrong = replay_context(attempt, 1)
    assert wrong["grade"]["correct"] is False
    assert wrong["grade"]["severity"] == "minor"
    assert wrong["grade"]["expected"] == 'announce "No more bets"'
    assert wrong["grade"]["step_number"] == 1 and wrong["grade"]["attempt"] == 1
    assert wrong["performed"] == []
    retry = replay_context(attempt, 2)
    assert retry["grade"]["correct"] is True
    assert retry["grade"]["step_number"] == 1 and retry["grade"]["attempt"] == 2
    assert retry["performed"][0] == 'dealer: announce "No more bets"'
    client_page = page_of(trainee, attempt, 1)
    assert "✗ Wrong" in client_page and "minor" in client_page
    assert "Expected" in client_page and "announce &#34;No more bets&#34;" in client_page
    assert re.search(r'class="provenance provenance-(seed|inferred|house)"', client_page)
    assert re.search(r"<dt>Time taken</dt><dd>\d+\.\d s</dd>", client_page)
    assert 'rel="prev" href="?step=0"' in client_page and 'rel="next" href="?step=2"' in client_page
    assert 'aria-live="polite"' in client_page
    assert 'data-announce="Position 1 of' in client_page


def page_of(user, attempt, step=None):
    client = Client()
    client.force_login(user)
    path = reverse("replay", args=[attempt.pk]) + ("" if step is None else f"?step={step}")
    response = client.get(path)
    assert response.status_code == 200, response.content
    return response.text


def finished_round(trainee):
    attempt = services.start_round(trainee, demo_table(), Mode.PRACTICE, seed_value=3)
    deal_and_watch(attempt, trainee)
    attempt.refresh_from_db()
    return attempt


def status_for(client, user, attempt, step="1"):
    client.logout()
    if user is not None:
        client.force_login(user)
    return client.get(reverse("replay", args=[attempt.pk]), {"step": step})


def test_a_trainee_replays_their_own_round_and_not_anothers(client):
    alice = make_trainee()
    attempt = finished_round(alice)
    assert status_for(client, alice, attempt).status_code == 200
    assert status_for(client, make_trainee("bob"), attempt).status_code == 404


@pytest.mark.usefixtures("practice_shown")
def test_an_instructor_replays_their_cohorts_rounds_and_not_another_cohorts(client):
    alice = make_trainee()
    attempt = finished_round(alice)
    assert status_for(client, make_instructor("ivy", teaching=[alice]), attempt).status_code == 200
    other = make_instructor("oscar", teaching=[make_trainee("bob")])
    assert status_for(client, other, attempt).status_code == 404


def test_a_school_administrator_replays_any_round(client):
    attempt = finished_round(make_trainee())
    assert status_for(client, make_user("ada", Role.SCHOOL_ADMINISTRATOR), attempt).status_code == 200


def test_an_outsider_is_sent_to_log_in(client):
    attempt = finished_round(make_trainee())
    response = status_for(client, None, attempt)
    assert response.status_code == 302 and response["Location"].startswith(reverse("login"))


def test_a_round_not_over_cannot_be_replayed_and_a_step_outside_the_round_is_refused(client):
    alice = make_trainee()
    unfinished = services.start_round(alice, demo_table(), Mode.PRACTICE, seed_value=3)
    assert status_for(client, alice, unfinished).status_code == 404
    attempt = finished_round(alice)
    last = len(attempt.saved_frames())
    assert status_for(client, alice, attempt, str(last)).status_code == 200
    beyond = status_for(client, alice, attempt, str(last + 1))
    assert beyond.status_code == 400 and f"from 0 to {last}" in beyond.text
    for bad in ("-1", "two", "1.5", ""):
        refused = status_for(client, alice, attempt, bad)
        assert refused.status_code == 400 and "whole number" in refused.text


@pytest.mark.usefixtures("practice_shown")
def test_the_history_the_score_card_and_the_cohort_page_link_to_the_replay(client):
    alice = make_trainee()
    instructor = make_instructor("ivy", teaching=[alice])
    attempt = finished_round(alice)
    replay = reverse("replay", args=[attempt.pk])
    client.force_login(alice)
    assert replay in client.get(reverse("history")).text
    assert replay in client.get(reverse("attempt", args=[attempt.pk])).text
    client.force_login(instructor)
    assert replay in client.get(reverse("cohort", args=[instructor.cohorts_taught.get().pk])).text


def positions_dealt_live(attempt, trainee):
    """Deal the round through the services; at each position, what the table had shown and what it kept hidden."""
    round_ = round_store.live_round(attempt)
    seen = [(set_of_public(round_), secrets_of_round(round_))]
    while (action := round_store.live_round(attempt).next_action()) is not None:
        attempt.refresh_from_db()
        frame = read_dealer_step(attempt, browser_frame(action, attempt.last_sequence + 1))
        hidden_before = secrets_of_round(round_store.live_round(attempt))
        services.apply_step(attempt.pk, trainee, frame)
        attempt.refresh_from_db()
        round_ = round_store.live_round(attempt)
        seen.append((set_of_public(round_), hidden_before | secrets_of_round(round_)))
    return seen


def set_of_public(round_):
    return revealed_cards(round_) if hasattr(round_, "revealed_seats") else public_cards(round_)


def secrets_of_round(round_):
    """The seed and the mystery hit value, and at Down Under the shoe still undealt (cards are checked by face)."""
    if hasattr(round_, "revealed_seats"):
        hit_value = round_.mystery.meter._hit_value
        return {str(round_.seed_value), format_cents(hit_value), f">{hit_value}<", " ".join(map(str, round_.deck))}
    return secrets_of(round_)


@pytest.mark.parametrize(
    ("game", "seed", "force_hit"),
    [
        ("pai-gow-poker", 424242424242, False),
        ("three-card-poker", 7_000_000_007, True),
        ("down-under-blackjack", 7_000_000_007, True),
    ],
)
def test_no_replay_page_shows_a_card_not_yet_seen_the_seed_or_a_hit_value(client, game, seed, force_hit):
    trainee = make_trainee()
    table = demo_table() if game == "pai-gow-poker" else table_of(game)
    attempt = services.start_round(trainee, table, Mode.PRACTICE, seed_value=seed, force_mystery_hit=force_hit)
    seen = positions_dealt_live(attempt, trainee)
    attempt.refresh_from_db()
    assert attempt.finished and len(seen) == len(attempt.saved_frames()) + 1
    client.force_login(trainee)
    for position, (public, secrets) in enumerate(seen):
        page = client.get(reverse("replay", args=[attempt.pk]), {"step": position}).text
        assert set(CARD.findall(page)) <= public, f"position {position}"
        for secret in secrets:
            assert secret not in page, f"position {position}: {secret}"
        for word in ("hit_value", '"seed"', "deck_top", "shoe_top", "setup_json", "player_styles"):
            assert word not in page


@pytest.mark.usefixtures("practice_shown")
def test_the_replay_leads_back_to_the_round_and_to_the_trainees_history_or_the_instructors_cohorts():
    alice = make_trainee()
    attempt = finished_round(alice)
    round_page = reverse("attempt", args=[attempt.pk])
    trainee_page = page_of(alice, attempt)
    assert f'<a href="{round_page}">The round and its score card</a>' in trainee_page
    assert f'<a href="{reverse("history")}">Your history</a>' in trainee_page
    instructor_page = page_of(make_instructor("ivy", teaching=[alice]), attempt)
    assert f'<a href="{round_page}">The round and its graded steps</a>' in instructor_page
    assert "Your history</a> ·" not in instructor_page


def test_table_chip_inventory_reconciles_on_the_score_card_and_the_replay_of_a_round_with_a_buy_in(client):
    trainee = make_trainee()
    table = demo_table()
    seed = next(seed for seed in range(200) if services.deal_round(table, seed).wager_phase.buy_ins)
    attempt = services.start_round(trainee, table, Mode.PRACTICE, seed_value=seed)
    assert round_store.live_round(attempt).next_action().step == "count_cash", "the trainee takes the buy-in"
    deal_and_watch(attempt, trainee)
    attempt.refresh_from_db()
    steps = [operation.action.step for operation in round_store.live_round(attempt).operations]
    assert steps[:3] == ["count_cash", "drop_cash", "sell_chips"]
    inventory = services.table_snapshot(attempt).chip_inventory
    assert inventory is not None and inventory["findings"] == [] and inventory["dropped"] == inventory["sold"]
    client.force_login(trainee)
    card = client.get(reverse("attempt", args=[attempt.pk])).content.decode()
    assert "Chip inventory: reconciled" in card and f"chips sold for cash {format_cents(inventory['sold'])}" in card
    last = len(attempt.saved_frames())
    replayed = client.get(reverse("replay", args=[attempt.pk]), {"step": last}).content.decode()
    assert "Chip inventory: reconciled" in replayed
    assert "Chip inventory" not in client.get(reverse("replay", args=[attempt.pk]), {"step": 0}).content.decode()
