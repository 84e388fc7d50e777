"""Match the Dealer on Down Under Blackjack (§685b.1): combinations, paytables, the meter and settlement.

The wager is judged on the player's first two cards against the dealer's upcard (§685b.1(a)) and paid
from one of ten paytables for 6 or for 8 decks (§685b.1(b), (i)). The two top lines pay a percentage
of the progressive meter; the other four pay "x to 1".

Readings of the seed text (each carries a house citation where it is applied):

- **One wager amount per table.** §685b.1(j) seeds the meter at "1,000 times the wager amount offered
  by the certificate holder" (singular), so a table offers one amount, $1 or $5 (§685b.1(e)), and its
  meter seeds at $1,000 or $5,000. Every Match the Dealer wager at that table is that amount.
- **"Secondary incrementation rate".** The seed names a primary rate of 15% and a secondary rate of 6%
  without defining them. Both readings here take the primary 15% of each wager onto the visible meter
  and the secondary 6% into a hidden reserve; they differ at the 100% award
  (:class:`SecondaryReading`): by default the reserve is the head start of the next jackpot (the meter
  resets to the seed plus the reserve), or else it repays the house's seed money and the meter resets
  to the seed alone.
- **Stake.** The wager is collected and dropped before the deal (§685b.1(f)), so a win pays
  ``wager × odds`` (or the meter share) and the stake is not returned.
- **Sub-cent awards.** 10% of the meter can hold a fraction of a cent; the award is rounded to a cent
  (down by default) and the meter keeps exactly what was not paid.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from decimal import ROUND_HALF_UP, Decimal
from enum import StrEnum
from fractions import Fraction

from simulator.core.cards import Card, Rank, Suit
from simulator.core.citations import Citation
from simulator.core.clauses import cite
from simulator.core.json_values import JsonValue, json_int, json_str
from simulator.core.money import Cents, Odds, Rounding, format_cents
from simulator.core.progressive import JackpotMeter, MeterShare

ACE_OF_SPADES = Card(Rank.ACE, Suit.SPADES)
DECK_COUNTS = (6, 8)
PAYTABLE_NUMBERS = range(1, 11)
WAGER_AMOUNTS: tuple[Cents, ...] = (100, 500)
SEED_MULTIPLE = 1000
PRIMARY_RATE = Decimal("0.15")
SECONDARY_RATE = Decimal("0.06")

DECKS_RULE = cite("§685b.1(b)")
WAGER_RULE = cite("§685b.1(e)")
LOSING_RULE = cite("§685b.1(g)(1)")
PAYTABLE_RULE = cite("§685b.1(i)")
METER_RULE = cite("§685b.1(j)")
ONE_AMOUNT_PER_TABLE_RULE = cite("Match the Dealer wager amount per table")
STAKE_RULE = cite("Match the Dealer stake on a win")
AWARD_ROUNDING_RULE = cite("Match the Dealer award rounding, option award_rounding")


class MatchCombination(StrEnum):
    """The six winning combinations of §685b.1(a), in the seed's order."""

    TWO_SUITED_ACES_OF_SPADES = "two suited match, aces of spades"
    TWO_SUITED_ALL_OTHERS = "two suited match, all others"
    ONE_NON_SUITED_AND_ONE_SUITED = "one non-suited match and one suited match"
    ONE_SUITED = "one suited match"
    TWO_NON_SUITED = "two non-suited matches"
    ONE_NON_SUITED = "one non-suited match"


COMBINATION_RULES = {
    combination: cite(f"§685b.1(a)({number})") for number, combination in enumerate(MatchCombination, start=1)
}
"""Each winning combination's paragraph of §685b.1(a)."""

_BY_MATCH_COUNTS = {
    (1, 1): MatchCombination.ONE_NON_SUITED_AND_ONE_SUITED,
    (1, 0): MatchCombination.ONE_SUITED,
    (0, 2): MatchCombination.TWO_NON_SUITED,
    (0, 1): MatchCombination.ONE_NON_SUITED,
}


