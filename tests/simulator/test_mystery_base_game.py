"""MHB training table option base_game: the trainee deals a carnival poker game's own round inside the MHB round."""

import json
from decimal import Decimal

import pytest

from simulator.carnival.poker import PlayerHabit
from simulator.carnival.round import DEALER, CarnivalScenario
from simulator.core.cards import parse_cards
from simulator.core.citations import Provenance
from simulator.core.mystery_meter import BaseGameDealer, MysteryMeter, MysteryRules, mystery_configuration
from simulator.core.procedure import Actor, ErrorCode, IllegalOperation
from simulator.core.rules import RulesError
from simulator.mystery.games import MYSTERY_GAMES
from simulator.mystery.tables import (
    SYSTEM_STEPS,
    MysterySeatWagers,
    MysteryTableRound,
    rules_from_json,
    rules_house_options,
    rules_options,
    rules_to_json,
)
from simulator.notation import replay_round, save_round
from simulator.table_deals import MYSTERY_TABLE_AUTOMATIONS, TableDeal, deal_mystery_table_round

CONFIGURATION = mystery_configuration("B", 500)
TRAINEE = MysteryRules(CONFIGURATION, base_game=BaseGameDealer.TRAINEE)
THREE_CARD = "Three-Card Progressive Payout wager"
CARNIVAL_KEYS = ("three-card-poker", "ultimate-texas-hold-em")
OPENING = [
    "announce_no_more_bets",
    "lock_out_progressive_wagers",
    "collect_progressive_wagers",
    "count_progressive_chips",
    "drop_progressive_wagers",
    "add_mystery_contributions",
]
MYSTERY_PAYOUT = ["confirm_mystery_light", "validate_mystery_payout", "pay_mystery_bonus", "reset_mystery_meter"]


def trainee_table(key: str, seats, *, force_hit=False, rules=TRAINEE, scenario=None) -> MysteryTableRound:
    """A round at ``key``'s MHB table where the trainee deals the base game; a meter that hits only when forced."""
    meter = MysteryMeter(CONFIGURATION, Decimal(20000), 45678)
    return MysteryTableRound(
        MYSTERY_GAMES[key], rules, seats, 11, meter=meter, force_hit=force_hit, base_game_scenario=scenario
    )


def seats_of(key: str) -> list[MysterySeatWagers]:
    """Two players with the base wager and the game's first progressive wager; seat 5 adds the side wager."""
    progressive = MYSTERY_GAMES[key].progressive_wagers[0].name
    side = "pair_plus" if key == "three-card-poker" else "trips"
    return [
        MysterySeatWagers(2, 1000, ((progressive, 500),)),
        MysterySeatWagers(5, 2500, ((progressive, 500),), ((side, 500),)),
    ]


def refused(round_: MysteryTableRound, step: str, **arguments) -> IllegalOperation:
    """The error a step raises, checking that it changed nothing."""
    before = (len(round_.operations), json.dumps(round_.table_view(), sort_keys=True))
    assert not round_.can(step, arguments)
    with pytest.raises(IllegalOperation) as error:
        round_.perform(step, arguments)
    assert (len(round_.operations), json.dumps(round_.table_view(), sort_keys=True)) == before
    return error.value


# ----- the option -----


def test_mhb_base_game_option_is_a_house_option_offered_only_at_carnival_poker_tables() -> None:
    for key in CARNIVAL_KEYS:
        options = {option.name: option for option in rules_options(MYSTERY_GAMES[key])}
        base_game = options["base_game"]
        assert (base_game.default, base_game.choices) == ("engine", ("engine", "trainee"))
        assert base_game.provenance is Provenance.HOUSE
        assert base_game.clause == "MHB training table base game, option base_game"
    assert "base_game" not in {option.name for option in rules_options(MYSTERY_GAMES["mississippi-stud"])}


