"""Payout sprints: N payouts in a row of one paytable line or a mix, each paid from the rack, graded and timed.

The lines are read from the paytables the games declare (every game in :data:`simulator.games.GAMES`, by the type of
its rules) and from the paytables a school filed; each line keeps its odds (or award) and the clause that prints it.
A sprint is drawn from a seeded random generator on the server: each payout a wager in the table's units (whole
chips, within its limits) and the payout its line's odds make of it, exactly. A payment is graded as the table grades
a pay from the rack (:mod:`simulator.core.chip_payments`): a wrong total is a mispay, the right total in other chips
than the house's chipping procedure pays is a mis-chip. A payout trainer moves on after a wrong payout, showing the
right one: a sprint is all right only with no mispay and no mis-chip.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from simulator.blackjack.arithmetic import BlackjackPays
from simulator.blackjack.match_the_dealer import (
    DECK_COUNTS,
    PAYTABLE_NUMBERS,
    PAYTABLE_RULE,
    WAGER_AMOUNTS,
    match_paytable,
)
from simulator.blackjack.table import BLACKJACK_PAYS, DownUnderTable
from simulator.carnival.poker import CarnivalGame
from simulator.core.chipping import Chipping, rack_fault
from simulator.core.chips import ChipPayment, ChipsError, Rack, read_payment
from simulator.core.citations import Citation
from simulator.core.clauses import cite
from simulator.core.dice import DIE_FACES
from simulator.core.money import Cents, Odds, format_cents
from simulator.core.mystery_meter import MysteryConfiguration, MysteryRules
from simulator.core.procedure import ErrorCode
from simulator.dice.wagers import BeatItPaytable, DicePaytable, SumPaytable, beat_it_paytable, sum_paytable
from simulator.dice.wagers import match_paytable as dice_match_paytable
from simulator.games import GAMES, Game
from simulator.pai_gow.fortune import FortunePaytable
from simulator.pai_gow.progressive import ProgressivePaytable
from simulator.pai_gow.rules import MYSTERY_SECTION, TableRules, WagerLimits
from simulator.pai_gow.settlement import TIGER_NINE_ODDS, TIGER_NINE_PAYS

SPRINT_LENGTHS = (10, 20, 30)
"""How many payouts a sprint holds: the lengths payout trainers drill."""

MIX = "mix"
"""The sprint kind that draws each payout from every line."""

SPRINT_WAGERS = WagerLimits(500, 10000, 500)
"""The wagers drawn for a line whose table sets no limits of its own: $5 to $100 in red chips."""

SECONDS_PER_PAYOUT = 4.5
"""The school standard's default pace: 20 payouts in 90 seconds, all right, and the same pace for 10 or 30."""


@dataclass(frozen=True)
class SprintLine:
    """One paytable line a sprint pays: its key, words, paytable, clause, and its odds on a wager or its award."""

    key: str
    name: str
    paytable: str
    citation: Citation
    wagers: tuple[Cents, ...] = ()
    """The wagers a payout of the line is drawn from, in the table's units; none for an award."""
    odds: Odds | None = None
    awards: tuple[Cents, Cents] = (0, 0)
    """An award's range in cents, lowest and highest (the same for a fixed amount); for a line without odds."""

    def due(self, wager: Cents | None, award: Cents = 0) -> Cents:
        """The payout on ``wager`` at the line's odds, or the award itself."""
        if self.odds is None or wager is None:
            return award
        return self.odds.pay(wager)

    @property
    def pays(self) -> str:
        """The line's payout as its paytable writes it: "30 to 1", or the award."""
        if self.odds is not None:
            return str(self.odds)
        low, high = self.awards
        return format_cents(low) if low == high else f"{format_cents(low)} to {format_cents(high)}"


