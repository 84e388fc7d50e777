"""The engine's command line: a narrated demo round of any game, and the exact odds of every wager."""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence

from simulator.dice_odds import dice_odds_report
from simulator.down_under import demo_down_under
from simulator.match_the_dealer import match_the_dealer_odds_report
from simulator.mystery_demo import demo_mystery_table
from simulator.mystery_games import MYSTERY_GAMES
from simulator.mystery_odds import mystery_odds_report
from simulator.pai_gow_demo import narrate_pai_gow_round

PAI_GOW_POKER = "pai-gow-poker"
DOWN_UNDER = "down-under-blackjack"


def demo_lines(game: str, seed: int, force_hit: bool) -> list[str]:
    """The narrated demo of one game."""
    if game == PAI_GOW_POKER:
        return narrate_pai_gow_round(seed, force_hit)
    if game == DOWN_UNDER:
        return demo_down_under(seed, force_hit)
    return demo_mystery_table(game, seed, force_hit)


def odds_report() -> str:
    """Every odds report: the dice wagers, Match the Dealer and the Mystery Bonus configurations."""
    return "\n\n".join((dice_odds_report(), match_the_dealer_odds_report(), mystery_odds_report()))


def game_choices() -> list[str]:
    """Every game the demo can deal."""
    return [PAI_GOW_POKER, DOWN_UNDER, *(key for key in MYSTERY_GAMES if key != PAI_GOW_POKER)]


def main(argv: Sequence[str] | None = None, echo: Callable[[str], None] = print) -> int:
    """Run the command line; return the exit status."""
    parser = argparse.ArgumentParser(prog="python -m simulator", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    demo = commands.add_parser("demo", help="play one fully automated round and narrate every step")
    demo.add_argument("--game", choices=game_choices(), default=PAI_GOW_POKER)
    demo.add_argument("--seed", type=int, default=1)
    demo.add_argument("--force-hit", action="store_true", help="rig the progressive so this round wins it")
    commands.add_parser("odds", help="exact odds of the dice wagers, Match the Dealer and the Mystery Bonus")
    arguments = parser.parse_args(argv)
    if arguments.command == "demo":
        for line in demo_lines(arguments.game, arguments.seed, arguments.force_hit):
            echo(line)
    else:
        echo(odds_report())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
