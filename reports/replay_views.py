"""The replay page: a finished round dealt again to any step, for whoever may see the round."""

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from core.input_bounds import query_number
from core.requests import SchoolRequest
from reports.replay import replay_context
from school.cohort_work import reviews
from trainer.snapshots import Viewer
from trainer.views import attempt_for_user


@require_GET
@login_required
def replay(request: SchoolRequest, attempt_id: int) -> HttpResponse:
    """A finished round replayed step by step (``?step=N``, 0 the table as dealt), for its trainee and its reviewers.

    An instructor replays only the work of a cohort they teach (:mod:`school.cohort_work`).
    """
    found_attempt, viewer = attempt_for_user(request, attempt_id)
    if viewer is Viewer.INSTRUCTOR and not reviews(request.user, found_attempt):
        raise Http404("No such round.")
    if not found_attempt.finished:
        raise Http404("This round is not over yet: it can be replayed once it is.")
    step = query_number(request.GET.get("step", "0"))
    if step is None:
        return HttpResponse("The step to show is a whole number: 0 is the table as dealt.", status=400)
    try:
        context = replay_context(found_attempt, step)
    except ValueError as error:
        return HttpResponse(str(error), status=400)
    return render(request, "reports/replay.html", context)
