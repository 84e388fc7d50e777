"""How each Pai Gow Poker wager settles once the hands are set: Pai Gow Poker, Tiger 9 and commission."""

from __future__ import annotations

from simulator.core.clauses import cite
from simulator.core.hands import HandOutcome, SetHand, is_tiger_nine, settle_hands
from simulator.core.money import Cents, Odds
from simulator.core.settling import Settlement, WagerSettlement
from simulator.pai_gow.rules import TableRules

TIGER_NINE_ODDS = Odds(30, 1)
TIGER_NINE_PUSH = cite("§645b.1(f)(1)")
TIGER_NINE_PAYS = cite("§645b.1(h)")
TIGER_NINE_LOSES = cite("§645b.1(f)(2)")
WIN = cite("§645a.13")
SETTLEMENT_RULE = cite("§645a.11(f)")
FOUL_RULE = cite("Fouled hand, option foul_rule")
FOUL_TIGER_NINE_RULE = cite("Fouled hand against a dealer Tiger 9, option tiger_nine_pushes_fouled_hands")


def dealer_has_tiger_nine(rules: TableRules, dealer: SetHand) -> bool:
    """Whether the Tiger 9 push applies: a commission-free table and a dealer low hand that is 9-high."""
    return rules.commission_free and is_tiger_nine(dealer.low)


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
        return WagerSettlement(Settlement.PAY, wager, WIN, "player wins both hands")
    if outcome is HandOutcome.PUSH:
        return WagerSettlement(Settlement.PUSH, 0, SETTLEMENT_RULE, "one hand each")
    return WagerSettlement(Settlement.COLLECT, 0, SETTLEMENT_RULE, "dealer wins")


def settle_tiger_nine_wager(rules: TableRules, wager: Cents, dealer: SetHand) -> WagerSettlement:
    """The correct settlement of a Tiger 9 wager: 30 to 1 on a dealer Tiger 9, otherwise collected."""
    if dealer_has_tiger_nine(rules, dealer):
        return WagerSettlement(Settlement.PAY, TIGER_NINE_ODDS.pay(wager), TIGER_NINE_PAYS, "dealer Tiger 9")
    return WagerSettlement(Settlement.COLLECT, 0, TIGER_NINE_LOSES, "no dealer Tiger 9")
