"""The wager phase: players' wagers before "No more bets", a late wager refused after it, a missing progressive chip."""

from __future__ import annotations

import json

import pytest

from simulator.blackjack.round import DEMO_SEATS as DOWN_UNDER_SEATS
from simulator.blackjack.round import DownUnderRound
from simulator.blackjack.table import DownUnderTable
from simulator.core.citations import Provenance
from simulator.core.procedure import Actor, ErrorCode, IllegalOperation, Round
from simulator.core.wager_phase import ChipCountMismatch, WagerMove, WagerPhase
from simulator.mystery.games import MYSTERY_GAMES
from simulator.notation import replay_round, save_round
from simulator.pai_gow.demo import DEMO_SEATS
from simulator.pai_gow.round import PaiGowRound
from simulator.pai_gow.rules import TableRules
from simulator.table_deals import TableDeal, deal_down_under_round, deal_mystery_table_round, deal_pai_gow_round

LATE_SUM = WagerPhase(late=WagerMove(2, "sum", 500))
LATE_MATCH = WagerPhase(late=WagerMove(4, "match_the_dealer", 500))


def play_until(round_: Round, step: str) -> None:
    """Perform the correct steps until ``step`` is next."""
    while (action := round_.next_action()) is not None and action.step != step:
        round_.perform(action.step, action.arguments)


def pai_gow(phase: WagerPhase) -> PaiGowRound:
    """A Pai Gow Poker round at the demo table with this wager phase; the trainee performs every step."""
    return PaiGowRound(TableRules(), DEMO_SEATS, 7, automations=frozenset(), wager_phase=phase)


def down_under(phase: WagerPhase) -> DownUnderRound:
    """A Down Under Blackjack round at a $5 Match the Dealer table with this wager phase."""
    return DownUnderRound(
        DownUnderTable(match_wager=500), DOWN_UNDER_SEATS, 7, automations=frozenset(), wager_phase=phase
    )


def test_players_place_and_change_wagers_before_no_more_bets_as_player_steps():
    phase = WagerPhase(before=(WagerMove(3, "pai-gow", 5000, 10000), WagerMove(2, "fortune", 100)))
    round_ = pai_gow(phase)
    action = round_.next_action()
    assert action is not None
    operation = round_.perform(action.step, action.arguments)
    assert (operation.action.step, operation.action.actor) == ("change_wager", Actor.PLAYER)
    assert operation.action.description == "seat 3 changes the Pai Gow Poker wager from $100.00 to $50.00"
    assert operation.action.citation.clause == "§645b.2(f)"
    action = round_.next_action()
    assert action is not None and (action.step, action.arguments) == (
        "place_wager",
        {"seat": 2, "spot": "fortune", "amount": 100},
    )
    round_.perform(action.step, action.arguments)
    assert round_.next_action().step == "announce_no_more_bets"


def test_645b2_f_a_late_wager_after_no_more_bets_is_refused():
    round_ = pai_gow(LATE_SUM)
    play_until(round_, "attempt_late_wager")
    attempt = round_.next_action()
    assert attempt is not None and attempt.actor is Actor.PLAYER
    round_.perform(attempt.step, attempt.arguments)
    expected = round_.next_action()
    assert expected is not None and (expected.step, expected.arguments) == ("refuse_late_wager", {"seat": 2})
    assert expected.citation.clause == "§645b.2(f)" and expected.citation.provenance is Provenance.SEED
    logged = len(round_.operations)
    with pytest.raises(IllegalOperation) as accepted:
        round_.perform("select_shaker_player", {"seat": 1})
    assert accepted.value.code is ErrorCode.LATE_WAGER_ACCEPTED
    assert len(round_.operations) == logged
    with pytest.raises(IllegalOperation) as wrong_seat:
        round_.perform("refuse_late_wager", {"seat": 3})
    assert wrong_seat.value.code is ErrorCode.WRONG_SEAT
    round_.perform("refuse_late_wager", {"seat": 2})
    assert round_.seats[2] == DEMO_SEATS[2]
    round_.play_out()
    assert round_.finished


