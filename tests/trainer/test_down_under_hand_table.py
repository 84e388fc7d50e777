"""A Down Under Blackjack table whose trainee deals the whole round: dealt over the WebSocket, nothing hidden shown."""

import json
import re
from dataclasses import replace

import pytest
from channels.db import database_sync_to_async
from django.urls import reverse
from table_helpers import frame_for, make_trainee, round_snapshot
from test_consumers import connected, fragment, server_side, session_cookie
from test_exam_rounds_reveal_nothing import corrections, wrong_arguments
from test_fragments import current, take
from test_other_games import CARD, DOWN_UNDER, secrets_of, table_of

from grading.standards import skill_of
from simulator.blackjack.arithmetic import BlackjackStyle, DealerDrawing
from simulator.blackjack.round import DownUnderRound
from simulator.blackjack.table import DownUnderTable, SeatWagers, TraineeDeals
from simulator.core.cards import parse_cards
from simulator.core.clauses import cite
from simulator.core.procedure import Actor
from trainer import services
from trainer.frames import TableFrames
from trainer.models import Mode
from trainer.snapshots import Viewer
from trainer.table_page import felt_region, render_region

WHOLE_ROUND_RULES = DownUnderTable(trainee_deals=TraineeDeals.WHOLE_ROUND).to_json()
DRAWING_RULE = cite("Down Under Blackjack dealer's drawing rule, option dealer_drawing")
DEALER_WORDS = re.compile(r'<span class="hand-rank">(Dealer [^<]*)</span>')


def whole_round_table():
    """The demo Down Under Blackjack table, set to have the trainee deal the whole round."""
    table = table_of(DOWN_UNDER)
    table.rules = WHOLE_ROUND_RULES
    table.full_clean()
    table.save()
    return table


def browser_frame(action, sequence):
    """The frame the browser sends: a box or hand chosen as a place, 0 for the dealer, "3s" for seat 3's split hand."""
    frame = frame_for(action, sequence)
    if "position" in frame:
        position = frame["position"]
        place = "0" if position == "dealer" else position.removeprefix("seat ").replace(" split", "s")
        frame["position"] = place
    return frame


def public_cards(round_: DownUnderRound) -> set[str]:
    """The cards anyone at the table may see now: every player's cards, the upcard, the hole card once turned."""
    shown = round_.dealer_cards if round_.hole_card_exposed else round_.dealer_cards[:1]
    hands = [*round_.hands.values(), *round_.split_hands.values(), shown]
    return {str(card) for hand in hands for card in hand}


@database_sync_to_async
def seat_at_whole_round_table(seed_value):
    trainee = make_trainee()
    attempt = services.start_round(trainee, whole_round_table(), Mode.PRACTICE, seed_value=seed_value)
    return attempt, session_cookie(trainee)


def assert_nothing_hidden(frame, round_: DownUnderRound, secrets):
    """No card the table has not exposed, no undealt card, seed or reserve in a frame sent to the trainee."""
    assert set(CARD.findall(frame)) <= public_cards(round_)
    for secret in secrets:
        assert secret not in frame
    for word in ("hit_value", '"seed"', "shoe_top", "setup_json"):
        assert word not in frame


@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("seed_value", [7_000_000_007, 13_000_000_013, 23_000_000_023, 41_000_000_041])
async def test_the_whole_round_is_dealt_step_by_step_and_no_frame_shows_the_hole_card_before_it_is_turned(seed_value):
    attempt, session = await seat_at_whole_round_table(seed_value)
    communicator, snapshot = await connected(attempt.pk, session)
    _, round_ = await server_side(attempt.pk)
    assert_nothing_hidden(snapshot, round_, secrets_of(round_))
    dealt = set()
    while (action := round_.next_action()) is not None:
        attempt, round_ = await server_side(attempt.pk)
        secrets = secrets_of(round_)
        assert action.actor is Actor.DEALER, action
        await communicator.send_to(text_data=json.dumps(browser_frame(action, attempt.last_sequence + 1)))
        reply = await communicator.receive_from()
        assert "✓ Right" in reply, fragment(reply, "feedback")
        _, round_ = await server_side(attempt.pk)
        assert_nothing_hidden(reply, round_, secrets | secrets_of(round_))
        dealt.add(action.step)
    assert "Score card: passed" in reply and "100.0%" in reply
    assert {"turn_hole_card", "deal_card"} <= dealt
    assert dealt & {"pay_blackjack_wager", "push_blackjack_wager", "collect_blackjack_wager"}
    await communicator.disconnect()


