"""Ultimate Texas Hold 'Em's Ante, Blind and Play return by enumeration: its parts checked against the engine and
against dealing every deal of a small deck one by one."""

import itertools
import random
from fractions import Fraction

from simulator.carnival.hands import best_five
from simulator.carnival.holdem_odds import (
    CAUTIOUS,
    HOUSE_ADVICE,
    Strategy,
    ante_blind_and_play_return,
    canonical_boards,
    category,
    enumerate_deals,
    hand_value,
)
from simulator.carnival.ultimate_texas import (
    BLIND_PAYTABLES,
    CATEGORY_NAMES,
    FLOP_STREET,
    PREFLOP,
    RIVER,
    play_by_advice,
    play_cautiously,
)
from simulator.core.cards import Card, Rank, Suit
from simulator.core.hands import HandCategory

SUITS = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)


def card(number: int) -> Card:
    """The engine's card for an enumeration's number: rank 2 + number // 4, suit number % 4."""
    return Card(Rank(number // 4 + 2), SUITS[number % 4])


def test_653a6_b_numbered_hand_values_order_hands_as_the_engine_reads_them():
    rng = random.Random(34)
    hands = [rng.sample(range(52), rng.choice((5, 6, 7))) for _ in range(1500)]
    hands += [
        [48, 44, 40, 36, 32, 0, 5],
        [48, 0, 4, 8, 12, 20, 25],
        [1, 5, 9, 13, 49, 2, 3],
    ]  # royal, wheel, wheel flush
    read = [(hand_value(cards), best_five([card(number) for number in cards])) for cards in hands]
    for (value, engine), (other_value, other_engine) in itertools.pairwise(read):
        assert (value > other_value) == (engine > other_engine) and (value == other_value) == (engine == other_engine)
        assert category(value) == engine.category


def test_ultimate_texas_numbered_strategies_decide_as_the_engines_simulated_players_do():
    rng = random.Random(653)
    for _ in range(120):
        dealt = rng.sample(range(52), 7)
        hole, board = [card(number) for number in dealt[:2]], [card(number) for number in dealt[2:]]
        first, second = dealt[:2]
        value = hand_value(dealt)
        outs = sum(hand_value((*dealt[2:], other)) > value for other in set(range(52)) - set(dealt))
        for strategy, engine in ((HOUSE_ADVICE, play_by_advice), (CAUTIOUS, play_cautiously)):
            assert strategy.preflop(first, second) == engine(PREFLOP, hole, [])
            assert strategy.flop(first, second, dealt[2:5]) == engine(FLOP_STREET, hole, board[:3])
            assert strategy.river(first, second, dealt[2:], value, outs) == engine(RIVER, hole, board)


def deal_by_deal(strategy: Strategy, deck: list[int], blind: dict[int, Fraction]) -> Fraction:
    """The return per unit of Ante settling every deal of ``deck`` one by one (§653a.12(a) and (b))."""
    total, deals = Fraction(0), 0
    for hole in itertools.combinations(deck, 2):
        first, second = hole
        for flop in itertools.combinations([c for c in deck if c not in hole], 3):
            for last in itertools.combinations([c for c in deck if c not in (*hole, *flop)], 2):
                board = (*flop, *last)
                player = hand_value((*hole, *board))
                unseen = [c for c in deck if c not in (*hole, *board)]
                outs = sum(hand_value((*board, other)) > player for other in unseen)
                bet = strategy.preflop(first, second) or strategy.flop(first, second, flop)
                bet = bet or strategy.river(first, second, board, player, outs)
                for dealer_hole in itertools.combinations(unseen, 2):
                    deals += 1
                    dealer = hand_value((*dealer_hole, *board))
                    qualifies = category(dealer) >= HandCategory.ONE_PAIR
                    if bet == 0:
                        total -= 2
                    elif player > dealer:
                        total += (1 if qualifies else 0) + blind.get(category(player), Fraction(0)) + bet
                    elif player < dealer:
                        total -= (1 if qualifies else 0) + 1 + bet
    return total / deals


def test_653a12_board_by_board_counting_matches_settling_every_deal_of_a_small_deck_one_by_one():
    deck = [4 * (rank - 2) + suit for rank in range(10, 15) for suit in (0, 1)]  # tens to aces of two suits
    paytable = BLIND_PAYTABLES["A"]
    blind = {
        category: Fraction(odds.win, odds.stake)
        for category, name in CATEGORY_NAMES.items()
        if (odds := paytable.odds(name)) is not None
    }
    outs_matter = Strategy("outs", lambda first, second: 0, lambda first, second, flop: 0, river_by_outs)
    for strategy in (HOUSE_ADVICE, outs_matter):  # CAUTIOUS decides by the same parts, checked above
        expected = deal_by_deal(strategy, deck, blind)
        assert ante_blind_and_play_return(enumerate_deals(strategy, deck), paytable) == expected, strategy.name


def river_by_outs(first: int, second: int, board: object, value: int, outs: int) -> int:
    """A river decision that turns on the dealer's outs in a small deck: play when at most one card beats you."""
    return 1 if outs <= 1 else 0


def test_ultimate_texas_boards_taken_once_per_suit_renaming_with_their_count_give_the_same_sums():
    deck = [4 * (rank - 2) + suit for rank in (12, 13, 14) for suit in range(4)]
    boards = canonical_boards(deck)
    assert sum(boards.values()) == 792 and len(boards) < 792
    assert enumerate_deals(HOUSE_ADVICE, deck, boards) == enumerate_deals(HOUSE_ADVICE, deck)
