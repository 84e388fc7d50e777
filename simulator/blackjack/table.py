"""The Rules Submission of a Down Under Blackjack table with Match the Dealer, and one seat's wagers.

Both rounds of the table read it: the Match the Dealer round (:mod:`simulator.blackjack.round`) and the blackjack hand a
trainee deals (:mod:`simulator.blackjack.hand`), whose house procedures it lists with their citations.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum

from simulator.blackjack.arithmetic import BlackjackPays, DealerDrawing, DoubleDownOn
from simulator.blackjack.match_the_dealer import (
    AWARD_ROUNDING_RULE,
    DECK_COUNTS,
    DECKS_RULE,
    ONE_AMOUNT_PER_TABLE_RULE,
    PAYTABLE_NUMBERS,
    PAYTABLE_RULE,
    STAKE_RULE,
    WAGER_AMOUNTS,
    SecondaryReading,
)
from simulator.core.chipping import BEYOND_THE_RACK, CHIP_OPTIONS, HouseChips
from simulator.core.clauses import cite
from simulator.core.json_values import JsonValue, json_int
from simulator.core.money import Cents, Rounding
from simulator.core.rules import (
    HouseOption,
    Option,
    choice,
    describe_options,
    gap_options,
    members,
    read_options,
    write_options,
)


class TraineeDeals(StrEnum):
    """What the trainee deals at a Down Under Blackjack table: the school's choice for each table."""

    MATCH_THE_DEALER = "the Match the Dealer procedure"
    WHOLE_ROUND = "the whole round"


TRAINEE_DEALS = cite("Down Under Blackjack trainee deals, option trainee_deals")
DRAWING_RULE = cite("Down Under Blackjack dealer's drawing rule, option dealer_drawing")
DOUBLE_DOWN_ON = cite("Down Under Blackjack double down, option double_down_on")
PLAYER_OPTIONS = cite("Down Under Blackjack player options")
SIGNALS = cite("Down Under Blackjack signals")
CONFIRMING = cite("Down Under Blackjack confirming a signal")
BUST = cite("Down Under Blackjack bust")
TURNING_THE_HOLE_CARD = cite("Down Under Blackjack turning the hole card")
PAYOUTS = cite("Down Under Blackjack payouts")
BLACKJACK_PAYS = cite("Down Under Blackjack blackjack payout, option blackjack_pays")
HAND_SETTLEMENT_ORDER = cite("Down Under Blackjack settlement order")

SETTLEMENT_ORDER = cite("Match the Dealer settlement order")
AUTOMATED_HAND = cite("Down Under Blackjack automated hand")
SECONDARY_READING_OPTION = cite("Match the Dealer secondary rate, option secondary_reading")
PICK_UP_CARDS = cite("Down Under Blackjack end of round")


@dataclass(frozen=True)
class DownUnderTable(HouseChips):
    """The table's Rules Submission choices for Down Under Blackjack with Match the Dealer.

    Defaults: 6 decks, Paytable 1, a $1 Match the Dealer wager, the reset-reserve reading of the
    secondary rate, sub-cent meter awards rounded down, the trainee dealing the Match the Dealer procedure only,
    the dealer standing on all 17s, a blackjack paid 3 to 2, a double down on any two cards, and the default rack
    paid highest first.
    """

    decks: int = 6
    paytable: int = 1
    match_wager: Cents = 100
    secondary_reading: SecondaryReading = SecondaryReading.RESET_RESERVE
    award_rounding: Rounding = Rounding.DOWN
    trainee_deals: TraineeDeals = TraineeDeals.MATCH_THE_DEALER
    dealer_drawing: DealerDrawing = DealerDrawing.STANDS_ON_ALL_17S
    blackjack_pays: BlackjackPays = BlackjackPays.THREE_TO_TWO
    double_down_on: DoubleDownOn = DoubleDownOn.ANY_TWO_CARDS

    def __post_init__(self) -> None:
        """Refuse a deck count, paytable or wager amount the seed does not allow, or chipping the rack cannot follow."""
        super().__post_init__()
        read_options(TABLE_OPTIONS, {name: getattr(self, name) for name in ("decks", "paytable", "match_wager")})

    def to_json(self) -> dict[str, JsonValue]:
        """The table's choices as JSON."""
        return write_options(TABLE_OPTIONS, self)

    @classmethod
    def from_json(cls, data: Mapping[str, JsonValue]) -> DownUnderTable:
        """Build the table's choices from JSON; RulesError naming every unknown or bad field. Missing fields default."""
        return cls(**read_options(TABLE_OPTIONS, data))

    @classmethod
    def options(cls) -> tuple[Option, ...]:
        """Every option with its default, allowed values, clause and provenance, for the scenario builder."""
        return describe_options(TABLE_OPTIONS, cls().to_json())

    def house_options(self) -> list[HouseOption]:
        """The readings, options and procedures that fill gaps in the regulation, with their values here."""
        return [
            *gap_options(TABLE_OPTIONS, self.to_json(), DownUnderTable().to_json()),
            BEYOND_THE_RACK,
            HouseOption("stake", "not returned on a win", "the same", STAKE_RULE),
            HouseOption("settlement order", "losing wagers first, seat by seat", "the same", SETTLEMENT_ORDER),
            *(self.hand_procedures() if self.trainee_deals is TraineeDeals.WHOLE_ROUND else self.automated_hand()),
            HouseOption("end of round", "the cards picked up into the discard rack", "the same", PICK_UP_CARDS),
        ]

    @staticmethod
    def automated_hand() -> list[HouseOption]:
        """The house procedure of a table whose engine completes the blackjack hand."""
        return [HouseOption("the blackjack hand", "completed by the engine", "the same", AUTOMATED_HAND)]

    @staticmethod
    def hand_procedures() -> list[HouseOption]:
        """The house procedures of the blackjack hand a trainee deals, which no option changes."""
        return [
            HouseOption("player options", "hit, stand, double down, split a pair once", "the same", PLAYER_OPTIONS),
            HouseOption("signals", "tap: hit, wave: stand, one finger: double, two: split", "the same", SIGNALS),
            HouseOption("confirming a signal", "an unclear signal or a hit on hard 17+", "the same", CONFIRMING),
            HouseOption("a bust", "collected at once", "the same", BUST),
            HouseOption("the hole card", "turned when every hand is complete", "the same", TURNING_THE_HOLE_CARD),
            HouseOption("payouts", "a win 1 to 1, a tie pushed", "the same", PAYOUTS),
            HouseOption("settling the hands", "from the dealer's right", "the same", HAND_SETTLEMENT_ORDER),
        ]