@pytest.mark.django_db
def test_the_table_page_offers_the_hands_controls_and_shows_the_house_option(client):
    client.force_login(make_trainee())
    table = whole_round_table()
    response = client.post(reverse("deal", args=[table.pk]), {"mode": "practice"})
    page = client.get(response["Location"]).text
    for step in ("confirm_decision", "split_pair", "turn_hole_card", "pay_blackjack_wager", "collect_blackjack_wager"):
        assert f'value="{step}"' in page
    assert "1, split hand" in page and "the whole round" in page
    assert 'value="complete_blackjack_hand"' not in page


@pytest.mark.django_db
def test_blackjack_pays_6_to_5_is_shown_on_the_table_page_as_a_house_option(client):
    client.force_login(make_trainee())
    table = whole_round_table()
    table.rules = {**WHOLE_ROUND_RULES, "blackjack_pays": "6 to 5"}
    table.full_clean()
    table.save()
    response = client.post(reverse("deal", args=[table.pk]), {"mode": "practice"})
    page = client.get(response["Location"]).text
    house = page[page.index("A blackjack pays") :]
    assert "6 to 5" in house[:400] and "provenance-house" in house[:1000]


@pytest.mark.django_db
def test_a_table_left_at_its_default_offers_no_hand_controls(client):
    client.force_login(make_trainee())
    table = table_of(DOWN_UNDER)
    response = client.post(reverse("deal", args=[table.pk]), {"mode": "practice"})
    page = client.get(response["Location"]).text
    assert 'value="turn_hole_card"' not in page and "split hand" not in page


@pytest.mark.parametrize(
    ("step", "skill"),
    [
        ("turn_hole_card", "dealing_a_card"),
        ("confirm_decision", "confirming_a_signal"),
        ("split_pair", "splitting_a_pair"),
        ("pay_blackjack_wager", "settling_a_blackjack_wager"),
        ("push_blackjack_wager", "settling_a_blackjack_wager"),
        ("collect_blackjack_wager", "settling_a_blackjack_wager"),
    ],
)
def test_each_dealer_step_of_the_hand_has_a_timed_standard(step, skill):
    assert skill_of(step, {"position": "seat 1"}) == skill


@pytest.mark.django_db
@pytest.mark.parametrize("seed_value", [7, 19])
def test_an_exam_of_the_whole_round_shows_no_hidden_card_and_no_correction_before_its_score_card(client, seed_value):
    trainee = make_trainee()
    attempt = services.start_round(trainee, whole_round_table(), Mode.EXAM, seed_value=seed_value)
    client.force_login(trainee)
    frames, wrong = TableFrames(Viewer.TRAINEE), []
    frames.table(services.table_snapshot(attempt))
    while (action := current(attempt.pk)[1].next_action()) is not None:
        assert action.actor is Actor.DEALER
        arguments = wrong_arguments(dict(action.arguments))
        for taken in [replace(action, arguments=arguments)] if arguments is not None else []:
            reply = take(attempt.pk, trainee, taken)
            round_ = current(attempt.pk)[1]
            shown = [frames.table(reply.snapshot, reply), client.get(reverse("attempt", args=[attempt.pk])).text]
            for frame in shown:
                assert set(CARD.findall(frame)) <= public_cards(round_)
            if not reply.graded.correct:
                wrong.append((reply.graded, shown))
        if current(attempt.pk)[1].next_action() == action:  # a wrong step changed nothing: the trainee carries on
            reply = take(attempt.pk, trainee, action)
        if reply.snapshot.finished:
            break
        frames.table(reply.snapshot, reply)
    assert {graded.step for graded, _ in wrong} & {"deal_card", "pay_blackjack_wager", "collect_blackjack_wager"}
    for graded, shown in wrong:
        for told in corrections(graded):
            assert not any(told in page for page in shown), (graded.step, told)
    assert "Score card" in frames.table(reply.snapshot, reply)


