"""The dealer's procedure at any progressive table, as step sets that a game's round mixes in.

Three mixins, each a subclass of :class:`~simulator.core.procedure.Round` holding one state object:

* :class:`ProgressiveIntakeMixin` (state ``self.progressive_intake``, a :class:`ProgressiveIntake`): after
  "No more bets", lock out the progressive wagers, collect them, state the chip count in front of the table
  inventory container (it must equal the number of wagers the system accepted) and drop the chips.
* :class:`MysteryBonusMixin` (state ``self.mystery``, a :class:`MysteryBonus`): the system adds each
  qualifying wager's contribution to the Must-Hit-By Mystery Bonus meter; after a hit, once the round's
  wagers are settled, the dealer confirms the lit position, a floorperson validates, the dealer pays 100% of
  the meter from the configured source and resets the meter.
* :class:`ProgressiveWinMixin` (state ``self.progressive_wins``, a :class:`ProgressiveWins`): a progressive
  wager won on a hand (Match the Dealer, Pai Gow Poker's Progressive Payout wager): confirm the hand, confirm
  the light, a floorperson validates, pay. A percentage-of-meter award is never paid from the table
  inventory, and that player's cards stay on the table until a floorperson completes the jackpot paperwork
  (``complete_jackpot_paperwork``, offered by :meth:`~ProgressiveWinMixin.next_jackpot_paperwork_action`,
  which the host asks for before it clears the table).

Two value types serve every progressive meter that pays on a hand: :class:`MeterShare` (a paytable line paying
a percentage of the meter) and :class:`JackpotMeter` (the meter in exact cents, its seed and a hidden reserve).

How a host round uses them::

    class MyRound(ProgressiveIntakeMixin, MysteryBonusMixin, Round):
        def __init__(self, ...):
            super().__init__(automations)
            self.progressive_intake = ProgressiveIntake(wagers)       # every wager the system accepted
            self.mystery = MysteryBonus("§643b.1", rules, meter, rng, qualifying_wagers)

        def next_action(self):
            if not self.no_more_bets_announced:
                return <the host's own "No more bets" action>
            action = self.next_progressive_intake_action() or self.next_mystery_contribution_action()
            if action is not None:
                return action
            if not self.base_game_settled:
                return <the host's own steps>
            return self.next_mystery_payout_action()          # None once every hit is paid and reset

        def step_names(self):
            return HOST_STEPS | PROGRESSIVE_INTAKE_STEPS | MYSTERY_BONUS_STEPS

Each step is a triplet: ``verify_<step>(...)`` raises IllegalOperation (out of order, or a wrong argument with
the expected action) and returns the expected action, ``can_<step>(...)`` answers with a bool, ``<step>(...)``
performs and logs it. Steps that verify something are named ``confirm_...`` and ``count_...`` because the
``verify_`` prefix belongs to the triplet. The mystery hit value never appears in an action or a fact.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from decimal import Decimal
from enum import IntEnum
from typing import TypedDict

from simulator.core.chip_payments import ChipPaymentMixin
from simulator.core.citations import Citation
from simulator.core.clauses import cite
from simulator.core.json_values import JsonObject, JsonValue, json_int, json_str, json_value
from simulator.core.meter_device import MYSTERY_METER, MeterUpdate
from simulator.core.money import Cents, Rounding, format_cents, round_to_unit
from simulator.core.mystery_meter import (
    MysteryHit,
    MysteryMeter,
    MysteryMeterView,
    MysteryRules,
    PaymentSource,
    mystery_clause,
)
from simulator.core.procedure import Action, Actor, ErrorCode, IllegalOperation, Operation, Round
from simulator.core.wager_phase import CHIP_COUNT_MISMATCH, ChipCountMismatch, WagerPhase, WagerPhaseMixin

PROGRESSIVE_INTAKE_STEPS = frozenset(
    {
        "lock_out_progressive_wagers",
        "collect_progressive_wagers",
        "report_chip_mismatch",
        "count_progressive_chips",
        "drop_progressive_wagers",
    }
)
"""The intake steps, for the host's ``step_names()``."""

MYSTERY_BONUS_STEPS = frozenset(
    {
        "add_mystery_contributions",
        "confirm_mystery_light",
        "validate_mystery_payout",
        "pay_mystery_bonus",
        "reset_mystery_meter",
    }
)
"""The MHB steps, for the host's ``step_names()``."""

PROGRESSIVE_WIN_STEPS = frozenset(
    {
        "confirm_progressive_hand",
        "confirm_progressive_light",
        "validate_progressive_payout",
        "pay_progressive_win",
        "complete_jackpot_paperwork",
    }
)
"""The steps of a progressive win on a hand and its jackpot paperwork, for the host's ``step_names()``."""

