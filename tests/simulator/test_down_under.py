"""The Down Under Blackjack round with Match the Dealer: §685b.1(d)–(h) and the §685a.7(e) deal."""

import json
from collections import Counter
from collections.abc import Mapping

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from simulator.blackjack.arithmetic import BlackjackPays
from simulator.blackjack.match_the_dealer import MatchMeter
from simulator.blackjack.round import DownUnderRound, blackjack_result, blackjack_total, demo_down_under
from simulator.blackjack.table import DownUnderTable, SeatWagers
from simulator.core.cards import Card, parse_cards, shoe
from simulator.core.procedure import Actor, IllegalOperation
from simulator.notation import replay_round, save_round

SLIP = "progressive jackpot slip"
INVENTORY = "table inventory"


def stack(first: Mapping[int, str], upcard: str, second: Mapping[int, str], hole: str = "2c") -> tuple[Card, ...]:
    """The cards after the burn card in §685a.7(e) order: first cards by seat, upcard, second cards, hole card."""
    order = [first[seat] for seat in sorted(first)] + [upcard] + [second[seat] for seat in sorted(second)] + [hole]
    return parse_cards(" ".join(order))


def round_with(
    seats: Mapping[int, SeatWagers],
    top: tuple[Card, ...] = (),
    table: DownUnderTable | None = None,
    meter: MatchMeter | None = None,
    seed_value: int = 3,
) -> DownUnderRound:
    return DownUnderRound(table or DownUnderTable(), seats, seed_value, meter=meter, shoe_top=top)


def play_until(round_: DownUnderRound, step: str) -> None:
    """Perform the correct steps until ``step`` is next."""
    action = round_.next_action()
    while action is not None and action.step != step:
        round_.perform(action.step, action.arguments)
        action = round_.next_action()
    assert action is not None, f"{step} never came"


def raises(round_: DownUnderRound, step: str, **arguments: object) -> IllegalOperation:
    before = round_.state_json()
    with pytest.raises(IllegalOperation) as error:
        round_.perform(step, arguments)
    assert round_.state_json() == before
    return error.value


# --- wagers: §685a.6(d), §685b.1(b), (e) --------------------------------------------------------------


def test_685b1_e_match_the_dealer_only_with_a_down_under_blackjack_wager() -> None:
    with pytest.raises(ValueError):
        round_with({1: SeatWagers(0, 100)})


@pytest.mark.parametrize("match_wager", [200, 500, 1000])
def test_685b1_e_match_the_dealer_wager_is_the_tables_one_amount(match_wager: int) -> None:
    with pytest.raises(ValueError):
        round_with({1: SeatWagers(1000, match_wager)})  # the default table offers $1


def test_685b1_b_e_table_refuses_other_decks_and_amounts() -> None:
    for options in ({"decks": 7}, {"paytable": 11}, {"match_wager": 200}):
        with pytest.raises(ValueError):
            DownUnderTable(**options)  # type: ignore[arg-type]


def test_seats_are_numbered_1_to_6_from_the_dealers_left() -> None:
    with pytest.raises(ValueError):
        round_with({7: SeatWagers(1000)})


# --- §685b.1(d)(2), (f): "No more bets", lock-out, collect, count, drop ------------------------------


def test_685b1_f_no_more_bets_comes_before_the_lock_out() -> None:
    round_ = round_with({1: SeatWagers(1000, 100)})
    error = raises(round_, "lock_out_progressive_wagers")
    assert error.code == "out_of_order"
    assert error.expected is not None and error.expected.step == "announce_no_more_bets"
    assert error.citation.clause == "§685b.1(f)"


def test_685b1_f_chip_count_must_equal_the_wagers_the_system_accepted() -> None:
    round_ = round_with({1: SeatWagers(1000, 100), 3: SeatWagers(1000, 100), 4: SeatWagers(1000)})
    play_until(round_, "count_progressive_chips")
    error = raises(round_, "count_progressive_chips", count=3)
    assert error.code == "wrong_chip_count"
    assert error.expected is not None and error.expected.arguments == {"count": 2}


