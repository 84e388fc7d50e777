"""Instructors' scenarios as data: every field checked by name, rigged rounds dealt as written, replayed exactly."""

import pytest

from simulator.blackjack.arithmetic import BlackjackStyle
from simulator.blackjack.round import DownUnderRound
from simulator.blackjack.table import TraineeDeals
from simulator.carnival.poker import PlayerHabit
from simulator.core.cards import parse_cards
from simulator.core.dice import DiceRoll
from simulator.core.hands import is_tiger_nine
from simulator.core.json_values import JsonValue
from simulator.core.procedure import Round
from simulator.games import GAMES, Game
from simulator.mystery.tables import MysteryTableRound
from simulator.notation import replay_round, save_round
from simulator.pai_gow.player_styles import PlayerStyle
from simulator.pai_gow.round import DEALER, PaiGowRound
from simulator.pai_gow.starting_position import delivery_order, starting_position
from simulator.scenarios import Rigging, ScenarioError, ScenarioSpec, deal_scenario, game_steps

TIGER_NINE_DEALER = "9h 8c 7d 5s 4h 3c Kd"
"""Seven cards the Foxwoods house way sets as K-7-5-4-3 high and 9-8 low: a Tiger 9 (§645b.1(d)(2))."""


def pai_gow(**fields: JsonValue) -> dict[str, JsonValue]:
    """A Pai Gow Poker scenario on the default table with two players, plus ``fields``."""
    seats: JsonValue = {"1": {"pai-gow": 1000, "progressive": 100}, "4": {"pai-gow": 2500, "tiger-9": 500}}
    return {"game": "pai-gow-poker", "seats": seats} | fields


def errors_of(data: dict[str, JsonValue]) -> dict[str, str]:
    """The field errors a scenario is refused with."""
    with pytest.raises(ScenarioError) as refused:
        ScenarioSpec.from_json(data)
    return refused.value.errors


def dealt(data: dict[str, JsonValue], seed: int = 7, round_number: int = 1) -> PaiGowRound:
    """Round ``round_number`` of a Pai Gow Poker scenario."""
    round_ = deal_scenario(ScenarioSpec.from_json(data), seed, round_number)
    assert isinstance(round_, PaiGowRound)
    return round_


# ----- refused, field by field -----


def test_a_card_used_twice_is_refused_on_each_hand_holding_it() -> None:
    hands: JsonValue = {"0": "As Kd Qh Jc Tc 9s 8s", "2": "As 2d 3d 4d 5d 6d 7d"}
    errors = errors_of(pai_gow(rigging={"dice": "6 1 1", "hands": hands}))
    assert "As used twice" in errors["rigging.hands.0"] and "As used twice" in errors["rigging.hands.2"]


def test_two_jokers_are_refused_the_53_card_deck_holds_one() -> None:
    hands: JsonValue = {"0": "JK Kd Qh Jc Tc 9s 8s", "3": "JK 2d 3d 4d 5d 6d 7d"}
    assert "two jokers" in errors_of(pai_gow(rigging={"hands": hands}))["rigging.hands.3"]


def test_645b2_c_a_die_of_7_is_refused() -> None:
    assert "die shows 7" in errors_of(pai_gow(rigging={"dice": "7 1 1"}))["rigging.dice"]


def test_645b3_c_2_a_mystery_hit_needs_a_seated_player_with_the_qualifying_progressive_wager() -> None:
    no_progressive: JsonValue = {"1": {"pai-gow": 2500, "tiger-9": 500}}
    refused = errors_of(pai_gow(seats=no_progressive, rigging={"mystery_hit_round": 1}))
    assert "no seated player holds a progressive wager" in refused["rigging.mystery_hit_round"]
    assert ScenarioSpec.from_json(pai_gow(rigging={"mystery_hit_round": 1})).rigging.mystery_hit_round == 1


def test_645a7_a_wager_over_the_table_maximum_is_refused_fixed_or_at_the_top_of_a_range() -> None:
    fixed: JsonValue = {"2": {"pai-gow": 100100}}
    assert "outside the table limits" in errors_of(pai_gow(seats=fixed))["seats.2"]
    ranged: JsonValue = {"2": {"pai-gow": {"minimum": 1000, "maximum": 200000}}}
    assert "outside the table limits" in errors_of(pai_gow(seats=ranged))["seats.2"]


