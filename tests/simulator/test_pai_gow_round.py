"""The Pai Gow Poker round as the dealer performs it, clause by clause (51 Pa.B. 5607 and the digest's step list)."""

import json
import random
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from simulator.core.cards import pai_gow_deck, parse_cards, spoken_cards
from simulator.core.citations import Provenance
from simulator.core.dice import DiceRoll
from simulator.core.hands import SetHand
from simulator.core.mystery_meter import PaymentSource
from simulator.core.procedure import IllegalOperation
from simulator.core.progressive import JackpotMeter
from simulator.notation import replay_round, save_round
from simulator.pai_gow.demo import DEMO_SEATS, demo_round
from simulator.pai_gow.player_styles import PlayerStyle
from simulator.pai_gow.round import (
    DEALER,
    PaiGowRound,
    Scenario,
    scenario_with_hands,
    seven_card_straight_flush_scenario,
)
from simulator.pai_gow.rules import FoulRule, ShakerType, TableRules
from simulator.table_deals import TableDeal, deal_pai_gow_round

ONE_SEAT = {3: {"pai-gow": 2500, "tiger-9": 500, "sum": 1000, "match-5": 500, "beat-it": 500, "fortune": 500}}


def play_until(round_: PaiGowRound, step: str) -> None:
    """Perform correct steps until ``step`` is next."""
    while (action := round_.next_action()) is not None and action.step != step:
        round_.perform(action.step, action.arguments)
    assert action is not None, f"{step} never came"


def perform_expected(round_: PaiGowRound) -> None:
    """Perform the next correct step."""
    action = round_.next_action()
    assert action is not None
    round_.perform(action.step, action.arguments)


def dealer_tiger_nine_scenario(rules: TableRules) -> Scenario:
    """Dice 6-1-1 (total 8: the dealer's stack first) and a dealer hand whose house-way low hand is 9-8."""
    # One pair: the pair stays high and the two highest other cards, 9 and 8, go low (Foxwoods, one pair).
    return scenario_with_hands(
        {DEALER: parse_cards("9c 8d 5h 5s 4c 3d 2h"), 1: parse_cards("Ah Kh Qd Jc 9s 7h 6c")},
        DiceRoll(6, (1, 1)),
        rules,
    )


def test_645b2_f_no_more_bets_is_announced_before_anything_else():
    round_ = PaiGowRound(TableRules(), ONE_SEAT, 1)
    with pytest.raises(IllegalOperation) as error:
        round_.perform("shake_shaker", {"times": 3})
    assert error.value.code == "out_of_order"
    assert error.value.expected.step == "announce_no_more_bets"
    assert error.value.citation.clause == "§645b.2(f)"
    assert round_.operations == []


def test_645b2_f2_manual_shaker_is_shaken_at_least_three_times():
    round_ = PaiGowRound(TableRules(shaker=ShakerType.MANUAL), ONE_SEAT, 1)
    play_until(round_, "shake_shaker")
    before = len(round_.operations)
    with pytest.raises(IllegalOperation) as error:
        round_.shake_shaker(times=2)
    assert error.value.code == "too_few_shakes"
    assert round_.dice is None and len(round_.operations) == before
    round_.shake_shaker(times=4)
    assert round_.table_view()["dice"] is None, "the dice stay covered until the lid comes off"
    round_.uncover_shaker()
    assert round_.table_view()["dice"] is not None


def test_645b2_f1_the_selected_player_presses_the_shaker_button():
    rules = TableRules(shaker=ShakerType.PLAYER_ACTIVATED)
    round_ = PaiGowRound(
        rules, {2: {"pai-gow": 1000}, 5: {"pai-gow": 1000}}, 1, round_number=1, automations=frozenset()
    )
    play_until(round_, "select_shaker_player")
    with pytest.raises(IllegalOperation):
        round_.select_shaker_player(seat=2)
    round_.select_shaker_player(seat=5)
    assert round_.next_action().actor.value == "player"


def test_645b2_g_dice_are_announced_before_any_settlement():
    round_ = PaiGowRound(TableRules(), ONE_SEAT, 1, scenario=Scenario(dice=DiceRoll(6, (5, 5))))
    play_until(round_, "announce_dice")
    with pytest.raises(IllegalOperation) as error:
        round_.collect_wager(seat=3, spot="sum")
    assert error.value.code == "out_of_order"
    with pytest.raises(IllegalOperation) as error:
        round_.announce_dice(red=5, blue_1=6, blue_2=5)
    assert error.value.code == "wrong_dice", "the red die is announced as red"
    round_.announce_dice(red=6, blue_1=5, blue_2=5)


