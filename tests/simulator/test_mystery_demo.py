"""The narrated MHB table demo."""

from __future__ import annotations

import pytest

from simulator.mystery.demo import demo_mystery_table, demo_round
from simulator.mystery.games import MYSTERY_GAME_LIST


@pytest.mark.parametrize("game", [game.key for game in MYSTERY_GAME_LIST if game.key != "pai-gow-poker"])
def test_mhb_c5_demo_with_forced_hit_narrates_the_payout_with_citations(game: str) -> None:
    lines = demo_mystery_table(game, 7, forced_hit=True)
    text = "\n".join(lines)
    for clause in ("(c)(2)", "(c)(3)", "(c)(5)(i)", "(c)(5)(ii)", "(c)(5)(iii)", "(c)(5)(iv)"):
        assert clause in text
    assert "floorperson:" in text and "[Your house procedure]" in text
    assert demo_mystery_table(game, 7, forced_hit=True) == lines


def test_mhb_c3_demo_without_forced_hit_keeps_the_hit_value_secret() -> None:
    for seed in range(5):
        hit_value = demo_round("ultimate-texas-hold-em", seed, forced_hit=False).starting_meter["hit_value"]
        text = "\n".join(demo_mystery_table("ultimate-texas-hold-em", seed, forced_hit=False))
        assert str(hit_value) not in text
        assert f"${hit_value // 100}.{hit_value % 100:02d}" not in text