def test_a_stack_that_is_not_seven_cards_cannot_be_dealt() -> None:
    errors = errors_of(pai_gow(rigging={"hands": {"5": "As Kd Qh"}}))
    assert "cannot be dealt" in errors["rigging.hands.5"]


def test_645b1_d2_rigged_dealer_cards_for_a_tiger_9_must_set_to_a_9_high_low_hand() -> None:
    hands: JsonValue = {"0": "Ah Kc Qd Js 9h 3c 2d"}
    assert (
        "not a 9-high Tiger 9" in errors_of(pai_gow(rigging={"hands": hands, "tiger_nine": True}))["rigging.tiger_nine"]
    )


def test_645b1_d2_a_tiger_9_is_refused_at_a_table_that_collects_commission() -> None:
    data = pai_gow(rules={"commission_free": False, "tiger_nine_offered": False}, seats={"1": {"pai-gow": 1000}})
    assert "commission-free" in errors_of(data | {"rigging": {"tiger_nine": True}})["rigging.tiger_nine"]


def test_a_mystery_hit_on_a_table_without_the_mystery_bonus_is_refused() -> None:
    no_bonus = pai_gow(rules={"mystery": None}, rigging={"mystery_hit_round": 1})
    assert "no Mystery Bonus" in errors_of(no_bonus)["rigging.mystery_hit_round"]
    down_under: dict[str, JsonValue] = {"game": "down-under-blackjack", "rigging": {"mystery_hit_round": 1}}
    assert "does not rig this" in errors_of(down_under)["rigging.mystery_hit_round"]


def test_a_mystery_hit_must_fall_on_a_round_of_the_attempt() -> None:
    assert "has 2 rounds" in errors_of(pai_gow(rounds=2, rigging={"mystery_hit_round": 3}))["rigging.mystery_hit_round"]


def test_every_bad_field_is_named_at_once() -> None:
    data = pai_gow(rounds=21, mode="test", automations=["shuffle_the_moon"], pass_accuracy_percent=101)
    errors = errors_of(data | {"rigging": {"dice": "0 1 1", "missing_chip_seat": 4}})
    assert set(errors) == {
        "rounds",
        "mode",
        "automations",
        "pass_accuracy_percent",
        "rigging.dice",
        "rigging.missing_chip_seat",
    }


def test_the_rules_are_checked_by_the_games_own_rules_field_by_field() -> None:
    errors = errors_of(pai_gow(rules={"house_way": "nowhere", "shaker": "spoon"}))
    assert set(errors) == {"rules.house_way", "rules.shaker"}


def test_a_late_wager_must_come_from_a_seated_player_within_the_limits() -> None:
    assert (
        "has no player"
        in errors_of(pai_gow(rigging={"late_wager": {"seat": 6, "spot": "sum", "amount": 500}}))["rigging.late_wager"]
    )
    over = {"late_wager": {"seat": 1, "spot": "sum", "amount": 100000}}
    assert "outside the table limits" in errors_of(pai_gow(rigging=over))["rigging.late_wager"]


RIGGED: dict[str, JsonValue] = {
    "dice": "6 1 1",
    "hands": {"0": "As Kd Qh Jc Tc 9s 8s"},
    "tiger_nine": True,
    "mystery_hit_round": 1,
    "ace_of_spades_round": 1,
    "late_wager": {"seat": 1, "spot": "sum", "amount": 500},
    "missing_chip_seat": 1,
    "foul_seat": 1,
    "cards": {"0": "As 6c"},
    "community_cards": "Qh Jh Th",
    "habits": {"1": "cautious"},
    "low_hands": {"1": "As Kd"},
    "buy_in": {"seat": 1, "cash": 30000},
    "colour_up": {"seat": 1, "chips": "500x12"},
}
"""One value of every rigging field."""


