"""The engine's command line: `python -m simulator demo` for every game and `python -m simulator odds`."""

import subprocess
import sys

import pytest

from simulator.__main__ import main
from simulator.games import GAMES


def run(argv):
    lines = []
    assert main(argv, lines.append) == 0
    return "\n".join(lines)


@pytest.mark.parametrize("game", list(GAMES))
def test_demo_narrates_every_step_with_its_citation_and_keeps_the_hit_value_secret(game):
    text = run(["demo", "--game", game, "--seed", "5", "--force-hit"])
    steps = [line for line in text.splitlines() if line[:1].isdigit()]
    assert steps, "no step narrated"
    assert all(" — " in line and "[" in line for line in steps), "every step cites its rule and provenance"
    assert "hit_value" not in text


def test_demo_of_pai_gow_poker_lists_the_house_rules_and_settles_every_wager():
    text = run(["demo", "--seed", "11"])
    assert "House rules at this table (not regulation text):" in text
    assert "foul_rule: a fouled hand loses — Fouled hand [Your house procedure]" in text
    assert "53 cards accounted for" in text
    assert text.count("reveal the hand at seat") == 6


def test_demo_is_the_same_for_the_same_seed():
    assert run(["demo", "--seed", "3"]) == run(["demo", "--seed", "3"])


def test_odds_prints_the_dice_match_the_dealer_and_mystery_reports():
    text = run(["odds"])
    # §645b.2(g)(1) Sum Paytable A: 17 (3 rolls) 25 to 1, 16 (6) 6 to 1, 8 (21) 3 to 1 → 30 winning rolls of 216.
    assert "Sum Paytable A" in text and "30 / 216" in text
    assert "Match the Dealer" in text and "Configuration D" in text


def test_python_dash_m_simulator_runs_as_a_program():
    result = subprocess.run(
        [sys.executable, "-m", "simulator", "demo", "--game", "let-it-ride", "--seed", "2"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert "Let It Ride" in result.stdout