def judge_match(player_cards: Sequence[Card], upcard: Card) -> MatchCombination | None:
    """The combination the player's two cards form against the upcard, or None when nothing matches.

    A suited match has the upcard's rank and suit; a non-suited match its rank only (§685b.1(a)).

    >>> from simulator.core.cards import parse_card, parse_cards
    >>> judge_match(parse_cards("AsAs"), parse_card("As"))
    <MatchCombination.TWO_SUITED_ACES_OF_SPADES: 'two suited match, aces of spades'>
    >>> judge_match(parse_cards("7h7d"), parse_card("7h")).value
    'one non-suited match and one suited match'
    >>> judge_match(parse_cards("7c2d"), parse_card("7h")).value, judge_match(parse_cards("Kc2d"), parse_card("7h"))
    ('one non-suited match', None)
    """
    if len(player_cards) != 2:
        raise ValueError("Match the Dealer is judged on the player's first two cards.")
    suited = sum(card == upcard for card in player_cards)
    non_suited = sum(card.rank == upcard.rank and card != upcard for card in player_cards)
    if suited == 2:
        if upcard == ACE_OF_SPADES:
            return MatchCombination.TWO_SUITED_ACES_OF_SPADES
        return MatchCombination.TWO_SUITED_ALL_OTHERS
    return _BY_MATCH_COUNTS.get((suited, non_suited))


MatchPayout = Odds | MeterShare
"""One paytable line's payout: fixed odds, or a share of the meter."""


@dataclass(frozen=True)
class MatchPaytable:
    """One of the ten Match the Dealer paytables for 6 or 8 decks (§685b.1(i))."""

    decks: int
    number: int
    payouts: Mapping[MatchCombination, MatchPayout]

    def __str__(self) -> str:
        """Name the paytable as the seed does."""
        return f"{self.decks} decks, Paytable {self.number}"


# The "x to 1" lines of §685b.1(i), as printed: (1 non-suited and 1 suited match, 1 suited match,
# 2 non-suited matches, 1 non-suited match) for Paytables 1 to 10.
_FIXED_ODDS = {
    6: ((12, 10, 4, 2), (10, 7, 6, 3), (8, 4, 8, 4), (75, 4, 15, 3), (12, 9, 6, 3),
        (13, 10, 6, 3), (11, 7, 8, 4), (100, 5, 20, 3), (15, 12, 6, 3), (13, 9, 8, 4)),
    8: ((9, 6, 6, 3), (12, 10, 4, 2), (8, 4, 8, 4), (75, 4, 15, 3), (12, 9, 6, 3),
        (10, 6, 8, 4), (13, 10, 6, 3), (14, 11, 6, 3), (100, 5, 20, 3), (15, 12, 6, 3)),
}  # fmt: skip
_FIXED_ODDS_LINES = (
    MatchCombination.ONE_NON_SUITED_AND_ONE_SUITED,
    MatchCombination.ONE_SUITED,
    MatchCombination.TWO_NON_SUITED,
    MatchCombination.ONE_NON_SUITED,
)


def match_paytable(decks: int, number: int) -> MatchPaytable:
    """Paytable ``number`` (1 to 10) for ``decks`` (6 or 8) decks, as §685b.1(i) prints it.

    >>> table = match_paytable(8, 4)
    >>> [str(table.payouts[combination]) for combination in MatchCombination]  # doctest: +NORMALIZE_WHITESPACE
    ['100% of the progressive meter', '10% of the progressive meter', '75 to 1', '4 to 1', '15 to 1', '3 to 1']
    """
    if decks not in DECK_COUNTS:
        raise ValueError(f"Match the Dealer is played with 6 or 8 decks, not {decks} ({DECKS_RULE.clause}).")
    if number not in PAYTABLE_NUMBERS:
        raise ValueError(f"There is no Paytable {number}: {PAYTABLE_RULE.clause} prints Paytables 1 to 10.")
    payouts: dict[MatchCombination, MatchPayout] = {
        MatchCombination.TWO_SUITED_ACES_OF_SPADES: MeterShare(100),
        MatchCombination.TWO_SUITED_ALL_OTHERS: MeterShare(10),
    }
    for combination, win in zip(_FIXED_ODDS_LINES, _FIXED_ODDS[decks][number - 1], strict=True):
        payouts[combination] = Odds(win, 1)
    return MatchPaytable(decks, number, payouts)


class SecondaryReading(StrEnum):
    """What the secondary 6% incrementation rate of §685b.1(j) funds (a house reading; see the module)."""

    RESET_RESERVE = "reset reserve"
    SEED_RECOVERY = "seed recovery"


SECONDARY_READING_RULES = {
    SecondaryReading.RESET_RESERVE: cite(
        "Match the Dealer secondary rate as a reset reserve, option secondary_reading"
    ),
    SecondaryReading.SEED_RECOVERY: cite(
        "Match the Dealer secondary rate repaying the starting amount, option secondary_reading"
    ),
}