def line_key(*words: str) -> str:
    """A line's key from its paytable's and its own words: lower case, hyphens for anything else.

    >>> line_key("Sum Paytable A", "17")
    'sum-paytable-a-17'
    """
    return re.sub(r"[^a-z0-9]+", "-", " ".join(words).lower()).strip("-")


def limit_wagers(limits: WagerLimits) -> range:
    """Every wager within a table's limits, in its units."""
    return range(limits.minimum, limits.maximum + 1, limits.unit)


def payable_wagers(odds: Odds, wagers: Sequence[Cents], rack: Rack) -> tuple[Cents, ...]:
    """The ``wagers`` whose payout at ``odds`` is whole cents the rack pays in one step."""
    return tuple(wager for wager in wagers if odds.pays_whole_cents(wager) and not rack_fault(odds.pay(wager), rack))


def odds_line(
    paytable: str, name: str, odds: Odds, citation: Citation, wagers: Sequence[Cents], rack: Rack
) -> SprintLine:
    """A line paid at odds on a wager drawn from ``wagers`` (those the rack pays in one step)."""
    wagers = payable_wagers(odds, wagers, rack)
    return SprintLine(line_key(paytable, name, str(odds)), f"{name}, {odds}", paytable, citation, wagers, odds)


def award_line(paytable: str, name: str, low: Cents, high: Cents, citation: Citation) -> SprintLine:
    """A line paid as an amount between ``low`` and ``high`` (a fixed award when they are equal)."""
    return SprintLine(line_key(paytable, name), name, paytable, citation, awards=(low, high))


def dice_lines(paytable: DicePaytable, title: str, limits: Sequence[Cents], rack: Rack) -> list[SprintLine]:
    """The lines of a Sum, Match or Beat It paytable, each citing the clause that prints it."""
    return [odds_line(title, line.name, line.odds, line.citation, limits, rack) for line in paytable.lines]


def mystery_line(configuration: MysteryConfiguration, section: str) -> SprintLine:
    """A Mystery Bonus award of the configuration: 100% of the meter, between its minimum and maximum ((c)(7))."""
    low, high = configuration.minimum_value, configuration.maximum_value - 1
    name = f"{configuration.name}, {format_cents(low)} to {format_cents(high)}"
    return award_line("Must-Hit-By Mystery Bonus", name, low, high, cite(f"{section}(c)(7)"))


def fortune_lines(paytable: FortunePaytable, limits: Sequence[Cents], rack: Rack) -> list[SprintLine]:
    """The Fortune Bonus lines at their odds and the Envy Bonus amounts of a Fortune paytable."""
    odds = [
        odds_line(paytable.name, hand.value, pay, paytable.citation, limits, rack)
        for hand, pay in paytable.pays.items()
    ]
    envy = [
        award_line(paytable.name, f"Envy Bonus, {hand.value}", amount, amount, paytable.citation)
        for hand, amount in paytable.envy.items()
    ]
    return odds + envy


def progressive_lines(paytable: ProgressivePaytable) -> list[SprintLine]:
    """The fixed awards of a Progressive Payout paytable (its shares of the meter are the meter's, not a line's)."""
    return [
        award_line(paytable.name, hand.value, award, award, paytable.citation)
        for hand, award in paytable.awards.items()
        if isinstance(award, int)
    ]


def pai_gow_lines(rules: TableRules) -> list[SprintLine]:
    """Tiger 9, every Sum, Match and Beat It paytable, the Fortune, Progressive and Mystery Bonus of a Pai Gow table."""
    limits, rack = limit_wagers(rules.side_wager_limits), rules.rack
    lines = [odds_line("Tiger 9", "Dealer Tiger 9", TIGER_NINE_ODDS, TIGER_NINE_PAYS, limits, rack)]
    for choice in SumPaytable:
        lines += dice_lines(sum_paytable(choice), sum_paytable(choice).title, limits, rack)
    lines += dice_lines(dice_match_paytable(DIE_FACES[0]), "Match", limits, rack)
    for beat_it in BeatItPaytable:
        lines += dice_lines(beat_it_paytable(beat_it), beat_it_paytable(beat_it).title, limits, rack)
    if rules.fortune_paytable is not None:
        lines += fortune_lines(rules.fortune_paytable, limits, rack)
    if rules.progressive_paytable is not None:
        lines += progressive_lines(rules.progressive_paytable)
    if rules.mystery is not None:
        lines.append(mystery_line(rules.mystery, MYSTERY_SECTION))
    return lines


