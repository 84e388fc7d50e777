"""Let It Ride Poker dealt by the trainee: §643a.1's hand and pulled wagers, the house's deal, paytable and advice.

Chapter 643a's deal, rankings and payout odds are not in the regulation text we have: those rules are the house's (or
inferred from §643a.1), and the expected payouts below are read from the catalogue's paytable text.
"""

import re

import pytest

from simulator.carnival.let_it_ride import (
    LET_IT_RIDE_POKER,
    PAYTABLES,
    let_it_ride_by_advice,
    let_it_ride_cautiously,
    read_let_it_ride_hand,
)
from simulator.carnival.poker import CarnivalTable, PlayerHabit
from simulator.carnival.round import DEALER, CarnivalRound, CarnivalScenario
from simulator.core.cards import parse_cards
from simulator.core.citations import Provenance
from simulator.core.clauses import CLAUSES
from simulator.core.money import Odds
from simulator.core.procedure import ErrorCode, IllegalOperation

WAGERS = ("first", "second", "third")
FIRST, SECOND = LET_IT_RIDE_POKER.streets
PAYTABLE_TEXT = CLAUSES["Let It Ride Poker paytable, option let_it_ride_paytable"].text


def seated(amount: int) -> dict[str, int]:
    return dict.fromkeys(WAGERS, amount)


def dealt(seats, top: str, habits=None, **chosen) -> CarnivalRound:
    """A round with the deck's top rigged in deal order: each seat's three cards, then the two community cards."""
    table = CarnivalTable(LET_IT_RIDE_POKER, chosen)
    scenario = CarnivalScenario(parse_cards(top), habits or dict.fromkeys(seats, PlayerHabit.HOUSE_ADVICE))
    return CarnivalRound(LET_IT_RIDE_POKER, table, seats, 5, scenario=scenario)


def steps(round_: CarnivalRound) -> list[tuple[str, dict]]:
    return [(op.action.step, dict(op.action.arguments)) for op in round_.play_out()]


def odds_in_the_text(paytable: str) -> dict[str, Odds]:
    """Each line's odds as the catalogue's paytable text states them, "royal flush 1000 to 1, …"."""
    stated = PAYTABLE_TEXT.split(f"Paytable {paytable}: ")[1].split(".")[0]
    lines = (re.fullmatch(r"([a-z ]+) (\d+) to (\d+)", line) for line in stated.split(", "))
    return {line[1]: Odds(int(line[2]), int(line[3])) for line in lines if line}


# ----- the hand and its rankings -----


def test_643a1_hand_is_the_three_cards_dealt_and_the_two_community_cards():
    round_ = dealt({3: seated(500)}, "Ts 9h 2c  Td 4s")
    round_.play_out()
    assert round_.hands["seat 3"] == parse_cards("Ts 9h 2c") and tuple(round_.community) == parse_cards("Td 4s")
    assert round_.table_view()["seats"]["3"]["hand"] == "pair of tens"


def test_643a6_b_a_pair_below_tens_is_read_as_a_lower_pair_and_a_wheel_is_the_lowest_straight():
    assert read_let_it_ride_hand(parse_cards("9s 9d Ac Kh 2s")).category == "lower pair"
    wheel, six_high = (read_let_it_ride_hand(parse_cards(cards)) for cards in ("As 2d 3c 4h 5s", "2s 3d 4c 5h 6s"))
    assert wheel.category == six_high.category == "straight" and wheel < six_high


# ----- the paytable -----


@pytest.mark.parametrize("paytable", sorted(PAYTABLES))
def test_house_let_it_ride_paytable_each_paytable_is_the_one_its_catalogue_entry_states(paytable):
    assert dict(PAYTABLES[paytable].pays) == odds_in_the_text(paytable)


def test_house_let_it_ride_paytable_every_wager_in_action_is_paid_the_paytables_odds():
    # Seat 2 holds a pair of tens and lets both ride; the text: "a pair of tens or better 1 to 1".
    round_ = dealt({2: seated(500)}, "Ts Td 6c  8h 2s")
    tens = odds_in_the_text("1000-200-50-11-8-5-3-2-1")["pair of tens or better"]
    paid = [(args["spot"], args["amount"]) for step, args in steps(round_) if step == "pay_wager"]
    assert paid == [(area, tens.pay(500)) for area in WAGERS]


def test_house_let_it_ride_paytable_500_pays_a_royal_flush_500_to_1_on_each_wager():
    round_ = dealt({1: seated(100)}, "Ah Kh Qh  Jh Th", let_it_ride_paytable="500-200-50-11-8-5-3-2-1")
    royal = odds_in_the_text("500-200-50-11-8-5-3-2-1")["royal flush"]
    assert [args["amount"] for step, args in steps(round_) if step == "pay_wager"] == [royal.pay(100)] * 3


