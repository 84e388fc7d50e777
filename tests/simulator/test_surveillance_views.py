"""What a watcher's page is sent of a watched round (nothing of its faults) and the debrief after it."""

from __future__ import annotations

import json
import random

import pytest

from simulator.games import GAMES
from simulator.surveillance.catalogue import FAULTS, FaultKind, fault_kinds
from simulator.surveillance.flags import Flag, score_flags
from simulator.surveillance.views import debrief, fault_menu, public_step, public_steps
from simulator.surveillance.watching import MAX_FAULTS, choose_faults, watch
from tests.simulator.surveillance_rounds import played_sample, sample

PUBLIC_KEYS = {"number", "actor", "step", "arguments", "said"}
"""Everything a watched step tells a watcher's page."""

SECRET_WORDS = ("§", "citation", "clause", "expected", "fault", "seed", "deck", "shoe", "hit_value", "reading")
"""Words naming what a public step must never hold: a rule, a verdict, the right action or an engine secret."""


@pytest.mark.parametrize("key", list(GAMES))
def test_a_watched_step_sent_to_the_page_says_nothing_of_faults_the_right_action_or_the_engine_s_secrets(key):
    watched = watch(sample(key), choose_faults(sample(key), MAX_FAULTS, random.Random(key)))
    unwatched = watch(sample(key), [])
    sent = public_steps(watched)
    assert all(set(step) == PUBLIC_KEYS for step in sent)
    text = json.dumps(sent).lower()
    for word in (
        *SECRET_WORDS,
        *(kind.value for kind in FaultKind),
        *(fault.name.lower() for fault in FAULTS.values()),
    ):
        assert word not in text, word
    first = watched.faults[0].step
    assert sent[: first - 1] == public_steps(unwatched, first - 1)
    records = [{"step": o.action.step, "arguments": dict(o.action.arguments)} for o in watched.round.operations]
    for step in sent:
        arguments = {name: value for name, value in step["arguments"].items() if name != "face_up"}
        faulty = any(fault.step == step["number"] for fault in watched.faults)
        assert faulty or {"step": step["step"], "arguments": arguments} in records
    shown, right = public_step(watched, first), public_step(unwatched, first)
    assert (shown["step"], shown["arguments"]) != (right["step"], right["arguments"])


def test_a_step_the_round_does_not_have_is_refused():
    watched = watch(sample(next(iter(GAMES))), [])
    for number in (0, len(watched.steps) + 1, "1"):
        with pytest.raises(ValueError, match="not a step of the round"):
            public_step(watched, number)  # type: ignore[arg-type]
    for shown in (-1, len(watched.steps) + 1):
        with pytest.raises(ValueError, match="A round shows 0 to"):
            public_steps(watched, shown)
    assert public_steps(watched, 0) == []


def test_the_fault_menu_is_the_game_s_fault_kinds_and_the_same_for_every_round():
    for game in GAMES.values():
        menu = fault_menu(game)
        assert [item["kind"] for item in menu] == [kind.value for kind in fault_kinds(game)]
        assert {"short_pay", "chip_count_misstated"} <= {item["kind"] for item in menu}


def test_the_debrief_shows_each_fault_with_its_clause_what_was_done_and_right_and_the_flag_that_caught_it():
    key = next(iter(GAMES))
    watched = watch(sample(key), choose_faults(played_sample(key), 2, random.Random(3)))
    first, second = watched.faults
    flags = [Flag(first.step + 2, first.place, first.kind, first.citation.clause), Flag(1, 6, FaultKind.OVERPAY)]
    shown = debrief(watched, score_flags(watched.faults, flags))
    assert (shown["caught"], shown["missed"], shown["false_flags"], shown["clauses_right"]) == (1, 1, 1, 1)
    caught, missed = shown["faults"]
    assert caught["step"] == first.step and caught["clause"] == first.citation.clause
    assert caught["label"] == first.citation.label and caught["done"] == first.seen.said()
    assert caught["right"] == [seen.said() for seen in first.right]
    assert caught["error"] == (None if first.code is None else first.code.value)
    assert caught["caught"]["delay_steps"] == 2
    assert missed["step"] == second.step and missed["caught"] is None
