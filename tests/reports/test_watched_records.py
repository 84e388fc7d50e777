"""Watched rounds in the records: My record, a cohort's and a trainee's gradebook, the missed-faults heatmap."""

import pytest
from django.urls import reverse
from table_helpers import demo_table, make_instructor, make_trainee
from watch_helpers import watched_through

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


def test_a_cohorts_gradebook_shows_the_faults_each_trainee_caught_watching_when_it_shows_practice(
    client, watched, settings
):
    faults = sum(len(round_.faults) for _, round_ in watched["rounds"])
    client.force_login(watched["ivy"])
    cohort_id = watched["alice"].cohorts.get().pk
    settings.COHORT_PRACTICE = True
    page = client.get(reverse("cohort_gradebook", args=[cohort_id])).text
    assert f"<td>3 of {faults}</td>" in page and "<td>no round watched</td>" in page
    trainee_page = client.get(reverse("trainee_gradebook", args=[cohort_id, watched["alice"].pk])).text
    assert f"caught 3 of {faults} seeded faults" in trainee_page
    assert f'href="{reverse("watched", args=[watched["rounds"][0][0].pk])}"' not in trainee_page
    settings.COHORT_PRACTICE = False
    assert "<td>3 of" not in client.get(reverse("cohort_gradebook", args=[cohort_id])).text


def test_the_errors_by_clause_pages_count_each_fault_missed_while_watching_against_its_clause(
    client, watched, settings
):
    settings.COHORT_PRACTICE = True
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
