"""Seeding faults into a round the engine plays: where they show, that the engine refuses them, and exact replay."""

from __future__ import annotations

import json
import random
from collections.abc import Collection

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from simulator.core.clauses import CLAUSES
from simulator.core.json_values import JsonValue
from simulator.core.mystery_meter import BaseGameDealer, MysteryRules, PaymentSource, mystery_configuration
from simulator.core.procedure import ErrorCode, IllegalOperation, Round
from simulator.core.rules import RulesError
from simulator.core.wager_phase import WagerPhaseMixin
from simulator.games import GAMES, Game
from simulator.mystery.tables import rules_to_json
from simulator.notation import deal_saved, save_round
from simulator.surveillance.catalogue import FaultKind, fault_kinds
from simulator.surveillance.seen import Seen
from simulator.surveillance.watching import (
    MAX_FAULTS,
    FaultChoice,
    WatchedRound,
    choose_faults,
    eligible_faults,
    replay_watched,
    watch,
    watched_log,
)
from simulator.table_deals import TableDeal
from tests.simulator.surveillance_rounds import first_rounds_of_each_kind, played_sample, sample


def performed_until_refused(round_: Round, steps: tuple[Seen, ...]) -> int | None:
    """Perform the watched steps in order on a fresh deal of the round: the number of the first the engine refuses.

    The felt marks whether a card its clause keeps from view was seen face up (``face_up``), which the engine's step
    does not take: face down is the step itself, face up a card exposed.
    """
    fresh = deal_saved(save_round(round_))
    for number, seen in enumerate(steps, start=1):
        try:
            if seen.arguments.get("face_up") is True:
                raise IllegalOperation(ErrorCode.MALFORMED_STEP, "exposed", CLAUSES[next(iter(CLAUSES))])
            fresh.perform(seen.step, seen.step_arguments)
        except IllegalOperation:
            return number
    return None


def replayed(watched: WatchedRound) -> WatchedRound:
    """The watched round's log written as JSON text, read and replayed."""
    return replay_watched(json.loads(json.dumps(watched_log(watched))))


def each_fault_seeded_alone_replays_exactly(
    played: Round, game: Game, known: Collection[FaultKind] = ()
) -> set[FaultKind]:
    """Seed each fault kind the played round can hold, alone at its first operation, on a fresh copy of the round:
    the engine refuses the step shown exactly at the fault, and the watched round replays equal. The kinds seeded,
    but for the ``known`` kinds, already seeded in another round of the game."""
    firsts: dict[FaultKind, FaultChoice] = {}
    for choice in eligible_faults(played):
        if choice.kind not in known:
            firsts.setdefault(choice.kind, choice)
    assert set(firsts) <= set(fault_kinds(game))
    for choice in firsts.values():
        watched = watch(deal_saved(save_round(played)), [choice])
        (fault,) = watched.faults
        assert performed_until_refused(watched.round, watched.steps) == fault.step
        again = replayed(watched)
        assert again.steps == watched.steps
        assert again.faults == watched.faults
        assert again.round.table_view() == watched.round.table_view()
    return set(firsts)


@pytest.mark.parametrize("key", list(GAMES))
def test_every_game_is_watched_with_each_fault_its_round_can_hold_and_replays_exactly(key):
    seeded = each_fault_seeded_alone_replays_exactly(played_sample(key), GAMES[key])
    assert {FaultKind.CHIP_COUNT_MISSTATED, FaultKind.PAST_POSTING} <= seeded, "every game takes progressive chips"


def trainee_deals_the_base_game(game: Game, rules: dict[str, JsonValue]) -> bool:
    """Whether a table of the game with these rules (valid ones) has the trainee deal its base game."""
    try:
        return game.dealt_base_game(game.read_rules(rules)) is not None
    except RulesError:
        return False


def test_a_table_whose_trainee_deals_the_base_game_is_watched_with_each_fault_its_round_can_hold():
    tables = [
        (game, rules)
        for game in GAMES.values()
        for option in game.options()
        for rules in ({option.name: choice} for choice in option.choices if choice is not None)
        if trainee_deals_the_base_game(game, rules)
    ]
    assert tables
    for game, rules in tables:
        round_ = game.deal(TableDeal(rules, 4, game.automations, force_mystery_hit=True))
        round_.play_out()
        known = {choice.kind for choice in eligible_faults(played_sample(game.key))}
        seeded = each_fault_seeded_alone_replays_exactly(round_, game, known)
        assert FaultKind.MISSED_COLLECTION in seeded, game.name


