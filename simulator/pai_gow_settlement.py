"""How each Pai Gow Poker wager settles once the hands are set: Pai Gow Poker, Tiger 9 and commission."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from enum import StrEnum

from simulator.citations import Citation, house, inferred, seed
from simulator.hands import HandOutcome, SetHand, is_tiger_nine, settle_hands
from simulator.money import Cents, Odds, round_to_unit
from simulator.pai_gow_rules import FoulRule, TableRules

TIGER_NINE_ODDS = Odds(30, 1)


class Settlement(StrEnum):
    """What the dealer does with a wager: pay it, push it (leave it) or collect it."""

    PAY = "pay"
    PUSH = "push"
    COLLECT = "collect"


@dataclass(frozen=True)
class WagerSettlement:
    """The correct settlement of one wager: pay, push or collect, the amount paid, and the rule."""

    settlement: Settlement
    amount: Cents
    citation: Citation
    reason: str


TIGER_NINE_PUSH = seed(
    "§645b.1(f)(1)", "If the dealer has a Tiger 9, the player's Pai Gow Poker wager pushes and is returned."
)
NO_TIGER_NINE = seed(
    "§645b.1(f)(2)", "If the dealer has no Tiger 9, the Pai Gow Poker wager is settled under §645a.11(f)."
)
TIGER_NINE_PAYS = seed("§645b.1(h)", "A winning Tiger 9 wager pays 30 to 1.")
TIGER_NINE_LOSES = seed("§645b.1(f)(2)", "If the dealer has no Tiger 9, the dealer collects the losing Tiger 9 wager.")
COMMISSION_FREE_WIN = seed("§645b.1(a)", "Commission-free Pai Gow Poker collects no vigorish: a win pays 1 to 1.")
STANDARD_WIN = inferred("§645a.13", "A winning Pai Gow Poker wager pays 1 to 1 less the vigorish (5% commission).")
SETTLEMENT_RULE = inferred(
    "§645a.11(f)",
    "Both hands beat the dealer's: win. One wins: push. Otherwise the wager loses; copies go to the dealer.",
)
FOUL_RULE = house(
    "§645a.11(f)", "A fouled hand (low hand outranks high hand, or wrong card counts) loses: a house option."
)
FOUL_TIGER_NINE_RULE = house("§645b.1(f)(1)", "House option: a fouled hand still loses when the dealer has a Tiger 9.")


def dealer_has_tiger_nine(rules: TableRules, dealer: SetHand) -> bool:
    """Whether the Tiger 9 push applies: a commission-free table and a dealer low hand that is 9-high."""
    return rules.commission_free and is_tiger_nine(dealer.low)


def commission(rules: TableRules, winnings: Cents) -> Cents:
    """The vigorish on a standard-game win, rounded as the house option says.

    >>> commission(TableRules(commission_free=False, tiger_nine_offered=False), 2500)
    125
    """
    return round_to_unit(Decimal(winnings) * rules.commission_rate, rules.commission_unit, rules.commission_rounding)


def settle_pai_gow_wager(rules: TableRules, wager: Cents, player: SetHand, dealer: SetHand) -> WagerSettlement:
    """The correct settlement of a Pai Gow Poker wager, the Tiger 9 push included (§645b.1(f))."""
    outcome = settle_hands(player, dealer, rules.wheel_rank)
    if dealer_has_tiger_nine(rules, dealer):
        if outcome is HandOutcome.FOUL and not rules.tiger_nine_pushes_fouled_hands:
            return WagerSettlement(Settlement.COLLECT, 0, FOUL_TIGER_NINE_RULE, "foul")
        return WagerSettlement(Settlement.PUSH, 0, TIGER_NINE_PUSH, "dealer Tiger 9")
    if outcome is HandOutcome.FOUL:
        return WagerSettlement(Settlement.COLLECT, 0, FOUL_RULE, "foul")
    if outcome is HandOutcome.WIN:
        citation = COMMISSION_FREE_WIN if rules.commission_free else STANDARD_WIN
        return WagerSettlement(Settlement.PAY, wager, citation, "player wins both hands")
    if outcome is HandOutcome.PUSH:
        return WagerSettlement(Settlement.PUSH, 0, SETTLEMENT_RULE, "one hand each")
    return WagerSettlement(Settlement.COLLECT, 0, SETTLEMENT_RULE, "dealer wins")


def settle_tiger_nine_wager(rules: TableRules, wager: Cents, dealer: SetHand) -> WagerSettlement:
    """The correct settlement of a Tiger 9 wager: 30 to 1 on a dealer Tiger 9, otherwise collected."""
    if dealer_has_tiger_nine(rules, dealer):
        return WagerSettlement(Settlement.PAY, TIGER_NINE_ODDS.pay(wager), TIGER_NINE_PAYS, "dealer Tiger 9")
    return WagerSettlement(Settlement.COLLECT, 0, TIGER_NINE_LOSES, "no dealer Tiger 9")


def fouled_hand_rule(rules: TableRules) -> Citation:
    """The rule applied to a fouled player hand at this table."""
    if rules.foul_rule is FoulRule.RESET_BY_HOUSE_WAY:
        return house(
            "§645a.11(f)", "House option: the dealer resets a fouled hand by the house way before settling it."
        )
    return FOUL_RULE
