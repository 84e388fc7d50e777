"""The drill library's pages under /drills/: every drill by group, and "my mistakes", the drills for what went wrong."""

from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from core.refusals import require_school_role
from core.requests import SchoolRequest
from scenarios.drill_forms import DrillSearchForm
from scenarios.drill_library import drill_records, library_groups
from scenarios.mistakes import RECENT_ROUNDS, recent_mistakes
from simulator.drills import DRILLS


@require_GET
@login_required
def drill_list(request: SchoolRequest) -> HttpResponse:
    """The drills a search finds, by group: each with its rule, what the user has done of it and a Deal button."""
    require_school_role(request)
    form = DrillSearchForm(request.GET or None)
    records = drill_records(request.user)
    groups = library_groups(form.search(), records)
    context = {
        "form": form,
        "groups": groups,
        "found": sum(len(drills) for _, drills in groups),
        "total": len(DRILLS),
        "done": len(records),
    }
    return render(request, "scenarios/drills.html", context)


@require_GET
@login_required
def my_mistakes(request: SchoolRequest) -> HttpResponse:
    """The clauses the user got wrong in their last finished rounds, each with its text and the drills that train it."""
    require_school_role(request)
    context = {
        "mistakes": recent_mistakes(request.user),
        "recent_rounds": RECENT_ROUNDS,
        "rounds_finished": request.user.attempts.filter(finished_at__isnull=False).exists(),
    }
    return render(request, "scenarios/drill_mistakes.html", context)
