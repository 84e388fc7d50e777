"""Blackjack arithmetic at Down Under Blackjack: totals, the dealer's drawing rule, a hand's result, the players' play.

§685a.1 defines blackjack, hard total and soft value; the drawing rule, the options a player has and the payouts are
not in the regulation text we have and are the table's house options (:mod:`simulator.blackjack.hand`).
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum

from simulator.core.cards import Card, Rank
from simulator.core.money import Cents, Odds

BUST_OVER = 21
DEALER_STANDS_FROM = 17


def card_points(card: Card) -> int:
    """A card's count with an ace as 1: face cards count 10."""
    return 1 if card.rank is Rank.ACE else min(int(card.rank), 10)


def blackjack_total(cards: Sequence[Card]) -> int:
    """The best blackjack total of the cards: face cards count 10, an ace 11 unless that busts.

    >>> from simulator.core.cards import parse_cards
    >>> [blackjack_total(parse_cards(cards)) for cards in ("AsKd", "AsKd5c", "AhAd")]
    [21, 16, 12]
    """
    hard = sum(card_points(card) for card in cards)
    return hard + 10 if any(card.rank is Rank.ACE for card in cards) and hard + 10 <= BUST_OVER else hard


def is_soft(cards: Sequence[Card]) -> bool:
    """Whether the total counts an ace as 11 (§685a.1 "soft value").

    >>> from simulator.core.cards import parse_cards
    >>> is_soft(parse_cards("Ah6c")), is_soft(parse_cards("Ah6cTd")), is_soft(parse_cards("Tc7d"))
    (True, False, False)
    """
    return blackjack_total(cards) != sum(card_points(card) for card in cards)


def is_blackjack(cards: Sequence[Card]) -> bool:
    """Whether two cards make 21 (§685a.1 "blackjack": an ace and any card having a value of 10)."""
    return len(cards) == 2 and blackjack_total(cards) == BUST_OVER


class DealerDrawing(StrEnum):
    """The dealer's drawing rule, a house option: stand on every 17, or draw to a soft 17."""

    STANDS_ON_ALL_17S = "stands on all 17s"
    HITS_SOFT_17 = "hits soft 17"


def dealer_draws(cards: Sequence[Card], rule: DealerDrawing) -> bool:
    """Whether the dealer's hand takes another card under the table's drawing rule.

    >>> from simulator.core.cards import parse_cards
    >>> soft_17 = parse_cards("Ah6c")
    >>> dealer_draws(soft_17, DealerDrawing.STANDS_ON_ALL_17S), dealer_draws(soft_17, DealerDrawing.HITS_SOFT_17)
    (False, True)
    """
    total = blackjack_total(cards)
    if total == DEALER_STANDS_FROM and rule is DealerDrawing.HITS_SOFT_17:
        return is_soft(cards)
    return total < DEALER_STANDS_FROM


class BlackjackPays(StrEnum):
    """What a blackjack is paid on its wager, a house option: 3 to 2 or 6 to 5."""

    THREE_TO_TWO = "3 to 2"
    SIX_TO_FIVE = "6 to 5"

    @property
    def odds(self) -> Odds:
        """The payout odds the option's value names.

        >>> BlackjackPays.SIX_TO_FIVE.odds.pay(1000)
        1200
        """
        return Odds.parse(self.value)


class DoubleDownOn(StrEnum):
    """The hands a player may double down on, a house option: any first two cards, or only some totals."""

    ANY_TWO_CARDS = "any two cards"
    NINE_TO_ELEVEN = "9 to 11 only"
    TEN_OR_ELEVEN = "10 or 11 only"

    def allows(self, cards: Sequence[Card]) -> bool:
        """Whether a hand's first two cards may be doubled: any two, or a total the option names.

        >>> from simulator.core.cards import parse_cards
        >>> [DoubleDownOn.TEN_OR_ELEVEN.allows(parse_cards(cards)) for cards in ("6h5c", "5h4c", "As9d")]
        [True, False, False]
        """
        return self is DoubleDownOn.ANY_TWO_CARDS or blackjack_total(cards) in DOUBLE_DOWN_TOTALS[self]


DOUBLE_DOWN_TOTALS = {DoubleDownOn.NINE_TO_ELEVEN: (9, 10, 11), DoubleDownOn.TEN_OR_ELEVEN: (10, 11)}
"""The two-card totals each restricted double_down_on value allows."""


class HandResult(StrEnum):
    """How a Down Under Blackjack wager settles, and the step that settles it."""

    BLACKJACK = "blackjack"
    WIN = "win"
    PUSH = "push"
    LOSE = "lose"