def test_a_game_is_rigged_only_as_its_registry_entry_says() -> None:
    assert set(RIGGED) == {*Rigging.__dataclass_fields__}
    for game in GAMES.values():
        for name in set(RIGGED) - game.scenario.rigging:
            data: dict[str, JsonValue] = {"game": game.key, "rigging": {name: RIGGED[name]}}
            assert "does not rig this" in errors_of(data)[f"rigging.{name}"], (game.key, name)


# ----- dealt as written -----


def test_fixed_wagers_are_dealt_as_written_and_ranges_within_their_units() -> None:
    data = pai_gow(seats={"2": {"pai-gow": {"minimum": 1000, "maximum": 3000}, "sum": 500}})
    amounts = {dealt(data, seed).seats[2]["pai-gow"] for seed in range(40)}
    assert amounts <= set(range(1000, 3001, 100)) and len(amounts) > 1
    assert dealt(data).seats[2]["sum"] == 500


def test_rigged_dice_and_hands_go_to_their_places_in_the_delivery_order() -> None:
    seat_three = "2d 3d 4d 5d 6d Td 8d"
    round_ = dealt(pai_gow(rigging={"dice": "6 2 1", "hands": {"0": TIGER_NINE_DEALER, "3": seat_three}}))
    round_.play_out()
    assert round_.dice == DiceRoll(6, (2, 1))
    assert delivery_order(starting_position(9))[0] == round_.starting_place
    assert sorted(round_.stack_for(DEALER)) == sorted(parse_cards(TIGER_NINE_DEALER))
    assert sorted(round_.stack_for(3)) == sorted(parse_cards(seat_three))


@pytest.mark.parametrize("seed", range(5))
def test_645b1_d2_a_tiger_9_for_the_dealer_gives_a_9_high_low_hand(seed: int) -> None:
    round_ = dealt(pai_gow(rigging={"tiger_nine": True}), seed)
    round_.play_out()
    assert round_.dealer_hand is not None and is_tiger_nine(round_.dealer_hand.low)
    assert round_.tiger_nine_declared is True


def test_645b3_the_mystery_bonus_hits_on_the_round_the_scenario_names_only() -> None:
    data = pai_gow(rounds=3, rigging={"mystery_hit_round": 2})
    steps = {number: {op.action.step for op in dealt(data, 11, number).play_out()} for number in (1, 2, 3)}
    assert ["pay_mystery_bonus" in steps[number] for number in (1, 2, 3)] == [False, True, False]


def test_645b2_f_a_late_wager_is_tried_after_no_more_bets_and_must_be_refused() -> None:
    round_ = dealt(pai_gow(rigging={"late_wager": {"seat": 4, "spot": "sum", "amount": 500}}))
    steps = [op.action.step for op in round_.play_out()]
    assert steps.index("announce_no_more_bets") < steps.index("attempt_late_wager") < steps.index("refuse_late_wager")
    assert "place_wager" not in steps and "change_wager" not in steps


def test_a_missing_progressive_chip_goes_to_the_seat_named() -> None:
    assert dealt(pai_gow(rigging={"missing_chip_seat": 1})).wager_phase.missing_chip_seat == 1


def test_685b1_the_ace_of_spades_match_the_dealer_combination_on_its_round() -> None:
    spec = ScenarioSpec.from_json({"game": "down-under-blackjack", "rounds": 2, "rigging": {"ace_of_spades_round": 2}})
    round_ = deal_scenario(spec, 3, 2)
    assert isinstance(round_, DownUnderRound)
    round_.play_out()
    assert str(round_.upcard) == "As"
    holders = [seat for seat, cards in round_.hands.items() if [str(card) for card in cards[:2]] == ["As"] * 2]
    assert holders


def test_an_mhb_table_hits_its_mystery_bonus_on_the_round_named() -> None:
    key = next(key for key, game in GAMES.items() if game.round_class is MysteryTableRound)
    spec = ScenarioSpec.from_json({"game": key, "rigging": {"mystery_hit_round": 1}})
    assert "pay_mystery_bonus" in {op.action.step for op in deal_scenario(spec, 5, 1).play_out()}


def test_the_engine_performs_only_the_automated_steps_the_scenario_names() -> None:
    automated = ["announce_no_more_bets", *GAMES["pai-gow-poker"].engine_steps]
    round_ = dealt(pai_gow(automations=automated))
    round_.advance()
    assert round_.automations == frozenset(automated)
    assert [op.action.step for op in round_.operations] == ["announce_no_more_bets"]
    assert set(automated) <= set(game_steps(GAMES["pai-gow-poker"]))