CONTRIBUTION_ORDER = cite("MHB contribution order")

FIXED_ODDS_SOURCE = cite("Progressive fixed-odds payment source")


@dataclass(frozen=True)
class ProgressiveWager:
    """A progressive wager that the wagering device at a position accepted."""

    seat: int
    name: str
    amount: Cents

    def to_json(self) -> dict[str, JsonValue]:
        """The wager as a log fact."""
        return {"seat": self.seat, "wager": self.name, "amount": self.amount}


@dataclass(frozen=True)
class MeterShare:
    """A payout of a percentage of the progressive meter, such as 10%.

    >>> str(MeterShare(10))
    '10% of the progressive meter'
    """

    percent: int

    def __post_init__(self) -> None:
        """Refuse a share that is not a whole percentage from 1 to 100."""
        if not 0 < self.percent <= 100:
            raise ValueError(f"A share of the meter is 1% to 100%, not {self.percent}%.")

    def __str__(self) -> str:
        """Write the share as the paytable does."""
        return f"{self.percent}% of the progressive meter"


class JackpotMeterView(TypedDict):
    """What a progressive jackpot display shows: the amount, exact and as money."""

    amount: str
    display: str


@dataclass(frozen=True)
class JackpotMeter:
    """A progressive jackpot meter in exact cents: the amount it shows, the seed it resets to and a hidden reserve.

    The owner decides the contributions (its rates of progression); the meter adds them and pays shares of itself.

    >>> meter = JackpotMeter.seeded(100_000).add(Decimal("0.15") * 100)  # $1,000 and 15% of a $1 wager
    >>> paid, after = meter.award(MeterShare(10))
    >>> paid, after.amount
    (10001, Decimal('90014.00'))
    """

    seed_amount: Cents
    amount: Decimal
    reserve: Decimal = Decimal(0)

    @classmethod
    def seeded(cls, seed_amount: Cents) -> JackpotMeter:
        """A new meter showing its seed, with an empty reserve."""
        return cls(seed_amount, Decimal(seed_amount))

    def add(self, contribution: Decimal, reserve_contribution: Decimal = Decimal(0)) -> JackpotMeter:
        """The meter after ``contribution`` onto the amount shown and ``reserve_contribution`` into the reserve."""
        return replace(self, amount=self.amount + contribution, reserve=self.reserve + reserve_contribution)

    def award(
        self, share: MeterShare, rounding: Rounding = Rounding.DOWN, *, reserve_to_reset: bool = True
    ) -> tuple[Cents, JackpotMeter]:
        """Pay ``share`` of the meter: the amount rounded to a whole cent, and the meter after it.

        A share below 100% leaves exactly the rest on the meter. A 100% award resets the meter to its seed,
        plus the reserve when ``reserve_to_reset`` (the reserve then starts again from nothing).
        """
        paid = round_to_unit(self.amount * share.percent / 100, 1, rounding)
        if share.percent < 100:
            return paid, replace(self, amount=self.amount - paid)
        if reserve_to_reset:
            return paid, replace(self, amount=self.seed_amount + self.reserve, reserve=Decimal(0))
        return paid, replace(self, amount=Decimal(self.seed_amount))

    def public_view(self) -> JackpotMeterView:
        """What the progressive display shows: the amount, exact and as money; never the reserve."""
        return {"amount": str(self.amount), "display": format_cents(self.amount)}

    def to_json(self) -> dict[str, JsonValue]:
        """The meter as JSON: exact amounts written as decimal strings."""
        return {"seed_amount": self.seed_amount, "amount": str(self.amount), "reserve": str(self.reserve)}

    @classmethod
    def from_json(cls, data: Mapping[str, JsonValue]) -> JackpotMeter:
        """Read a meter written by :meth:`to_json`."""
        return cls(json_int(data["seed_amount"]), Decimal(json_str(data["amount"])), Decimal(json_str(data["reserve"])))


class IntakeStage(IntEnum):
    """How far the progressive wagers have gone from the sensors to the table inventory container."""

    OPEN = 0
    LOCKED_OUT = 1
    COLLECTED = 2
    COUNTED = 3
    DROPPED = 4


class IntakeView(TypedDict):
    """How far the progressive wagers have gone and, from the lock-out, the seat of each wager the system accepted."""

    locked_out: bool
    collected: bool
    accepted: list[int] | None


class CollectedChipView(TypedDict):
    """A progressive chip the dealer collected: the seat it came from and its amount."""

    seat: int
    amount: Cents


class ContainerIntakeView(IntakeView):
    """The intake as a table with its table inventory container on the felt shows it: the stage, the chips, the drop.

    ``chips`` are the chips actually collected (short of a missing one until the dealer acts on it), in front of
    the container until the drop and in it after.
    """

    intake: str
    dropped: bool
    chips: list[CollectedChipView]


