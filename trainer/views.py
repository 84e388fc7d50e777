"""Function views of the tables: the tables to deal, dealing a round, the table page, the history."""

from itertools import groupby
from operator import attrgetter

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_GET, require_POST
from django_htmx.http import HttpResponseClientRedirect

from core.refusals import require_school_role
from core.requests import SchoolRequest
from core.roles import teaches_cohorts
from grading.scoring import ScoreCard
from simulator.games import GAMES
from trainer import services
from trainer.dealing_limits import limits_dealing
from trainer.live_tables import live_tables_to_watch
from trainer.models import Attempt, Mode, Table
from trainer.scenario_answers import offered_scenarios
from trainer.sittings import closures_for, sittings_of
from trainer.snapshots import AnyTableSnapshot, Viewer
from trainer.table_page import attempt_rack, page_context, score_card_context

GAME_RANKS = {key: rank for rank, key in enumerate(GAMES)}
"""Each game's place in the registry's order: the key the tables are sorted by before grouping."""


def _tables_by_game() -> list[tuple[str, list[Table]]]:
    """The open tables grouped under their game's name, games in the list's order, tables in the queryset's."""
    tables = sorted(services.open_tables(), key=lambda table: GAME_RANKS[table.game])
    return [(GAMES[game].name, list(group)) for game, group in groupby(tables, key=attrgetter("game"))]


def attempt_for_user(request: SchoolRequest, attempt_id: int) -> tuple[Attempt, Viewer]:
    """The attempt and the user's part at it; 404 when it does not exist or is not theirs to see."""
    found = services.viewable_attempt(attempt_id, request.user)
    if found is None:
        raise Http404("No such round.")
    return found


@require_GET
@login_required
def tables(request: SchoolRequest) -> HttpResponse:
    """The tables and scenarios to deal (one an open exam deals says so), the user's unfinished rounds, live tables."""
    require_school_role(request)
    closed = closures_for(request.user, timezone.now())
    context = {
        "games": _tables_by_game(),
        "unfinished": services.attempts_of(request.user).filter(finished_at__isnull=True),
        "live": live_tables_to_watch(request.user),
        "teaches": teaches_cohorts(request.user),
        "scenarios": [(offered, closed.get(offered.scenario_id)) for offered in offered_scenarios()],
    }
    return render(request, "trainer/tables.html", context)


@require_POST
@login_required
@limits_dealing
def deal(request: SchoolRequest, table_id: int) -> HttpResponse:
    """Deal a new round at a table in the chosen mode and open it."""
    require_school_role(request)
    table = get_object_or_404(services.open_tables(), pk=table_id)
    mode = request.POST.get("mode", Mode.PRACTICE)
    if mode not in list(Mode):
        return HttpResponse("Choose practice or exam.", status=400)
    attempt = services.start_round(request.user, table, Mode(mode))
    if request.htmx:
        return HttpResponseClientRedirect(reverse("attempt", args=[attempt.pk]))
    return redirect("attempt", attempt.pk)


@require_GET
@login_required
def attempt(request: SchoolRequest, attempt_id: int) -> HttpResponse:
    """The table page: the trainee deals, an instructor watches read-only (and validates when needed)."""
    found_attempt, viewer = attempt_for_user(request, attempt_id)
    snapshot: AnyTableSnapshot = services.table_snapshot(found_attempt)
    template = "trainer/table.html" if viewer is Viewer.TRAINEE else "trainer/watch.html"
    return render(request, template, page_context(snapshot, viewer))


@require_GET
@login_required
def history(request: SchoolRequest) -> HttpResponse:
    """The signed-in user's rounds, newest first, each with its score card; an exam round names its exam, no verdict."""
    attempts = services.attempts_of(request.user)
    in_sittings = sittings_of(attempts)
    rows = [
        {
            "attempt": attempt,
            "score_card": score_card_context(
                ScoreCard.from_json(attempt.score_card), attempt.table.game, attempt_rack(attempt)
            )
            if attempt.score_card
            else None,
            "sitting": in_sittings.get(attempt.pk),
        }
        for attempt in attempts
    ]
    return render(request, "trainer/history.html", {"attempts": rows})
