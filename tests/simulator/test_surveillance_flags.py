"""A watcher's flags scored against the seeded faults, cases worked out by hand, and bad flags refused."""

from __future__ import annotations

import pytest

from simulator.core.clauses import cite
from simulator.core.procedure import Actor, ErrorCode
from simulator.surveillance.catalogue import FaultKind
from simulator.surveillance.flags import MAX_FLAGS, Flag, read_flags, score_flags, step_shown_at
from simulator.surveillance.seen import Seen
from simulator.surveillance.watching import SeededFault


def fault(kind: FaultKind, step: int, seat: int, clause: str = "§645b.2(g)") -> SeededFault:
    """A fault seeded at watched step ``step``, at ``seat``, breaking ``clause``."""
    seen = Seen(Actor.DEALER, "pay_wager", {"seat": seat, "spot": "sum", "amount": 950})
    right = Seen(Actor.DEALER, "pay_wager", {"seat": seat, "spot": "sum", "amount": 1000})
    return SeededFault(kind, step, step, seen, (right,), cite(clause), ErrorCode.WRONG_AMOUNT)


SHORT_AT_5 = fault(FaultKind.SHORT_PAY, 5, 2)
OVER_AT_9 = fault(FaultKind.OVERPAY, 9, 4)


def test_a_flag_at_the_fault_s_step_naming_its_kind_and_seat_catches_it_at_once():
    score = score_flags([SHORT_AT_5], [Flag(5, 2, FaultKind.SHORT_PAY)])
    (catch,) = score.caught
    assert (catch.fault, catch.delay_steps, catch.delay_ms, catch.clause_right) == (SHORT_AT_5, 0, None, None)
    assert (score.missed, score.false_flags) == ((), ())


def test_the_delay_is_counted_in_steps_and_from_the_time_the_fault_was_shown():
    shown_ms = [1000 * number for number in range(1, 12)]
    score = score_flags([SHORT_AT_5], [Flag(8, 2, FaultKind.SHORT_PAY, ms=9500)], shown_ms)
    (catch,) = score.caught
    assert (catch.delay_steps, catch.delay_ms) == (3, 9500 - 5000)


def test_a_flag_before_the_fault_another_seat_or_another_kind_is_false_and_the_fault_is_missed():
    flags = [Flag(4, 2, FaultKind.SHORT_PAY), Flag(5, 3, FaultKind.SHORT_PAY), Flag(6, 2, FaultKind.OVERPAY)]
    score = score_flags([SHORT_AT_5], flags)
    assert score.caught == () and score.missed == (SHORT_AT_5,)
    assert score.false_flags == tuple(flags)
    assert score.totals() == {"caught": 0, "missed": 1, "false_flags": 3, "clauses_right": 0}


def test_a_second_flag_for_a_fault_already_caught_is_false():
    first, again = Flag(6, 2, FaultKind.SHORT_PAY), Flag(7, 2, FaultKind.SHORT_PAY)
    score = score_flags([SHORT_AT_5], [again, first])
    assert [catch.flag for catch in score.caught] == [first]
    assert score.false_flags == (again,)


def test_each_flag_catches_the_earliest_fault_of_its_kind_and_seat_not_yet_caught():
    later = fault(FaultKind.SHORT_PAY, 9, 2)
    score = score_flags([later, SHORT_AT_5], [Flag(9, 2, FaultKind.SHORT_PAY), Flag(10, 2, FaultKind.SHORT_PAY)])
    assert [(catch.fault.step, catch.delay_steps) for catch in score.caught] == [(5, 4), (9, 1)]


def test_the_clause_a_flag_names_is_right_only_when_it_is_the_fault_s():
    flags = [Flag(5, 2, FaultKind.SHORT_PAY, "§645b.2(g)"), Flag(9, 4, FaultKind.OVERPAY, "§645b.1(h)")]
    score = score_flags([SHORT_AT_5, OVER_AT_9], flags)
    assert [catch.clause_right for catch in score.caught] == [True, False]
    assert score.totals()["clauses_right"] == 1


def test_flags_as_a_page_sends_them_are_read_within_the_steps_shown():
    raw = [{"step": 5, "place": 2, "kind": "short_pay", "clause": "§645b.2(g)", "ms": 5200}]
    assert read_flags(raw, 5) == (Flag(5, 2, FaultKind.SHORT_PAY, "§645b.2(g)", 5200),)


@pytest.mark.parametrize(
    ("flag", "says"),
    [
        ({"step": 3, "place": 7, "kind": "short_pay"}, "place is a whole number from 0 to 6"),
        ({"step": 6, "place": 2, "kind": "short_pay"}, "step is a whole number from 1 to 5"),
        ({"step": 0, "place": 2, "kind": "short_pay"}, "step is a whole number from 1 to 5"),
        ({"step": 3, "place": True, "kind": "short_pay"}, "place is a whole number"),
        ({"step": 3, "place": 2, "kind": "cheating"}, "not a fault a flag may name"),
        ({"step": 3, "place": 2, "kind": "short_pay", "clause": "§999"}, "not a clause of the catalogue"),
        ({"step": 3, "place": 2, "kind": "short_pay", "ms": -1}, "ms is a whole number from 0"),
        ({"step": 3, "place": 2, "kind": "short_pay", "seat": 2}, "no field 'seat'"),
    ],
)
def test_a_bad_flag_is_refused_naming_what_is_wrong(flag, says):
    with pytest.raises(ValueError, match=says):
        read_flags([{"step": 1, "place": 0, "kind": "overpay"}, flag], 5)


def test_a_flood_of_flags_is_refused_whole():
    flags = [{"step": 1, "place": 0, "kind": "overpay"}] * (MAX_FLAGS + 1)
    with pytest.raises(ValueError, match=f"at most {MAX_FLAGS} flags"):
        read_flags(flags, 5)


def test_a_flag_raised_at_a_time_is_raised_at_the_step_then_on_the_felt():
    shown_ms = [0, 2000, 2000, 7000]
    assert [step_shown_at(shown_ms, ms) for ms in (0, 1999, 2000, 6999, 7000, 60000)] == [1, 1, 3, 3, 4, 4]
    with pytest.raises(ValueError, match="No step was shown yet"):
        step_shown_at([500, 900], 499)