def test_645b2_g1_sum_paytable_a_total_16_pays_6_to_1_and_a_wrong_amount_changes_nothing():
    # Sum Paytable A: "16 6 to 1". $10 at 6 to 1 is $60.
    round_ = PaiGowRound(TableRules(), ONE_SEAT, 1, scenario=Scenario(dice=DiceRoll(6, (5, 5))))
    play_until(round_, "pay_wager")
    assert round_.next_action().arguments == {"seat": 3, "spot": "sum", "amount": 6000}
    before = len(round_.operations)
    with pytest.raises(IllegalOperation) as error:
        round_.pay_wager(seat=3, spot="sum", amount=5000)
    assert error.value.code == "wrong_amount"
    assert error.value.citation.clause.startswith("§645b.2")
    assert len(round_.operations) == before and (3, "sum") not in round_.settled
    with pytest.raises(IllegalOperation) as error:
        round_.collect_wager(seat=3, spot="sum")
    assert error.value.code == "wrong_settlement"
    round_.pay_wager(seat=3, spot="sum", amount=6000)


def test_645b2_e2_match_on_five_pays_double_match_6_to_1_and_beat_it_red_6_against_10_loses():
    # Dice red 6, blue 5 and 5: two fives, Match on 5 "Double Match 6 to 1" on $5 is $30.
    # Beat It A: the red 6 does not reach the blue sum 10, so it is collected.
    round_ = PaiGowRound(TableRules(), ONE_SEAT, 1, scenario=Scenario(dice=DiceRoll(6, (5, 5))))
    play_until(round_, "pay_wager")
    round_.pay_wager(seat=3, spot="sum", amount=6000)
    assert round_.next_action().arguments == {"seat": 3, "spot": "match-5", "amount": 3000}
    round_.pay_wager(seat=3, spot="match-5", amount=3000)
    assert round_.next_action().step == "collect_wager"
    round_.collect_wager(seat=3, spot="beat-it")


@pytest.mark.parametrize(
    ("total", "dice", "place"), [(8, DiceRoll(6, (1, 1)), DEALER), (15, DiceRoll(5, (5, 5)), DEALER)]
)
def test_621a6_c_totals_8_and_15_give_the_dealer_the_first_stack(total, dice, place):
    round_ = PaiGowRound(TableRules(), {1: {"pai-gow": 1000}}, 1, scenario=Scenario(dice=dice))
    play_until(round_, "find_starting_position")
    assert dice.total == total
    with pytest.raises(IllegalOperation) as error:
        round_.find_starting_position(place=1)
    assert error.value.code == "wrong_starting_position"
    round_.find_starting_position(place=place)
    assert round_.next_action().arguments == {"place": DEALER}


def test_670a10_c_stacks_are_delivered_clockwise_to_every_place_and_empty_seats_are_collected():
    # Total 12 counts to seat 3; clockwise delivery from seat 3: 3, 4, 5, 6, dealer, 1, 2.
    round_ = PaiGowRound(TableRules(), {1: {"pai-gow": 1000}}, 1, scenario=Scenario(dice=DiceRoll(6, (3, 3))))
    play_until(round_, "deliver_stack")
    delivered = []
    while round_.next_action().step == "deliver_stack":
        place = round_.next_action().arguments["place"]
        round_.deliver_stack(place=place)
        delivered.append(place)
    assert delivered == [3, 4, 5, 6, DEALER, 1, 2]
    assert round_.next_action().step == "discard_stub"
    round_.discard_stub()
    assert round_.next_action().step == "collect_empty_stacks"


def test_670a10_c_a_stack_delivered_to_the_dealer_out_of_turn_names_the_dealer_not_place_0():
    round_ = PaiGowRound(TableRules(), {1: {"pai-gow": 1000}}, 1, scenario=Scenario(dice=DiceRoll(6, (3, 3))))
    play_until(round_, "deliver_stack")
    with pytest.raises(IllegalOperation) as error:
        round_.deliver_stack(place=DEALER)
    assert error.value.message == "Place: you chose the dealer; expected: deliver stack 1 to seat 3."
    round_.deliver_stack(place=3)
    with pytest.raises(IllegalOperation) as error:
        round_.deliver_stack(place=6)
    assert error.value.message == "Place: you chose seat 6; expected: deliver stack 2 to seat 4."


def test_645b1_e_the_dealer_reveals_only_after_every_player_has_set():
    round_ = PaiGowRound(TableRules(), {1: {"pai-gow": 1000}, 4: {"pai-gow": 1000}}, 3, automations=frozenset())
    play_until(round_, "set_player_hand")
    with pytest.raises(IllegalOperation) as error:
        round_.reveal_dealer_hand()
    assert error.value.code == "out_of_order"
    assert error.value.expected.step == "set_player_hand"


def test_645a11_c_the_dealer_hand_must_be_set_by_the_house_way():
    # Fives and threes with a 9 high: Foxwoods keeps low two pair together only with a king or ace to play low,
    # so it splits and the lower pair, the threes, goes in the low hand.
    rules = TableRules()
    scenario = scenario_with_hands({DEALER: parse_cards("9c 8d 5h 5s 3c 3d 2h")}, DiceRoll(6, (1, 1)), rules)
    round_ = PaiGowRound(rules, {1: {"pai-gow": 1000}}, 1, scenario=scenario)
    play_until(round_, "set_dealer_hand")
    with pytest.raises(IllegalOperation) as error:
        round_.set_dealer_hand(low="9c 8d")
    assert error.value.code == "not_house_way"
    assert error.value.citation.provenance.value == "house procedure"
    assert "Low hand nine of clubs, eight of diamonds is not the house way" in error.value.message
    assert "by the Foxwoods house way: low hand three of" in error.value.message
    assert round_.dealer_hand is None
    round_.set_dealer_hand(low="3d 3c")
    assert sorted(round_.dealer_hand.low) == sorted(parse_cards("3c 3d"))


