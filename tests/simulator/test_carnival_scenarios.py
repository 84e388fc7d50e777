"""MHB training table base game, option base_game: a scenario rigs the cards and players of the base game a trainee
deals, at every game whose registry entry says so. Three Card Poker's rules are the house's (Chapter 649a is not in
the regulation text we have); Ultimate Texas Hold 'Em's hands are §653a.6's and its board §653a.1's flop and river."""

import pytest

from simulator.carnival.rigging import board_size
from simulator.carnival.round import DEALER
from simulator.core.cards import parse_cards, standard_deck
from simulator.core.json_values import JsonObject, JsonValue
from simulator.games import GAMES, Game
from simulator.mystery.tables import MysteryTableRound
from simulator.notation import replay_round, save_round
from simulator.scenarios import ScenarioError, ScenarioSpec, deal_scenario

BASE_GAME_TABLES = [game for game in GAMES.values() if game.scenario.base_game is not None]
"""Every game whose table lets the trainee deal its base game, as the registry says."""
DEALER_HAND_TABLES = [
    game for game in BASE_GAME_TABLES if game.scenario.base_game and game.scenario.base_game.dealer_holds_hand
]
"""Those whose base game deals the dealer a hand (all but Let It Ride)."""
PLAY_WAGER_TABLES = [
    game
    for game in BASE_GAME_TABLES
    if game.scenario.base_game and any(street.multiples for street in game.scenario.base_game.streets)
]
"""Those whose base game has a Play Wager (all but Let It Ride)."""
SEEDS = range(4)


def base_game_of(game: Game):
    base_game = game.scenario.base_game
    assert base_game is not None
    return base_game


def spec(game: Game, rigging: JsonObject, base_game: str = "trainee") -> dict[str, JsonValue]:
    return {"game": game.key, "rules": {"base_game": base_game}, "rigging": rigging}


def other_place(game: Game) -> str:
    """A place rigged besides seat 2: the dealer where the dealer holds a hand, else seat 5."""
    return "0" if base_game_of(game).dealer_holds_hand else "5"


def rigged(game: Game) -> JsonObject:
    """Seat 2's and the dealer's (or seat 5's) whole hands, and the whole board where the game has one."""
    base_game = base_game_of(game)
    count, board = base_game.hole_cards, board_size(base_game)
    rigging: JsonObject = {
        "cards": {"2": " ".join(["As", "Kd", "7c"][:count]), other_place(game): " ".join(["2h", "3h", "9s"][:count])}
    }
    if board:
        rigging["community_cards"] = " ".join(["Qh", "Jc", "8d", "5s", "4c"][:board])
    return rigging


def dealt(data: dict[str, JsonValue], seed: int = 3) -> MysteryTableRound:
    round_ = deal_scenario(ScenarioSpec.from_json(data), seed, 1)
    assert isinstance(round_, MysteryTableRound) and round_.carnival is not None
    return round_


def errors_of(data: dict[str, JsonValue]) -> dict[str, str]:
    with pytest.raises(ScenarioError) as raised:
        ScenarioSpec.from_json(data)
    return raised.value.errors


# ----- the registry says what a scenario rigs -----


@pytest.mark.parametrize("game", BASE_GAME_TABLES, ids=lambda game: game.key)
def test_mhb_base_game_option_the_registry_offers_the_cards_habits_and_any_board_of_the_base_game(game: Game) -> None:
    support = game.scenario.rigging
    assert {"cards", "habits"} <= support
    assert ("community_cards" in support) == (board_size(base_game_of(game)) > 0)