@dataclass
class ProgressiveIntake:
    """The round's progressive wagers on their way to the table inventory container.

    ``cited_as_seed`` is True only where the game's own seed section states the procedure (§685b.1).
    ``missing_chip_seat`` is the seat whose accepted wager has no chip in the collection (hidden until collected);
    ``mismatch_procedure`` is the house's procedure for it.
    """

    wagers: tuple[ProgressiveWager, ...]
    cited_as_seed: bool = False
    stage: IntakeStage = IntakeStage.OPEN
    missing_chip_seat: int | None = None
    mismatch_procedure: ChipCountMismatch = ChipCountMismatch.CALL_FLOORPERSON
    mismatch_reported: bool = False

    def chips_collected(self) -> list[JsonValue]:
        """The seats whose progressive chips are in the collection (one missing until the dealer acts on it)."""
        return [wager.seat for wager in self.collection()]

    def collection(self) -> list[ProgressiveWager]:
        """The accepted wagers whose chips are in the collection: all but a missing one the dealer has not acted on."""
        missing = None if self.mismatch_reported else self.missing_chip_seat
        return [wager for wager in self.wagers if wager.seat != missing]

    def view(self) -> ContainerIntakeView:
        """The intake as the table shows it: its stage, the seats the system accepted, the chips actually collected."""
        stage = self.stage
        collected = stage >= IntakeStage.COLLECTED
        return {
            "intake": stage.name.lower(),
            "locked_out": stage >= IntakeStage.LOCKED_OUT,
            "collected": collected,
            "dropped": stage is IntakeStage.DROPPED,
            "accepted": [wager.seat for wager in self.wagers] if stage >= IntakeStage.LOCKED_OUT else None,
            "chips": [{"seat": wager.seat, "amount": wager.amount} for wager in self.collection()] if collected else [],
        }

    @property
    def mismatch_waiting(self) -> bool:
        """Whether the collected chips are short of the accepted wagers and the dealer has not yet acted on it."""
        collected = self.stage is IntakeStage.COLLECTED
        return collected and self.missing_chip_seat is not None and not self.mismatch_reported

    def citation(self, clause: str) -> Citation:
        """A §685b.1 intake clause for Match the Dealer; its Six-Card Fortune analog at every other table."""
        return cite(clause if self.cited_as_seed else "§670a.10(a)(2)(ii)")


def intake_with_wager_phase(
    wagers: tuple[ProgressiveWager, ...], phase: WagerPhase, *, cited_as_seed: bool = False
) -> ProgressiveIntake:
    """The intake of ``wagers``, short of the chip the wager phase leaves missing, by the house's procedure."""
    missing, procedure = phase.missing_chip_seat, phase.mismatch_procedure
    return ProgressiveIntake(wagers, cited_as_seed, missing_chip_seat=missing, mismatch_procedure=procedure)


