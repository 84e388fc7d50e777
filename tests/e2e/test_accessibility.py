"""WCAG 2.1 A and AA, checked by axe-core in Chromium on every page and state of the school."""

import datetime
import re

import pytest
from accessibility import wcag_violations
from django.contrib.auth import get_user_model
from django.utils import timezone
from live_table import INSTRUCTOR_TABLE, PRACTICE_TABLE, LiveSchool, TablePage, log_in, seat_trainee, shown_name
from playwright.sync_api import expect

from scenarios.scenario_versions import create_scenario, publish
from school.models import Assignment, Cohort
from simulator.scenarios import ScenarioSpec
from surveillance.models import WatchedRound
from surveillance.watches import replayed, show_next, start_watch
from trainer.models import Mode, Table

pytestmark = pytest.mark.e2e


def test_every_page_a_trainee_sees_has_no_wcag_21_aa_violation(new_page, school: LiveSchool):
    page = new_page()
    page.goto("/login/")
    assert wcag_violations(page) == [], "login"
    log_in(page, school, "trainee1")
    assert wcag_violations(page) == [], "home"
    for path in ("/tables/", "/history/"):
        page.goto(path)
        assert wcag_violations(page) == [], path
    for path, status in (("/scenarios/", 403), ("/rounds/999999/", 404)):
        assert page.goto(path).status == status
        assert wcag_violations(page) == [], f"the {status} page"
    table = TablePage(page, school, school.query(seat_trainee, "trainee1", PRACTICE_TABLE, seed_value=3))
    assert wcag_violations(page) == [], "the table, opening"
    table.deal_correctly_until(lambda action: action.step == "reveal_player_hand")
    assert wcag_violations(page) == [], "the table, mid-round"
    table.deal_correctly_until(lambda action: action is None)
    assert wcag_violations(page) == [], "the table with its score card"
    for path in ("/drills/", "/drills/mistakes/"):
        page.goto(path)
        assert wcag_violations(page) == [], path


def test_the_watch_page_has_no_wcag_21_aa_violation(new_page, school: LiveSchool):
    page = new_page()
    log_in(page, school, "instructor1")
    page.goto(f"/rounds/{school.query(seat_trainee, 'trainee2', INSTRUCTOR_TABLE, seed_value=5)}/")
    expect(page.locator("body[data-ws-ready]")).to_have_count(1)
    assert wcag_violations(page) == []


def test_the_login_page_with_an_error_and_an_exam_from_its_opening_to_its_score_card_have_no_violation(
    new_page, school: LiveSchool
):
    page = new_page()
    page.goto("/login/")
    page.get_by_label("Username").fill("trainee2")
    page.get_by_label("Password").fill("not the password")
    page.get_by_role("button", name="Log in").click()
    expect(page.get_by_role("alert")).to_be_visible()
    assert wcag_violations(page) == [], "login with an error"
    log_in(page, school, "trainee2")
    table = TablePage(page, school, school.query(seat_trainee, "trainee2", PRACTICE_TABLE, Mode.EXAM, seed_value=3))
    assert wcag_violations(page) == [], "an exam, opening"
    table.take("select_shaker_player", {"seat": 1})
    expect(table.feedback).to_contain_text("Step recorded")
    assert wcag_violations(page) == [], "an exam after a wrong step"
    table.deal_correctly_until(lambda action: action is None, verdict="Step recorded")
    expect(table.score_card).to_contain_text("Score card")
    assert wcag_violations(page) == [], "an exam's score card"
    page.goto("/drills/mistakes/")
    expect(page.get_by_role("heading", level=2).first).to_be_visible()
    assert wcag_violations(page) == [], "my mistakes, after the exam's wrong step"


def test_the_replay_and_the_errors_by_clause_pages_have_no_wcag_21_aa_violation(new_page, school: LiveSchool):
    page = new_page()
    log_in(page, school, "trainee2")
    table = TablePage(page, school, school.query(seat_trainee, "trainee2", PRACTICE_TABLE, seed_value=4))
    table.deal_correctly_until(lambda action: action is None)
    page.get_by_role("link", name="Replay this round step by step").click()
    assert wcag_violations(page) == [], "the replay, as dealt"
    page.goto(f"/rounds/{table.attempt_id}/replay/?step=12")
    assert wcag_violations(page) == [], "the replay, mid-round"
    page.get_by_role("link", name="Next step →").click()
    expect(page.locator("#replay-announce")).to_contain_text("Position 13 of")
    assert wcag_violations(page) == [], "the replay after a step forward"
    page.goto("/history/")
    assert wcag_violations(page) == [], "the history with its replay links"
    log_in(page, school, "instructor1")
    page.goto("/cohorts/")
    page.get_by_role("link", name="Demo cohort").click()
    page.get_by_role("link", name="Errors by clause of trainee2").click()
    expect(
        page.get_by_role("heading", name=f"Errors by clause: {school.query(shown_name, 'trainee2')}")
    ).to_be_visible()
    assert wcag_violations(page) == [], "one trainee's errors by clause"