# ----- the rigged cards are the ones dealt -----


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("game", BASE_GAME_TABLES, ids=lambda game: game.key)
def test_mhb_base_game_option_each_rigged_place_and_the_board_are_dealt_the_rigged_cards(game: Game, seed: int) -> None:
    rigging = rigged(game)
    round_ = dealt(spec(game, rigging), seed)
    round_.play_out()
    carnival = round_.carnival
    assert carnival is not None
    cards = rigging["cards"]
    assert isinstance(cards, dict)
    assert carnival.hands["seat 2"] == parse_cards(str(cards["2"]))
    place = other_place(game)
    assert carnival.hands[DEALER if place == "0" else f"seat {place}"] == parse_cards(str(cards[place]))
    assert tuple(carnival.community) == parse_cards(str(rigging.get("community_cards", "")))
    assert sorted(carnival.deck) == sorted(standard_deck()), "the deck is 52 cards, each once"


@pytest.mark.parametrize("game", DEALER_HAND_TABLES, ids=lambda game: game.key)
def test_mhb_base_game_option_a_place_rigged_one_card_is_dealt_it_first_and_the_rest_from_the_deck(game: Game) -> None:
    for seed in SEEDS:
        round_ = dealt(spec(game, {"cards": {"0": "Ah"}}), seed)
        round_.play_out()
        assert round_.carnival is not None
        dealer = round_.carnival.hands[DEALER]
        assert dealer[0] == parse_cards("Ah")[0] and len(dealer) == base_game_of(game).hole_cards


@pytest.mark.parametrize("game", BASE_GAME_TABLES, ids=lambda game: game.key)
def test_mhb_base_game_option_a_rigged_seat_is_seated_with_its_base_wager_and_every_side_wager(game: Game) -> None:
    base_game = base_game_of(game)
    for seed in SEEDS:
        round_ = dealt(spec(game, {"habits": {"6": "cautious"}, "cards": {"1": "Th"}}), seed)
        assert round_.carnival is not None
        for seat in (1, 6):
            wagers = round_.carnival.seats[seat]
            assert {*base_game.base_areas, *base_game.side_areas} == set(wagers), (seed, seat)


def pair_of_aces(game: Game) -> str:
    """A pair of aces (and a king at Three Card Poker): a hand the house advice plays at once."""
    return " ".join(["As", "Ad", "Kc"][: base_game_of(game).hole_cards])


def corrected_seats(round_: MysteryTableRound) -> list[JsonValue]:
    """The seats whose Play Wager the dealer puts right as the round is played out."""
    return [op.action.arguments["seat"] for op in round_.play_out() if op.action.step == "correct_play_wager"]


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("game", PLAY_WAGER_TABLES, ids=lambda game: game.key)
def test_house_carnival_poker_wrong_play_wager_a_rigged_habit_puts_out_a_wrong_play_wager_to_put_right(
    game: Game, seed: int
) -> None:
    wrong = dealt(spec(game, {"cards": {"4": pair_of_aces(game)}, "habits": {"4": "wrong_amount"}}), seed)
    assert corrected_seats(wrong).count(4) == 1


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("game", BASE_GAME_TABLES, ids=lambda game: game.key)
def test_house_advice_a_seat_rigged_cards_without_a_habit_plays_them_by_the_house_advice(game: Game, seed: int) -> None:
    round_ = dealt(spec(game, {"cards": {"4": pair_of_aces(game)}}), seed)
    assert round_.carnival is not None and round_.carnival.habits[4].name == "HOUSE_ADVICE"
    assert 4 not in corrected_seats(round_)


# ----- replay -----


@pytest.mark.parametrize("game", BASE_GAME_TABLES, ids=lambda game: game.key)
def test_mhb_base_game_option_a_rigged_round_replays_from_its_setup_and_log(game: Game) -> None:
    round_ = dealt(spec(game, rigged(game) | {"habits": {"2": "cautious"}}))
    round_.play_out()
    saved = save_round(round_)
    setup = saved["setup"]
    assert isinstance(setup, dict) and "base_game_scenario" in setup
    replayed = replay_round(saved)
    assert isinstance(replayed, MysteryTableRound) and replayed.carnival is not None and round_.carnival is not None
    assert replayed.carnival.state_json() == round_.carnival.state_json()
    assert replayed.table_view() == round_.table_view()


