"""The drill library deals what each drill claims: expected payouts, settings and positions from the regulation text."""

import re
from collections.abc import Mapping

import pytest

from simulator.blackjack.arithmetic import blackjack_total
from simulator.blackjack.round import DownUnderRound
from simulator.core.cards import parse_cards
from simulator.core.clauses import CLAUSES
from simulator.core.dice import DiceRoll
from simulator.core.hands import is_tiger_nine
from simulator.core.json_values import JsonValue
from simulator.core.procedure import Operation, Round
from simulator.drills import DRILLS, DRILLS_BY_KEY, FOULING_HAND, GROUPS, Drill
from simulator.mystery.games import MYSTERY_GAME_LIST, MysteryGame
from simulator.notation import replay_round, save_round
from simulator.pai_gow.round import DEALER, PaiGowRound
from simulator.scenarios import ScenarioError, ScenarioSpec, deal_scenario

SEEDS = range(3)


def dealt(drill: Drill, seed: int = 7) -> tuple[Round, list[Operation]]:
    """The drill's first round, dealt with ``seed`` and played out by the engine."""
    round_ = deal_scenario(ScenarioSpec.from_json(drill.spec), seed, 1)
    return round_, round_.play_out()


def pai_gow(drill: Drill, seed: int = 7) -> tuple[PaiGowRound, list[Operation]]:
    """A Pai Gow Poker drill's round, played out."""
    round_, operations = dealt(drill, seed)
    assert isinstance(round_, PaiGowRound)
    return round_, operations


def steps_of(operations: list[Operation], step: str) -> list[Mapping[str, JsonValue]]:
    """The arguments of every operation of ``step``."""
    return [operation.action.arguments for operation in operations if operation.action.step == step]


# ----- the library as data -----


@pytest.mark.parametrize("drill", DRILLS, ids=lambda drill: drill.key)
def test_every_drill_is_a_scenario_the_engine_reads_and_cites_catalogue_clauses(drill: Drill) -> None:
    spec = ScenarioSpec.from_json(drill.spec)
    assert ScenarioSpec.from_json(spec.to_json()) == spec
    assert drill.group in GROUPS
    assert all(clause in CLAUSES for clause in drill.clauses)
    assert drill.citation.clause == drill.clauses[0]


def test_every_drill_has_its_own_key() -> None:
    assert len(DRILLS_BY_KEY) == len(DRILLS)


# ----- Sum, Match and Beat It (§645b.2(g)) -----

