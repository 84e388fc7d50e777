"""The felt stays legible on a laptop and a tablet: every chip inside its betting area, nothing off the page's side.

One trainee's page shows a Pai Gow Poker round with a wager on every betting area at all six positions, dealt on
the server's side up to clearing the table, so that the hands and the paid chips are on the felt too; each test
resizes that page to a laptop's or a tablet's viewport and measures it with getBoundingClientRect. A practice
round at every demo table (every game) is then walked step by step through the page's own socket, measured at
1366×768 and 768×1024 before each step.
"""

import re
from collections.abc import Iterator
from dataclasses import replace

import pytest
from django.contrib.auth import get_user_model
from live_table import (
    PRACTICE_TABLE,
    LiveSchool,
    TablePage,
    expected_action,
    log_in,
    page_logged_in,
)
from playwright.sync_api import Browser, Page, expect
from test_down_under_hand_table import browser_frame

from simulator.core.procedure import Action, Actor
from simulator.core.table_cash import BuyIn, ColourUp
from simulator.games import GAMES
from simulator.notation import save_round
from simulator.pai_gow.round import MATCH_SPOTS, PaiGowRound
from simulator.pai_gow.rules import TableRules
from trainer import services
from trainer.controls import StepFrame
from trainer.demo_tables import every_demo_table
from trainer.models import Attempt, Mode, Table

pytestmark = pytest.mark.e2e

VIEWPORTS = {
    "laptop": {"width": 1366, "height": 768},
    "tablet-landscape": {"width": 1024, "height": 768},
    "tablet-portrait": {"width": 768, "height": 1024},
}
EVERY_WAGER = {
    "pai-gow": 100000,
    "progressive": 100,
    **dict.fromkeys(("tiger-9", "fortune", "sum", *MATCH_SPOTS, "beat-it"), 10000),
}
"""A wager on every betting area of the practice table, the largest its limits allow; the progressive one is $1."""
PAYING_SEED = 40
"""A seed whose settlement pays Tiger 9, Fortune, Sum and Beat It wagers, up to +$3,000.00 on one area."""
OUTSIDE = """([items, box]) => {
  const inside = (inner, outer) =>
    inner.left >= outer.left && inner.right <= outer.right && inner.top >= outer.top && inner.bottom <= outer.bottom;
  return [...document.querySelectorAll(items)]
    .filter((item) => !inside(item.getBoundingClientRect(), item.closest(box).getBoundingClientRect()))
    .map((item) => `${item.closest(box).title || item.closest(box).id}: ${item.textContent.trim()}`);
}"""
"""The items (a selector) that stick out of their enclosing box (a selector), named by the box's title or id."""
UNREADABLE_CHIPS = """() => [...document.querySelectorAll("#felt .chip")]
  .filter((chip) => {
    const lines = document.createRange();
    lines.selectNodeContents(chip);
    return parseFloat(getComputedStyle(chip).fontSize) < 11 || lines.getClientRects().length > 1;
  })
  .map((chip) => chip.textContent)"""
"""The chips whose label is smaller than 11px or broken over two lines."""


def seat_every_wager(username: str) -> int:
    """Seat a trainee at a practice-table round with every wager at six positions, dealt up to clearing the table."""
    table = Table.objects.get(name=PRACTICE_TABLE)
    automations = services.table_automations(table, GAMES[table.game])
    seats = dict.fromkeys(range(1, 7), EVERY_WAGER)
    round_ = PaiGowRound(TableRules.from_json(table.rules), seats, PAYING_SEED, automations=automations)
    while (action := round_.next_action()) is not None and action.step != "clear_table":
        round_.perform(action.step, action.arguments)
    trainee = get_user_model().objects.get(username=username)
    return Attempt.objects.create(trainee=trainee, table=table, mode=Mode.PRACTICE, log=save_round(round_)).pk


