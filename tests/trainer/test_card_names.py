"""The log, the felt, the replay and the verdict name a card the one way (simulator.core.cards.card_name)."""

import re
from dataclasses import replace
from itertools import combinations

import pytest
from table_helpers import demo_table, make_trainee, take
from test_services import step_frame

from reports.replay import replay_context
from simulator.core.cards import card_name, parse_cards
from simulator.pai_gow.round import DEALER
from trainer import round_store, services
from trainer.models import Mode
from trainer.snapshots import Viewer
from trainer.table_page import felt_region, graded_context, render_region

pytestmark = pytest.mark.django_db

LOW_HAND = re.compile(r'<div class="hand-area low">(.*?)</div>', re.DOTALL)
CARD_NAMED = re.compile(r'data-card="(\w\w)" role="img" aria-label="([^"]+)"')


def other_house_way_low(round_):
    """A low hand the house way accepts in other cards than the engine's own setting, or None."""
    offered = set(round_.next_action().arguments["low"].split())
    dealt = [str(card) for card in round_.stack_for(DEALER)]
    lows = (" ".join(low) for low in combinations(dealt, 2) if set(low) != offered)
    return next((low for low in lows if round_.can("set_dealer_hand", {"low": low})), None)


def first_seed_with_another_setting(table):
    """The first seed at the table whose dealer's hand the house way sets in two ways, and that other low hand."""
    for seed in range(100):
        round_ = services.deal_round(table, seed)
        round_.advance()
        while (action := round_.next_action()).step != "set_dealer_hand":
            round_.perform(action.step, action.arguments)
        low = other_house_way_low(round_)
        if low is not None:
            return seed, low
    raise AssertionError("no seed deals the dealer a hand the house way sets in two ways")


def named_low_hand(felt):
    """The dealer's low hand on a felt: each card's code and the words it is named by."""
    return CARD_NAMED.findall(LOW_HAND.search(felt).group(1))


def deal_on(attempt, trainee, until=None):
    """Take the correct steps through the services until ``until`` is the step waiting (or the round is over)."""
    while (action := round_store.live_round(attempt).next_action()) is not None and action.step != until:
        take(attempt, trainee, step_frame(attempt, action, attempt.last_sequence + 1))
        attempt.refresh_from_db()
    return action


def test_645a11_c_the_log_the_felt_the_replay_and_the_verdict_name_the_low_hand_the_dealer_set():
    trainee, table = make_trainee(), demo_table()
    seed, low = first_seed_with_another_setting(table)
    attempt = services.start_round(trainee, table, Mode.PRACTICE, seed_value=seed)
    action = deal_on(attempt, trainee, "set_dealer_hand")
    reply = take(
        attempt, trainee, step_frame(attempt, replace(action, arguments={"low": low}), attempt.last_sequence + 1)
    )
    names = [card_name(card) for card in parse_cards(low)]
    words = ", ".join(name.words for name in names)
    drawn = [(name.code, name.words) for name in names]
    assert reply.graded.correct
    assert reply.snapshot.log[-1].description.endswith(f"low hand {words}")
    assert (
        graded_context(reply.graded, table.game, reply.snapshot.rack)["did"] == f"Set the dealer's hand (low {words})"
    )
    assert named_low_hand(render_region(felt_region(reply.snapshot, Viewer.TRAINEE), oob=False)) == drawn
    attempt.refresh_from_db()
    position = len(attempt.saved_frames())
    deal_on(attempt, trainee)
    attempt.refresh_from_db()
    replayed = replay_context(attempt, position)
    assert named_low_hand(replayed["felt"]) == drawn
    assert replayed["grade"]["did"] == f"Set the dealer's hand (low {words})"
    assert replayed["performed"][0].endswith(f"low hand {words}")
