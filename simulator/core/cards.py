"""Playing cards: the 53-card Pai Gow deck, multi-deck shoes, parsing and shuffling."""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import IntEnum, StrEnum


class Rank(IntEnum):
    """A card rank; the joker sorts above the ace."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14
    JOKER = 15


class Suit(StrEnum):
    """A card suit, written with its one-letter symbol."""

    SPADES = "s"
    HEARTS = "h"
    DIAMONDS = "d"
    CLUBS = "c"


RANK_SYMBOLS = {
    Rank.TWO: "2",
    Rank.THREE: "3",
    Rank.FOUR: "4",
    Rank.FIVE: "5",
    Rank.SIX: "6",
    Rank.SEVEN: "7",
    Rank.EIGHT: "8",
    Rank.NINE: "9",
    Rank.TEN: "T",
    Rank.JACK: "J",
    Rank.QUEEN: "Q",
    Rank.KING: "K",
    Rank.ACE: "A",
}
SYMBOL_RANKS = {symbol: rank for rank, symbol in RANK_SYMBOLS.items()}
RANK_NAMES = {
    Rank.TWO: "two",
    Rank.THREE: "three",
    Rank.FOUR: "four",
    Rank.FIVE: "five",
    Rank.SIX: "six",
    Rank.SEVEN: "seven",
    Rank.EIGHT: "eight",
    Rank.NINE: "nine",
    Rank.TEN: "ten",
    Rank.JACK: "jack",
    Rank.QUEEN: "queen",
    Rank.KING: "king",
    Rank.ACE: "ace",
    Rank.JOKER: "joker",
}


SUIT_SYMBOLS = {Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦", Suit.CLUBS: "♣"}
RED_SUITS = frozenset({Suit.HEARTS, Suit.DIAMONDS})
FACE_RANKS = {**RANK_SYMBOLS, Rank.TEN: "10", Rank.JOKER: "JK"}
"""A rank as a card's corner prints it."""


@dataclass(frozen=True, order=True)
class Card:
    """One card; the joker has no suit.

    >>> parse_card("Td")
    Card(rank=<Rank.TEN: 10>, suit=<Suit.DIAMONDS: 'd'>)
    >>> str(parse_card("JK")), parse_card("JK").is_joker
    ('JK', True)
    """

    rank: Rank
    suit: Suit | None

    @property
    def is_joker(self) -> bool:
        """Whether this card is the joker."""
        return self.rank is Rank.JOKER

    def __str__(self) -> str:
        """Write the card as two characters: rank then suit, or ``JK``."""
        if self.suit is None:
            return "JK"
        return RANK_SYMBOLS[self.rank] + self.suit.value


JOKER = Card(Rank.JOKER, None)


def parse_card(text: str) -> Card:
    """Read one card such as ``As``, ``Td`` or ``JK``; raise ValueError on anything else."""
    cleaned = text.strip()
    if cleaned.upper() == "JK":
        return JOKER
    if len(cleaned) != 2 or cleaned[0].upper() not in SYMBOL_RANKS:
        raise ValueError(f"{text!r} is not a card: write rank then suit, e.g. 'As', 'Td' or 'JK'.")
    try:
        suit = Suit(cleaned[1].lower())
    except ValueError:
        raise ValueError(f"{text!r} has no suit: use s, h, d or c.") from None
    return Card(SYMBOL_RANKS[cleaned[0].upper()], suit)


def parse_cards(text: str | Iterable[str]) -> tuple[Card, ...]:
    """Read cards from a string such as ``"As Kd JK"`` (spaces optional) or from a list of strings.

    >>> [str(card) for card in parse_cards("AsKdJK")]
    ['As', 'Kd', 'JK']
    """
    if isinstance(text, str):
        compact = text.replace(" ", "").replace(",", "")
        if len(compact) % 2:
            raise ValueError(f"{text!r} is not a list of two-character cards.")
        return tuple(parse_card(compact[i : i + 2]) for i in range(0, len(compact), 2))
    return tuple(parse_card(item) for item in text)


def format_cards(cards: Iterable[Card]) -> str:
    """Write cards separated by spaces.

    >>> format_cards(parse_cards("AsJK"))
    'As JK'
    """
    return " ".join(str(card) for card in cards)


@dataclass(frozen=True)
class CardName:
    """A card as the log, the felt, the replay and the verdict all name it: its code, its corner and its words."""

    code: str
    rank: str
    suit: str
    red: bool
    words: str


def card_name(card: Card) -> CardName:
    """The one way a card is named to a person.

    >>> card_name(parse_card("Tc"))
    CardName(code='Tc', rank='10', suit='♣', red=False, words='ten of clubs')
    >>> card_name(JOKER).words, card_name(JOKER).suit
    ('joker', '★')
    """
    if card.suit is None:
        return CardName(str(card), FACE_RANKS[card.rank], "★", False, RANK_NAMES[card.rank])
    words = f"{RANK_NAMES[card.rank]} of {card.suit.name.lower()}"
    return CardName(str(card), FACE_RANKS[card.rank], SUIT_SYMBOLS[card.suit], card.suit in RED_SUITS, words)


def spoken_cards(cards: Iterable[Card]) -> str:
    """Cards as a person says them, for the log and the verdict: each card's :func:`card_name` in words.

    >>> spoken_cards(parse_cards("Th As JK"))
    'ten of hearts, ace of spades, joker'
    """
    return ", ".join(card_name(card).words for card in cards)


def standard_deck() -> tuple[Card, ...]:
    """The 52 standard cards in a fixed order."""
    return tuple(Card(rank, suit) for suit in Suit for rank in RANK_SYMBOLS)


def pai_gow_deck() -> tuple[Card, ...]:
    """The 53-card Pai Gow Poker deck: 52 cards and one joker.

    >>> len(pai_gow_deck()), pai_gow_deck().count(JOKER)
    (53, 1)
    """
    return (*standard_deck(), JOKER)


def shoe(deck_count: int) -> tuple[Card, ...]:
    """A blackjack shoe of ``deck_count`` 52-card decks, no jokers.

    >>> len(shoe(6))
    312
    """
    if deck_count < 1:
        raise ValueError("A shoe holds at least one deck.")
    return standard_deck() * deck_count


def shuffled(cards: Sequence[Card], rng: random.Random) -> list[Card]:
    """Return the cards in an order drawn from the injected random source."""
    order = list(cards)
    rng.shuffle(order)
    return order


def stacked_deck(top: Sequence[Card], rng: random.Random) -> list[Card]:
    """A 53-card deck whose first cards are ``top``, in order, and the rest shuffled.

    Raise ValueError when ``top`` holds a card twice or a second joker.

    >>> deck = stacked_deck(parse_cards("AsJK"), random.Random(1))
    >>> [str(card) for card in deck[:2]], len(deck)
    (['As', 'JK'], 53)
    """
    seen: set[Card] = set()
    for card in top:
        if card in seen:
            what = "a second joker" if card.is_joker else f"{card} twice"
            raise ValueError(f"A Pai Gow deck holds one of each card: the stack has {what}.")
        seen.add(card)
    rest = [card for card in pai_gow_deck() if card not in seen]
    return list(top) + shuffled(rest, rng)