@pytest.fixture(scope="module")
def full_felt(browser: Browser, school: LiveSchool) -> Iterator[Page]:
    """One trainee's page at the round with every wager, opened once for this module's tests."""
    with page_logged_in(browser, school, "trainee1") as page:
        TablePage(page, school, school.query(seat_every_wager, "trainee1"))
        expect(page.locator("#felt .area")).to_have_count(6 * len(EVERY_WAGER))
        expect(page.locator("#felt .area:not(.area-progressive):not(:has(.chip))")).to_have_count(0)
        expect(page.locator("#felt-container")).to_contain_text("6 progressive chips dropped")
        yield page


@pytest.fixture(params=VIEWPORTS)
def felt(request: pytest.FixtureRequest, full_felt: Page) -> Page:
    """The page with every wager, at a laptop's or a tablet's viewport."""
    full_felt.set_viewport_size(VIEWPORTS[request.param])
    return full_felt


def test_chips_stay_inside_their_betting_areas(felt: Page):
    assert felt.evaluate(OUTSIDE, ["#felt .area .chip", ".area"]) == []


def test_betting_areas_and_cards_stay_inside_their_positions(felt: Page):
    assert felt.evaluate(OUTSIDE, ["#felt .position .area, #felt .position .card", ".position"]) == []


def test_chip_labels_are_at_least_11px_and_on_one_line(felt: Page):
    assert felt.evaluate(UNREADABLE_CHIPS) == []


def test_the_page_has_no_horizontal_overflow(felt: Page):
    assert felt.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


FEEDBACK_OVER_CONTROLS = """() => {
  const feedback = document.querySelector("#feedback").getBoundingClientRect();
  const overlap = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
  return [...document.querySelectorAll("#controls button, #controls input, #controls select, #felt button")]
    .filter((control) => {
      const shown = control.getBoundingClientRect();
      const port = control.closest(".controls, .table-main").getBoundingClientRect();
      const visible = new DOMRect(
        Math.max(shown.left, port.left), Math.max(shown.top, port.top),
        Math.min(shown.right, port.right) - Math.max(shown.left, port.left),
        Math.min(shown.bottom, port.bottom) - Math.max(shown.top, port.top));
      return visible.width > 0 && visible.height > 0 && overlap(visible, feedback);
    })
    .map((control) => control.textContent.trim() || control.name);
}"""
"""The controls, on the felt or in the control panel, that the feedback covers where they are shown."""
DEALING_VIEWPORTS = ("laptop", "tablet-portrait")
"""The screens issue 10 names: a 1366×768 laptop and a 768×1024 tablet."""


@pytest.mark.parametrize("viewport", DEALING_VIEWPORTS)
def test_choosing_a_betting_area_keeps_the_focus_on_the_felt_and_the_page_where_it_is(full_felt: Page, viewport):
    full_felt.set_viewport_size(VIEWPORTS[viewport])
    full_felt.evaluate("window.scrollTo(0, 0)")
    expect(full_felt.locator("#felt .position").first).to_be_in_viewport()
    area = full_felt.locator('#felt .area[data-seat="4"][data-spot="sum"]')
    area.scroll_into_view_if_needed()
    where = full_felt.evaluate("window.scrollY")
    area.click()
    expect(area).to_be_focused()
    expect(full_felt.locator("#settlement-target")).to_have_text(re.compile(r"^Seat 4 · Sum"))
    assert full_felt.evaluate("window.scrollY") == where


@pytest.mark.parametrize("viewport", DEALING_VIEWPORTS)
def test_the_feedback_never_covers_a_control(full_felt: Page, viewport):
    full_felt.set_viewport_size(VIEWPORTS[viewport])
    for scroll in (0, 200, 400, 10_000):
        full_felt.evaluate(f"document.querySelector('#controls').scrollTop = {scroll}")
        assert full_felt.evaluate(FEEDBACK_OVER_CONTROLS) == []


