"""Open the school: migrate, collect the static files, create the demo accounts and cohort once, then serve."""

import ipaddress
import os
import secrets
import sys
from argparse import ArgumentParser
from typing import Any, NamedTuple

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.core.management import call_command
from django.core.management.base import BaseCommand
from django.db import transaction

from core.roles import Role
from scenarios.drill_library import load_drill_library
from school.models import Cohort
from simulator.drills import DRILLS
from trainer.demo_tables import create_demo_tables
from xapi import statements


class DemoAccount(NamedTuple):
    """A demo account: its username, its role and the full name a certificate carries."""

    username: str
    role: Role
    first_name: str
    last_name: str


DEMO_ACCOUNTS = (
    DemoAccount("trainee1", Role.TRAINEE, "Teresa", "Nguyen"),
    DemoAccount("trainee2", Role.TRAINEE, "Marcus", "Bell"),
    DemoAccount("instructor1", Role.INSTRUCTOR, "Linda", "Okafor"),
    DemoAccount("admin1", Role.SCHOOL_ADMINISTRATOR, "Paul", "Brennan"),
)
DEMO_COHORT = "Demo cohort"
"""The demo trainees' cohort, taught by the demo instructor."""


def is_loopback(host: str) -> bool:
    """Whether the listening address is this machine's own (127.0.0.0/8, ::1 or localhost)."""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


class Command(BaseCommand):
    """Prepare the database and the demo accounts, print how to log in, and serve the school."""

    help = "Migrate, create the demo accounts (printing their passwords once) and serve the school with Daphne."

    def add_arguments(self, parser: ArgumentParser) -> None:
        """Add the listening address and --no-serve."""
        parser.add_argument("--host", default="127.0.0.1", help="interface to listen on (default 127.0.0.1)")
        parser.add_argument("--port", type=int, default=8000, help="port to listen on (default 8000)")
        parser.add_argument("--no-serve", action="store_true", help="prepare and print the accounts, do not serve")
        parser.add_argument(
            "--new-passwords",
            action="store_true",
            help="give every demo account a new password (this logs out anyone using them)",
        )

    def handle(self, *args: Any, host: str, port: int, no_serve: bool, new_passwords: bool, **options: Any) -> None:
        """Migrate, make sure of the accounts, print them, then replace this process with Daphne."""
        call_command("migrate", interactive=False, verbosity=0)
        call_command("collectstatic", interactive=False, verbosity=0)
        passwords = ensure_demo_accounts(new_passwords)
        tables = create_demo_tables()
        drills = load_drill_library()
        self.stdout.write(f"Dealer school at http://{host}:{port}/ (Ctrl-C stops it). Demo accounts:")
        for account, password in zip(DEMO_ACCOUNTS, passwords, strict=True):
            shown = password or "password as printed when it was set (--new-passwords replaces it)"
            self.stdout.write(f"  {account.username:<12} {account.role.label:<20} {shown}")
        self.stdout.write("Demo tables:")
        for table in tables:
            self.stdout.write(f"  {table.name}")
        self.stdout.write(
            f"Drill library: {len(DRILLS)} drills ({drills} published now) at http://{host}:{port}/drills/"
        )
        if statements.enabled():
            self.stdout.write(
                f"Graded steps are queued as xAPI statements for {settings.XAPI_URL}: run "
                "`manage.py send_statements` beside the school to send them."
            )
        if not settings.SCHOOL_URL and not is_loopback(host):
            self.stderr.write(
                f"Warning: DJANGO_SCHOOL_URL is not set, so certificates' QR codes and verification addresses use the "
                f"address each download came to (http://{host}:{port}/ here), which employers may not be able to open. "
                "Set DJANGO_SCHOOL_URL to the school's public address."
            )
        if no_serve:
            return
        self.stdout.flush()
        os.chdir(settings.BASE_DIR)
        module, _, application = settings.ASGI_APPLICATION.rpartition(".")
        serve = [sys.executable, "-m", settings.ASGI_SERVER, "--bind", host, "--port", str(port)]
        os.execv(sys.executable, [*serve, f"{module}:{application}"])


@transaction.atomic
def ensure_demo_accounts(new_passwords: bool) -> list[str | None]:
    """Give each demo account its role and, when it has none, its full name; the demo cohort its people.

    Each account's password is a random one when it is created or ``new_passwords``, else None.

    A restart keeps every password, so nobody dealing at the school is logged out by it, and any name given
    since.
    """
    passwords: list[str | None] = []
    for account in DEMO_ACCOUNTS:
        user, created = get_user_model().objects.get_or_create(
            username__iexact=account.username, defaults={"username": account.username}
        )
        password = secrets.token_urlsafe(9) if created or new_passwords else None
        if password is not None:
            user.set_password(password)
        if not user.get_full_name().strip():
            user.first_name, user.last_name = account.first_name, account.last_name
        user.is_staff = account.role == Role.SCHOOL_ADMINISTRATOR
        user.save()
        user.groups.set([Group.objects.get(name=account.role)])
        passwords.append(password)
    usernames = [account.username for account in DEMO_ACCOUNTS]
    cohort, _ = Cohort.objects.get_or_create(name=DEMO_COHORT)
    cohort.instructors.add(*get_user_model().objects.filter(groups__name=Role.INSTRUCTOR, username__in=usernames))
    cohort.trainees.add(*get_user_model().objects.filter(groups__name=Role.TRAINEE, username__in=usernames))
    return passwords