def test_645a11_c_a_low_card_the_dealer_was_not_dealt_is_named_in_words_and_changes_nothing():
    rules = TableRules()
    scenario = scenario_with_hands({DEALER: parse_cards("9c 8d 5h 5s 3c 3d 2h")}, DiceRoll(6, (1, 1)), rules)
    round_ = PaiGowRound(rules, {1: {"pai-gow": 1000}}, 1, scenario=scenario)
    play_until(round_, "set_dealer_hand")
    with pytest.raises(IllegalOperation) as error:
        round_.set_dealer_hand(low="Th 3c")
    assert error.value.code == "wrong_cards"
    assert error.value.message.endswith(": The ten of hearts is not one of the dealer's cards.")
    assert round_.dealer_hand is None


SEVEN_OF_CLUBS_OR_DIAMONDS = "9c 7c 7d 6h 5s 4d 3h"
"""Issue 21's dealer hand: a 3-to-7 straight stays high and the 9 goes low with either seven."""


def dealer_hand_deals() -> list[PaiGowRound]:
    """50 seeded training-table deals and the rigged deal of issue 21, each waiting for the dealer's setting."""
    rules = TableRules()
    rigged = scenario_with_hands({DEALER: parse_cards(SEVEN_OF_CLUBS_OR_DIAMONDS)}, DiceRoll(6, (1, 1)), rules)
    deals = [deal_pai_gow_round(TableDeal(rules.to_json(), seed, frozenset())) for seed in range(50)]
    deals.append(PaiGowRound(rules, {1: {"pai-gow": 1000}}, 1, scenario=rigged))
    for round_ in deals:
        play_until(round_, "set_dealer_hand")
    return deals


def test_645a11_c_the_log_names_the_low_hand_the_dealer_set_by_the_house_way_at_50_deals():
    # The house way accepts either of two cards of a rank where the hands come out the same; the log must name the
    # one the dealer set, not the one the engine would have picked (9c 7c set, "seven of diamonds" logged).
    other_suits = 0
    for round_ in dealer_hand_deals():
        offered = round_.next_action().arguments["low"]
        dealt = [str(card) for card in round_.stack_for(DEALER)]
        accepted = [
            " ".join(low) for low in combinations(dealt, 2) if round_.can("set_dealer_hand", {"low": " ".join(low)})
        ]
        low = next((low for low in accepted if set(low.split()) != set(offered.split())), offered)
        other_suits += low != offered
        operation = round_.set_dealer_hand(low)
        assert operation.action.description.endswith(f"low hand {spoken_cards(parse_cards(low))}")
        assert operation.action.arguments == {"low": low} and operation.facts["low"] == low
    assert other_suits >= 2


def test_645b1_f1_a_dealer_tiger_9_pushes_every_pai_gow_wager_and_h_tiger_9_pays_30_to_1():
    # Dealer low hand 9-8 is a Tiger 9: the Pai Gow Poker wager pushes; $5 on Tiger 9 at 30 to 1 is $150.
    rules = TableRules()
    seats = {1: {"pai-gow": 2500, "tiger-9": 500}}
    round_ = PaiGowRound(rules, seats, 1, scenario=dealer_tiger_nine_scenario(rules))
    play_until(round_, "declare_tiger_nine")
    assert sorted(round_.dealer_hand.low) == sorted(parse_cards("9c 8d"))
    with pytest.raises(IllegalOperation) as error:
        round_.declare_tiger_nine(tiger_nine=False)
    assert error.value.code == "wrong_tiger_nine"
    round_.declare_tiger_nine(tiger_nine=True)
    round_.reveal_player_hand(seat=1)
    with pytest.raises(IllegalOperation) as error:
        round_.pay_wager(seat=1, spot="pai-gow", amount=2500)
    assert error.value.code == "wrong_settlement"
    assert error.value.citation.clause == "§645b.1(f)(1)"
    round_.push_wager(seat=1, spot="pai-gow")
    assert round_.next_action().arguments == {"seat": 1, "spot": "tiger-9", "amount": 15000}
    round_.pay_wager(seat=1, spot="tiger-9", amount=15000)


def test_645b1_f2_without_a_tiger_9_the_dealer_collects_the_tiger_9_wager():
    round_ = PaiGowRound(TableRules(), {2: {"pai-gow": 1000, "tiger-9": 500}}, 11)
    play_until(round_, "declare_tiger_nine")
    if round_.next_action().arguments["tiger_nine"]:
        pytest.skip("this seed dealt a Tiger 9")
    play_until(round_, "collect_wager")
    while round_.next_action().arguments.get("spot") != "tiger-9":
        perform_expected(round_)
    assert round_.next_action().step == "collect_wager"


