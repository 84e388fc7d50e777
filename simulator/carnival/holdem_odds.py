"""Ultimate Texas Hold 'Em's Ante, Blind and Play Wagers counted exactly over every deal, board by board.

A deal is the player's two cards, the board in the order it is turned (flop, then turn and river) and the dealer's
two cards: 1,326 × 2,118,760 × 10 × 990 ways, each as likely. The enumeration goes board by board (each five-card
board once, up to the suits' names: a board and its suit-renamed twins settle alike, so one stands for all with
their count): it reads the 1,081 two-card hands the other 47 cards make with the board once, sorts them, and for
each player hand counts the dealer hands below, tied with and above it by bisection, taking away the dealer hands
that share a card with the player's by inclusion and exclusion (all hands, less those holding either player card,
plus the player's own). The player's Play Wager follows the strategy: four times before the flop, else two times
on each of the board's ten flops where the strategy bets at the flop, else its river decision on the whole board.

Cards are numbered 0 to 51: rank 2 + number // 4, suit number % 4. A hand's value is an integer that orders hands
as §653a.6(b) does: its category times 16⁵ plus the deciding ranks in base 16.
"""

from __future__ import annotations

import itertools
from bisect import bisect_left, bisect_right
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from math import comb

from simulator.carnival.poker import Paytable
from simulator.carnival.ultimate_texas import CATEGORY_NAMES
from simulator.core.hands import HandCategory

CATEGORY_SHIFT = 16**5
"""A value's category is value // CATEGORY_SHIFT."""
ACE = 14
LOWEST_PAIR = HandCategory.ONE_PAIR * CATEGORY_SHIFT
"""The lowest value that qualifies the dealer: any pair."""


def rank_of(card: int) -> int:
    """A card's rank, 2 to 14 (ace)."""
    return card // 4 + 2


def suit_of(card: int) -> int:
    """A card's suit, 0 to 3."""
    return card % 4


def straight_top(mask: int) -> int:
    """The top rank of the highest five ranks in sequence in a rank bit mask (the ace also low), else 0."""
    mask |= (mask >> ACE & 1) << 1
    return next((top for top in range(ACE, 4, -1) if mask >> (top - 4) & 0b11111 == 0b11111), 0)


STRAIGHT_TOPS = tuple(straight_top(mask) for mask in range(1 << 15))
"""straight_top of every rank mask, looked up rather than worked out in the enumeration."""


def encode(category: HandCategory, ranks: Iterable[int]) -> int:
    """A value: the category, then up to five deciding ranks high to low."""
    value = 0
    for place, rank in enumerate(itertools.islice(ranks, 5)):
        value += rank * 16 ** (4 - place)
    return category * CATEGORY_SHIFT + value


