"""The school's demo tables: one or more for every game, set up by the ``school`` command."""

from __future__ import annotations

from simulator.blackjack.arithmetic import DealerDrawing
from simulator.blackjack.table import DownUnderTable, TraineeDeals
from simulator.core.json_values import JsonValue
from simulator.core.mystery_meter import BaseGameDealer, MysteryRules, PaymentSource, mystery_configuration
from simulator.games import DOWN_UNDER_BLACKJACK, GAMES, PAI_GOW_POKER
from simulator.mystery.tables import rules_to_json
from simulator.pai_gow.rules import FoulRule, ShakerType, TableRules
from trainer.models import Floorperson, Table

DemoTable = tuple[str, str, dict[str, JsonValue], Floorperson]
"""A table the ``school`` command sets up: name, game key, the rules as the game's JSON, who validates wins."""

DEMO_TABLES: tuple[DemoTable, ...] = (
    (
        "Commission-free Pai Gow Poker — player-activated shaker",
        PAI_GOW_POKER.key,
        TableRules().to_json(),
        Floorperson.AUTOMATED,
    ),
    (
        "Pai Gow Poker — standard game, manual shaker",
        PAI_GOW_POKER.key,
        TableRules(commission_free=False, tiger_nine_offered=False, shaker=ShakerType.MANUAL).to_json(),
        Floorperson.AUTOMATED,
    ),
    (
        "Commission-free Pai Gow Poker — instructor as floorperson",
        PAI_GOW_POKER.key,
        TableRules(foul_rule=FoulRule.RESET_BY_HOUSE_WAY).to_json(),
        Floorperson.INSTRUCTOR,
    ),
)
"""The Pai Gow Poker tables the ``school`` command sets up."""

MYSTERY_DEMO_CHOICES: tuple[tuple[str, str, int, PaymentSource], ...] = (
    ("let-it-ride", "A", 100, PaymentSource.TABLE_INVENTORY),
    ("texas-hold-em-bonus", "C", 500, PaymentSource.TABLE_INVENTORY),
    ("three-card-poker", "B", 500, PaymentSource.TABLE_INVENTORY),
    ("ultimate-texas-hold-em", "D", 100, PaymentSource.TABLE_INVENTORY),
    ("mississippi-stud", "A", 200, PaymentSource.TABLE_INVENTORY),
    ("crazy-4-poker", "C", 100, PaymentSource.TABLE_INVENTORY),
    ("fortune-asia-poker", "B", 100, PaymentSource.TABLE_INVENTORY),
    ("six-card-fortune-pai-gow-poker", "D", 500, PaymentSource.TABLE_INVENTORY),
    ("dj-wild-stud", "C", 200, PaymentSource.PROGRESSIVE_JACKPOT_SLIP),
    ("face-up-pai-gow-poker", "A", 500, PaymentSource.PROGRESSIVE_JACKPOT_SLIP),
)
"""Each other MHB game's demo table: its configuration letter, minimum progressive wager and payment source."""


def mystery_demo_table(
    key: str, letter: str, minimum_wager: int, source: PaymentSource, base_game: BaseGameDealer = BaseGameDealer.ENGINE
) -> DemoTable:
    """An MHB game's demo table, named after the game, who deals its base game and its configuration."""
    rules = MysteryRules(mystery_configuration(letter, minimum_wager), source, base_game=base_game)
    dealt = " — the trainee deals the game," if base_game is BaseGameDealer.TRAINEE else " —"
    name = f"{GAMES[key].name}{dealt} Mystery Bonus, {rules.configuration.name}"
    return (name, key, rules_to_json(rules), Floorperson.AUTOMATED)


OTHER_GAMES_DEMO_TABLES: tuple[DemoTable, ...] = (
    *(mystery_demo_table(*choices) for choices in MYSTERY_DEMO_CHOICES),
    mystery_demo_table("let-it-ride", "A", 100, PaymentSource.TABLE_INVENTORY, BaseGameDealer.TRAINEE),
    mystery_demo_table("three-card-poker", "B", 500, PaymentSource.TABLE_INVENTORY, BaseGameDealer.TRAINEE),
    mystery_demo_table("ultimate-texas-hold-em", "D", 100, PaymentSource.TABLE_INVENTORY, BaseGameDealer.TRAINEE),
    (
        "Down Under Blackjack — Match the Dealer, 6 decks, Paytable 1, $5",
        DOWN_UNDER_BLACKJACK.key,
        DownUnderTable(decks=6, paytable=1, match_wager=500).to_json(),
        Floorperson.AUTOMATED,
    ),
    (
        "Down Under Blackjack — the whole round, hits soft 17, 6 decks, Paytable 1, $5",
        DOWN_UNDER_BLACKJACK.key,
        DownUnderTable(
            decks=6,
            paytable=1,
            match_wager=500,
            trainee_deals=TraineeDeals.WHOLE_ROUND,
            dealer_drawing=DealerDrawing.HITS_SOFT_17,
        ).to_json(),
        Floorperson.AUTOMATED,
    ),
)
"""One table for each other game the school deals (the ten other MHB games and Down Under Blackjack), a Let It Ride
Poker, a Three Card Poker and an Ultimate Texas Hold 'Em table where the trainee deals the game itself, and a Down
Under Blackjack table where the trainee deals the whole round."""


def every_demo_table() -> tuple[DemoTable, ...]:
    """Every demo table, Pai Gow Poker's first."""
    return (*DEMO_TABLES, *OTHER_GAMES_DEMO_TABLES)


def create_demo_tables() -> list[Table]:
    """Create the demo tables, or bring their rules back to the demo's; a table keeps its meter and round count."""
    return [
        Table.objects.update_or_create(name=name, defaults={"game": game, "rules": rules, "floorperson": floorperson})[
            0
        ]
        for name, game, rules, floorperson in every_demo_table()
    ]
