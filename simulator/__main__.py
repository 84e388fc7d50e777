"""The engine's command line: a narrated demo round of any game, and the exact odds of every wager."""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence

from simulator.blackjack.match_the_dealer import match_the_dealer_odds_report
from simulator.dice.odds import dice_odds_report
from simulator.games import GAMES, PAI_GOW_POKER
from simulator.mystery.odds import mystery_odds_report


def odds_report() -> str:
    """Every odds report: the dice wagers, Match the Dealer and the Mystery Bonus configurations."""
    return "\n\n".join((dice_odds_report(), match_the_dealer_odds_report(), mystery_odds_report()))


def main(argv: Sequence[str] | None = None, echo: Callable[[str], None] = print) -> int:
    """Run the command line; return the exit status."""
    parser = argparse.ArgumentParser(prog="python -m simulator", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    demo = commands.add_parser("demo", help="play one fully automated round and narrate every step")
    demo.add_argument("--game", choices=list(GAMES), default=PAI_GOW_POKER.key)
    demo.add_argument("--seed", type=int, default=1)
    demo.add_argument("--force-hit", action="store_true", help="rig the progressive so this round wins it")
    commands.add_parser("odds", help="exact odds of the dice wagers, Match the Dealer and the Mystery Bonus")
    arguments = parser.parse_args(argv)
    if arguments.command == "demo":
        for line in GAMES[arguments.game].demo(arguments.seed, arguments.force_hit):
            echo(line)
    else:
        echo(odds_report())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
