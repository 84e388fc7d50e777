"""Three Card Poker and Ultimate Texas Hold 'Em dealt by the trainee on the carnival poker shape; Let It Ride Poker's
own rules are in test_let_it_ride.py, its replay and hidden cards here with the others'."""

import json

import pytest

from simulator.carnival.let_it_ride import LET_IT_RIDE_POKER
from simulator.carnival.poker import SETTLEMENT_ORDER, WRONG_PLAY_WAGER, CarnivalTable, PlayerHabit
from simulator.carnival.round import CarnivalRound, CarnivalScenario, narrate
from simulator.carnival.three_card_poker import THREE_CARD_POKER, read_three_card_hand
from simulator.carnival.ultimate_texas import ULTIMATE_TEXAS_HOLD_EM, read_holdem_hand
from simulator.core.cards import parse_cards, standard_deck
from simulator.core.citations import Provenance
from simulator.core.clauses import CLAUSES
from simulator.core.procedure import ErrorCode, IllegalOperation
from simulator.core.rules import RulesError

ADVICE = PlayerHabit.HOUSE_ADVICE


def three_card_round(seats, top="", habits=None, **chosen) -> CarnivalRound:
    """A Three Card Poker round with the deck's top cards rigged in deal order."""
    table = CarnivalTable(THREE_CARD_POKER, chosen)
    scenario = CarnivalScenario(parse_cards(top), habits or dict.fromkeys(seats, ADVICE))
    return CarnivalRound(THREE_CARD_POKER, table, seats, 3, scenario=scenario)


def holdem_round(seats, top="", habits=None, **chosen) -> CarnivalRound:
    """An Ultimate Texas Hold 'Em round with the deck's top cards rigged in deal order (burn cards included)."""
    table = CarnivalTable(ULTIMATE_TEXAS_HOLD_EM, chosen)
    scenario = CarnivalScenario(parse_cards(top), habits or dict.fromkeys(seats, ADVICE))
    return CarnivalRound(ULTIMATE_TEXAS_HOLD_EM, table, seats, 3, scenario=scenario)


def play_until(round_: CarnivalRound, step: str, **arguments) -> None:
    """Perform the correct steps up to the first ``step`` with these arguments."""
    while (action := round_.next_action()) is not None:
        if action.step == step and all(action.arguments.get(key) == value for key, value in arguments.items()):
            return
        round_.perform(action.step, action.arguments)
    raise AssertionError(f"{step} never came")


def settlements(round_: CarnivalRound) -> dict[tuple[int, str], tuple[str, int]]:
    """Every wager's settlement when the round is played out correctly."""
    round_.play_out()
    return {key: (how.value, amount) for key, (how, amount) in round_.settled.items()}


def refused(round_: CarnivalRound, step: str, **arguments) -> IllegalOperation:
    """The error a step raises, checking that it changed nothing."""
    before = round_.state_json()
    with pytest.raises(IllegalOperation) as error:
        round_.perform(step, arguments)
    assert round_.state_json() == before
    return error.value


# ----- reading hands -----


def test_three_card_poker_rankings_a_straight_beats_a_flush_and_a_2_3_is_the_lowest_straight():
    straight, flush = read_three_card_hand(parse_cards("4s 5h 6d")), read_three_card_hand(parse_cards("As Ks 9s"))
    assert (straight.category, flush.category) == ("straight", "flush") and straight > flush
    wheel, two_three_four = read_three_card_hand(parse_cards("As 2h 3d")), read_three_card_hand(parse_cards("2s 3h 4d"))
    assert wheel.category == "straight" and wheel < two_three_four
    assert read_three_card_hand(parse_cards("Qs Kh Ad")) > read_three_card_hand(parse_cards("Js Qh Kd"))
    assert read_three_card_hand(parse_cards("2s 2h 2d")) > read_three_card_hand(parse_cards("Qs Kh Ad"))


def test_653a6_a_an_ace_makes_a_straight_with_2_3_4_5_as_the_lowest_and_never_wraps_around():
    wheel = read_holdem_hand(parse_cards("As 2h 3d 4c 5s"))
    assert wheel.category == "straight" and wheel < read_holdem_hand(parse_cards("2s 3h 4d 5c 6s"))
    assert read_holdem_hand(parse_cards("Qs Kh Ad 2c 3s")).category == "high card"


def test_653a1_hand_is_the_best_five_of_the_two_hole_cards_and_five_community_cards():
    assert read_holdem_hand(parse_cards("9h 9d 9c 9s 2h 3h 4h")).category == "four of a kind"
    assert read_holdem_hand(parse_cards("Ah Kh 2h 3c 9h Qd 7h")).words == "flush, ace high"


# ----- Three Card Poker -----


