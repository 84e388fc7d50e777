"""WCAG 1.4.3 and 2.4.7 on the felt, measured on the rendered pixels: words at 4.5:1, a focus ring at 3:1.

axe cannot read a gradient, so each test screenshots the element and compares its glyphs' strongest colour with
the commonest colour of its box (the felt under it); the focus ring is compared with the paper it is drawn on.
"""

import pytest
from contrast import colour_counts, contrast, dominant, text_contrast
from live_table import PRACTICE_TABLE, LiveSchool, TablePage, log_in, seat_trainee
from playwright.sync_api import Page
from test_table_layout import seat_every_wager

pytestmark = pytest.mark.e2e

TEXT = 4.5
FOCUS_RING = 3.0
FULL_TABLE_WORDS = (
    "#felt .area.settled-collect .chip",
    "#felt .settle-mark",
    "#felt .tiger-call",
    "#felt .hand-area-label",
    "#felt .area-label",
    "#felt .seat-pick",
    "#felt .felt-title",
    "#felt .die-name",
)
"""Words on the felt of a full table at the end of the round: lost chips, marks, the Tiger 9 call, labels."""
OPENING_WORDS = ("#felt .empty-seat", "#felt .hand-area.empty .hand-area-label", "#felt .seat-pick")
"""Words on the felt at a round's opening: open seats and the dealer's empty hand areas."""


def low_contrast(page: Page, selectors: tuple[str, ...]) -> list[str]:
    """Each element (up to three of each selector) whose words measure under 4.5:1, with its ratio."""
    failing = []
    for selector in selectors:
        elements = page.locator(selector)
        assert elements.count() > 0, f"nothing matches {selector}"
        for index in range(min(elements.count(), 3)):
            ratio = text_contrast(page, elements.nth(index))
            if ratio < TEXT:
                failing.append(f"{selector} #{index} {elements.nth(index).inner_text()!r}: {ratio:.2f}:1")
    return failing


def test_the_words_on_a_full_tables_felt_have_a_contrast_of_4_5_to_1(new_page, school: LiveSchool):
    page = new_page()
    log_in(page, school, "trainee1")
    TablePage(page, school, school.query(seat_every_wager, "trainee1"))
    assert low_contrast(page, FULL_TABLE_WORDS) == []


def test_the_words_on_a_felt_at_the_opening_have_a_contrast_of_4_5_to_1(new_page, school: LiveSchool):
    page = new_page()
    log_in(page, school, "trainee1")
    TablePage(page, school, school.query(seat_trainee, "trainee1", PRACTICE_TABLE, seed_value=3))
    assert low_contrast(page, OPENING_WORDS) == []


def test_the_focus_ring_on_the_paper_control_panel_has_a_contrast_of_3_to_1(new_page, school: LiveSchool):
    page = new_page()
    log_in(page, school, "trainee1")
    TablePage(page, school, school.query(seat_trainee, "trainee1", PRACTICE_TABLE, seed_value=3))
    control = page.locator("#controls button.shortcuts-open")
    page.keyboard.press("Shift+Tab")
    control.focus()
    box = control.bounding_box()
    assert box is not None
    ring = {"x": box["x"], "y": box["y"] + box["height"] + 2, "width": box["width"], "height": 3}
    drawn = dominant(colour_counts(page, page.screenshot(clip=ring)))
    control.blur()
    paper = dominant(colour_counts(page, page.screenshot(clip=ring)))
    assert drawn != paper, "no focus ring drawn"
    assert contrast(drawn, paper) >= FOCUS_RING, f"{drawn} on {paper}: {contrast(drawn, paper):.2f}:1"
