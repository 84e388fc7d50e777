"""Errors by clause and progress by skill: counts from constructed rounds, the pages and who may open them."""

import re
from datetime import datetime
from html import unescape
from urllib.parse import quote
from zoneinfo import ZoneInfo

import pytest
from django.urls import reverse
from table_helpers import demo_table, make_instructor, make_trainee, make_user

from core.roles import Role
from grading.scoring import GradedStep, ScoreCard, Severity
from reports.error_report import finished_rounds, heatmap, most_missed, skill_weeks, trainee_columns, week_columns
from school.models import Cohort
from simulator.core.clauses import cite
from simulator.core.procedure import ErrorCode
from trainer.models import Attempt, Step

pytestmark = [pytest.mark.storage, pytest.mark.django_db, pytest.mark.usefixtures("practice_shown")]

SCHOOL = ZoneInfo("America/New_York")
DICE_CALL = "§645b.2(e)(3)"
DICE_PAY = "§645b.2(f)(2)"
TIGER = "Tiger 9 declaration"


def wrong(number, clause, ms=8000):
    """A wrong attempt at a step, breaking the clause."""
    return GradedStep(
        number, "announce_dice", {"dice": [1, 2, 3]}, False, cite(clause), ms, "announce_dice", {"dice": [4, 5, 6]},
        "announce the dice 4-5-6", ErrorCode.WRONG_DICE, Severity.CRITICAL, "Wrong dice.",
    )  # fmt: skip


def right(number, ms=4000):
    """A right call of the dice."""
    return GradedStep(number, "announce_dice", {"dice": [4, 5, 6]}, True, cite(DICE_CALL), ms)


def finished(trainee, steps, started):
    """A finished round of the trainee's with these graded steps, dealt at the given school time."""
    moment = datetime.fromisoformat(started).replace(tzinfo=SCHOOL)
    card = ScoreCard.from_steps(steps)
    attempt = Attempt.objects.create(
        trainee=trainee, table=demo_table(), log={}, score_card=card.to_json(), finished_at=moment
    )
    Attempt.objects.filter(pk=attempt.pk).update(started_at=moment)
    for sequence, step in enumerate(steps, start=1):
        Step.objects.create(attempt=attempt, sequence=sequence, operations=[], graded=step.to_json())
    return attempt


@pytest.fixture
def cohort():
    """Alice and Bob in Ivy's cohort; Alice's rounds in two weeks, Bob's in one, and one round not finished."""
    alice, bob = make_trainee("alice"), make_trainee("bob")
    make_instructor("ivy", teaching=[alice, bob])
    finished(alice, [wrong(1, DICE_PAY), right(1), wrong(2, DICE_PAY), wrong(2, TIGER), right(2)], "2026-11-23 10:00")
    finished(alice, [right(1, 2000), wrong(2, DICE_PAY, 6000), right(2)], "2026-11-30 10:00")
    finished(bob, [wrong(1, DICE_CALL), right(1), right(2)], "2026-11-24 09:00")
    Attempt.objects.create(trainee=bob, table=demo_table(), log={}, score_card=None)
    return Cohort.objects.get()


def counts_in(sections):
    return {row["clause"]: [cell["count"] for cell in row["cells"]] for section in sections for row in section["rows"]}


def test_the_heatmap_counts_each_wrong_step_against_its_clause_and_trainee(cohort):
    trainees = list(cohort.trainees.order_by("username"))
    rounds = finished_rounds(Attempt.objects.all())
    assert len(rounds) == 3, "the round not finished is left out"
    sections = heatmap(rounds, trainee_columns(trainees), lambda r: r.trainee_id)
    assert counts_in(sections) == {DICE_CALL: [0, 1], DICE_PAY: [3, 0], TIGER: [1, 0]}
    assert [section["section"] for section in sections] == ["§645b.2", "House procedures"]
    assert [row["clause"] for row in sections[0]["rows"]] == [DICE_CALL, DICE_PAY], "the catalogue's order"
    assert [missed["clause"] for missed in most_missed(rounds)] == [DICE_PAY, DICE_CALL, TIGER]
    assert [missed["count"] for missed in most_missed(rounds)] == [3, 1, 1]