def test_645a13_standard_game_collects_5_percent_commission_on_a_win():
    # $25 standard win pays $25 and the dealer collects 5%: $1.25.
    rules = TableRules(commission_free=False, tiger_nine_offered=False)
    scenario = scenario_with_hands(
        {DEALER: parse_cards("7c 5d 4h 3s 2c Td 9h"), 1: parse_cards("As Ad Kh Kc Qd Jc 9s")},
        DiceRoll(6, (1, 1)),
        rules,
    )
    round_ = PaiGowRound(rules, {1: {"pai-gow": 2500}}, 1, scenario=scenario)
    play_until(round_, "pay_wager")
    round_.pay_wager(seat=1, spot="pai-gow", amount=2500)
    with pytest.raises(IllegalOperation) as error:
        round_.collect_commission(seat=1, amount=100)
    assert error.value.code == "wrong_amount"
    round_.collect_commission(seat=1, amount=125)
    assert round_.chip_movements()[1] == 2500 - 125


def test_645b1_a_commission_free_win_pays_1_to_1_without_commission():
    rules = TableRules()
    scenario = scenario_with_hands(
        {DEALER: parse_cards("7c 5d 4h 3s 2c Td 8h"), 1: parse_cards("As Ad Kh Kc Qd Jc 9s")},
        DiceRoll(6, (1, 1)),
        rules,
    )
    round_ = PaiGowRound(rules, {1: {"pai-gow": 2500}}, 1, scenario=scenario)
    round_.play_out()
    assert round_.settled[(1, "pai-gow")] == ("pay", 2500)
    assert round_.commissions == {}


def fouled_hand_round(rules: TableRules) -> PaiGowRound:
    """Seat 1 sets A-K low and Q-J-9-7-4 high, a foul, against a dealer's seven-high hand."""
    foul = SetHand(parse_cards("9s 7h 4c Jc Qd"), parse_cards("Ah Kh"))
    scenario = scenario_with_hands(
        {DEALER: parse_cards("7c 5d 4h 3s 2c Td 8h"), 1: parse_cards("Ah Kh Qd Jc 9s 7h 4c")},
        DiceRoll(6, (1, 1)),
        rules,
        player_settings={1: foul},
    )
    return PaiGowRound(rules, {1: {"pai-gow": 2500}}, 1, scenario=scenario)


def test_645a11_f_a_fouled_hand_loses_by_default():
    round_ = fouled_hand_round(TableRules())
    play_until(round_, "collect_wager")
    assert round_.next_action().arguments == {"seat": 1, "spot": "pai-gow"}
    assert round_.next_action().citation.provenance.value == "house procedure"


def test_645a11_f_house_option_resets_a_fouled_hand_by_the_house_way():
    round_ = fouled_hand_round(TableRules(foul_rule=FoulRule.RESET_BY_HOUSE_WAY))
    play_until(round_, "reset_fouled_hand")
    round_.reset_fouled_hand(seat=1)
    # Reset (no pair: A-J-9-7-4 high, K-Q low) beats the dealer's house way (T-5-4-3-2 high, 8-7 low): a win.
    assert round_.next_action().step == "pay_wager"


def test_670a10_a2_i_envy_lammers_go_on_fortune_wagers_of_at_least_5_dollars():
    seats = {1: {"pai-gow": 1000, "fortune": 500}, 2: {"pai-gow": 1000, "fortune": 400}, 4: {"pai-gow": 1000}}
    round_ = PaiGowRound(TableRules(), seats, 1)
    round_.announce_no_more_bets()
    with pytest.raises(IllegalOperation) as error:
        round_.place_envy_lammers(seats=[1, 2])
    assert error.value.code == "wrong_lammers"
    round_.place_envy_lammers(seats=[1])
    assert round_.table_view()["seats"]["1"]["lammer"] is True
    assert round_.table_view()["seats"]["2"]["lammer"] is False


def test_645b3_c5_a_mystery_hit_is_paid_in_order_light_validation_payment_reset():
    seats = {2: {"pai-gow": 1000, "progressive": 100}}
    round_ = PaiGowRound(TableRules(), seats, 5, scenario=Scenario(force_mystery_hit=True), automations=frozenset())
    play_until(round_, "add_mystery_contributions")
    round_.add_mystery_contributions()
    assert round_.table_view()["progressive"]["meter"]["lit_seat"] == 2
    play_until(round_, "confirm_mystery_light")
    with pytest.raises(IllegalOperation) as error:
        round_.pay_mystery_bonus(seat=2, amount=10000, source="table inventory")
    assert error.value.code == "out_of_order"
    steps = []
    while not round_.finished:
        steps.append(round_.next_action().step)
        perform_expected(round_)
    assert steps == [
        "confirm_mystery_light",
        "validate_mystery_payout",
        "pay_mystery_bonus",
        "reset_mystery_meter",
        "clear_table",
    ]
    assert round_.mystery.meter.public_view()["display"] == "$100.00"


