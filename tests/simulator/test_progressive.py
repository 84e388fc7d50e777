"""The progressive procedure mixins, exercised through a minimal host round."""

from __future__ import annotations

import json
import random
from decimal import Decimal

import pytest

from simulator.core.citations import Citation, Provenance
from simulator.core.clauses import house
from simulator.core.money import Rounding
from simulator.core.mystery_meter import MysteryMeter, MysteryRules, PaymentSource, mystery_configuration
from simulator.core.procedure import Action, Actor, IllegalOperation, Operation, Round
from simulator.core.progressive import (
    MYSTERY_BONUS_STEPS,
    PROGRESSIVE_INTAKE_STEPS,
    PROGRESSIVE_WIN_STEPS,
    JackpotMeter,
    MeterShare,
    MysteryBonus,
    MysteryBonusMixin,
    ProgressiveIntake,
    ProgressiveIntakeMixin,
    ProgressiveWager,
    ProgressiveWin,
    ProgressiveWinMixin,
    ProgressiveWins,
)

HOST = house("test host", "A minimal host round for the progressive mixins.")


class MysteryHost(ProgressiveIntakeMixin, MysteryBonusMixin, Round):
    """A host with only a settle step between the intake and the MHB payout."""

    def __init__(self, wagers: tuple[ProgressiveWager, ...], mystery: MysteryBonus) -> None:
        super().__init__(frozenset())
        self.progressive_intake = ProgressiveIntake(wagers)
        self.mystery = mystery
        self.settled = False

    def next_action(self) -> Action | None:
        action = self.next_progressive_intake_action() or self.next_mystery_contribution_action()
        if action is not None:
            return action
        if not self.settled:
            return Action("settle_wagers", Actor.DEALER, {}, HOST, "settle the round's wagers")
        return self.next_mystery_payout_action()

    def settle_wagers(self) -> Operation:
        action = self.require_step("settle_wagers")
        self.settled = True
        return self.record(action)

    def verify_settle_wagers(self) -> Action:
        return self.require_step("settle_wagers")

    def step_names(self) -> frozenset[str]:
        return PROGRESSIVE_INTAKE_STEPS | MYSTERY_BONUS_STEPS | {"settle_wagers"}

    def closing_citation(self) -> Citation:
        return HOST


def make_host(
    wagers: tuple[ProgressiveWager, ...], force_hit: bool = True, source: PaymentSource = PaymentSource.TABLE_INVENTORY
) -> MysteryHost:
    configuration = mystery_configuration("C", 500)
    rng = random.Random(7)
    meter = MysteryMeter(configuration, Decimal("30000.5"), 40000)
    if force_hit:
        meter.force_hit()
    mystery = MysteryBonus("§643b.1", MysteryRules(configuration, source), meter, rng, wagers)
    return MysteryHost(wagers, mystery)


WAGERS = (
    ProgressiveWager(4, "Five-Card Progressive Payout wager", 500),
    ProgressiveWager(2, "Three-Card Progressive Payout wager", 500),
)


def advance_to_payout(host: MysteryHost) -> None:
    host.lock_out_progressive_wagers()
    host.collect_progressive_wagers()
    host.count_progressive_chips(2)
    host.drop_progressive_wagers()
    host.add_mystery_contributions()
    host.settle_wagers()


def test_685b1_f_intake_order_lock_out_collect_count_drop() -> None:
    host = make_host(WAGERS)
    with pytest.raises(IllegalOperation) as error:
        host.collect_progressive_wagers()
    assert error.value.code == "out_of_order"
    assert error.value.expected is not None and error.value.expected.step == "lock_out_progressive_wagers"
    host.lock_out_progressive_wagers()
    with pytest.raises(IllegalOperation) as error:
        host.drop_progressive_wagers()
    assert error.value.expected is not None and error.value.expected.step == "collect_progressive_wagers"
    host.collect_progressive_wagers()
    host.count_progressive_chips(2)
    host.drop_progressive_wagers()
    assert [operation.action.step for operation in host.operations] == [
        "lock_out_progressive_wagers",
        "collect_progressive_wagers",
        "count_progressive_chips",
        "drop_progressive_wagers",
    ]


def test_685b1_f_wrong_chip_count_is_refused_with_the_system_count() -> None:
    host = make_host(WAGERS)
    host.lock_out_progressive_wagers()
    host.collect_progressive_wagers()
    assert not host.can("count_progressive_chips", {"count": 3})
    with pytest.raises(IllegalOperation) as error:
        host.count_progressive_chips(3)
    assert error.value.code == "wrong_chip_count"
    assert error.value.expected is not None and error.value.expected.arguments == {"count": 2}
    assert len(host.operations) == 2


def test_685b1_f_pattern_is_cited_as_inferred_for_an_mhb_game() -> None:
    host = make_host(WAGERS)
    action = host.next_action()
    assert action is not None and action.citation.provenance is Provenance.PA_INFERRED
    assert action.citation.clause == "§670a.10(a)(2)(ii)" and "§685b.1(f)" in action.citation.note