def carnival_lines(game: CarnivalGame, rack: Rack) -> list[SprintLine]:
    """Every line of every paytable a carnival poker game's areas may choose (Pair Plus, Ante Bonus, Blind, Trips)."""
    lines = []
    for option in game.paytable_choices:
        area = option.heading
        for paytable in option.paytables.values():
            title = f"{game.name} {area} {paytable.name}"
            lines += [
                odds_line(title, line, odds, option.citation, limit_wagers(SPRINT_WAGERS), rack)
                for line, odds in paytable.pays.items()
            ]
    return lines


def down_under_lines(rules: DownUnderTable) -> list[SprintLine]:
    """Blackjack paid 3 to 2 and 6 to 5, and the fixed-odds lines of every Match the Dealer paytable (§685b.1(i)).

    A Match the Dealer line paid at the same odds in several paytables is one line.
    """
    rack, wagers = rules.rack, limit_wagers(SPRINT_WAGERS)
    lines = [odds_line("Blackjack", "Blackjack", pays.odds, BLACKJACK_PAYS, wagers, rack) for pays in BlackjackPays]
    for decks in DECK_COUNTS:
        for number in PAYTABLE_NUMBERS:
            paytable = match_paytable(decks, number)
            for combination, payout in paytable.payouts.items():
                if isinstance(payout, Odds):
                    lines.append(
                        odds_line("Match the Dealer", combination.value, payout, PAYTABLE_RULE, WAGER_AMOUNTS, rack)
                    )
    return lines


def game_lines(game: Game) -> list[SprintLine]:
    """The lines a game's table pays, read from its default rules by their type, and its base game's paytables."""
    rules = game.read_rules({})
    if isinstance(rules, TableRules):
        return pai_gow_lines(rules)
    if isinstance(rules, DownUnderTable):
        return down_under_lines(rules)
    lines = []
    if isinstance(rules, MysteryRules):
        lines.append(mystery_line(rules.configuration, game.sections[0]))
        if game.scenario.base_game is not None:
            lines += carnival_lines(game.scenario.base_game, rules.rack)
    return lines


def sprint_lines(filed: Iterable[FortunePaytable | ProgressivePaytable] = ()) -> dict[str, SprintLine]:
    """Every line a sprint may pay, by key: each game's, then the school's filed paytables'; the first of a key stands.

    A line no wager of its table pays in one step from the rack is left out.
    """
    lines: list[SprintLine] = []
    for game in GAMES.values():
        lines += game_lines(game)
    default_limits, default_rack = limit_wagers(TableRules().side_wager_limits), TableRules().rack
    for paytable in filed:
        if isinstance(paytable, FortunePaytable):
            lines += fortune_lines(paytable, default_limits, default_rack)
        else:
            lines += progressive_lines(paytable)
    found: dict[str, SprintLine] = {}
    for line in lines:
        if line.odds is None or line.wagers:
            found.setdefault(line.key, line)
    return found


@dataclass(frozen=True)
class Payout:
    """One payout of a sprint: its line, the wager paid on (None for an award) and the exact amount due."""

    line: SprintLine
    wager: Cents | None
    due: Cents

    def to_json(self) -> dict[str, str | int | None]:
        """The payout as the server keeps it: the line by key, the wager and the amount due."""
        return {"line": self.line.key, "wager": self.wager, "due": self.due}


