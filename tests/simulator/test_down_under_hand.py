"""The Down Under Blackjack hand dealt by the trainee: the house procedures after §685a.7(e)(4), cited as such."""

import json
from collections import Counter
from collections.abc import Mapping

import pytest

from simulator.blackjack.arithmetic import (
    BlackjackPays,
    BlackjackStyle,
    DealerDrawing,
    Decision,
    DoubleDownOn,
    blackjack_total,
)
from simulator.blackjack.hand import HAND_STEPS
from simulator.blackjack.round import DownUnderRound
from simulator.blackjack.table import DownUnderTable, SeatWagers, TraineeDeals
from simulator.core.cards import Card, parse_cards, shoe
from simulator.core.citations import Provenance
from simulator.core.procedure import IllegalOperation
from simulator.core.rules import RulesError
from simulator.table_deals import DOWN_UNDER_AUTOMATIONS, TableDeal, deal_down_under_round

WHOLE_ROUND = DownUnderTable(trainee_deals=TraineeDeals.WHOLE_ROUND)


def stack(first: Mapping[int, str], upcard: str, second: Mapping[int, str], hole: str, *after: str) -> tuple[Card, ...]:
    """The cards after the burn card: §685a.7(e) order, then the cards the hand draws."""
    order = [first[seat] for seat in sorted(first)] + [upcard] + [second[seat] for seat in sorted(second)] + [hole]
    return parse_cards(" ".join([*order, *after]))


def whole_round(
    seats: Mapping[int, SeatWagers],
    top: tuple[Card, ...],
    table: DownUnderTable = WHOLE_ROUND,
    styles: Mapping[int, BlackjackStyle] | None = None,
    seed_value: int = 3,
) -> DownUnderRound:
    return DownUnderRound(table, seats, seed_value, shoe_top=top, styles=styles)


def play_until(round_: DownUnderRound, step: str, **arguments: object) -> None:
    """Perform the correct steps until ``step`` (with these arguments, if given) is next."""
    action = round_.next_action()
    while action is not None and not (
        action.step == step and all(action.arguments.get(name) == value for name, value in arguments.items())
    ):
        round_.perform(action.step, action.arguments)
        action = round_.next_action()
    assert action is not None, f"{step} {arguments} never came"


def raises(round_: DownUnderRound, step: str, **arguments: object) -> IllegalOperation:
    before = round_.state_json()
    with pytest.raises(IllegalOperation) as error:
        round_.perform(step, arguments)
    assert round_.state_json() == before
    return error.value


def settled(round_: DownUnderRound) -> dict[str, tuple[str, int]]:
    round_.play_out()
    return {position: (result.value, net) for position, (result, net) in round_.hand_results.items()}


# --- the table's mode: option trainee_deals -------------------------------------------------------------------


def test_trainee_deals_defaults_to_the_match_the_dealer_procedure_with_the_hand_automated() -> None:
    table = DownUnderTable()
    assert table.trainee_deals is TraineeDeals.MATCH_THE_DEALER
    round_ = DownUnderRound(table, {1: SeatWagers(1000)}, 3)
    assert not round_.offered_steps() & HAND_STEPS
    steps = [operation.action.step for operation in round_.play_out()]
    assert "complete_blackjack_hand" in steps and not set(steps) & HAND_STEPS


def test_trainee_deals_the_whole_round_offers_the_hand_and_not_the_automated_one() -> None:
    round_ = DownUnderRound(WHOLE_ROUND, {1: SeatWagers(1000)}, 3)
    assert "complete_blackjack_hand" not in round_.offered_steps()
    assert round_.offered_steps() >= HAND_STEPS
    steps = [operation.action.step for operation in round_.play_out()]
    assert "complete_blackjack_hand" not in steps and "turn_hole_card" in steps


def test_trainee_deals_option_reads_from_json_and_is_listed_among_the_house_options() -> None:
    table = DownUnderTable.from_json({"trainee_deals": "the whole round", "dealer_drawing": "hits soft 17"})
    assert (table.trainee_deals, table.dealer_drawing) == (TraineeDeals.WHOLE_ROUND, DealerDrawing.HITS_SOFT_17)
    house = {option.name: option for option in table.house_options()}
    assert house["trainee_deals"].value == "the whole round"
    assert house["trainee_deals"].default == "the Match the Dealer procedure"
    assert "the blackjack hand" not in house and "player options" in house


