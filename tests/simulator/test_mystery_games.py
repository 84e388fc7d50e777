"""The eleven MHB games as the seed's subsections (a) name them."""

from __future__ import annotations

import pytest

from simulator.core.mystery_meter import mystery_configuration
from simulator.mystery.games import MYSTERY_GAME_LIST, MYSTERY_GAMES, MysteryGame

# Section, base wager and clause, progressive wagers and clauses, as subsection (a) of each section reads.
SEED_SUBSECTION_A = [
    (
        "§643b.1",
        ("Let It Ride Poker wager", "§643a.6(a)"),
        [("Three-Card Progressive Payout wager", "§643a.7(g)"), ("Five-Card Progressive Payout wager", "§643a.7(h)")],
    ),
    ("§645b.3", ("Pai Gow Poker wager", "§645a.7(d)"), [("Progressive Payout wager", "§645a.7(e)(4)")]),
    ("§647b.1", ("Texas Hold 'Em Bonus wager", "§647a.7(d)(1)"), [("Progressive Payout wager", "§647a.7(d)(3)")]),
    (
        "§649b.1",
        ("Three Card Poker wager", "§649a.7(d)(1)"),
        [
            ("Three-Card Progressive Payout wager", "§649a.7(d)(4)"),
            ("Five-Card Progressive Payout wager", "§649a.7(d)(6)"),
        ],
    ),
    ("§653b.1", ("Ultimate Texas Hold 'Em wager", "§653a.7(d)(1)"), [("Progressive Payout wager", "§653a.7(d)(3)")]),
    ("§655b.1", ("Mississippi Stud wager", "§655a.7(d)(1)"), [("Progressive Payout wager", "§655a.7(d)(3)")]),
    (
        "§657b.1",
        ("Crazy 4 Poker wager", "§657a.7(d)(1)"),
        [
            ("Four-Card Progressive Payout wager", "§657a.7(d)(3)"),
            ("Five-Card Progressive Payout wager", "§649a.7(d)(4)"),
        ],
    ),
    ("§659b.1", ("Fortune Asia Poker wager", "§659a.7(d)"), [("Progressive Payout wager", "§659a.7(e)(3)")]),
    (
        "§670b.1",
        ("Six-Card Fortune Pai Gow Poker wager", "§670a.7(d)"),
        [("Progressive Payout wager", "§670a.7(e)(4)")],
    ),
    ("§687b.1", ("DJ Wild Stud Poker wager", "§687a.7(d)(1)"), [("Progressive Bonus wager", "§687a.7(d)(2)")]),
    ("§688b.1", ("Face Up Pai Gow Poker wager", "§688a.7(d)"), [("Progressive Payout wager", "§688a.7(e)(3)")]),
]


@pytest.mark.parametrize(
    ("section", "base", "progressives"), SEED_SUBSECTION_A, ids=[row[0] for row in SEED_SUBSECTION_A]
)
def test_mhb_a_wager_names_and_clauses(
    section: str, base: tuple[str, str], progressives: list[tuple[str, str]]
) -> None:
    (game,) = [game for game in MYSTERY_GAME_LIST if game.section == section]
    assert (game.base_wager.name, game.base_wager.clause) == base
    assert [(spot.name, spot.clause) for spot in game.progressive_wagers] == progressives
    assert game.qualification_citation.clause == f"{section}(c)(1)"


def test_mhb_the_two_sics_are_noted() -> None:
    assert "sic" in MYSTERY_GAMES["let-it-ride"].base_wager.note
    assert "sic" in MYSTERY_GAMES["crazy-4-poker"].progressive_wagers[1].note
    assert MYSTERY_GAMES["six-card-fortune-pai-gow-poker"].chapter == "Chapter 670a"
    with pytest.raises(ValueError):
        MYSTERY_GAMES["dj-wild-stud"].progressive_wager("Progressive Payout wager")


@pytest.mark.parametrize("game", MYSTERY_GAME_LIST, ids=lambda game: game.key)
def test_mhb_c1_base_wager_and_minimum_progressive_wager_qualify(game: MysteryGame) -> None:
    two_dollars = mystery_configuration("D", 200)
    assert game.qualifies(two_dollars, 500, 200)
    assert game.qualifies(two_dollars, 500, 500)
    assert not game.qualifies(two_dollars, 500, 100)  # below the configuration's $2 minimum
    assert not game.qualifies(two_dollars, 0, 200)  # no base wager