def test_mhb_base_game_option_trainee_is_refused_with_a_clear_error_for_a_game_the_engine_deals() -> None:
    with pytest.raises(RulesError) as error:
        rules_from_json({"base_game": "trainee"}, MYSTERY_GAMES["mississippi-stud"])
    assert list(error.value.errors) == ["base_game"]
    assert "Mississippi Stud's base game is dealt by the engine" in error.value.errors["base_game"]
    assert rules_from_json({"base_game": "engine"}, MYSTERY_GAMES["mississippi-stud"]).base_game is (
        BaseGameDealer.ENGINE
    )
    with pytest.raises(ValueError, match="dealt by the engine"):
        MysteryTableRound(MYSTERY_GAMES["crazy-4-poker"], TRAINEE, [], 1)


def test_mhb_base_game_option_rules_without_it_read_as_the_engine_deals_and_write_back_unchanged() -> None:
    saved = {"configuration": "B", "minimum_wager": 500, "payment_source": "table inventory", "award_rounding": "up"}
    rules = rules_from_json(saved, MYSTERY_GAMES["three-card-poker"])
    assert rules.base_game is BaseGameDealer.ENGINE and rules_to_json(rules) == saved
    chosen = {**saved, "base_game": "trainee", "pair_plus_paytable": "40-30-6-3-1"}
    rules = rules_from_json(chosen, MYSTERY_GAMES["three-card-poker"])
    assert rules.base_game_paytables == (("pair_plus_paytable", "40-30-6-3-1"),)
    assert rules_to_json(rules) == chosen
    with pytest.raises(RulesError) as error:
        rules_from_json({"pair_plus_paytable": "1-1-1-1-1"}, MYSTERY_GAMES["three-card-poker"])
    assert list(error.value.errors) == ["pair_plus_paytable"]


def test_mhb_base_game_option_house_rules_list_the_base_games_procedures_where_the_trainee_deals_it() -> None:
    game = MYSTERY_GAMES["three-card-poker"]
    engine = {option.name: option for option in rules_house_options(MysteryRules(CONFIGURATION), game)}
    assert engine["base_game"].value == "dealt by the engine" and "base game cards" in engine
    assert "pair_plus_paytable" not in engine  # the engine's deal pays nothing
    trainee = {option.name: option for option in rules_house_options(TRAINEE, game)}
    assert trainee["base_game"].value == "dealt by the trainee"
    assert trainee["pair_plus_paytable"].value == "40-30-6-4-1"
    assert {"Three Card Poker dealer qualification", "Carnival poker settlement order"} <= set(trainee)
    assert "base game cards" not in trainee


# ----- a whole round dealt by steps -----


@pytest.mark.parametrize("key", CARNIVAL_KEYS)
def test_mhb_base_game_option_a_whole_round_is_dealt_by_the_trainee_between_the_drop_and_the_payout(key) -> None:
    round_ = trainee_table(key, seats_of(key), force_hit=True)
    dealt_by: dict[str, set[Actor]] = {}
    while (action := round_.next_action()) is not None:
        dealt_by.setdefault(action.step, set()).add(action.actor)
        round_.perform(action.step, action.arguments)
    steps = [operation.action.step for operation in round_.operations]
    assert steps[: len(OPENING)] == OPENING and steps[-len(MYSTERY_PAYOUT) :] == MYSTERY_PAYOUT
    base_game = steps[len(OPENING) : -len(MYSTERY_PAYOUT)]
    assert "play_base_game" not in steps
    assert base_game[:3] == ["deal_hand"] * 3 and base_game[-1] == "collect_cards"
    assert ("deal_community_cards" in base_game) is (key == "ultimate-texas-hold-em")
    assert dealt_by["deal_hand"] == {Actor.DEALER} and dealt_by["make_decision"] == {Actor.PLAYER}
    assert round_.carnival is not None and round_.carnival.finished and round_.finished
    view = round_.table_view()
    assert view["base_game_dealer"] == "trainee" and view["base_game"] is None
    assert view["carnival"] is not None and view["carnival"]["cards_collected"]