# ----- what a scenario may not rig, each refused with its field named -----


@pytest.mark.parametrize("game", BASE_GAME_TABLES, ids=lambda game: game.key)
def test_mhb_base_game_option_a_card_rigged_twice_is_refused(game: Game) -> None:
    place = other_place(game)
    errors = errors_of(spec(game, {"cards": {"1": "As", place: "As 2c"}}))
    assert {"rigging.cards.1", f"rigging.cards.{place}"} == set(errors)
    assert "As rigged twice" in errors[f"rigging.cards.{place}"]
    if "community_cards" in game.scenario.rigging:
        board = errors_of(spec(game, {"cards": {"1": "Kd"}, "community_cards": "Kd 2c"}))
        assert {"rigging.cards.1", "rigging.community_cards"} == set(board)


@pytest.mark.parametrize("game", BASE_GAME_TABLES, ids=lambda game: game.key)
def test_mhb_base_game_option_a_joker_is_refused(game: Game) -> None:
    assert "no joker" in errors_of(spec(game, {"cards": {"3": "JK"}}))["rigging.cards.3"]


@pytest.mark.parametrize("game", BASE_GAME_TABLES, ids=lambda game: game.key)
def test_mhb_base_game_option_more_cards_than_a_place_or_the_board_is_dealt_are_refused(game: Game) -> None:
    base_game = base_game_of(game)
    four = "2c 3c 4c 5c 6c 7c"
    too_many = " ".join(four.split()[: base_game.hole_cards + 1])
    place = other_place(game)
    assert "at most" in errors_of(spec(game, {"cards": {place: too_many}}))[f"rigging.cards.{place}"]
    if "community_cards" in game.scenario.rigging:
        board = " ".join(four.split()[: board_size(base_game) + 1])
        assert "at most" in errors_of(spec(game, {"community_cards": board}))["rigging.community_cards"]


@pytest.mark.parametrize("game", BASE_GAME_TABLES, ids=lambda game: game.key)
def test_mhb_base_game_option_nothing_of_the_base_game_is_rigged_where_the_engine_deals_it(game: Game) -> None:
    errors = errors_of(spec(game, rigged(game) | {"habits": {"1": "cautious"}}, base_game="engine"))
    board = ["rigging.community_cards"] if "community_cards" in game.scenario.rigging else []
    assert set(errors) == {"rigging.cards.2", f"rigging.cards.{other_place(game)}", "rigging.habits.1", *board}
    assert all("the engine deals the base game" in message for message in errors.values())


@pytest.mark.parametrize("game", BASE_GAME_TABLES, ids=lambda game: game.key)
def test_mhb_base_game_option_a_habit_is_one_of_the_habits_at_a_seat(game: Game) -> None:
    errors = errors_of(spec(game, {"habits": {"7": "cautious", "2": "reckless"}, "cards": {"9": "As"}}))
    assert set(errors) == {"rigging.habits.7", "rigging.habits.2", "rigging.cards.9"}
    assert "cautious" in errors["rigging.habits.2"]


@pytest.mark.parametrize("game", BASE_GAME_TABLES, ids=lambda game: game.key)
def test_mhb_base_game_option_a_rigged_scenario_reads_back_equal(game: Game) -> None:
    read = ScenarioSpec.from_json(spec(game, rigged(game) | {"habits": {"5": "cautious"}}))
    assert ScenarioSpec.from_json(read.to_json()) == read


def test_let_it_ride_poker_deal_the_dealer_holds_no_hand_to_rig_and_no_wrong_play_wager_habit() -> None:
    game = GAMES["let-it-ride"]
    errors = errors_of(spec(game, {"cards": {"0": "As"}, "habits": {"3": "wrong_amount"}}))
    assert "deals the dealer no hand" in errors["rigging.cards.0"]
    assert "is not one of" in errors["rigging.habits.3"]
