"""The eleven games that offer the Must-Hit-By Mystery Bonus, as the seed names their sections and wagers."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from simulator.core.citations import Citation
from simulator.core.money import Cents
from simulator.core.mystery_meter import MysteryConfiguration, mystery_clause
from simulator.mystery.base_game_deal import BaseGameLayout


@dataclass(frozen=True)
class WagerSpot:
    """A wager as a game's MHB section names it, with the clause it cites (and a note where that clause is odd)."""

    name: str
    clause: str
    note: str = ""


@dataclass(frozen=True)
class MysteryGame:
    """A game offering the MHB: its key, name, MHB section, base wager and the progressive wagers that qualify."""

    key: str
    display_name: str
    section: str
    layout: BaseGameLayout | None
    """The base game's cards the training table shows face up; None where the game's own round deals them."""
    base_wager: WagerSpot
    progressive_wagers: tuple[WagerSpot, ...]

    @property
    def chapter(self) -> str:
        """The game's own chapter, such as "Chapter 643a" for §643b.1."""
        return f"Chapter {self.section.removeprefix('§').split('b.')[0]}a"

    @property
    def qualification_citation(self) -> Citation:
        """The seed clause that says who qualifies: the base wager and a progressive wager."""
        return mystery_clause(self.section, "(c)(1)")

    def progressive_wager(self, name: str) -> WagerSpot:
        """The progressive wager called ``name``; ValueError if this game has none by that name."""
        for spot in self.progressive_wagers:
            if spot.name == name:
                return spot
        raise ValueError(f"{self.display_name} has no {name!r}.")

    @property
    def qualifying_wager_chosen(self) -> bool:
        """Whether the section names two progressive wagers, one of which the Rules Submission makes qualifying."""
        return len(self.progressive_wagers) > 1

    def qualifying_wager(self, chosen: str | None = None) -> WagerSpot:
        """The progressive wager that qualifies: ``chosen`` where the section leaves the choice, else the first named.

        Raise ValueError for a choice at a game with one progressive wager or a wager the game does not name.

        >>> MYSTERY_GAMES["crazy-4-poker"].qualifying_wager().name
        'Four-Card Progressive Payout wager'
        >>> MYSTERY_GAMES["mississippi-stud"].qualifying_wager("Progressive Payout wager")
        Traceback (most recent call last):
        ...
        ValueError: Mississippi Stud names one progressive wager: there is no choice
        """
        if chosen is None:
            return self.progressive_wagers[0]
        if not self.qualifying_wager_chosen:
            raise ValueError(f"{self.display_name} names one progressive wager: there is no choice")
        return self.progressive_wager(chosen)

    def qualifies(self, configuration: MysteryConfiguration, base_wager: Cents, progressive_wager: Cents) -> bool:
        """Whether a progressive wager qualifies: a base wager placed and at least the configuration's minimum.

        >>> from simulator.core.mystery_meter import mystery_configuration
        >>> game = MYSTERY_GAMES["three-card-poker"]
        >>> five_dollars = mystery_configuration("B", 500)
        >>> game.qualifies(five_dollars, 1000, 500), game.qualifies(five_dollars, 1000, 100)
        (True, False)
        >>> game.qualifies(five_dollars, 0, 500)
        False
        """
        return base_wager > 0 and progressive_wager >= configuration.minimum_wager


PROGRESSIVE_PAYOUT = "Progressive Payout wager"


def _game(
    key: str,
    display_name: str,
    section: str,
    layout: BaseGameLayout | None,
    base_wager: WagerSpot,
    *progressive_wagers: WagerSpot,
) -> MysteryGame:
    """A game entry (keeps the table below readable)."""
    return MysteryGame(key, display_name, section, layout, base_wager, progressive_wagers)