DICE_PAYOUTS = {
    # "Sum of Dice Paytable A … 17 25 to 1": $10 wins $250.
    "sum-a": ("sum", 25 * 1000),
    # "Paytable B … 8 4 to 1" (Paytable A pays 8 at 3 to 1): $10 wins $40.
    "sum-b": ("sum", 4 * 1000),
    # "Paytable C … Any three match 3 to 1", and not also "Any two match".
    "sum-c": ("sum", 3 * 1000),
    # "Paytable D … Any Series of three 15 to 2": $10 wins $75.
    "sum-d": ("sum", 15 * 1000 // 2),
    # "Double Match 6 to 1".
    "match-double": ("match-4", 6 * 1000),
    # "Triple Match 100 to 1".
    "match-triple": ("match-5", 100 * 1000),
    # "Red Die Beats Sum of Blue Dice by: … 4 Points 50 to 1" on Paytable A.
    "beat-it-a": ("beat-it", 50 * 1000),
    # "… 4 Points … 60 to 1" on Paytable B.
    "beat-it-b": ("beat-it", 60 * 1000),
    # "Paytable C Any Die Beats Sum of other two by one or more Points 5 to 2".
    "beat-it-c": ("beat-it", 5 * 1000 // 2),
}


@pytest.mark.parametrize("key", DICE_PAYOUTS)
def test_645b2_g_each_dice_drill_pays_its_paytables_line(key: str) -> None:
    spot, payout = DICE_PAYOUTS[key]
    _, operations = pai_gow(DRILLS_BY_KEY[key])
    assert {"seat": 1, "spot": spot, "amount": payout} in steps_of(operations, "pay_wager")


def test_645b2_g1_the_sum_drills_roll_the_totals_their_lines_name() -> None:
    rolls = {key: pai_gow(DRILLS_BY_KEY[key])[0].dice for key in ("sum-a", "sum-b", "sum-c", "sum-d", "beat-it-c")}
    assert rolls["sum-a"] is not None and rolls["sum-a"].total == 17
    assert rolls["sum-b"] is not None and rolls["sum-b"].total == 8
    assert rolls["sum-c"] == DiceRoll(4, (4, 4))
    assert rolls["sum-d"] is not None and sorted(rolls["sum-d"].values) == [3, 4, 5]
    # Beat It C: "Any Die", whatever its colour: the blue 6 beats 2 + 1 by 3.
    assert rolls["beat-it-c"] == DiceRoll(2, (6, 1))


# ----- Tiger 9 (§645b.1) -----


@pytest.mark.parametrize("seed", SEEDS)
def test_645b1_f1_the_tiger_9_push_drill_gives_the_dealer_a_tiger_9_and_pushes_every_wager(seed: int) -> None:
    round_, operations = pai_gow(DRILLS_BY_KEY["tiger-9-push"], seed)
    assert round_.dealer_hand is not None and is_tiger_nine(round_.dealer_hand.low)
    pushed = {(arguments["seat"], arguments["spot"]) for arguments in steps_of(operations, "push_wager")}
    assert pushed == {(1, "pai-gow"), (4, "pai-gow")}


@pytest.mark.parametrize("seed", SEEDS)
def test_645b1_h_the_tiger_9_wager_drill_pays_30_to_1(seed: int) -> None:
    _, operations = pai_gow(DRILLS_BY_KEY["tiger-9-wager"], seed)
    assert {"seat": 2, "spot": "tiger-9", "amount": 30 * 500} in steps_of(operations, "pay_wager")


# ----- the house way, from the Foxwoods house way's text -----

HOUSE_WAY_LOW_HANDS = {
    # "two pair, big pair A, K, Q or J: Split: the small pair goes in the low hand."
    "house-way-two-pair": "4d 4c",
    # "straight … with no pair: The two highest cards that still leave a complete hand in the high hand go in the
    # low hand": the joker must stay as the 6 of 5-6-7-8-9, so the king and the 2 go low.
    "house-way-straight-joker": "Kh 2s",
    # The same clause for a flush: the joker completes the hearts, so the king and queen go low.
    "house-way-flush-joker": "Ks Qd",
    # "five aces: A pair of aces goes in the low hand, unless a pair of kings can go there" (no kings here).
    "house-way-five-aces": "JK As",
    # "four aces, kings, queens or jacks: Always split: a pair in each hand."
    "house-way-four-jacks": "Js Jh",
}


@pytest.mark.parametrize("key", HOUSE_WAY_LOW_HANDS)
def test_foxwoods_house_way_each_drill_deals_its_hand_and_sets_it_by_the_house_ways_text(key: str) -> None:
    drill = DRILLS_BY_KEY[key]
    round_, _ = pai_gow(drill)
    rigged = drill.spec["rigging"]
    assert isinstance(rigged, dict) and isinstance(rigged["hands"], dict)
    assert sorted(round_.stack_for(DEALER)) == sorted(parse_cards(str(rigged["hands"]["0"])))
    assert round_.dealer_hand is not None
    assert sorted(round_.dealer_hand.low) == sorted(parse_cards(HOUSE_WAY_LOW_HANDS[key]))


def test_the_joker_drills_hold_the_joker_and_the_five_aces_drill_four_aces() -> None:
    hands = {key: parse_cards(str(DRILLS_BY_KEY[key].spec["rigging"]["hands"]["0"])) for key in HOUSE_WAY_LOW_HANDS}  # type: ignore[index,call-overload]
    assert all(
        any(card.is_joker for card in hands[key]) for key in ("house-way-straight-joker", "house-way-flush-joker")
    )
    assert sum(str(card).startswith("A") for card in hands["house-way-five-aces"]) == 4


@pytest.mark.parametrize("seed", range(40))
def test_645a11_f_the_foul_drill_seat_fouls_and_loses_whatever_the_seed(seed: int) -> None:
    _, operations = pai_gow(DRILLS_BY_KEY["foul-loses"], seed)
    # The fouling player puts the ace and king low over a 9-high high hand: the low hand outranks the high hand.
    assert steps_of(operations, "set_player_hand")[0]["low"] == "As Kd"
    assert {"seat": 1, "spot": "pai-gow"} in steps_of(operations, "collect_wager")


def test_645a11_f_the_reset_foul_drill_has_the_dealer_reset_the_hand_by_the_house_way() -> None:
    _, operations = pai_gow(DRILLS_BY_KEY["foul-reset"])
    assert steps_of(operations, "reset_fouled_hand") == [{"seat": 1}]


def test_the_fouling_hand_is_the_seats_rigged_stack() -> None:
    round_, _ = pai_gow(DRILLS_BY_KEY["foul-loses"])
    assert sorted(round_.stack_for(1)) == sorted(parse_cards(FOULING_HAND))


# ----- the starting position (§621a.6(c)) -----

COUNTERCLOCKWISE_FROM_THE_DEALER = (DEALER, 6, 5, 4, 3, 2, 1)
"""§621a.6(c): "Count the dealer as 1 and go counterclockwise through every position": dealer, seat 6 … seat 1."""


@pytest.mark.parametrize("total", range(3, 19))
def test_621a6_c_a_drill_for_every_dice_total_starts_where_the_count_ends(total: int) -> None:
    round_, _ = pai_gow(DRILLS_BY_KEY[f"starting-position-{total}"])
    assert round_.dice is not None and round_.dice.total == total
    assert round_.starting_place == COUNTERCLOCKWISE_FROM_THE_DEALER[(total - 1) % 7]


# ----- the Mystery Bonus on each of its games -----


@pytest.mark.parametrize("game", MYSTERY_GAME_LIST, ids=lambda game: game.key)
def test_c5_each_mystery_drill_hits_on_its_own_game(game: MysteryGame) -> None:
    drill = DRILLS_BY_KEY[f"mystery-{game.key}"]
    assert drill.spec["game"] == game.key
    assert drill.clauses[0] == f"{game.section}(c)(5)(iii)"
    _, operations = dealt(drill)
    assert len(steps_of(operations, "pay_mystery_bonus")) == 1


def test_there_is_a_mystery_drill_for_each_mhb_game_and_no_other() -> None:
    drills = {drill.key for drill in DRILLS if drill.key.startswith("mystery-")}
    assert drills == {f"mystery-{game.key}" for game in MYSTERY_GAME_LIST}


# ----- Match the Dealer (§685b.1) -----


@pytest.mark.parametrize("decks", (6, 8))
def test_685b1_b_the_match_the_dealer_drill_hits_on_its_shoe(decks: int) -> None:
    round_, operations = dealt(DRILLS_BY_KEY[f"match-the-dealer-{decks}-decks"])
    assert isinstance(round_, DownUnderRound)
    assert round_.table.decks == decks
    assert str(round_.upcard) == "As"
    # §685b.1(j): the meter seeds at 1,000 times the $1 wager; the A♠ combination wins all of it, and (h)(4) a
    # percentage of the meter is not paid from the table inventory.
    awards = steps_of(operations, "pay_progressive_win")
    assert any(award["amount"] >= 1000 * 100 and award["source"] != "table inventory" for award in awards)  # type: ignore[operator]


# ----- wagers after "No more bets" and the full round -----


def test_645b2_f_the_late_wager_drill_is_tried_after_no_more_bets_and_refused() -> None:
    _, operations = pai_gow(DRILLS_BY_KEY["late-wager"])
    steps = [operation.action.step for operation in operations]
    assert steps.index("announce_no_more_bets") < steps.index("attempt_late_wager") < steps.index("refuse_late_wager")


def test_685b1_d2_the_down_under_late_wager_drill_is_tried_after_the_lock_out_and_refused() -> None:
    round_, operations = dealt(DRILLS_BY_KEY["late-match-the-dealer-wager"])
    steps = [operation.action.step for operation in operations]
    assert isinstance(round_, DownUnderRound)
    assert (
        steps.index("lock_out_progressive_wagers")
        < steps.index("attempt_late_wager")
        < steps.index("refuse_late_wager")
    )
    assert steps_of(operations, "refuse_late_wager") == [{"seat": 5}]


def test_645b1_a_the_commission_free_round_collects_no_commission() -> None:
    round_, operations = pai_gow(DRILLS_BY_KEY["commission-free-round"])
    assert round_.rules.commission_free
    assert not steps_of(operations, "collect_commission")
    assert steps_of(operations, "set_dealer_hand")


# ----- the foul the scenarios rig -----


def test_645a11_f_a_foul_needs_a_seated_player() -> None:
    data: dict[str, JsonValue] = {
        "game": "pai-gow-poker",
        "seats": {"1": {"pai-gow": 1000}},
        "rigging": {"foul_seat": 3},
    }
    with pytest.raises(ScenarioError) as refused:
        ScenarioSpec.from_json(data)
    assert "rigging.foul_seat" in refused.value.errors


def test_645a11_f_a_rigged_foul_replays_exactly() -> None:
    round_, _ = pai_gow(DRILLS_BY_KEY["foul-loses"])
    assert save_round(replay_round(save_round(round_))) == save_round(round_)


# ----- the Down Under Blackjack hand dealt by the trainee -----

BLACKJACK_SEAT = "seat 3"


def down_under(drill: Drill, seed: int) -> tuple[DownUnderRound, list[Operation]]:
    """A Down Under Blackjack drill's round, played out."""
    round_, operations = dealt(drill, seed)
    assert isinstance(round_, DownUnderRound)
    return round_, operations


def decision_made(operations: list[Operation], position: str) -> JsonValue:
    """The first decision a hand's player made: as signalled, or as said aloud when the dealer asked."""
    for operation in operations:
        if operation.action.arguments.get("position") != position:
            continue
        if operation.action.step in ("signal_decision", "confirm_decision") and "decision" in operation.facts:
            return operation.facts["decision"]
    raise AssertionError(f"no decision at {position}")


def settlements(operations: list[Operation]) -> list[tuple[str, JsonValue, JsonValue]]:
    """Each Down Under Blackjack settlement in order: the step, the hand and the amount paid (None unless paid)."""
    steps = ("pay_blackjack_wager", "push_blackjack_wager", "collect_blackjack_wager")
    return [
        (operation.action.step, operation.action.arguments["position"], operation.action.arguments.get("amount"))
        for operation in operations
        if operation.action.step in steps
    ]


def payout_odds(result: str, table: str = "3 to 2") -> tuple[int, int]:
    """The odds the house clauses' text gives a result: a win "paid 1 to 1", a blackjack at the table's option."""
    if result == "blackjack":
        text = CLAUSES["Down Under Blackjack blackjack payout, option blackjack_pays"].text
        pattern = rf"(\d+) to (\d+) where the table pays {table}" if table != "3 to 2" else r"paid (\d+) to (\d+)"
    else:
        text, pattern = CLAUSES["Down Under Blackjack payouts"].text, r"paid (\d+) to (\d+) on its wager"
    found = re.search(pattern, text)
    assert found, text
    return int(found[1]), int(found[2])


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("decision", ["hit", "stand", "double", "split"])
def test_house_signals_each_decision_drill_has_its_player_signal_that_decision(decision: str, seed: int) -> None:
    round_, operations = down_under(DRILLS_BY_KEY[f"blackjack-{decision}"], seed)
    assert decision_made(operations, BLACKJACK_SEAT) == decision
    if decision == "double":
        assert BLACKJACK_SEAT in round_.doubled and len(round_.hands[3]) == 3
    if decision == "split":
        assert steps_of(operations, "split_pair") == [{"seat": 3}]


@pytest.mark.parametrize("seed", SEEDS)
def test_house_confirming_a_signal_the_hunch_drill_expects_the_dealer_to_confirm_a_hit_on_hard_17(seed: int) -> None:
    drill = DRILLS_BY_KEY["blackjack-confirm-a-hit-on-hard-17"]
    round_ = deal_scenario(ScenarioSpec.from_json(drill.spec), seed, 1)
    assert isinstance(round_, DownUnderRound)
    action = round_.next_action()
    while action is not None and action.step != "signal_decision":
        round_.perform(action.step, action.arguments)
        action = round_.next_action()
    assert action is not None and action.arguments == {"position": BLACKJACK_SEAT}
    assert blackjack_total(round_.cards_at(BLACKJACK_SEAT)) == 17
    round_.perform(action.step, action.arguments)
    confirm = round_.next_action()
    assert confirm is not None and confirm.step == "confirm_decision"
    assert confirm.arguments == {"position": BLACKJACK_SEAT}
    assert confirm.citation.clause == "Down Under Blackjack confirming a signal" == drill.citation.clause
    assert decision_made(round_.play_out(), BLACKJACK_SEAT) == "hit"


@pytest.mark.parametrize("seed", SEEDS)
def test_house_settlement_order_the_split_drill_settles_the_split_hand_before_the_first_at_1_to_1(seed: int) -> None:
    _, operations = down_under(DRILLS_BY_KEY["blackjack-split"], seed)
    settled = settlements(operations)
    assert [position for _, position, _ in settled] == ["seat 3 split", "seat 3"]
    paying, to = payout_odds("win")
    for step, _, amount in settled:
        assert step != "pay_blackjack_wager" or amount == 1000 * paying // to


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("pays", ["3 to 2", "6 to 5"])
def test_blackjack_pays_each_blackjack_drill_pays_its_tables_odds(pays: str, seed: int) -> None:
    _, operations = down_under(DRILLS_BY_KEY[f"blackjack-pays-{pays.replace(' ', '-')}"], seed)
    paying, to = payout_odds("blackjack", pays)
    assert settlements(operations) == [("pay_blackjack_wager", BLACKJACK_SEAT, 1000 * paying // to)]


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize(("key", "draws"), [("dealer-hits-soft-17", True), ("dealer-stands-on-soft-17", False)])
def test_house_dealer_drawing_rule_the_soft_17_drills_draw_only_where_the_table_hits_soft_17(
    key: str, draws: bool, seed: int
) -> None:
    round_, operations = down_under(DRILLS_BY_KEY[key], seed)
    steps = [operation.action for operation in operations]
    turned = next(index for index, action in enumerate(steps) if action.step == "turn_hole_card")
    drawn = [action for action in steps[turned:] if action.step == "deal_card"]
    assert [str(card) for card in round_.dealer_cards[:2]] == ["As", "6c"]
    assert bool(drawn) is draws
    assert all(action.citation.clause == DRILLS_BY_KEY[key].clauses[0] for action in drawn)
