"""Function views of surveillance mode: start a watched round, watch it step by step, flag, end it, the debrief."""

from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_POST
from django_htmx.http import HttpResponseClientRedirect

from core.refusals import require_school_role
from core.requests import SchoolRequest
from surveillance.models import WatchedRound
from surveillance.pages import debrief_context, debrief_step, felt_context, flags_context, watch_context
from surveillance.sittings import held_debrief
from surveillance.watches import WatchError, finish_watch, raise_flag, replayed, scored, show_next, start_watch
from trainer import services
from trainer.dealing_limits import limits_dealing


def own_record(request: SchoolRequest, record_id: int) -> WatchedRound:
    """The signed-in trainee's watched round; 404 for any other."""
    require_school_role(request)
    return get_object_or_404(WatchedRound.objects.select_related("table"), pk=record_id, trainee=request.user)


def go_to(request: SchoolRequest, record: WatchedRound) -> HttpResponse:
    """Open the watched round's page, as a full page load under htmx too."""
    address = reverse("watched", args=[record.pk])
    return HttpResponseClientRedirect(address) if request.htmx else redirect(address)


def refused(request: SchoolRequest, error: WatchError) -> HttpResponse:
    """A refusal said in the page's one live region under htmx (nothing swapped else), or a 400 page without it."""
    if request.htmx:
        return render(request, "surveillance/_announce.html", {"announce": str(error)})
    return HttpResponse(str(error), status=400, content_type="text/plain; charset=utf-8")


@require_POST
@login_required
@limits_dealing
def start(request: SchoolRequest, table_id: int) -> HttpResponse:
    """Deal a watched round at an open table, 0 to 3 faults seeded at random, and open it; limited as dealing is."""
    require_school_role(request)
    table = get_object_or_404(services.open_tables(), pk=table_id)
    return go_to(request, start_watch(request.user, table))


@require_GET
@login_required
def watched(request: SchoolRequest, record_id: int) -> HttpResponse:
    """The watched round: its felt and flag form as it plays, then its debrief (``?step=N``; in exams, at the end)."""
    record = own_record(request, record_id)
    if record.finished and (held := held_debrief(record.pk)) is not None:
        return render(request, "surveillance/held.html", {"record": record, "held": held})
    round_ = replayed(record)
    if not record.finished:
        return render(request, "surveillance/watch.html", watch_context(record, round_))
    try:
        number = debrief_step(round_, request.GET.get("step"))
    except ValueError as error:
        return HttpResponse(str(error), status=400, content_type="text/plain; charset=utf-8")
    context = debrief_context(record, round_, scored(record, round_), number)
    return render(request, "surveillance/debrief.html", context)


@require_POST
@login_required
def next_step(request: SchoolRequest, record_id: int) -> HttpResponse:
    """Show the next step, once, for the page that saw ``seen`` steps: the felt redrawn and the step said."""
    record = own_record(request, record_id)
    seen = request.POST.get("seen", "")
    if not (seen.isascii() and seen.isdigit() and len(seen) <= 4):
        return refused(request, WatchError("The page sent no step number: reload it."))
    try:
        record, round_ = show_next(record.pk, int(seen))
    except WatchError as error:
        return refused(request, error)
    if not request.htmx:
        return go_to(request, record)
    return render(request, "surveillance/_next.html", {"felt": felt_context(record, round_), "record": record})


@require_POST
@login_required
def flag(request: SchoolRequest, record_id: int) -> HttpResponse:
    """Raise a flag at the step on the felt now, timed by the server: the flags redrawn and the flag said."""
    record = own_record(request, record_id)
    post = request.POST
    try:
        record = raise_flag(record.pk, post.get("place", ""), post.get("kind", ""), post.get("clause", "")[:80])
    except WatchError as error:
        return refused(request, error)
    if not request.htmx:
        return go_to(request, record)
    raised = flags_context(record)
    last = raised["flags"][-1]
    announce = f"Flag {len(raised['flags'])} raised at step {last['step']}: {last['place']}, {last['fault']}."
    return render(request, "surveillance/_flagged.html", {**raised, "announce": announce})


@require_POST
@login_required
def end(request: SchoolRequest, record_id: int) -> HttpResponse:
    """End the round after its last step: the flags scored, the debrief opened."""
    record = own_record(request, record_id)
    try:
        record = finish_watch(record.pk)
    except WatchError as error:
        return refused(request, error)
    return go_to(request, record)