def test_three_card_poker_dealer_qualification_a_jack_high_dealer_pays_the_ante_and_pushes_the_play():
    round_ = three_card_round({2: {"ante": 500}}, "Ks Qd 4c  Jh 9d 3c")
    assert settlements(round_) == {(2, "ante"): ("pay", 500), (2, "play"): ("push", 0)}
    qualify = next(op for op in round_.operations if op.action.step == "qualify_dealer")
    assert qualify.action.arguments == {"qualifies": False}
    assert qualify.action.citation == CLAUSES["Three Card Poker dealer qualification"]


def test_three_card_poker_ante_and_play_settlement_a_queen_high_dealer_qualifies_and_beats_a_lower_hand():
    round_ = three_card_round({2: {"ante": 500}}, "Qs 9d 4c  Qh Td 3c")
    assert settlements(round_) == {(2, "ante"): ("collect", 500), (2, "play"): ("collect", 500)}


def test_ante_bonus_paytable_5_4_1_pays_a_straight_1_to_1_on_the_ante_even_when_the_dealer_wins():
    round_ = three_card_round({1: {"ante": 1000}}, "4s 5h 6d  7c 8c 9c")
    assert settlements(round_) == {
        (1, "ante"): ("collect", 1000),
        (1, "play"): ("collect", 1000),
        (1, "ante_bonus"): ("pay", 1000),
    }


def test_pair_plus_paytable_40_30_6_4_1_pays_a_straight_flush_40_to_1_and_a_flush_4_to_1():
    seats = {1: {"ante": 500, "pair_plus": 500}, 3: {"ante": 500, "pair_plus": 200}}
    round_ = three_card_round(seats, "Js Qs Ks  2h 7h Th  3c 5d 9s")
    settled = settlements(round_)
    assert settled[(1, "pair_plus")] == ("pay", 40 * 500)
    assert settled[(3, "pair_plus")] == ("pay", 4 * 200)
    assert settled[(1, "ante_bonus")] == ("pay", 5 * 500)


def test_pair_plus_paytable_option_chooses_40_30_6_3_1_and_refuses_a_paytable_not_offered():
    round_ = three_card_round({3: {"pair_plus": 200}}, "2h 7h Th  3c 5d 9s", pair_plus_paytable="40-30-6-3-1")
    assert settlements(round_) == {(3, "pair_plus"): ("pay", 3 * 200)}
    with pytest.raises(RulesError, match="pair_plus_paytable"):
        CarnivalTable.from_json(THREE_CARD_POKER, {"pair_plus_paytable": "100-1"})


def test_three_card_poker_play_wager_a_folded_hand_loses_the_ante_and_is_not_turned_over():
    round_ = three_card_round({4: {"ante": 500}}, "2s 7h 9d  Kh Td 3c")
    assert settlements(round_) == {(4, "ante"): ("collect", 500)}
    steps = [(op.action.step, dict(op.action.arguments)) for op in round_.operations]
    assert ("make_decision", {"seat": 4, "street": "after the deal", "decision": "fold", "amount": 0}) in steps
    assert ("reveal_hand", {"position": "seat 4"}) not in steps


def test_carnival_poker_wrong_play_wager_must_be_put_right_before_the_game_goes_on():
    round_ = three_card_round({1: {"ante": 500}}, "As Kd 4c  Qh Td 3c", {1: PlayerHabit.WRONG_AMOUNT})
    play_until(round_, "correct_play_wager")
    assert round_.play[1] == 1000
    error = refused(round_, "reveal_hand", position="dealer")
    assert (error.code, error.citation) == (ErrorCode.OUT_OF_ORDER, WRONG_PLAY_WAGER)
    assert refused(round_, "correct_play_wager", seat=1, amount=1000).code is ErrorCode.WRONG_AMOUNT
    round_.perform("correct_play_wager", {"seat": 1, "amount": 500})
    assert settlements(round_)[(1, "play")] == ("pay", 500)


def test_carnival_poker_settlement_order_runs_from_the_dealers_far_right():
    round_ = three_card_round({1: {"ante": 500}, 6: {"ante": 500}}, "As Kd 4c  Ac Kh 5c  Qh Td 3c")
    play_until(round_, "pay_wager")
    assert round_.next_action().arguments["seat"] == 6
    error = refused(round_, "pay_wager", seat=1, spot="ante", amount=500)
    assert (error.code, error.citation) == (ErrorCode.OUT_OF_ORDER, SETTLEMENT_ORDER)
    assert error.citation.provenance is Provenance.HOUSE
    assert refused(round_, "pay_wager", seat=6, spot="ante", amount=400).code is ErrorCode.WRONG_AMOUNT
    assert refused(round_, "collect_wager", seat=6, spot="ante").code is ErrorCode.WRONG_SETTLEMENT