# --- §685b.1(g): the hand comes after the Match the Dealer settlement -------------------------------------------


def test_685b1_g_the_hand_starts_only_after_every_match_the_dealer_wager_is_settled() -> None:
    top = stack({1: "7c", 2: "9d"}, "Kh", {1: "Qs", 2: "8d"}, "2c")
    round_ = whole_round({1: SeatWagers(1000, 100), 2: SeatWagers(1000, 100)}, top)
    play_until(round_, "signal_decision")
    assert round_.losing_seats_settled == [1, 2]


# --- the players' signals and the dealer confirming them ----------------------------------------------------------


def test_signals_a_player_decides_in_turn_from_seat_1() -> None:
    top = stack({1: "Ts", 3: "9d"}, "6h", {1: "Qs", 3: "9c"}, "Tc")
    round_ = whole_round({1: SeatWagers(1000), 3: SeatWagers(1000)}, top)
    play_until(round_, "signal_decision")
    action = round_.next_action()
    assert action is not None and action.arguments == {"position": "seat 1"}
    assert action.citation.clause == "Down Under Blackjack signals"


def test_confirming_a_hit_on_a_hard_17_is_asked_before_the_card() -> None:
    top = stack({1: "Ts"}, "6h", {1: "7d"}, "Tc", "5s")
    round_ = whole_round({1: SeatWagers(1000)}, top, styles={1: BlackjackStyle.HUNCH})
    play_until(round_, "confirm_decision")
    error = raises(round_, "deal_card", position="seat 1")
    assert error.code == "out_of_order"
    assert error.citation.clause == "Down Under Blackjack confirming a signal"
    round_.perform("confirm_decision", {"position": "seat 1"})
    assert round_.operations[-1].facts == {"decision": "hit"}
    assert round_.table_view()["seats"]["1"]["signal"]["decision"] == "hit"  # type: ignore[index]


def test_confirming_an_unclear_signal_shows_no_decision_until_the_player_says_it() -> None:
    for seed_value in range(60):
        round_ = DownUnderRound(WHOLE_ROUND, {1: SeatWagers(1000), 2: SeatWagers(1000)}, seed_value)
        for operation in round_.play_out():
            if operation.action.step == "signal_decision" and "decision" not in operation.facts:
                break
        else:
            continue
        replay = DownUnderRound.from_setup_json(round_.setup_json())
        for done in round_.operations[: operation.number]:
            replay.perform(done.action.step, done.action.arguments)
        position = str(operation.action.arguments["position"])
        seat = replay.table_view()["seats"][position.split()[1]]
        assert seat is not None
        signals = [seat["signal"], (seat["split"] or {}).get("signal")]
        assert any(signal and signal["decision"] is None for signal in signals)
        next_action = replay.next_action()
        assert next_action is not None and next_action.step == "confirm_decision"
        return
    pytest.fail("no unclear signal in 60 rounds")


# --- player options: hit, stand, double, split --------------------------------------------------------------------


def test_player_options_a_double_takes_one_card_and_a_win_pays_both_wagers_1_to_1() -> None:
    top = stack({1: "6c"}, "6d", {1: "5h"}, "Tc", "9s", "8d")
    round_ = whole_round({1: SeatWagers(1000)}, top)
    assert settled(round_) == {"seat 1": ("win", 2 * 1000)}  # 20 against the dealer's 24: 1 to 1 on 2 × $10
    assert round_.cards_at("seat 1") == list(parse_cards("6c 5h 9s"))
    assert round_.table_view()["seats"]["1"]["doubled"]  # type: ignore[index]


