"""What each fault does to the step it is seeded at: the steps the felt shows instead of the right one."""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass

from simulator.blackjack.arithmetic import HandResult
from simulator.blackjack.hand import SETTLEMENT_STEPS as HAND_SETTLEMENT_STEPS
from simulator.blackjack.hand import BlackjackHandMixin
from simulator.core.cards import format_cards, parse_cards
from simulator.core.json_values import JsonValue, json_int, json_str
from simulator.core.procedure import Actor, Operation, Round
from simulator.core.progressive import ProgressiveIntakeMixin
from simulator.core.settling import SETTLEMENT_STEPS, SettlingMixin
from simulator.mystery.tables import MysteryTableRound
from simulator.surveillance.seen import Seen, seen_of

FACE_DOWN = re.compile(r"face down|unexposed")
"""The words of a clause that keeps a card from view: the hole card dealt face down, the stub discarded unexposed."""


@dataclass(frozen=True)
class Moment:
    """A performed round at one of its operations, the one a fault would be seeded at."""

    round: Round
    index: int

    @property
    def operation(self) -> Operation:
        """The operation at this moment."""
        return self.round.operations[self.index]

    @property
    def following(self) -> Operation | None:
        """The operation after it, if the round went on."""
        operations = self.round.operations
        return operations[self.index + 1] if self.index + 1 < len(operations) else None

    def argument(self, name: str) -> JsonValue:
        """One of the operation's arguments; None when it has none of that name."""
        return self.operation.action.arguments.get(name)


@dataclass(frozen=True)
class Deviation:
    """The steps the felt shows for the operations a fault covers, and which of them is the fault itself.

    ``covers`` is how many operations from the moment on the steps replace (two where the fault swaps a step with
    the next); ``faulty`` is the place among ``seen`` of the step a watcher should flag; ``performed`` says, for each
    step of ``seen``, how many of the operations covered the engine has performed once it is shown.
    """

    seen: tuple[Seen, ...]
    faulty: int = 0
    covers: int = 1
    performed: tuple[int, ...] = (1,)


def shown(operation: Operation) -> Seen:
    """A performed step as the felt shows it, a card its clause keeps from view marked face down."""
    seen = seen_of(operation)
    if FACE_DOWN.search(operation.action.citation.text):
        return Seen(seen.actor, seen.step, {**seen.arguments, "face_up": False})
    return seen


def done(moment: Moment, **changes: JsonValue) -> Deviation:
    """The step at the moment as the felt shows it, with some of its arguments done otherwise."""
    seen = shown(moment.operation)
    return Deviation((Seen(seen.actor, seen.step, {**seen.arguments, **changes}),))


@dataclass(frozen=True)
class Settling:
    """One family of the engine's settlement steps: paying, pushing and collecting a wager, and what names it."""

    pay: str
    push: str
    collect: str
    wager: tuple[str, ...]
    """The arguments that name the wager settled: a seat and a betting area, or a hand's position."""


SETTLING = (
    Settling(*SETTLEMENT_STEPS, ("seat", "spot")),
    Settling(
        HAND_SETTLEMENT_STEPS[HandResult.WIN],
        HAND_SETTLEMENT_STEPS[HandResult.PUSH],
        HAND_SETTLEMENT_STEPS[HandResult.LOSE],
        ("position",),
    ),
)
"""The banked games' settlements (:mod:`simulator.core.settling`) and a blackjack hand's."""


def settling(moment: Moment) -> Settling | None:
    """The settlement family of the step at the moment, if it settles a wager."""
    step = moment.operation.action.step
    return next((family for family in SETTLING if step in (family.pay, family.push, family.collect)), None)


def wager_of(moment: Moment) -> dict[str, JsonValue]:
    """The arguments naming the wager the step at the moment settles."""
    family = settling(moment)
    return {} if family is None else {name: moment.argument(name) for name in family.wager}


def settled_as(moment: Moment, step: str, **arguments: JsonValue) -> Deviation:
    """The wager the step at the moment settles settled by another step of the dealer's."""
    return Deviation((Seen(Actor.DEALER, step, wager_of(moment) | arguments),))


def paid_amount(moment: Moment) -> int | None:
    """The amount a payment paid, if it paid at least two cents (so a short pay still pays something)."""
    amount = moment.argument("amount")
    return amount if type(amount) is int and amount >= 2 else None