def test_every_fault_kind_is_seeded_in_a_round_of_a_game_or_the_drill_library_and_differs_exactly_there():
    found = first_rounds_of_each_kind()
    assert set(found) == set(FaultKind)
    for kind, (round_, choice) in found.items():
        watched = watch(deal_saved(save_round(round_)), [choice])
        (fault,) = watched.faults
        assert fault.kind is kind
        right = [step for step in watched.steps[: fault.step - 1]]
        assert right == list(watch(deal_saved(save_round(round_)), []).steps[: fault.step - 1])
        assert performed_until_refused(watched.round, watched.steps) == fault.step
        assert CLAUSES[fault.citation.clause] == fault.citation


GRADED_AS = {
    FaultKind.SHORT_PAY: {ErrorCode.WRONG_AMOUNT},
    FaultKind.OVERPAY: {ErrorCode.WRONG_AMOUNT},
    FaultKind.PAID_LOSING_HAND: {ErrorCode.WRONG_SETTLEMENT},
    FaultKind.PAID_FOULED_HAND: {ErrorCode.WRONG_SETTLEMENT},
    FaultKind.WRONG_HOUSE_WAY: {ErrorCode.NOT_HOUSE_WAY},
    FaultKind.MISSED_COLLECTION: {ErrorCode.WRONG_SETTLEMENT},
    FaultKind.MISSED_PUSH: {ErrorCode.WRONG_SETTLEMENT},
    FaultKind.WRONG_DICE_TOTAL: {ErrorCode.WRONG_DICE},
    FaultKind.WRONG_DICE_COLOUR: {ErrorCode.WRONG_DICE},
    FaultKind.MISSED_TIGER_NINE_PUSH: {ErrorCode.WRONG_TIGER_NINE},
    FaultKind.MYSTERY_PAID_EARLY: {ErrorCode.OUT_OF_ORDER},
    FaultKind.CARD_EXPOSED: {None},
    FaultKind.DEALT_OUT_OF_ORDER: {ErrorCode.WRONG_DELIVERY_ORDER, ErrorCode.WRONG_POSITION},
    FaultKind.CHIP_COUNT_MISSTATED: {ErrorCode.WRONG_CHIP_COUNT},
    FaultKind.PAST_POSTING: {ErrorCode.LATE_WAGER_ACCEPTED},
    FaultKind.CAPPING: {ErrorCode.LATE_WAGER_ACCEPTED},
    FaultKind.PINCHING: {ErrorCode.LATE_WAGER_ACCEPTED},
    FaultKind.CHIP_NOT_DROPPED: {ErrorCode.CHIP_MISMATCH_MISSED},
}
"""The error the grader gives a dealer for each fault, by the error codes' meanings: a dealer's step done so, or
(a player's move) the dealer's letting it stand; a card seen face up is no step the engine can be given."""


def test_each_fault_is_the_error_the_grader_gives_a_dealer_for_it():
    for kind, (round_, choice) in first_rounds_of_each_kind().items():
        (fault,) = watch(deal_saved(save_round(round_)), [choice]).faults
        assert fault.code in GRADED_AS[kind], kind


@settings(max_examples=8, deadline=None)
@given(st.sampled_from(list(GAMES)), st.integers(0, 10**6), st.booleans())
def test_a_round_with_no_fault_shows_only_steps_the_engine_accepts_as_right(key, seed, forced_hit):
    round_ = GAMES[key].sample_round(seed, forced_hit)
    watched = watch(round_, [])
    assert watched.faults == ()
    assert len(watched.steps) == len(round_.operations)
    assert performed_until_refused(round_, watched.steps) is None


def test_the_felt_at_each_step_stands_after_the_operations_shown_and_draws_the_faults_shown_so_far():
    for key in GAMES:
        watched = watch(sample(key), choose_faults(played_sample(key), MAX_FAULTS, random.Random(key)))
        assert len(watched.performed) == len(watched.steps)
        counts = [watched.felt_at(number)[0] for number in range(1, len(watched.steps) + 1)]
        assert counts == sorted(counts) and counts[-1] == len(watched.round.operations)
        first = watched.faults[0]
        assert counts[: first.step - 1] == list(range(1, first.step))
        assert watched.felt_at(first.step)[1] == (first.seen,)
        assert watched.felt_at(len(watched.steps))[1] == tuple(fault.seen for fault in watched.faults)