def test_mhb_base_game_option_the_base_wager_is_the_ante_and_the_blind_and_a_side_wager_is_the_players() -> None:
    three_card = trainee_table("three-card-poker", seats_of("three-card-poker")).carnival
    assert three_card is not None
    assert three_card.seats == {2: {"ante": 1000}, 5: {"ante": 2500, "pair_plus": 500}}
    holdem = trainee_table("ultimate-texas-hold-em", seats_of("ultimate-texas-hold-em")).carnival
    assert holdem is not None
    assert holdem.seats == {2: {"ante": 1000, "blind": 1000}, 5: {"ante": 2500, "blind": 2500, "trips": 500}}


def test_mhb_base_game_option_side_wagers_are_refused_where_the_engine_deals_the_base_game() -> None:
    with pytest.raises(ValueError, match="only where the trainee deals the base game"):
        MysteryTableRound(
            MYSTERY_GAMES["three-card-poker"], MysteryRules(CONFIGURATION), seats_of("three-card-poker"), 1
        )


def test_mhb_base_game_option_three_card_poker_pays_by_the_tables_paytables() -> None:
    # Seat 5: A♥ K♥ Q♥, a straight flush; seat 2: 2♣ 2♦ 9♠; the dealer: J♠ 8♦ 4♣, jack high, which does not qualify.
    scenario = CarnivalScenario(
        parse_cards("2c 2d 9s Ah Kh Qh Js 8d 4c"), {2: PlayerHabit.HOUSE_ADVICE, 5: PlayerHabit.HOUSE_ADVICE}
    )
    round_ = trainee_table("three-card-poker", seats_of("three-card-poker"), scenario=scenario)
    round_.play_out()
    paid = {
        (op.action.arguments["seat"], op.action.arguments["spot"]): op.action.arguments.get("amount")
        for op in round_.operations
        if op.action.step in ("pay_wager", "push_wager")
    }
    # The dealer does not qualify: the Ante pays 1 to 1, the Play pushes. Ante Bonus 5-4-1: straight flush 5 to 1.
    # Pair Plus 40-30-6-4-1: straight flush 40 to 1 on $5.
    assert paid[(5, "ante")] == 2500 and paid[(5, "play")] is None
    assert paid[(5, "ante_bonus")] == 5 * 2500
    assert paid[(5, "pair_plus")] == 40 * 500
    assert paid[(2, "ante")] == 1000


# ----- replay -----


@pytest.mark.parametrize("key", CARNIVAL_KEYS)
def test_mhb_base_game_option_a_round_replays_from_its_setup_and_log(key) -> None:
    round_ = trainee_table(key, seats_of(key), force_hit=True)
    for _ in range(len(OPENING) + 9):
        action = round_.next_action()
        assert action is not None
        round_.perform(action.step, action.arguments)
    halfway = replay_round(json.loads(json.dumps(save_round(round_))))
    assert isinstance(halfway, MysteryTableRound) and halfway.carnival is not None and round_.carnival is not None
    assert halfway.carnival.state_json() == round_.carnival.state_json()
    round_.play_out()
    replayed = replay_round(json.loads(json.dumps(save_round(round_))))
    assert replayed.table_view() == round_.table_view()


def test_mhb_base_game_option_a_table_deals_side_wagers_and_the_same_round_again_from_its_setup() -> None:
    rules = {"base_game": "trainee"}
    deal = TableDeal(rules, 7, MYSTERY_TABLE_AUTOMATIONS)
    round_ = deal_mystery_table_round(MYSTERY_GAMES["three-card-poker"], deal)
    assert any(seat.side_wagers for seat in round_.seats)
    again = MysteryTableRound.from_setup_json(json.loads(json.dumps(round_.setup_json())))
    assert again.setup_json() == round_.setup_json()
    assert again.carnival is not None and round_.carnival is not None
    assert again.carnival.deck == round_.carnival.deck


