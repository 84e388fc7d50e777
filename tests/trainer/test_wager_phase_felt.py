"""What the trainee must judge in the wager phase is on the felt: the chips collected, the system's count, a late wager.

Issue 21 item 1: a round with a missing progressive chip drew the accepted wagers' chips in front of the container,
so counting what was drawn was graded wrong. Each rigged wager-phase situation is dealt at a table of each family and
walked step by step: before every dealer step the felt must draw the chips the log says were collected, the seats
the system accepted, any late wager, and the step graded right must be the one that matches what is drawn.
"""

import re

import pytest
from table_helpers import round_snapshot

from grading.scoring import grade_step
from simulator.core.json_values import json_list
from simulator.core.progressive import IntakeStage
from simulator.core.wager_phase import ChipCountMismatch, WagerMove, WagerPhase
from simulator.games import DOWN_UNDER_BLACKJACK, GAMES, PAI_GOW_POKER
from simulator.table_deals import RiggedDeal, TableDeal
from trainer.demo_tables import every_demo_table
from trainer.models import Mode
from trainer.snapshots import Viewer
from trainer.table_page import felt_region, render_region

THREE_CARD_POKER = "three-card-poker"
CHIP_IN_FRONT = re.compile(
    r'<span class="chip-from"><span class="chip [^"]*">[^<]*</span><span class="chip-seat">seat (\d)'
)
SYSTEM_COUNT = re.compile(r"system count (\d+)(?:: seats? ([^<]*))?<")
LATE_WAGER = re.compile(r"Late wager: seat (\d) ")
DROPPED = re.compile(r"(\d+) progressive chips? dropped")
SEATED = {
    PAI_GOW_POKER.key: {
        1: {"pai-gow": 2500, "progressive": 100},
        2: {"pai-gow": 1000, "progressive": 100},
        4: {"pai-gow": 1000},
    },
    DOWN_UNDER_BLACKJACK.key: {
        1: {"blackjack": 1000, "match_the_dealer": 500},
        2: {"blackjack": 1000, "match_the_dealer": 500},
        4: {"blackjack": 1000},
    },
}
"""The rigged seats at the seated games: two progressive wagers, and seat 4 without one."""


def demo_rules(key):
    """The rules of the game's first demo table."""
    return next(rules for _name, game, rules, _floorperson in every_demo_table() if game == key)


def dealt(key, phase):
    """A round of the game with the wager phase rigged: by a scenario's seats at the seated games, else by its setup."""
    game, rules = GAMES[key], demo_rules(key)
    if key in SEATED:
        rigged = RiggedDeal(SEATED[key], late_wager=phase.late, missing_chip_seat=phase.missing_chip_seat)
        table = TableDeal(rules, 5, game.automations, chip_count_mismatch=phase.mismatch_procedure, rigged=rigged)
        return game.deal(table)
    seeded = game.deal(TableDeal(rules, 5, game.automations))
    return game.round_class.from_setup_json({**seeded.setup_json(), "wager_phase": phase.to_json()})


def situations(key):
    """Every wager-phase situation a scenario can rig at the game: none, a missing chip by each procedure, a late wager.

    At the seated games a late wager is a progressive one at a seat without it, or a change of a base wager; at the
    MHB table (simulated players) the missing chips are the first progressive seat's and the late wager a progressive
    wager at a seat without it.
    """
    changes = []
    if key in SEATED:
        base, progressive = (
            ("pai-gow", "progressive") if key == PAI_GOW_POKER.key else ("blackjack", "match_the_dealer")
        )
        late = WagerMove(4, progressive, SEATED[key][1][progressive])
        changes = [WagerPhase(late=WagerMove(1, base, SEATED[key][1][base] * 2, SEATED[key][1][base]))]
        missing = 2
    else:
        round_ = dealt(key, WagerPhase())
        held = {(wager.seat, wager.name) for wager in round_.progressive_intake.wagers}
        missing = round_.progressive_intake.wagers[0].seat
        seated = [int(seat) for seat, wagers in round_.table_view()["seats"].items() if wagers is not None]
        spots = [wager.name for wager in round_.game.progressive_wagers]
        minimum = round_.mystery.rules.configuration.minimum_wager
        late = next(WagerMove(n, spot, minimum) for n in seated for spot in spots if (n, spot) not in held)
    return [
        WagerPhase(),
        WagerPhase(missing_chip_seat=missing),
        WagerPhase(missing_chip_seat=missing, mismatch_procedure=ChipCountMismatch.ASK_PLAYER),
        WagerPhase(late=late),
        WagerPhase(late=late, missing_chip_seat=missing),
        *changes,
    ]


