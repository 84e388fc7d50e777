"""Every registered game walks through every part a game needs: a demo table, a deal, its page, its steps over the
step protocol, replay and the meters its table carries. A game missing a part fails here by its key."""

import dataclasses

import pytest
from django.urls import reverse
from table_helpers import demo_table, make_trainee, meters_at, read_meters
from test_other_games import browser_frame

from simulator.games import GAMES
from simulator.notation import replay_round, save_round
from simulator.procedure import Actor
from trainer import demo_tables, round_store, services
from trainer.controls import DEALER_STEPS, FLOORPERSON_STEPS, read_step
from trainer.models import Floorperson, Mode, Table
from trainer.snapshots import Viewer
from trainer.table_page import felt_region, render_region
from trainer.tables import table_description


def test_every_registered_game_has_a_table_description_and_a_demo_table():
    demo_games = {game for _name, game, _rules, _floorperson in demo_tables.every_demo_table()}
    for key in GAMES:
        assert table_description(key), key
        assert key in demo_games, f"{key} has no demo table"


@pytest.mark.django_db
@pytest.mark.parametrize("key", list(GAMES))
def test_every_game_deals_renders_plays_replays_and_carries_its_meters(key, client):
    demo_tables.create_demo_tables()
    table = Table.objects.filter(game=key, floorperson=Floorperson.AUTOMATED).first()
    assert table is not None, f"{key}: no demo table with an automated floorperson"
    game = GAMES[key]
    assert game.read_rules(table.rules) is not None
    trainee = make_trainee()
    attempt = services.start_round(trainee, table, Mode.PRACTICE, seed_value=3, force_mystery_hit=True)
    client.force_login(trainee)
    page = client.get(reverse("attempt", args=[attempt.pk]))
    assert page.status_code == 200, key
    assert 'id="felt"' in page.content.decode(), key

    round_ = round_store.live_round(attempt)
    while (action := round_.next_action()) is not None:
        assert action.actor is not Actor.FLOORPERSON, f"{key}: the engine validates at this table"
        controls = FLOORPERSON_STEPS if action.actor is Actor.FLOORPERSON else DEALER_STEPS
        frame = read_step(browser_frame(action, attempt.last_sequence + 1), controls, frozenset(controls))
        reply = services.apply_step(attempt.pk, trainee, frame)
        assert reply.graded is not None and reply.graded.correct, f"{key}: {action.step} was refused"
        attempt.refresh_from_db()
        round_ = round_store.live_round(attempt)
    assert attempt.finished, key

    replayed = replay_round(save_round(round_))
    assert replayed.table_view() == round_.table_view(), f"{key}: replay differs"
    table.refresh_from_db()
    assert table.rounds_dealt == 1
    assert meters_at(table) == read_meters(round_.carried_meters()), f"{key}: the table's meters are not the round's"
    next_round = services.deal_round(table, 4)
    assert read_meters(next_round.carried_meters()) == read_meters(round_.carried_meters()), f"{key}: not taken up"


@pytest.mark.django_db
def test_a_table_reads_only_the_view_of_a_game_its_round_class_deals():
    table = demo_table()
    snapshot = services.table_snapshot(services.start_round(make_trainee(), table, Mode.PRACTICE, seed_value=3))
    own = table_description(table.game)
    assert own.own(snapshot) is snapshot
    for key in GAMES:
        other = dataclasses.replace(snapshot, game=key)
        if table_description(key) is own:
            assert own.own(other) is other
        else:
            with pytest.raises(ValueError, match="is not drawn by"):
                own.felt_context(other, Viewer.TRAINEE)


@pytest.mark.django_db
@pytest.mark.parametrize("key", list(GAMES))
def test_wcag_2_4_3_only_the_dealing_trainee_tabs_to_seat_buttons_a_watcher_and_a_replay_read_seat_names(key):
    demo_tables.create_demo_tables()
    table = Table.objects.filter(game=key).first()
    snapshot = services.table_snapshot(services.start_round(make_trainee(), table, Mode.PRACTICE, seed_value=3))
    dealing = render_region(felt_region(snapshot, Viewer.TRAINEE), oob=False)
    watched = render_region(felt_region(snapshot, Viewer.INSTRUCTOR), oob=False)
    assert [dealing.count(f'data-pick-place="{seat}"') for seat in range(1, 7)] == [1] * 6, key
    assert "<button" not in watched, f"{key}: a watcher's felt has a button with nothing to do"
    assert [watched.count(f'<span class="seat-name">Seat {seat}</span>') for seat in range(1, 7)] == [1] * 6, key
