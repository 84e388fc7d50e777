"""The fault catalogue: each fault a dealer can commit at a step, or a player can make at the table, and its clause.

A fault names no rule of its own. Where the dealer errs, the clause and error code are the ones the engine gives
refusing the step as done, as the grader would to a trainee making the same mistake (a step the engine cannot refuse,
a card seen face up, cites the clause the step follows); where a player moves chips after betting closed, the clause
is the one the round cites for a wager made, increased or withdrawn after "No more bets" (``late_wager_citation``),
and the code the dealer's error in letting it stand. Every clause comes from :mod:`simulator.core.clauses`. The steps
a fault can happen at are the engine's own step names, which every game in :data:`simulator.games.GAMES` declares
(:func:`steps_of`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from enum import StrEnum

from simulator.core.citations import Citation
from simulator.core.procedure import Actor, ErrorCode, IllegalOperation, Round
from simulator.core.wager_phase import WagerPhaseMixin
from simulator.games import GAMES, Game
from simulator.surveillance import deviations as d
from simulator.surveillance.seen import Seen


class FaultKind(StrEnum):
    """A kind of fault a watcher flags: the dealer's errors, then the players' moves."""

    SHORT_PAY = "short_pay"
    OVERPAY = "overpay"
    PAID_LOSING_HAND = "paid_losing_hand"
    PAID_FOULED_HAND = "paid_fouled_hand"
    WRONG_HOUSE_WAY = "wrong_house_way"
    MISSED_COLLECTION = "missed_collection"
    MISSED_PUSH = "missed_push"
    WRONG_DICE_TOTAL = "wrong_dice_total"
    WRONG_DICE_COLOUR = "wrong_dice_colour"
    MISSED_TIGER_NINE_PUSH = "missed_tiger_nine_push"
    MYSTERY_PAID_EARLY = "mystery_paid_early"
    CARD_EXPOSED = "card_exposed"
    DEALT_OUT_OF_ORDER = "dealt_out_of_order"
    CHIP_COUNT_MISSTATED = "chip_count_misstated"
    PAST_POSTING = "past_posting"
    CAPPING = "capping"
    PINCHING = "pinching"
    CHIP_NOT_DROPPED = "chip_not_dropped"


class ClauseRule(StrEnum):
    """Where a fault's clause comes from: the engine's refusal of the step as done, or the late wager rule."""

    REFUSAL = "the clause the engine cites refusing the step as done, else the clause the step follows"
    LATE_WAGER = 'the clause a wager made, increased or withdrawn after "No more bets" breaks'


@dataclass(frozen=True)
class Fault:
    """One kind of fault: its name on the floor, who commits it, the steps it happens at and what it does there."""

    kind: FaultKind
    name: str
    by: Actor
    at: Callable[[str], bool]
    """Whether the fault can happen at a step of this name."""
    deviate: Callable[[d.Moment], d.Deviation | None]
    """What the felt shows instead of the right step at a moment, or None where the fault cannot happen there."""
    rule: ClauseRule = ClauseRule.REFUSAL
    lets_stand: ErrorCode | None = None
    """For a player's move, the dealer's error in letting it stand; a dealer's fault takes the engine's refusal's."""

    def clause(self, round_: Round, seen: Seen, right: Citation, refused: IllegalOperation | None) -> Citation:
        """The clause this fault breaks, shown as ``seen``: the late wager rule, the refusal's, or the right step's.

        ``right`` is the clause the right step cites, ``refused`` the engine's refusal of ``seen`` (None: it takes it).
        """
        if self.rule is ClauseRule.LATE_WAGER and isinstance(round_, WagerPhaseMixin):
            return round_.late_wager_citation(seen.spot or "")
        return right if refused is None or self.by is Actor.PLAYER else refused.citation

    def code(self, refused: IllegalOperation | None) -> ErrorCode | None:
        """The error code the grader would give for this fault: the refusal's, or the player's move let stand."""
        if self.by is Actor.PLAYER:
            return self.lets_stand
        return None if refused is None else refused.code


def named(*steps: str) -> Callable[[str], bool]:
    """The steps of these names."""
    return frozenset(steps).__contains__


def paying(step: str) -> bool:
    """A step that pays a player: every step the engine names ``pay_…``."""
    return step.startswith("pay_")


COLLECTING = named(*(family.collect for family in d.SETTLING))
"""The steps that collect a losing wager."""

PUSHING = named(*(family.push for family in d.SETTLING))
"""The steps that push a wager."""

PAYING_A_WAGER = named(*(family.pay for family in d.SETTLING))
"""The steps that pay a winning wager (not a bonus or a progressive award, whose chips no player adds to)."""


