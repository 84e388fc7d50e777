"""Watched rounds in the records: My record, a cohort's and a trainee's gradebook, the missed-faults heatmap, CSV.

Watching is game-protection training, not practice: a cohort shows its trainees' watched rounds whatever the
school's setting for practice (``COHORT_PRACTICE``) says.
"""

import csv
from io import StringIO
from statistics import median

import pytest
from django.urls import reverse
from django.utils import timezone
from table_helpers import demo_table, make_instructor, make_trainee
from watch_helpers import watched_through

from reports.exports import WATCHED_COLUMNS
from surveillance.watches import start_watch

pytestmark = pytest.mark.django_db


@pytest.fixture
def watched():
    """Alice watched two rounds of three faults: one caught with a false flag, then two caught; Ivy teaches her."""
    alice, bob = make_trainee("alice"), make_trainee("bob")
    ivy = make_instructor("ivy", teaching=[alice, bob])
    table = demo_table()
    first = watched_through(alice, table, caught=1, false_flags=1)
    second = watched_through(alice, table, caught=2)
    return {"alice": alice, "bob": bob, "ivy": ivy, "rounds": [first, second]}


def test_my_record_adds_up_the_rounds_watched_and_links_each_debrief(client, watched):
    client.force_login(watched["alice"])
    page = client.get(reverse("my_record")).text
    faults = sum(len(round_.faults) for _, round_ in watched["rounds"])
    assert f"From 2 watched rounds: caught 3 of {faults} seeded faults" in page
    assert "1 false flag;" in page
    for record, _ in watched["rounds"]:
        assert f'href="{reverse("watched", args=[record.pk])}"' in page
    client.force_login(watched["bob"])
    assert "No round watched yet" in client.get(reverse("my_record")).text


def test_a_cohorts_gradebook_shows_the_faults_each_trainee_caught_watching_even_when_it_shows_no_practice(
    client, watched, settings
):
    faults = sum(len(round_.faults) for _, round_ in watched["rounds"])
    client.force_login(watched["ivy"])
    cohort_id = watched["alice"].cohorts.get().pk
    settings.COHORT_PRACTICE = False
    page = client.get(reverse("cohort_gradebook", args=[cohort_id])).text
    assert f"<td>3 of {faults}</td>" in page and "<td>no round watched</td>" in page
    trainee_page = client.get(reverse("trainee_gradebook", args=[cohort_id, watched["alice"].pk])).text
    assert f"caught 3 of {faults} seeded faults" in trainee_page
    assert f'href="{reverse("watched", args=[watched["rounds"][0][0].pk])}"' not in trainee_page


def test_the_errors_by_clause_pages_count_each_fault_missed_while_watching_against_its_clause(
    client, watched, settings
):
    settings.COHORT_PRACTICE = False
    missed = {}
    for caught, (_, round_) in zip((1, 2), watched["rounds"], strict=True):
        for fault in round_.faults[caught:]:
            missed[fault.citation.clause] = missed.get(fault.citation.clause, 0) + 1
    client.force_login(watched["ivy"])
    cohort_id = watched["alice"].cohorts.get().pk
    for url in (
        reverse("cohort_errors", args=[cohort_id]),
        reverse("trainee_errors", args=[cohort_id, watched["alice"].pk]),
    ):
        page = client.get(url).text
        table = page[page.index('id="missed-caption"') : page.index("Progress by skill")]
        for clause, count in missed.items():
            row = table[table.index(f'<th scope="row">{clause} ') :]
            assert f'<td class="heat-total">{count}</td>' in row[: row.index("</tr>")]
        assert table.count('<th scope="row">') == len(missed)


def test_the_watched_export_gives_each_round_watched_to_its_debrief_its_catches_misses_false_flags_and_delay(
    client, watched, settings
):
    settings.COHORT_PRACTICE = False
    start_watch(watched["alice"], demo_table())
    client.force_login(watched["ivy"])
    cohort = watched["alice"].cohorts.get()
    response = client.get(reverse("export_csv", args=["watched"]), {"cohort": cohort.pk})
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    rows = list(csv.DictReader(StringIO(response.content.decode())))
    assert list(rows[0]) == list(WATCHED_COLUMNS)
    assert len(rows) == 2, "the round not yet ended is not in the export"
    for row, (record, round_) in zip(rows, watched["rounds"], strict=True):
        score = record.score
        assert row["watched_id"] == str(record.pk) and row["trainee"] == "alice" and row["game"] == "pai-gow-poker"
        assert row["started_at"] == timezone.localtime(record.started_at).isoformat(timespec="seconds")
        counts = (len(round_.faults), score["caught"], score["missed"], score["false_flags"])
        assert (row["faults"], row["caught"], row["missed"], row["false_flags"]) == tuple(map(str, counts))
        assert row["median_delay_ms"] == str(int(median(score["delays_ms"])))
        assert row["missed_clauses"] == "; ".join(score["missed_clauses"])
    assert [row["false_flags"] for row in rows] == ["1", "0"]
    page = client.get(reverse("exports")).text
    assert f'formaction="{reverse("export_csv", args=["watched"])}">Download the watched rounds (CSV)' in page