def test_645a7_wagers_outside_the_rules_are_refused_with_a_clear_error():
    with pytest.raises(ValueError, match="outside the table limits"):
        PaiGowRound(TableRules(), {1: {"pai-gow": 500_000}}, 1)
    with pytest.raises(ValueError, match="Pai Gow Poker wager"):
        PaiGowRound(TableRules(), {1: {"sum": 500}}, 1)
    with pytest.raises(ValueError, match="Commission-free"):
        TableRules(commission_free=False)
    with pytest.raises(ValueError, match="second joker"):
        PaiGowRound(TableRules(), {1: {"pai-gow": 1000}}, 1, scenario=Scenario(deck_top=parse_cards("JK JK")))


def test_unknown_and_malformed_steps_are_refused_and_change_nothing():
    round_ = PaiGowRound(TableRules(), ONE_SEAT, 1)
    for step, arguments, code in [
        ("drop_table", {}, "unknown_step"),
        ("announce_no_more_bets", {"loudly": True}, "malformed_step"),
        ("pay_wager", {"seat": 3}, "malformed_step"),
    ]:
        with pytest.raises(IllegalOperation) as error:
            round_.perform(step, arguments)
        assert error.value.code == code
    assert round_.operations == []


def test_the_demo_round_plays_out_with_all_53_cards_accounted_for():
    round_ = demo_round(7)
    round_.play_out()
    assert round_.finished
    assert round_.operations[-1].facts["cards_accounted_for"] == 53
    assert sorted(map(str, round_.deck)) == sorted(map(str, parse_cards(" ".join(map(str, round_.deck)))))


@settings(max_examples=25, deadline=None)
@given(st.integers(min_value=0, max_value=10**9), st.booleans())
def test_replay_of_the_saved_log_equals_the_live_round(seed_value, force_hit):
    round_ = demo_round(seed_value, force_hit)
    round_.play_out()
    replayed = replay_round(json.loads(json.dumps(save_round(round_))))
    assert replayed.table_view() == round_.table_view()
    assert [op.to_json() for op in replayed.operations] == [op.to_json() for op in round_.operations]
    assert replayed.chip_movements() == round_.chip_movements()


@settings(max_examples=15, deadline=None)
@given(st.integers(min_value=0, max_value=10**9), st.booleans())
def test_the_next_action_worked_out_once_per_state_is_the_one_worked_out_afresh(seed_value, force_hit):
    round_ = demo_round(seed_value, force_hit)
    while True:
        served = round_.next_action()
        assert served == round_._work_out_next_action() == round_.next_action()
        if served is None:
            break
        round_.perform(served.step, served.arguments)


@settings(max_examples=25, deadline=None)
@given(
    st.integers(min_value=0, max_value=10**9),
    st.dictionaries(st.sampled_from([1, 2, 3, 4, 5, 6]), st.sampled_from(list(PlayerStyle)), min_size=1),
    st.sampled_from(list(PaymentSource)),
    st.booleans(),
    st.booleans(),
)
def test_every_reachable_state_has_a_legal_next_step_and_chips_are_conserved(
    seed_value, styles, source, force_hit, force_progressive
):
    rules = TableRules(mystery_payment_source=source)
    seats = {seat: DEMO_SEATS[seat] for seat in styles}
    scenario = Scenario(player_styles=styles, force_mystery_hit=force_hit)
    progressive = [seat for seat in seats if "progressive" in seats[seat]]
    if force_progressive and progressive:
        rng = random.Random(seed_value)
        extra = {"player_styles": styles, "force_mystery_hit": force_hit}
        scenario = seven_card_straight_flush_scenario(min(progressive), rules, rng, **extra)
    round_ = PaiGowRound(rules, seats, seed_value, scenario=scenario, automations=frozenset())
    while (action := round_.next_action()) is not None:
        assert round_.can(action.step, action.arguments)
        round_.perform(action.step, action.arguments)
    settled = set(round_.settled) - {(seat, "envy") for seat in seats}
    assert settled == {(seat, spot) for seat, wagers in seats.items() for spot in wagers if spot != "progressive"}
    assert sum(round_.chip_movements().values()) + round_.table_inventory_change() == round_.jackpot_slips()


@settings(max_examples=25, deadline=None)
@given(st.integers(min_value=0, max_value=10**9))
def test_all_53_cards_are_accounted_for_in_seven_stacks_and_the_stub(seed_value):
    round_ = demo_round(seed_value)
    round_.play_out()
    dealt = [card for place in (DEALER, 1, 2, 3, 4, 5, 6) for card in round_.stack_for(place)] + list(round_.stub)
    assert sorted(dealt) == sorted(pai_gow_deck())
    assert all(len(round_.stack_for(place)) == 7 for place in (DEALER, 1, 2, 3, 4, 5, 6)) and len(round_.stub) == 4


@settings(max_examples=15, deadline=None)
@given(st.integers(min_value=0, max_value=10**9), st.data())
def test_a_wrong_step_never_changes_the_state(seed_value, data):
    round_ = demo_round(seed_value)
    steps = sorted(round_.step_names())
    while not round_.finished:
        before = json.dumps(round_.table_view(), sort_keys=True), len(round_.operations)
        step = data.draw(st.sampled_from(steps))
        arguments = data.draw(
            st.sampled_from([{}, {"seat": 1}, {"seat": 3, "spot": "sum", "amount": 100}, {"place": 0}])
        )
        try:
            round_.perform(step, arguments)
        except IllegalOperation:
            assert (json.dumps(round_.table_view(), sort_keys=True), len(round_.operations)) == before
        if not round_.finished:
            perform_expected(round_)