def test_685b1_f_no_progressive_wagers_only_lock_out() -> None:
    host = make_host(())
    host.lock_out_progressive_wagers()
    action = host.next_action()
    assert action is not None and action.step == "add_mystery_contributions"


def test_643b1_c2_contributions_in_seat_order_and_first_crossing_wins() -> None:
    host = make_host(WAGERS)
    advance_to_payout(host)
    contributions = host.operations[4].facts["contributions"]
    assert [fact["seat"] for fact in contributions] == [2, 4]
    # 0.5% of $5 is 2.5 cents; the forced hit value is the meter rounded up, so seat 2 wins.
    assert contributions[0] == {
        "seat": 2,
        "wager": "Three-Card Progressive Payout wager",
        "amount": 500,
        "contribution": "2.500",
        "lit": True,
        "carried_to_reset": False,
    }
    assert contributions[1]["carried_to_reset"] is True
    assert host.mystery.hits[0].amount == Decimal("30000.5") + Decimal("2.5")


def test_643b1_c5_payout_order_light_validate_pay_reset() -> None:
    host = make_host(WAGERS)
    advance_to_payout(host)
    with pytest.raises(IllegalOperation) as error:
        host.pay_mystery_bonus(2, 30003, "table inventory")
    assert error.value.code == "out_of_order"
    assert error.value.expected is not None and error.value.expected.step == "confirm_mystery_light"
    with pytest.raises(IllegalOperation) as error:
        host.confirm_mystery_light(4)
    assert error.value.code == "wrong_seat"
    host.confirm_mystery_light(2)
    with pytest.raises(IllegalOperation) as error:
        host.reset_mystery_meter()
    assert error.value.expected is not None and error.value.expected.step == "validate_mystery_payout"
    assert error.value.expected.actor is Actor.FLOORPERSON
    host.validate_mystery_payout(2)
    with pytest.raises(IllegalOperation) as error:
        host.reset_mystery_meter()
    assert error.value.expected is not None and error.value.expected.step == "pay_mystery_bonus"
    # The meter is $300.005 + $0.025 = $300.03 exactly.
    with pytest.raises(IllegalOperation) as error:
        host.pay_mystery_bonus(2, 30002, "table inventory")
    assert error.value.code == "wrong_amount" and error.value.citation.clause == "§643b.1(c)(7)"
    with pytest.raises(IllegalOperation) as error:
        host.pay_mystery_bonus(2, 30003, "progressive jackpot slip")
    assert error.value.code == "wrong_payment_source" and error.value.citation.clause == "§643b.1(c)(6)"
    host.pay_mystery_bonus(2, 30003, "table inventory")
    host.reset_mystery_meter()
    # The reset meter is the $250 minimum plus seat 4's carried 2.5 cents.
    assert host.mystery.meter.amount == Decimal(25000) + Decimal("2.5")
    assert host.finished


def test_643b1_c5_ii_validation_is_a_floorperson_step_that_can_be_automated() -> None:
    host = make_host(WAGERS)
    host.automations = frozenset({"add_mystery_contributions", "validate_mystery_payout"})
    advance_to_payout(host)
    host.confirm_mystery_light(2)
    performed = host.advance()
    assert [operation.action.actor for operation in performed] == [Actor.FLOORPERSON]


def test_643b1_c6_jackpot_slip_source_is_expected_when_configured() -> None:
    host = make_host(WAGERS, source=PaymentSource.PROGRESSIVE_JACKPOT_SLIP)
    host.play_out()
    assert host.mystery.payouts[0].source is PaymentSource.PROGRESSIVE_JACKPOT_SLIP


def test_house_award_rounding_pays_a_sub_cent_meter_rounded_up() -> None:
    configuration = mystery_configuration("C", 500)
    wagers = (ProgressiveWager(1, "Progressive Payout wager", 500),)
    meter = MysteryMeter(configuration, Decimal(25000), 25000)
    mystery = MysteryBonus("§645b.3", MysteryRules(configuration), meter, random.Random(1), wagers)
    host = MysteryHost(wagers, mystery)
    host.play_out()
    # $250 + 0.5% of $5 = $250.025: 100% is paid, rounded up to $250.03.
    assert host.mystery.payouts[0].amount == 25003
    assert MysteryRules(configuration, award_rounding=Rounding.DOWN).award_cents(Decimal("25002.5")) == 25002


def test_643b1_c3_hit_value_absent_from_the_operation_log() -> None:
    host = make_host(WAGERS, force_hit=False)
    secret = host.mystery.meter.to_json()["hit_value"]
    host.play_out()
    host2 = make_host(WAGERS)
    host2.play_out()
    for round_ in (host, host2):
        secrets = {str(secret), str(round_.mystery.meter.to_json()["hit_value"])}
        log = json.dumps(
            [
                {"action": operation.to_json(), "facts": operation.facts, "description": operation.action.description}
                for operation in round_.operations
            ]
        )
        for value in secrets:
            assert value not in log