def test_one_trainees_heatmap_has_a_column_for_each_week(cohort):
    alice = cohort.trainees.get(username="alice")
    rounds = finished_rounds(Attempt.objects.filter(trainee=alice))
    columns = week_columns(rounds)
    assert [column.heading for column in columns] == ["Week of Nov 23, 2026", "Week of Nov 30, 2026"]
    assert counts_in(heatmap(rounds, columns, lambda r: r.week)) == {DICE_PAY: [2, 1], TIGER: [1, 0]}


def test_progress_by_skill_is_first_attempt_accuracy_and_median_time_week_by_week(cohort):
    alice = cohort.trainees.get(username="alice")
    weeks = skill_weeks(finished_rounds(Attempt.objects.filter(trainee=alice)))
    assert list(weeks) == ["calling_the_dice"]
    first, second = weeks["calling_the_dice"]
    assert (first.steps, first.right) == (2, 0), "both steps were wrong at the first attempt"
    assert first.median_ms == ((8000 + 4000) + (8000 + 8000 + 4000)) // 2, "a step's time counts every attempt"
    assert (second.steps, second.right) == (2, 1)
    assert second.median_ms == (2000 + (6000 + 4000)) // 2


def page(client, user, name, *args, **query):
    client.logout()
    if user is not None:
        client.force_login(user)
    return client.get(reverse(name, args=args), query)


def test_the_cohort_page_draws_the_heatmap_with_counts_links_the_top_clauses_and_accessible_charts(client, cohort):
    ivy = cohort.instructors.get()
    alice = cohort.trainees.get(username="alice")
    response = page(client, ivy, "cohort_errors", cohort.pk)
    assert response.status_code == 200
    text = unescape(response.text)
    attempts = reverse("error_attempts", args=[cohort.pk])
    assert f'href="{attempts}?clause={quote(DICE_PAY, safe="")}&trainee={alice.pk}" aria-label="3 at {DICE_PAY}' in text
    assert re.search(r'class="heat heat-2"><a [^>]*>3</a>', response.text), "the count is written in the cell"
    assert cite(DICE_PAY).text in text, "the clauses most missed are listed with their text"
    assert text.index(f"<strong>{DICE_PAY}</strong>") < text.index(f"<strong>{DICE_CALL}</strong>")
    assert '<svg class="line-chart"' in text and 'role="img"' in text
    assert "<title id=" in text and "<desc id=" in text
    assert "<canvas" not in text
    assert "<summary>Calling the dice: the figures as a table</summary>" in text, "the skill named as its heading is"
    assert '<th scope="row">Week of Nov 23, 2026</th><td>4</td><td>1</td><td>25.0%</td>' in text.replace("\n", "")
    assert reverse("cohort_errors", args=[cohort.pk]) in page(client, ivy, "cohort", cohort.pk).text


def test_the_list_behind_a_cell_links_each_attempt_to_its_replay_at_the_first_error(client, cohort):
    ivy = cohort.instructors.get()
    alice = cohort.trainees.get(username="alice")
    older, newer = Attempt.objects.filter(trainee=alice).order_by("started_at")
    response = page(client, ivy, "error_attempts", cohort.pk, clause=DICE_PAY, trainee=alice.pk)
    assert response.status_code == 200
    assert f"{reverse('replay', args=[newer.pk])}?step=2" in response.text
    assert f"{reverse('replay', args=[older.pk])}?step=1" in response.text
    assert response.text.index(f"/rounds/{newer.pk}/") < response.text.index(f"/rounds/{older.pk}/"), "newest first"
    one_week = page(client, ivy, "error_attempts", cohort.pk, clause=DICE_PAY, trainee=alice.pk, week="2026-11-30")
    assert f"/rounds/{newer.pk}/" in one_week.text and f"/rounds/{older.pk}/" not in one_week.text
    bob_only = page(client, ivy, "error_attempts", cohort.pk, clause=DICE_CALL)
    assert bob_only.text.count("Replay from the first error") == 1