class ProgressiveIntakeMixin(Round):
    """Lock out, collect, count and drop the progressive wagers (§685b.1(d)(2), (f) pattern)."""

    progressive_intake: ProgressiveIntake

    def next_progressive_intake_action(self) -> Action | None:
        """The next intake step, or None once the chips are in the table inventory container."""
        intake = self.progressive_intake
        if intake.stage is IntakeStage.OPEN:
            return Action(
                "lock_out_progressive_wagers",
                Actor.DEALER,
                {},
                intake.citation("§685b.1(d)(2)"),
                "lock out the progressive wagers on the progressive table game system",
            )
        if not intake.wagers or intake.stage is IntakeStage.DROPPED:
            return None
        if intake.stage is IntakeStage.LOCKED_OUT:
            citation = intake.citation("§685b.1(f)")
            return Action("collect_progressive_wagers", Actor.DEALER, {}, citation, "collect the progressive wagers")
        if intake.mismatch_waiting:
            assert intake.missing_chip_seat is not None
            seat = intake.missing_chip_seat
            procedure = intake.mismatch_procedure.procedure(seat)
            return Action("report_chip_mismatch", Actor.DEALER, {"seat": seat}, CHIP_COUNT_MISMATCH, procedure)
        if intake.stage is IntakeStage.COLLECTED:
            count = len(intake.wagers)
            return Action(
                "count_progressive_chips",
                Actor.DEALER,
                {"count": count},
                intake.citation("§685b.1(f)"),
                f"count the progressive chips in front of the table inventory container: the system accepted {count}",
            )
        return Action(
            "drop_progressive_wagers",
            Actor.DEALER,
            {},
            intake.citation("§685b.1(f)"),
            "drop the progressive chips into the table inventory container",
        )

    def intake_wager_citation(self, spot: str, progressive: bool) -> Citation:
        """A wager's clause at a table whose progressive wagers are locked out: the lock-out, or the announcement."""
        return self.progressive_intake.citation("§685b.1(d)(2)" if progressive else "§685b.1(f)")

    def progressive_wagers_locked_out(self) -> bool:
        """Whether the lock-out has been pressed, so that no progressive wager is recognised any more."""
        return self.progressive_intake.stage >= IntakeStage.LOCKED_OUT

    def _advance_intake(self, step: str, stage: IntakeStage, facts: Mapping[str, JsonValue]) -> Operation:
        """Check the step is next, move the intake to ``stage`` and log it."""
        action = self.require_step(step)
        self.progressive_intake.stage = stage
        return self.record(action, facts)

    def verify_lock_out_progressive_wagers(self) -> Action:
        """Raise unless locking out the progressive wagers is the next step."""
        return self.require_step("lock_out_progressive_wagers")

    def lock_out_progressive_wagers(self) -> Operation:
        """Press the lock-out: the system accepts no further progressive wager."""
        accepted: list[JsonValue] = [wager.to_json() for wager in self.progressive_intake.wagers]
        return self._advance_intake("lock_out_progressive_wagers", IntakeStage.LOCKED_OUT, {"accepted": accepted})

    def verify_collect_progressive_wagers(self) -> Action:
        """Raise unless collecting the progressive wagers is the next step."""
        return self.require_step("collect_progressive_wagers")

    def collect_progressive_wagers(self) -> Operation:
        """Collect the progressive wagers from the sensors; the log shows whose chips are in the collection."""
        chips = self.progressive_intake.chips_collected()
        return self._advance_intake("collect_progressive_wagers", IntakeStage.COLLECTED, {"chips_from_seats": chips})

    def require_step(self, step: str) -> Action:
        """As :meth:`Round.require_step`; counting or dropping chips that do not match the wagers is graded as such."""
        if self.progressive_intake.mismatch_waiting and step in {"count_progressive_chips", "drop_progressive_wagers"}:
            expected = self.next_action()
            assert expected is not None
            message = "The chips do not match the wagers the system accepted: follow the house's procedure first."
            raise IllegalOperation(ErrorCode.CHIP_MISMATCH_MISSED, message, expected.citation, expected)
        return super().require_step(step)

    def verify_report_chip_mismatch(self, seat: int) -> Action:
        """Raise unless acting on the missing chip at ``seat`` is the next step."""
        expected = self.require_step("report_chip_mismatch")
        self.require_argument(expected, "seat", seat, ErrorCode.WRONG_SEAT)
        return expected

    def report_chip_mismatch(self, seat: int) -> Operation:
        """Follow the house's procedure for the missing chip; the player's chip joins the collection."""
        action = self.verify_report_chip_mismatch(seat)
        intake = self.progressive_intake
        intake.mismatch_reported = True
        procedure = intake.mismatch_procedure
        facts: dict[str, JsonValue] = {
            "procedure": procedure.value,
            "floorperson_called": procedure is ChipCountMismatch.CALL_FLOORPERSON,
            "chips_from_seats": intake.chips_collected(),
        }
        return self.record(action, facts)

    def verify_count_progressive_chips(self, count: int) -> Action:
        """Raise unless counting is next and ``count`` equals the number of wagers the system accepted."""
        expected = self.require_step("count_progressive_chips")
        self.require_argument(expected, "count", count, ErrorCode.WRONG_CHIP_COUNT)
        return expected

    def count_progressive_chips(self, count: int) -> Operation:
        """State the chip count in front of the table inventory container."""
        self.verify_count_progressive_chips(count)
        return self._advance_intake("count_progressive_chips", IntakeStage.COUNTED, {"count": count})

    def verify_drop_progressive_wagers(self) -> Action:
        """Raise unless dropping the progressive chips is the next step."""
        return self.require_step("drop_progressive_wagers")

    def drop_progressive_wagers(self) -> Operation:
        """Place the progressive chips into the table inventory container."""
        total = sum(wager.amount for wager in self.progressive_intake.collection())
        return self._advance_intake("drop_progressive_wagers", IntakeStage.DROPPED, {"amount": total})


class LockedOutWagerPhaseMixin(WagerPhaseMixin, ProgressiveIntakeMixin):
    """The players' wager phase at a table that always takes progressive wagers: a late one comes after the lock-out."""

    def late_wager_due(self) -> bool:
        """After "No more bets" and the lock-out."""
        return self.no_more_bets and self.progressive_wagers_locked_out()