def test_up_to_three_faults_seeded_at_random_replay_exactly_and_each_shows_where_the_engine_refuses_it():
    for key in GAMES:
        round_ = sample(key)
        choices = choose_faults(round_, MAX_FAULTS, random.Random(key))
        watched = watch(round_, choices)
        assert len(watched.faults) == min(MAX_FAULTS, len({c.operation for c in eligible_faults(played_sample(key))}))
        assert performed_until_refused(watched.round, watched.steps) == watched.faults[0].step
        again = replayed(watched)
        assert (again.steps, again.faults) == (watched.steps, watched.faults)


def test_the_same_random_generator_chooses_the_same_faults():
    round_ = played_sample(next(iter(GAMES)))
    assert choose_faults(round_, 2, random.Random(7)) == choose_faults(round_, 2, random.Random(7))


def test_a_short_pay_pays_five_percent_less_and_an_overpay_five_percent_more_at_the_same_payment():
    key, choice = next(
        (key, choice)
        for key in GAMES
        for choice in eligible_faults(played_sample(key))
        if choice.kind is FaultKind.SHORT_PAY
    )
    right = played_sample(key).operations[choice.operation - 1].action.arguments["amount"]
    assert isinstance(right, int)
    short = watch(sample(key), [choice]).faults[0].seen.arguments["amount"]
    over = watch(sample(key), [FaultChoice(FaultKind.OVERPAY, choice.operation)]).faults[0].seen.arguments["amount"]
    assert (short, over) == (right - max(1, right // 20), right + max(1, right // 20))


def test_670a7_c_and_645b2_f_a_player_s_chips_moved_after_betting_closed_cite_the_rule_of_no_more_bets():
    moved_after_no_more_bets = (FaultKind.PAST_POSTING, FaultKind.CAPPING, FaultKind.PINCHING)
    for key in GAMES:
        for choice in eligible_faults(played_sample(key)):
            if choice.kind in moved_after_no_more_bets:
                watched = watch(sample(key), [choice])
                fault = watched.faults[0]
                assert fault.seen.actor.value == "player"
                assert isinstance(watched.round, WagerPhaseMixin)
                assert fault.citation == watched.round.late_wager_citation(fault.spot or "")
                assert "no more bets" in fault.citation.text.lower()


def test_too_many_overlapping_or_impossible_faults_are_refused_and_the_round_is_played_right_all_the_same():
    key = next(iter(GAMES))
    round_ = sample(key)
    choices = eligible_faults(played_sample(key))
    with pytest.raises(ValueError, match="at most 3"):
        watch(round_, choices[:4])
    with pytest.raises(ValueError, match="Two faults"):
        watch(round_, [choices[0], choices[0]])
    with pytest.raises(ValueError, match="cannot be seeded"):
        watch(round_, [FaultChoice(FaultKind.SHORT_PAY, 1)])
    with pytest.raises(ValueError, match="not in the round"):
        watch(round_, [FaultChoice(FaultKind.SHORT_PAY, len(round_.operations) + 1)])
    with pytest.raises(ValueError, match="0 to 3"):
        choose_faults(round_, 4, random.Random(0))
    assert [operation.to_json() for operation in round_.operations] == [
        operation.to_json() for operation in played_sample(key).operations
    ]


TRAINEE_DEALT_MYSTERY = rules_to_json(
    MysteryRules(mystery_configuration("B", 500), PaymentSource.TABLE_INVENTORY, base_game=BaseGameDealer.TRAINEE)
)
"""A Mystery Bonus table whose trainee deals the base game: Three Card Poker's pays an Ante Bonus beside the Ante."""


@pytest.mark.parametrize(
    ("key", "rules", "seed", "award"),
    [("pai-gow-poker", {}, 251, "envy"), ("three-card-poker", TRAINEE_DEALT_MYSTERY, 1, "ante_bonus")],
)
def test_no_player_caps_or_pinches_an_award_paid_on_no_wager_of_the_seats_own(key, rules, seed, award):
    game = GAMES[key]
    round_ = game.deal(TableDeal(rules=rules, seed=seed, automations=game.automations))
    choices = eligible_faults(round_)
    paid = [
        number
        for number, operation in enumerate(round_.operations, start=1)
        if operation.action.arguments.get("spot") == award
    ]
    assert paid, f"seed {seed} pays the award"
    moved = {FaultKind.CAPPING, FaultKind.PINCHING}
    assert not [choice for choice in choices if choice.operation in paid and choice.kind in moved]