def test_the_table_view_never_shows_unrevealed_cards_or_future_dice():
    round_ = demo_round(982_451_653)
    dealer_cards = None
    while not round_.finished:
        view = json.dumps(round_.table_view())
        if round_.starting_place is not None:
            dealer_cards = [str(card) for card in round_.stack_for(DEALER)]
        if not round_.dealer_revealed and dealer_cards:
            assert not any(card in view for card in dealer_cards)
        if not round_.dice_visible:
            assert '"dice": null' in view
        assert "hit_value" not in view and "982451653" not in view
        perform_expected(round_)


# ----- the Progressive Payout wager paid on the player's own hand (§645a.7(e)(4), §645a.11(h), §685b.1(h)) -----

SLIP, INVENTORY = "progressive jackpot slip", "table inventory"
SEED_METER = 1_000 * 100
"""The example paytable's meter seeds at 1,000 times the $1 wager."""
RATE = 15
"""Each $1 Progressive Payout wager adds 15%: 15 cents."""
DEALER_TEN_HIGH = "7c 5d 4s 3s 2c Td 8d"


def progressive_round(hands, seats, rules=None, **options):
    """The dealer's stack first (dice 6-1-1, total 8), then the given seats' seven cards in delivery order."""
    rules = rules or TableRules()
    cards = {DEALER: parse_cards(DEALER_TEN_HIGH)} | {seat: parse_cards(text) for seat, text in hands.items()}
    scenario = scenario_with_hands(cards, DiceRoll(6, (1, 1)), rules)
    return PaiGowRound(rules, seats, 1, scenario=scenario, **options)


def raises(round_, step, **arguments):
    before = json.dumps(round_.table_view(), sort_keys=True), len(round_.operations)
    with pytest.raises(IllegalOperation) as error:
        round_.perform(step, arguments)
    assert (json.dumps(round_.table_view(), sort_keys=True), len(round_.operations)) == before
    return error.value


STRAIGHT_FLUSH_SEAT_1 = {1: "9h 8h 7h 6h 5h 4h 3h"}
ONE_PROGRESSIVE = {1: {"pai-gow": 1000, "fortune": 500, "progressive": 100}, 2: {"pai-gow": 1000, "progressive": 100}}


def test_685b1_j_analog_the_system_adds_15_percent_of_each_progressive_wager_to_the_jackpot_meter():
    round_ = progressive_round({}, ONE_PROGRESSIVE, automations=frozenset())
    play_until(round_, "add_mystery_contributions")
    round_.add_mystery_contributions()
    action = round_.next_action()
    assert (action.step, action.actor.value) == ("add_progressive_contributions", "system")
    assert action.citation.provenance is Provenance.HOUSE and "§685b.1(j)" in action.citation.text
    round_.add_progressive_contributions()
    assert round_.progressive_meter.amount == SEED_METER + 2 * RATE
    assert round_.table_view()["progressive"]["jackpot"] == {
        "amount": "100030.00",
        "display": "$1,000.30",
        "lit_seats": [],
    }


def test_645a11_h_685b1_h_progressive_win_is_hand_then_light_then_validation_then_payment():
    round_ = progressive_round(STRAIGHT_FLUSH_SEAT_1, ONE_PROGRESSIVE, automations=frozenset())
    play_until(round_, "confirm_progressive_hand")
    assert set(round_.settled) == {(1, "pai-gow"), (1, "fortune"), (2, "pai-gow")}, "Fortune and Envy come first"
    error = raises(round_, "pay_progressive_win", seat=1, amount=SEED_METER + 2 * RATE, source=SLIP)
    assert (error.code, error.expected.step) == ("out_of_order", "confirm_progressive_hand")
    error = raises(round_, "confirm_progressive_light", seat=1)
    assert (error.code, error.expected.step) == ("out_of_order", "confirm_progressive_hand")
    error = raises(round_, "confirm_progressive_hand", seat=1, hand="straight flush")
    assert error.code == "wrong_hand" and error.expected.arguments["hand"] == "7-card straight flush without joker"
    assert error.citation.clause == "§605a.7" and "§685b.1(h)(1)" in error.citation.note
    round_.confirm_progressive_hand(seat=1, hand="7-card straight flush without joker")
    error = raises(round_, "validate_progressive_payout", seat=1)
    assert (error.code, error.expected.step) == ("out_of_order", "confirm_progressive_light")
    round_.confirm_progressive_light(seat=1)
    error = raises(round_, "pay_progressive_win", seat=1, amount=SEED_METER + 2 * RATE, source=SLIP)
    assert (error.code, error.expected.step, error.expected.actor.value) == (
        "out_of_order",
        "validate_progressive_payout",
        "floorperson",
    )
    round_.validate_progressive_payout(seat=1)
    round_.pay_progressive_win(seat=1, amount=SEED_METER + 2 * RATE, source=SLIP)