def hand_value(cards: Iterable[int]) -> int:
    """The value of the best five-card hand among five to seven cards."""
    counts = [0] * 15
    suits = [0, 0, 0, 0]
    for card in cards:
        counts[card // 4 + 2] += 1
        suits[card % 4] |= 1 << (card // 4 + 2)
    for suited in suits:
        if suited.bit_count() >= 5:  # seven cards with a flush hold no four of a kind or full house
            top = STRAIGHT_TOPS[suited]
            if top == ACE:
                return encode(HandCategory.ROYAL_FLUSH, ())
            if top:
                return encode(HandCategory.STRAIGHT_FLUSH, (top,))
            return encode(HandCategory.FLUSH, (rank for rank in range(ACE, 1, -1) if suited >> rank & 1))
    order = sorted((count, rank) for rank, count in enumerate(counts) if count)
    order.reverse()
    (most, first), *others = order
    if most == 4:
        return encode(HandCategory.FOUR_OF_A_KIND, (first, max(rank for _, rank in others)))
    if most == 3 and others[0][0] >= 2:
        return encode(HandCategory.FULL_HOUSE, (first, others[0][1]))
    top = STRAIGHT_TOPS[suits[0] | suits[1] | suits[2] | suits[3]]
    if top:
        return encode(HandCategory.STRAIGHT, (top,))
    singles = sorted((rank for count, rank in others if count == 1), reverse=True)
    if most == 3:
        return encode(HandCategory.THREE_OF_A_KIND, (first, *singles))
    if most == 2 and others[0][0] == 2:
        kicker = max(rank for _, rank in others[1:])
        return encode(HandCategory.TWO_PAIR, (first, others[0][1], kicker))
    if most == 2:
        return encode(HandCategory.ONE_PAIR, (first, *singles))
    return encode(HandCategory.HIGH_CARD, (first, *singles))


RANK_KEYS = tuple(1 << 3 * rank_of(card) for card in range(52))
"""A card's rank as a three-bit counter: the sum over a hand's cards keys its ranks."""
SUIT_KEYS = tuple(1 << 4 * suit_of(card) for card in range(52))
"""A card's suit as a four-bit counter: the sum over a hand's cards counts each suit."""
FIVE_OF_A_SUIT = 0x8888
"""Adding 3 to each four-bit suit count reaches 8 (this bit) exactly when the count is 5 or more."""
RANKS_VALUES: dict[int, int] = {}
"""The value of each rank multiset (by its key) without a flush, worked out once."""


def fast_value(cards: Sequence[int]) -> int:
    """hand_value, with a hand without a flush looked up by its ranks."""
    ranks = suits = 0
    for card in cards:
        ranks += RANK_KEYS[card]
        suits += SUIT_KEYS[card]
    return hand_value(cards) if (suits + 0x3333) & FIVE_OF_A_SUIT else ranks_value(ranks)


def ranks_value(ranks: int) -> int:
    """The value of the ranks a rank key counts, without a flush, worked out once."""
    value = RANKS_VALUES.get(ranks)
    if value is None:
        spread = [4 * (rank - 2) + place % 4 for place, rank in enumerate(unkey(ranks))]
        value = RANKS_VALUES[ranks] = hand_value(spread)
    return value


def unkey(ranks: int) -> list[int]:
    """The ranks a rank key counts, each as often as held, in order."""
    return [rank for rank in range(2, ACE + 1) for _ in range(ranks >> 3 * rank & 7)]


def category(value: int) -> int:
    """A value's category."""
    return value // CATEGORY_SHIFT


def uses_a_hole_card(first: int, second: int, community: Sequence[int]) -> bool:
    """Whether a hole card pairs the other or a community card (pocket twos alone do not count)."""
    ranks = 0
    for card in community:
        ranks |= 1 << (card // 4 + 2)
    high, low = first // 4 + 2, second // 4 + 2
    return bool(ranks >> high & 1 or ranks >> low & 1) or (high == low and high > 2)


@dataclass(frozen=True)
class Strategy:
    """A player's Play Wager multiple at each street, on numbered cards: before the flop, at the flop, at the river.

    ``river`` is given the hole cards, the board, the player's value and the dealer's outs (the unseen cards that
    with the board beat the player's hand).
    """

    name: str
    preflop: Callable[[int, int], int]
    flop: Callable[[int, int, Sequence[int]], int]
    river: Callable[[int, int, Sequence[int], int, int], int]


def raises_before_the_flop(first: int, second: int) -> int:
    """The house advice's four times: 3-3 or better, any ace, K-x suited, K-5+, Q-6s+, Q-8+, J-8s+, J-T."""
    high, low = sorted((rank_of(first), rank_of(second)), reverse=True)
    suited = suit_of(first) == suit_of(second)
    smallest_kicker = {14: 2, 13: 2 if suited else 5, 12: 6 if suited else 8, 11: 8 if suited else 10}
    return 4 if (high == low and high >= 3) or low >= smallest_kicker.get(high, 15) else 0


def advice_at_the_flop(first: int, second: int, flop: Sequence[int]) -> int:
    """Two times with two pair or better, a hole card that pairs, or four to a flush with a ten or better hidden."""
    if uses_a_hole_card(first, second, flop):
        return 2
    ranks = suits = 0
    for card in (first, second, *flop):
        ranks += RANK_KEYS[card]
        suits += SUIT_KEYS[card]
    if (suits + 0x3333) & FIVE_OF_A_SUIT or category(ranks_value(ranks)) >= HandCategory.TWO_PAIR:
        return 2
    hidden = any(rank_of(card) >= 10 and suits >> 4 * suit_of(card) & 15 >= 4 for card in (first, second))
    return 2 if hidden else 0


def improves_on_the_board(first: int, second: int, board: Sequence[int], value: int) -> bool:
    """A pair or better that uses a hole card: a hole card pairs, or the hole cards make a higher category."""
    return uses_a_hole_card(first, second, board) or category(value) > category(fast_value(board))


def advice_at_the_river(first: int, second: int, board: Sequence[int], value: int, outs: int) -> int:
    """Once when the hole cards improve on the board or fewer than 21 unseen cards beat the player."""
    return 1 if improves_on_the_board(first, second, board, value) or outs < 21 else 0


def cautious_at_the_flop(first: int, second: int, flop: Sequence[int]) -> int:
    """Two times with two pair or better."""
    return 2 if category(fast_value((first, second, *flop))) >= HandCategory.TWO_PAIR else 0


def cautious_at_the_river(first: int, second: int, board: Sequence[int], value: int, outs: int) -> int:
    """Once only when the hole cards improve on the board."""
    return 1 if improves_on_the_board(first, second, board, value) else 0


HOUSE_ADVICE = Strategy("house advice", raises_before_the_flop, advice_at_the_flop, advice_at_the_river)
CAUTIOUS = Strategy("cautious", lambda first, second: 0, cautious_at_the_flop, cautious_at_the_river)
STRATEGIES = {strategy.name: strategy for strategy in (HOUSE_ADVICE, CAUTIOUS)}
"""The simulated players' strategies, as the engine's play_by_advice and play_cautiously decide."""


@dataclass
class Tally:
    """Sums over deals, each deal counted once: the Ante's and Play's net units, the Blind's losses and its wins.

    The Blind's wins are kept by the player's category so that any Blind paytable is priced from one count.
    """

    deals: int = 0
    ante: int = 0
    play: int = 0
    blind_lost: int = 0
    blind_won: Counter[int] = field(default_factory=Counter)

    def add(self, other: Tally, times: int) -> None:
        """Add ``other`` counted ``times`` times."""
        self.deals += other.deals * times
        self.ante += other.ante * times
        self.play += other.play * times
        self.blind_lost += other.blind_lost * times
        for won, count in other.blind_won.items():
            self.blind_won[won] += count * times


class Enumeration:
    """One strategy's deals of one deck, with its decisions before and at the flop worked out once each."""

    def __init__(self, strategy: Strategy, deck: Sequence[int]) -> None:
        """Number the deck's two-card hands and read the strategy before the flop for each."""
        self.strategy, self.deck = strategy, tuple(deck)
        self.pairs = list(itertools.combinations(self.deck, 2))
        self.index = {pair: place for place, pair in enumerate(self.pairs)}
        self.preflop = [strategy.preflop(first, second) for first, second in self.pairs]
        self.flops: dict[tuple[int, ...], int] = {}

    def flop_bets(self, flop: tuple[int, ...]) -> int:
        """Whether the strategy bets at this flop, one byte a two-card hand, as one integer (bytes add unmixed)."""
        bets = self.flops.get(flop)
        if bets is None:
            decisions = bytes(
                first not in flop and second not in flop and self.strategy.flop(first, second, flop) > 0
                for first, second in self.pairs
            )
            bets = self.flops[flop] = int.from_bytes(decisions, "little")
        return bets

    def board(self, board: tuple[int, ...]) -> Tally:
        """Every deal with this board (the ten orders of turning it, every player and dealer hand), summed."""
        strategy = self.strategy
        rest = [card for card in self.deck if card not in board]
        board_ranks = sum(RANK_KEYS[card] for card in board)
        board_suits = sum(SUIT_KEYS[card] for card in board)
        hands = list(itertools.combinations(rest, 2))
        values = [
            hand_value((*board, first, second))
            if (board_suits + SUIT_KEYS[first] + SUIT_KEYS[second] + 0x3333) & FIVE_OF_A_SUIT
            else ranks_value(board_ranks + RANK_KEYS[first] + RANK_KEYS[second])
            for first, second in hands
        ]
        every = sorted(values)
        holding: dict[int, list[int]] = {card: [] for card in rest}
        for (first, second), value in zip(hands, values, strict=True):
            holding[first].append(value)
            holding[second].append(value)
        for held_values in holding.values():
            held_values.sort()
        with_one = {card: fast_value((*board, card)) for card in rest}
        with_one_sorted = sorted(with_one.values())
        flops = list(itertools.combinations(board, 3))
        at_the_flop = sum(self.flop_bets(flop) for flop in flops).to_bytes(len(self.pairs), "little")
        dealers = comb(len(rest) - 2, 2)
        tally = Tally()
        for (first, second), value in zip(hands, values, strict=True):
            place = self.index[first, second]
            whole, first_held, second_held = every, holding[first], holding[second]
            below = bisect_left(whole, value) - bisect_left(first_held, value) - bisect_left(second_held, value)
            not_above = bisect_right(whole, value) - bisect_right(first_held, value)
            not_above -= bisect_right(second_held, value) - 1  # the player's own hand, taken away twice
            not_qualifying = bisect_left(whole, LOWEST_PAIR) - bisect_left(first_held, LOWEST_PAIR)
            not_qualifying -= bisect_left(second_held, LOWEST_PAIR) - (value < LOWEST_PAIR)
            above = dealers - not_above
            won_qualifying = max(0, below - not_qualifying)
            lost_qualifying = above - max(0, not_qualifying - not_above)
            multiple = self.preflop[place]
            bets: tuple[tuple[int, int], ...]
            if multiple:
                bets = ((multiple, len(flops)),)
            else:
                outs = len(rest) - bisect_right(with_one_sorted, value)
                outs -= (with_one[first] > value) + (with_one[second] > value)
                flopped = at_the_flop[place]
                bets = ((2, flopped), (strategy.river(first, second, board, value, outs), len(flops) - flopped))
            for bet, weight in bets:
                if not weight:
                    continue
                tally.deals += weight * dealers
                if bet == 0:
                    tally.ante -= weight * dealers
                    tally.blind_lost += weight * dealers
                    continue
                tally.ante += weight * (won_qualifying - lost_qualifying)
                tally.play += weight * bet * (below - above)
                tally.blind_lost += weight * above
                tally.blind_won[category(value)] += weight * below
        return tally


def canonical_boards(deck: Sequence[int]) -> Counter[tuple[int, ...]]:
    """Each five-card board of a deck closed under renaming suits, one per class of renamed twins, and its size.

    A board's class is known by its four suits' rank sets, sorted: renaming suits only reorders them.
    """
    classes: Counter[tuple[int, ...]] = Counter()
    for board in itertools.combinations(deck, 5):
        by_suit = [0, 0, 0, 0]
        for card in board:
            by_suit[card % 4] |= 1 << (card // 4)
        classes[tuple(sorted(by_suit))] += 1
    return Counter(
        {
            tuple(
                sorted(4 * rank + suit for suit, ranks in enumerate(by_suit) for rank in range(13) if ranks >> rank & 1)
            ): times
            for by_suit, times in classes.items()
        }
    )


def enumerate_deals(
    strategy: Strategy, deck: Sequence[int], boards: Mapping[tuple[int, ...], int] | None = None
) -> Tally:
    """Every deal of ``deck`` summed, board by board (every board once unless ``boards`` gives them with counts)."""
    enumeration = Enumeration(strategy, deck)
    tally = Tally()
    for board, times in (boards or dict.fromkeys(itertools.combinations(enumeration.deck, 5), 1)).items():
        tally.add(enumeration.board(board), times)
    return tally


def ante_blind_and_play_return(tally: Tally, blind: Paytable) -> Fraction:
    """The exact return of the Ante, Blind and Play Wagers together, per unit of Ante, with this Blind paytable."""
    blind_won = sum(
        (
            Fraction(odds.win, odds.stake) * count
            for won, count in tally.blind_won.items()
            if (odds := blind.odds(CATEGORY_NAMES[HandCategory(won)])) is not None
        ),
        Fraction(0),
    )
    return (tally.ante + tally.play + blind_won - tally.blind_lost) / tally.deals