def test_player_options_a_split_pair_plays_two_hands_and_a_split_21_is_no_blackjack() -> None:
    top = stack({1: "8s"}, "6d", {1: "8d"}, "Tc", "3h", "Ks", "9h", "Qd")
    round_ = whole_round({1: SeatWagers(1000)}, top)
    play_until(round_, "split_pair")
    round_.perform("split_pair", {"seat": 1})
    assert round_.hand_positions() == ["seat 1", "seat 1 split"]
    # Each hand gets its second card in turn: 8 3 hits (a split hand may not double) to 8 3 K, 21; 8 9 stands. The
    # dealer's 16 draws the Q and busts: each hand wins 1 to 1 on its own $10 wager; the 21 is no blackjack.
    assert settled(round_) == {"seat 1": ("win", 1000), "seat 1 split": ("win", 1000)}


def test_player_options_split_aces_take_one_card_each_and_a_21_pays_1_to_1() -> None:
    top = stack({1: "As"}, "6d", {1: "Ad"}, "Tc", "Kh", "9s", "Ts")
    round_ = whole_round({1: SeatWagers(1000)}, top)
    results = settled(round_)
    assert round_.cards_at("seat 1") == list(parse_cards("As Kh"))
    assert round_.cards_at("seat 1 split") == list(parse_cards("Ad 9s"))
    # The dealer's 16 draws the T and busts: each hand wins 1 to 1, the 21 no blackjack.
    assert results == {"seat 1": ("win", 1000), "seat 1 split": ("win", 1000)}


def test_player_options_no_double_after_a_split() -> None:
    top = stack({1: "8s"}, "6d", {1: "8d"}, "Tc", "3h")
    round_ = whole_round({1: SeatWagers(1000)}, top)
    play_until(round_, "split_pair")
    round_.perform("split_pair", {"seat": 1})
    round_.perform("deal_card", {"position": "seat 1"})
    assert "double" not in round_.allowed_decisions("seat 1")


# --- option double_down_on: any two cards (the default), 9 to 11 only, 10 or 11 only ---------------------------------

DOUBLE_DOWN_CLAUSE = "Down Under Blackjack double down, option double_down_on"


def test_double_down_on_reads_from_json_defaults_to_any_two_cards_and_is_a_house_option() -> None:
    assert DownUnderTable.from_json({}).double_down_on is DoubleDownOn.ANY_TWO_CARDS
    table = DownUnderTable.from_json({"double_down_on": "10 or 11 only"})
    assert table.double_down_on is DoubleDownOn.TEN_OR_ELEVEN
    with pytest.raises(RulesError) as refused:
        DownUnderTable.from_json({"double_down_on": "any three cards"})
    assert set(refused.value.errors) == {"double_down_on"}
    option = {option.name: option for option in table.house_options()}["double_down_on"]
    assert (option.value, option.default, option.title) == ("10 or 11 only", "any two cards", "Double down on")
    assert option.citation.clause == DOUBLE_DOWN_CLAUSE and option.citation.provenance is Provenance.HOUSE


@pytest.mark.parametrize(
    ("cards", "rule", "decision"),
    [
        # A basic strategy doubles 9 against a 5, soft 17 against a 5 and 11 against a 5; where the table does not
        # allow the double, it hits instead.
        ("5h 4c", DoubleDownOn.ANY_TWO_CARDS, "double"),
        ("5h 4c", DoubleDownOn.NINE_TO_ELEVEN, "double"),
        ("5h 4c", DoubleDownOn.TEN_OR_ELEVEN, "hit"),
        ("Ah 6c", DoubleDownOn.ANY_TWO_CARDS, "double"),
        ("Ah 6c", DoubleDownOn.NINE_TO_ELEVEN, "hit"),
        ("Ah 6c", DoubleDownOn.TEN_OR_ELEVEN, "hit"),
        ("6h 5c", DoubleDownOn.TEN_OR_ELEVEN, "double"),
    ],
)
def test_double_down_on_a_player_signals_a_double_only_where_the_table_allows_it(
    cards: str, rule: DoubleDownOn, decision: str
) -> None:
    first, second = cards.split()
    top = stack({1: first}, "5d", {1: second}, "Tc", "2s", "2d", "2h")
    table = DownUnderTable(trainee_deals=TraineeDeals.WHOLE_ROUND, double_down_on=rule)
    round_ = whole_round({1: SeatWagers(1000)}, top, table)
    play_until(round_, "signal_decision")
    assert (Decision.DOUBLE in round_.allowed_decisions("seat 1")) is (decision == "double")
    round_.perform("signal_decision", {"position": "seat 1"})
    if "decision" not in round_.operations[-1].facts:  # an unclear signal: the player says it when asked
        round_.perform("confirm_decision", {"position": "seat 1"})
    assert round_.operations[-1].facts["decision"] == decision