def dealer_says(round_: DownUnderRound, table: DownUnderTable) -> str:
    """What the felt the dealing trainee sees says of the dealer's hand now ("" before the hole card is turned)."""
    felt = render_region(felt_region(round_snapshot(DOWN_UNDER, round_, table.to_json()), Viewer.TRAINEE), oob=False)
    found = DEALER_WORDS.search(str(felt))
    return found[1] if found else ""


@pytest.mark.parametrize(
    ("drawing", "dealer", "after_the_turn", "next_card"),
    [
        (DealerDrawing.STANDS_ON_ALL_17S, "6h Th", "Dealer has 16 and draws (stands on all 17s)", "Dealer busts"),
        (DealerDrawing.HITS_SOFT_17, "6h Th", "Dealer has 16 and draws (hits soft 17)", "Dealer busts"),
        (DealerDrawing.HITS_SOFT_17, "Ah 6c", "Dealer has 17 and draws (hits soft 17)", "Dealer stands on 17"),
        (DealerDrawing.STANDS_ON_ALL_17S, "Ah 6c", "Dealer stands on 17", None),
    ],
)
def test_dealers_drawing_rule_the_felt_says_the_dealer_draws_when_the_rule_draws(
    drawing, dealer, after_the_turn, next_card
):
    """The drawing rule (a house option): below 17, or on a soft 17 where the table hits it, the dealer draws.

    Seat 1 stands on a hard 19; the dealer's hand is turned, and the felt says of it what the graded next step does.
    """
    upcard, hole = dealer.split()
    table = DownUnderTable(trainee_deals=TraineeDeals.WHOLE_ROUND, dealer_drawing=drawing)
    top = parse_cards(f"Ts {upcard} 9d {hole} Ks Ac")
    round_ = DownUnderRound(table, {1: SeatWagers(1000)}, 3, shoe_top=top, styles={1: BlackjackStyle.BASIC})
    while (action := round_.next_action()) is not None and action.step != "turn_hole_card":
        assert dealer_says(round_, table) == ""
        round_.perform(action.step, action.arguments)
    round_.perform("turn_hole_card", {})
    said, action = dealer_says(round_, table), round_.next_action()
    assert said == after_the_turn and "stands on 16" not in said
    draws = action is not None and action.arguments == {"position": "dealer"}
    assert draws is (next_card is not None)
    if draws:
        assert action.citation == DRAWING_RULE
        round_.perform(action.step, action.arguments)
        assert dealer_says(round_, table).startswith(next_card)


def test_dealers_drawing_rule_no_draw_once_every_hand_is_settled_and_the_felt_does_not_say_it_stands():
    """The rule draws only while "a hand neither settled nor a blackjack remains": a bust leaves the 16 as it is."""
    table = DownUnderTable(trainee_deals=TraineeDeals.WHOLE_ROUND)
    top = parse_cards("Ts 6h 7d Th Ks")
    round_ = DownUnderRound(table, {1: SeatWagers(1000)}, 3, shoe_top=top, styles={1: BlackjackStyle.HUNCH})
    while (action := round_.next_action()) is not None and action.step != "turn_hole_card":
        round_.perform(action.step, action.arguments)
    round_.perform("turn_hole_card", {})
    action = round_.next_action()
    assert action is not None and action.step == "pick_up_cards"
    assert dealer_says(round_, table) == "Dealer has 16"
