"""WCAG 1.4.3 for every badge and link, measured on the rendered pixels against what is drawn under it.

axe skips words over the felt's gradient and badges outlined in their own colour, so each badge and link a
trainee or an instructor sees has its glyphs compared with the pixels drawn under them, from one pair of
screenshots (as drawn and glyphless) per scroll position of the page.
"""

from itertools import islice

import pytest
from contrast import lowest_contrasts
from live_table import PRACTICE_TABLE, LiveSchool, TablePage, log_in, seat_trainee
from playwright.sync_api import Page
from test_replay_in_the_browser import finished_with_wrong_openings

pytestmark = pytest.mark.e2e

TEXT = 4.5
BADGES_AND_LINKS = "main a, main .badge, main .provenance, main .severity, .site-header a"
"""Every link and every badge: status, mode, provenance (regulation, inferred, house) and severity."""
EACH_PAGE_AT_MOST = 40
"""Enough to reach each kind of badge and link on a page without measuring a long list's every line."""


def low_contrast(page: Page) -> list[str]:
    """Each visible badge or link of the page whose words measure under 4.5:1, with its ratio and page."""
    elements = page.locator(BADGES_AND_LINKS)
    every = (elements.nth(index) for index in range(elements.count()))
    shown = list(islice((e for e in every if e.is_visible() and e.inner_text().strip()), EACH_PAGE_AT_MOST))
    assert shown, f"no badge or link measured on {page.url}"
    failing = []
    for element, ratio in zip(shown, lowest_contrasts(page, shown), strict=True):
        if ratio < TEXT:
            classes = element.get_attribute("class") or element.evaluate("e => e.tagName")
            failing.append(f"{page.url} {classes} {element.inner_text()!r}: {ratio:.2f}:1")
    return failing


def open_every_paytable_sign(page: Page) -> None:
    """Unfold the table's posted panel and each paytable sign in it, so its provenance badge and table are drawn."""
    page.locator("#posted > summary").click()
    summaries = page.locator(".paytable-sign summary")
    assert summaries.count() > 0, "no paytable posted at the table"
    for index in range(summaries.count()):
        summaries.nth(index).click()


def test_the_badges_on_the_felts_posted_paytables_and_status_read_at_4_5_to_1(new_page, school: LiveSchool):
    page = new_page()
    log_in(page, school, "trainee1")
    TablePage(page, school, school.query(seat_trainee, "trainee1", PRACTICE_TABLE, seed_value=3))
    open_every_paytable_sign(page)
    assert page.locator(".paytable-signs .provenance").first.is_visible()
    failing = low_contrast(page)
    assert not failing, "\n".join(failing)


def test_the_replays_links_and_a_wrong_steps_citation_read_at_4_5_to_1(new_page, school: LiveSchool):
    attempt_id = school.query(finished_with_wrong_openings, "trainee1", 21, 1)
    page = new_page()
    log_in(page, school, "trainee1")
    page.goto(f"/rounds/{attempt_id}/replay/?step=1")
    assert page.locator("#replay-grade .provenance").is_visible()
    failing = low_contrast(page)
    assert not failing, "\n".join(failing)


@pytest.mark.parametrize(
    ("username", "path"),
    [
        ("trainee1", "/"),
        ("trainee1", "/tables/"),
        ("trainee1", "/history/"),
        ("trainee1", "/drills/"),
        ("trainee1", "/drills/mistakes/"),
        ("trainee1", "/provenance/"),
        ("trainee1", "/record/"),
        ("instructor1", "/cohorts/"),
        ("instructor1", "/scenarios/"),
        ("instructor1", "/exams/"),
        ("instructor1", "/rules-submission/"),
    ],
)
def test_the_badges_and_links_of_each_page_read_at_4_5_to_1(new_page, school: LiveSchool, username, path):
    page = new_page()
    log_in(page, school, username)
    page.goto(path)
    failing = low_contrast(page)
    assert not failing, "\n".join(failing)