def test_carnival_poker_hand_reading_a_wrong_category_is_refused():
    round_ = three_card_round({1: {"ante": 500}}, "As Kd 4c  Qh Qd 3c")
    play_until(round_, "read_hand", position="dealer")
    error = refused(round_, "read_hand", position="dealer", hand="high card")
    assert error.code is ErrorCode.WRONG_HAND and error.expected.arguments["hand"] == "pair"
    assert refused(round_, "read_hand", position="seat 1", hand="high card").code is ErrorCode.WRONG_POSITION


def test_three_card_poker_deal_deals_from_the_dealers_far_left_and_the_dealer_last():
    round_ = three_card_round({5: {"ante": 500}, 2: {"ante": 500}})
    assert refused(round_, "deal_hand", position="seat 5").code is ErrorCode.WRONG_POSITION
    for position in ("seat 2", "seat 5", "dealer"):
        round_.perform("deal_hand", {"position": position})
    assert len(round_.hands["dealer"]) == 3


def test_three_card_poker_wagers_a_play_wager_before_the_deal_or_an_unknown_area_is_refused():
    table = CarnivalTable(THREE_CARD_POKER)
    with pytest.raises(ValueError, match="Play Wager"):
        CarnivalRound(THREE_CARD_POKER, table, {1: {"ante": 500, "play": 500}}, 1)
    with pytest.raises(ValueError, match="trips is not a betting area"):
        CarnivalRound(THREE_CARD_POKER, table, {1: {"ante": 500, "trips": 500}}, 1)
    with pytest.raises(ValueError, match="no seat 7"):
        CarnivalRound(THREE_CARD_POKER, table, {7: {"ante": 500}}, 1)


# ----- Ultimate Texas Hold 'Em -----

WHEEL_TOP = "Ah Kh  2c 7d  3s  Qh Jh 4h  9s  5c 8d"
"""Seat 1 holds A-K of hearts, the dealer 2-7; burn, flop Q-J-4 of hearts, burn, 5 and 8: seat 1 makes a flush."""


def test_653a12_b_blind_paytable_a_pays_a_flush_3_to_2_and_653a12_a_the_ante_and_play_1_to_1():
    round_ = holdem_round({1: {"ante": 1000, "blind": 1000, "trips": 500}}, WHEEL_TOP)
    settled = settlements(round_)
    assert settled == {
        (1, "ante"): ("push", 0),
        (1, "blind"): ("pay", 1500),
        (1, "play"): ("pay", 4000),
        (1, "trips"): ("pay", 7 * 500),
    }
    citations = {op.action.arguments.get("spot"): op.action.citation.clause for op in round_.operations}
    assert citations["blind"] == "§653a.12(b)" and citations["play"] == "§653a.12(a)"
    assert citations["ante"] == "Ultimate Texas Hold 'Em dealer qualification"


def test_653a12_b_blind_paytable_b_pushes_a_straight():
    top = "9h Th  2c 7d  3s  Jc Qd 4s  9s  Kc 8d"
    round_ = holdem_round({1: {"ante": 1000, "blind": 1000}}, top, blind_paytable="B")
    assert settlements(round_)[(1, "blind")] == ("push", 0)
    round_ = holdem_round({1: {"ante": 1000, "blind": 1000}}, top)
    assert settlements(round_)[(1, "blind")] == ("pay", 1000)


def test_ultimate_texas_hold_em_dealer_qualification_a_qualifying_dealer_pays_the_ante():
    top = "Ah Ad  Kc 7d  3s  As Jh 4c  9s  5c Kd"
    round_ = holdem_round({1: {"ante": 1000, "blind": 1000}}, top)
    assert settlements(round_) == {(1, "ante"): ("pay", 1000), (1, "blind"): ("push", 0), (1, "play"): ("pay", 4000)}


def test_653a1_check_and_fold_a_player_who_checks_twice_and_folds_loses_ante_and_blind_but_keeps_trips():
    top = "7c 2d  Ac Ad  3s  Kh 9h 4s  9s  6c 6d"
    round_ = holdem_round({2: {"ante": 500, "blind": 500, "trips": 500}}, top)
    settled = settlements(round_)
    decisions = [op.action for op in round_.operations if op.action.step == "make_decision"]
    assert [action.arguments["decision"] for action in decisions] == ["check", "check", "fold"]
    assert [action.citation.clause for action in decisions] == [
        "§653a.1 definition of Check",
        "§653a.1 definition of Check",
        "§653a.1 definition of Fold",
    ]
    assert settled == {(2, "ante"): ("collect", 500), (2, "blind"): ("collect", 500), (2, "trips"): ("collect", 500)}


