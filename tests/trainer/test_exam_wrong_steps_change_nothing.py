"""An exam never takes the expected step in the trainee's place: a wrong step's reply shows only what it did itself.

At every step of an exam round at a demo table of each game family, each other step the page offers is sent
instead. A wrong step leaves the felt as it was; a money slip on the due wager (another settlement, amount, chips or
source: ``MONEY_SLIPS``) stands as the trainee made it, so its reply is the right step's but for the trainee's own
money. Either way nothing in the reply depends on what the expected step was.
"""

import copy
from dataclasses import replace

import pytest

from grading.scoring import MONEY_SLIPS, grade_step
from simulator.core.chips import ChipPayment
from simulator.core.clauses import cite
from simulator.core.money import format_cents
from simulator.core.procedure import Action, Actor, ErrorCode, Round
from simulator.games import GAMES
from simulator.table_deals import TableDeal
from trainer.controls import table_rack
from trainer.demo_tables import every_demo_table
from trainer.felt_carnival import as_dealt
from trainer.models import Mode
from trainer.snapshots import Viewer, ungraded_snapshot
from trainer.table_page import felt_region, render_region

pytestmark = pytest.mark.django_db

MONEY = ("amount", "source")
"""The arguments of a money slip the felt draws (not its chips); any other argument names the wager, place or box."""

SOURCES = ("table inventory", "progressive jackpot slip")


def families():
    """Every demo table: Pai Gow Poker's, each other game's Mystery Bonus, the carnival games the trainee deals and
    both Down Under Blackjack tables."""
    return [pytest.param(key, rules, id=name) for name, key, rules, _floorperson in every_demo_table()]


def dealt(key, rules, seed):
    """An exam round of the game at a table of these rules, every progressive forced to hit, dealt to its first step."""
    game = GAMES[key]
    deal = TableDeal(
        rules=rules,
        seed=seed,
        automations=game.automations,
        force_mystery_hit=True,
        force_progressive_win=key == "pai-gow-poker",
    )
    round_ = game.deal(deal)
    round_.advance()
    return round_


def felt_of(round_, key, rules, graded):
    """The exam felt region the trainee is sent for the round with these graded steps."""
    snapshot = ungraded_snapshot(round_, GAMES[key], rules, (1, "Exam table"), Mode.EXAM)
    return felt_region(replace(snapshot, graded_steps=tuple(graded)), Viewer.TRAINEE)


def drawn(felt):
    """The felt's HTML as a frame draws it whole."""
    return render_region(felt, oob=False)


def drawn_parts(felt):
    """The felt's parts (positions, displays) by element id, each as a frame draws it."""
    return {part.element_id: render_region(part, oob=False) for part in felt.parts}