def test_670a7_c_a_late_progressive_wager_is_refused_after_the_lock_out_under_the_rule_closing_betting():
    round_ = down_under(LATE_MATCH)
    play_until(round_, "attempt_late_wager")
    assert [operation.action.step for operation in round_.operations] == [
        "announce_no_more_bets",
        "lock_out_progressive_wagers",
    ]
    round_.perform("attempt_late_wager", {"seat": 4, "spot": "match_the_dealer", "amount": 500})
    expected = round_.next_action()
    assert expected is not None and expected.step == "refuse_late_wager"
    assert expected.citation.clause == "§670a.7(c)" and expected.citation.provenance is Provenance.PA_INFERRED
    assert "may not be made, increased or withdrawn after" in expected.citation.text
    with pytest.raises(IllegalOperation) as accepted:
        round_.perform("collect_progressive_wagers", {})
    assert accepted.value.code is ErrorCode.LATE_WAGER_ACCEPTED
    round_.perform("refuse_late_wager", {"seat": 4})
    round_.play_out()
    assert [wager.seat for wager in round_.progressive_intake.wagers] == [1, 2, 5]


@pytest.mark.parametrize("game", MYSTERY_GAMES.values(), ids=lambda game: game.key)
def test_670a7_c_a_late_wager_at_an_mhb_table_is_refused_under_the_rule_closing_betting_not_the_lock_out(game):
    for seed in range(300):
        round_ = deal_mystery_table_round(game, TableDeal({}, seed, frozenset()))
        if round_.wager_phase.late is not None:
            break
    play_until(round_, "refuse_late_wager")
    expected = round_.next_action()
    assert expected is not None
    assert expected.citation.clause == "§670a.7(c)"
    assert 'may not be made, increased or withdrawn after the dealer has announced "no more bets"' in (
        expected.citation.text
    )
    assert "lock" not in expected.citation.text
    assert round_.progressive_wagers_locked_out()


@pytest.mark.parametrize("procedure", list(ChipCountMismatch))
def test_685b1_f_chips_short_of_the_accepted_wagers_follow_the_house_procedure(procedure: ChipCountMismatch):
    round_ = down_under(WagerPhase(missing_chip_seat=2, mismatch_procedure=procedure))
    play_until(round_, "collect_progressive_wagers")
    collected = round_.perform("collect_progressive_wagers", {})
    assert collected.facts["chips_from_seats"] == [1, 5]
    expected = round_.next_action()
    assert expected is not None and (expected.step, expected.arguments) == ("report_chip_mismatch", {"seat": 2})
    assert expected.citation.clause == "Chip count mismatch, option chip_count_mismatch"
    assert expected.citation.provenance is Provenance.HOUSE
    for step, arguments in (("count_progressive_chips", {"count": 3}), ("drop_progressive_wagers", {})):
        with pytest.raises(IllegalOperation) as missed:
            round_.perform(step, arguments)
        assert missed.value.code is ErrorCode.CHIP_MISMATCH_MISSED
        assert missed.value.message.startswith("House procedure (Chip count mismatch, option chip_count_mismatch)")
    report = round_.perform("report_chip_mismatch", {"seat": 2})
    assert report.facts["floorperson_called"] is (procedure is ChipCountMismatch.CALL_FLOORPERSON)
    assert round_.next_action().arguments == {"count": 3}
    round_.play_out()
    assert round_.finished


def test_a_round_with_a_wager_phase_replays_to_the_same_log():
    phase = WagerPhase((WagerMove(1, "sum", 500, 1000),), WagerMove(4, "progressive", 100), 3)
    round_ = pai_gow(phase)
    round_.play_out()
    saved = json.loads(json.dumps(save_round(round_)))
    replayed = replay_round(saved)
    assert [operation.to_json() for operation in replayed.operations] == [op.to_json() for op in round_.operations]
    assert [operation.facts for operation in replayed.operations] == [op.facts for op in round_.operations]


def test_a_late_wager_is_hidden_until_the_player_tries_it():
    plain, late = pai_gow(WagerPhase()), pai_gow(LATE_SUM)
    play_until(late, "attempt_late_wager")
    for _ in late.operations:
        action = plain.next_action()
        plain.perform(action.step, action.arguments)
    assert json.dumps(late.table_view()) == json.dumps(plain.table_view())
    assert "sum" not in json.dumps([operation.facts for operation in late.operations])


def test_the_simulated_players_try_late_wagers_and_miss_chips_now_and_then_without_changing_the_seats():
    rules = TableRules().to_json()
    rounds = [deal_pai_gow_round(TableDeal(rules, seed, frozenset())) for seed in range(200)]
    assert 0 < sum(round_.wager_phase.late is not None for round_ in rounds) < 100
    assert 0 < sum(round_.wager_phase.missing_chip_seat is not None for round_ in rounds) < 60
    assert 0 < sum(bool(round_.wager_phase.before) for round_ in rounds) < 120
    down = [deal_down_under_round(TableDeal({}, seed, frozenset())) for seed in range(100)]
    assert any(round_.wager_phase.late is not None for round_ in down)
