"""Payout sprints in the records: the cohort's board with and without names, the gradebooks, My record, CSV, xAPI."""

import csv
from datetime import timedelta
from io import StringIO

import pytest
from django.urls import reverse
from django.utils import timezone
from sprint_helpers import house_chips
from table_helpers import make_instructor, make_trainee

from reports.exports import SPRINT_COLUMNS
from scenarios.models import PayoutSprint, SprintStandard
from school.models import Cohort
from simulator.sprints import MIX
from xapi.models import QueuedStatement

pytestmark = pytest.mark.django_db

SCHOOL = "https://dealers.example"


def finished(trainee, seconds, *wrong, length=10, kind=MIX):
    """A sprint the trainee finished in ``seconds`` with the wrong marks given, the rest right."""
    end = timezone.now()
    marks = [*wrong, *["right"] * (length - len(wrong))]
    return PayoutSprint.objects.create(
        trainee=trainee,
        kind=kind,
        kind_name="A mix of every line",
        length=length,
        payouts=[],
        marks=marks,
        started_at=end - timedelta(seconds=seconds),
        finished_at=end,
        milliseconds=seconds * 1000,
    )


@pytest.fixture
def cohort():
    """A cohort of three trainees, two of whom ran the mix of 10; and an outsider who ran it fastest."""
    ana, ben, cy = (make_trainee(name) for name in ("ana", "ben", "cy"))
    instructor = make_instructor("ivy", teaching=[ana, ben, cy])
    finished(ana, 40)
    finished(ana, 30, "wrong_chips")
    finished(ben, 44)
    outsider = make_trainee("zed")
    finished(outsider, 20)
    return Cohort.objects.get(instructors=instructor)


def board(client, cohort, **query):
    client.force_login(cohort.instructors.get())
    return client.get(reverse("sprint_board", args=[cohort.pk]), {"kind": MIX, "length": 10, **query})


def test_the_board_ranks_each_trainee_s_best_all_right_before_faster_with_names_when_asked(client, cohort):
    page = board(client, cohort, names="on").content.decode()
    table = page[page.index('id="sprint-board"') :]
    assert table.index("ana") < table.index("ben")
    assert "40.0 s" in table and "44.0 s" in table and "30.0 s" not in table
    assert "zed" not in page and "20.0 s" not in page
    assert "2 of 3 trainees ran it" in page


def test_the_board_without_names_shows_ranks_only(client, cohort):
    page = board(client, cohort).content.decode()
    table = page[page.index('id="sprint-board"') : page.index("</table>")]
    assert "ana" not in table and "ben" not in table and "Trainee" not in table
    assert "40.0 s" in table and "44.0 s" in table


def test_a_trainee_and_another_cohort_s_instructor_cannot_open_the_board(client, cohort):
    client.force_login(cohort.trainees.get(username="ana"))
    assert client.get(reverse("sprint_board", args=[cohort.pk])).status_code == 403
    client.force_login(make_instructor("otto"))
    assert client.get(reverse("sprint_board", args=[cohort.pk])).status_code == 404


def test_a_board_of_no_such_sprint_is_refused(client, cohort):
    assert board(client, cohort, kind="no-such-line").status_code == 400
    assert board(client, cohort, length=15).status_code == 400


def test_my_record_and_the_trainee_s_gradebook_give_the_personal_best_against_the_standard(client, cohort):
    ana = cohort.trainees.get(username="ana")
    SprintStandard.objects.create(kind=MIX, length=10, seconds=35)
    client.force_login(ana)
    mine = client.get(reverse("my_record")).content.decode()
    assert "Payout sprints" in mine and "40.0 s" in mine and "10 payouts in 35 s, all right" in mine
    assert "Not yet" in mine
    client.force_login(cohort.instructors.get())
    theirs = client.get(reverse("trainee_gradebook", args=[cohort.pk, ana.pk])).content.decode()
    assert "40.0 s" in theirs
    row = client.get(reverse("cohort_gradebook", args=[cohort.pk])).content.decode()
    assert "0 of 1 kinds" in row and "no sprint" in row


def test_the_sprints_csv_holds_the_cohort_s_trainees_sprints_only(client, cohort):
    client.force_login(cohort.instructors.get())
    response = client.get(reverse("export_csv", args=["sprints"]), {"cohort": cohort.pk})
    rows = list(csv.reader(StringIO(response.content.decode())))
    assert rows[0] == list(SPRINT_COLUMNS)
    body = [dict(zip(rows[0], row, strict=True)) for row in rows[1:]]
    assert sorted(row["trainee"] for row in body) == ["ana", "ana", "ben"]
    wrong = next(row for row in body if row["mischips"] == "1")
    assert (wrong["total_ms"], wrong["all_right"], wrong["met_standard"]) == ("30000", "no", "no")
    assert wrong["standard"] == "10 payouts in 45 s, all right"


def test_a_finished_sprint_is_one_passed_or_failed_statement_by_the_school_s_standard(client, settings):
    settings.SCHOOL_URL = SCHOOL
    settings.XAPI_URL = "http://127.0.0.1:9/xAPI"
    ana = make_trainee("ana")
    client.force_login(ana)
    client.post(reverse("sprints"), {"kind": MIX, "length": 10})
    sprint = PayoutSprint.objects.get()
    client.get(reverse("sprint", args=[sprint.pk]))
    for number in range(1, 11):
        chips = "coin1" if number == 1 else house_chips(sprint.payouts[number - 1]["due"])
        client.post(reverse("sprint_pay", args=[sprint.pk]), {"number": number, "chips": chips})
    (statement,) = [row.statement for row in QueuedStatement.objects.all()]
    assert statement["verb"]["id"] == "http://adlnet.gov/expapi/verbs/failed"
    assert statement["object"]["id"] == f"{SCHOOL}/xapi/sprints/{MIX}/10"
    assert statement["result"]["score"]["scaled"] == 0.9
    assert statement["result"]["extensions"][f"{SCHOOL}/xapi/extensions/sprint"]["mispays"] == 1
    assert statement["actor"]["account"]["name"] == "ana"
