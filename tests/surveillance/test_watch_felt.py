"""The watched round on the game's own felt: the step shown marked, faults drawn as done, the debrief replayed on it.

The felt is the table's (``trainer/felt*.py``), drawn as a watcher of the table sees it, at the operations the step
shown stands on; a fault shows on it from its step on, as it was done, never as it should have been.
"""

import random
import re

import pytest
from django.urls import reverse
from table_helpers import demo_table, make_trainee
from watch_helpers import HTMX, show_until, step

from core.models import SchoolProfile
from simulator.core.cards import card_name, parse_cards
from simulator.core.money import format_cents
from simulator.core.procedure import Actor
from simulator.surveillance.catalogue import FaultKind
from simulator.surveillance.seen import Seen
from simulator.surveillance.views import public_step
from simulator.surveillance.watching import watched_log
from surveillance.models import WatchedRound
from surveillance.pages import SPEEDS, felt_context
from surveillance.watches import deal_watched, finish_watch, raise_flag, replayed, start_watch
from trainer.demo_tables import create_demo_tables
from trainer.felt_mystery import as_paid

pytestmark = pytest.mark.django_db


def seeded(client, kind, table=None):
    """A trainee signed in at a watched round with one ``kind`` fault, from the first seed holding one, at ``table``
    (the Pai Gow Poker demo table when None)."""
    trainee = make_trainee()
    client.force_login(trainee)
    table = table or demo_table()
    for seed in range(1, 60):
        watched = deal_watched(table, seed, random.Random(seed), 1, {kind})
        if watched.faults:
            return WatchedRound.objects.create(trainee=trainee, table=table, log=watched_log(watched), shown_ms=[0])
    raise AssertionError(f"no seed holds {kind}")


def area_at(page, seat, spot):
    """The betting area of a seat as the felt draws it."""
    found = re.search(rf'<div class="area area-{spot}[^"]*" data-seat="{seat}" data-spot="{spot}".*?</div>', page, re.S)
    assert found, (seat, spot)
    return found.group(0)


def felt_of(page):
    """The felt's section in a page (up to the side panel) or a step's answer (up to the steps seen)."""
    start = page.index('<section id="watch-felt"')
    ends = [page.find(end, start) for end in ('<aside class="table-side">', '<input type="hidden" id="watch-seen"')]
    return page[start : min(end for end in ends if end > 0)]


def test_the_watch_page_draws_the_games_felt_at_the_step_shown_its_place_marked_and_no_place_to_choose(client):
    trainee = make_trainee()
    client.force_login(trainee)
    record = start_watch(trainee, demo_table(), count=0)
    watched = replayed(record)
    page = client.get(reverse("watched", args=[record.pk])).text
    felt = felt_of(page)
    assert '<section id="felt" class="felt' in felt and 'id="felt-seat-1"' in felt and 'id="felt-dealer"' in felt
    assert f'data-place="{watched.steps[0].place}"' in felt[: felt.index(">")]
    assert "<button" not in felt, "a watcher's felt names its places, with nothing to choose"
    occupied = sorted({seat for seat in re.findall(r'class="position position-(\d) occupied"', felt)})
    places = re.findall(r'<option value="(\d)">(?:Seat \d|The dealer or the whole table)</option>', page)
    assert places == ["0", *occupied]
    answer = step(client, record, **HTMX).text
    assert 'id="watch-felt"' in answer and 'hx-swap-oob="true"' in answer and '<section id="felt"' in answer
    assert f'data-place="{watched.steps[1].place}"' in felt_of(answer)[: felt_of(answer).index(">")]


@pytest.mark.parametrize("kind", [FaultKind.SHORT_PAY, FaultKind.OVERPAY])
def test_a_wrong_payment_is_drawn_on_the_felt_as_paid_from_its_step_and_never_the_right_amount(client, kind):
    record = seeded(client, kind)
    (fault,) = replayed(record).faults
    seat, spot = fault.place, fault.spot
    paid, right = fault.seen.arguments["amount"], fault.right[0].arguments["amount"]
    show_until(record, fault.step - 1)
    before = area_at(client.get(reverse("watched", args=[record.pk])).text, seat, spot)
    assert "paid" not in before
    for _ in range(2):
        answer = step(client, record, **HTMX).text
        area = area_at(answer, seat, spot)
        assert f"+{format_cents(paid)}" in area and f"+{format_cents(right)}" not in area