def money_variants(action, rack):
    """The due step with its money wrong: 37 cents more (no right amount is), the other source, or in the least chip."""
    variants = []
    if "amount" in action.arguments:
        amount, smallest = action.arguments["amount"], rack[-1].cents
        variants.append({**action.arguments, "amount": amount + 37})
        chips = ChipPayment({smallest: amount // smallest}, amount % smallest)
        variants.append({**action.arguments, "chips": chips.text})
    if "source" in action.arguments:
        source = action.arguments["source"]
        variants.append({**action.arguments, "source": SOURCES[1 - SOURCES.index(source)]})
    return variants


def offered_steps(round_, key, rules, played):
    """Every step the page offers, with arguments as its controls send them: each seen in a round played right."""
    offered = ungraded_snapshot(round_, GAMES[key], rules, (1, "Exam table"), Mode.EXAM).dealer_steps
    steps = {step: [] for step in offered}
    for action in played:
        if action.step in steps and dict(action.arguments) not in steps[action.step]:
            steps[action.step].append(dict(action.arguments))
    return [(step, arguments) for step, variants in steps.items() for arguments in variants or [{}]]


def played_right(round_):
    """The dealer's actions of the round played right from here on (the round is not changed)."""
    ahead, actions = copy.deepcopy(round_), []
    while (action := ahead.next_action()) is not None:
        actions.append(action)
        ahead.perform(action.step, action.arguments)
        ahead.advance()
    return [action for action in actions if action.actor is Actor.DEALER]


def taken(round_, step, arguments, graded):
    """A copy of the round after the trainee's step in an exam, and the graded steps with it."""
    after = copy.deepcopy(round_)
    return after, [*graded, grade_step(after, step, arguments, Mode.EXAM, 1000)]


def due(expected):
    """The due step and its arguments, as an offered step is written."""
    return expected.step, dict(expected.arguments)


def at_the_due_place(expected, arguments):
    """Whether a step names the wager, place or box the due step does: only there may a money slip stand."""
    places = [name for name in ("seat", "spot", "position", "place") if name in expected.arguments]
    return all(arguments.get(name) == expected.arguments[name] for name in places)


def seat_of(arguments):
    """The seat a settlement settles a wager or hand of."""
    return arguments["seat"] if "seat" in arguments else arguments["position"].split()[1]


def swapped(html, given, right):
    """The felt with the trainee's money (an amount or a source) written as the right one."""
    for name in MONEY:
        if name in given and given[name] != right[name]:
            said, meant = given[name], right[name]
            if name == "amount":
                said, meant = format_cents(said), format_cents(meant)
            html = html.replace(str(said), str(meant))
    return html


@pytest.mark.parametrize(("key", "rules"), families())
def test_an_exam_reply_to_a_wrong_step_shows_only_what_the_trainees_own_step_did(key, rules):
    round_, graded = dealt(key, rules, seed=7), []
    played = played_right(round_)
    offered = offered_steps(round_, key, rules, played)
    checked, stood = 0, set()
    while (expected := round_.next_action()) is not None:
        assert expected.actor is Actor.DEALER, expected
        before = drawn(felt_of(round_, key, rules, graded))
        right, right_graded = taken(round_, expected.step, expected.arguments, graded)
        right_felt = felt_of(right, key, rules, right_graded)
        others = [(step, arguments) for step, arguments in offered if (step, dict(arguments)) != due(expected)]
        others += [(expected.step, arguments) for arguments in money_variants(expected, table_rack(key, rules))]
        for step, arguments in others:
            if round_.can(step, arguments):
                continue
            if at_the_due_place(expected, arguments):
                after, after_graded = taken(round_, step, arguments, graded)
            else:
                after, after_graded = round_, [*graded, grade_step(round_, step, arguments, Mode.EXAM, 1000)]
            wrong, felt = after_graded[-1], felt_of(after, key, rules, after_graded)
            checked += 1
            if wrong.code not in MONEY_SLIPS:
                assert drawn(felt) == before, (expected.step, step, arguments)
                continue
            stood.add(wrong.code)
            if step == expected.step:
                assert swapped(drawn(felt), arguments, expected.arguments) == drawn(right_felt), (expected, arguments)
            else:
                right_parts = drawn_parts(right_felt)
                changed = {part for part, html in drawn_parts(felt).items() if html != right_parts[part]}
                assert changed == {f"felt-seat-{seat_of(arguments)}"}, (expected, step, arguments)
        round_, graded = right, right_graded
    assert checked and stood


class PlayWagerSlip(Round):
    """A round waiting only for a wrong Play Wager to be put right to the ``due`` amount."""

    def __init__(self, due):
        super().__init__(frozenset())
        self.due, self.done = due, False

    def next_action(self):
        action = Action("correct_play_wager", Actor.DEALER, self.due, cite("§653a.12(a)"), "put the Play Wager right")
        return None if self.done else action

    def step_names(self):
        return frozenset({"correct_play_wager"})

    def verify_correct_play_wager(self, seat, amount):
        expected = self.require_step("correct_play_wager")
        self.require_argument(expected, "amount", amount, ErrorCode.WRONG_AMOUNT)
        return expected

    def correct_play_wager(self, seat, amount):
        expected = self.verify_correct_play_wager(seat, amount)
        self.done = True
        return self.record(expected)


def test_an_exam_felt_draws_a_play_wager_put_right_to_a_wrong_amount_as_the_trainee_put_it():
    right = {"seat": 2, "amount": 2000}
    given = {"seat": 2, "amount": 3000}
    stood = grade_step(PlayWagerSlip(right), "correct_play_wager", given, Mode.EXAM, 1000)
    view = {"seats": {"2": {"play": right["amount"], "settled": {}, "paid": {}}}}
    assert stood.stood and as_dealt(view, (stood,))["seats"]["2"]["play"] == given["amount"]