def test_685b1_f_j_dropped_wagers_feed_the_meter_15_percent_and_the_reserve_6_percent() -> None:
    round_ = round_with({1: SeatWagers(1000, 500), 2: SeatWagers(1000, 500)}, table=DownUnderTable(match_wager=500))
    play_until(round_, "burn_card")
    assert round_.meter.amount == 500_000 + 2 * 75
    assert round_.meter.reserve == 2 * 30
    assert round_.table_inventory_change == 2 * 500


def test_685b1_f_a_table_without_match_wagers_still_locks_out_then_deals() -> None:
    round_ = round_with({2: SeatWagers(1000)})
    steps = [operation.action.step for operation in round_.play_out()]
    assert steps[:3] == ["announce_no_more_bets", "lock_out_progressive_wagers", "burn_card"]


# --- §685a.7(e): the deal ------------------------------------------------------------------------------


def test_685a7_e_deal_starts_at_the_dealers_far_left_upcard_then_second_cards_then_hole_card() -> None:
    round_ = round_with({6: SeatWagers(1000, 100), 1: SeatWagers(1000), 3: SeatWagers(1000, 100)})
    round_.play_out()
    dealt = [
        operation.action.arguments["position"]
        for operation in round_.operations
        if operation.action.step == "deal_card"
    ]
    boxes = ["seat 1", "seat 3", "seat 6"]
    assert dealt == [*boxes, "dealer", *boxes, "dealer"]


def test_685a7_e_a_card_to_the_wrong_box_is_refused_with_the_expected_one() -> None:
    round_ = round_with({2: SeatWagers(1000, 100), 5: SeatWagers(1000)})
    play_until(round_, "deal_card")
    error = raises(round_, "deal_card", position="seat 5")
    assert error.code == "wrong_position"
    assert error.expected is not None and error.expected.arguments == {"position": "seat 2"}


def test_685a7_e4_hole_card_is_dealt_face_down_and_not_logged() -> None:
    round_ = round_with({1: SeatWagers(1000, 100)}, stack({1: "3c"}, "9d", {1: "4c"}, hole="Ks"))
    play_until(round_, "settle_losing_match_wager")
    hole = round_.operations[-1]
    assert "face down" in hole.action.description
    assert "card" not in hole.facts
    assert [str(card) for card in round_.dealer_cards] == ["9d", "Ks"]


# --- §685b.1(g): settle before any further card --------------------------------------------------------


def test_685b1_g_match_the_dealer_settles_before_any_further_card() -> None:
    round_ = round_with(
        {1: SeatWagers(1000, 100), 2: SeatWagers(1000, 100)}, stack({1: "9h", 2: "2c"}, "9h", {1: "3c", 2: "4d"})
    )
    play_until(round_, "settle_losing_match_wager")
    drawn = round_.drawn
    for step in ("complete_blackjack_hand", "deal_card", "pick_up_cards"):
        arguments = {"position": "seat 1"} if step == "deal_card" else {}
        error = raises(round_, step, **arguments)
        assert error.code == "out_of_order"
        assert error.citation.clause == "§685b.1(g)(1)"
    assert round_.drawn == drawn


def test_685b1_g1_losing_wagers_first_seat_by_seat_then_the_wins() -> None:
    round_ = round_with(
        {1: SeatWagers(1000, 100), 2: SeatWagers(1000, 100), 3: SeatWagers(1000, 100)},
        stack({1: "9h", 2: "2c", 3: "5d"}, "9h", {1: "3c", 2: "4d", 3: "6s"}),
    )
    play_until(round_, "settle_losing_match_wager")
    error = raises(round_, "settle_losing_match_wager", seat=3)
    assert error.code == "wrong_seat"
    assert round_.can("settle_losing_match_wager", {"seat": 2}) and not round_.can(
        "settle_losing_match_wager", {"seat": 3}
    )
    round_.settle_losing_match_wager(2)
    round_.settle_losing_match_wager(3)
    following = round_.next_action()
    assert following is not None and following.step == "confirm_progressive_hand"


def test_685b1_g1_the_losing_wager_names_the_upcard_in_words_as_the_felt_and_the_log_do() -> None:
    round_ = round_with(
        {1: SeatWagers(1000, 100), 2: SeatWagers(1000, 100)}, stack({1: "9h", 2: "2c"}, "Td", {1: "3c", 2: "4d"})
    )
    play_until(round_, "settle_losing_match_wager")
    action = round_.next_action()
    assert action is not None and "the upcard, the ten of diamonds:" in action.description
    assert round_.settle_losing_match_wager(1).action.description == action.description


