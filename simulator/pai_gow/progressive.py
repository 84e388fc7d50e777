"""The Progressive Payout wager of Pai Gow Poker paid on the player's own hand: its paytable and its meter.

§645a.7(e)(4) names the wager and §645a.13 ("payout odds; envy bonus; rate of progression") holds its paytable,
but Chapter 645a was not retrieved (digest §3.9), so a table files a :class:`ProgressivePaytable` as a house
option. The hand is judged like the Fortune Bonus: the best line among the player's seven cards, however the
player set them (:func:`simulator.pai_gow.fortune.fortune_hand`). A line pays a fixed amount for the configured wager
or a :class:`~simulator.core.progressive.MeterShare` of the meter, a
:class:`~simulator.core.progressive.JackpotMeter` that starts at the paytable's seed and grows by its rate of
progression on every Progressive Payout wager. The wager was collected and dropped before the deal, so a win
pays the award and the stake is not returned.

>>> from simulator.core.cards import parse_cards
>>> paytable = EXAMPLE_PROGRESSIVE_PAYTABLE
>>> hand = judge_progressive_hand(parse_cards("As Ks Qs Js Ts Kh Qh"), paytable)
>>> paid, after = paytable.pay(hand, paytable.seeded_meter())
>>> hand.value, paid, after.amount, paytable.pays_from_meter(hand)
('royal flush plus royal match', 10000, Decimal('90000'), True)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal

from simulator.core.cards import Card
from simulator.core.citations import Citation
from simulator.core.clauses import cite
from simulator.core.hands import WheelRank
from simulator.core.money import Cents, Rounding, format_cents
from simulator.core.progressive import JackpotMeter, MeterShare
from simulator.pai_gow.fortune import FortuneHand, fortune_hand

ProgressiveAward = MeterShare | Cents
"""One paytable line's award: a share of the meter, or a fixed amount in cents for the configured wager."""


@dataclass(frozen=True)
class ProgressivePaytable:
    """A Progressive Payout paytable: each hand's award for the configured wager, the meter's seed and rate."""

    name: str
    wager: Cents
    awards: Mapping[FortuneHand, ProgressiveAward]
    seed_amount: Cents
    rate: Decimal
    citation: Citation
    rate_citation: Citation
    award_rounding: Rounding = Rounding.DOWN

    def __post_init__(self) -> None:
        """Refuse a paytable that cannot pay: no lines, a non-positive amount, seed or wager, a rate outside 0–100%."""
        if not self.awards:
            raise ValueError("A progressive paytable pays at least one hand.")
        if any(not isinstance(award, MeterShare) and award <= 0 for award in self.awards.values()):
            raise ValueError("Every fixed progressive award is a positive number of cents.")
        if self.wager <= 0 or self.seed_amount <= 0:
            raise ValueError("The progressive wager and the meter's seed are positive amounts.")
        if not Decimal(0) < self.rate < Decimal(1):
            raise ValueError("The rate of progression is a fraction of the wager between 0 and 1.")

    def seeded_meter(self) -> JackpotMeter:
        """A new meter showing the paytable's seed."""
        return JackpotMeter.seeded(self.seed_amount)

    def contribution(self, count: int) -> Decimal:
        """What ``count`` Progressive Payout wagers add to the meter, in exact cents.

        >>> EXAMPLE_PROGRESSIVE_PAYTABLE.contribution(3)
        Decimal('45.00')
        """
        return self.rate * self.wager * count

    def pays_from_meter(self, hand: FortuneHand) -> bool:
        """Whether ``hand`` pays a share of the meter (never from the table inventory) rather than a fixed amount."""
        return isinstance(self.awards[hand], MeterShare)

    def pay(self, hand: FortuneHand, meter: JackpotMeter) -> tuple[Cents, JackpotMeter]:
        """What ``hand`` pays from ``meter`` as it stands, and the meter after it.

        A share comes off the meter (a 100% award resets it to its seed); a fixed amount leaves the meter as it is.
        """
        award = self.awards[hand]
        if isinstance(award, MeterShare):
            return meter.award(award, self.award_rounding)
        return award, meter

    def lines(self) -> list[tuple[str, str]]:
        """The paytable as a display prints it: each hand and its award, highest first."""
        return [
            (hand.value, str(award) if isinstance(award, MeterShare) else format_cents(award))
            for hand, award in self.awards.items()
        ]


def judge_progressive_hand(
    cards: Sequence[Card], paytable: ProgressivePaytable, wheel: WheelRank = WheelRank.SECOND_HIGHEST
) -> FortuneHand | None:
    """The paytable line the player's seven cards make, however the player set them; None when no line pays."""
    hand = fortune_hand(cards, wheel)
    return hand if hand in paytable.awards else None


EXAMPLE_PROGRESSIVE_PAYTABLE = ProgressivePaytable(
    name="Training Progressive Payout paytable, $1 wager (not Pennsylvania's)",
    wager=100,
    awards={
        FortuneHand.SEVEN_CARD_STRAIGHT_FLUSH: MeterShare(100),
        FortuneHand.ROYAL_FLUSH_PLUS_ROYAL_MATCH: MeterShare(10),
        FortuneHand.SEVEN_CARD_STRAIGHT_FLUSH_WITH_JOKER: 100_000,
        FortuneHand.FIVE_ACES: 40_000,
        FortuneHand.ROYAL_FLUSH: 15_000,
        FortuneHand.STRAIGHT_FLUSH: 5_000,
        FortuneHand.FOUR_OF_A_KIND: 2_500,
    },
    seed_amount=100_000,
    rate=Decimal("0.15"),
    citation=cite("Progressive Payout paytable, option progressive_paytable"),
    rate_citation=cite("Progressive Payout contribution rate"),
)
"""The default paytable: an example, its meter seeded and growing as Match the Dealer's, for the one not retrieved."""