def assign_to_the_demo_cohort() -> int:
    """A published scenario assigned to the demo cohort, overdue since yesterday; the cohort's id."""
    instructor = get_user_model().objects.get(username="instructor1")
    spec = ScenarioSpec.from_json({"game": "pai-gow-poker"})
    scenario = publish(create_scenario("Overdue drill", instructor, spec)).scenario
    cohort = Cohort.objects.get(instructors=instructor, trainees__username="trainee1")
    yesterday = timezone.localdate() - datetime.timedelta(days=1)
    Assignment.objects.create(scenario=scenario, cohort=cohort, due_on=yesterday, passes_required=2)
    return cohort.pk


def test_the_homes_with_assignments_and_live_tables_and_a_cohorts_assignments_have_no_violation(
    new_page, school: LiveSchool
):
    cohort_id = school.query(assign_to_the_demo_cohort)
    school.query(seat_trainee, "trainee2", PRACTICE_TABLE, seed_value=4)
    trainee = new_page()
    log_in(trainee, school, "trainee1")
    expect(trainee.get_by_role("row").filter(has_text="Overdue drill")).to_contain_text("Overdue")
    assert wcag_violations(trainee) == [], "a trainee's home with an overdue assignment"
    instructor = new_page()
    log_in(instructor, school, "instructor1")
    expect(instructor.get_by_role("link", name="Watch trainee2", exact=False).first).to_be_visible()
    expect(instructor.get_by_text("Overdue drill, due")).to_be_visible()
    assert wcag_violations(instructor) == [], "an instructor's home with live tables and overdue work"
    instructor.goto(f"/cohorts/{cohort_id}/assignments/")
    expect(instructor.get_by_role("heading", name="Overdue drill", exact=False)).to_be_visible()
    assert wcag_violations(instructor) == [], "a cohort's assignments with progress"
    instructor.get_by_role("link", name=re.compile("Withdraw Overdue drill, due")).click()
    expect(instructor.get_by_role("heading", name=re.compile(r"Withdraw Overdue drill, due .*\?"))).to_be_visible()
    assert wcag_violations(instructor) == [], "the confirmation before withdrawing an assignment"
    instructor.get_by_role("link", name="Cancel").click()
    expect(instructor.get_by_role("heading", name="Overdue drill", exact=False)).to_be_visible()
    instructor.get_by_role("link", name=re.compile("Withdraw Overdue drill")).click()
    instructor.get_by_role("button", name="Withdraw the assignment").press("Enter")
    expect(instructor.get_by_text("Nothing is assigned to this cohort yet.")).to_be_visible()


def test_the_exam_and_records_pages_and_the_unknown_certificate_page_have_no_wcag_21_aa_violation(
    new_page, school: LiveSchool
):
    page = new_page()
    page.goto("/verify/no-such-code/")
    expect(page.get_by_role("heading", name="No such certificate")).to_be_visible()
    assert wcag_violations(page) == [], "verify, unknown code"
    log_in(page, school, "instructor1")
    for path in ("/exams/", "/exams/new/", "/exports/"):
        page.goto(path)
        assert wcag_violations(page) == [], path
    page.get_by_label("Cohort").select_option(label="Demo cohort")
    page.get_by_label("From (day)").fill("2026-03-12")
    page.get_by_label("To (day, included)").fill("2026-03-11")
    page.get_by_role("button", name="Download the attempts (CSV)").click()
    expect(page.get_by_text("The range must end on or after the day it starts.")).to_be_visible()
    assert wcag_violations(page) == [], "records with an error"
    trainee = new_page()
    log_in(trainee, school, "trainee2")
    trainee.goto("/exams/")
    assert wcag_violations(trainee) == [], "exams, a trainee's"


def test_the_gradebooks_and_my_record_have_no_wcag_21_aa_violation(new_page, school: LiveSchool):
    cohort_id = school.query(assign_to_the_demo_cohort)
    trainee = new_page()
    log_in(trainee, school, "trainee2")
    table = TablePage(trainee, school, school.query(seat_trainee, "trainee2", PRACTICE_TABLE, Mode.EXAM, seed_value=3))
    table.take("select_shaker_player", {"seat": 1})
    expect(table.feedback).to_contain_text("Step recorded")
    table.deal_correctly_until(lambda action: action is None, verdict="Step recorded")
    expect(table.score_card).to_contain_text("Score card")
    trainee.get_by_role("link", name="My record").click()
    expect(trainee.get_by_role("heading", name="The clauses most often missed")).to_be_visible()
    assert wcag_violations(trainee) == [], "my record, with an assignment and a wrong step"
    instructor = new_page()
    log_in(instructor, school, "instructor1")
    instructor.goto(f"/cohorts/{cohort_id}/")
    instructor.get_by_role("link", name="Gradebook").click()
    expect(instructor.get_by_role("heading", name="Gradebook: Demo cohort")).to_be_visible()
    assert wcag_violations(instructor) == [], "a cohort's gradebook"
    instructor.get_by_role("row").filter(has_text="trainee2").get_by_role("link").click()
    expect(instructor.get_by_role("heading", name="Exam sittings")).to_be_visible()
    assert wcag_violations(instructor) == [], "a trainee's gradebook"