def test_double_down_on_10_or_11_only_no_player_of_any_style_doubles_another_total() -> None:
    table = DownUnderTable(trainee_deals=TraineeDeals.WHOLE_ROUND, double_down_on=DoubleDownOn.TEN_OR_ELEVEN)
    styles = {seat: list(BlackjackStyle)[seat % 3] for seat in range(1, 7)}
    doubled = []
    for seed_value in range(20):
        round_ = DownUnderRound(table, {seat: SeatWagers(1000) for seat in range(1, 7)}, seed_value, styles=styles)
        round_.play_out()
        doubled += [blackjack_total(round_.cards_at(position)[:2]) for position in round_.doubled]
    assert doubled and set(doubled) <= {10, 11}


# --- a bust, the hole card, the drawing rule ---------------------------------------------------------------------


def test_bust_is_collected_before_the_next_hand_is_played() -> None:
    top = stack({1: "Ts", 2: "Tc"}, "6h", {1: "7d", 2: "9d"}, "Th", "Ks")
    round_ = whole_round({1: SeatWagers(1000), 2: SeatWagers(1000)}, top, styles={1: BlackjackStyle.HUNCH})
    play_until(round_, "collect_blackjack_wager")
    action = round_.next_action()
    assert action is not None and action.arguments == {"position": "seat 1"}
    assert action.citation.clause == "Down Under Blackjack bust"
    assert round_.hand_results == {}


def test_turning_the_hole_card_comes_after_every_hand_and_before_it_the_table_shows_only_the_upcard() -> None:
    top = stack({1: "Ts"}, "6h", {1: "Qd"}, "Jc")
    round_ = whole_round({1: SeatWagers(1000)}, top)
    action = round_.next_action()
    while action is not None and action.step != "turn_hole_card":
        dealer = round_.table_view()["dealer"]
        assert "Jc" not in dealer["cards"] and dealer["total"] is None
        round_.perform(action.step, action.arguments)
        action = round_.next_action()
    assert action is not None and action.citation.clause == "Down Under Blackjack turning the hole card"
    round_.perform("turn_hole_card", {})
    assert round_.table_view()["dealer"]["cards"] == "6h Jc"
    assert round_.operations[-1].facts == {"card": "Jc", "total": 16}


@pytest.mark.parametrize(
    ("rule", "draws"), [(DealerDrawing.STANDS_ON_ALL_17S, False), (DealerDrawing.HITS_SOFT_17, True)]
)
def test_dealers_drawing_rule_on_a_soft_17(rule: DealerDrawing, draws: bool) -> None:
    top = stack({1: "Ts"}, "Ah", {1: "9d"}, "6c", "2s")
    table = DownUnderTable(trainee_deals=TraineeDeals.WHOLE_ROUND, dealer_drawing=rule)
    round_ = whole_round({1: SeatWagers(1000)}, top, table)
    play_until(round_, "turn_hole_card")
    round_.perform("turn_hole_card", {})
    action = round_.next_action()
    assert action is not None
    assert (action.step == "deal_card") is draws
    if draws:
        assert action.citation.clause == "Down Under Blackjack dealer's drawing rule, option dealer_drawing"
    # The dealer stands on soft 17 (19 beats it) or draws the 2 to a soft 19 (a push).
    assert settled(round_) == {"seat 1": ("push", 0) if draws else ("win", 1000)}


def test_dealers_drawing_rule_no_draw_when_every_hand_is_settled() -> None:
    top = stack({1: "Ts"}, "6h", {1: "7d"}, "Th", "Ks")
    round_ = whole_round({1: SeatWagers(1000)}, top, styles={1: BlackjackStyle.HUNCH})
    round_.play_out()
    assert round_.dealer_cards == list(parse_cards("6h Th"))