class MysteryPayoutStage(IntEnum):
    """Which step of §645b.3(c)(5) the current hit is waiting for."""

    LIGHT = 0
    VALIDATION = 1
    PAYMENT = 2
    RESET = 3


@dataclass(frozen=True)
class MysteryPayout:
    """An MHB award as paid: the seat, the chips in cents, the source and the exact meter amount."""

    seat: int
    amount: Cents
    source: PaymentSource
    meter_amount: Decimal


@dataclass
class MysteryBonus:
    """The MHB at one table during a round: the game's section, the rules, the meter and the qualifying wagers.

    ``qualifying_wagers`` holds only wagers that qualify (base wager placed, the progressive wager the Rules
    Submission makes qualifying, at least the configuration's minimum); they contribute in
    :data:`CONTRIBUTION_ORDER`. ``rng`` draws new hit values. ``meter`` is the meter as this round last met it (the
    table's shared meter, :mod:`simulator.core.meter_device`); ``hits`` are the hits this round's contributions made,
    waiting for their payout in order. ``force_hit`` rigs the hit value so the round's first contribution wins.
    """

    section: str
    rules: MysteryRules
    meter: MysteryMeter
    rng: random.Random
    qualifying_wagers: tuple[ProgressiveWager, ...]
    contributed: bool = False
    stage: MysteryPayoutStage = MysteryPayoutStage.LIGHT
    payouts: list[MysteryPayout] = field(default_factory=list)
    hits: list[MysteryHit] = field(default_factory=list)
    force_hit: bool = False

    def ordered_wagers(self) -> list[ProgressiveWager]:
        """The qualifying wagers in contribution order: by seat, and within a seat as listed."""
        return sorted(self.qualifying_wagers, key=lambda wager: wager.seat)

    def public_view(self) -> MysteryMeterView:
        """The display at this table: the meter, or while a hit of this round waits, its amount and lit position."""
        view = self.meter.public_view()
        if not self.hits:
            return view
        hit = self.hits[0]
        return {**view, "amount": str(hit.amount), "display": format_cents(hit.amount), "lit_seat": hit.seat}

    def contribute(self, reading: JsonObject, contributions: list[JsonValue]) -> MeterUpdate:
        """Add the round's contributions to the meter as read, a hit closing its cycle; facts into ``contributions``."""
        meter = MysteryMeter.from_json(reading)
        if self.force_hit:
            meter.force_hit()
        contributed = Decimal(0)
        for wager in self.ordered_wagers():
            carried = meter.hit is not None
            lit = meter.contribute(wager.seat, wager.amount)
            contribution = meter.configuration.contribution(wager.amount)
            contributed += contribution
            contributions.append(
                wager.to_json() | {"contribution": str(contribution), "lit": lit, "carried_to_reset": carried}
            )
        hits = meter.close_hits(self.rng)
        self.hits.extend(hits)
        return MeterUpdate(meter.to_json(), contributed, bool(hits))


