"""A watched round gives nothing away before its debrief: no fault, clause or right step, no step to come, no seed.

Everything the trainee's browser receives is searched: the page, and each answer to a step or a flag. An error code
is searched as a whole word: the flag form's menu names every fault kind, and a kind may begin with a code's words
("wrong_dice_total", the code "wrong_dice").
"""

import re

import pytest
from django.urls import reverse
from markupsafe import escape
from table_helpers import demo_table, make_trainee
from test_other_games import table_of
from watch_helpers import HTMX, flag, length, step

from simulator.surveillance.views import public_steps
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


@pytest.mark.parametrize("game", ["pai-gow-poker", "down-under-blackjack", "three-card-poker"])
def test_no_page_or_answer_of_a_watched_round_names_a_fault_a_step_to_come_or_a_seed_before_its_debrief(client, game):
    trainee = make_trainee()
    client.force_login(trainee)
    table = demo_table() if game == "pai-gow-poker" else table_of(game)
    record = start_watch(trainee, table, count=3)
    watched = replayed(record)
    said = [step["said"] for step in public_steps(watched)]
    secrets, codes = set(hidden_values(record.log)), set()
    for fault in watched.faults:
        secrets |= {fault.citation.clause, fault.citation.text, "Fault: "}
        secrets |= {right.said() for right in fault.right if right.said() not in said}
        if fault.code is not None:
            codes.add(fault.code.value)
    received = [(1, client.get(reverse("watched", args=[record.pk])).text)]
    for number in range(2, length(record) + 1):
        received.append((number, step(client, record, **HTMX).text))
        if number == 3:
            received.append((number, flag(client, record, 1, "pinching", **HTMX).text))
    assert received[-1][0] == len(said)
    for shown, text in received:
        for secret in secrets:
            assert not any(part in text for part in forms(secret)), (shown, secret)
        for code in codes:
            assert not re.search(rf"\b{code}\b", text), (shown, code)
        for later in said[shown:]:
            if later not in said[:shown]:
                assert str(escape(later)) not in text, (shown, later)
