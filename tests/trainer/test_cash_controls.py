"""Cash at the table, dealt with the page's own controls (issue 32 item 3): a player's buy-in counted and announced,
dropped and sold chips from the rack in the house's mix, a leaving player's chips coloured up from the rack. Each step
is graded with the house procedure it follows, shown as the house's with its option, in practice and in an exam, and
the felt draws the cash and the chips until the dealer is done."""

import re

import pytest
from table_helpers import NO_CASH_SEED, make_instructor, make_trainee
from test_fragments import current, play_to, take_on_page, trainee_page

from grading.scoring import ScoreCard
from scenarios.scenario_versions import create_scenario, publish
from simulator.core.chipping import highest_first
from simulator.core.chips import DEFAULT_RACK, write_chips
from simulator.core.procedure import Action
from simulator.scenarios import ScenarioSpec
from trainer import services
from trainer.demo_tables import create_demo_tables
from trainer.models import Attempt, Mode

pytestmark = pytest.mark.django_db

SEATS = {"1": {"pai-gow": 1000}, "4": {"pai-gow": 2500}}
BUY_IN = {"seat": 4, "cash": 37000}
COLOUR_UP = {"seat": 1, "chips": "500x9 100x3"}
"""The rigged cash: seat 4 lays $370 on the layout; seat 1 leaves with nine $5 and three $1 chips ($48)."""


def cash_round(mode=Mode.PRACTICE):
    """A Pai Gow Poker scenario round with the rigged buy-in and colour-up, dealt to a trainee; the attempt, trainee."""
    rigging = {"buy_in": BUY_IN, "colour_up": COLOUR_UP}
    spec = ScenarioSpec.from_json({"game": "pai-gow-poker", "seats": SEATS, "rigging": rigging})
    version = publish(create_scenario("Cash at the table", make_instructor(), spec))
    trainee = make_trainee()
    return services.start_scenario_round(trainee, version, 1, seed_value=7, mode=mode), trainee


def wrong(action, **arguments):
    """The action with some of its arguments changed: the trainee's mistake."""
    return Action(action.step, action.actor, {**action.arguments, **arguments}, action.citation, "")


def verdict(attempt, trainee, page, frames, action):
    """Take the action through the services, as the page sends it; the answer and the feedback the page then says."""
    reply = take_on_page(attempt.pk, trainee, page, frames, action)
    return reply, page.inner_html("feedback")


def house_verdict(feedback, clause):
    """Whether the feedback cites ``clause`` as a house procedure."""
    return "provenance-house" in feedback and f"<strong>{clause}</strong>" in feedback


def test_house_buy_in_count_a_wrong_count_is_graded_citing_the_house_count_and_the_right_one_is_right():
    attempt, trainee = cash_round()
    page, frames = trainee_page(attempt.pk)
    action = play_to(attempt.pk, trainee, page, frames, "count_cash")
    assert action.arguments == {"seat": 4, "amount": 37000}
    reply, feedback = verdict(attempt, trainee, page, frames, wrong(action, amount=35000))
    assert not reply.graded.correct and reply.graded.code == "wrong_amount"
    assert house_verdict(feedback, "Buy-in count") and "House procedure" in feedback
    assert current(attempt.pk)[1].next_action().step == "count_cash"
    reply, feedback = verdict(attempt, trainee, page, frames, action)
    assert reply.graded.correct and "✓ Right: Count the cash (seat 4, $370.00)" in feedback


def test_house_buy_in_drop_another_seats_drop_is_wrong_and_the_counted_seats_is_right():
    attempt, trainee = cash_round()
    page, frames = trainee_page(attempt.pk)
    action = play_to(attempt.pk, trainee, page, frames, "drop_cash")
    reply, feedback = verdict(attempt, trainee, page, frames, wrong(action, seat=1))
    assert not reply.graded.correct and reply.graded.code == "wrong_seat"
    assert house_verdict(feedback, "Buy-in drop")
    reply, _ = verdict(attempt, trainee, page, frames, action)
    assert reply.graded.correct


def test_house_buy_in_mix_option_buy_in_mix_chips_sold_highest_first_are_wrong_and_the_houses_mix_is_right():
    attempt, trainee = cash_round()
    page, frames = trainee_page(attempt.pk)
    action = play_to(attempt.pk, trainee, page, frames, "sell_chips")
    highest = write_chips(highest_first(37000, DEFAULT_RACK))
    assert highest != action.arguments["chips"]
    reply, feedback = verdict(attempt, trainee, page, frames, wrong(action, chips=highest))
    assert not reply.graded.correct and reply.graded.code == "wrong_chips"
    assert house_verdict(feedback, "Buy-in mix, option buy_in_mix")
    short = write_chips({10000: 3})
    reply, feedback = verdict(attempt, trainee, page, frames, wrong(action, chips=short, amount=30000))
    assert not reply.graded.correct and reply.graded.code == "wrong_amount" and "$70.00 short" in feedback
    reply, _ = verdict(attempt, trainee, page, frames, action)
    assert reply.graded.correct


