"""A watched round gives nothing away before its debrief: no fault, clause or right step, no step to come, no seed.

In an exam its debrief waits until the sitting is decided: neither the watched round's page nor the sitting's says
anything of its faults before.

Everything the trainee's browser receives is searched: the page, and each answer to a step or a flag, the game's felt
drawn in them included (a fault drawn on the felt as it was done, never as it should have been, is
``test_watch_felt.py``'s), but for the signs posted at the table: the same for every round there, they say nothing of
its faults, though a paytable's caption may cite a fault's clause. An error code
is searched as a whole word: the flag form's menu names every fault kind, and a kind may begin with a code's words
("wrong_dice_total", the code "wrong_dice").
"""

import re

import pytest
from django.urls import reverse
from exam_helpers import deal, schedule, short_scenario
from markupsafe import escape
from table_helpers import demo_table, make_instructor, make_trainee
from test_other_games import table_of
from watch_helpers import HTMX, flag, length, step

from certification import exams
from scenarios.scenario_versions import create_scenario, publish
from school.models import Cohort
from simulator.surveillance.scenarios import read_scenario
from simulator.surveillance.views import public_steps
from surveillance.pages import felt_context
from surveillance.watches import replayed, start_watch

pytestmark = pytest.mark.django_db


def hidden_values(log):
    """The numbers the log holds that no page may: the seed, and any meter's hit value."""
    found = []

    def walk(value):
        if isinstance(value, dict):
            for key, item in value.items():
                if key in ("seed", "hit_value") and isinstance(item, int) and item > 99:
                    found.append(str(item))
                walk(item)
        elif isinstance(value, list):
            for item in value:
                walk(item)

    walk(log)
    return found


def forms(text):
    """A text as it is written and as a page escapes it."""
    return {text, str(escape(text))}


def secrets_of(record):
    """What no page may say before the debrief: the steps said, then the seed, clauses and right steps, error codes."""
    watched = replayed(record)
    said = [step["said"] for step in public_steps(watched)]
    secrets, codes = set(hidden_values(record.log)), set()
    for fault in watched.faults:
        secrets |= {fault.citation.clause, fault.citation.text, "Fault: "}
        secrets |= {right.said() for right in fault.right if right.said() not in said}
        if fault.code is not None:
            codes.add(fault.code.value)
    return said, secrets, codes


def posted_signs(record):
    """The signs posted at the record's table, drawn with its felt: the same for every round there."""
    return felt_context(record, replayed(record), 1)["posted"]


def watched_by_page(client, record, said):
    """Every text the trainee's browser receives watching the round to its end, a flag at step 3, signs left out."""
    posted = posted_signs(record)
    page = client.get(reverse("watched", args=[record.pk])).text
    assert posted in page
    received = [(1, page.replace(posted, ""))]
    for number in range(2, length(record) + 1):
        received.append((number, step(client, record, **HTMX).text))
        if number == 3:
            received.append((number, flag(client, record, 0, "pinching", **HTMX).text))
    assert received[-1][0] == len(said)
    assert sum('<section id="felt"' in text for _, text in received) == len(said), "every step's felt is searched"
    return received


def assert_nothing_revealed(received, said, secrets, codes):
    """No text received, after ``shown`` steps each, holds a secret, an error code or a step still to come."""
    for shown, text in received:
        for secret in secrets:
            assert not any(part in text for part in forms(secret)), (shown, secret)
        for code in codes:
            assert not re.search(rf"\b{code}\b", text), (shown, code)
        for later in said[shown:]:
            if later not in said[:shown]:
                assert str(escape(later)) not in text, (shown, later)


@pytest.mark.parametrize("game", ["pai-gow-poker", "down-under-blackjack", "three-card-poker"])
def test_no_page_or_answer_of_a_watched_round_names_a_fault_a_step_to_come_or_a_seed_before_its_debrief(client, game):
    trainee = make_trainee()
    client.force_login(trainee)
    table = demo_table() if game == "pai-gow-poker" else table_of(game)
    record = start_watch(trainee, table, count=3)
    plain = start_watch(trainee, table, count=0)
    assert posted_signs(plain) == posted_signs(record), "the signs are the table's, whatever the round"
    said, secrets, codes = secrets_of(record)
    assert_nothing_revealed(watched_by_page(client, record, said), said, secrets, codes)


def test_no_page_of_an_exam_sitting_names_a_watched_rounds_fault_until_the_exam_ends(client):
    instructor, trainee = make_instructor(), make_trainee()
    cohort = Cohort.objects.create(name="Evening cohort")
    cohort.instructors.add(instructor)
    cohort.trainees.add(trainee)
    spec = read_scenario({"game": "pai-gow-poker", "seats": {"1": {"pai-gow": 1000}}, "watch": {"faults": 3}})
    watching = publish(create_scenario("Watch the table", instructor, spec))
    exam = schedule(cohort, instructor, [watching, short_scenario(instructor)])
    client.force_login(trainee)
    client.post(reverse("sit_exam", args=[exam.pk]))
    sitting = exams.sittings_of(exam, trainee).get()
    record = exams.current_round(sitting).watched
    said, secrets, codes = secrets_of(record)
    received = watched_by_page(client, record, said)
    ended = client.post(reverse("watched_end", args=[record.pk]), follow=True)
    received += [(len(said), ended.text), (len(said), client.get(reverse("sitting", args=[sitting.pk])).text)]
    assert "once the exam ends" in ended.text and reverse("sitting", args=[sitting.pk]) in ended.text
    assert_nothing_revealed(received, said, secrets, codes)
    deal(exams.deal_next_round(sitting).attempt, trainee)
    client.get(reverse("sitting", args=[sitting.pk]))
    debrief = client.get(reverse("watched", args=[record.pk])).text
    assert all(fault.citation.clause in debrief for fault in replayed(record).faults)
