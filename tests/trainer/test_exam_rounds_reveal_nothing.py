"""An exam round reveals nothing before its score card: no grade, no expected action, no step taken by the engine."""

import re
from dataclasses import replace

import pytest
from django.urls import reverse
from markupsafe import escape
from table_helpers import demo_table, make_trainee, wrong_step
from test_fragments import current, take
from test_other_games import table_of

from simulator.core.procedure import Actor
from trainer import services
from trainer.frames import TableFrames
from trainer.models import Mode
from trainer.snapshots import Viewer
from trainer.table_page import felt_region, render_region

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
    return [str(escape(text)) for text in told] + told


@pytest.mark.parametrize(
    ("game", "seed"), [("pai-gow-poker", 19), ("three-card-poker", 5), ("down-under-blackjack", 7)]
)
def test_an_exam_round_taken_wrong_shows_no_expected_step_and_no_correction_before_its_score_card(client, game, seed):
    trainee = make_trainee()
    table = demo_table() if game == "pai-gow-poker" else table_of(game)
    attempt = services.start_round(trainee, table, Mode.EXAM, seed_value=seed, force_mystery_hit=True)
    client.force_login(trainee)
    frames, wrong = TableFrames(Viewer.TRAINEE), []
    frames.table(services.table_snapshot(attempt))
    while (action := current(attempt.pk)[1].next_action()) is not None:
        assert action.actor is Actor.DEALER
        arguments = wrong_arguments(dict(action.arguments))
        tried = [replace(action, arguments=arguments)] if arguments is not None else []
        for taken in [*tried, action]:
            if current(attempt.pk)[1].next_action() != action:
                break  # a wrong amount stands as paid: the round went on
            reply = take(attempt.pk, trainee, taken)
            if reply.snapshot.finished:
                break
            received = [frames.table(reply.snapshot, reply)]
            received.append(client.get(reverse("attempt", args=[attempt.pk])).content.decode())
            if not reply.graded.correct:
                wrong.append((reply.graded, received))
        if reply.snapshot.finished:
            break
    steps_taken_wrong = {graded.step for graded, _ in wrong}
    assert "count_progressive_chips" in steps_taken_wrong and len(steps_taken_wrong) >= 2
    for graded, received in wrong:
        for told in corrections(graded):
            assert not any(told in page for page in received), (graded.step, told)
    assert "Score card" in frames.table(reply.snapshot, reply)


def test_an_exam_felt_keeps_the_chips_uncounted_in_front_of_the_container_when_the_trainee_drops_them_uncounted():
    trainee = make_trainee()
    attempt = services.start_round(trainee, demo_table(), Mode.EXAM, seed_value=19, force_mystery_hit=True)
    frames, dropped_early = TableFrames(Viewer.TRAINEE), None
    while (action := current(attempt.pk)[1].next_action()) is not None:
        if action.step == "count_progressive_chips" and dropped_early is None:
            before = frames.table(services.table_snapshot(attempt))
            dropped_early = take(attempt.pk, trainee, replace(action, step="drop_progressive_wagers", arguments={}))
            assert not dropped_early.graded.correct
            assert frames.table(dropped_early.snapshot, dropped_early).count("dice-note") == 0
            assert current(attempt.pk)[1].next_action() == action, "the chips stay to be counted"
            assert "Omitted" not in before
        reply = take(attempt.pk, trainee, action)
        if reply.snapshot.finished:
            break
    assert dropped_early is not None


def felt_of(snapshot):
    """The felt the trainee is sent for the snapshot, drawn whole."""
    return render_region(felt_region(snapshot, Viewer.TRAINEE), oob=False)


def test_an_exam_felt_stays_as_it_was_after_a_step_the_trainee_did_not_take_before_the_score_card():
    skipped = {"select_shaker_player", "find_starting_position", "set_dealer_hand", "declare_tiger_nine"}
    trainee = make_trainee()
    attempt = services.start_round(trainee, demo_table(), Mode.EXAM, seed_value=19, force_mystery_hit=True)
    frames, unsettled, left_out = TableFrames(Viewer.TRAINEE), None, set()
    while (action := current(attempt.pk)[1].next_action()) is not None:
        settles_pai_gow = action.arguments.get("spot") == "pai-gow" and unsettled is None
        if (action.step in skipped and action.step not in left_out) or settles_pai_gow:
            unsettled = action.arguments["seat"] if settles_pai_gow else unsettled
            left_out.add(action.step)
            before = felt_of(services.table_snapshot(attempt))
            reply = take(attempt.pk, trainee, wrong_step(attempt.table.game, action))
            assert felt_of(reply.snapshot) == before, action.step
            continue
        reply = take(attempt.pk, trainee, action)
        if reply.snapshot.finished:
            break
        frames.table(reply.snapshot, reply)
    assert skipped <= left_out
    settled = rf'class="area area-pai-gow[^"]* settled-\w+" data-seat="{unsettled}"'
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
            reply = take(attempt.pk, trainee, wrong_step(attempt.table.game, action))
            received.append(frames.table(reply.snapshot, reply))
            continue
        reply = take(attempt.pk, trainee, action)
        if reply.snapshot.finished:
            break
        if seat is None:
            received.append(frames.table(reply.snapshot, reply))
        else:
            frames.table(reply.snapshot, reply)
    if spot is None:
        settled = rf'id="felt-seat-{seat}".*?Mystery Bonus <span class="chip[^"]*">\+'
    else:
        settled = rf'class="area area-{spot}[^"]* settled-\w+" data-seat="{seat}"'
    assert seat is not None
    assert not any(re.search(settled, frame, re.DOTALL) for frame in received)
    assert re.search(settled, frames.table(reply.snapshot, reply), re.DOTALL)