class MysteryBonusMixin(ChipPaymentMixin):
    """The system's MHB contributions and the dealer's MHB payout (§645b.3(c)(2)–(7) and its ten twins)."""

    mystery: MysteryBonus

    def next_mystery_contribution_action(self) -> Action | None:
        """The system's contribution step right after the intake, or None once it is done."""
        if self.mystery.contributed:
            return None
        return Action(
            "add_mystery_contributions",
            Actor.SYSTEM,
            {},
            mystery_clause(self.mystery.section, "(c)(2)"),
            "the progressive system adds each qualifying wager's contribution to the Mystery Bonus meter, seat 1 first",
        )

    def next_mystery_payout_action(self) -> Action | None:
        """The next step of paying a hit, or None when no hit is waiting; call it after the round's settlement."""
        mystery = self.mystery
        if not mystery.hits:
            return None
        hit = mystery.hits[0]
        seat = hit.seat
        if mystery.stage is MysteryPayoutStage.LIGHT:
            citation = mystery_clause(mystery.section, "(c)(5)(i)")
            description = f"verify that the Mystery Bonus light at seat {seat} is lit"
            return Action("confirm_mystery_light", Actor.DEALER, {"seat": seat}, citation, description)
        if mystery.stage is MysteryPayoutStage.VALIDATION:
            citation = mystery_clause(mystery.section, "(c)(5)(ii)")
            description = f"a floorperson or above validates the Mystery Bonus payout at seat {seat}"
            return Action("validate_mystery_payout", Actor.FLOORPERSON, {"seat": seat}, citation, description)
        if mystery.stage is MysteryPayoutStage.PAYMENT:
            amount = mystery.rules.award_cents(hit.amount)
            source = mystery.rules.payment_source
            return Action(
                "pay_mystery_bonus",
                Actor.DEALER,
                {"seat": seat, "amount": amount, "source": source.value},
                mystery_clause(mystery.section, "(c)(5)(iii)"),
                f"pay seat {seat} the Mystery Bonus of {format_cents(amount)} "
                f"(100% of the meter, {format_cents(hit.amount)}) by {source.value}",
            )
        minimum = format_cents(mystery.meter.configuration.minimum_value)
        citation = mystery_clause(mystery.section, "(c)(5)(iv)")
        return Action("reset_mystery_meter", Actor.DEALER, {}, citation, f"reset the Mystery Bonus meter to {minimum}")

    def verify_add_mystery_contributions(self) -> Action:
        """Raise unless the contributions are the next step."""
        return self.require_step("add_mystery_contributions")

    def add_mystery_contributions(self) -> Operation:
        """Add each qualifying wager's contribution in order; a crossing lights the contributor's position."""
        action = self.verify_add_mystery_contributions()
        mystery = self.mystery
        contributions: list[JsonValue] = []
        update = self.change_meter(
            MYSTERY_METER, mystery.meter.to_json(), lambda reading: mystery.contribute(reading, contributions)
        )
        mystery.meter = MysteryMeter.from_json(update.after)
        mystery.contributed = True
        mystery.stage = MysteryPayoutStage.LIGHT
        return self.record(action, {"contributions": contributions, "meter": json_value(mystery.public_view())})

    def verify_confirm_mystery_light(self, seat: int) -> Action:
        """Raise unless confirming the light is next and ``seat`` is the lit position."""
        expected = self.require_step("confirm_mystery_light")
        self.require_argument(expected, "seat", seat, ErrorCode.WRONG_SEAT)
        return expected

    def confirm_mystery_light(self, seat: int) -> Operation:
        """Verify that the light at the winning position is lit."""
        action = self.verify_confirm_mystery_light(seat)
        self.mystery.stage = MysteryPayoutStage.VALIDATION
        return self.record(action)

    def verify_validate_mystery_payout(self, seat: int) -> Action:
        """Raise unless the floorperson's validation is next and ``seat`` is the winner."""
        expected = self.require_step("validate_mystery_payout")
        self.require_argument(expected, "seat", seat, ErrorCode.WRONG_SEAT)
        return expected

    def validate_mystery_payout(self, seat: int) -> Operation:
        """A floorperson or above validates the MHB payout."""
        action = self.verify_validate_mystery_payout(seat)
        self.mystery.stage = MysteryPayoutStage.PAYMENT
        return self.record(action)

    def verify_pay_mystery_bonus(self, seat: int, amount: Cents, source: str, chips: str | None = None) -> Action:
        """Raise unless paying is next, to the winner, 100% of the meter, from the configured source (in chips)."""
        paid = self.paid_chips(amount, chips, from_rack=source == PaymentSource.TABLE_INVENTORY)
        expected = self.require_step("pay_mystery_bonus")
        self.require_argument(expected, "seat", seat, ErrorCode.WRONG_SEAT)
        section = self.mystery.section
        self.require_argument(
            expected, "source", source, ErrorCode.WRONG_PAYMENT_SOURCE, mystery_clause(section, "(c)(6)")
        )
        amount_rule = self._mystery_amount_rule(amount)
        self.require_paid(expected, amount, paid, amount_rule)
        self.require_argument(expected, "amount", amount, ErrorCode.WRONG_AMOUNT, amount_rule)
        self.require_chipping(expected, paid)
        return expected

    def _mystery_amount_rule(self, amount: object) -> Citation:
        """A wrong amount within a cent of the meter breaks (c)(7)'s 100%; any other is not the hit of (c)(3)."""
        within_a_cent = isinstance(amount, int) and abs(amount - self.mystery.hits[0].amount) <= 1
        return mystery_clause(self.mystery.section, "(c)(7)" if within_a_cent else "(c)(3)")

    def pay_mystery_bonus(self, seat: int, amount: Cents, source: str, chips: str | None = None) -> Operation:
        """Pay the winner 100% of the meter from the configured source, from the rack in ``chips`` if named."""
        action = self.verify_pay_mystery_bonus(seat, amount, source, chips)
        meter_amount = self.mystery.hits[0].amount
        self.mystery.payouts.append(MysteryPayout(seat, amount, PaymentSource(source), meter_amount))
        self.mystery.stage = MysteryPayoutStage.RESET
        return self.record(self.paid_with(action, chips), {"meter_amount": str(meter_amount)})

    def verify_reset_mystery_meter(self) -> Action:
        """Raise unless resetting the meter is next."""
        return self.require_step("reset_mystery_meter")

    def reset_mystery_meter(self) -> Operation:
        """Reset the meter to the minimum: the shared meter, reset at the hit, is read as it now stands.

        The system drew the new secret hit value when the hit closed the cycle (:meth:`MysteryMeter.close_hits`).
        """
        action = self.verify_reset_mystery_meter()
        mystery = self.mystery
        mystery.hits.pop(0)
        update = self.change_meter(MYSTERY_METER, mystery.meter.to_json(), MeterUpdate)
        mystery.meter = MysteryMeter.from_json(update.after)
        mystery.stage = MysteryPayoutStage.LIGHT
        lit_again = bool(mystery.hits)
        return self.record(action, {"meter": json_value(mystery.public_view()), "lit_again": lit_again})