def deal_to_the_end(username: str, attempt_id: int) -> int:
    """Deal the trainee's round from its opening to its end on the server's side, every step right; its last frame."""
    trainee = get_user_model().objects.get(username=username)
    sequence = 0
    while (action := expected_action(attempt_id)) is not None:
        sequence += 1
        services.apply_step(attempt_id, trainee, StepFrame(sequence, action.step, dict(action.arguments)))
    return sequence


def finished_round(username: str) -> int:
    """A practice round of the trainee's dealt to its end, every step right."""
    trainee = get_user_model().objects.get(username=username)
    attempt = services.start_round(trainee, Table.objects.get(name=PRACTICE_TABLE), Mode.PRACTICE, seed_value=11)
    deal_to_the_end(username, attempt.pk)
    return attempt.pk


@pytest.mark.parametrize("viewport", VIEWPORTS)
def test_a_finished_rounds_page_opens_on_its_score_card_before_the_felt(new_page, school: LiveSchool, viewport):
    page = new_page()
    page.set_viewport_size(VIEWPORTS[viewport])
    log_in(page, school, "trainee2")
    page.goto(f"/rounds/{school.query(finished_round, 'trainee2')}/")
    heading = page.get_by_role("heading", name="Score card: passed")
    expect(heading).to_be_in_viewport(ratio=1)
    assert page.evaluate("window.scrollY") == 0
    assert page.evaluate(
        "document.querySelector('#score-card').compareDocumentPosition(document.querySelector('#felt'))"
        " & Node.DOCUMENT_POSITION_FOLLOWING"
    ), "the score card comes before the felt, in reading and tab order too"
    expect(page.locator("#controls .round-over-note")).to_be_visible()
    expect(page.locator("#controls").get_by_role("button", name=re.compile("No more bets"))).to_be_hidden()


DEMO_TABLES = [name for name, *_ in every_demo_table()]
"""Every demo table: every game of the registry, each way the school sets it up (tested below)."""
SCROLL_BOXES = """() => [...document.querySelectorAll(".dealing-layout, .dealing-layout *:not(#feedback)")]
  .filter((box) => ["auto", "scroll"].includes(getComputedStyle(box).overflowY) && box.scrollHeight > box.clientHeight)
  .map((box) => box.id || box.className)"""
"""The boxes inside the table that scroll on their own: only the verdict may, in its band; else the page scrolls."""
OUT_OF_SIGHT = """(step) => {
  window.scrollTo(0, 0);
  const button = document.querySelector(`#controls button[value="${step}"]`);
  const groups = [...document.querySelectorAll("#controls > form.control-group")];
  const parts = { felt: document.querySelector("#felt"), [`${step}'s button`]: button };
  const rack = document.querySelector(`#controls [data-rack][data-pay-step="${step}"]`);
  if (rack) parts[`${step}'s chip rack`] = rack;
  const out = Object.entries(parts)
    .map(([name, part]) => [name, part.getBoundingClientRect()])
    .filter(([, box]) => box.top < 0 || box.left < 0 || box.bottom > innerHeight || box.right > innerWidth)
    .map(([name, box]) => `${name} at ${Math.round(box.top)}–${Math.round(box.bottom)}px of ${innerHeight}`);
  return groups[0] === button.closest("form") ? out : [...out, `${step}'s controls not first`];
}"""
"""What of the felt, the next step's button and its chip rack (a payment's) lies outside the viewport, the page at its
top as it opens; and whether the step's controls come first."""
SEND_STEP = """(frame) => {
  const socket = document.querySelector("[ws-connect]")["htmx-internal-data"].webSocket;
  socket.send(JSON.stringify(frame), document.querySelector(`#controls button[value="${frame.step}"]`));
}"""
"""Send a step's frame on the page's own socket, as its button does, with the values its fields would hold."""
ANOTHER_STEP = """(step) => [...document.querySelectorAll("#controls > form.control-group")]
  .filter((form) => form.checkVisibility() && !form.querySelector("input:not([type=hidden]), select"))
  .flatMap((form) => [...form.querySelectorAll("button[value]")].filter((button) => button.checkVisibility()))
  .map((button) => button.value)
  .find((value) => value !== step)"""
