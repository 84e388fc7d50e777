"""A watched round's xAPI statement: queued once with its score when the round ends, and only then."""

import pytest
from table_helpers import demo_table, make_trainee
from watch_helpers import watched_through

from xapi.models import QueuedStatement

pytestmark = pytest.mark.django_db

SCHOOL = "https://dealers.example"


@pytest.fixture
def xapi_on(settings):
    settings.SCHOOL_URL = SCHOOL
    settings.XAPI_URL = "http://127.0.0.1:9/xAPI"


def test_an_ended_watched_round_queues_one_completed_statement_with_the_faults_caught_and_the_clauses_missed(xapi_on):
    record, watched = watched_through(make_trainee(), demo_table(), caught=2, false_flags=1)
    (statement,) = [row.statement for row in QueuedStatement.objects.all()]
    assert statement["verb"]["id"] == "http://adlnet.gov/expapi/verbs/completed"
    assert statement["object"]["id"] == f"{SCHOOL}/watched/{record.pk}/"
    assert statement["actor"]["account"] == {"homePage": SCHOOL, "name": "alice"}
    faults = len(watched.faults)
    assert statement["result"]["score"] == {"raw": 2, "min": 0, "max": faults, "scaled": round(2 / faults, 4)}
    extensions = statement["result"]["extensions"]
    assert extensions[f"{SCHOOL}/xapi/extensions/false-flags"] == 1
    missed = [fault.citation.clause for fault in watched.faults[2:]]
    assert extensions[f"{SCHOOL}/xapi/extensions/missed-clauses"] == missed
    others = statement["context"]["contextActivities"]["other"]
    assert [activity["definition"]["name"]["en-US"] for activity in others] == missed
    assert statement["context"]["extensions"][f"{SCHOOL}/xapi/extensions/mode"] == "surveillance"


def test_no_statement_is_queued_without_a_learning_record_store():
    watched_through(make_trainee(), demo_table())
    assert not QueuedStatement.objects.exists()
