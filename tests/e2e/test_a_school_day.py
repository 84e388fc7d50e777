"""Issue 22's school day in one browser test, at a school whose passed exams wait for an instructor's sign-off.

An administrator imports a class with mixed-case e-mail addresses into a cohort instructor1 teaches; the instructor
builds a Down Under Blackjack scenario from its own form, the engine taking every step but "No more bets", previews
the felt, publishes and assigns it; a trainee logs in with her address in another case, chooses her own password and
deals the assignment; the instructor then schedules an exam of the scenario (an open exam's scenario cannot be
practised), and the trainee sits it and passes; her certificate waits until the instructor signs off; it carries the
school's name, verifies by its code on the look-up form, and once revoked its PDF is stamped REVOKED. axe finds no
WCAG 2.1 AA violation on any page of the day.
"""

import datetime
import re
from io import BytesIO

import pytest
from accessibility import wcag_violations
from live_table import (
    SIGNING_SCHOOL,
    LiveSchool,
    TablePage,
    choose_own_password,
    log_in,
    open_from_the_header,
    shown_name,
)
from playwright.sync_api import Download, Page, expect
from pypdf import PdfReader
from test_certificates_in_the_browser import certificate_code
from test_scenario_builder import publish_from_the_preview

pytestmark = pytest.mark.e2e

COHORT = "Day class"
SCENARIO = "No more bets at Down Under"
ROSTER = 'name,email\n"Lopez, Maria",Maria.Lopez@Example.org\nSean O\'Brien,SEAN.OBRIEN@example.org\n'
MARIA = "maria.lopez@example.org"
REASON = "Issued before the practical assessment."


def check_axe(page: Page, what: str) -> None:
    """Fail with axe's findings when the page as it stands has any WCAG 2.1 AA violation."""
    assert wcag_violations(page) == [], what


def import_the_class(page: Page, school: LiveSchool) -> None:
    """The administrator creates the cohort, taught by instructor1, and imports two trainees; Maria's password kept."""
    open_from_the_header(page, "Cohorts")
    check_axe(page, "the administrator's cohorts")
    page.get_by_role("link", name="New cohort").click()
    page.get_by_label("instructor1").check()
    page.get_by_label("Name").fill(COHORT)
    check_axe(page, "a new cohort, the administrator's")
    page.get_by_role("button", name="Create the cohort").click()
    page.get_by_role("link", name="Import a CSV of trainees").click()
    page.get_by_label("Or paste the CSV").fill(ROSTER)
    page.get_by_role("button", name="Check the CSV").click()
    expect(page.get_by_role("status")).to_contain_text("These 2 trainee accounts will be created")
    check_axe(page, "the import's preview")
    page.get_by_role("button", name="Create the 2 accounts").click()
    row = page.get_by_role("row").filter(has=page.get_by_role("rowheader", name=MARIA))
    school.passwords[MARIA] = row.locator("code.password").inner_text()
    check_axe(page, "the new accounts' passwords")
    page.get_by_role("link", name=f"Back to {COHORT}").click()
    for name in ("Maria Lopez", "Sean O'Brien"):
        expect(page.get_by_role("rowheader", name=name)).to_be_visible()
    check_axe(page, "the imported cohort")


def build_preview_and_publish(page: Page) -> None:
    """The instructor builds the Down Under scenario, the engine taking all but "No more bets", and publishes it."""
    open_from_the_header(page, "Scenarios")
    page.get_by_role("link", name="Build a new scenario").click()
    page.get_by_label("Game").select_option(label="Down Under Blackjack")
    expect(page.get_by_role("group", name="Seats and wagers")).to_contain_text("Betting areas: Blackjack")
    check_axe(page, "the Down Under builder")
    page.get_by_label("Name").fill(SCENARIO)
    engine = page.get_by_role("group", name="What the engine does")
    for step in engine.get_by_role("checkbox").all():
        step.check()
    engine.get_by_label("Announce no more bets").uncheck()
    page.get_by_role("button", name="Save and preview").click()
    expect(page.get_by_role("heading", name=f"Preview: {SCENARIO}, version 1")).to_be_visible()
    expect(page.locator(".preview-felt #felt")).to_be_visible()
    check_axe(page, "the Down Under preview")
    publish_from_the_preview(page, 1)


def assign_it(page: Page) -> None:
    """The instructor assigns the scenario to the whole cohort, one pass due in a week."""
    open_from_the_header(page, "Cohorts")
    page.get_by_role("link", name=COHORT).click()
    page.get_by_role("link", name="Assignments", exact=True).click()
    page.get_by_label("Scenario").select_option(label=SCENARIO)
    page.get_by_label("Due date").fill((datetime.date.today() + datetime.timedelta(days=7)).isoformat())
    page.get_by_label("Passes required").fill("1")
    page.get_by_role("button", name="Assign").click()
    maria = page.get_by_role("row").filter(has=page.get_by_role("rowheader", name="Maria Lopez"))
    expect(maria).to_contain_text("0 of 1")
    check_axe(page, "the cohort's assignments")


