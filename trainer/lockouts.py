"""Login lockouts (django-axes) as an instructor sees them on a cohort page: who is locked out, and unlocking."""

from collections.abc import Iterable

from axes.models import AccessAttempt
from axes.utils import reset
from django.conf import settings
from django.utils import timezone


def locked_usernames(usernames: Iterable[str]) -> set[str]:
    """Those of the usernames whose login is locked now by too many wrong passwords (one query)."""
    recent = AccessAttempt.objects.filter(
        username__in=list(usernames),
        failures_since_start__gte=settings.AXES_FAILURE_LIMIT,
        attempt_time__gte=timezone.now() - settings.AXES_COOLOFF_TIME,
    )
    return set(recent.values_list("username", flat=True))


def unlock_login(username: str) -> None:
    """Forget the account's wrong passwords, which lifts its lockout (an address's lockout stays)."""
    reset(username=username)
