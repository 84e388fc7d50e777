"""A socket's sign-in check in one plain SQL read: its session's stored text and its account's password hash.

Django's own check of a session (``django.contrib.auth.get_user``) reads the session and then the account through
the ORM, decodes the session's signed text and signs the password hash again: 0.7 ms of CPU, every few seconds on
every table socket, an eighth of the server's CPU at 100 tables (bench/results/ws_load.md, 7 December 2026). What it
judges is the session's text and the account's password hash, while the session is unexpired and the account active;
this reads those two in one statement, so that a socket whose two are the ones Django's check last accepted need not
ask Django again (:class:`trainer.socket_user.SignInCheck`).
"""

from django.contrib.auth.models import User
from django.contrib.sessions.models import Session
from django.utils import timezone

from trainer.speed.sql_writes import quoted_column, quoted_table, step_database
from trainer.step_writes import column_field

SessionRow = tuple[str, str]
"""A session's stored text and its account's password hash."""


def session_row(session_key: str, user_id: int | None) -> SessionRow | None:
    """The session's text and the account's password hash; None if either is gone, expired, disabled or anonymous."""
    database = step_database()
    data, expires = (quoted_column(column_field(Session, name)) for name in ("session_data", "expire_date"))
    key = quoted_column(column_field(Session, "session_key"))
    password, active = (quoted_column(column_field(User, name)) for name in ("password", "is_active"))
    with database.cursor() as cursor:
        cursor.execute(
            f"SELECT s.{data}, u.{password} FROM {quoted_table(Session)} s INNER JOIN {quoted_table(User)} u "
            f'ON u."id" = %s WHERE s.{key} = %s AND s.{expires} > %s AND u.{active} = %s',
            [user_id, session_key, database.ops.adapt_datetimefield_value(timezone.now()), True],
        )
        row = cursor.fetchone()
    return None if row is None else (str(row[0]), str(row[1]))