def test_a_scenario_reads_back_from_its_own_json() -> None:
    spec = ScenarioSpec.from_json(
        pai_gow(
            rounds=3, mode="exam", time_limit_seconds=300, rigging={"dice": "6 1 1", "hands": {"0": TIGER_NINE_DEALER}}
        )
    )
    assert ScenarioSpec.from_json(spec.to_json()) == spec


def test_a_scenario_round_replays_exactly_from_its_saved_log() -> None:
    data = pai_gow(
        seats={"2": {"pai-gow": {"minimum": 1000, "maximum": 5000}, "progressive": 100, "tiger-9": 500}},
        rigging={"tiger_nine": True, "mystery_hit_round": 1, "late_wager": {"seat": 2, "spot": "sum", "amount": 500}},
    )
    round_ = dealt(data, 21)
    round_.play_out()
    replayed = replay_round(save_round(round_))
    assert replayed.table_view() == round_.table_view()
    assert [op.narration() for op in replayed.operations] == [op.narration() for op in round_.operations]


# ----- Down Under Blackjack seats its own players, with a late wager and a missing chip -----


def down_under(**fields: JsonValue) -> dict[str, JsonValue]:
    """A Down Under Blackjack scenario with two players, one holding the $1 Match the Dealer wager, plus ``fields``."""
    seats: JsonValue = {"2": {"blackjack": 1000, "match_the_dealer": 100}, "5": {"blackjack": 2500}}
    return {"game": "down-under-blackjack", "seats": seats} | fields


def dealt_down_under(data: dict[str, JsonValue], seed: int = 7) -> DownUnderRound:
    """The first round of a Down Under Blackjack scenario."""
    round_ = deal_scenario(ScenarioSpec.from_json(data), seed, 1)
    assert isinstance(round_, DownUnderRound)
    return round_


def test_685a6_d_down_under_seats_are_dealt_as_written() -> None:
    round_ = dealt_down_under(down_under())
    assert {seat: (held.blackjack, held.match_the_dealer) for seat, held in round_.seats.items()} == {
        2: (1000, 100),
        5: (2500, 0),
    }


def test_685a6_d_a_down_under_player_needs_a_blackjack_wager_and_no_other_betting_area() -> None:
    errors = errors_of(down_under(seats={"1": {"match_the_dealer": 100}, "3": {"blackjack": 1000, "sum": 500}}))
    assert "Down Under Blackjack wager" in errors["seats.1"]
    assert "sum is not a betting area" in errors["seats.3"]


def test_a_wager_or_late_wager_is_taken_only_on_a_betting_area_the_registry_lists() -> None:
    for game in (game for game in GAMES.values() if game.scenario.betting_areas):
        area = next(iter(game.scenario.betting_areas))
        late: JsonValue = {"seat": 1, "spot": "nowhere", "amount": 500}
        data: dict[str, JsonValue] = {"game": game.key, "seats": {"1": {area: 500}}, "rigging": {"late_wager": late}}
        assert "nowhere is not a betting area" in errors_of(data)["rigging.late_wager"], game.key


def test_685b1_e_a_match_the_dealer_wager_is_the_tables_one_amount() -> None:
    errors = errors_of(down_under(seats={"1": {"blackjack": 1000, "match_the_dealer": 500}}))
    assert "exactly $1.00" in errors["seats.1"]


@pytest.mark.parametrize("seed", range(3))
def test_685b1_d2_a_late_match_the_dealer_wager_is_tried_after_the_lock_out_and_must_be_refused(seed: int) -> None:
    late: JsonValue = {"seat": 5, "spot": "match_the_dealer", "amount": 100}
    steps = [op.action.step for op in dealt_down_under(down_under(rigging={"late_wager": late}), seed).play_out()]
    assert steps.index("lock_out_progressive_wagers") < steps.index("attempt_late_wager")
    assert steps.index("attempt_late_wager") < steps.index("refuse_late_wager")
    assert "place_wager" not in steps and "change_wager" not in steps


