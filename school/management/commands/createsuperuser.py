"""Django's createsuperuser, refusing a username another account has in another case, as the database would."""

from django.contrib.auth.management.commands.createsuperuser import Command as DjangoCreateSuperuser
from django.contrib.auth.models import User


class Command(DjangoCreateSuperuser):
    """``createsuperuser`` as Django's, a username unique in any case (school/migrations/0002) checked as it is given.

    Django's own looks the username up as typed only, so a case twin reached the database's constraint and ended in
    a traceback; here it is refused like a username taken: asked again when typed, an error with ``--noinput``. Both
    paths go through Django's private ``_validate_username``, which tests/school/test_accounts_unique_in_any_case.py
    exercises on each, so an upgrade that renames it fails there.
    """

    def _validate_username(self, username: str, verbose_field_name: str, database: str) -> str | None:
        """Django's checks, then whether another account has the username in another case; the error, or None."""
        djangos = super()._validate_username  # type: ignore[misc]  # django-stubs leave this private hook out
        error: str | None = djangos(username, verbose_field_name, database)
        if error is not None:
            return error
        twin = User.objects.db_manager(database).filter(username__iexact=username).values_list("username", flat=True)
        if (taken := twin.first()) is not None:
            return f"Error: That {verbose_field_name} is taken in another case, by {taken}: it is unique in any case."
        return None
