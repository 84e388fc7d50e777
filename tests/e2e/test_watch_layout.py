"""A watched round's felt and its flag controls fit a laptop's and a tablet's screen, as the dealing table's do.

Issue 33 item 2, with issue 10's screens: at 1366×768 and 768×1024, the page at its top, the felt (the game's own,
at a step late in the round, so that the hands and the chips paid are on it), the Next step and Flag buttons and the
flag form's fields lie wholly in the viewport, and nothing sticks out of the page's side.
"""

import random

import pytest
from django.contrib.auth import get_user_model
from live_table import PRACTICE_TABLE, LiveSchool, log_in
from playwright.sync_api import expect

from simulator.surveillance.watching import watched_log
from surveillance.models import WatchedRound
from surveillance.watches import deal_watched, show_next
from trainer.models import Table

pytestmark = pytest.mark.e2e

SCREENS = {"laptop": {"width": 1366, "height": 768}, "tablet-portrait": {"width": 768, "height": 1024}}
"""The screens issue 10 names."""
OUT_OF_SIGHT = """(selectors) => selectors
  .map((selector) => [selector, document.querySelector(selector).getBoundingClientRect()])
  .filter(([, box]) => box.top < 0 || box.left < 0 || box.bottom > innerHeight || box.right > innerWidth)
  .map(([selector, box]) => `${selector} at ${Math.round(box.top)}–${Math.round(box.bottom)}px of ${innerHeight}`)"""
"""Which of the selectors' elements lie outside the viewport."""
IN_SIGHT = ("#watch-felt #felt", "#watch-step", "#flag-place", "#flag-kind", "#flag-clause", "#watch-flag button")
"""The felt and every control a watcher needs at a step: the next step, and the flag's fields and button."""


def watched_late(username: str) -> int:
    """A watched round of the practice table for the trainee, shown up to its third step from the end.

    Of the rounds of the first seeds, the one with the most positions in play: the tallest felt.
    """
    trainee = get_user_model().objects.get(username=username)
    table = Table.objects.get(name=PRACTICE_TABLE)
    rounds = [deal_watched(table, seed, random.Random(seed), 3) for seed in range(1, 13)]
    watched = max(rounds, key=lambda round_: len({step.place for step in round_.steps}))
    record = WatchedRound.objects.create(trainee=trainee, table=table, log=watched_log(watched), shown_ms=[0])
    while (shown := WatchedRound.objects.get(pk=record.pk).shown) < len(watched.steps) - 2:
        show_next(record.pk, shown)
    return record.pk


@pytest.mark.parametrize("screen", SCREENS)
def test_the_felt_and_the_flag_controls_are_in_sight_on_a_laptop_and_a_tablet(new_page, school: LiveSchool, screen):
    page = new_page()
    page.set_viewport_size(SCREENS[screen])
    log_in(page, school, "trainee2")
    page.goto(f"/watched/{school.query(watched_late, 'trainee2')}/")
    expect(page.locator("#watch-felt #felt .position.occupied").first).to_be_visible()
    page.evaluate("window.scrollTo(0, 0)")
    assert page.evaluate(OUT_OF_SIGHT, list(IN_SIGHT)) == []
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