def test_685b1_d2_a_late_wager_at_down_under_needs_a_seated_player_and_the_tables_amount() -> None:
    nobody = errors_of(down_under(rigging={"late_wager": {"seat": 6, "spot": "match_the_dealer", "amount": 100}}))
    assert "has no player" in nobody["rigging.late_wager"]
    wrong = errors_of(down_under(rigging={"late_wager": {"seat": 5, "spot": "match_the_dealer", "amount": 300}}))
    assert "exactly $1.00" in wrong["rigging.late_wager"]
    held = errors_of(down_under(rigging={"late_wager": {"seat": 2, "spot": "match_the_dealer", "amount": 100}}))
    assert "already holds" in held["rigging.late_wager"]


def test_685b1_f_a_missing_match_the_dealer_chip_goes_to_a_seat_holding_the_wager() -> None:
    assert dealt_down_under(down_under(rigging={"missing_chip_seat": 2})).wager_phase.missing_chip_seat == 2
    assert "rigging.missing_chip_seat" in errors_of(down_under(rigging={"missing_chip_seat": 5}))


def test_685b1_a_forced_match_the_dealer_hit_needs_a_seated_player_with_the_wager() -> None:
    seats: JsonValue = {"1": {"blackjack": 1000}}
    assert "rigging.ace_of_spades_round" in errors_of(down_under(seats=seats, rigging={"ace_of_spades_round": 1}))
    round_ = dealt_down_under(down_under(rigging={"ace_of_spades_round": 1}))
    assert "pay_progressive_win" in {op.action.step for op in round_.play_out()}


def test_a_rigged_down_under_round_replays_exactly() -> None:
    late: JsonValue = {"seat": 5, "spot": "match_the_dealer", "amount": 100}
    round_ = dealt_down_under(down_under(rigging={"late_wager": late, "missing_chip_seat": 2}))
    round_.play_out()
    assert save_round(replay_round(save_round(round_))) == save_round(round_)


WHOLE_ROUND_HITTING_SOFT_17: JsonValue = {"trainee_deals": "the whole round", "dealer_drawing": "hits soft 17"}
RIGGED_CARDS: JsonValue = {"0": "As 6c", "2": "Ah Kd", "5": "Ts 9d"}
"""The dealer's soft 17 (upcard A♠, hole card 6♣), seat 2 a blackjack, seat 5 a hard 19 every player style stands on."""


def dealt_to_the_hole_card(round_: DownUnderRound) -> DownUnderRound:
    """The round played until the dealer's hole card is dealt (§685a.7(e)(3))."""
    while len(round_.dealer_cards) < 2:
        action = round_.next_action()
        assert action is not None
        round_.perform(action.step, action.arguments)
    return round_


@pytest.mark.parametrize("seed", range(5))
def test_685a7_e_rigged_cards_go_to_their_places_the_dealers_as_upcard_then_hole_card(seed: int) -> None:
    round_ = dealt_to_the_hole_card(dealt_down_under(down_under(rigging={"cards": RIGGED_CARDS}), seed))
    assert round_.hands == {2: [*parse_cards("Ah Kd")], 5: [*parse_cards("Ts 9d")]}
    assert round_.dealer_cards == [*parse_cards("As 6c")]


def test_685a7_e_an_unrigged_place_is_dealt_from_the_shoe_and_a_rigged_round_replays_exactly() -> None:
    rigged = down_under(rules=WHOLE_ROUND_HITTING_SOFT_17, rigging={"cards": {"0": "Kc 7d"}})
    hands = set()
    for seed in range(5):
        round_ = dealt_to_the_hole_card(dealt_down_under(rigged, seed))
        assert round_.dealer_cards == [*parse_cards("Kc 7d")]
        hands.add(tuple(map(str, round_.hands[2] + round_.hands[5])))
        round_.play_out()
        assert save_round(replay_round(save_round(round_))) == save_round(round_)
    assert len(hands) == 5


