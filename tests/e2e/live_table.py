"""The end-to-end tests' view of the school: the live server, logging in, and a trainee dealing at the table page.

:class:`TablePage` deals like a person: it clicks the betting areas and the seats on the felt, picks the dealer's
cards, pays from the chip rack (the largest chips first), types amounts into the controls and uses the keyboard
shortcuts for the frequent steps. What the correct
next step is comes from the server's database through the ORM (:func:`expected_action`), never from the page.
"""

import re
from collections.abc import Callable, Iterator, Mapping
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass, field
from importlib import import_module
from typing import Any

import pytest
from django.conf import settings
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY, get_user_model
from playwright.sync_api import Browser, BrowserContext, ConsoleMessage, Locator, Page, expect
from table_helpers import NO_CASH_SEED, cut_from_rack, rack_payment

from school.sign_in import AnyCaseBackend
from simulator.blackjack.hand import SPLIT_SUFFIX
from simulator.blackjack.round import DEALER_BOX
from simulator.core.chips import chip_total, read_payment
from simulator.core.json_values import JsonValue
from simulator.core.money import format_cents
from simulator.core.procedure import Action, Actor
from trainer import demo_tables, round_store, services
from trainer.controls import SPLIT_PLACE
from trainer.models import Attempt, Mode, Table
from trainer.tables import table_description

PRACTICE_TABLE, MANUAL_SHAKER_TABLE, INSTRUCTOR_TABLE = (name for name, *_ in demo_tables.DEMO_TABLES)
LAPTOP = {"width": 1366, "height": 900}
TABLET = {"width": 820, "height": 1180}
SIGNING_SCHOOL = "Keystone Dealer Academy"
"""The name of the second school, whose exams wait for a sign-off (DJANGO_SCHOOL_NAME)."""


@dataclass
class LiveSchool:
    """The running school: its address, the demo accounts' passwords and the ORM of its database."""

    url: str
    passwords: dict[str, str]
    orm: ThreadPoolExecutor
    logged_in_once: set[str] = field(default_factory=set)
    """The accounts that have logged in through the login page (:func:`log_in`)."""

    def query(self, function: Callable[..., Any], *args: Any, **options: Any) -> Any:
        """Run an ORM function against the live server's database, off the Playwright thread."""
        return self.orm.submit(function, *args, **options).result(timeout=30)


class PolicyViolations:
    """The Content-Security-Policy violations Chromium reports on the console of the pages it watches."""

    def __init__(self) -> None:
        """Nothing reported yet."""
        self.reported: list[str] = []

    def watch(self, context: BrowserContext) -> BrowserContext:
        """Note every violation reported by the context's pages."""
        context.on("console", self._note)
        return context

    def _note(self, message: ConsoleMessage) -> None:
        """Note a console message that reports a violation of the policy."""
        if message.type == "error" and "Content Security Policy" in message.text:
            self.reported.append(f"{message.page.url if message.page else '?'}: {message.text}")

    def check(self) -> None:
        """Fail the test with every violation reported."""
        if self.reported:
            pytest.fail("Content-Security-Policy violations:\n" + "\n".join(self.reported))


def log_in(page: Page, school: LiveSchool, username: str) -> None:
    """Log in as a demo account and open its home page.

    The account's first time in the school is through the login page with its printed password; after that the page
    is given a new session of its own (:func:`new_session`), without hashing the password again.
    """
    if username in school.logged_in_once:
        session = {
            "name": settings.SESSION_COOKIE_NAME,
            "value": school.query(new_session, username),
            "url": school.url,
        }
        page.context.add_cookies([session])
        page.goto("/")
    else:
        page.goto("/login/")
        page.get_by_label("Username").fill(username)
        page.get_by_label("Password").fill(school.passwords[username])
        page.get_by_role("button", name="Log in").click()
        expect(page.get_by_role("heading", name=re.compile(r"^(Welcome, |Change your password)"))).to_be_visible()
        if page.get_by_role("heading", name="Change your password").count():
            choose_own_password(page, school, username)
        school.logged_in_once.add(username)
    expect(page.get_by_role("heading", name=re.compile(r"^Welcome, "))).to_be_visible()
    expect(page.locator(".signed-in")).to_contain_text(username)


