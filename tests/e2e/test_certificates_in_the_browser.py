"""Exams and certificates in Chromium: an instructor schedules a one-round exam, a trainee passes it and downloads
the PDF certificate, its address opens the public page saying valid; revoked by the instructor, the page says so.
axe finds no WCAG 2.1 AA violation on any of these pages."""

import re
from io import BytesIO

import pytest
from accessibility import wcag_violations
from django.contrib.auth import get_user_model
from live_table import LiveSchool, TablePage, log_in, open_from_the_header
from playwright.sync_api import expect
from pypdf import PdfReader

from certification.models import Certificate
from scenarios.scenario_versions import create_scenario, publish
from simulator.games import GAMES
from simulator.scenarios import ScenarioSpec, game_steps

pytestmark = pytest.mark.e2e

SCENARIO = "One-step exam drill"


def publish_one_step_scenario(name: str = SCENARIO) -> None:
    """A Pai Gow Poker scenario, published by instructor1, whose only step left to the trainee is clearing the table."""
    steps = game_steps(GAMES["pai-gow-poker"])
    spec = ScenarioSpec.from_json(
        {"game": "pai-gow-poker", "automations": [step for step in steps if step != "clear_table"], "mode": "exam"}
    )
    publish(create_scenario(name, get_user_model().objects.get(username="instructor1"), spec))


def name_trainee(username: str, first_name: str, last_name: str) -> None:
    """Give a demo trainee the full name this test's certificate must carry, in place of the demo one."""
    get_user_model().objects.filter(username=username).update(first_name=first_name, last_name=last_name)


def certificate_code(username: str) -> str:
    """The code of the trainee's newest certificate."""
    return (
        Certificate.objects.filter(trainee__username=username).order_by("-issued_at").values_list("code", flat=True)[0]
    )


def test_a_trainee_passes_an_exam_downloads_the_certificate_and_its_page_says_valid_then_revoked(
    new_page, school: LiveSchool
):
    school.query(publish_one_step_scenario)
    school.query(name_trainee, "trainee1", "Maria", "Lopez")
    instructor = new_page()
    log_in(instructor, school, "instructor1")
    open_from_the_header(instructor, "Exams")
    assert wcag_violations(instructor) == [], "exams, an instructor's"
    instructor.get_by_role("link", name="Schedule an exam").click()
    assert wcag_violations(instructor) == [], "schedule an exam"
    instructor.get_by_label("Name").fill("Dealer certification")
    instructor.get_by_label("Cohort").select_option(label="Demo cohort")
    instructor.get_by_label("Scenario 1").select_option(label=f"{SCENARIO} (version 1)")
    closes = instructor.get_by_label("Closes")
    opening_week = closes.input_value()
    closes.fill("2026-01-01T09:00")
    instructor.get_by_role("button", name="Schedule the exam").click()
    expect(instructor.get_by_text("The exam must close after it opens.")).to_be_visible()
    assert wcag_violations(instructor) == [], "schedule an exam, with an error"
    instructor.get_by_label("Closes").fill(opening_week)
    instructor.get_by_role("button", name="Schedule the exam").click()
    expect(instructor.get_by_role("heading", name="Dealer certification")).to_be_visible()
    assert wcag_violations(instructor) == [], "an exam, the instructor's page"

    trainee = new_page()
    log_in(trainee, school, "trainee1")
    open_from_the_header(trainee, "Exams")
    trainee.get_by_role("link", name="Dealer certification").click()
    assert wcag_violations(trainee) == [], "an exam, the trainee's page"
    trainee.get_by_role("button", name="Begin sitting 1 of 1").click()
    trainee.wait_for_url(re.compile(r"/rounds/\d+/$"))
    table = TablePage(trainee, school, int(trainee.url.rstrip("/").rsplit("/", 1)[1]))
    table.deal_correctly_until(lambda action: action is None, verdict="Step recorded")
    expect(table.score_card).to_contain_text("Score card")
    table.score_card.get_by_role("link", name="Back to your exam sitting").click()
    expect(trainee.locator(".result-outcome")).to_have_text("Passed")
    assert wcag_violations(trainee) == [], "a passed sitting"

    with trainee.expect_download() as download:
        trainee.get_by_role("link", name="Download the PDF certificate").click()
    text = PdfReader(BytesIO(download.value.path().read_bytes())).pages[0].extract_text()
    code = school.query(certificate_code, "trainee1")
    address = f"{school.url}/verify/{code}/"
    assert code in text and address in text

    public = new_page()
    public.goto(address)
    expect(public.get_by_role("status")).to_contain_text("This certificate is valid")
    expect(public.locator(".facts")).to_contain_text("Pai Gow Poker")
    assert wcag_violations(public) == [], "verify, valid"

    instructor.goto(trainee.url)
    instructor.get_by_label("Reason for revoking").fill("Issued before the practical assessment.")
    instructor.get_by_role("button", name="Revoke the certificate…").click()
    expect(instructor.get_by_role("heading", name=re.compile("^Revoke the certificate of"))).to_be_visible()
    expect(instructor.get_by_label("Reason for revoking")).to_have_value("Issued before the practical assessment.")
    assert wcag_violations(instructor) == [], "asking before revoking a certificate"
    instructor.get_by_role("button", name="Revoke the certificate", exact=True).click()
    expect(instructor.get_by_text("revoked", exact=True)).to_be_visible()
    assert wcag_violations(instructor) == [], "a sitting with a revoked certificate, the instructor's page"

    public.reload()
    expect(public.get_by_role("status")).to_contain_text("This certificate is revoked")
    expect(public.get_by_role("status")).to_contain_text("Reason: Issued before the practical assessment.")
    assert wcag_violations(public) == [], "verify, revoked"