class WinHost(ProgressiveWinMixin, Round):
    """A host whose only steps are the progressive wins it is given and their jackpot paperwork."""

    def __init__(self, wins: list[ProgressiveWin], cited_as_seed: bool) -> None:
        super().__init__(frozenset())
        self.progressive_wins = ProgressiveWins(wins, cited_as_seed)
        self.paid_hook: list[int] = []

    def next_action(self) -> Action | None:
        return self.next_progressive_win_action() or self.next_jackpot_paperwork_action()

    def progressive_win_paid(self, win: ProgressiveWin) -> None:
        self.paid_hook.append(win.seat)

    def step_names(self) -> frozenset[str]:
        return PROGRESSIVE_WIN_STEPS

    def closing_citation(self) -> Citation:
        return HOST


def test_685b1_h_win_order_hand_light_validate_pay() -> None:
    win = ProgressiveWin(3, "1 Suited Match", 1000, percentage_of_meter=False)
    host = WinHost([win], cited_as_seed=True)
    with pytest.raises(IllegalOperation) as error:
        host.confirm_progressive_light(3)
    assert error.value.expected is not None and error.value.expected.step == "confirm_progressive_hand"
    assert error.value.citation.provenance is Provenance.SEED
    host.confirm_progressive_hand(3, "1 Suited Match")
    host.confirm_progressive_light(3)
    host.validate_progressive_payout(3)
    operation = host.pay_progressive_win(3, 1000, "table inventory")
    assert operation.facts == {"cards_remain_on_table": False}
    assert host.paid_hook == [3] and host.finished


def test_685b1_h4_percentage_of_meter_never_from_table_inventory_and_cards_stay() -> None:
    win = ProgressiveWin(5, "2 Suited Match, Aces of Spades", 100000, percentage_of_meter=True)
    host = WinHost([win], cited_as_seed=True)
    host.confirm_progressive_hand(5, "2 Suited Match, Aces of Spades")
    host.confirm_progressive_light(5)
    host.validate_progressive_payout(5)
    with pytest.raises(IllegalOperation) as error:
        host.pay_progressive_win(5, 100000, "table inventory")
    assert error.value.code == "wrong_payment_source"
    assert error.value.citation.clause == "§685b.1(h)(4)"
    operation = host.pay_progressive_win(5, 100000, "progressive jackpot slip")
    assert operation.facts == {"cards_remain_on_table": True}
    assert host.progressive_wins.cards_held == {5}


def test_685b1_h4_cards_stay_until_the_floorperson_completes_the_jackpot_paperwork() -> None:
    slip = ProgressiveWin(5, "royal flush plus royal match", 10000, percentage_of_meter=True)
    inventory = ProgressiveWin(2, "four of a kind", 2500, percentage_of_meter=False)
    host = WinHost([slip, inventory], cited_as_seed=False)
    for win in (slip, inventory):
        host.confirm_progressive_hand(win.seat, win.hand)
        host.confirm_progressive_light(win.seat)
        host.validate_progressive_payout(win.seat)
        host.pay_progressive_win(win.seat, win.amount, win.source.value)
    assert host.cards_held() == [5], "a fixed amount from the table inventory holds no cards"
    paperwork = host.next_jackpot_paperwork_action()
    assert paperwork is not None
    assert (paperwork.step, paperwork.actor, paperwork.arguments) == (
        "complete_jackpot_paperwork",
        Actor.FLOORPERSON,
        {"seat": 5},
    )
    assert paperwork.citation.clause == "§605a.7" and "§685b.1(h)(1)–(4)" in paperwork.citation.note
    assert paperwork.citation.provenance is Provenance.PA_INFERRED
    with pytest.raises(IllegalOperation) as error:
        host.complete_jackpot_paperwork(2)
    assert error.value.code == "wrong_seat"
    host.complete_jackpot_paperwork(5)
    assert host.cards_held() == [] and host.next_jackpot_paperwork_action() is None


def test_meter_share_is_a_whole_percentage_from_1_to_100() -> None:
    assert str(MeterShare(100)) == "100% of the progressive meter"
    for percent in (0, 101, -10):
        with pytest.raises(ValueError):
            MeterShare(percent)


def test_jackpot_meter_100_percent_resets_to_the_seed_and_a_share_leaves_the_rest() -> None:
    # $1,000 seed; 15% of three $1 wagers is 45 cents; a 6% reserve contribution of 18 cents.
    meter = JackpotMeter.seeded(100_000).add(Decimal(45), Decimal(18))
    paid, after = meter.award(MeterShare(10))
    assert (paid, after.amount, after.reserve) == (10_004, Decimal("90041.0"), Decimal(18))  # $100.045 rounded down
    paid, after = meter.award(MeterShare(100), reserve_to_reset=False)
    assert (paid, after.amount, after.reserve) == (100_045, 100_000, Decimal(18))
    paid, after = meter.award(MeterShare(100))
    assert (paid, after.amount, after.reserve) == (100_045, 100_000 + 18, 0)
    assert JackpotMeter.from_json(json.loads(json.dumps(meter.to_json()))) == meter
    assert meter.public_view() == {"amount": "100045", "display": "$1,000.45"}
