"""Helpers of the surveillance tests: a watched round started at the Pai Gow Poker demo table, stepped to its end."""

from django.urls import reverse
from table_helpers import demo_table, make_trainee

from surveillance.watches import finish_watch, raise_flag, replayed, show_next, start_watch

HTMX = {"HTTP_HX_REQUEST": "true"}
"""The header htmx sends with each request it makes."""


def started(client, count=3, username="alice"):
    """A trainee signed in at a watched round of the Pai Gow Poker demo table seeded with ``count`` faults."""
    trainee = make_trainee(username)
    client.force_login(trainee)
    return start_watch(trainee, demo_table(), count=count)


def step(client, record, **headers):
    """Ask for the step after those the record has shown, as the page's Next step button does."""
    record.refresh_from_db()
    return client.post(reverse("watched_next", args=[record.pk]), {"seen": record.shown}, **headers)


def step_to(client, record, number):
    """Step the round until ``number`` steps are shown; each htmx answer, in order."""
    answers = []
    record.refresh_from_db()
    while record.shown < number:
        answers.append(step(client, record, **HTMX))
        record.refresh_from_db()
    return answers


def flag(client, record, place, kind, clause="", **headers):
    """Raise a flag from the page's flag form."""
    data = {"place": str(place), "kind": kind, "clause": clause}
    return client.post(reverse("watched_flag", args=[record.pk]), data, **headers)


def length(record):
    """How many steps the watched round shows, read on the server."""
    return len(replayed(record).steps)


def watched_through(trainee, table, caught=1, false_flags=0):
    """A watched round of three faults at the table, the first ``caught`` flagged at their steps, then ended.

    ``false_flags`` flags name capping at the dealer's place on the first step, where no fault can be. The record,
    its round.
    """
    record = start_watch(trainee, table, count=3)
    watched = replayed(record)
    for _ in range(false_flags):
        raise_flag(record.pk, "0", "capping", "")
    for fault in watched.faults[:caught]:
        show_until(record, fault.step)
        raise_flag(record.pk, str(fault.place), fault.kind.value, "")
    show_until(record, len(watched.steps))
    finish_watch(record.pk)
    record.refresh_from_db()
    return record, watched


def show_until(record, number):
    """Show the record's steps up to ``number``, one request a step, as the page's Next step does."""
    record.refresh_from_db()
    while record.shown < number:
        show_next(record.pk, record.shown)
        record.refresh_from_db()
