"""An exam round reveals nothing before its score card: no grade, no expected action, no correction by the engine."""

import html
import re
from dataclasses import replace

import pytest
from django.urls import reverse
from table_helpers import demo_table, make_trainee, wrong_step
from test_fragments import current, take
from test_other_games import table_of

from simulator.procedure import Actor
from trainer import services
from trainer.frames import TableFrames
from trainer.models import Mode
from trainer.snapshots import Viewer

pytestmark = pytest.mark.django_db

SOURCES = ("table inventory", "progressive jackpot slip")


def wrong_arguments(arguments):
    """The same step with one argument wrong: a count, a die, a place, a seat, an amount, a source or a yes/no."""
    for name, value in arguments.items():
        if isinstance(value, bool):
            return {**arguments, name: not value}
        if name == "amount":
            return {**arguments, name: value + 100}
        if name in ("count", "red", "blue_1", "blue_2"):
            return {**arguments, name: value % 6 + 1}
        if name == "place":
            return {**arguments, name: (value + 1) % 7}
        if name == "source":
            return {**arguments, name: SOURCES[1 - SOURCES.index(value)]}
        if name == "position":
            return {**arguments, name: "seat 2" if value == "seat 1" else "seat 1"}
    return None


def corrections(graded):
    """What would tell the trainee the right step: the expected action, the rule's message, the right chip count."""
    told = [graded.expected_description, graded.message, "Expected", "✗"]
    if graded.step == "count_progressive_chips":
        told.append(f'<span class="dice-note">{graded.expected_arguments["count"]} progressive chip')
    return [html.escape(text) for text in told] + told


@pytest.mark.parametrize(
    ("game", "seed"), [("pai-gow-poker", 19), ("three-card-poker", 5), ("down-under-blackjack", 7)]
)
def test_an_exam_round_taken_wrong_shows_no_expected_step_and_no_correction_before_its_score_card(client, game, seed):
    trainee = make_trainee()
    table = demo_table() if game == "pai-gow-poker" else table_of(game)
    attempt = services.start_round(trainee, table, Mode.EXAM, seed_value=seed, force_mystery_hit=True)
    client.force_login(trainee)
    frames, received, wrong = TableFrames(Viewer.TRAINEE), [], []
    received.append(frames.table(services.table_snapshot(attempt)))
    while (action := current(attempt.pk)[1].next_action()) is not None:
        assert action.actor is Actor.DEALER
        arguments = wrong_arguments(dict(action.arguments))
        reply = take(attempt.pk, trainee, action if arguments is None else replace(action, arguments=arguments))
        if reply.snapshot.finished:
            break
        received.append(frames.table(reply.snapshot, reply))
        received.append(client.get(reverse("attempt", args=[attempt.pk])).content.decode())
        if not reply.graded.correct:
            wrong.append(reply.graded)
    steps_taken_wrong = {graded.step for graded in wrong}
    assert "count_progressive_chips" in steps_taken_wrong and len(steps_taken_wrong) >= 2
    for graded in wrong:
        for told in corrections(graded):
            assert not any(told in page for page in received), (graded.step, told)
    assert "Score card" in frames.table(reply.snapshot, reply)


def test_an_exam_felt_shows_the_count_the_table_made_openly_when_the_trainee_dropped_the_chips_uncounted():
    trainee = make_trainee()
    attempt = services.start_round(trainee, demo_table(), Mode.EXAM, seed_value=19, force_mystery_hit=True)
    frames, received = TableFrames(Viewer.TRAINEE), []
    while (action := current(attempt.pk)[1].next_action()) is not None:
        if action.step == "count_progressive_chips":
            action = replace(action, step="drop_progressive_wagers", arguments={})
        reply = take(attempt.pk, trainee, action)
        if reply.snapshot.finished:
            break
        received.append(frames.table(reply.snapshot, reply))
    dropped = [frame for frame in received if re.search(r'class="dice-note">\d+ progressive chip', frame)]
    assert dropped and "Omitted" in dropped[0], "the table counts openly, and says the count was left out"


def test_an_exam_felt_draws_a_step_the_trainee_did_not_take_as_not_taken_before_the_score_card():
    skipped = {"select_shaker_player", "find_starting_position", "set_dealer_hand", "declare_tiger_nine"}
    trainee = make_trainee()
    attempt = services.start_round(trainee, demo_table(), Mode.EXAM, seed_value=19, force_mystery_hit=True)
    frames, received, unsettled = TableFrames(Viewer.TRAINEE), [], None
    while (action := current(attempt.pk)[1].next_action()) is not None:
        settles_pai_gow = action.arguments.get("spot") == "pai-gow" and unsettled is None
        if action.step in skipped or settles_pai_gow:
            unsettled = action.arguments["seat"] if settles_pai_gow else unsettled
            action = wrong_step(attempt.table.game, action)
        reply = take(attempt.pk, trainee, action)
        if reply.snapshot.finished:
            break
        received.append(frames.table(reply.snapshot, reply))
    engine_results = (
        '<span class="badge">shaker</span>',
        '<span class="badge">first stack</span>',
        '<div class="hand-area high"><span class="hand-area-label">High hand</span>',
        "Tiger 9 declared",
        "No Tiger 9",
    )
    for shown in engine_results:
        assert not any(shown in frame for frame in received), shown
    settled = rf'class="area area-pai-gow[^"]* settled-\w+" data-seat="{unsettled}"'
    assert not any(re.search(settled, frame) for frame in received)
    final = frames.table(reply.snapshot, reply)
    assert '<span class="badge">first stack</span>' in final and re.search(settled, final)


@pytest.mark.parametrize(
    ("game", "seed", "step", "spot"),
    [
        ("three-card-poker", 5, "pay_mystery_bonus", None),
        ("down-under-blackjack", 7, "settle_losing_match_wager", "match-the-dealer"),
        ("down-under-blackjack", 7, "pay_progressive_win", "match-the-dealer"),
    ],
)
def test_an_exam_felt_shows_no_payout_or_collection_the_trainee_did_not_make_before_the_score_card(
    game, seed, step, spot
):
    trainee = make_trainee()
    attempt = services.start_round(trainee, table_of(game), Mode.EXAM, seed_value=seed, force_mystery_hit=True)
    frames, received, seat = TableFrames(Viewer.TRAINEE), [], None
    while (action := current(attempt.pk)[1].next_action()) is not None:
        if action.step == step and seat is None:
            seat = action.arguments["seat"]
            action = wrong_step(attempt.table.game, action)
        reply = take(attempt.pk, trainee, action)
        if reply.snapshot.finished:
            break
        received.append(frames.table(reply.snapshot, reply))
    if spot is None:
        settled = rf'id="felt-seat-{seat}".*?Mystery Bonus <span class="chip[^"]*">\+'
    else:
        settled = rf'class="area area-{spot}[^"]* settled-\w+" data-seat="{seat}"'
    assert seat is not None
    assert not any(re.search(settled, frame, re.DOTALL) for frame in received)
    assert re.search(settled, frames.table(reply.snapshot, reply), re.DOTALL)