@dataclass(frozen=True)
class ProgressiveWin:
    """A winning progressive hand waiting to be paid: seat, hand, amount and whether it is a share of the meter."""

    seat: int
    hand: str
    amount: Cents
    percentage_of_meter: bool

    @property
    def source(self) -> PaymentSource:
        """A share of the meter goes by jackpot slip (§685b.1(h)(4)); fixed odds from the table inventory."""
        if self.percentage_of_meter:
            return PaymentSource.PROGRESSIVE_JACKPOT_SLIP
        return PaymentSource.TABLE_INVENTORY


class WinStage(IntEnum):
    """Which step of §685b.1(h) the first waiting win is at."""

    HAND = 0
    LIGHT = 1
    VALIDATION = 2
    PAYMENT = 3


@dataclass
class ProgressiveWins:
    """The round's progressive wins on hands, paid in the order the host queues them.

    ``cards_held`` lists the seats paid by progressive jackpot slip, whose cards must stay on the table until a
    floorperson completes the jackpot paperwork; ``paperwork_done`` the seats whose paperwork is complete.
    """

    pending: list[ProgressiveWin] = field(default_factory=list)
    cited_as_seed: bool = False
    stage: WinStage = WinStage.HAND
    paid: list[ProgressiveWin] = field(default_factory=list)
    cards_held: set[int] = field(default_factory=set)
    paperwork_done: set[int] = field(default_factory=set)

    def citation(self, clause: str) -> Citation:
        """A §685b.1(h) clause for Match the Dealer; the progressive table game pattern at every other table."""
        return cite(clause if self.cited_as_seed else "§605a.7")