# --- §685b.1(h): a win ---------------------------------------------------------------------------------


def test_685b1_h_win_is_hand_then_light_then_floorperson_then_payment() -> None:
    round_ = round_with({4: SeatWagers(1000, 100)}, stack({4: "7c"}, "7c", {4: "Kd"}))  # one suited match
    play_until(round_, "confirm_progressive_hand")
    error = raises(round_, "pay_progressive_win", seat=4, amount=1000, source=INVENTORY)
    assert error.expected is not None and error.expected.step == "confirm_progressive_hand"
    round_.confirm_progressive_hand(4, "one suited match")
    round_.confirm_progressive_light(4)
    validation = round_.next_action()
    assert validation is not None and (validation.step, validation.actor) == (
        "validate_progressive_payout",
        Actor.FLOORPERSON,
    )
    round_.validate_progressive_payout(4)
    round_.pay_progressive_win(4, 10 * 100, INVENTORY)  # Paytable 1, 6 decks: 1 Suited Match 10 to 1


def test_685b1_a_a_wrong_combination_is_refused_citing_the_expected_combination() -> None:
    round_ = round_with({4: SeatWagers(1000, 100)}, stack({4: "7c"}, "7c", {4: "7d"}))
    play_until(round_, "confirm_progressive_hand")
    error = raises(round_, "confirm_progressive_hand", seat=4, hand="one suited match")
    assert error.code == "wrong_hand"
    assert error.expected is not None
    assert error.expected.arguments["hand"] == "one non-suited match and one suited match"
    assert error.citation.clause == "§685b.1(a)(3)"


def test_685b1_h4_a_wrong_amount_is_refused_with_the_expected_one() -> None:
    round_ = round_with({4: SeatWagers(1000, 100)}, stack({4: "7c"}, "7c", {4: "7d"}))
    play_until(round_, "pay_progressive_win")
    error = raises(round_, "pay_progressive_win", seat=4, amount=1000, source=INVENTORY)
    assert error.code == "wrong_amount"
    assert error.expected is not None and error.expected.arguments["amount"] == 12 * 100  # 12 to 1


@pytest.mark.parametrize("wager", [100, 500])
def test_685b1_i_fixed_odds_paid_from_inventory_at_wager_times_odds(wager: int) -> None:
    # 6 decks, Paytable 4: 1 Non-Suited and 1 Suited 75 to 1, 1 Suited 4 to 1, 2 Non-Suited 15 to 1,
    # 1 Non-Suited 3 to 1.
    seats = {seat: SeatWagers(1000, wager) for seat in (1, 2, 3, 4)}
    top = stack({1: "Jh", 2: "Jh", 3: "Jc", 4: "Js"}, "Jh", {1: "Jd", 2: "2c", 3: "Jd", 4: "5c"})
    round_ = round_with(seats, top, DownUnderTable(paytable=4, match_wager=wager))
    round_.play_out()
    paid = {win.seat: win.amount for win in round_.progressive_wins.paid}
    assert paid == {1: 75 * wager, 2: 4 * wager, 3: 15 * wager, 4: 3 * wager}
    assert round_.jackpot_slips == 0
    assert round_.paid_from_inventory == (75 + 4 + 15 + 3) * wager


@pytest.mark.parametrize("wager", [100, 500])
def test_685b1_h4_ace_of_spades_pays_100_percent_by_slip_and_resets_the_meter(wager: int) -> None:
    table = DownUnderTable(match_wager=wager)
    round_ = round_with({2: SeatWagers(1000, wager)}, stack({2: "As"}, "As", {2: "As"}), table)
    play_until(round_, "pay_progressive_win")
    meter = 1_000 * wager + wager * 15 // 100  # the seed plus this wager's 15%
    error = raises(round_, "pay_progressive_win", seat=2, amount=meter, source=INVENTORY)
    assert error.code == "wrong_payment_source"
    assert error.citation.clause == "§685b.1(h)(4)"
    round_.pay_progressive_win(2, meter, SLIP)
    assert round_.meter.amount == 1_000 * wager + wager * 6 // 100  # the seed plus the 6% reserve
    assert round_.jackpot_slips == meter