# ----- refusals -----


def test_mhb_base_game_option_a_base_game_step_before_the_drop_is_refused_out_of_order() -> None:
    round_ = trainee_table("three-card-poker", seats_of("three-card-poker"))
    error = refused(round_, "deal_hand", position="seat 2")
    assert error.code is ErrorCode.OUT_OF_ORDER
    assert error.expected is not None and error.expected.step == "announce_no_more_bets"


def test_mhb_base_game_option_a_base_game_step_out_of_its_order_is_refused_with_the_base_games_rule() -> None:
    round_ = trainee_table("three-card-poker", seats_of("three-card-poker"))
    round_.perform("announce_no_more_bets", {})
    round_.advance()
    while round_.next_action() is not None and round_.next_action().step != "deal_hand":
        action = round_.next_action()
        round_.perform(action.step, action.arguments)
        round_.advance()
    error = refused(round_, "deal_hand", position=DEALER)
    assert error.code is ErrorCode.WRONG_POSITION
    assert error.citation.clause == "Three Card Poker deal"
    assert refused(round_, "reveal_hand", position=DEALER).code is ErrorCode.OUT_OF_ORDER
    assert refused(round_, "play_base_game").code is ErrorCode.UNKNOWN_STEP


def test_mhb_base_game_option_a_base_game_step_after_the_cards_are_collected_is_refused() -> None:
    round_ = trainee_table("three-card-poker", seats_of("three-card-poker"), force_hit=True)
    while round_.next_action() is not None and round_.next_action().step != "confirm_mystery_light":
        action = round_.next_action()
        round_.perform(action.step, action.arguments)
    error = refused(round_, "collect_cards")
    assert error.code is ErrorCode.OUT_OF_ORDER and error.expected.step == "confirm_mystery_light"
    round_.play_out()
    assert refused(round_, "collect_cards").code is ErrorCode.ROUND_OVER


# ----- hidden until exposed -----


@pytest.mark.parametrize("key", CARNIVAL_KEYS)
def test_mhb_base_game_option_no_view_shows_the_dealers_cards_or_undealt_cards_before_they_are_exposed(key) -> None:
    round_ = trainee_table(key, seats_of(key), force_hit=True)
    carnival = round_.carnival
    assert carnival is not None
    while True:
        view = round_.table_view()
        shown = view_cards(view)
        exposed = set(carnival.hands[DEALER]) if DEALER in carnival.revealed else set()
        exposed |= set(carnival.community)
        for seat in carnival.seats:
            if f"seat {seat}" in carnival.revealed:
                exposed |= set(carnival.hands[f"seat {seat}"])
        assert shown <= exposed, f"{key}: the view shows {shown - exposed}"
        undealt = carnival.deck[carnival.drawn :]
        assert not set(undealt) & shown
        if round_.next_action() is None:
            break
        action = round_.next_action()
        round_.perform(action.step, action.arguments)


def view_cards(view) -> set:
    """Every card the table view shows face up."""
    carnival = view["carnival"]
    written = [carnival["dealer_cards"] or "", carnival["community_cards"]]
    written += [seat["cards"] or "" for seat in carnival["seats"].values()]
    return set(parse_cards(" ".join(written)))


def test_mhb_base_game_option_the_default_leaves_the_round_as_it_was() -> None:
    seats = [MysterySeatWagers(2, 1000, ((THREE_CARD, 500),))]
    round_ = MysteryTableRound(MYSTERY_GAMES["three-card-poker"], MysteryRules(CONFIGURATION), seats, 11)
    assert round_.carnival is None and round_.automations == SYSTEM_STEPS
    round_.play_out()
    assert "play_base_game" in [operation.action.step for operation in round_.operations]
    assert round_.table_view()["base_game_dealer"] == "engine" and round_.table_view()["carnival"] is None
