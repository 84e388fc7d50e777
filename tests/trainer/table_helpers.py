"""Helpers shared by the table tests: users with a role, demo tables, and frames that take the correct step."""

from dataclasses import replace
from decimal import Decimal

from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group

from core.roles import Role
from school.models import Cohort
from simulator.core.chipping import rack_fault
from simulator.core.chips import DEFAULT_RACK, write_chips
from simulator.core.money import format_cents
from simulator.core.mystery_meter import PaymentSource
from simulator.core.procedure import Action
from simulator.games import GAMES
from trainer import services
from trainer.controls import FLOORPERSON_STEPS, read_step
from trainer.demo_tables import create_demo_tables
from trainer.meters import table_meters
from trainer.models import Floorperson, Mode
from trainer.snapshots import ungraded_snapshot
from trainer.tables import TABLES, table_description


def make_user(username, role=None):
    user = get_user_model().objects.create_user(username=username, password="pw")
    if role is not None:
        user.groups.add(Group.objects.get_or_create(name=role)[0])
    return user


def make_trainee(username="alice"):
    return make_user(username, Role.TRAINEE)


def make_instructor(username="ivy", teaching=()):
    """An instructor; with trainees (accounts or ids) to teach, in a cohort of their own with them."""
    instructor = make_user(username, Role.INSTRUCTOR)
    if teaching:
        cohort = Cohort.objects.create(name=f"{username}'s cohort")
        cohort.instructors.add(instructor)
        cohort.trainees.add(*teaching)
    return instructor


def teacher_of(attempt):
    """A maker of an instructor who teaches the attempt's trainee, for login_as(maker, username)."""
    return lambda username: make_instructor(username, teaching=[attempt.trainee_id])


NO_CASH_SEED = 4
"""A seed whose round at every demo table has no buy-in before it nor colour-up after it: it opens with "No more
bets", the step a test may send first."""


def demo_table(floorperson=Floorperson.AUTOMATED, index=0):
    table = create_demo_tables()[index]
    table.floorperson = floorperson
    table.save()
    return table


def form_value(name, value):
    """An engine argument as the browser's form sends it."""
    if name == "amount":
        return format_cents(value).replace("$", "")
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list):
        return [str(item) for item in value]
    if name == "low":
        return value.split()
    return str(value)


RACK_STEPS = frozenset(
    step for table in TABLES for step, control in table.step_controls.items() if "chips" in control.fields
)
"""The steps paying from the rack: the page sends their chips (and coins), never a typed amount."""


def cut_from_rack(amount, denominations=tuple(each.cents for each in DEFAULT_RACK)):
    """An amount as a dealer cuts it from a rack of these chips (in cents), the largest first: the count of each
    chip, largest first, and the coins left for what no chip makes."""
    chips = {}
    for cents in sorted(denominations, reverse=True):
        chips[cents], amount = divmod(amount, cents)
    return {cents: count for cents, count in chips.items() if count}, amount


def rack_payment(amount, source=None):
    """An amount paid from the default rack as the page's chips and amount fields send it: chips cut highest first
    and the coin typed ($37.50: "2500x1 500x2 100x2" and "0.50"); a jackpot slip's, or a payout beyond the rack's,
    typed alone."""
    if source == PaymentSource.PROGRESSIVE_JACKPOT_SLIP or rack_fault(amount, DEFAULT_RACK):
        return {"chips": "", "amount": form_value("amount", amount)}
    chips, coin = cut_from_rack(amount)
    return {"chips": write_chips(chips), "amount": form_value("amount", coin) if coin else ""}


def browser_fields(step, arguments):
    """A step's engine arguments as the page's form sends them: an amount paid from the rack as chips and coin."""
    fields = {name: form_value(name, value) for name, value in arguments.items() if name != "chips"}
    if "chips" in arguments:
        fields |= {"chips": arguments["chips"], "amount": ""}
    elif step in RACK_STEPS:
        fields |= rack_payment(arguments["amount"], arguments.get("source"))
    return fields


def frame_for(action: Action, sequence: int) -> dict:
    """The frame the browser sends to take this action."""
    fields = browser_fields(action.step, action.arguments)
    return {"step": action.step, "seq": str(sequence), **fields, "HEADERS": {"HX-Request": "true"}}


def step_controls(key):
    """The dealer steps of the game's table, each with its control."""
    return table_description(key).step_controls


def read_dealer_step(attempt, frame):
    """The frame read as the attempt's table reads the trainee's: by its game's step controls, any of them allowed."""
    controls = step_controls(attempt.table.game)
    return read_step(frame, controls, frozenset(controls))


def wrong_step(key, action):
    """A wrong step in ``action``'s place that the game's table reads: its last step with no fields, which closes
    the round ("Clear the table" at Pai Gow Poker)."""
    controls = step_controls(key)
    step = next(step for step in reversed(list(controls)) if not controls[step].fields and step != action.step)
    return replace(action, step=step, arguments={})


def round_snapshot(key, round_, rules):
    """A practice table's snapshot of a round of the game dealt outside the database, at a table of ``rules``."""
    at = (len(round_.operations), 1, "alice")
    return ungraded_snapshot(round_, GAMES[key], rules, (hash(key), key), Mode.PRACTICE, at)


def round_log(attempt):
    """The attempt's whole log as the database holds it."""
    return attempt.saved_round()[0]


def graded_steps(attempt):
    """The attempt's graded steps as the database holds them."""
    return attempt.saved_round()[1]


def read_meters(meters):
    """Meters by name with their exact amounts as Decimals ("10002.500" is "10002.5"); a meter not kept is left out."""
    exact = {"amount", "reserve"}
    return {
        name: {key: Decimal(value) if key in exact else value for key, value in meter.items()}
        for name, meter in meters.items()
        if meter is not None
    }


def meters_at(table):
    """The table's meters as the database holds them now, read as :func:`read_meters` reads them."""
    return read_meters(table_meters(table.pk))


def take(attempt, user, frame):
    """Apply a frame through the services: the trainee's step, or an instructor's validation."""
    if frame.step in FLOORPERSON_STEPS:
        return services.validate_payout(attempt.pk, user, frame)
    return services.apply_step(attempt.pk, user, frame)
