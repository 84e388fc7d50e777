"""A cohort's roster: new trainee accounts, one by one or from a CSV of names and e-mail addresses, all or none."""

import csv
from dataclasses import dataclass, field
from io import StringIO

from django.conf import settings
from django.contrib.auth.models import Group, User
from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.db import transaction

from core.roles import Role
from school.first_passwords import give_first_password
from school.models import Cohort
from simulator.core.procedure import counted

MAX_IMPORT_ROWS = 200
"""The most trainees one CSV import creates."""

ROSTER_HEADER = ("name", "email")
"""The CSV's header row: each trainee's name and e-mail address (the address is also their username)."""

NAME_LENGTH: int = User._meta.get_field("first_name").max_length  # type: ignore[assignment]
"""The longest name a row may give: its first word and the rest are kept as first and last name, each this long."""


def account_problem(username: str, email: str) -> str | None:
    """Why a new account with this username and e-mail address cannot join the school, or None."""
    if User.objects.filter(email__iexact=email).exists():
        return f"{email} already belongs to an account at the school."
    if User.objects.filter(username__iexact=username).exists():
        return f"The username {username} is already taken."
    return None


@dataclass
class RosterRow:
    """One trainee row of an imported CSV, as read, with every reason it cannot be created."""

    line: int
    name: str
    email: str
    errors: list[str] = field(default_factory=list)

    @property
    def username(self) -> str:
        """The new account's username: the e-mail address in lower case."""
        return self.email.lower()


@dataclass
class Roster:
    """An imported CSV read row by row: its rows and the errors of the file as a whole."""

    rows: list[RosterRow]
    errors: list[str]

    @property
    def valid(self) -> bool:
        """Whether every row can be created."""
        return not self.errors and not any(row.errors for row in self.rows)


FORMULA_STARTS = ("=", "+", "-", "@")
"""What a spreadsheet reads as the start of a formula: a name never starts so."""


def name_problem(name: str) -> str | None:
    """Why a trainee's name cannot be an account's: it starts as a spreadsheet formula does; None when it can."""
    if name.startswith(FORMULA_STARTS):
        return f"The name starts with {name[0]}, which a spreadsheet reads as a formula: write the name without it."
    return None


def split_name(name: str) -> tuple[str, str]:
    """First and last name from "First Last" or "Last, First".

    >>> split_name("Sean O'Brien"), split_name("O'Brien, Sean"), split_name("Maria de la Cruz"), split_name("Cher")
    (('Sean', "O'Brien"), ('Sean', "O'Brien"), ('Maria', 'de la Cruz'), ('Cher', ''))
    """
    last, comma, first = name.partition(",")
    if comma:
        return first.strip(), last.strip()
    first, _, last = name.strip().partition(" ")
    return first, last.strip()


def _row_errors(row: RosterRow, seen: set[str]) -> list[str]:
    """What is wrong with one row, given the addresses of the rows above it."""
    errors = []
    if not row.name:
        errors.append("The name is empty.")
    elif problem := name_problem(row.name):
        errors.append(problem)
    elif len(row.name) > NAME_LENGTH:
        errors.append(f"The name is {len(row.name)} characters long; a name has {NAME_LENGTH} at most.")
    try:
        validate_email(row.email)
    except ValidationError:
        return [*errors, f"{row.email or 'The e-mail address'} is not an e-mail address."]
    if len(row.username) > User._meta.get_field("username").max_length:  # type: ignore[operator]
        errors.append("The e-mail address is too long to be a username (150 characters at most).")
    if row.username in seen:
        errors.append(f"{row.email} is in the file twice.")
    elif problem := account_problem(row.username, row.email):
        errors.append(problem)
    return errors


def read_roster(text: str) -> Roster:
    """Read a CSV with the header row name,email and check every row; nothing is created here."""
    lines = [line for line in csv.reader(StringIO(text)) if any(cell.strip() for cell in line)]
    if not lines:
        return Roster([], ["The file is empty: give a header row name,email and one row per trainee."])
    header = tuple(cell.strip().lower() for cell in lines[0])
    if header != ROSTER_HEADER:
        return Roster([], [f"The first row must be the header name,email, not {','.join(lines[0])}."])
    errors = []
    if len(lines) == 1:
        errors.append("The file has no trainees below its header.")
    if len(lines) - 1 > MAX_IMPORT_ROWS:
        errors.append(f"The file has {len(lines) - 1} trainees; one import creates at most {MAX_IMPORT_ROWS}.")
    rows: list[RosterRow] = []
    seen: set[str] = set()
    for number, cells in enumerate(lines[1 : MAX_IMPORT_ROWS + 1], start=2):
        if len(cells) != len(ROSTER_HEADER):
            columns = counted(len(cells), "column")
            rows.append(RosterRow(number, ",".join(cells), "", [f"The row has {columns}, not 2."]))
            continue
        row = RosterRow(number, cells[0].strip(), cells[1].strip())
        row.errors = _row_errors(row, seen)
        seen.add(row.username)
        rows.append(row)
    return Roster(rows, errors)


def create_trainee(cohort: Cohort, username: str, name: str, email: str) -> tuple[User, str]:
    """Create a trainee account in the cohort; return it with its first password."""
    first_name, last_name = split_name(name)
    trainee = User.objects.create_user(username.lower(), email, first_name=first_name, last_name=last_name)
    password = give_first_password(trainee, settings.FIRST_PASSWORD_CHANGE)
    trainee.groups.add(Group.objects.get(name=Role.TRAINEE))
    cohort.trainees.add(trainee)
    return trainee, password


@transaction.atomic
def import_roster(cohort: Cohort, roster: Roster) -> list[tuple[User, str]]:
    """Create every trainee of a valid roster in the cohort, or none; return each with its first password."""
    if not roster.valid:
        raise ValueError("Only a roster with no error is imported.")
    return [create_trainee(cohort, row.username, row.name, row.email) for row in roster.rows]