@pytest.mark.parametrize(("drawing", "draws"), [("hits soft 17", True), ("stands on all 17s", False)])
def test_house_dealer_drawing_a_rigged_soft_17_draws_only_where_the_table_hits_soft_17(
    drawing: str, draws: bool
) -> None:
    rules: JsonValue = {"trainee_deals": "the whole round", "dealer_drawing": drawing}
    round_ = dealt_down_under(down_under(rules=rules, rigging={"cards": RIGGED_CARDS}))
    round_.play_out()
    assert round_.dealer_cards[:2] == [*parse_cards("As 6c")]
    assert (len(round_.dealer_cards) > 2) is draws


def test_rigged_cards_are_two_for_a_seated_player_or_the_dealer_and_fit_the_shoe() -> None:
    def refused(cards: JsonValue, **fields: JsonValue) -> dict[str, str]:
        return errors_of(down_under(rigging={"cards": cards}, **fields))

    assert "two cards" in refused({"5": "Ts 9d 2c"})["rigging.cards.5"]
    assert "two cards" in refused({"5": "Ts JK"})["rigging.cards.5"]
    assert "has no player" in refused({"3": "Ts 9d"})["rigging.cards.3"]
    assert "is not one of 0, 1, 2, 3, 4, 5, 6" in refused({"7": "Ts 9d"})["rigging.cards.7"]
    seven: JsonValue = {"1": {"blackjack": 1000}, "2": {"blackjack": 1000}, "5": {"blackjack": 1000}}
    over = refused({"0": "As As", "1": "As As", "2": "As As", "5": "As 2c"}, seats=seven)
    assert "6-deck shoe holds 6 of each card: As" in over["rigging.cards"]
    both = errors_of(down_under(rigging={"cards": RIGGED_CARDS, "ace_of_spades_round": 1}))
    assert "not both" in both["rigging.cards"]


WHOLE_ROUND: JsonValue = {"trainee_deals": "the whole round"}


@pytest.mark.parametrize("seed", range(3))
def test_house_confirming_a_signal_a_rigged_hunch_hits_a_hard_17_and_the_dealer_must_confirm_it(seed: int) -> None:
    rigging: JsonValue = {"cards": {"5": "Tc 7d", "0": "9s 7h"}, "habits": {"5": "hunch"}}
    round_ = dealt_down_under(down_under(rules=WHOLE_ROUND, rigging=rigging), seed)
    assert round_.styles[5] is BlackjackStyle.HUNCH
    action = round_.next_action()
    while action is not None and (action.step, action.arguments) != ("signal_decision", {"position": "seat 5"}):
        round_.perform(action.step, action.arguments)
        action = round_.next_action()
    assert action is not None
    round_.perform(action.step, action.arguments)
    confirm = round_.next_action()
    assert confirm is not None and confirm.step == "confirm_decision"
    assert confirm.citation.clause == "Down Under Blackjack confirming a signal"
    round_.play_out()
    assert save_round(replay_round(save_round(round_))) == save_round(round_)


def test_house_confirming_a_signal_a_style_overrides_the_basic_strategy_of_a_seat_rigged_cards() -> None:
    rigging: JsonValue = {"cards": {"2": "Tc 7d", "5": "Ts 8d"}, "habits": {"5": "cautious"}}
    round_ = dealt_down_under(down_under(rules=WHOLE_ROUND, rigging=rigging))
    assert (round_.styles[2], round_.styles[5]) == (BlackjackStyle.BASIC, BlackjackStyle.CAUTIOUS)
    read = ScenarioSpec.from_json(down_under(rules=WHOLE_ROUND, rigging=rigging))
    assert ScenarioSpec.from_json(read.to_json()) == read
    assert read.to_json()["rigging"]["habits"] == {"5": "cautious"}  # type: ignore[index]


def test_a_rigged_style_is_a_seated_players_at_a_table_whose_trainee_deals_the_whole_round() -> None:
    errors = errors_of(down_under(rules=WHOLE_ROUND, rigging={"habits": {"3": "hunch", "5": "reckless", "9": "basic"}}))
    assert set(errors) == {"rigging.habits.3", "rigging.habits.5", "rigging.habits.9"}
    assert "has no player" in errors["rigging.habits.3"] and "hunch" in errors["rigging.habits.5"]
    automated = errors_of(down_under(rigging={"habits": {"5": "hunch"}}))
    assert "whole round" in automated["rigging.habits"]