def test_house_let_it_ride_paytable_a_hand_below_a_pair_of_tens_loses_each_wager_in_action():
    round_ = dealt({4: seated(500)}, "9s 9d 6c  8h 2s", {4: PlayerHabit.CAUTIOUS})
    taken = steps(round_)
    assert [args["spot"] for step, args in taken if step == "collect_wager"] == ["third"]
    assert not [step for step, _ in taken if step == "pay_wager"]


def test_house_let_it_ride_paytable_option_refuses_a_paytable_not_offered():
    with pytest.raises(Exception, match="let_it_ride_paytable"):
        CarnivalTable.from_json(LET_IT_RIDE_POKER, {"let_it_ride_paytable": "2000-200-50-11-8-5-3-2-1"})


# ----- the deal: the board face down in the dealer's place, no dealer's hand -----


def test_house_let_it_ride_deal_two_community_cards_face_down_in_the_dealers_place_turned_one_after_each_decision():
    round_ = dealt({1: seated(500), 6: seated(200)}, "As Kd 7c  2h 5d 9s  Qh Jc")
    order = [
        (step, args.get("position") or args.get("seat"))
        for step, args in steps(round_)
        if step in {"deal_hand", "turn_community_card", "make_decision"}
    ]
    assert order == [
        ("deal_hand", "seat 1"),
        ("deal_hand", "seat 6"),
        ("deal_hand", DEALER),
        ("make_decision", 1),
        ("make_decision", 6),
        ("turn_community_card", None),
        ("make_decision", 1),
        ("make_decision", 6),
        ("turn_community_card", None),
    ]
    assert tuple(round_.community) == parse_cards("Qh Jc") and round_.drawn == 8, "no burn card"


def test_house_let_it_ride_deal_the_dealer_holds_no_hand_to_turn_over_read_or_qualify():
    round_ = dealt({3: seated(500)}, "As Kd 7c  Qh Jc")
    taken = steps(round_)
    assert ("reveal_hand", {"position": DEALER}) not in taken
    assert not {"qualify_dealer", "deal_community_cards", "push_wager"} & round_.offered_steps()
    assert {"turn_community_card", "return_wager"} <= round_.offered_steps()


def test_house_let_it_ride_deal_the_board_stays_hidden_until_each_card_is_turned():
    round_ = dealt({3: seated(500)}, "As Kd 7c  Qh Jc")
    while round_.next_action().step != "turn_community_card":
        round_.perform(round_.next_action().step, round_.next_action().arguments)
    view = round_.table_view()
    assert view["community_cards"] == "" and view["community_face_down"] == 2 and view["dealer_cards"] is None
    round_.perform("turn_community_card", {})
    assert round_.table_view()["community_cards"] == "Qh" and round_.table_view()["community_face_down"] == 1


# ----- the pulled wagers -----


def test_643a11_b_a_pulled_first_wager_is_returned_at_once_and_never_settled():
    round_ = dealt({2: seated(500)}, "9h 6c 2d  Ks Kd")
    taken = steps(round_)
    pulled = taken.index(("make_decision", {"seat": 2, "street": FIRST.name, "decision": "pull", "amount": 500}))
    assert taken[pulled + 1] == ("return_wager", {"seat": 2, "spot": "first"})
    assert [args["spot"] for step, args in taken if step == "pay_wager"] == ["third"]  # a pair of kings
    assert round_.table_view()["seats"]["2"]["wagers"] == {"third": 500}
    assert round_.table_inventory_change() == -500


def test_643a11_d_the_second_wager_is_decided_after_the_first_community_card_whatever_was_done_with_the_first():
    round_ = dealt({2: seated(500)}, "Kh 7c 2d  Ks 9d")
    decisions = [(args["street"], args["decision"]) for step, args in steps(round_) if step == "make_decision"]
    assert decisions == [(FIRST.name, "pull"), (SECOND.name, "ride")]


def test_643a1_let_it_ride_a_wager_let_ride_stays_in_action_and_is_settled():
    round_ = dealt({2: seated(500)}, "5h 6h 7h  Kc 2d")
    taken = steps(round_)
    assert [args["decision"] for step, args in taken if step == "make_decision"] == ["ride", "pull"]
    assert [args["spot"] for step, args in taken if step == "collect_wager"] == ["first", "third"]