"""A step the page offers with a button alone, other than ``step``: sent in its place, a wrong step."""
WRONG_STEP_AT = 3
"""The step before which a wrong step is sent too, so that the long verdict of a mistake is measured as well."""


def test_every_game_is_dealt_at_a_demo_table_walked_here():
    assert {game for _, game, *_ in every_demo_table()} == set(GAMES)


def send(table: TablePage, action: Action, verdict: str | re.Pattern[str]) -> None:
    """Send the action through the page's socket and wait for its verdict (and, for a right step, the next number).

    A wrong step in practice is refused: the table and its frame number stay as they were.
    """
    sequence = table.sequence()
    table.page.evaluate(SEND_STEP, browser_frame(action, sequence))
    expect(table.feedback).to_contain_text(verdict)
    if verdict == "✓ Right":
        expect(table.page.locator("#sequence")).to_have_value(str(sequence + 1))


def seat_with_cash(username: str, table_name: str) -> int:
    """Seat a trainee at the demo table's practice round of seed 4, its first player buying in before it and leaving
    after it with chips of the rack's two smallest denominations; the round is otherwise seed 4's."""
    table = Table.objects.get(name=table_name)
    dealt = services.deal_round(table, 4)
    seats = dealt.seats if isinstance(dealt.seats, dict) else [seat.seat for seat in dealt.seats]
    first = min(seats)
    rack = dealt.house_chips().rack
    leaving = ColourUp(first, {rack[-2].cents: 9, rack[-1].cents: 3})
    phase = replace(dealt.wager_phase, buy_ins=(BuyIn(first, 37000),), colour_ups=(leaving,))
    round_ = type(dealt).from_setup_json({**dealt.setup_json(), "wager_phase": phase.to_json()})
    trainee = get_user_model().objects.get(username=username)
    return services._store_dealt(trainee, table, Mode.PRACTICE, round_).pk


@pytest.mark.parametrize("table_name", DEMO_TABLES)
def test_the_felt_and_the_next_steps_button_are_in_sight_at_every_step_on_a_laptop_and_a_tablet(
    new_page, school: LiveSchool, table_name: str
):
    """Issue 30 item 12: each step of a practice round, at 1366×768 and 768×1024, the page at its top; the round has
    a player's buy-in and another's colour-up, so the cash controls and the cash on the felt are measured too.

    The steps go through the page's own socket (the page draws each answer as it arrives); the felt and the next
    step's button must lie wholly in the viewport, its controls first, and no box but the verdict's scroll.
    """
    page = new_page()
    log_in(page, school, "trainee1")
    table = TablePage(page, school, school.query(seat_with_cash, "trainee1", table_name))
    out_of_sight: dict[str, list[str]] = {viewport: [] for viewport in DEALING_VIEWPORTS}
    sizes = list(DEALING_VIEWPORTS)
    taken = 0
    while (action := table.expected()) is not None:
        assert action.actor is Actor.DEALER, action
        if taken == WRONG_STEP_AT:
            wrong = replace(action, step=page.evaluate(ANOTHER_STEP, action.step), arguments={})
            send(table, wrong, re.compile("✗ Wrong|not a step you can take"))
        for viewport in sizes:
            page.set_viewport_size(VIEWPORTS[viewport])
            out_of_sight[viewport] += [f"{action.step}: {out}" for out in page.evaluate(OUT_OF_SIGHT, action.step)]
            assert page.evaluate(SCROLL_BOXES) == [], f"{viewport} {action.step}"
        sizes.reverse()  # the next step is measured first at the size the page has: one resize a step, not two
        send(table, action, "✓ Right")
        taken += 1
    assert out_of_sight == {viewport: [] for viewport in DEALING_VIEWPORTS}