def test_house_colouring_up_the_players_own_chips_given_back_are_wrong_and_the_fewest_are_right():
    attempt, trainee = cash_round()
    page, frames = trainee_page(attempt.pk)
    action = play_to(attempt.pk, trainee, page, frames, "colour_up")
    assert action.arguments == {"seat": 1, "amount": 4800, "chips": "2500x1 500x4 100x3"}
    reply, feedback = verdict(attempt, trainee, page, frames, wrong(action, chips=COLOUR_UP["chips"]))
    assert not reply.graded.correct and reply.graded.code == "wrong_chips"
    assert house_verdict(feedback, "Colouring up")
    reply, _ = verdict(attempt, trainee, page, frames, action)
    assert reply.graded.correct and reply.snapshot.finished
    assert reply.snapshot.chip_inventory["findings"] == []
    assert reply.snapshot.chip_inventory["dropped"] == reply.snapshot.chip_inventory["sold"] == 37000


BILLS = re.compile(r'<span class="bill">([^<]*)</span><span class="laid-count">×(\d+)</span>')


def test_house_buy_in_and_colouring_up_the_felt_draws_the_bills_the_count_and_the_chips_until_done():
    attempt, trainee = cash_round()
    page, frames = trainee_page(attempt.pk)
    seat = page.html("felt-seat-4")
    assert BILLS.findall(seat) == [("$100", "3"), ("$50", "1"), ("$20", "1")]
    assert "Seat 4 buys in: 3 $100 bills, 1 $50 bill, 1 $20 bill on the layout." in seat
    assert "$370.00" not in seat, "the amount is the trainee's to count"
    assert "colour up" not in page.html("felt").lower(), "no player has left yet"
    action = play_to(attempt.pk, trainee, page, frames, "count_cash")
    take_on_page(attempt.pk, trainee, page, frames, action)
    assert "$370.00 counted" in page.html("felt-seat-4") and BILLS.findall(page.html("felt-seat-4"))
    take_on_page(attempt.pk, trainee, page, frames, play_to(attempt.pk, trainee, page, frames, "drop_cash"))
    assert "$370.00 dropped" in page.html("felt-seat-4") and not BILLS.findall(page.html("felt-seat-4"))
    take_on_page(attempt.pk, trainee, page, frames, play_to(attempt.pk, trainee, page, frames, "sell_chips"))
    assert "seat-cash" not in page.html("felt-seat-4")
    play_to(attempt.pk, trainee, page, frames, "colour_up")
    seat = page.html("felt-seat-1")
    assert "Seat 1 leaves: 9 red $5 chips, 3 white $1 chips to colour up." in seat
    assert 'class="chip chip-red">$5</span><span class="laid-count">×9' in seat


def test_practice_the_next_step_is_the_cash_step_the_round_waits_for():
    attempt, _ = cash_round()
    assert services.table_snapshot(attempt).next_step == "count_cash"


def test_wcag_2_5_3_each_cash_button_says_the_seat_it_takes_the_step_at(client):
    attempt, trainee = cash_round()
    client.force_login(trainee)
    page = client.get(f"/rounds/{attempt.pk}/").content.decode()
    for step, place, words in (
        ("count_cash", "count-cash-place", "seat 1</span>&#39;s cash"),
        ("drop_cash", "count-cash-place", "seat 1</span>&#39;s cash"),
        ("sell_chips", "sell-chips-place", "to <span data-names-place>seat 1</span>"),
        ("colour_up", "colour-up-place", "seat 1</span>&#39;s chips"),
    ):
        assert f'aria-labelledby="{step}-label {place}"' in page, step
        named = re.search(rf'<span class="visually-hidden" id="{place}">(.*?)</span>(?:&#39;s \w+)?</span>', page)
        assert named and words in named[0], step


def test_exam_a_wrong_count_stands_unrevealed_drawn_as_announced_and_the_score_card_cites_the_house_count():
    attempt, trainee = cash_round(Mode.EXAM)
    page, frames = trainee_page(attempt.pk)
    action = play_to(attempt.pk, trainee, page, frames, "count_cash")
    reply, feedback = verdict(attempt, trainee, page, frames, wrong(action, amount=35000))
    assert reply.graded.stood and "Step recorded" in feedback and "Buy-in count" not in feedback
    assert "$350.00 counted" in page.html("felt-seat-4") and "$370.00" not in page.html("felt-seat-4")
    while (action := current(attempt.pk)[1].next_action()) is not None:
        take_on_page(attempt.pk, trainee, page, frames, action)
    card = ScoreCard.from_json(Attempt.objects.get(pk=attempt.pk).score_card)
    assert card.accuracy < 1
    assert "Buy-in count" in page.html("score-card")


def test_the_tests_no_cash_seed_deals_no_buy_in_nor_colour_up_at_any_demo_table():
    for table in create_demo_tables():
        phase = services.deal_round(table, NO_CASH_SEED).wager_phase
        assert (phase.buy_ins, phase.colour_ups) == ((), ()), table.name