def new_session(username: str) -> str:
    """The key of a new session logged in as the account, as the login page saves one; for a second login."""
    account = get_user_model().objects.get(username=username)
    session = import_module(settings.SESSION_ENGINE).SessionStore()
    session[SESSION_KEY] = account._meta.pk.value_to_string(account)
    session[BACKEND_SESSION_KEY] = f"{AnyCaseBackend.__module__}.{AnyCaseBackend.__qualname__}"
    session[HASH_SESSION_KEY] = account.get_session_auth_hash()
    session.save()
    key: str = session.session_key
    return key


@contextmanager
def page_logged_in(browser: Browser, school: LiveSchool, username: str) -> Iterator[Page]:
    """A laptop-sized page logged in as the account in a context of its own; its policy violations fail at the end."""
    violations = PolicyViolations()
    context = violations.watch(browser.new_context(base_url=school.url, viewport=LAPTOP))
    context.set_default_timeout(10_000)
    page = context.new_page()
    log_in(page, school, username)
    yield page
    context.close()
    violations.check()


def choose_own_password(page: Page, school: LiveSchool, username: str) -> None:
    """Replace a first password an instructor gave with the trainee's own, as the school asks at the first login."""
    own = f"{school.passwords[username]}-own"
    page.get_by_label("Old password").fill(school.passwords[username])
    page.get_by_label("New password", exact=True).fill(own)
    page.get_by_label("New password confirmation").fill(own)
    page.get_by_role("button", name="Change the password").click()
    page.get_by_role("link", name="Go to your home page").click()
    school.passwords[username] = own


def shown_name(username: str) -> str:
    """How the pages name an account of the live school: its full name, or its username when it has none."""
    return get_user_model().objects.get(username=username).get_full_name() or username


def open_from_the_header(page: Page, name: str) -> None:
    """Open one of the header's pages (Tables, Cohorts, Scenarios, Exams...) as a person does: from its navigation."""
    page.get_by_role("navigation", name="School").get_by_role("link", name=name, exact=True).click()


# ----- the server's side (ORM functions, run through LiveSchool.query) -----


def expected_action(attempt_id: int) -> Action | None:
    """The correct next step of the attempt's round as the server's database holds it; None when it is over."""
    attempt = Attempt.objects.select_related("table", "trainee").get(pk=attempt_id)
    return round_store.live_round(attempt).next_action()


def seed_with_cash(table_name: str, first: int = 0) -> int:
    """The first seed from ``first`` whose round at the demo table has a player buy in and one leave after it."""
    table = Table.objects.get(name=table_name)
    for seed_value in range(first, first + 3000):
        phase = services.deal_round(table, seed_value).wager_phase
        if phase.buy_ins and phase.colour_ups:
            return seed_value
    raise AssertionError(f"no seed of 3000 from {first} at {table_name} has a buy-in and a colour-up")


def game_of(attempt_id: int) -> str:
    """The key of the game the attempt is dealt at."""
    return str(Attempt.objects.select_related("table").get(pk=attempt_id).table.game)


def seat_trainee(username: str, table_name: str, mode: Mode = Mode.PRACTICE, **options: Any) -> int:
    """Deal a round (practice unless told) for a trainee at a demo table with start_round's options; its attempt id.

    Unless a seed is given, the round is of a seed without a buy-in or a colour-up: it opens with "No more bets".
    """
    trainee = get_user_model().objects.get(username=username)
    table = Table.objects.get(name=table_name)
    options.setdefault("seed_value", NO_CASH_SEED)
    return services.start_round(trainee, table, mode, **options).pk