def draw_payout(line: SprintLine, rng: random.Random) -> Payout:
    """A payout of ``line``: a wager drawn from its wagers, or an award drawn in whole cents from its range."""
    if line.odds is not None:
        wager = rng.choice(line.wagers)
        return Payout(line, wager, line.due(wager))
    low, high = line.awards
    return Payout(line, None, rng.randint(low, high))


def draw_sprint(lines: Sequence[SprintLine], length: int, seed: int) -> tuple[Payout, ...]:
    """A sprint of ``length`` payouts from ``lines`` (one for a line's sprint, all of them for a mix), seeded.

    ValueError for a length that is not a sprint's or no line to draw from.
    """
    if length not in SPRINT_LENGTHS:
        raise ValueError(f"A sprint is {', '.join(map(str, SPRINT_LENGTHS[:-1]))} or {SPRINT_LENGTHS[-1]} payouts.")
    if not lines:
        raise ValueError("A sprint pays at least one paytable line.")
    rng = random.Random(seed)
    return tuple(draw_payout(rng.choice(lines), rng) for _ in range(length))


@dataclass(frozen=True)
class PaidPayout:
    """A payout paid: the chips, and the error code of a mispay or a mis-chip (None when right) with its words."""

    paid: ChipPayment
    error: ErrorCode | None
    words: str

    @property
    def right(self) -> bool:
        """Whether the payout was paid right: the right total in the house's chips."""
        return self.error is None


def pay_payout(due: Cents, wager: Cents | None, chips: str, rack: Rack, chipping: Chipping) -> PaidPayout:
    """Grade ``chips`` paying ``due`` on ``wager`` (None for an award) as the table grades a pay from the rack.

    ChipsError, changing nothing, for chips that cannot be read (:func:`~simulator.core.chips.read_payment`) or none.
    """
    paid = read_payment(chips, rack)
    if not paid.total:
        raise ChipsError("Pay the payout in chips, such as 2500x3 500x1 for three $25 and one $5.")
    house = f"{format_cents(due)} in {chipping.payment(due, rack, wager).spoken(rack)}"
    if paid.total != due:
        side = "short" if paid.total < due else "over"
        difference = format_cents(abs(paid.total - due))
        return PaidPayout(
            paid, ErrorCode.WRONG_AMOUNT, f"Mispay: {format_cents(paid.total)}, {difference} {side}; due {house}."
        )
    if not chipping.follows(paid.chips, rack, wager, paid.coin):
        words = f"Right total in other chips: your house pays {chipping.words}, {house}."
        return PaidPayout(paid, ErrorCode.WRONG_CHIPS, words)
    return PaidPayout(paid, None, f"Right: {format_cents(due)} in {paid.spoken(rack)}.")


@dataclass(frozen=True)
class SprintResult:
    """A finished sprint: its length, mispays and mis-chips, and the time from the first shown to the last paid."""

    length: int
    mispays: int
    mischips: int
    milliseconds: int

    @property
    def all_right(self) -> bool:
        """Whether every payout was paid right."""
        return not (self.mispays or self.mischips)


@dataclass(frozen=True)
class SprintStandard:
    """A school's standard for a sprint: its payouts within a number of seconds, all right or not."""

    length: int
    seconds: int
    all_right: bool = True

    def met_by(self, result: SprintResult) -> bool:
        """Whether ``result`` meets the standard."""
        return result.milliseconds <= self.seconds * 1000 and (result.all_right or not self.all_right)

    def __str__(self) -> str:
        """The standard in words: "20 payouts in 90 s, all right"."""
        return f"{self.length} payouts in {self.seconds} s{', all right' if self.all_right else ''}"


def default_standard(length: int) -> SprintStandard:
    """The standard a school has until it sets one: :data:`SECONDS_PER_PAYOUT` a payout, all right.

    >>> str(default_standard(20))
    '20 payouts in 90 s, all right'
    """
    return SprintStandard(length, round(length * SECONDS_PER_PAYOUT))