def schedule_the_exam(page: Page) -> str:
    """The instructor schedules a one-scenario exam for the cohort; its address."""
    open_from_the_header(page, "Exams")
    page.get_by_role("link", name="Schedule an exam").click()
    page.get_by_label("Name").fill("Down Under certification")
    page.get_by_label("Cohort").select_option(label=COHORT)
    page.get_by_label("Scenario 1").select_option(label=f"{SCENARIO} (version 1)")
    page.get_by_role("button", name="Schedule the exam").click()
    expect(page.get_by_role("heading", name="Down Under certification")).to_be_visible()
    check_axe(page, "the exam, the instructor's page")
    return page.url


def log_in_with_another_case(page: Page, school: LiveSchool) -> None:
    """Maria types her address as the CSV spelled it and replaces the first password with her own."""
    page.goto("/login/")
    page.get_by_label("Username").fill("Maria.Lopez@Example.org")
    page.get_by_label("Password").fill(school.passwords[MARIA])
    page.get_by_role("button", name="Log in").click()
    expect(page.get_by_role("heading", name="Change your password")).to_be_visible()
    check_axe(page, "the first password's change")
    choose_own_password(page, school, MARIA)
    expect(page.get_by_role("heading", name="Welcome, Maria")).to_be_visible()


def deal_the_only_step(page: Page, school: LiveSchool) -> TablePage:
    """Deal the round the page opens: "No more bets" by its key, the engine doing the rest.

    The round ends with that step, so its verdict shows at once even in an exam, whose results come at the end.
    """
    page.wait_for_url(re.compile(r"/rounds/\d+/$"))
    table = TablePage(page, school, int(page.url.rstrip("/").rsplit("/", 1)[1]))
    table.deal_correctly_until(lambda action: action is None, verdict='✓ Right: Announce "No more bets"')
    return table


def pdf_text(download: Download) -> str:
    """The text of a downloaded PDF certificate's page."""
    return str(PdfReader(BytesIO(download.path().read_bytes())).pages[0].extract_text())


def test_a_school_day_from_the_class_import_to_a_revoked_certificate(new_signing_page, signing_school: LiveSchool):
    school = signing_school
    administrator = new_signing_page()
    log_in(administrator, school, "admin1")
    import_the_class(administrator, school)

    instructor = new_signing_page()
    log_in(instructor, school, "instructor1")
    build_preview_and_publish(instructor)
    assign_it(instructor)

    trainee = new_signing_page()
    log_in_with_another_case(trainee, school)
    assignment = trainee.get_by_role("row").filter(has=trainee.get_by_role("rowheader", name=SCENARIO))
    check_axe(trainee, "the trainee's home with an assignment")
    assignment.get_by_role("button", name=f"Deal {SCENARIO}").click()
    table = deal_the_only_step(trainee, school)
    expect(table.score_card).to_contain_text("Score card: passed")
    trainee.goto("/")
    expect(assignment).to_contain_text("Done")

    exam_url = schedule_the_exam(instructor)
    trainee.goto(exam_url)
    check_axe(trainee, "the exam, the trainee's page")
    trainee.get_by_role("button", name="Begin sitting 1 of 1").click()
    table = deal_the_only_step(trainee, school)
    table.score_card.get_by_role("link", name="Back to your exam sitting").click()
    expect(trainee.locator(".result-outcome")).to_have_text("Passed")
    expect(trainee.locator("#certificate-waits")).to_contain_text("an instructor to sign off this result")
    expect(trainee.get_by_role("link", name="Download the PDF certificate")).to_have_count(0)
    check_axe(trainee, "a passed sitting waiting for the sign-off")

    instructor.goto(trainee.url)
    check_axe(instructor, "a passed sitting waiting for the sign-off, the instructor's page")
    instructor.get_by_role("button", name="Sign off the result…").click()
    check_axe(instructor, "asking before signing off a result")
    instructor.get_by_role("button", name="Sign off the result", exact=True).click()
    expect(instructor.get_by_text(f"Signed off by {school.query(shown_name, 'instructor1')} on")).to_be_visible()
    check_axe(instructor, "a signed-off sitting with its certificate")

    trainee.reload()
    with trainee.expect_download() as download:
        trainee.get_by_role("link", name="Download the PDF certificate").click()
    text = pdf_text(download.value)
    code = school.query(certificate_code, MARIA)
    assert SIGNING_SCHOOL in text and "Maria Lopez" in text and code in text

    public = new_signing_page()
    public.goto("/verify/")
    check_axe(public, "the look-up form")
    public.get_by_label("Verification code").fill(code)
    public.get_by_role("button", name="Verify").click()
    expect(public.get_by_role("status")).to_contain_text("This certificate is valid")
    expect(public.locator(".facts")).to_contain_text(SIGNING_SCHOOL)
    expect(public.locator(".facts")).to_contain_text("Maria Lopez")
    check_axe(public, "verify, valid")

    instructor.get_by_label("Reason for revoking").fill(REASON)
    instructor.get_by_role("button", name="Revoke the certificate…").click()
    check_axe(instructor, "asking before revoking a certificate")
    instructor.get_by_role("button", name="Revoke the certificate", exact=True).click()
    expect(instructor.get_by_text("revoked", exact=True)).to_be_visible()
    check_axe(instructor, "a sitting with a revoked certificate")
    public.reload()
    expect(public.get_by_role("status")).to_contain_text("This certificate is revoked")
    check_axe(public, "verify, revoked")
    trainee.reload()
    with trainee.expect_download() as download:
        trainee.get_by_role("link", name="Download the PDF certificate").click()
    assert "REVOKED" in pdf_text(download.value)