def test_685b1_h4_two_10_percent_awards_in_one_round_are_priced_in_seat_order() -> None:
    seats = {1: SeatWagers(1000, 100), 2: SeatWagers(1000, 100)}
    round_ = round_with(seats, stack({1: "Kh", 2: "Kh"}, "Kh", {1: "Kh", 2: "Kh"}))
    round_.play_out()
    meter = 100_000 + 2 * 15
    first = meter // 10  # 10% of $1,000.30 is $100.03
    second = (meter - first) // 10  # 10% of $900.27 is $90.027, rounded down
    assert [(win.seat, win.amount) for win in round_.progressive_wins.paid] == [(1, first), (2, second)]
    assert round_.meter.amount == meter - first - second


def test_685b1_h4_cards_stay_on_the_table_until_the_paperwork_is_complete() -> None:
    round_ = round_with({3: SeatWagers(1000, 100)}, stack({3: "Qd"}, "Qd", {3: "Qd"}))
    play_until(round_, "complete_jackpot_paperwork")
    assert round_.cards_held() == [3]
    error = raises(round_, "pick_up_cards")
    assert error.expected is not None and error.expected.step == "complete_jackpot_paperwork"
    assert error.expected.actor is Actor.FLOORPERSON
    assert error.citation.clause == "§685b.1(h)(4)"
    round_.complete_jackpot_paperwork(3)
    round_.pick_up_cards()
    assert round_.finished


# --- the automated hand, replay, the shoe, the demo ----------------------------------------------------


def test_automated_hand_two_card_21_pays_3_to_2_and_pushes_a_dealer_21() -> None:
    pays = BlackjackPays.THREE_TO_TWO
    assert blackjack_result(parse_cards("AsKd"), parse_cards("9c8c"), 1000, pays) == ("blackjack", 1500)
    assert blackjack_result(parse_cards("AsKd"), parse_cards("AcQc"), 1000, pays) == ("push", 0)
    assert blackjack_result(parse_cards("Ts9s5c"), parse_cards("9c8c"), 1000, pays) == ("lose", -1000)


def test_blackjack_pays_6_to_5_in_the_automated_hand() -> None:
    # 6 to 5 on $10: $12.00.
    assert blackjack_result(parse_cards("AsKd"), parse_cards("9c8c"), 1000, BlackjackPays.SIX_TO_FIVE) == (
        "blackjack",
        1200,
    )


def test_round_serialises_and_replays_to_the_same_state() -> None:
    seats = {1: SeatWagers(2000, 500), 3: SeatWagers(1000, 500), 5: SeatWagers(3000)}
    meter = MatchMeter.seeded(500).add_wagers(40)
    round_ = round_with(
        seats,
        stack({1: "As", 3: "2h", 5: "9c"}, "As", {1: "As", 3: "Ad", 5: "9d"}),
        DownUnderTable(match_wager=500),
        meter,
    )
    round_.play_out()
    saved = json.loads(json.dumps(save_round(round_)))
    replayed = replay_round(saved)
    assert isinstance(replayed, DownUnderRound)
    assert replayed.state_json() == round_.state_json()


@settings(max_examples=25, deadline=None)
@given(
    seed_value=st.integers(0, 2**32),
    decks=st.sampled_from([6, 8]),
    seats=st.sets(st.integers(1, 6), min_size=1),
    top=st.lists(st.sampled_from(shoe(1)), max_size=6),
)
def test_every_card_of_the_shoe_is_accounted_for(seed_value: int, decks: int, seats: set[int], top: list[Card]) -> None:
    wagers = {seat: SeatWagers(1000, 100 if seat % 2 else 0) for seat in seats}
    round_ = round_with(wagers, tuple(top), DownUnderTable(decks=decks), seed_value=seed_value)
    round_.play_out()
    assert round_.cards_accounted_for() == Counter(shoe(decks))
    assert round_.finished


