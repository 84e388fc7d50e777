"""While the school's database does not answer: what a step and a page say instead of failing."""

from django.db import InterfaceError, OperationalError

DATABASE_UNAVAILABLE = (OperationalError, InterfaceError)
"""What Django raises when the database is down, restarting, unreachable or did not answer in time."""

NOT_SAVED = "Not saved: the school's database did not answer. Your step is being sent again…"
"""What a trainee is told of a step the database did not take; the page sends the same frame again."""