def felt_of(key, round_):
    """The felt the dealing trainee sees now, drawn from the round's public table view."""
    return render_region(felt_region(round_snapshot(key, round_, demo_rules(key)), Viewer.TRAINEE), oob=False)


def collected_seats(round_):
    """The seats whose progressive chips the log says are in the collection now (the wagers' seats once dropped)."""
    facts = [operation.facts for operation in round_.operations if "chips_from_seats" in operation.facts]
    return sorted(json_list(facts[-1]["chips_from_seats"])) if facts else []


def system_count(felt):
    """The seats the progressive system's display says it accepted, one for each wager; None before the lock-out."""
    found = SYSTEM_COUNT.search(felt)
    if found is None:
        return None
    seats = []
    for place in (found[2] or "").split(", "):
        seat, _, wagers = place.partition(" (")
        seats += [int(seat)] * (int(wagers.split()[0]) if wagers else 1) if seat else []
    assert len(seats) == int(found[1])
    return seats


def matching_step(felt):
    """The step that matches what the felt draws, and another the trainee might take instead, as (step, arguments)."""
    late = LATE_WAGER.search(felt)
    if late:
        return ("refuse_late_wager", {"seat": int(late[1])}), ("collect_progressive_wagers", {})
    drawn, accepted = sorted(map(int, CHIP_IN_FRONT.findall(felt))), system_count(felt)
    count = ("count_progressive_chips", {"count": len(drawn)})
    if drawn == accepted:
        return count, ("count_progressive_chips", {"count": len(drawn) + 1})
    missing = sorted(set(accepted) - set(drawn))
    assert len(missing) == 1, "one seat's chips are missing"
    return ("report_chip_mismatch", {"seat": missing[0]}), count


JUDGED = frozenset({"refuse_late_wager", "count_progressive_chips", "report_chip_mismatch"})
"""The steps whose right answer the trainee reads off the wager phase on the felt."""


def judge_on_the_felt(key, round_):
    """Deal the round to the drop, checking the felt before every step; the steps the felt was judged at."""
    judged = []
    round_.advance()
    while (expected := round_.next_action()) is not None and "drop_progressive_wagers" not in judged:
        felt, intake = felt_of(key, round_), round_.progressive_intake
        in_front = intake.stage is IntakeStage.COLLECTED or intake.stage is IntakeStage.COUNTED
        assert sorted(map(int, CHIP_IN_FRONT.findall(felt))) == (collected_seats(round_) if in_front else [])
        accepted = [wager.seat for wager in intake.wagers] if intake.stage >= IntakeStage.LOCKED_OUT else None
        assert system_count(felt) == accepted
        assert (LATE_WAGER.search(felt) is not None) == (expected.step == "refuse_late_wager")
        if expected.step in JUDGED:
            (right, arguments), (other, other_arguments) = matching_step(felt)
            assert not grade_step(round_, other, other_arguments, Mode.PRACTICE, 0).correct
            assert grade_step(round_, right, arguments, Mode.PRACTICE, 0).correct, (right, arguments)
            judged.append(right)
        else:
            grade_step(round_, expected.step, expected.arguments, Mode.PRACTICE, 0)
            judged.append(expected.step)
    dropped = DROPPED.search(felt_of(key, round_))
    assert dropped is not None and int(dropped[1]) == len(round_.progressive_intake.wagers)
    return judged


@pytest.mark.django_db
@pytest.mark.parametrize("key", [PAI_GOW_POKER.key, THREE_CARD_POKER, DOWN_UNDER_BLACKJACK.key])
def test_685b1_f_the_felt_draws_the_chips_collected_and_the_system_count_and_the_right_step_matches_them(key):
    for phase in situations(key):
        judged = judge_on_the_felt(key, dealt(key, phase))
        assert ("report_chip_mismatch" in judged) == (phase.missing_chip_seat is not None)
        assert ("refuse_late_wager" in judged) == (phase.late is not None)
        assert "count_progressive_chips" in judged