def watch_seeded(username: str, table_name: str) -> tuple[int, int, list[tuple[int, int, str]]]:
    """A watched round of three faults for a demo trainee: its id, its length and each fault's step, place and kind."""
    trainee = get_user_model().objects.get(username=username)
    record = start_watch(trainee, Table.objects.get(name=table_name), count=3)
    watched = replayed(record)
    return record.pk, len(watched.steps), [(fault.step, fault.place, fault.kind.value) for fault in watched.faults]


def shown_until(record_id: int, number: int) -> None:
    """Show the watched round's steps up to ``number``, as its page's Next step would, one request a step."""
    while (shown := WatchedRound.objects.get(pk=record_id).shown) < number:
        show_next(record_id, shown)


def test_a_trainee_watches_a_pai_gow_round_by_keyboard_flags_two_faults_misses_one_and_reads_the_debrief(
    new_page, school: LiveSchool
):
    page = new_page()
    log_in(page, school, "trainee1")
    page.goto("/tables/")
    page.get_by_role("button", name=f"Watch a round at {PRACTICE_TABLE}").press("Enter")
    expect(page.get_by_role("heading", name=f"Watch a round: {PRACTICE_TABLE}")).to_be_visible()
    announce = page.get_by_role("status")
    expect(announce).to_contain_text("Step 1:")
    felt = page.locator("#watch-felt")
    expect(felt.locator("#felt")).to_be_visible()
    expect(felt.get_by_role("group", name="Seat 1")).to_be_visible()
    page.get_by_role("button", name="Slower").press("Enter")
    expect(announce).to_contain_text("At 0.75 times the table's pace")
    faster = page.get_by_role("button", name="Faster")
    for _ in range(4):
        faster.press("Enter")
    expect(announce).to_contain_text("At 2 times the table's pace")
    expect(faster).to_have_attribute("aria-disabled", "true")
    page.get_by_role("button", name="Play").press("Enter")
    expect(announce).to_contain_text("Step 2:")
    page.get_by_role("button", name="Pause").press("Enter")
    expect(felt).to_have_attribute("data-place", re.compile(r"^[0-6]$"))
    assert wcag_violations(page) == [], "a watched round, playing"
    record_id, length, faults = school.query(watch_seeded, "trainee1", PRACTICE_TABLE)
    assert len(faults) == 3
    page.goto(f"/watched/{record_id}/")
    for number, (step, place, kind) in enumerate(faults[:2], start=1):
        school.query(shown_until, record_id, step - 1)
        page.reload()
        page.get_by_role("button", name="Next step").press("Enter")
        expect(announce).to_contain_text(f"Step {step}:")
        expect(felt).to_have_attribute("data-place", str(place))
        page.get_by_label("Where").select_option(str(place))
        page.get_by_label("Fault", exact=True).select_option(kind)
        page.get_by_role("button", name="Flag", exact=True).press("Enter")
        expect(announce).to_contain_text(f"Flag {number} raised at step {step}")
    assert wcag_violations(page) == [], "a watched round with two flags"
    school.query(shown_until, record_id, length - 1)
    page.reload()
    page.get_by_role("button", name="Next step").press("Enter")
    page.get_by_role("button", name="End the round and see the debrief").press("Enter")
    expect(page.locator("#watch-score")).to_have_text(
        "You caught 2 of 3 faults; missed 1; false flags 0; clauses named right 0."
    )
    assert wcag_violations(page) == [], "a watched round's debrief"
    missed = faults[2][0]
    page.get_by_role("link", name=f"Step {missed}", exact=True).press("Enter")
    expect(page.locator(f"#step-{missed}")).to_contain_text("Fault:")
    assert page.url.endswith(f"?step={missed}#step-{missed}")
    expect(page.get_by_role("heading", name=f"At step {missed}")).to_be_visible()
    expect(page.locator(".watch-here")).to_contain_text("You missed it.")
    expect(page.locator("#watch-felt #felt")).to_be_visible()
    assert wcag_violations(page) == [], "a watched round's debrief at its missed fault"
    page.get_by_role("link", name="My record").click()
    expect(page.get_by_text("caught 2 of 3 seeded faults", exact=False)).to_be_visible()
    assert wcag_violations(page) == [], "my record with a watched round"