FAULTS: Mapping[FaultKind, Fault] = {
    fault.kind: fault
    for fault in (
        Fault(FaultKind.SHORT_PAY, "Short pay", Actor.DEALER, paying, d.short_pay),
        Fault(FaultKind.OVERPAY, "Overpay", Actor.DEALER, paying, d.overpay),
        Fault(FaultKind.PAID_LOSING_HAND, "Losing hand paid", Actor.DEALER, COLLECTING, d.paid_losing_hand),
        Fault(FaultKind.PAID_FOULED_HAND, "Fouled hand paid", Actor.DEALER, COLLECTING, d.paid_fouled_hand),
        Fault(FaultKind.WRONG_HOUSE_WAY, "Wrong house way", Actor.DEALER, named("set_dealer_hand"), d.wrong_house_way),
        Fault(FaultKind.MISSED_COLLECTION, "Missed collection", Actor.DEALER, COLLECTING, d.missed_collection),
        Fault(FaultKind.MISSED_PUSH, "Missed push", Actor.DEALER, PUSHING, d.missed_push),
        Fault(FaultKind.WRONG_DICE_TOTAL, "Wrong dice total", Actor.DEALER, named("announce_dice"), d.wrong_dice_total),
        Fault(
            FaultKind.WRONG_DICE_COLOUR,
            "Dice colours swapped",
            Actor.DEALER,
            named("announce_dice"),
            d.wrong_dice_colour,
        ),
        Fault(
            FaultKind.MISSED_TIGER_NINE_PUSH,
            "Missed Tiger 9 push",
            Actor.DEALER,
            named("declare_tiger_nine"),
            d.missed_tiger_nine_push,
        ),
        Fault(
            FaultKind.MYSTERY_PAID_EARLY,
            "Mystery Bonus paid before validation",
            Actor.DEALER,
            named("validate_mystery_payout"),
            d.mystery_paid_early,
        ),
        Fault(FaultKind.CARD_EXPOSED, "Card exposed", Actor.DEALER, named("deal_card", "discard_stub"), d.card_exposed),
        Fault(
            FaultKind.DEALT_OUT_OF_ORDER,
            "Dealt out of order",
            Actor.DEALER,
            named("deal_card", "deliver_stack", "deal_hand"),
            d.dealt_out_of_order,
        ),
        Fault(
            FaultKind.CHIP_COUNT_MISSTATED,
            "Chip count misstated",
            Actor.DEALER,
            named("count_progressive_chips"),
            d.chip_count_misstated,
        ),
        Fault(
            FaultKind.PAST_POSTING,
            "Past-posting",
            Actor.PLAYER,
            named("lock_out_progressive_wagers"),
            d.past_posting,
            ClauseRule.LATE_WAGER,
            ErrorCode.LATE_WAGER_ACCEPTED,
        ),
        Fault(
            FaultKind.CAPPING,
            "Capping",
            Actor.PLAYER,
            PAYING_A_WAGER,
            d.capping,
            ClauseRule.LATE_WAGER,
            ErrorCode.LATE_WAGER_ACCEPTED,
        ),
        Fault(
            FaultKind.PINCHING,
            "Pinching",
            Actor.PLAYER,
            COLLECTING,
            d.pinching,
            ClauseRule.LATE_WAGER,
            ErrorCode.LATE_WAGER_ACCEPTED,
        ),
        Fault(
            FaultKind.CHIP_NOT_DROPPED,
            "Progressive chip not dropped",
            Actor.PLAYER,
            named("collect_progressive_wagers"),
            d.chip_not_dropped,
            lets_stand=ErrorCode.CHIP_MISMATCH_MISSED,
        ),
    )
}
"""Every fault kind, in the order a watcher's page lists them."""


def steps_of(game: Game) -> frozenset[str]:
    """The steps a game declares: each ``<step>`` its round class pairs with ``verify_<step>``, and its rules' steps."""
    round_class = game.round_class
    paired = {
        name.removeprefix("verify_")
        for name in dir(round_class)
        if name.startswith("verify_") and callable(getattr(round_class, name.removeprefix("verify_"), None))
    }
    return frozenset(paired) | game.rules_steps


def faults_at(game: Game) -> dict[str, tuple[FaultKind, ...]]:
    """Each step of a game at which a fault can happen, with the faults that can: the game's part of the catalogue."""
    steps = steps_of(game)
    return {
        step: kinds
        for step in sorted(steps)
        if (kinds := tuple(fault.kind for fault in FAULTS.values() if fault.at(step)))
    }


def fault_kinds(game: Game) -> tuple[FaultKind, ...]:
    """The fault kinds a round of the game can hold, in catalogue order (whether a round does depends on its deal)."""
    possible = {kind for kinds in faults_at(game).values() for kind in kinds}
    return tuple(kind for kind in FAULTS if kind in possible)


def catalogue() -> dict[str, dict[str, tuple[FaultKind, ...]]]:
    """The whole catalogue: for each game of the registry, by key, its steps and the faults each can hold."""
    return {key: faults_at(game) for key, game in GAMES.items()}