class ProgressiveWinMixin(ChipPaymentMixin):
    """Pay a progressive wager won on a hand: hand, light, validation, payment (§685b.1(h) pattern).

    The host appends :class:`ProgressiveWin` records to ``self.progressive_wins.pending`` when it settles the
    wager, and may override :meth:`progressive_win_paid` to update its meter (and re-price later wins). Before it
    clears the table it offers :meth:`next_jackpot_paperwork_action`: the floorperson's paperwork for each seat
    paid by jackpot slip, whose cards stay on the table until then (§685b.1(h)(4)).
    """

    progressive_wins: ProgressiveWins

    def next_progressive_win_action(self) -> Action | None:
        """The next step for the first waiting win, or None when none is waiting."""
        wins = self.progressive_wins
        if not wins.pending:
            return None
        win = wins.pending[0]
        seat = {"seat": win.seat}
        if wins.stage is WinStage.HAND:
            citation = wins.citation("§685b.1(h)(1)")
            description = f"verify the winning hand at seat {win.seat}: {win.hand}"
            return Action("confirm_progressive_hand", Actor.DEALER, seat | {"hand": win.hand}, citation, description)
        if wins.stage is WinStage.LIGHT:
            citation = wins.citation("§685b.1(h)(2)")
            description = f"verify that the progressive light at seat {win.seat} is lit"
            return Action("confirm_progressive_light", Actor.DEALER, seat, citation, description)
        if wins.stage is WinStage.VALIDATION:
            citation = wins.citation("§685b.1(h)(3)")
            description = f"a floorperson or above validates the progressive payout at seat {win.seat}"
            return Action("validate_progressive_payout", Actor.FLOORPERSON, seat, citation, description)
        return Action(
            "pay_progressive_win",
            Actor.DEALER,
            seat | {"amount": win.amount, "source": win.source.value},
            wins.citation("§685b.1(h)(4)"),
            f"pay seat {win.seat} {format_cents(win.amount)} for {win.hand} by {win.source.value}",
        )

    def progressive_win_paid(self, win: ProgressiveWin) -> None:
        """Hook called after a win is paid; a host with a meter takes the award off it here. Does nothing by default."""

    def _advance_win(self, action: Action, facts: Mapping[str, JsonValue] | None = None) -> Operation:
        """Move the first waiting win to its next stage and log the step."""
        self.progressive_wins.stage = WinStage(self.progressive_wins.stage + 1)
        return self.record(action, facts)

    def verify_confirm_progressive_hand(self, seat: int, hand: str) -> Action:
        """Raise unless confirming this hand at this seat is next."""
        expected = self.require_step("confirm_progressive_hand")
        self.require_argument(expected, "seat", seat, ErrorCode.WRONG_SEAT)
        self.require_argument(expected, "hand", hand, ErrorCode.WRONG_HAND, self.winning_hand_citation(expected))
        return expected

    def winning_hand_citation(self, expected: Action) -> Citation:
        """The rule naming the hand the expected win is for: the step's own unless the game defines its hands."""
        return expected.citation

    def confirm_progressive_hand(self, seat: int, hand: str) -> Operation:
        """Verify that the hand at the seat is the winning hand."""
        return self._advance_win(self.verify_confirm_progressive_hand(seat, hand))

    def verify_confirm_progressive_light(self, seat: int) -> Action:
        """Raise unless confirming the light at this seat is next."""
        expected = self.require_step("confirm_progressive_light")
        self.require_argument(expected, "seat", seat, ErrorCode.WRONG_SEAT)
        return expected

    def confirm_progressive_light(self, seat: int) -> Operation:
        """Verify that the progressive light at the seat is lit."""
        return self._advance_win(self.verify_confirm_progressive_light(seat))

    def verify_validate_progressive_payout(self, seat: int) -> Action:
        """Raise unless the floorperson's validation at this seat is next."""
        expected = self.require_step("validate_progressive_payout")
        self.require_argument(expected, "seat", seat, ErrorCode.WRONG_SEAT)
        return expected

    def validate_progressive_payout(self, seat: int) -> Operation:
        """A floorperson or above validates the progressive payout."""
        return self._advance_win(self.verify_validate_progressive_payout(seat))

    def verify_pay_progressive_win(self, seat: int, amount: Cents, source: str, chips: str | None = None) -> Action:
        """Raise unless paying is next, at this seat, this amount, from the right source (in chips)."""
        paid = self.paid_chips(amount, chips, from_rack=source == PaymentSource.TABLE_INVENTORY)
        expected = self.require_step("pay_progressive_win")
        self.require_argument(expected, "seat", seat, ErrorCode.WRONG_SEAT)
        citation = None if self.progressive_wins.pending[0].percentage_of_meter else FIXED_ODDS_SOURCE
        self.require_argument(expected, "source", source, ErrorCode.WRONG_PAYMENT_SOURCE, citation)
        self.require_paid(expected, amount, paid)
        self.require_argument(expected, "amount", amount, ErrorCode.WRONG_AMOUNT)
        self.require_chipping(expected, paid)
        return expected

    def pay_progressive_win(self, seat: int, amount: Cents, source: str, chips: str | None = None) -> Operation:
        """Pay the win (from the rack in ``chips`` if named); a jackpot-slip payout keeps the cards on the table."""
        action = self.paid_with(self.verify_pay_progressive_win(seat, amount, source, chips), chips)
        wins = self.progressive_wins
        win = wins.pending.pop(0)
        wins.paid.append(win)
        wins.stage = WinStage.HAND
        held = win.source is PaymentSource.PROGRESSIVE_JACKPOT_SLIP
        if held:
            wins.cards_held.add(win.seat)
        operation = self.record(action, {"cards_remain_on_table": held})
        self.progressive_win_paid(win)
        return operation

    def cards_held(self) -> list[int]:
        """Seats whose cards must stay on the table until the jackpot paperwork is completed."""
        wins = self.progressive_wins
        return sorted(wins.cards_held - wins.paperwork_done)

    def next_jackpot_paperwork_action(self) -> Action | None:
        """The floorperson's jackpot paperwork for the first seat whose cards are held, or None; ask before clearing."""
        held = self.cards_held()
        if not held:
            return None
        citation = self.progressive_wins.citation("§685b.1(h)(4)")
        description = f"complete the jackpot paperwork for seat {held[0]}; its cards stay on the table until then"
        return Action("complete_jackpot_paperwork", Actor.FLOORPERSON, {"seat": held[0]}, citation, description)

    def verify_complete_jackpot_paperwork(self, seat: int) -> Action:
        """Raise unless the paperwork for ``seat`` is the next step."""
        expected = self.require_step("complete_jackpot_paperwork")
        self.require_argument(expected, "seat", seat, ErrorCode.WRONG_SEAT)
        return expected

    def complete_jackpot_paperwork(self, seat: int) -> Operation:
        """A floorperson completes the jackpot slip; the player's cards may then leave the table."""
        action = self.verify_complete_jackpot_paperwork(seat)
        self.progressive_wins.paperwork_done.add(seat)
        return self.record(action)