TABLE_OPTIONS = {
    "decks": choice({decks: decks for decks in DECK_COUNTS}, DECKS_RULE, "How many decks the shoe holds."),
    "paytable": choice(
        {number: number for number in PAYTABLE_NUMBERS},
        PAYTABLE_RULE,
        "The Match the Dealer paytable, 1 to 10, of those printed for the table's deck count.",
        label="Match the Dealer paytable",
    ),
    "match_wager": choice(
        {amount: amount for amount in WAGER_AMOUNTS},
        ONE_AMOUNT_PER_TABLE_RULE,
        "The table's one Match the Dealer wager amount, $1 or $5 (§685b.1(e)); the meter starts at 1,000 times it.",
        house_rule=True,
        money=True,
        label="Match the Dealer wager",
    ),
    "trainee_deals": choice(
        members(TraineeDeals),
        TRAINEE_DEALS,
        "What the trainee deals: only the Match the Dealer procedure (the engine completes the hand) or the whole "
        "round, every card, decision and settlement.",
        house_rule=True,
        label="The trainee deals",
    ),
    "dealer_drawing": choice(
        members(DealerDrawing),
        DRAWING_RULE,
        "The dealer's drawing rule: stand on every 17, or draw to a soft 17.",
        house_rule=True,
        label="The dealer's drawing rule",
    ),
    "blackjack_pays": choice(
        members(BlackjackPays),
        BLACKJACK_PAYS,
        "What a blackjack is paid on its wager: 3 to 2, or 6 to 5. The table takes only a wager whose blackjack "
        "payout is a whole number of cents.",
        house_rule=True,
        label="A blackjack pays",
    ),
    "double_down_on": choice(
        members(DoubleDownOn),
        DOUBLE_DOWN_ON,
        "Which first two cards a player may double down on, where the trainee deals the whole round: any two, or "
        "only a total of 9 to 11, or of 10 or 11.",
        house_rule=True,
        label="Double down on",
    ),
    "secondary_reading": choice(
        members(SecondaryReading),
        SECONDARY_READING_OPTION,
        "What the secondary 6% incrementation rate funds.",
        house_rule=True,
    ),
    "award_rounding": choice(
        members(Rounding),
        AWARD_ROUNDING_RULE,
        "Which way a percentage-of-meter award is rounded to the cent.",
        house_rule=True,
    ),
    **CHIP_OPTIONS,
}
"""Every option of a Down Under Blackjack table with Match the Dealer."""


BLACKJACK = "blackjack"
"""The betting area of the Down Under Blackjack wager."""
MATCH_THE_DEALER = "match_the_dealer"
"""The betting area of the Match the Dealer Progressive wager."""


@dataclass(frozen=True)
class SeatWagers:
    """One seat's wagers in cents: the Down Under Blackjack wager and the Match the Dealer wager (0 for none)."""

    blackjack: Cents
    match_the_dealer: Cents = 0

    @classmethod
    def from_json(cls, data: Mapping[str, JsonValue]) -> SeatWagers:
        """Read a seat's wagers saved with a round's setup."""
        return cls(json_int(data[BLACKJACK]), json_int(data.get(MATCH_THE_DEALER, 0)))