MYSTERY_GAME_LIST: tuple[MysteryGame, ...] = (
    _game(
        "let-it-ride",
        "Let It Ride Poker",
        "§643b.1",
        BaseGameLayout(3, community_cards=2),
        WagerSpot("Let It Ride Poker wager", "§643a.6(a)", "sic: the seed cites §643a.6, titled rankings"),
        WagerSpot("Three-Card Progressive Payout wager", "§643a.7(g)"),
        WagerSpot("Five-Card Progressive Payout wager", "§643a.7(h)"),
    ),
    _game(
        "pai-gow-poker",
        "Pai Gow Poker",
        "§645b.3",
        None,
        WagerSpot("Pai Gow Poker wager", "§645a.7(d)"),
        WagerSpot(PROGRESSIVE_PAYOUT, "§645a.7(e)(4)"),
    ),
    _game(
        "texas-hold-em-bonus",
        "Texas Hold 'Em Bonus Poker",
        "§647b.1",
        BaseGameLayout(2, community_cards=5, dealer_cards=2),
        WagerSpot("Texas Hold 'Em Bonus wager", "§647a.7(d)(1)"),
        WagerSpot(PROGRESSIVE_PAYOUT, "§647a.7(d)(3)"),
    ),
    _game(
        "three-card-poker",
        "Three Card Poker",
        "§649b.1",
        BaseGameLayout(3, dealer_cards=3),
        WagerSpot("Three Card Poker wager", "§649a.7(d)(1)"),
        WagerSpot("Three-Card Progressive Payout wager", "§649a.7(d)(4)"),
        WagerSpot("Five-Card Progressive Payout wager", "§649a.7(d)(6)"),
    ),
    _game(
        "ultimate-texas-hold-em",
        "Ultimate Texas Hold 'Em Poker",
        "§653b.1",
        BaseGameLayout(2, community_cards=5, dealer_cards=2),
        WagerSpot("Ultimate Texas Hold 'Em wager", "§653a.7(d)(1)"),
        WagerSpot(PROGRESSIVE_PAYOUT, "§653a.7(d)(3)"),
    ),
    _game(
        "mississippi-stud",
        "Mississippi Stud",
        "§655b.1",
        BaseGameLayout(2, community_cards=3),
        WagerSpot("Mississippi Stud wager", "§655a.7(d)(1)"),
        WagerSpot(PROGRESSIVE_PAYOUT, "§655a.7(d)(3)"),
    ),
    _game(
        "crazy-4-poker",
        "Crazy 4 Poker",
        "§657b.1",
        BaseGameLayout(5, dealer_cards=5),
        WagerSpot("Crazy 4 Poker wager", "§657a.7(d)(1)"),
        WagerSpot("Four-Card Progressive Payout wager", "§657a.7(d)(3)"),
        WagerSpot(
            "Five-Card Progressive Payout wager", "§649a.7(d)(4)", "sic: the seed cites Three Card Poker's §649a"
        ),
    ),
    _game(
        "fortune-asia-poker",
        "Fortune Asia Poker",
        "§659b.1",
        BaseGameLayout(7, dealer_cards=7),
        WagerSpot("Fortune Asia Poker wager", "§659a.7(d)"),
        WagerSpot(PROGRESSIVE_PAYOUT, "§659a.7(e)(3)"),
    ),
    _game(
        "six-card-fortune-pai-gow-poker",
        "Six-Card Fortune Pai Gow Poker",
        "§670b.1",
        BaseGameLayout(6, dealer_cards=6, joker=True),
        WagerSpot("Six-Card Fortune Pai Gow Poker wager", "§670a.7(d)"),
        WagerSpot(PROGRESSIVE_PAYOUT, "§670a.7(e)(4)"),
    ),
    _game(
        "dj-wild-stud",
        "DJ Wild Stud Poker",
        "§687b.1",
        BaseGameLayout(5, dealer_cards=5, joker=True, ranked=False),
        WagerSpot("DJ Wild Stud Poker wager", "§687a.7(d)(1)"),
        WagerSpot("Progressive Bonus wager", "§687a.7(d)(2)"),
    ),
    _game(
        "face-up-pai-gow-poker",
        "Face Up Pai Gow Poker",
        "§688b.1",
        BaseGameLayout(7, dealer_cards=7, joker=True),
        WagerSpot("Face Up Pai Gow Poker wager", "§688a.7(d)"),
        WagerSpot(PROGRESSIVE_PAYOUT, "§688a.7(e)(3)"),
    ),
)
"""The eleven MHB games in the seed's order; names and clauses are those of each section's subsection (a), layouts
the engine's (a house automation, :data:`simulator.mystery.base_game_deal.BASE_GAME_LAYOUT`)."""

MYSTERY_GAMES: Mapping[str, MysteryGame] = {game.key: game for game in MYSTERY_GAME_LIST}
"""The MHB games by key."""
