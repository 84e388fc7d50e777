"""The drill library's pages under /drills/: every drill by group, and "my mistakes", the drills for what went wrong."""

from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from trainer.drill_library import library_groups
from trainer.mistakes import RECENT_ROUNDS, recent_mistakes
from trainer.views import SchoolRequest, require_school_role


@require_GET
@login_required
def drill_list(request: SchoolRequest) -> HttpResponse:
    """The library's drills by group, each with the clause it trains, its provenance and a button to deal it."""
    require_school_role(request)
    return render(request, "trainer/drills.html", {"groups": library_groups()})


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
    return render(request, "trainer/drill_mistakes.html", context)
