"""Payout sprints: lines read from the games' paytables, payouts drawn exactly, paid from the rack and graded."""

import re

import pytest

from simulator.blackjack.arithmetic import BlackjackPays
from simulator.core.chipping import Chipping, ChippingProcedure
from simulator.core.chips import DEFAULT_RACK, MAX_CHIPS, ChipsError
from simulator.core.clauses import cite
from simulator.core.money import Odds
from simulator.core.procedure import ErrorCode
from simulator.games import GAMES
from simulator.pai_gow.filed_paytables import read_fortune_paytable
from simulator.pai_gow.fortune import REPRESENTATIVE_FORTUNE_PAYTABLE
from simulator.pai_gow.rules import TableRules
from simulator.sprints import (
    SPRINT_LENGTHS,
    Payout,
    SprintResult,
    default_standard,
    draw_sprint,
    game_lines,
    pay_payout,
    sprint_lines,
)

LINES = sprint_lines()


def odds_in(text: str) -> set[Odds]:
    """Every "N to M" a clause's text states."""
    return {Odds(int(win), int(stake)) for win, stake in re.findall(r"(\d+) to (\d+)", text)}


def test_645b1_h_the_tiger_9_line_pays_the_odds_the_clause_states():
    """§645b.1(h): "at odds of 30 to 1"."""
    tiger = [line for line in LINES.values() if line.citation.clause == "§645b.1(h)"]
    assert len(tiger) == 1
    assert {tiger[0].odds} == odds_in(cite("§645b.1(h)").text)
    assert tiger[0].due(1000) == 1000 * 30


def test_blackjack_pays_both_odds_its_house_option_names():
    """The option's words name 3 to 2 and 6 to 5: one line each."""
    clause = "Down Under Blackjack blackjack payout, option blackjack_pays"
    blackjack = {line.odds for line in LINES.values() if line.citation.clause == clause}
    assert blackjack == {pays.odds for pays in BlackjackPays} == odds_in(cite(clause).text)


def test_every_game_gives_lines_each_citing_a_clause_of_the_catalogue():
    for game in GAMES.values():
        lines = game_lines(game)
        assert lines, game.key
        for line in lines:
            assert cite(line.citation.clause) == line.citation


def test_645b3_c_7_a_mystery_bonus_award_is_drawn_within_its_meter():
    mystery = next(line for line in LINES.values() if line.citation.clause == "§645b.3(c)(7)")
    configuration = TableRules().mystery
    assert configuration is not None
    for payout in draw_sprint([mystery], 30, seed=3):
        assert payout.wager is None
        assert configuration.minimum_value <= payout.due < configuration.maximum_value


def test_a_filed_fortune_paytable_gives_its_own_lines():
    filed = read_fortune_paytable(
        {"name": "Our Fortune", "submission": "filed", "pays": {"straight": "3 to 1"}, "envy": {"royal flush": 7500}}
    )
    lines = sprint_lines([filed])
    ours = [line for line in lines.values() if line.paytable == "Our Fortune"]
    assert {line.pays for line in ours} == {"3 to 1", "$75.00"}


def test_every_payout_is_its_line_s_odds_on_a_wager_in_the_table_s_units_paid_from_the_rack_in_one_step():
    unit = TableRules().side_wager_limits
    for payout in draw_sprint(list(LINES.values()), 30, seed=11) + draw_sprint(list(LINES.values()), 30, seed=12):
        line = payout.line
        if line.odds is None:
            continue
        assert payout.wager is not None and payout.wager in line.wagers
        assert payout.due * line.odds.stake == payout.wager * line.odds.win
        assert payout.wager % min(unit.unit, 500) == 0


def test_no_line_pays_more_chips_than_one_step_moves():
    fortune = REPRESENTATIVE_FORTUNE_PAYTABLE.pays
    top = next(line for line in LINES.values() if line.odds == next(iter(fortune.values())))
    assert max(top.wagers) * top.odds.win // 100000 <= MAX_CHIPS  # type: ignore[union-attr]


def test_a_sprint_is_drawn_again_from_its_seed_and_only_of_the_lengths_drilled():
    lines = list(LINES.values())
    assert draw_sprint(lines, 10, seed=5) == draw_sprint(lines, 10, seed=5)
    for length in (0, -10, 11, 10_000):
        with pytest.raises(ValueError, match="10, 20 or 30"):
            draw_sprint(lines, length, seed=5)
    assert SPRINT_LENGTHS == (10, 20, 30)


TIGER = next(line for line in LINES.values() if line.citation.clause == "§645b.1(h)")
PAYOUT = Payout(TIGER, 1000, 30000)
"""Tiger 9 on $10: $300, three $100 blacks highest first."""


def test_a_payout_in_the_house_s_chips_is_right():
    paid = pay_payout(PAYOUT.due, PAYOUT.wager, "10000x3", DEFAULT_RACK, Chipping())
    assert paid.right and paid.error is None


def test_a_wrong_total_is_a_mispay_naming_how_far_short():
    paid = pay_payout(PAYOUT.due, PAYOUT.wager, "10000x2 2500x3", DEFAULT_RACK, Chipping())
    assert paid.error is ErrorCode.WRONG_AMOUNT
    assert "$25.00 short" in paid.words


def test_the_right_total_in_other_chips_is_graded_by_the_house_s_chipping_procedure():
    paid = pay_payout(PAYOUT.due, PAYOUT.wager, "10000x2 2500x4", DEFAULT_RACK, Chipping())
    assert paid.error is ErrorCode.WRONG_CHIPS
    assert "highest denominations first" in paid.words
    colour = Chipping(ChippingProcedure.COLOUR_FOR_COLOUR)
    assert pay_payout(PAYOUT.due, PAYOUT.wager, "500x60", DEFAULT_RACK, colour).right


@pytest.mark.parametrize("chips", ["700x1", "-100x2", "10000x0", "100x10000", "100x501", "", "coin50 coin50", "x" * 99])
def test_chips_the_rack_cannot_move_are_refused(chips):
    with pytest.raises(ChipsError):
        pay_payout(PAYOUT.due, PAYOUT.wager, chips, DEFAULT_RACK, Chipping())


def test_the_default_standard_is_20_payouts_in_90_seconds_all_right():
    standard = default_standard(20)
    assert str(standard) == "20 payouts in 90 s, all right"
    assert standard.met_by(SprintResult(20, 0, 0, 90_000))
    assert not standard.met_by(SprintResult(20, 0, 0, 90_001))
    assert not standard.met_by(SprintResult(20, 0, 1, 30_000))
