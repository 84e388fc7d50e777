"""Login lockouts (django-axes): an account locks at a few wrong passwords, an address only at an attack's many."""

from collections.abc import Iterable
from typing import Any

from axes.handlers.database import AxesDatabaseHandler
from axes.helpers import get_client_ip_address, get_client_username
from axes.models import AccessAttempt
from axes.utils import reset
from django.conf import settings
from django.db.models import Sum
from django.http import HttpRequest
from django.utils import timezone


def login_username(request: HttpRequest, credentials: dict[str, Any] | None) -> str:
    """The username a login names, folded as accounts are stored, so 'Maria@…' and 'maria@…' count as one."""
    return str((credentials or {}).get("username") or "").strip().lower()


class ClassroomLockouts(AxesDatabaseHandler):  # type: ignore[misc]
    """Axes' handler that locks an account at AXES_FAILURE_LIMIT but an address at SCHOOL_ADDRESS_LOGIN_FAILURES."""

    def get_failures(self, request: HttpRequest, credentials: dict[str, Any] | None = None) -> int:
        """The failures towards the nearer lock, counted in the account's units (axes compares them to its limit)."""
        by_account, by_address = (
            attempts.aggregate(failures=Sum("failures_since_start"))["failures"] or 0
            for attempts in self.get_user_attempts(request, credentials)
        )
        address_in_account_units = by_address * settings.AXES_FAILURE_LIMIT // settings.SCHOOL_ADDRESS_LOGIN_FAILURES
        return max(by_account, address_in_account_units)

    def reset_user_attempts(self, request: HttpRequest, credentials: dict[str, Any] | None = None) -> int:
        """On a right password, forget only that account's wrong passwords from this address, never another's."""
        own = AccessAttempt.objects.filter(
            username=get_client_username(request, credentials), ip_address=get_client_ip_address(request)
        )
        forgotten, _ = own.delete()
        return int(forgotten)


def _recent() -> Any:
    """The access attempts within the lockout time."""
    return AccessAttempt.objects.filter(attempt_time__gte=timezone.now() - settings.AXES_COOLOFF_TIME)


def locked_usernames(usernames: Iterable[str]) -> set[str]:
    """Those of the usernames whose login is locked now by too many wrong passwords (one query)."""
    folded = [username.lower() for username in usernames]
    counts = _recent().filter(username__in=folded).values("username").annotate(failures=Sum("failures_since_start"))
    return {row["username"] for row in counts if row["failures"] >= settings.AXES_FAILURE_LIMIT}


def locked_addresses(usernames: Iterable[str]) -> set[str]:
    """The addresses locked now that the usernames' logins were tried from."""
    addresses = _recent().filter(username__in=[username.lower() for username in usernames]).values("ip_address")
    counts = (
        _recent().filter(ip_address__in=addresses).values("ip_address").annotate(failures=Sum("failures_since_start"))
    )
    return {row["ip_address"] for row in counts if row["failures"] >= settings.SCHOOL_ADDRESS_LOGIN_FAILURES}


def unlock_login(username: str) -> None:
    """Forget the account's wrong passwords, which lifts its lockout (an address's lockout stays)."""
    reset(username=username.lower())


def unlock_address(address: str) -> None:
    """Forget the wrong passwords tried from the address, which lifts its lockout for every account there."""
    reset(ip=address)
