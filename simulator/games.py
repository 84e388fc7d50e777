"""The game registry: every game the school deals, declared once with its round, rules, dealing and demo.

No other module names a game's key (the demo data aside): the engine and the web side look a game up here.
A thirteenth game is an engine module with its round class, one entry below, its clauses, a web table
description with its templates and a demo table (the files are listed in docs/adding-a-game.md).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from simulator.blackjack import round as down_under
from simulator.blackjack import table as down_under_table
from simulator.blackjack.round import DownUnderRound, demo_down_under
from simulator.blackjack.table import TRAINEE_DEALS, DownUnderTable, TraineeDeals
from simulator.carnival.games import CARNIVAL_GAMES
from simulator.carnival.poker import CarnivalGame
from simulator.carnival.round import CARNIVAL_STEPS
from simulator.carnival.round import PLAYER_STEPS as CARNIVAL_PLAYER_STEPS
from simulator.core.citations import Citation, Provenance
from simulator.core.json_values import JsonValue
from simulator.core.mystery_meter import BaseGameDealer, MysteryRules
from simulator.core.procedure import Round
from simulator.core.rules import HouseOption, Option
from simulator.mystery import tables as mystery_tables
from simulator.mystery.demo import demo_mystery_table
from simulator.mystery.games import MYSTERY_GAME_LIST, MysteryGame
from simulator.mystery.tables import (
    BASE_GAME_DEALER,
    MysteryTableRound,
    rules_from_json,
    rules_house_options,
    rules_options,
)
from simulator.pai_gow import round as pai_gow_round
from simulator.pai_gow.demo import narrate_pai_gow_round
from simulator.pai_gow.round import DEFAULT_AUTOMATIONS, FELT_NAMES, PaiGowRound
from simulator.pai_gow.rules import MYSTERY_SECTION, TableRules
from simulator.table_deals import (
    DOWN_UNDER_AUTOMATIONS,
    MYSTERY_TABLE_AUTOMATIONS,
    TableDeal,
    deal_down_under_round,
    deal_mystery_table_round,
    deal_pai_gow_round,
)


@dataclass(frozen=True)
class ScenarioSupport:
    """What an instructor's scenario of the game may fix: seated players' wagers by area, and the rigging it takes."""

    betting_areas: Mapping[str, str] = field(default_factory=dict)
    """The betting areas a seated player may wager on, by key, with their names on the felt; none where simulated
    players sit (the scenario seats no players of its own)."""
    rigging: frozenset[str] = frozenset()
    """The rigging fields (of :class:`simulator.scenarios.Rigging`) a scenario of the game may set."""
    base_game: CarnivalGame | None = None
    """The carnival poker game a trainee may deal at the game's table (option base_game): where the trainee deals it,
    ``cards`` rigs its places' cards, ``habits`` its players' and ``community_cards`` its board."""


@dataclass(frozen=True)
class DealtBaseGame:
    """The base game a trainee deals at a table whose rules say so, and the house option that has them deal it."""

    name: str
    option: Citation

    def __post_init__(self) -> None:
        """Refuse an option that is not a house procedure: who deals a training table's base game is the school's."""
        if self.option.provenance is not Provenance.HOUSE:
            raise ValueError(f"{self.option.clause} is not a house procedure.")


def engine_deals_the_base_game(rules: Any) -> DealtBaseGame | None:
    """At a table of a game whose base game no trainee deals: none."""
    return None


@dataclass(frozen=True)
class Game:
    """One game: key, name, the sections it follows, its round class, rules, default automations, dealing, demo."""

    key: str
    name: str
    sections: tuple[str, ...]
    round_class: type[Round]
    read_rules: Callable[[Mapping[str, JsonValue]], Any]
    """Build the game's rules from their JSON; RulesError naming every field that does not validate."""
    options: Callable[[], tuple[Option, ...]]
    """Every option of the game's rules with its default, allowed values, clause and provenance."""
    house_options: Callable[[Any], list[HouseOption]]
    """The options of a table's rules (as ``read_rules`` builds them) that fill gaps in the regulation."""
    automations: frozenset[str]
    """The steps the engine performs by default at a training table; the trainee performs the others."""
    engine_steps: frozenset[str]
    """The steps no dealer or floorperson performs (the players', the system's, an automated hand): no control sends
    them, so the engine always performs them."""
    deal: Callable[[TableDeal], Round]
    """Deal a round at a training table with simulated players."""
    demo: Callable[[int, bool], list[str]]
    """A narrated, fully automated round: ``demo(seed, force_hit)``."""
    scenario: ScenarioSupport
    """What the scenario builder offers for the game: its betting areas and the rigging it supports."""
    rules_steps: frozenset[str] = frozenset()
    """The steps only some tables' rules ask for: the base game a trainee deals at a carnival poker game's table."""
    dealt_base_game: Callable[[Any], DealtBaseGame | None] = engine_deals_the_base_game
    """The base game the trainee deals at a table of these rules (as ``read_rules`` builds them); None where the
    engine deals it."""

    def table_house_options(self, rules: Mapping[str, JsonValue]) -> list[HouseOption]:
        """The house options of a table of this game whose rules are the JSON ``rules``."""
        return self.house_options(self.read_rules(rules))

    def sample_round(self, seed: int, force_hit: bool) -> Round:
        """A sample round at a table of the default rules; ``force_hit`` forces a win of any progressive it carries."""
        return self.deal(TableDeal({}, seed, self.automations, force_mystery_hit=force_hit))