def test_the_mhb_tables_seat_simulated_players_only() -> None:
    key = next(key for key, game in GAMES.items() if game.round_class is MysteryTableRound)
    errors = errors_of({"game": key, "seats": {"1": {"ante": 500}}, "rigging": {"missing_chip_seat": 1}})
    assert "simulated players sit" in errors["seats"]
    assert "does not rig this" in errors["rigging.missing_chip_seat"]


# ----- bounded: nothing beyond what the school's tables and database hold -----


def test_a_wager_over_the_schools_largest_amount_is_refused_fixed_or_in_a_range() -> None:
    huge = 10**400
    errors = errors_of(pai_gow(seats={"1": {"pai-gow": huge}, "2": {"pai-gow": {"minimum": 1000, "maximum": huge}}}))
    assert "more than any table takes" in errors["seats.1.pai-gow"]
    assert "not a whole number from 1 to 999999999" in errors["seats.2.pai-gow"]


def test_a_late_wager_over_the_schools_largest_amount_is_refused() -> None:
    late: JsonValue = {"seat": 1, "spot": "sum", "amount": 10**400}
    assert "more than any table takes" in errors_of(pai_gow(rigging={"late_wager": late}))["rigging.late_wager"]


def test_a_time_limit_beyond_a_32_bit_column_is_refused() -> None:
    assert "from 1 to 2147483647" in errors_of(pai_gow(time_limit_seconds=2**31))["time_limit_seconds"]
    assert ScenarioSpec.from_json(pai_gow(time_limit_seconds=2**31 - 1)).time_limit_seconds == 2**31 - 1


@pytest.mark.parametrize("limit", ["minimum", "maximum", "unit"])
def test_645a7_a_table_limit_over_the_schools_largest_amount_is_refused(limit: str) -> None:
    limits: JsonValue = {"minimum": 1000, "maximum": 100000, "unit": 100} | {limit: 10**400}
    errors = errors_of(pai_gow(rules={"pai_gow_limits": limits}))
    assert "at most 999999999" in errors[f"rules.pai_gow_limits.{limit}"]


@pytest.mark.parametrize("rate", ["sNaN", "NaN", "Infinity", "1e-999999999", "5e-2", "0.05" + "0" * 100_000])
def test_a_commission_rate_is_read_only_as_a_short_decimal(rate: str) -> None:
    errors = errors_of(pai_gow(rules={"commission_rate": rate}))
    assert "is not a decimal such as 0.05" in errors["rules.commission_rate"]


# ----- a quiet table, and how a rigged Pai Gow Poker hand is set -----

QUIET_SEEDS = range(30)


def quiet_round(game: Game, seed: int, quiet: bool, rules: JsonValue = None) -> Round:
    """A round of a scenario of the game, with simulated players, quiet or not."""
    return deal_scenario(ScenarioSpec.from_json({"game": game.key, "rules": rules, "quiet": quiet}), seed, 1)


def table_events(round_: Round) -> tuple[object, ...]:
    """What the players do around "No more bets" that no rigging asked for."""
    phase = round_.wager_phase
    return (*phase.before, phase.late, phase.missing_chip_seat)


@pytest.mark.parametrize("game", GAMES.values(), ids=lambda game: game.key)
def test_a_quiet_scenario_has_no_random_wager_moves_at_any_game(game: Game) -> None:
    assert any(any(table_events(quiet_round(game, seed, False))) for seed in QUIET_SEEDS), "the draws do happen"
    assert not any(any(table_events(quiet_round(game, seed, True))) for seed in QUIET_SEEDS)


def test_a_quiet_pai_gow_poker_scenario_has_every_player_set_by_the_house_way() -> None:
    drawn = [quiet_round(GAMES["pai-gow-poker"], seed, False) for seed in QUIET_SEEDS]
    assert any(set(round_.scenario.player_styles.values()) - {PlayerStyle.HOUSE_WAY} for round_ in drawn)
    for seed in QUIET_SEEDS:
        round_ = dealt(pai_gow(quiet=True, rigging={"foul_seat": 4}), seed)
        assert round_.scenario.player_styles == {4: PlayerStyle.FOUL}, "the rigged foul only"