@pytest.mark.parametrize("kind", [FaultKind.CAPPING, FaultKind.PAST_POSTING])
def test_chips_a_player_moves_are_drawn_as_the_player_left_them_from_the_moves_step(client, kind):
    record = seeded(client, kind)
    (fault,) = replayed(record).faults
    moved = fault.seen.arguments["amount"]
    before, after = (moved // 2, moved) if kind is FaultKind.CAPPING else (moved, 2 * moved)
    show_until(record, fault.step - 1)
    page = client.get(reverse("watched", args=[record.pk])).text
    assert f">{format_cents(before)}</span>" in area_at(page, fault.place, fault.spot)
    drawn = area_at(step(client, record, **HTMX).text, fault.place, fault.spot)
    assert f">{format_cents(after)}</span>" in drawn


def container_at(page):
    """The table inventory container as the felt draws it."""
    return re.search(r'<div class="inventory-container".*?\n</div>', page, re.S).group(0)


@pytest.mark.parametrize("kind", [FaultKind.WRONG_DICE_TOTAL, FaultKind.WRONG_DICE_COLOUR])
def test_dice_called_wrong_are_drawn_beside_the_dice_as_called_and_never_as_they_lie(client, kind):
    record = seeded(client, kind)
    (fault,) = replayed(record).faults
    dice = ("red", "blue_1", "blue_2")
    called, right = ([step.arguments[die] for die in dice] for step in (fault.seen, *fault.right))
    show_until(record, fault.step - 1)
    shaker = re.search(r'<div class="shaker-place".*?\n</div>', step(client, record, **HTMX).text, re.S).group(0)
    assert f"called red {called[0]}, blue {called[1]} and {called[2]}: {sum(called)}" in shaker
    assert f"called red {right[0]}, blue {right[1]} and {right[2]}" not in shaker
    assert f'aria-label="red die showing {right[0]}"' in shaker, "the dice lie as thrown"


def test_a_progressive_chip_count_misstated_is_drawn_beside_the_chips_as_called(client):
    record = seeded(client, FaultKind.CHIP_COUNT_MISSTATED)
    (fault,) = replayed(record).faults
    show_until(record, fault.step - 1)
    assert "counted:" not in container_at(client.get(reverse("watched", args=[record.pk])).text)
    container = container_at(step(client, record, **HTMX).text)
    assert f"counted: {fault.seen.arguments['count']} chips" in container
    right = fault.right[0].arguments["count"]
    assert container.count('class="chip-from"') == right == fault.seen.arguments["count"] - 1


def test_a_progressive_chip_its_player_took_back_is_missing_from_the_chips_collected(client):
    record = seeded(client, FaultKind.CHIP_NOT_DROPPED)
    (fault,) = replayed(record).faults
    show_until(record, fault.step)
    collected = step(client, record, **HTMX).text
    right = replayed(record).round.table_view()["progressive"]["chips"]
    drawn = re.findall(r'<span class="chip-seat">seat (\d)</span>', container_at(collected))
    taken = [str(chip["seat"]) for chip in right]
    taken.remove(str(fault.place))
    assert sorted(drawn) == sorted(taken)


@pytest.mark.parametrize("kind", [FaultKind.CAPPING, FaultKind.PINCHING])
def test_a_blackjack_wager_capped_or_pinched_is_drawn_as_the_player_left_it(client, kind):
    tables = create_demo_tables()
    whole_round = next(table for table in tables if table.name.startswith("Down Under Blackjack — the whole round"))
    record = seeded(client, kind, whole_round)
    (fault,) = replayed(record).faults
    moved = fault.seen.arguments["amount"]
    show_until(record, fault.step - 1)
    before = area_at(client.get(reverse("watched", args=[record.pk])).text, fault.place, "blackjack")
    assert f">{format_cents(moved)}</span>" not in before
    drawn = area_at(step(client, record, **HTMX).text, fault.place, "blackjack")
    assert f">{format_cents(moved)}</span>" in drawn


def place_at(page, place):
    """A place as the felt draws it: a seat's position, or the dealer's place (place 0)."""
    start = page.index(f'id="felt-seat-{place}"' if place else 'id="felt-dealer"')
    return page[start : page.index('<div class="areas">', start) if place else page.index("</section>", start)]


def test_a_stack_delivered_out_of_turn_lies_at_its_place_before_the_place_whose_turn_it_was(client):
    record = seeded(client, FaultKind.DEALT_OUT_OF_ORDER)
    (fault,) = replayed(record).faults
    early, due = fault.seen.arguments["place"], fault.right[0].arguments["place"]
    show_until(record, fault.step - 1)
    page = client.get(reverse("watched", args=[record.pk])).text
    assert 'class="stack"' not in place_at(page, early) and 'class="stack"' not in place_at(page, due)
    answer = step(client, record, **HTMX).text
    assert 'class="stack"' in place_at(answer, early) and 'class="stack"' not in place_at(answer, due)


def test_a_stub_discarded_face_up_lies_face_up_in_the_discard_rack(client):
    record = seeded(client, FaultKind.CARD_EXPOSED)
    (fault,) = replayed(record).faults
    assert fault.seen.step == "discard_stub"
    show_until(record, fault.step - 1)
    rack = re.search(r'<div class="discard-rack".*?</div>', step(client, record, **HTMX).text, re.S).group(0)
    assert ">stub, face up</span>" in rack


def codes(cards):
    """The codes the felt draws cards by."""
    return sorted(card_name(card).code for card in parse_cards(cards))


def test_the_dealers_hand_set_against_the_house_way_is_drawn_as_set(client):
    record = seeded(client, FaultKind.WRONG_HOUSE_WAY)
    (fault,) = replayed(record).faults
    show_until(record, fault.step - 1)
    answer = step(client, record, **HTMX).text
    low_hand = re.search(r'<div class="hand-area low">.*?</div>', answer, re.S).group(0)
    drawn = sorted(re.findall(r'data-card="([^"]+)"', low_hand))
    assert drawn == codes(fault.seen.arguments["low"]) != codes(fault.right[0].arguments["low"])


def test_the_page_plays_at_the_tables_pace_from_the_schools_standard_and_offers_speeds_within_bounds(client):
    trainee = make_trainee()
    client.force_login(trainee)
    SchoolProfile.objects.create(name="Erie Gaming School", pace_standards={"pai-gow-poker": 10})
    record = start_watch(trainee, demo_table(), count=0)
    operations = len(replayed(record).round.operations)
    assert record.pace_seconds == max(1, round(3600 / 10 / operations))
    page = client.get(reverse("watched", args=[record.pk])).text
    assert f'data-pace-ms="{record.pace_seconds * 1000}"' in page
    assert f'data-speeds="{" ".join(map(str, SPEEDS))}"' in page
    assert min(SPEEDS) < 1 < max(SPEEDS)
    assert "Slower" in page and "Faster" in page


def test_the_debrief_replays_the_round_on_its_felt_with_the_faults_and_flags_of_each_step(client):
    record = seeded(client, FaultKind.SHORT_PAY)
    watched = replayed(record)
    (fault,) = watched.faults
    show_until(record, fault.step)
    raise_flag(record.pk, str(fault.place), "short_pay", "")
    show_until(record, len(watched.steps))
    finish_watch(record.pk)
    address = reverse("watched", args=[record.pk])
    page = client.get(address).text
    here = page[page.index('id="watch-here-title"') : page.index("</aside>")]
    assert f"At step {fault.step}</h2>" in here and "Fault: Short pay" in here and "You caught it" in here
    assert fault.citation.clause in here and "provenance" in here
    assert "Seat" in here[here.index("Your flags at this step") :]
    assert f"+{format_cents(fault.seen.arguments['amount'])}" in area_at(page, fault.place, fault.spot)
    first = client.get(address, {"step": 1}).text
    assert "At step 1</h2>" in first and "No fault was seeded at this step." in first
    assert public_step(watched, 1)["said"] in first
    for bad in ("0", str(len(watched.steps) + 1), "x"):
        refused = client.get(address, {"step": bad})
        assert refused.status_code == 400 and "steps run from 1" in refused.text


def test_every_step_of_a_watched_round_draws_its_felt_at_every_demo_table():
    trainee = make_trainee()
    for table in create_demo_tables():
        for seed in (1, 2):
            watched = deal_watched(table, seed, random.Random(seed), 3)
            record = WatchedRound(trainee=trainee, table=table, log=watched_log(watched), shown=len(watched.steps))
            for number in range(1, len(watched.steps) + 1):
                drawn = felt_context(record, watched, number)
                assert '<section id="felt"' in drawn["table"], (table.name, seed, number)


def test_a_mystery_bonus_paid_before_its_validation_shows_at_its_seat_before_the_table_pays_it():
    paid = {"seat": 3, "amount": 5000, "source": "table inventory"}
    done = Seen(Actor.DEALER, "pay_mystery_bonus", paid)
    view = {"progressive": {"payouts": [{"seat": 1, "amount": 700, "source": "table inventory"}]}}
    assert as_paid(view, (done,))["progressive"]["payouts"] == [*view["progressive"]["payouts"], paid]
