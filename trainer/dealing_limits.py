"""How fast one account may deal new rounds: ``settings.ROUNDS_PER_MINUTE``, counted in the database.

The rounds an account dealt in the last minute are its attempts started then, and the rounds an app above deals for
it (surveillance's watched rounds, counted through :func:`count_with`), so every server process counts the same ones.
A person deals a round every minute or two; a script flooding the deal button is refused.
"""

import math
from collections.abc import Callable
from datetime import datetime, timedelta
from functools import wraps
from typing import Any

from django.conf import settings
from django.contrib.auth.models import User
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import timezone

from trainer.models import Attempt

WINDOW = timedelta(minutes=1)

RecentStarts = Callable[[User, datetime, int], list[datetime]]
"""For an account, a moment and a number: when it started its latest rounds of another kind after that moment, at most
that many."""

OTHER_ROUNDS: dict[str, RecentStarts] = {}
"""The rounds the apps above deal that count against the limit too, by app."""


def count_with(app: str, starts: RecentStarts) -> None:
    """Count an app's rounds against the limit with the attempts (called from its ``AppConfig.ready``)."""
    OTHER_ROUNDS[app] = starts


def seconds_until_dealing(trainee: User) -> int:
    """The seconds until the trainee may deal another round, 0 when they may now (a read of at most the limit each)."""
    limit = settings.ROUNDS_PER_MINUTE
    now = timezone.now()
    since = now - WINDOW
    recent = Attempt.objects.filter(trainee=trainee, started_at__gt=since).order_by("-started_at")
    starts = list(recent.values_list("started_at", flat=True)[:limit])
    for others in OTHER_ROUNDS.values():
        starts.extend(others(trainee, since, limit))
    if len(starts) < limit:
        return 0
    return max(1, math.ceil((sorted(starts, reverse=True)[limit - 1] + WINDOW - now).total_seconds()))


def limits_dealing(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """Refuse a view that deals a round, 429 with a page saying when to deal again, once the account is at its limit."""

    @wraps(view)
    def limited(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        assert isinstance(request.user, User), "login_required comes first"
        wait = seconds_until_dealing(request.user)
        if wait == 0:
            return view(request, *args, **kwargs)
        context = {"limit": settings.ROUNDS_PER_MINUTE, "wait": wait}
        response = render(request, "trainer/dealing_limited.html", context, status=429)
        response["Retry-After"] = str(wait)
        return response

    return limited