# ----- the trainee's browser -----


def dollars(cents: int) -> str:
    """An amount as a person types it: 37.50."""
    return f"{cents // 100}.{cents % 100:02d}"


CHIP_VALUES = "(chips) => chips.map((chip) => chip.dataset.chip)"
"""The value in cents of each chip of a rack, largest first."""

WAY_TO = """target => {
  const focused = document.activeElement;
  if (focused === target) return "";
  if (!focused || focused === document.body) return "Tab";
  return focused.compareDocumentPosition(target) & Node.DOCUMENT_POSITION_FOLLOWING ? "Tab" : "Shift+Tab";
}"""
"""The key that moves the focus towards the element: Tab when it lies after the focus, else Shift+Tab; none when it
has the focus."""


class TablePage:
    """A trainee's table page for one attempt, dealt through its controls and felt."""

    def __init__(self, page: Page, school: LiveSchool, attempt_id: int) -> None:
        """Open the attempt's table page and wait for its socket."""
        self.page = page
        self.school = school
        self.attempt_id = attempt_id
        if not page.url.endswith(f"/rounds/{attempt_id}/"):
            page.goto(f"/rounds/{attempt_id}/")
        expect(page.locator("body[data-ws-ready]")).to_have_count(1)
        self.feedback = page.locator("#feedback")
        self.status = page.locator("#status")
        self.score_card = page.locator("#score-card")
        self.controls = table_description(school.query(game_of, attempt_id)).step_controls
        """The dealer steps of the attempt's game, each with its label and keyboard key."""
        self.by_keys = False
        self.by_tab = False
        """Deal with the keyboard alone, shortcuts off: Tab to each control, Enter or Space, and typing."""
        """Whether each step is sent by its keyboard key once its fields are filled in, never by its button."""

    def expected(self) -> Action | None:
        """The correct next step, learned from the server's database."""
        action: Action | None = self.school.query(expected_action, self.attempt_id)
        return action

    def sequence(self) -> int:
        """The frame number the page will send with its next step."""
        return int(self.page.locator("#sequence").input_value())

    def take(self, step: str, arguments: Mapping[str, JsonValue]) -> None:
        """Take one dealer step through the page and wait for the server's answer to be swapped in."""
        sequence = self.sequence()
        handler = getattr(self, f"_{step}", None)
        if handler is not None:
            handler(**arguments)
        elif self.controls[step].key and not arguments and not self.by_tab:
            self._press(self.controls[step].key)
        else:
            self._send(step)
        expect(self.page.locator("#sequence")).to_have_value(str(sequence + 1))

    def deal_correctly_until(self, stop: Callable[[Action | None], bool], verdict: str = "✓ Right") -> Action | None:
        """Take each correct dealer step, checking its ``verdict`` (an exam's is "Step recorded"), until ``stop``.

        The round's last step (clearing the table, or a colour-up after it) is not checked: its answer is the score
        card.
        """
        action = self.expected()
        while not stop(action):
            assert action is not None and action.actor is Actor.DEALER, f"the round waits for {action}"
            self.take(action.step, action.arguments)
            following = self.expected()
            if action.step != "clear_table" and following is not None:
                expect(self.feedback).to_contain_text(verdict)
            action = following
        return action

    # ----- the controls -----

    def _button(self, step: str) -> Locator:
        """The control button that sends a step."""
        return self.page.locator(f'#controls button[value="{step}"]')

    def _form(self, step: str) -> Locator:
        """The control group holding a step's button and its fields."""
        return self.page.locator("#controls form").filter(has=self.page.locator(f'button[value="{step}"]'))

    def _send(self, step: str, key: str = "") -> None:
        """Send a step whose fields are filled in: by its key (or ``key``) when dealing by keys, else by its button."""
        if self.by_keys:
            self._press(key or self.controls[step].key)
        else:
            self._click(self._button(step))

    # ----- a person's gestures: the mouse, or the keyboard alone when dealing by Tab -----

    def _reach(self, target: Locator) -> None:
        """Move the focus to ``target`` with Tab (or Shift+Tab when it lies before the focus)."""
        element = target.element_handle()
        for _ in range(400):
            key = self.page.evaluate(WAY_TO, element)
            if not key:
                return
            self.page.keyboard.press(key)
        raise AssertionError(f"Tab never reached {target}")

    def _click(self, target: Locator) -> None:
        """Click a button, or reach it by Tab and press Enter."""
        if self.by_tab:
            self._reach(target)
            self.page.keyboard.press("Enter")
        else:
            target.click()

    def _fill(self, field: Locator, text: str) -> None:
        """Fill a field, or reach it by Tab, clear it and type."""
        if self.by_tab:
            self._reach(field)
            self.page.keyboard.press("Control+A")
            self.page.keyboard.type(text)
        else:
            field.fill(text)

    def _select(self, select: Locator, value: str) -> None:
        """Choose an option, or reach the list by Tab, type the option's words and move to it with the arrow keys.

        Typing the first letter of the option shown moves to the next option with that letter ("3" to "3, split
        hand"), so a person who sees the right option chosen types nothing; words that begin a longer option shown
        ("One non-suited match" of "One non-suited match and one suited match") leave it chosen, so a person then
        moves up or down to the option they mean.
        """
        if self.by_tab:
            words = select.evaluate("(list, value) => [...list.options].find(o => o.value === value).text", value)
            self._reach(select)
            if select.input_value() != value:
                self.page.keyboard.type(words)
            moves = select.evaluate(
                "(list, value) => [...list.options].findIndex(o => o.value === value) - list.selectedIndex", value
            )
            for _ in range(abs(moves)):
                self.page.keyboard.press("ArrowDown" if moves > 0 else "ArrowUp")
            assert select.input_value() == value, f"typing {words!r} chose {select.input_value()!r}"
        else:
            select.select_option(value)

    def _check(self, box: Locator, checked: bool) -> None:
        """Tick or clear a checkbox, or reach it by Tab and press Space when it must change."""
        if self.by_tab:
            self._reach(box)
            if box.is_checked() != checked:
                self.page.keyboard.press("Space")
        else:
            box.set_checked(checked)

    def _press(self, key: str) -> None:
        """Press a keyboard shortcut, after clicking the status bar so that no field has the focus."""
        self.status.click()
        self.page.keyboard.press(key)

    def _pick_seat(self, seat: int) -> None:
        """Click a seat on the felt: every seat selector in the controls follows."""
        self._click(self.page.locator(f'#felt [data-pick-place="{seat}"]'))

    def _type_amount(self, form: Locator, amount: int) -> None:
        """Type an amount in dollars into a form's amount field, as a person would."""
        field = form.locator('input[name="amount"]')
        if self.by_tab:
            self._fill(field, dollars(amount))
            return
        field.fill("")
        field.press_sequentially(dollars(amount))

    def _pay_from_rack(self, form: Locator, step: str, amount: int, source: str = "") -> None:
        """Pay an amount from the step's rack as a dealer cuts it, the largest chips first, then send the step.

        What no chip makes is typed as coin; a jackpot slip's payment, or one beyond the rack, is typed as its amount
        alone.
        """
        rack = form.locator(f'[data-rack][data-pay-step="{step}"]')
        payment = rack_payment(amount, source)
        if not payment["chips"]:
            self._fill(rack.locator('input[name="amount"]'), payment["amount"])
            self._send(step)
            return
        denominations = [int(cents) for cents in rack.locator("[data-chip]").evaluate_all(CHIP_VALUES)]
        chips, coin = cut_from_rack(amount, denominations)
        self._hand_from_rack(form, step, chips, coin)

    def _hand_from_rack(self, form: Locator, step: str, chips: Mapping[int, int], coin: int) -> None:
        """Add these chips to the step's rack, type any coin, then send the step.

        With the mouse each chip is clicked; by Tab each chip's button is reached and pressed with Space; by keys
        the step's key takes the focus to its empty rack, each chip's digit adds it and Enter pays. A payment's
        stacks stand on the felt too, a stack for each denomination, at the seat or hand the form names.
        """
        rack = form.locator(f'[data-rack][data-pay-step="{step}"]')
        if self.by_keys:
            self._press(self.controls[step].key)
            expect(rack).to_be_focused()
        for cents, count in chips.items():
            chip = rack.locator(f'[data-chip="{cents}"]')
            if self.by_keys:
                key = chip.get_attribute("data-rack-key")
                assert key, f"the {format_cents(cents)} chip has no key"
                for _ in range(count):
                    self.page.keyboard.press(key)
            elif self.by_tab:
                self._reach(chip)
                for _ in range(count):
                    self.page.keyboard.press("Space")
            else:
                for _ in range(count):
                    chip.click()
        expect(rack.locator("[data-rack-total]")).to_have_text(format_cents(chip_total(chips)))
        if step.startswith("pay_"):
            place = form.locator('select[name="seat"], select[name="position"]').first.input_value().removesuffix("s")
            mirror = self.page.locator(f'#felt-seat-{place} [data-rack-mirror="{step}"][aria-hidden="true"] .chip')
            expect(mirror).to_have_count(len(chips))
        if coin:
            self._fill(rack.locator('input[name="amount"]'), dollars(coin))
        if self.by_keys:
            self.page.keyboard.press("Enter")  # on the rack, or in its coin's field: either pays
        else:
            self._click(self._button(step))

    def _choose_seat_in(self, step: str, seat: int) -> None:
        """Choose the seat for a step: by its number key when dealing by keys, else in the step's own form's list."""
        if self.by_keys:
            self._press(str(seat))
        else:
            self._select(self._form(step).locator('select[name="seat"]'), str(seat))

    def _count_cash(self, seat: int, amount: int) -> None:
        """Count a buy-in: by keys the step's key goes to the empty amount, typed and sent with Enter."""
        self._choose_seat_in("count_cash", seat)
        field = self._form("count_cash").locator('input[name="amount"]')
        if self.by_keys:
            self.page.keyboard.press(self.controls["count_cash"].key)
            expect(field).to_be_focused()
            self.page.keyboard.type(dollars(amount))
            self.page.keyboard.press("Enter")
            return
        self._fill(field, dollars(amount))
        self._click(self._button("count_cash"))

    def _drop_cash(self, seat: int) -> None:
        self._choose_seat_in("drop_cash", seat)
        self._send("drop_cash")

    def _hand_over(self, step: str, seat: int, chips: str) -> None:
        """Hand the seat the chips the step names from the rack: a buy-in's in the house's mix, a colour-up's fewest."""
        self._choose_seat_in(step, seat)
        payment = read_payment(chips)
        self._hand_from_rack(self._form(step), step, payment.chips, payment.coin)

    def _sell_chips(self, seat: int, amount: int, chips: str) -> None:
        self._hand_over("sell_chips", seat, chips)

    def _colour_up(self, seat: int, amount: int, chips: str) -> None:
        self._hand_over("colour_up", seat, chips)

    def _place_envy_lammers(self, seats: list[int]) -> None:
        form = self._form("place_envy_lammers")
        for seat in range(1, 7):
            self._check(form.get_by_role("checkbox", name=str(seat), exact=True), seat in seats)
        self._send("place_envy_lammers")

    def _count_progressive_chips(self, count: int) -> None:
        self._fill(self._form("count_progressive_chips").get_by_label("Chips counted"), str(count))
        self._send("count_progressive_chips")

    def _select_shaker_player(self, seat: int) -> None:
        self._pick_seat(seat)
        self._send("select_shaker_player")

    def _shake_shaker(self, times: int) -> None:
        self._fill(self._form("shake_shaker").get_by_label("Shakes"), str(times))
        if self.by_tab:
            self._send("shake_shaker")
        else:
            self._press(self.controls["shake_shaker"].key)

    def _announce_dice(self, red: int, blue_1: int, blue_2: int) -> None:
        form = self._form("announce_dice")
        for name, value in (("red", red), ("blue_1", blue_1), ("blue_2", blue_2)):
            self._select(form.locator(f'select[name="{name}"]'), str(value))
        self._send("announce_dice")

    def _choose_wager(self, seat: int, spot: str) -> Locator:
        """Click the wager's betting area on the felt (or, for Envy, choose it in the form); the settlement form."""
        form = self.page.locator("#settlement-form")
        area = self.page.locator(f'#felt button.area[data-seat="{seat}"][data-spot="{spot}"]')
        if area.count():
            self._click(area)
        else:
            self._pick_seat(seat)
            self._select(form.locator('select[name="spot"]'), spot)
        return form

    def _pay_wager(self, seat: int, spot: str, amount: int) -> None:
        self._pay_from_rack(self._choose_wager(seat, spot), "pay_wager", amount)

    def _push_wager(self, seat: int, spot: str) -> None:
        self._choose_wager(seat, spot)
        self._send("push_wager")

    def _collect_wager(self, seat: int, spot: str) -> None:
        self._choose_wager(seat, spot)
        self._send("collect_wager")

    def _collect_commission(self, seat: int, amount: int) -> None:
        self._pick_seat(seat)
        self._type_amount(self._form("collect_commission"), amount)
        self._send("collect_commission")

    def _take_place_step(self, step: str, place: int) -> None:
        """Choose a place with its number key, then press the step's key (by Tab: choose it in the step's form)."""
        if self.by_tab:
            self._select(self._form(step).locator("select[data-place-select]"), str(place))
            self._send(step)
            return
        self._press(str(place))
        self.page.keyboard.press(self.controls[step].key)

    def _find_starting_position(self, place: int) -> None:
        self._take_place_step("find_starting_position", place)

    def _deliver_stack(self, place: int) -> None:
        self._take_place_step("deliver_stack", place)

    def _reveal_player_hand(self, seat: int) -> None:
        self._take_place_step("reveal_player_hand", seat)

    def _reset_fouled_hand(self, seat: int) -> None:
        self._pick_seat(seat)
        self._send("reset_fouled_hand")

    def _set_dealer_hand(self, low: str) -> None:
        for card in low.split():
            if self.by_tab:
                self._check(self.page.locator(f'#felt input[name="low"][value="{card}"]'), True)
            else:
                self.page.locator(f'#felt label.card-pick:has(input[value="{card}"])').click()
        self._send("set_dealer_hand")

    def _declare_tiger_nine(self, tiger_nine: bool) -> None:
        if self.by_keys:
            control = self.controls["declare_tiger_nine"]
            self._send("declare_tiger_nine", control.key if tiger_nine else control.no_key)
        else:
            self._click(self._button("declare_tiger_nine").filter(has_text="yes" if tiger_nine else "no"))

    def _take_seat_step(self, step: str, seat: int) -> None:
        """Choose the seat in the step's own form and send the step."""
        self._select(self._form(step).locator('select[name="seat"]'), str(seat))
        self._click(self._button(step))

    def _refuse_late_wager(self, seat: int) -> None:
        self._take_seat_step("refuse_late_wager", seat)

    def _report_chip_mismatch(self, seat: int) -> None:
        self._take_seat_step("report_chip_mismatch", seat)

    def _deal_card(self, position: str) -> None:
        """Down Under Blackjack: choose the box (0 is the dealer) with its number key, then deal; a split hand from
        the list."""
        if position.endswith(SPLIT_SUFFIX):
            self._take_hand_step("deal_card", position)
            return
        self._take_place_step("deal_card", 0 if position == DEALER_BOX else int(position.removeprefix("seat ")))

    def _take_carnival_place_step(self, step: str, position: str) -> None:
        """A carnival poker step at a place: "dealer" is place 0, "seat 3" place 3."""
        self._take_place_step(step, 0 if position == DEALER_BOX else int(position.removeprefix("seat ")))

    def _deal_hand(self, position: str) -> None:
        self._take_carnival_place_step("deal_hand", position)

    def _reveal_hand(self, position: str) -> None:
        self._take_carnival_place_step("reveal_hand", position)

    def _read_hand(self, position: str, hand: str) -> None:
        self._select(self._form("read_hand").locator('select[name="hand"]'), hand)
        self._take_carnival_place_step("read_hand", position)

    def _deal_community_cards(self, cards: int) -> None:
        self._fill(self._form("deal_community_cards").get_by_label("Community cards"), str(cards))
        self._send("deal_community_cards")

    def _correct_play_wager(self, seat: int, amount: int) -> None:
        form = self._form("correct_play_wager")
        self._pick_seat(seat)
        self._type_amount(form, amount)
        self._send("correct_play_wager")

    def _return_wager(self, seat: int, spot: str) -> None:
        self._choose_wager(seat, spot)
        self._send("return_wager")

    def _qualify_dealer(self, qualifies: bool) -> None:
        if self.by_keys:
            control = self.controls["qualify_dealer"]
            self._send("qualify_dealer", control.key if qualifies else control.no_key)
        else:
            self._click(self._button("qualify_dealer").filter(has_text="yes" if qualifies else "no"))

    def _take_hand_step(self, step: str, position: str, amount: int | None = None) -> None:
        """Down Under Blackjack: choose a player's hand in the step's form ("3s" is seat 3's split hand), then send."""
        form = self._form(step)
        place = position.removeprefix("seat ").replace(SPLIT_SUFFIX, SPLIT_PLACE)
        self._select(form.locator("select[data-place-select]"), place)
        if amount is None:
            self._send(step)
        else:
            self._pay_from_rack(form, step, amount)

    def _confirm_decision(self, position: str) -> None:
        self._take_hand_step("confirm_decision", position)

    def _split_pair(self, seat: int) -> None:
        self._take_seat_step("split_pair", seat)

    def _pay_blackjack_wager(self, position: str, amount: int) -> None:
        self._take_hand_step("pay_blackjack_wager", position, amount)

    def _push_blackjack_wager(self, position: str) -> None:
        self._take_hand_step("push_blackjack_wager", position)

    def _collect_blackjack_wager(self, position: str) -> None:
        self._take_hand_step("collect_blackjack_wager", position)

    def _settle_losing_match_wager(self, seat: int) -> None:
        self._pick_seat(seat)
        self._send("settle_losing_match_wager")

    def _confirm_mystery_light(self, seat: int) -> None:
        self._pick_seat(seat)
        self._send("confirm_mystery_light")

    def _pay_mystery_bonus(self, seat: int, amount: int, source: str) -> None:
        form = self._form("pay_mystery_bonus")
        self._pick_seat(seat)
        self._select(form.locator('select[name="source"]'), source)
        self._pay_from_rack(form, "pay_mystery_bonus", amount, source)

    def _confirm_progressive_hand(self, seat: int, hand: str) -> None:
        form = self._form("confirm_progressive_hand")
        self._pick_seat(seat)
        self._select(form.locator('select[name="hand"]'), hand)
        self._send("confirm_progressive_hand")

    def _confirm_progressive_light(self, seat: int) -> None:
        self._pick_seat(seat)
        self._send("confirm_progressive_light")

    def _pay_progressive_win(self, seat: int, amount: int, source: str) -> None:
        form = self._form("pay_progressive_win")
        self._pick_seat(seat)
        self._select(form.locator('select[name="source"]'), source)
        self._pay_from_rack(form, "pay_progressive_win", amount, source)