@dataclass(frozen=True)
class MatchMeter:
    """The Match the Dealer progressive meter and its hidden reserve, in exact cents (§685b.1(j)).

    The arithmetic is :class:`~simulator.core.progressive.JackpotMeter`'s; this type fixes the table's one wager
    amount ($1 or $5), its seed (1,000 times that amount), the 15% and 6% rates and the secondary-rate reading.

    >>> meter = MatchMeter.seeded(100).add_wagers(2)
    >>> format_cents(meter.amount), format_cents(meter.reserve)
    ('$1,000.30', '$0.12')
    """

    wager: Cents
    meter: JackpotMeter
    reading: SecondaryReading = SecondaryReading.RESET_RESERVE

    def __post_init__(self) -> None:
        """Refuse a wager amount the seed does not allow, or a meter seeded at another amount."""
        if self.wager not in WAGER_AMOUNTS:
            raise ValueError(f"The Match the Dealer wager is $1 or $5, not {format_cents(self.wager)} ({WAGER_RULE}).")
        if self.meter.seed_amount != SEED_MULTIPLE * self.wager:
            raise ValueError(f"The meter seeds at 1,000 times the wager ({METER_RULE}).")

    @classmethod
    def seeded(cls, wager: Cents, reading: SecondaryReading = SecondaryReading.RESET_RESERVE) -> MatchMeter:
        """A new meter at its seed: 1,000 times the table's wager amount, with an empty reserve."""
        return cls(wager, JackpotMeter.seeded(SEED_MULTIPLE * wager), reading)

    @property
    def amount(self) -> Decimal:
        """The amount the meter shows, in exact cents."""
        return self.meter.amount

    @property
    def reserve(self) -> Decimal:
        """The hidden reserve the secondary rate builds, in exact cents."""
        return self.meter.reserve

    @property
    def seed_amount(self) -> Cents:
        """The amount the meter starts from: 1,000 times the wager amount."""
        return self.meter.seed_amount

    def add_wagers(self, count: int) -> MatchMeter:
        """The meter after ``count`` wagers: 15% of each onto the meter, 6% of each into the reserve."""
        primary, secondary = PRIMARY_RATE * self.wager * count, SECONDARY_RATE * self.wager * count
        return replace(self, meter=self.meter.add(primary, secondary))

    def award(self, share: MeterShare, rounding: Rounding = Rounding.DOWN) -> tuple[Cents, MatchMeter]:
        """Pay ``share`` of the meter: the amount in whole cents and the meter after it.

        A 100% award resets the meter (see :class:`SecondaryReading`); a 10% award leaves the rest on it.

        >>> paid, after = MatchMeter.seeded(100, SecondaryReading.RESET_RESERVE).add_wagers(1).award(MeterShare(10))
        >>> paid, after.amount
        (10001, Decimal('90014.00'))
        """
        reserve_to_reset = self.reading is SecondaryReading.RESET_RESERVE
        paid, after = self.meter.award(share, rounding, reserve_to_reset=reserve_to_reset)
        return paid, replace(self, meter=after)

    def to_json(self) -> dict[str, JsonValue]:
        """The meter as JSON: exact amounts written as decimal strings."""
        return {"wager": self.wager, "amount": str(self.amount), "reserve": str(self.reserve), "reading": self.reading}

    @classmethod
    def from_json(cls, data: Mapping[str, JsonValue]) -> MatchMeter:
        """Read a meter written by :meth:`to_json`."""
        wager = json_int(data["wager"])
        meter = JackpotMeter(
            SEED_MULTIPLE * wager, Decimal(json_str(data["amount"])), Decimal(json_str(data["reserve"]))
        )
        return cls(wager, meter, SecondaryReading(json_str(data["reading"])))


@dataclass(frozen=True)
class MatchSettlement:
    """How one Match the Dealer wager settles: the combination, its payout line, the amount and the meter after."""

    combination: MatchCombination | None
    payout: MatchPayout | None
    amount: Cents
    meter: MatchMeter

    @property
    def wins(self) -> bool:
        """Whether the wager won."""
        return self.combination is not None

    @property
    def from_meter(self) -> bool:
        """Whether the win is a percentage of the meter, which is never paid from table inventory."""
        return isinstance(self.payout, MeterShare)

    @property
    def citation(self) -> Citation:
        """The clause that decides this settlement."""
        return PAYTABLE_RULE if self.wins else LOSING_RULE