def test_ultimate_texas_hold_em_play_wager_a_second_play_wager_is_never_asked_for():
    round_ = holdem_round({1: {"ante": 500, "blind": 500}}, WHEEL_TOP)
    round_.play_out()
    decisions = [op.action.arguments for op in round_.operations if op.action.step == "make_decision"]
    assert decisions == [{"seat": 1, "street": "before the flop", "decision": "play", "amount": 2000}]


def test_ultimate_texas_hold_em_play_wager_five_times_the_ante_is_put_right_to_four():
    habits = {1: PlayerHabit.WRONG_AMOUNT}
    round_ = holdem_round({1: {"ante": 500, "blind": 500}}, WHEEL_TOP, habits)
    play_until(round_, "correct_play_wager")
    assert round_.play[1] == 2500 and round_.next_action().arguments == {"seat": 1, "amount": 2000}


def test_ultimate_texas_hold_em_wagers_the_blind_equals_the_ante_and_pays_whole_cents():
    table = CarnivalTable(ULTIMATE_TEXAS_HOLD_EM)
    with pytest.raises(ValueError, match="Blind Wager of the same amount"):
        CarnivalRound(ULTIMATE_TEXAS_HOLD_EM, table, {1: {"ante": 500, "blind": 1000}}, 1)
    with pytest.raises(ValueError, match="whole"):
        CarnivalRound(ULTIMATE_TEXAS_HOLD_EM, table, {1: {"ante": 501, "blind": 501}}, 1)


# ----- replay and what the table shows -----

SEATS = {
    "three": {1: {"ante": 500, "pair_plus": 500}, 3: {"ante": 1000}, 6: {"pair_plus": 200}},
    "holdem": {1: {"ante": 500, "blind": 500, "trips": 500}, 4: {"ante": 1000, "blind": 1000}},
    "ride": {2: dict.fromkeys(("first", "second", "third"), 500), 5: dict.fromkeys(("first", "second", "third"), 100)},
}
GAMES = {"three": THREE_CARD_POKER, "holdem": ULTIMATE_TEXAS_HOLD_EM, "ride": LET_IT_RIDE_POKER}


@pytest.mark.parametrize("kind", sorted(GAMES))
@pytest.mark.parametrize("seed_value", range(6))
def test_a_round_replays_from_its_setup_and_log_to_the_same_state(kind, seed_value):
    game = GAMES[kind]
    round_ = CarnivalRound(game, CarnivalTable(game), SEATS[kind], seed_value)
    round_.play_out()
    saved = json.loads(json.dumps({"setup": round_.setup_json(), "log": [op.to_json() for op in round_.operations]}))
    replayed = CarnivalRound.from_setup_json(saved["setup"])
    for operation in saved["log"]:
        replayed.perform(operation["step"], operation["arguments"])
    assert replayed.state_json() == round_.state_json()
    assert replayed.table_view() == round_.table_view() and replayed.finished


@pytest.mark.parametrize("kind", sorted(GAMES))
@pytest.mark.parametrize("seed_value", range(4))
def test_nothing_hidden_reaches_the_table_view_before_it_is_turned_over(kind, seed_value):
    game = GAMES[kind]
    round_ = CarnivalRound(game, CarnivalTable(game), SEATS[kind], seed_value)
    codes = {str(card) for card in standard_deck()}
    while True:
        shown = json.dumps(round_.table_view())
        visible = set(round_.community) | {card for position in round_.revealed for card in round_.hands[position]}
        hidden = {str(card) for card in round_.deck} - {str(card) for card in visible}
        assert not any(f'"{code}' in shown or f" {code}" in shown for code in hidden & codes)
        action = round_.next_action()
        if action is None:
            break
        round_.perform(action.step, action.arguments)


def test_a_saved_round_of_a_game_that_is_not_a_carnival_game_is_refused():
    setup = CarnivalRound(THREE_CARD_POKER, CarnivalTable(THREE_CARD_POKER), SEATS["three"], 1).setup_json()
    with pytest.raises(ValueError, match="'pai-gow-poker' is not a carnival poker game"):
        CarnivalRound.from_setup_json({**setup, "game": "pai-gow-poker"})


def test_the_demo_narrates_every_step_with_its_clause_and_the_cards_turned_over():
    round_ = three_card_round({1: {"ante": 500}}, "Ks Qd 4c  Jh 9d 3c")
    lines = narrate(round_)
    assert lines[0].startswith("Three Card Poker: paytables pair_plus straight flush 40 to 1")
    assert "1. dealer: deliver 3 cards face down to seat 1 — Three Card Poker deal [Your house procedure]" in lines
    assert "    cards: jack of hearts, nine of diamonds, three of clubs" in lines
    assert lines[-1].endswith("Carnival poker end of round [Your house procedure]")