def test_643a11_b_the_dealer_returns_the_pulled_wager_before_anything_else_and_only_that_wager():
    round_ = dealt({2: seated(500), 4: seated(100)}, "9h 6c 2d  As Ad Kc  Ks Kd")
    round_.perform("deal_hand", {"position": "seat 2"})
    round_.perform("deal_hand", {"position": "seat 4"})
    round_.perform("deal_hand", {"position": DEALER})
    round_.perform(*_next(round_))  # seat 2 pulls back the first wager
    before = round_.state_json()
    for step, arguments in (
        ("return_wager", {"seat": 2, "spot": "second"}),
        ("return_wager", {"seat": 4, "spot": "first"}),
        ("turn_community_card", {}),
    ):
        with pytest.raises(IllegalOperation) as error:
            round_.perform(step, arguments)
        assert error.value.citation.clause == "§643a.11(b)" and round_.state_json() == before
    assert error.value.code is ErrorCode.OUT_OF_ORDER
    round_.perform("return_wager", {"seat": 2, "spot": "first"})
    assert round_.pulled[2] == ["first"]


def _next(round_: CarnivalRound) -> tuple[str, dict]:
    action = round_.next_action()
    return action.step, dict(action.arguments)


def test_643a11_the_withdrawals_are_inferred_and_the_let_it_ride_definition_is_the_regulations():
    assert CLAUSES["§643a.1 definition of Let It Ride"].provenance is Provenance.PA_CODE
    assert CLAUSES["§643a.11(b)"].provenance is CLAUSES["§643a.11(d)"].provenance is Provenance.PA_INFERRED
    assert FIRST.pulls == "first" and SECOND.pulls == "second" and "third" not in {FIRST.pulls, SECOND.pulls}


# ----- the house advice and the cautious habit -----


@pytest.mark.parametrize(
    ("cards", "rides"),
    [
        ("Ts Td 4c", True),  # a paying hand
        ("9s 9d 4c", False),  # a pair below tens
        ("Qh Kh Ah", True),  # three to a royal flush
        ("5h 6h 7h", True),  # three suited in a row
        ("2h 3h 4h", False),  # but not 2-3-4
        ("Ah 2h 3h", False),  # nor A-2-3
        ("8h 9h Jh", True),  # spread four with a high card
        ("5h 6h 8h", False),  # spread four without one
        ("9h Jh Kh", True),  # spread five with two high cards
        ("7h 9h Jh", False),  # spread five with one
        ("Ah Kd 7c", False),  # nothing suited
    ],
)
def test_house_let_it_ride_house_advice_the_first_decision(cards, rides):
    assert let_it_ride_by_advice(FIRST, parse_cards(cards), ()) == int(rides)


@pytest.mark.parametrize(
    ("cards", "board", "rides"),
    [
        ("Ks 7c 2d", "Kd", True),  # a pair of kings
        ("5s 5c 2d", "2h", True),  # two pair
        ("Ah 9h 2h", "5h", True),  # four to a flush
        ("7c 8d 9h", "Ts", True),  # four in a row with a ten
        ("5c 6d 7h", "8s", False),  # four in a row without one
        ("Tc Jd Qh", "As", True),  # four high cards, inside
        ("9c Jd Qh", "Ks", False),  # an inside straight with three high cards
        ("Ah Kd 7c", "2s", False),
    ],
)
def test_house_let_it_ride_house_advice_the_second_decision(cards, board, rides):
    assert let_it_ride_by_advice(SECOND, parse_cards(cards), parse_cards(board)) == int(rides)


def test_house_let_it_ride_house_advice_the_cautious_habit_rides_only_a_paying_hand():
    assert let_it_ride_cautiously(FIRST, parse_cards("Qh Kh Ah"), ()) == 0
    assert let_it_ride_cautiously(SECOND, parse_cards("Qh 4d 2c"), parse_cards("Qs")) == 1


def test_house_let_it_ride_house_advice_no_player_puts_out_a_wrong_play_wager_there_is_none():
    assert PlayerHabit.WRONG_AMOUNT not in LET_IT_RIDE_POKER.habits
    assert "correct_play_wager" not in dealt({1: seated(100)}, "").offered_steps()


# ----- the wagers -----


@pytest.mark.parametrize(
    "wagers",
    [{"first": 500, "second": 500}, {"first": 500, "second": 500, "third": 100}, {**seated(500), "play": 500}],
)
def test_house_let_it_ride_deal_a_position_holds_three_equal_wagers(wagers):
    with pytest.raises(ValueError, match=r"three equal wagers|not a betting area"):
        CarnivalRound(LET_IT_RIDE_POKER, CarnivalTable(LET_IT_RIDE_POKER), {1: wagers}, 1)
