"""First passwords an instructor hands out: random, shown once, hashed cheaply only when they must be changed."""

import csv
import secrets
import string
from io import StringIO

from django.contrib.auth.hashers import PBKDF2PasswordHasher, get_hasher, make_password
from django.contrib.auth.models import User
from django.contrib.sessions.backends.base import SessionBase

from school.sign_in import require_password_change

PASSWORD_LETTERS = string.ascii_letters + string.digits
"""What a first password is made of: nothing a spreadsheet reads as a formula, nothing hard to read out."""

PASSWORD_LENGTH = 12
"""A first password's length: 71 random bits."""


class FirstPasswordHasher(PBKDF2PasswordHasher):
    """PBKDF2 with few rounds, for a random first password that must be changed at the first login.

    Its strength is its 71 random bits, which need no stretching; Django hashes it again with the default hasher
    when it first logs in, and the trainee's own password is hashed with the default hasher.
    """

    algorithm = "pbkdf2_sha256_first_password"
    iterations = 1_000


def new_password() -> str:
    """A random first password, shown once to the instructor."""
    return "".join(secrets.choice(PASSWORD_LETTERS) for _ in range(PASSWORD_LENGTH))


def give_first_password(account: User, must_change: bool) -> str:
    """Give the account a new random password (saved), to be changed at its next login when must_change; return it.

    Only a password that must be changed is hashed with the cheap FirstPasswordHasher; one that may stay is hashed
    with the default hasher.
    """
    password = new_password()
    account.password = make_password(password, hasher=FirstPasswordHasher() if must_change else get_hasher())
    account.save()
    require_password_change(account, must_change)
    return password


SHEET_KEY = "first_password_sheet"
"""The session key of the last passwords shown, kept until they are downloaded once as CSV."""

SHEET_HEADER = ("name", "username", "password")
"""The downloaded CSV's header row."""


def keep_sheet(session: SessionBase, cohort_id: int, accounts: list[tuple[User, str]]) -> None:
    """Keep the passwords just shown for one CSV download (replacing any not downloaded)."""
    rows = [[account.get_full_name(), account.get_username(), password] for account, password in accounts]
    session[SHEET_KEY] = {"cohort": cohort_id, "rows": rows}


def take_sheet(session: SessionBase, cohort_id: int) -> str | None:
    """The kept passwords of the cohort as CSV text, forgotten as they are taken; None once taken or never kept."""
    sheet = session.get(SHEET_KEY)
    if sheet is None or sheet["cohort"] != cohort_id:
        return None
    del session[SHEET_KEY]
    out = StringIO()
    writer = csv.writer(out)
    writer.writerow(SHEET_HEADER)
    writer.writerows(sheet["rows"])
    return out.getvalue()