def test_demo_with_a_forced_hit_narrates_the_percentage_procedure() -> None:
    lines = demo_down_under(11, forced_hit=True)
    text = "\n".join(lines)
    assert "two suited match, aces of spades" in text
    assert SLIP in text and "complete the jackpot paperwork for seat 2" in text
    assert demo_down_under(11, forced_hit=True) == lines
    assert "jackpot slips $0.00" in demo_down_under(11, forced_hit=False)[-1]


# --- table_view(): what the trainee's browser may be sent -----------------------------------------------


def views_until(round_: DownUnderRound, step: str | None) -> list[dict[str, object]]:
    """The table view before the first step and after every correct step until ``step`` is next (None: the end)."""
    views = [round_.table_view()]
    action = round_.next_action()
    while action is not None and action.step != step:
        round_.perform(action.step, action.arguments)
        views.append(round_.table_view())
        action = round_.next_action()
    return views


def test_685a7_e4_view_hides_the_shoe_and_the_hole_card_until_the_dealer_turns_it() -> None:
    seats = {1: SeatWagers(1000, 100), 4: SeatWagers(2000, 100)}
    # Same cards dealt face up, different hole cards and different shoes behind them.
    first = round_with(seats, stack({1: "3c", 4: "Th"}, "9d", {1: "4c", 4: "9s"}, hole="Ks"), seed_value=1)
    second = round_with(seats, stack({1: "3c", 4: "Th"}, "9d", {1: "4c", 4: "9s"}, hole="2h"), seed_value=2)
    views = views_until(first, "complete_blackjack_hand")
    assert views == views_until(second, "complete_blackjack_hand")
    dealer = views[-1]["dealer"]
    assert dealer == {"cards": "9d", "hole_card_down": True, "total": None, "draws": False, "stands": False}
    assert views[-1]["seats"]["4"]["cards"] == "Th 9s"
    assert first.burned != second.burned, "the shoes differ from the burn card on"
    assert all(view["burned"] is (index >= 7) for index, view in enumerate(views))
    assert "Ks" not in json.dumps(views)
    first.play_out()
    turned = first.table_view()["dealer"]
    assert turned["cards"].startswith("9d Ks") and turned["hole_card_down"] is False
    assert turned["total"] == blackjack_total(first.dealer_cards)


def test_685b1_h_view_lights_a_win_without_naming_it_until_it_is_paid() -> None:
    seats = {2: SeatWagers(1000, 100), 5: SeatWagers(1000, 100)}
    round_ = round_with(seats, stack({2: "7c", 5: "2d"}, "7c", {2: "Kd", 5: "3h"}))  # seat 2: one suited match
    views = views_until(round_, "pay_progressive_win")
    waiting = views[-1]
    assert waiting["progressive"]["lit_seats"] == [2] and waiting["seats"]["2"]["lit"] is True
    assert waiting["seats"]["2"]["match"] == {"status": "in play"}
    assert waiting["seats"]["5"]["match"] == {"status": "lost"}
    assert "one suited match" not in json.dumps(views)
    round_.pay_progressive_win(2, 10 * 100, INVENTORY)  # Paytable 1, 6 decks: 1 Suited Match 10 to 1
    paid = round_.table_view()["seats"]["2"]
    assert paid["lit"] is False
    assert paid["match"] == {
        "status": "paid",
        "combination": "one suited match",
        "amount": 1000,
        "source": INVENTORY,
    }


def test_685b1_h4_j_view_shows_the_meter_and_held_cards_never_the_reserve() -> None:
    round_ = round_with({3: SeatWagers(1000, 100)}, stack({3: "Qd"}, "Qd", {3: "Qd"}))
    views = views_until(round_, "complete_jackpot_paperwork")
    assert views[0]["progressive"]["meter"] == {"wager": 100, "amount": "100000", "display": "$1,000.00"}
    held = views[-1]
    assert held["cards_held"] == [3] and held["seats"]["3"]["cards_held"] is True
    assert held["seats"]["3"]["match"]["source"] == SLIP
    reserve = str(round_.meter.reserve)
    assert all("reserve" not in json.dumps(view) and f'"{reserve}"' not in json.dumps(view) for view in views)
    round_.complete_jackpot_paperwork(3)
    assert round_.table_view()["cards_held"] == []