def base_game_rigging(base_game: CarnivalGame | None) -> frozenset[str]:
    """What a scenario may rig of the base game a trainee deals: the places' cards, the players' habits, any board."""
    if base_game is None:
        return frozenset()
    board = any(street.board_cards for street in base_game.streets)
    return frozenset({"cards", "habits"} | ({"community_cards"} if board else set()))


def carnival_base_game(base_game: CarnivalGame | None, rules: MysteryRules) -> DealtBaseGame | None:
    """The carnival poker game at an MHB table whose option base_game has the trainee deal it."""
    if base_game is None or rules.base_game is not BaseGameDealer.TRAINEE:
        return None
    return DealtBaseGame(base_game.name, BASE_GAME_DEALER)


def down_under_hand(rules: DownUnderTable) -> DealtBaseGame | None:
    """The blackjack hand at a Down Under Blackjack table whose option trainee_deals is the whole round."""
    if rules.trainee_deals is not TraineeDeals.WHOLE_ROUND:
        return None
    return DealtBaseGame("Down Under Blackjack", TRAINEE_DEALS)


def mystery_table_game(game: MysteryGame) -> Game:
    """The registry entry of a game whose table runs the Must-Hit-By Mystery Bonus around its base game.

    At a carnival poker game's table the trainee may deal the base game (option base_game): its steps are the game's
    too, and its simulated players' decisions the engine's.
    """
    base_game = CARNIVAL_GAMES.get(game.key)
    dealt_by_trainee = base_game is not None
    players = CARNIVAL_PLAYER_STEPS if dealt_by_trainee else frozenset()
    return Game(
        game.key,
        game.display_name,
        (game.section,),
        MysteryTableRound,
        partial(rules_from_json, game=game),
        partial(rules_options, game),
        partial(rules_house_options, game=game),
        MYSTERY_TABLE_AUTOMATIONS | players,
        mystery_tables.SYSTEM_STEPS | players,
        partial(deal_mystery_table_round, game),
        partial(demo_mystery_table, game.key),
        ScenarioSupport(rigging=frozenset({"mystery_hit_round"}) | base_game_rigging(base_game), base_game=base_game),
        CARNIVAL_STEPS if dealt_by_trainee else frozenset(),
        partial(carnival_base_game, base_game),
    )


PAI_GOW_POKER = Game(
    "pai-gow-poker",
    "Pai Gow Poker",
    ("§645b.1", "§645b.2", MYSTERY_SECTION),
    PaiGowRound,
    TableRules.from_json,
    TableRules.options,
    TableRules.house_options,
    DEFAULT_AUTOMATIONS,
    pai_gow_round.PLAYER_STEPS | pai_gow_round.SYSTEM_STEPS,
    deal_pai_gow_round,
    narrate_pai_gow_round,
    ScenarioSupport(
        FELT_NAMES,
        frozenset(
            {"dice", "hands", "tiger_nine", "foul_seat", "late_wager", "missing_chip_seat", "mystery_hit_round"}
            | {"habits", "low_hands", "buy_in", "colour_up"}
        ),
    ),
)

DOWN_UNDER_BLACKJACK = Game(
    "down-under-blackjack",
    "Down Under Blackjack",
    ("§685b.1",),
    DownUnderRound,
    DownUnderTable.from_json,
    DownUnderTable.options,
    DownUnderTable.house_options,
    DOWN_UNDER_AUTOMATIONS,
    down_under.SYSTEM_STEPS,
    deal_down_under_round,
    demo_down_under,
    ScenarioSupport(
        {down_under_table.BLACKJACK: "Blackjack", down_under_table.MATCH_THE_DEALER: "Match the Dealer"},
        frozenset({"late_wager", "missing_chip_seat", "ace_of_spades_round", "cards", "habits", "buy_in", "colour_up"}),
    ),
    dealt_base_game=down_under_hand,
)

GAMES: Mapping[str, Game] = {
    game.key: game
    for game in (
        PAI_GOW_POKER,
        *(mystery_table_game(game) for game in MYSTERY_GAME_LIST if game.section != MYSTERY_SECTION),
        DOWN_UNDER_BLACKJACK,
    )
}
"""Every game by key, in the order the school lists them: Pai Gow Poker, the other MHB games, Down Under."""


def game_of(round_: Round) -> Game:
    """The registered game a round deals; ValueError for a round of no registered game."""
    key = round_.game.key if isinstance(round_, MysteryTableRound) else None
    for game in GAMES.values():
        if game.round_class is type(round_) and key in (None, game.key):
            return game
    raise ValueError(f"{type(round_).__name__} is not a registered game.")