def test_the_list_behind_a_cell_refuses_a_query_it_cannot_read(client, cohort):
    ivy = cohort.instructors.get()
    assert page(client, ivy, "error_attempts", cohort.pk).status_code == 400
    for week in ("2026-11-31", "2026-12-01", "last week"):
        refused = page(client, ivy, "error_attempts", cohort.pk, clause=DICE_PAY, week=week)
        assert refused.status_code == 400 and "Monday" in refused.text
    assert page(client, ivy, "error_attempts", cohort.pk, clause=DICE_PAY, trainee="x").status_code == 400
    outsider = make_trainee("carol")
    assert page(client, ivy, "error_attempts", cohort.pk, clause=DICE_PAY, trainee=outsider.pk).status_code == 404


def test_the_error_pages_are_for_the_cohorts_instructors_and_the_school_administrators(client, cohort):
    alice = cohort.trainees.get(username="alice")
    pages = [
        ("cohort_errors", cohort.pk),
        ("trainee_errors", cohort.pk, alice.pk),
        ("error_attempts", cohort.pk),
    ]
    for name, *args in pages:
        query = {"clause": DICE_PAY}
        assert page(client, cohort.instructors.get(), name, *args, **query).status_code == 200, name
        assert (
            page(client, make_user(f"ada-{name}", Role.SCHOOL_ADMINISTRATOR), name, *args, **query).status_code == 200
        )
        assert page(client, alice, name, *args, **query).status_code == 403, name
        other = make_instructor(f"oscar-{name}", teaching=[make_trainee(f"dan-{name}")])
        assert page(client, other, name, *args, **query).status_code == 404, name
        signed_out = page(client, None, name, *args, **query)
        assert signed_out.status_code == 302 and signed_out["Location"].startswith(reverse("login")), name


def test_a_trainee_outside_the_cohort_has_no_page_in_it(client, cohort):
    response = page(client, cohort.instructors.get(), "trainee_errors", cohort.pk, make_trainee("carol").pk)
    assert response.status_code == 404


def test_each_skill_chart_is_titled_on_its_face_names_its_axes_and_has_its_figures_in_a_table(client, cohort):
    text = unescape(page(client, cohort.instructors.get(), "cohort_errors", cohort.pk).text)
    charts = re.findall(r'<svg class="line-chart".*?</svg>', text, re.DOTALL)
    assert charts and len(charts) % 2 == 0, "an accuracy chart and a speed chart for each skill"
    for accuracy, speed in zip(charts[::2], charts[1::2], strict=True):
        assert '<text class="chart-title"' in accuracy and ">Accuracy by week</text>" in accuracy
        assert ">Speed by week</text>" in speed
        assert accuracy.count('<text class="axis-name"') == 2 and ">Right at the first attempt (%)</text>" in accuracy
        assert ">Week beginning</text>" in speed and ">Median time per step (s)</text>" in speed
    tables = re.findall(r"<summary>[^<]+: the figures as a table</summary>\s*<table", text)
    assert len(tables) == len(charts) // 2


def test_a_step_tried_wrong_three_times_against_one_clause_counts_once_as_on_the_score_card():
    alice = make_trainee("alice")
    make_instructor("ivy", teaching=[alice])
    steps = [wrong(1, DICE_CALL), wrong(1, DICE_CALL), wrong(1, DICE_CALL), right(1), right(2)]
    finished(alice, steps, "2026-11-23 10:00")
    card = ScoreCard.from_steps(steps)
    rounds = finished_rounds(Attempt.objects.all())
    sections = heatmap(rounds, trainee_columns([alice]), lambda r: r.trainee_id)
    assert card.steps - card.correct == 1 and len(card.errors) == 3
    assert counts_in(sections) == {DICE_CALL: [1]}
    assert [missed["count"] for missed in most_missed(rounds)] == [1]
    assert rounds[0].errors_at(DICE_CALL) == 1