def hand_result(
    player: Sequence[Card], dealer: Sequence[Card], wager: Cents, pays: BlackjackPays, *, natural: bool = True
) -> tuple[HandResult, Cents]:
    """A hand's result against the dealer's completed hand and the net in cents (negative when the wager loses).

    A blackjack is paid at ``pays``; ``natural`` is False for a hand made by splitting a pair, whose two-card 21 is
    not a blackjack. A dealer's blackjack beats every hand but a player's blackjack, which pushes with it.

    >>> from simulator.core.cards import parse_cards
    >>> hand_result(parse_cards("AsKd"), parse_cards("9c8c"), 1000, BlackjackPays.THREE_TO_TWO)
    (<HandResult.BLACKJACK: 'blackjack'>, 1500)
    >>> hand_result(parse_cards("AsKd"), parse_cards("9c8c"), 1000, BlackjackPays.THREE_TO_TWO, natural=False)
    (<HandResult.WIN: 'win'>, 1000)
    """
    player_total, dealer_total = blackjack_total(player), blackjack_total(dealer)
    player_natural = natural and is_blackjack(player)
    if player_natural:
        return (HandResult.PUSH, 0) if is_blackjack(dealer) else (HandResult.BLACKJACK, pays.odds.pay(wager))
    if player_total > BUST_OVER or is_blackjack(dealer) or player_total < dealer_total <= BUST_OVER:
        return HandResult.LOSE, -wager
    if player_total == dealer_total:
        return HandResult.PUSH, 0
    return HandResult.WIN, wager


class Decision(StrEnum):
    """What a player may do with a hand at the table's house options."""

    HIT = "hit"
    STAND = "stand"
    DOUBLE = "double"
    SPLIT = "split"


class BlackjackStyle(StrEnum):
    """How a simulated player plays a hand, so that a trainee meets good play, timid play and a hunch to question."""

    BASIC = "plays a basic strategy"
    CAUTIOUS = "never risks a bust: stands on a hard 12 or more, doubles only 11, never splits"
    HUNCH = "plays a basic strategy but hits a hard 17 or 18 on a hunch"


def upcard_value(upcard: Card) -> int:
    """The dealer's upcard as strategy tables count it: 2 to 10, the ace as 11."""
    return 11 if upcard.rank is Rank.ACE else card_points(upcard)


PAIR_SPLITS = {1: range(2, 12), 8: range(2, 12), 2: range(2, 8), 3: range(2, 8), 7: range(2, 8), 6: range(2, 7)}
"""The pairs a basic strategy splits, by the pair's card count (1 for aces), against the upcard values listed."""
NINES_SPLIT_AGAINST = (2, 3, 4, 5, 6, 8, 9)
FOURS_SPLIT_AGAINST = (5, 6)


def splits_pair(cards: Sequence[Card], dealer: int) -> bool:
    """Whether a basic strategy splits this pair against the upcard value."""
    points = card_points(cards[0])
    if points == 9:
        return dealer in NINES_SPLIT_AGAINST
    if points == 4:
        return dealer in FOURS_SPLIT_AGAINST
    return dealer in PAIR_SPLITS.get(points, ())


def doubles(cards: Sequence[Card], dealer: int) -> bool:
    """Whether a basic strategy doubles these two cards against the upcard value."""
    total = blackjack_total(cards)
    if is_soft(cards):
        return (13 <= total <= 16 and dealer in (5, 6)) or (total in (17, 18) and 3 <= dealer <= 6)
    return (total == 11 and dealer <= 10) or (total == 10 and dealer <= 9) or (total == 9 and 3 <= dealer <= 6)


def stands(cards: Sequence[Card], dealer: int) -> bool:
    """Whether a basic strategy stands on these cards against the upcard value."""
    total = blackjack_total(cards)
    if is_soft(cards):
        return total >= 19 or (total == 18 and dealer <= 8)
    if total >= 17:
        return True
    if total >= 13:
        return dealer <= 6
    return total == 12 and 4 <= dealer <= 6


def decide(cards: Sequence[Card], upcard: Card, allowed: frozenset[Decision], style: BlackjackStyle) -> Decision:
    """The decision a player of ``style`` makes with these cards, from the ``allowed`` ones (hit and stand always).

    >>> from simulator.core.cards import parse_cards
    >>> every = frozenset(Decision)
    >>> decide(parse_cards("8s8d"), parse_cards("6c")[0], every, BlackjackStyle.BASIC)
    <Decision.SPLIT: 'split'>
    >>> decide(parse_cards("6h5c"), parse_cards("6c")[0], every - {Decision.SPLIT}, BlackjackStyle.BASIC)
    <Decision.DOUBLE: 'double'>
    >>> decide(parse_cards("Ts7d"), parse_cards("6c")[0], every, BlackjackStyle.HUNCH)
    <Decision.HIT: 'hit'>
    """
    dealer = upcard_value(upcard)
    total = blackjack_total(cards)
    if style is BlackjackStyle.CAUTIOUS:
        if Decision.DOUBLE in allowed and total == 11 and not is_soft(cards):
            return Decision.DOUBLE
        return Decision.STAND if total >= 12 else Decision.HIT
    if style is BlackjackStyle.HUNCH and not is_soft(cards) and total in (17, 18):
        return Decision.HIT
    if Decision.SPLIT in allowed and splits_pair(cards, dealer):
        return Decision.SPLIT
    if Decision.DOUBLE in allowed and doubles(cards, dealer):
        return Decision.DOUBLE
    return Decision.STAND if stands(cards, dealer) else Decision.HIT


def questionable(cards: Sequence[Card], decision: Decision) -> bool:
    """Whether a dealer confirms the decision aloud before acting: a hit on a hard 17 or more.

    >>> from simulator.core.cards import parse_cards
    >>> questionable(parse_cards("Ts7d"), Decision.HIT), questionable(parse_cards("As6d"), Decision.HIT)
    (True, False)
    """
    return decision is Decision.HIT and not is_soft(cards) and blackjack_total(cards) >= DEALER_STANDS_FROM