def test_685b1_h4_a_100_percent_award_by_jackpot_slip_holds_the_cards_and_resets_the_meter_to_its_seed():
    round_ = progressive_round(STRAIGHT_FLUSH_SEAT_1, ONE_PROGRESSIVE)
    play_until(round_, "pay_progressive_win")
    meter = SEED_METER + 2 * RATE  # 100% of $1,000.30
    error = raises(round_, "pay_progressive_win", seat=1, amount=meter, source=INVENTORY)
    assert error.code == "wrong_payment_source" and error.citation.clause == "§605a.7"
    round_.pay_progressive_win(seat=1, amount=meter, source=SLIP)
    assert round_.progressive_meter.amount == SEED_METER
    play_until(round_, "complete_jackpot_paperwork")
    assert round_.table_view()["cards_held"] == [1] and round_.table_view()["seats"]["1"]["cards_held"] is True
    error = raises(round_, "clear_table")
    assert (error.expected.step, error.expected.actor.value) == ("complete_jackpot_paperwork", "floorperson")
    round_.complete_jackpot_paperwork(seat=1)
    round_.clear_table()
    assert round_.jackpot_slips() == meter and round_.chip_movements()[1] >= meter - 100
    assert sum(round_.chip_movements().values()) + round_.table_inventory_change() == round_.jackpot_slips()


def test_645a13_a_fixed_award_is_paid_from_the_table_inventory_and_holds_no_cards():
    # Four of a kind pays $25 on the $1 wager (the Fortune Bonus 25 to 1 as a fixed amount).
    round_ = progressive_round({1: "Kd 9c 9d 9h 9s 3c 2h"}, ONE_PROGRESSIVE)
    play_until(round_, "pay_progressive_win")
    error = raises(round_, "pay_progressive_win", seat=1, amount=2_500, source=SLIP)
    assert error.code == "wrong_payment_source" and error.citation.provenance.value == "house procedure"
    before = round_.table_inventory_change()
    round_.pay_progressive_win(seat=1, amount=2_500, source=INVENTORY)
    assert round_.table_inventory_change() == before - 2_500
    assert round_.progressive_meter.amount == SEED_METER + 2 * RATE, "a fixed amount leaves the meter"
    round_.play_out()
    assert "complete_jackpot_paperwork" not in [operation.action.step for operation in round_.operations]
    assert round_.jackpot_slips() == 0


def test_685b1_h4_a_second_share_is_priced_after_the_first_is_paid():
    # Reveal order 6 ... 1: seat 2's royal flush plus royal match (10%) is paid before seat 1's 7-card straight flush
    # (100%), which is then 100% of what the 10% award left.
    seats = {seat: {"pai-gow": 1000, "progressive": 100} for seat in (1, 2)}
    round_ = progressive_round(STRAIGHT_FLUSH_SEAT_1 | {2: "As Ks Qs Js Ts Kd Qd"}, seats)
    round_.play_out()
    meter = SEED_METER + 2 * RATE
    first = meter // 10  # 10% of $1,000.30 is $100.03
    paid = [(win.seat, win.hand, win.amount) for win in round_.progressive_wins.paid]
    assert paid == [
        (2, "royal flush plus royal match", first),
        (1, "7-card straight flush without joker", meter - first),
    ]
    assert round_.progressive_meter.amount == SEED_METER


def test_645a7_e4_a_paying_hand_without_a_progressive_wager_wins_nothing():
    round_ = progressive_round(STRAIGHT_FLUSH_SEAT_1, {1: {"pai-gow": 1000}, 2: {"pai-gow": 1000, "progressive": 100}})
    round_.play_out()
    assert round_.progressive_wins.paid == [] and round_.progressive_meter.amount == SEED_METER + RATE


def test_645a7_e4_a_table_without_the_mystery_bonus_still_takes_and_pays_the_progressive_wager():
    round_ = progressive_round(STRAIGHT_FLUSH_SEAT_1, ONE_PROGRESSIVE, rules=TableRules(mystery=None))
    round_.play_out()
    steps = [operation.action.step for operation in round_.operations]
    assert "add_mystery_contributions" not in steps and "drop_progressive_wagers" in steps
    assert round_.progressive_wins.paid[0].amount == SEED_METER + 2 * RATE
    assert round_.table_view()["progressive"]["meter"] is None


def test_a_table_without_the_progressive_paytable_deals_as_before():
    round_ = progressive_round(STRAIGHT_FLUSH_SEAT_1, ONE_PROGRESSIVE, rules=TableRules(progressive_paytable=None))
    round_.play_out()
    steps = {operation.action.step for operation in round_.operations}
    assert not steps & {"add_progressive_contributions", "confirm_progressive_hand", "complete_jackpot_paperwork"}
    assert round_.table_view()["progressive"]["jackpot"] is None and round_.setup_json()["progressive_meter"] is None