def settle_match_wager(
    player_cards: Sequence[Card],
    upcard: Card,
    paytable: MatchPaytable,
    meter: MatchMeter,
    rounding: Rounding = Rounding.DOWN,
) -> MatchSettlement:
    """Settle one wager of the meter's amount: collect it, pay wager × odds, or pay a share of the meter.

    >>> from simulator.core.cards import parse_card, parse_cards
    >>> meter = MatchMeter.seeded(500)
    >>> settle_match_wager(parse_cards("9h9c"), parse_card("9h"), match_paytable(6, 1), meter).amount
    6000
    """
    combination = judge_match(player_cards, upcard)
    if combination is None:
        return MatchSettlement(None, None, 0, meter)
    payout = paytable.payouts[combination]
    if isinstance(payout, Odds):
        return MatchSettlement(combination, payout, payout.pay(meter.wager), meter)
    amount, after = meter.award(payout, rounding)
    return MatchSettlement(combination, payout, amount, after)


def combination_probabilities(decks: int) -> dict[MatchCombination | None, Fraction]:
    """The exact chance of each combination (None: no match) when three cards come from a full shoe.

    The cards are dealt player card, upcard, player card. Every ordered triple of distinct cards in the
    shoe is equally likely, so the count for a combination is: for each card as the upcard, the ordered
    pairs of the other cards forming it. Against one upcard the other ``52·decks − 1`` cards hold
    ``decks − 1`` suited matches, ``3·decks`` non-suited matches and ``48·decks`` others.

    >>> chances = combination_probabilities(6)
    >>> chances[MatchCombination.TWO_SUITED_ACES_OF_SPADES], sum(chances.values())
    (Fraction(1, 250666), Fraction(1, 1))
    """
    if decks not in DECK_COUNTS:
        raise ValueError(f"Match the Dealer is played with 6 or 8 decks, not {decks} ({DECKS_RULE.clause}).")
    cards = 52 * decks
    suited, non_suited = decks - 1, 3 * decks
    other = cards - 1 - suited - non_suited
    triples = cards * (cards - 1) * (cards - 2)
    two_suited_pairs = suited * (suited - 1)
    pairs_per_upcard: dict[MatchCombination | None, int] = {
        MatchCombination.ONE_NON_SUITED_AND_ONE_SUITED: 2 * suited * non_suited,
        MatchCombination.ONE_SUITED: 2 * suited * other,
        MatchCombination.TWO_NON_SUITED: non_suited * (non_suited - 1),
        MatchCombination.ONE_NON_SUITED: 2 * non_suited * other,
        None: other * (other - 1),
    }
    chances = {
        MatchCombination.TWO_SUITED_ACES_OF_SPADES: Fraction(decks * two_suited_pairs, triples),
        MatchCombination.TWO_SUITED_ALL_OTHERS: Fraction((cards - decks) * two_suited_pairs, triples),
    }
    return chances | {combination: Fraction(cards * pairs, triples) for combination, pairs in pairs_per_upcard.items()}


def fixed_odds_return(paytable: MatchPaytable) -> Fraction:
    """The expected payout per unit wagered from the paytable's "x to 1" lines alone.

    The stake is dropped before the deal and not returned, and the two meter lines count as paying
    nothing, so this is the fixed-odds part of the return only: Σ P(line) × odds.
    """
    chances = combination_probabilities(paytable.decks)
    return sum(
        (chances[combination] * payout.win / payout.stake
         for combination, payout in paytable.payouts.items() if isinstance(payout, Odds)),
        Fraction(0),
    )  # fmt: skip


def _decimal(value: Fraction, places: int) -> str:
    """Write a fraction as a decimal with ``places`` decimals, rounded half up."""
    exact = Decimal(value.numerator) / Decimal(value.denominator)
    return f"{exact.quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_UP):,}"


def match_the_dealer_odds_report() -> str:
    """The odds report: each combination's exact chance and each paytable's fixed-odds return, 6 and 8 decks."""
    lines = ["Match the Dealer (§685b.1): three cards from a full shoe, dealt player card, upcard, player card."]
    for decks in DECK_COUNTS:
        lines.append("")
        lines.append(f"{decks} decks")
        for combination, chance in combination_probabilities(decks).items():
            name = combination.value if combination is not None else "no match (wager loses)"
            percent = _decimal(chance * 100, 6)
            lines.append(f"  {name:<45} {chance!s:>13} = {percent:>9}%  (1 in {_decimal(1 / chance, 1)})")
        lines.append("  Return of the fixed-odds part: the 'x to 1' lines only, paid per unit wagered (the stake is")
        lines.append("  dropped before the deal; the two meter lines, fed by the 15% and 6% rates, are not counted):")
        for number in PAYTABLE_NUMBERS:
            paytable = match_paytable(decks, number)
            lines.append(f"    Paytable {number:>2}: {_decimal(fixed_odds_return(paytable) * 100, 4):>8}%")
    return "\n".join(lines)