# --- payouts and their order ---------------------------------------------------------------------------------------


def test_payouts_a_blackjack_pays_3_to_2() -> None:
    top = stack({1: "As"}, "9c", {1: "Kd"}, "8c")
    assert settled(whole_round({1: SeatWagers(1000)}, top)) == {"seat 1": ("blackjack", 1000 * 3 // 2)}


# --- option blackjack_pays: 3 to 2 (the default) or 6 to 5 ------------------------------------------------------------

BLACKJACK_TOP = stack({1: "As"}, "9c", {1: "Kd"}, "8c")
"""Seat 1's blackjack against the dealer's 17."""
SIX_TO_FIVE = DownUnderTable(trainee_deals=TraineeDeals.WHOLE_ROUND, blackjack_pays=BlackjackPays.SIX_TO_FIVE)


def test_blackjack_pays_reads_from_json_defaults_to_3_to_2_and_refuses_other_odds() -> None:
    assert DownUnderTable.from_json({}).blackjack_pays is BlackjackPays.THREE_TO_TWO
    assert DownUnderTable.from_json({"blackjack_pays": "6 to 5"}).blackjack_pays is BlackjackPays.SIX_TO_FIVE
    with pytest.raises(RulesError) as refused:
        DownUnderTable.from_json({"blackjack_pays": "1 to 1"})
    assert set(refused.value.errors) == {"blackjack_pays"}


def test_blackjack_pays_is_shown_as_a_house_option_with_its_value_and_default() -> None:
    house = {option.name: option for option in SIX_TO_FIVE.house_options()}
    option = house["blackjack_pays"]
    assert (option.value, option.default, option.title) == ("6 to 5", "3 to 2", "A blackjack pays")
    assert option.citation.clause == "Down Under Blackjack blackjack payout, option blackjack_pays"
    assert option.citation.provenance is Provenance.HOUSE


@pytest.mark.parametrize(
    ("wager", "paid"),
    [(1000, 1200), (2500, 3000), (505, 606)],  # 6 to 5: $10 → $12.00, $25 → $30.00, $5.05 → $6.06
)
def test_blackjack_pays_6_to_5_pays_six_fifths_of_the_wager(wager: int, paid: int) -> None:
    round_ = whole_round({1: SeatWagers(wager)}, BLACKJACK_TOP, SIX_TO_FIVE)
    play_until(round_, "pay_blackjack_wager")
    action = round_.next_action()
    assert action is not None and action.arguments == {"position": "seat 1", "amount": paid}
    assert action.citation.clause == "Down Under Blackjack blackjack payout, option blackjack_pays"
    assert "6 to 5" in action.description
    assert settled(round_) == {"seat 1": ("blackjack", paid)}


def test_blackjack_pays_a_3_to_2_payout_at_a_6_to_5_table_is_a_wrong_amount_citing_the_option() -> None:
    round_ = whole_round({1: SeatWagers(1000)}, BLACKJACK_TOP, SIX_TO_FIVE)
    play_until(round_, "pay_blackjack_wager")
    error = raises(round_, "pay_blackjack_wager", position="seat 1", amount=1500)  # $10 at 3 to 2
    assert error.code == "wrong_amount"
    assert error.citation.clause == "Down Under Blackjack blackjack payout, option blackjack_pays"


@pytest.mark.parametrize(
    ("pays", "refused", "taken"),
    [(BlackjackPays.THREE_TO_TWO, 1001, 1002), (BlackjackPays.SIX_TO_FIVE, 1002, 1005)],
)
def test_blackjack_pays_a_wager_its_blackjack_cannot_pay_in_whole_cents_is_refused_never_rounded(
    pays: BlackjackPays, refused: int, taken: int
) -> None:
    # 3 to 2 on 1,001 cents is 1,501.5 cents; 6 to 5 on 1,002 cents is 1,202.4 cents: the table takes neither.
    table = DownUnderTable(blackjack_pays=pays)
    with pytest.raises(ValueError, match="whole cents"):
        DownUnderRound(table, {1: SeatWagers(refused)}, 3)
    assert DownUnderRound(table, {1: SeatWagers(taken)}, 3).seats[1].blackjack == taken


def test_payouts_a_dealer_blackjack_beats_a_21_and_pushes_a_blackjack() -> None:
    top = stack({1: "As", 2: "7c"}, "Ah", {1: "Kd", 2: "4d"}, "Kc", "Ts")
    round_ = whole_round({1: SeatWagers(1000), 2: SeatWagers(1000)}, top)
    # Seat 2's 11 hits against the ace to a three-card 21, which the dealer's blackjack beats.
    assert settled(round_) == {"seat 1": ("push", 0), "seat 2": ("lose", -1000)}


def test_settlement_order_from_the_dealers_right() -> None:
    top = stack({1: "Ts", 3: "Tc"}, "6h", {1: "9d", 3: "Qd"}, "Jc", "7s")
    round_ = whole_round({1: SeatWagers(1000), 3: SeatWagers(1000)}, top)
    play_until(round_, "pay_blackjack_wager")
    error = raises(round_, "pay_blackjack_wager", position="seat 1", amount=1000)
    assert error.code == "out_of_order"
    assert error.citation.clause == "Down Under Blackjack settlement order"
    assert error.expected is not None and error.expected.arguments["position"] == "seat 3"


def test_payouts_a_wrong_settlement_or_amount_is_refused() -> None:
    top = stack({1: "Ts"}, "6h", {1: "9d"}, "Jc", "7s")
    round_ = whole_round({1: SeatWagers(1000)}, top)
    play_until(round_, "pay_blackjack_wager")
    assert raises(round_, "collect_blackjack_wager", position="seat 1").code == "wrong_settlement"
    assert raises(round_, "pay_blackjack_wager", position="seat 1", amount=1500).code == "wrong_amount"
    round_.perform("pay_blackjack_wager", {"position": "seat 1", "amount": 1000})
    assert round_.table_view()["seats"]["1"]["result"] == {"result": "win", "net": 1000}  # type: ignore[index]


# --- the log: every round replays, every card is accounted for -------------------------------------------------------


@pytest.mark.parametrize("seed_value", range(40))
def test_a_whole_round_replays_from_its_log_and_accounts_for_every_card(seed_value: int) -> None:
    styles = {seat: list(BlackjackStyle)[seat % 3] for seat in range(1, 7)}
    seats = {seat: SeatWagers(1000 * seat, 100 if seat % 2 else 0) for seat in range(1, 7)}
    round_ = DownUnderRound(WHOLE_ROUND, seats, seed_value, styles=styles)
    operations = round_.play_out()
    assert round_.cards_accounted_for() == Counter(shoe(6))
    replay = DownUnderRound.from_setup_json(json.loads(json.dumps(round_.setup_json())))
    for operation in operations:
        replay.perform(operation.action.step, operation.action.arguments)
    assert replay.state_json() == round_.state_json()
    dropped = 3 * 100  # seats 1, 3 and 5 each hold a $1 Match the Dealer wager
    assert round_.table_inventory_change == dropped - round_.hand_net - round_.paid_from_inventory


def test_a_setup_saved_before_the_hand_options_replays_as_the_match_the_dealer_procedure() -> None:
    round_ = DownUnderRound(DownUnderTable(), {1: SeatWagers(1000)}, 3)
    setup = round_.setup_json()
    setup.pop("styles")
    rules = dict(setup["rules"])  # type: ignore[arg-type]
    for added in ("trainee_deals", "dealer_drawing", "blackjack_pays", "double_down_on"):
        rules.pop(added)
    setup["rules"] = rules
    operations = round_.play_out()
    replay = DownUnderRound.from_setup_json(setup)
    for operation in operations:
        replay.perform(operation.action.step, operation.action.arguments)
    assert replay.state_json() == round_.state_json()


def test_simulated_players_at_a_training_table_play_in_every_style() -> None:
    met: set[BlackjackStyle] = set()
    for seed_value in range(40):
        table = TableDeal(WHOLE_ROUND.to_json(), seed_value, DOWN_UNDER_AUTOMATIONS)
        met |= set(deal_down_under_round(table).styles.values())
    assert met == set(BlackjackStyle)
