"""Exact odds of the Sum, Match and Beat It dice wagers, by enumerating the 216 rolls of three dice."""

from __future__ import annotations

from dataclasses import dataclass, replace
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction

from simulator.core.dice import all_rolls
from simulator.dice.wagers import (
    BeatItPaytable,
    DicePaytable,
    PaytableLine,
    SumPaytable,
    beat_it_paytable,
    match_paytable,
    sum_paytable,
)

ROLL_COUNT = 216
"""The number of equally likely ordered rolls of one red and two blue dice."""


def _percent(value: Fraction) -> str:
    """Write a fraction as a percentage rounded half up to two decimals, e.g. ``5.56%``."""
    hundredths = Decimal(value.numerator * 100) / Decimal(value.denominator)
    return f"{hundredths.quantize(Decimal('0.01'), rounding=ROUND_HALF_UP)}%"


@dataclass(frozen=True)
class DiceWagerOdds:
    """One dice paytable's exact odds: how many of the 216 rolls reach each line, and what that is worth.

    >>> odds = dice_wager_odds(sum_paytable(SumPaytable.A))
    >>> odds.winning_rolls, odds.expected_value, odds.house_edge
    (30, Fraction(-1, 18), '5.56%')
    """

    title: str
    line_rolls: tuple[tuple[PaytableLine, int], ...]

    @property
    def winning_rolls(self) -> int:
        """How many of the 216 rolls win."""
        return sum(rolls for _, rolls in self.line_rolls)

    @property
    def hit_frequency(self) -> Fraction:
        """The chance that the wager wins."""
        return Fraction(self.winning_rolls, ROLL_COUNT)

    @property
    def expected_value(self) -> Fraction:
        """The player's expected result per unit wagered: winnings on winning rolls less stakes lost."""
        winnings = sum(
            (rolls * Fraction(line.odds.win, line.odds.stake) for line, rolls in self.line_rolls), Fraction()
        )
        return (winnings - (ROLL_COUNT - self.winning_rolls)) / ROLL_COUNT

    @property
    def house_edge(self) -> str:
        """The house's expected win per unit wagered, as a percentage to two decimals."""
        return _percent(-self.expected_value)


def dice_wager_odds(paytable: DicePaytable) -> DiceWagerOdds:
    """Count, over every one of the 216 rolls, which line of ``paytable`` the roll reaches."""
    counts = dict.fromkeys(paytable.lines, 0)
    for roll in all_rolls():
        line = paytable.winning_line(roll)
        if line is not None:
            counts[line] += 1
    return DiceWagerOdds(paytable.title, tuple(counts.items()))


def every_dice_wager_odds() -> tuple[DiceWagerOdds, ...]:
    """The odds of Sum Paytables A-D, Match (the same for any chosen number) and Beat It Paytables A-C."""
    match = replace(dice_wager_odds(match_paytable(1)), title="Match (any chosen number)")
    return (
        *(dice_wager_odds(sum_paytable(choice)) for choice in SumPaytable),
        match,
        *(dice_wager_odds(beat_it_paytable(choice)) for choice in BeatItPaytable),
    )


def dice_odds_report() -> str:
    """A readable table of the dice wagers' exact odds, with the rolls that reach each paytable line.

    >>> print(dice_odds_report().splitlines()[4])
    Sum Paytable A                     30 / 216         13.89%                -1/18       5.56%
    """
    header = f"{'Wager':<28}{'Winning rolls':>15}{'Hit frequency':>15}{'Player EV per unit':>21}{'House edge':>12}"
    lines = [
        "Dice wagers, §645b.2(e) and (g): exact odds over the 216 rolls of one red and two blue dice",
        "",
        header,
        "-" * len(header),
    ]
    for odds in every_dice_wager_odds():
        lines.append(
            f"{odds.title:<28}{f'{odds.winning_rolls} / {ROLL_COUNT}':>15}{_percent(odds.hit_frequency):>15}"
            f"{odds.expected_value!s:>21}{odds.house_edge:>12}"
        )
        reached = "; ".join(f'"{line.name}" at {line.odds}: {rolls} of {ROLL_COUNT}' for line, rolls in odds.line_rolls)
        lines.append(f"    {reached}")
    return "\n".join(lines)
