"""The Sum, Match and Beat It dice wagers (§645b.2(e) and (g)): paytables and settlement in cents.

Each paytable is printed in §645b.2(g) and its winning condition in §645b.2(e). A paytable's lines
are kept highest first and a roll pays the first line it reaches, only: a triple on Sum Paytable C
pays "Any three match" 3 to 1, not also "Any two match" 1 to 1. A winning wager keeps its stake and
is paid ``odds × wager``; a losing wager is collected. A wager that some line of its paytable could
not pay in whole cents (15 to 2 or 5 to 2 on an odd number of cents) is refused whatever the dice show;
which wager units a table accepts is a table option.

Readings of the seed text:

- Sum Paytable D, "Any Series of three": three consecutive faces in any order (1-2-3 up to 4-5-6),
  as the examples in (e)(1)(iv) show; 5-6-1 does not wrap round.
- Beat It Paytables A and B measure the red die minus the sum of the two blue dice; (e)(3)(i) wins
  when that is 0 or more, and the largest possible margin is 6 - (1 + 1) = 4, so the printed lines
  "4 Points", "2 or 3 Points" and "Tie or 1 Point" cover every winning roll.
- Beat It Paytable C: (e)(3)(ii) says "by one to four points" and the Paytable C line says "by one
  or more Points". Three six-sided dice cannot beat the other two by more than 4, so both texts
  describe the same 60 rolls. At most one die can beat the other two, and die colour plays no part.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum

from simulator.core.citations import Citation
from simulator.core.clauses import cite
from simulator.core.dice import DIE_FACES, DiceRoll
from simulator.core.money import Cents, Odds, format_cents


@dataclass(frozen=True)
class PaytableLine:
    """One printed line of a dice paytable: its name, its odds, which rolls reach it and its rule."""

    name: str
    odds: Odds
    reached_by: Callable[[DiceRoll], bool]
    citation: Citation


@dataclass(frozen=True)
class DiceSettlement:
    """How one dice wager settles: the line it won (None when lost), its winnings in cents and the rule."""

    wager: Cents
    line: PaytableLine | None
    payout: Cents
    citation: Citation

    @property
    def won(self) -> bool:
        """Whether the wager won (its stake is returned with the payout) rather than being collected."""
        return self.line is not None


@dataclass(frozen=True)
class DicePaytable:
    """A dice wager's paytable: its title, its lines highest first, and the rule that collects a loser."""

    title: str
    lines: tuple[PaytableLine, ...]
    losing_citation: Citation

    @property
    def wager_unit(self) -> Cents:
        """The smallest number of cents of which every wager must be a multiple to pay every line exactly.

        >>> sum_paytable(SumPaytable.D).wager_unit, sum_paytable(SumPaytable.A).wager_unit
        (2, 1)
        """
        return math.lcm(*(line.odds.stake // math.gcd(line.odds.win, line.odds.stake) for line in self.lines))

    def unpayable_line(self, wager: Cents) -> PaytableLine | None:
        """The first line that could not pay ``wager`` cents in whole cents, or None when every line can."""
        return next((line for line in self.lines if (wager * line.odds.win) % line.odds.stake), None)

    def verify_unit(self, unit: Cents) -> None:
        """Raise ValueError, stating the rule, unless every whole number of ``unit`` cents is a wager it pays exactly.

        >>> sum_paytable(SumPaytable.D).verify_unit(1)
        Traceback (most recent call last):
        ...
        ValueError: Sum Paytable D pays 15 to 2 ("Any Series of three"): a wager on it must be a multiple of 2 cents.
        """
        line = self.unpayable_line(unit)
        if line is not None:
            raise ValueError(
                f'{self.title} pays {line.odds} ("{line.name}"): '
                f"a wager on it must be a multiple of {self.wager_unit} cents."
            )

    def verify_wager(self, wager: Cents) -> None:
        """Raise ValueError unless ``wager`` is a positive number of cents that every line pays exactly."""
        if isinstance(wager, bool) or not isinstance(wager, int) or wager <= 0:
            raise ValueError(f"A {self.title} wager of {wager!r} is not a positive whole number of cents.")
        line = self.unpayable_line(wager)
        if line is not None:
            raise ValueError(
                f"A {self.title} wager of {format_cents(wager)} cannot be paid in whole cents at "
                f'{line.odds} ("{line.name}"): '
                f"take {self.title} wagers in multiples of {format_cents(self.wager_unit)}."
            )

    def winning_line(self, roll: DiceRoll) -> PaytableLine | None:
        """The highest line the roll reaches, or None when the wager loses."""
        return next((line for line in self.lines if line.reached_by(roll)), None)

    def settle(self, roll: DiceRoll, wager: Cents) -> DiceSettlement:
        """Settle ``wager`` cents on this paytable for ``roll``; raise ValueError for an unpayable wager.

        >>> settlement = sum_paytable(SumPaytable.D).settle(DiceRoll(3, (1, 2)), 500)
        >>> settlement.won, settlement.line.name if settlement.line else None, settlement.payout
        (True, 'Any Series of three', 3750)
        """
        self.verify_wager(wager)
        line = self.winning_line(roll)
        if line is None:
            return DiceSettlement(wager, None, 0, self.losing_citation)
        return DiceSettlement(wager, line, line.odds.pay(wager), line.citation)


class SumPaytable(StrEnum):
    """The Sum paytable chosen in the Rules Submission (§645b.2(e)(1), (g)(1))."""

    A = "A"
    B = "B"
    C = "C"
    D = "D"


class BeatItPaytable(StrEnum):
    """The Beat It paytable chosen in the Rules Submission (§645b.2(e)(3), (g)(3))."""

    A = "A"
    B = "B"
    C = "C"


def _paytable(
    title: str, paytable: str, lines: tuple[tuple[str, Odds, Callable[[DiceRoll], bool]], ...]
) -> DicePaytable:
    """A paytable whose lines cite the clause that prints it; a losing wager cites the collection (§645b.2(g))."""
    winning = cite(paytable)
    return DicePaytable(
        title,
        tuple(PaytableLine(name, odds, reached_by, winning) for name, odds, reached_by in lines),
        cite("§645b.2(g)"),
    )


def _largest_count(roll: DiceRoll) -> int:
    """How many dice show the most common face (1, 2 or 3)."""
    return max(roll.values.count(face) for face in roll.values)


def _is_series(roll: DiceRoll) -> bool:
    """Whether the three faces are consecutive in some order, such as 1, 2 and 3 (no wrap from 6 to 1)."""
    low, middle, high = sorted(roll.values)
    return middle == low + 1 and high == middle + 1


def _red_margin(roll: DiceRoll) -> int:
    """The red die minus the sum of the two blue dice."""
    return roll.red - sum(roll.blue)


def _best_single_die_margin(roll: DiceRoll) -> int:
    """By how much the highest die beats the sum of the other two (zero or negative when it does not)."""
    low, middle, high = sorted(roll.values)
    return high - (low + middle)


_SUM_PAYTABLES = {
    SumPaytable.A: _paytable(
        "Sum Paytable A",
        "§645b.2(g)(1)",
        (
            ("17", Odds(25), lambda roll: roll.total == 17),
            ("16", Odds(6), lambda roll: roll.total == 16),
            ("8", Odds(3), lambda roll: roll.total == 8),
        ),
    ),
    SumPaytable.B: _paytable(
        "Sum Paytable B",
        "§645b.2(g)(1)",
        (
            ("3", Odds(25), lambda roll: roll.total == 3),
            ("8", Odds(4), lambda roll: roll.total == 8),
            ("9", Odds(2), lambda roll: roll.total == 9),
        ),
    ),
    SumPaytable.C: _paytable(
        "Sum Paytable C",
        "§645b.2(g)(1)",
        (
            ("Any three match", Odds(3), lambda roll: _largest_count(roll) == 3),
            ("Any two match", Odds(1), lambda roll: _largest_count(roll) == 2),
        ),
    ),
    SumPaytable.D: _paytable(
        "Sum Paytable D",
        "§645b.2(g)(1)",
        (("Any Series of three", Odds(15, 2), _is_series),),
    ),
}


def _red_beats_blue(title: str, four_points: Odds) -> DicePaytable:
    """Beat It Paytable A or B, which differ only on "4 Points": the red die against the blue dice."""
    return _paytable(
        title,
        "§645b.2(g)(3)",
        (
            ("4 Points", four_points, lambda roll: _red_margin(roll) == 4),
            ("2 or 3 Points", Odds(10), lambda roll: _red_margin(roll) in (2, 3)),
            ("Tie or 1 Point", Odds(1), lambda roll: _red_margin(roll) in (0, 1)),
        ),
    )


_BEAT_IT_PAYTABLES = {
    BeatItPaytable.A: _red_beats_blue("Beat It Paytable A", Odds(50)),
    BeatItPaytable.B: _red_beats_blue("Beat It Paytable B", Odds(60)),
    BeatItPaytable.C: _paytable(
        "Beat It Paytable C",
        "§645b.2(g)(3)",
        (
            (
                "Any Die Beats Sum of other two by one or more Points",
                Odds(5, 2),
                lambda roll: _best_single_die_margin(roll) >= 1,
            ),
        ),
    ),
}


def sum_paytable(choice: SumPaytable) -> DicePaytable:
    """The Sum paytable the Rules Submission chose.

    >>> [(line.name, str(line.odds)) for line in sum_paytable(SumPaytable.A).lines]
    [('17', '25 to 1'), ('16', '6 to 1'), ('8', '3 to 1')]
    """
    return _SUM_PAYTABLES[choice]


def beat_it_paytable(choice: BeatItPaytable) -> DicePaytable:
    """The Beat It paytable the Rules Submission chose.

    >>> [(line.name, str(line.odds)) for line in beat_it_paytable(BeatItPaytable.B).lines]
    [('4 Points', '60 to 1'), ('2 or 3 Points', '10 to 1'), ('Tie or 1 Point', '1 to 1')]
    """
    return _BEAT_IT_PAYTABLES[choice]


def _match_on(number: int) -> DicePaytable:
    """The Match paytable of §645b.2(g)(2) for the Match area inscribed ``number``."""
    return _paytable(
        f"Match on {number}",
        "§645b.2(g)(2)",
        (
            ("Triple Match", Odds(100), lambda roll: roll.values.count(number) == 3),
            ("Double Match", Odds(6), lambda roll: roll.values.count(number) == 2),
        ),
    )


_MATCH_PAYTABLES = {number: _match_on(number) for number in DIE_FACES}


def match_paytable(number: int) -> DicePaytable:
    """The Match paytable for a wager on ``number`` (1 to 6): two of it pay 6 to 1, three pay 100 to 1.

    >>> [(line.name, str(line.odds)) for line in match_paytable(4).lines]
    [('Triple Match', '100 to 1'), ('Double Match', '6 to 1')]
    """
    if isinstance(number, bool) or number not in _MATCH_PAYTABLES:
        raise ValueError(f"A Match wager on {number!r}: the Match areas are inscribed 1 through 6 (§645b.2(d)(2)).")
    return _MATCH_PAYTABLES[number]


def settle_sum_wager(choice: SumPaytable, roll: DiceRoll, wager: Cents) -> DiceSettlement:
    """Settle a Sum wager of ``wager`` cents on the chosen paytable.

    >>> settle_sum_wager(SumPaytable.A, DiceRoll(6, (6, 4)), 1000).payout
    6000
    """
    return sum_paytable(choice).settle(roll, wager)


def settle_match_wager(number: int, roll: DiceRoll, wager: Cents) -> DiceSettlement:
    """Settle a Match wager of ``wager`` cents placed on ``number``.

    >>> settle_match_wager(1, DiceRoll(1, (5, 1)), 500).payout
    3000
    """
    return match_paytable(number).settle(roll, wager)


def settle_beat_it_wager(choice: BeatItPaytable, roll: DiceRoll, wager: Cents) -> DiceSettlement:
    """Settle a Beat It wager of ``wager`` cents on the chosen paytable.

    >>> settle_beat_it_wager(BeatItPaytable.C, DiceRoll(1, (5, 1)), 1000).payout
    2500
    """
    return beat_it_paytable(choice).settle(roll, wager)
