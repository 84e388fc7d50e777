"""Function views of errors by clause: a cohort's heatmap, one trainee's, and the attempts behind a cell.

Each reads the cohort's work only (:mod:`school.cohort_work`).
"""

import re
from collections.abc import Callable, Hashable
from datetime import date
from typing import Any

from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import User
from django.http import HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_GET

from core.input_bounds import QUERY_TEXT_CHARACTERS, query_number
from core.requests import SchoolRequest
from reports.error_report import (
    Column,
    FinishedRound,
    cited,
    finished_rounds,
    heatmap,
    most_missed,
    skill_charts,
    trainee_columns,
    week_columns,
    week_heading,
)
from reports.replay import first_error_at
from reports.watched_records import WatchedScore, finished_watches, missed_heatmap
from school.cohort_work import cohort_rounds, cohort_watched_rounds, work_text
from school.cohorts import cohort_for, trainee_for
from school.models import Cohort
from trainer.models import Attempt
from trainer.table_page import citation_html

WEEK = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")


def _report(cohort: Cohort, rounds: list[FinishedRound], rows: list[dict[str, Any]], whose: str) -> dict[str, Any]:
    """What both heatmap pages draw: the cohort, the heatmap, the clauses most missed and the skill charts."""
    return {
        "cohort": cohort,
        "sections": rows,
        "most_missed": most_missed(rounds),
        "charts": skill_charts(rounds, whose),
        "rounds": len(rounds),
        "work": work_text(cohort),
        "attempts_url": reverse("error_attempts", args=[cohort.pk]),
    }


@require_GET
@login_required
def cohort_errors(request: SchoolRequest, cohort_id: int) -> HttpResponse:
    """A cohort's errors by clause, trainee by trainee, and its progress by skill."""
    cohort = cohort_for(request, cohort_id)
    trainees = list(cohort.trainees.order_by("username"))
    rounds = finished_rounds(cohort_rounds(cohort))
    columns = trainee_columns(trainees)
    context = _report(cohort, rounds, heatmap(rounds, columns, lambda r: r.trainee_id), f"the {cohort.name} cohort")
    watches = finished_watches(cohort_watched_rounds(cohort))
    missed = _missed(watches, columns, lambda w: w.trainee_id)
    return render(request, "reports/errors.html", context | missed | {"columns": columns, "trainee": None})


@require_GET
@login_required
def trainee_errors(request: SchoolRequest, cohort_id: int, trainee_id: int) -> HttpResponse:
    """One trainee's errors by clause, week by week, and their progress by skill."""
    cohort = cohort_for(request, cohort_id)
    trainee = trainee_for(cohort, trainee_id)
    rounds = finished_rounds(cohort_rounds(cohort).filter(trainee=trainee))
    columns = week_columns(rounds)
    name = trainee.get_full_name() or trainee.get_username()
    context = _report(cohort, rounds, heatmap(rounds, columns, lambda r: r.week), name)
    watches = finished_watches(cohort_watched_rounds(cohort).filter(trainee=trainee))
    missed = _missed(watches, week_columns(watches), lambda w: w.week)
    return render(request, "reports/errors.html", context | missed | {"columns": columns, "trainee": trainee})


def _missed(
    watches: list[WatchedScore], columns: list[Column], column_of: Callable[[WatchedScore], Hashable]
) -> dict[str, Any]:
    """The heatmap of the faults missed while watching, by clause, and its columns."""
    return {"missed_sections": missed_heatmap(watches, columns, column_of), "missed_columns": columns}


def _filters(request: SchoolRequest, cohort: Cohort) -> tuple[str, User | None, date | None] | str:
    """The list's clause, trainee (of the cohort, else 404) and week from the query, or why they cannot be read."""
    clause, trainee_id, week = request.GET.get("clause", ""), request.GET.get("trainee"), request.GET.get("week")
    if not clause:
        return "Choose a clause: the list shows the attempts that broke it."
    if len(clause) > QUERY_TEXT_CHARACTERS:
        return f"A clause is cited in at most {QUERY_TEXT_CHARACTERS} characters."
    trainee_number = None if trainee_id is None else query_number(trainee_id)
    if trainee_id is not None and trainee_number is None:
        return "The trainee is given by their number."
    monday = None
    if week is not None:
        monday = date.fromisoformat(week) if WEEK.fullmatch(week) and _is_date(week) else None
        if monday is None or monday.weekday() != 0:
            return "The week is given by its Monday, as YYYY-MM-DD."
    trainee = None if trainee_number is None else trainee_for(cohort, trainee_number)
    return clause, trainee, monday


def _is_date(text: str) -> bool:
    """Whether the text is a real date in ISO form."""
    try:
        date.fromisoformat(text)
    except ValueError:
        return False
    return True


@require_GET
@login_required
def error_attempts(request: SchoolRequest, cohort_id: int) -> HttpResponse:
    """The cohort's finished attempts (or one trainee's, or one week's) that broke a clause, each with its replay."""
    cohort = cohort_for(request, cohort_id)
    filters = _filters(request, cohort)
    if isinstance(filters, str):
        return HttpResponse(filters, status=400)
    clause, trainee, week = filters
    theirs = cohort_rounds(cohort) if trainee is None else cohort_rounds(cohort).filter(trainee=trainee)
    rounds = [r for r in finished_rounds(theirs) if r.errors_at(clause) and (week is None or r.week == week)]
    attempts = Attempt.objects.select_related("table", "trainee").in_bulk([r.attempt_id for r in rounds])
    rows = [
        {
            "attempt": attempts[r.attempt_id],
            "errors": r.errors_at(clause),
            "accuracy": r.card.accuracy_text,
            "passed": r.card.passed,
            "position": first_error_at(attempts[r.attempt_id].saved_frames(), clause),
        }
        for r in reversed(rounds)
    ]
    citation = cited(rounds).get(clause)
    context = {
        "cohort": cohort,
        "clause": clause,
        "citation": None if citation is None else citation_html(citation),
        "trainee": trainee,
        "week": None if week is None else week_heading(week),
        "rows": rows,
    }
    return render(request, "reports/error_attempts.html", context)