def twentieth(amount: int) -> int:
    """Five percent of an amount, at least a cent: what a short pay leaves out or an overpay adds.

    >>> twentieth(10000), twentieth(30)
    (500, 1)
    """
    return max(1, amount // 20)


def short_pay(moment: Moment) -> Deviation | None:
    """The payment made five percent short."""
    amount = paid_amount(moment)
    return None if amount is None else done(moment, amount=amount - twentieth(amount))


def overpay(moment: Moment) -> Deviation | None:
    """The payment made five percent over."""
    amount = paid_amount(moment)
    return None if amount is None else done(moment, amount=amount + twentieth(amount))


def stake(moment: Moment) -> int | None:
    """The chips on the wager the step settles: a banked game's wager, or a blackjack hand's; None for an award.

    An award is paid at a spot the seat staked nothing at (an Envy Bonus on another seat's hand, an Ante Bonus beside
    the Ante): no chips there for a player to add to or take back.
    """
    round_ = moment.round
    if isinstance(round_, MysteryTableRound) and round_.carnival is not None:
        round_ = round_.carnival
    seat, spot, position = moment.argument("seat"), moment.argument("spot"), moment.argument("position")
    if isinstance(round_, SettlingMixin) and type(seat) is int and isinstance(spot, str):
        try:
            return round_.staked(seat, spot)
        except KeyError:
            return None
    if isinstance(round_, BlackjackHandMixin) and isinstance(position, str) and position.startswith("seat "):
        return round_.hand_wager(position)
    return None


def fouled(moment: Moment) -> bool:
    """Whether the step settles a fouled hand: its clause is the one for a fouled hand."""
    return "fouled hand" in moment.operation.action.citation.text.lower()


def paid_loser(moment: Moment, foul: bool) -> Deviation | None:
    """A losing wager (a fouled hand's when ``foul``) paid even money instead of collected."""
    amount = stake(moment)
    if amount is None or fouled(moment) is not foul:
        return None
    family = settling(moment)
    return None if family is None else settled_as(moment, family.pay, amount=amount)


def paid_losing_hand(moment: Moment) -> Deviation | None:
    """A losing wager paid."""
    return paid_loser(moment, foul=False)


def paid_fouled_hand(moment: Moment) -> Deviation | None:
    """A fouled hand's wager paid."""
    return paid_loser(moment, foul=True)


def missed_collection(moment: Moment) -> Deviation | None:
    """A losing wager left on the layout as if it pushed."""
    family = settling(moment)
    return None if family is None else settled_as(moment, family.push)


def missed_push(moment: Moment) -> Deviation | None:
    """A wager that pushes collected instead."""
    family = settling(moment)
    return None if family is None else settled_as(moment, family.collect)


def missed_tiger_nine_push(moment: Moment) -> Deviation | None:
    """A dealer's Tiger 9 declared as none, so no Pai Gow Poker wager pushes on it."""
    return done(moment, tiger_nine=False) if moment.argument("tiger_nine") is True else None


def wrong_house_way(moment: Moment) -> Deviation | None:
    """The dealer's hand set with another two cards low than the house way's."""
    facts = moment.operation.facts
    cards = parse_cards(json_str(facts["high"]) + " " + json_str(facts["low"]))
    low = set(parse_cards(json_str(facts["low"])))
    other = next(pair for pair in itertools.combinations(cards, 2) if set(pair) != low)
    return done(moment, low=format_cards(other))


def wrong_dice_total(moment: Moment) -> Deviation:
    """The red die announced one pip off, so the total is wrong."""
    red = json_int(moment.argument("red"))
    return done(moment, red=red % 6 + 1)


def wrong_dice_colour(moment: Moment) -> Deviation | None:
    """The red die and the first blue die announced the other way round, where they differ."""
    red, blue = moment.argument("red"), moment.argument("blue_1")
    return None if red == blue else done(moment, red=blue, blue_1=red)


def swapped_with_next(moment: Moment, step: str | None = None) -> Deviation | None:
    """The step and the next one done the other way round; the next must be ``step`` (the same step when None)."""
    following = moment.following
    wanted = step or moment.operation.action.step
    if following is None or following.action.step != wanted or seen_of(following) == seen_of(moment.operation):
        return None
    return Deviation((shown(following), shown(moment.operation)), covers=2, performed=(0, 2))


def mystery_paid_early(moment: Moment) -> Deviation | None:
    """The Mystery Bonus paid before the floorperson validates it."""
    return swapped_with_next(moment, "pay_mystery_bonus")


def dealt_out_of_order(moment: Moment) -> Deviation | None:
    """A card or stack dealt to the next place before the place whose turn it is."""
    return swapped_with_next(moment)


def card_exposed(moment: Moment) -> Deviation | None:
    """A card its clause keeps from view shown face up."""
    return done(moment, face_up=True) if FACE_DOWN.search(moment.operation.action.citation.text) else None


def chip_count_misstated(moment: Moment) -> Deviation:
    """The progressive chips counted one more than the collection holds."""
    return done(moment, count=json_int(moment.argument("count")) + 1)


def first_progressive_wager(moment: Moment) -> tuple[int, int] | None:
    """The seat and amount of the round's first accepted progressive wager, if it takes any."""
    round_ = moment.round
    if not isinstance(round_, ProgressiveIntakeMixin) or not round_.progressive_intake.wagers:
        return None
    wager = round_.progressive_intake.wagers[0]
    return wager.seat, wager.amount


def player_move(wager: dict[str, JsonValue], amount: int) -> Seen:
    """A player's wager move as the felt shows it: the wager's chips changed to ``amount``."""
    return Seen(Actor.PLAYER, "change_wager", wager | {"amount": amount})


def past_posting(moment: Moment) -> Deviation | None:
    """A progressive chip placed after the lock-out, at the seat of the first accepted progressive wager."""
    wager = first_progressive_wager(moment)
    if wager is None:
        return None
    seat, amount = wager
    placed = Seen(Actor.PLAYER, "place_wager", {"seat": seat, "spot": "progressive", "amount": amount})
    return Deviation((shown(moment.operation), placed), faulty=1, performed=(1, 1))


def capping(moment: Moment) -> Deviation | None:
    """A winning wager doubled by its player just before the dealer pays it."""
    amount = stake(moment)
    if amount is None:
        return None
    move = player_move(wager_of(moment), amount * 2)
    return Deviation((move, shown(moment.operation)), performed=(0, 1))


def pinching(moment: Moment) -> Deviation | None:
    """Half of a losing wager taken back by its player just before the dealer collects it."""
    amount = stake(moment)
    if amount is None or amount < 2:
        return None
    move = player_move(wager_of(moment), amount - amount // 2)
    return Deviation((move, shown(moment.operation)), performed=(0, 1))


def chip_not_dropped(moment: Moment) -> Deviation | None:
    """A progressive chip taken back by its player as the dealer collects the progressive wagers."""
    wager = first_progressive_wager(moment)
    if wager is None:
        return None
    return Deviation(
        (player_move({"seat": wager[0], "spot": "progressive"}, 0), shown(moment.operation)), performed=(0, 1)
    )
