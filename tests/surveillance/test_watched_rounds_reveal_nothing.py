"""A watched round gives nothing away before its debrief: no fault, clause or right step, no step to come, no seed.

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
from markupsafe import escape
from table_helpers import demo_table, make_trainee
from test_other_games import table_of
from watch_helpers import HTMX, flag, length, step

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
    posted = felt_context(record, watched, 1)["posted"]
    plain = start_watch(trainee, table, count=0)
    assert felt_context(plain, replayed(plain), 1)["posted"] == posted, "the signs are the table's, whatever the round"
    page = client.get(reverse("watched", args=[record.pk])).text
    assert posted in page
    received = [(1, page.replace(posted, ""))]
    for number in range(2, length(record) + 1):
        received.append((number, step(client, record, **HTMX).text))
        if number == 3:
            received.append((number, flag(client, record, 1, "pinching", **HTMX).text))
    assert received[-1][0] == len(said)
    assert sum('<section id="felt"' in text for _, text in received) == len(said), "every step's felt is searched"
    for shown, text in received:
        for secret in secrets:
            assert not any(part in text for part in forms(secret)), (shown, secret)
        for code in codes:
            assert not re.search(rf"\b{code}\b", text), (shown, code)
        for later in said[shown:]:
            if later not in said[:shown]:
                assert str(escape(later)) not in text, (shown, later)