def test_the_progressive_meter_carries_over_and_replay_through_notation_is_exact():
    paytable = TableRules().progressive_paytable
    carried = paytable.seeded_meter().add(paytable.contribution(40))  # forty earlier wagers: $1,006.00
    hands = {1: "2h 3d 5c 6s 8c Jh 9c", 2: "As Ks Qs Js Ts Kd Qd"}
    round_ = progressive_round(hands, ONE_PROGRESSIVE, progressive_meter=carried)
    round_.play_out()
    assert round_.progressive_wins.paid[0].amount == (SEED_METER + 42 * RATE) // 10
    replayed = replay_round(json.loads(json.dumps(save_round(round_))))
    assert replayed.table_view() == round_.table_view()
    assert replayed.progressive_meter == round_.progressive_meter
    assert [op.to_json() for op in replayed.operations] == [op.to_json() for op in round_.operations]
    assert replayed.chip_movements() == round_.chip_movements()
    with pytest.raises(ValueError, match="another seed"):
        progressive_round({}, ONE_PROGRESSIVE, progressive_meter=JackpotMeter.seeded(500_000))


def test_685b1_h_table_view_lights_a_win_only_once_its_hand_is_revealed_and_names_it_only_when_paid():
    round_ = progressive_round(STRAIGHT_FLUSH_SEAT_1, ONE_PROGRESSIVE)
    views = []
    while (action := round_.next_action()) is not None and action.step != "pay_progressive_win":
        views.append(round_.table_view())
        round_.perform(action.step, action.arguments)
    lit = [view["seats"]["1"]["progressive_lit"] for view in views]
    first_lit = lit.index(True)
    assert "1" in [
        str(op.action.arguments.get("seat")) for op in round_.operations if op.action.step == "reveal_player_hand"
    ]
    assert views[first_lit - 1]["seats"]["1"]["high"] is None and views[first_lit]["seats"]["1"]["high"] is not None
    assert all(lit[first_lit:]) and views[-1]["progressive"]["jackpot"]["lit_seats"] == [1]
    assert "straight flush" not in json.dumps(views)
    round_.perform(action.step, action.arguments)
    paid = round_.table_view()["seats"]["1"]
    assert paid["progressive_lit"] is False
    assert paid["progressive_paid"] == {
        "hand": "7-card straight flush without joker",
        "amount": 100_030,
        "source": SLIP,
    }


def test_seven_card_straight_flush_scenario_forces_the_top_line_at_a_chosen_seat():
    rules = TableRules()
    for seat in (1, 4, 6):
        scenario = seven_card_straight_flush_scenario(seat, rules, random.Random(seat))
        round_ = PaiGowRound(rules, {seat: {"pai-gow": 1000, "progressive": 100}}, 9, scenario=scenario)
        round_.play_out()
        assert [win.hand for win in round_.progressive_wins.paid] == ["7-card straight flush without joker"]


RULE_VARIANTS = [
    TableRules(),
    TableRules(commission_free=False, tiger_nine_offered=False, shaker=ShakerType.MANUAL),
    TableRules(foul_rule=FoulRule.RESET_BY_HOUSE_WAY),
]


def table_round(rules, seed_value):
    """A round at a training table with these rules and simulated players, every step left to the test."""
    deal = TableDeal(rules.to_json(), seed_value, frozenset(), force_mystery_hit=seed_value % 2 == 0)
    return deal_pai_gow_round(deal)


@pytest.mark.parametrize("rules", RULE_VARIANTS)
def test_645b_every_step_a_round_takes_is_one_its_rules_offer(rules):
    for seed_value in range(20):
        round_ = table_round(rules, seed_value)
        round_.play_out()
        taken = {operation.action.step for operation in round_.operations}
        assert taken <= round_.offered_steps(), taken - round_.offered_steps()


def test_645b2_f2_a_manual_shaker_table_never_asks_for_the_selected_player_and_645a13_takes_commission():
    offered = table_round(RULE_VARIANTS[1], 1).offered_steps()
    assert {"shake_shaker", "uncover_shaker", "collect_commission"} <= offered
    assert not {"select_shaker_player", "press_shaker_button", "declare_tiger_nine"} & offered


def test_645b1_a_a_commission_free_player_activated_table_never_asks_for_commission_or_a_manual_shake():
    offered = table_round(RULE_VARIANTS[0], 1).offered_steps()
    assert {"select_shaker_player", "declare_tiger_nine"} <= offered
    assert not {"collect_commission", "shake_shaker", "uncover_shaker"} & offered


def test_645a11_f_the_table_shows_the_reset_hand_in_place_of_the_fouled_one():
    round_ = fouled_hand_round(TableRules(foul_rule=FoulRule.RESET_BY_HOUSE_WAY))
    play_until(round_, "reset_fouled_hand")
    fouled = round_.table_view()["seats"]["1"]
    assert (fouled["high"], fouled["low"], fouled["reset"]) == ("9s 7h 4c Jc Qd", "Ah Kh", False)
    round_.reset_fouled_hand(seat=1)
    reset = round_.table_view()["seats"]["1"]
    # By the house way: no pair, the second and third highest cards (K-Q) low, A-J-9-7-4 high.
    assert sorted(reset["high"].split()) == sorted(["Ah", "Jc", "9s", "7h", "4c"])
    assert sorted(reset["low"].split()) == ["Kh", "Qd"]
    assert reset["reset"] is True