def test_a_quiet_down_under_scenario_has_every_player_play_a_basic_strategy() -> None:
    rules: JsonValue = {"trainee_deals": TraineeDeals.WHOLE_ROUND.value}
    game = GAMES["down-under-blackjack"]
    drawn = [quiet_round(game, seed, False, rules) for seed in QUIET_SEEDS]
    assert any(set(round_.styles.values()) - {BlackjackStyle.BASIC} for round_ in drawn)
    for seed in QUIET_SEEDS:
        assert set(quiet_round(game, seed, True, rules).styles.values()) <= {BlackjackStyle.BASIC}


@pytest.mark.parametrize("game", [game for game in GAMES.values() if game.scenario.base_game], ids=lambda g: g.key)
def test_a_quiet_base_game_has_every_player_play_by_the_house_advice(game: Game) -> None:
    for seed in QUIET_SEEDS:
        round_ = quiet_round(game, seed, True, {"base_game": "trainee"})
        assert isinstance(round_, MysteryTableRound) and round_.carnival is not None
        assert set(round_.carnival.habits.values()) == {PlayerHabit.HOUSE_ADVICE}


ROYAL_FLUSH = "As Ks Qs Js Ts 3d 2c"
"""Seven cards whose house way keeps the royal flush high and sets 3-2 low; a player's own way splits it."""


def test_a_rigged_hand_is_set_by_the_house_way_unless_its_setting_is_rigged() -> None:
    for seed in QUIET_SEEDS:
        round_ = dealt(pai_gow(rigging={"hands": {"1": ROYAL_FLUSH}}), seed)
        round_.play_out()
        assert sorted(round_.player_hands[1].low) == sorted(parse_cards("3d 2c")), seed
    own = dealt(pai_gow(rigging={"hands": {"1": ROYAL_FLUSH}, "habits": {"1": "own_way"}}))
    assert own.scenario.player_styles[1] is PlayerStyle.OWN_WAY


def test_a_rigged_low_hand_sets_the_seat_as_split_and_replays_from_its_log() -> None:
    data = pai_gow(quiet=True, rigging={"hands": {"4": ROYAL_FLUSH}, "low_hands": {"4": "As Ks"}})
    round_ = dealt(data, 5)
    round_.play_out()
    assert round_.player_hands[4].low == tuple(parse_cards("As Ks"))
    assert sorted(round_.player_hands[4].high) == sorted(parse_cards("Qs Js Ts 3d 2c"))
    assert save_round(replay_round(save_round(round_))) == save_round(round_)
    assert ScenarioSpec.from_json(ScenarioSpec.from_json(data).to_json()) == ScenarioSpec.from_json(data)


@pytest.mark.parametrize(
    ("rigging", "field", "message"),
    [
        ({"low_hands": {"4": "As Ks"}}, "rigging.low_hands.4", "seven cards are not rigged"),
        ({"hands": {"4": ROYAL_FLUSH}, "low_hands": {"4": "As 9h"}}, "rigging.low_hands.4", "two of seat 4's"),
        ({"hands": {"4": ROYAL_FLUSH}, "low_hands": {"4": "As"}}, "rigging.low_hands.4", "two of seat 4's"),
        ({"hands": {"0": ROYAL_FLUSH}, "low_hands": {"0": "As Ks"}}, "rigging.low_hands.0", "house way"),
        (
            {"hands": {"4": ROYAL_FLUSH}, "low_hands": {"4": "As Ks"}, "foul_seat": 4},
            "rigging.low_hands.4",
            "rigged already",
        ),
        ({"habits": {"3": "house_way"}}, "rigging.habits.3", "seat 3 has no player"),
        ({"habits": {"4": "foul"}}, "rigging.habits.4", "is not one of house_way, own_way"),
        ({"habits": {"4": "own_way"}, "foul_seat": 4}, "rigging.habits.4", "rig one or the other"),
    ],
)
def test_a_players_setting_is_rigged_only_for_a_seated_player_and_their_own_cards(
    rigging: dict[str, JsonValue], field: str, message: str
) -> None:
    assert message in errors_of(pai_gow(rigging=rigging))[field]
