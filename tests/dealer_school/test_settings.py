import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from django.conf import settings
from django.contrib.staticfiles.storage import staticfiles_storage
from django.core.exceptions import ImproperlyConfigured
from django.db import connection

from dealer_school.settings import BASE_DIR, envbool, read_or_create_secret_key, sqlite_synchronous, static_root

pytestmark = pytest.mark.storage


def test_it_generates_a_secret_key_once_and_keeps_it(tmp_path):
    path = tmp_path / "secret"
    key = read_or_create_secret_key(path)
    assert len(key) >= 50
    assert read_or_create_secret_key(path) == key
    assert path.stat().st_mode & 0o077 == 0


def test_it_refuses_a_boolean_spelled_otherwise_than_true_or_false(monkeypatch):
    monkeypatch.setenv("DJANGO_DEBUG", "yes")
    with pytest.raises(ImproperlyConfigured):
        envbool("DJANGO_DEBUG", "False")
    monkeypatch.setenv("DJANGO_DEBUG", "True")
    assert envbool("DJANGO_DEBUG", "False")
    monkeypatch.setenv("DJANGO_DEBUG", "false")
    assert not envbool("DJANGO_DEBUG", "True")


def test_static_files_are_collected_to_django_static_root_or_else_staticfiles(monkeypatch, tmp_path):
    monkeypatch.delenv("DJANGO_STATIC_ROOT", raising=False)
    assert static_root() == BASE_DIR / "staticfiles"
    monkeypatch.setenv("DJANGO_STATIC_ROOT", str(tmp_path / "collected"))
    assert static_root() == tmp_path / "collected"


def test_each_test_process_collects_the_static_files_into_a_folder_of_its_own():
    assert Path(settings.STATIC_ROOT) != BASE_DIR / "staticfiles"
    assert os.environ["DJANGO_STATIC_ROOT"] == str(settings.STATIC_ROOT), "the servers it starts serve the same"
    assert staticfiles_storage.location == str(settings.STATIC_ROOT)
    assert (Path(settings.STATIC_ROOT) / "staticfiles.json").is_file()


@pytest.mark.skipif("DATABASE_URL" in os.environ, reason="SQLite is the store only without DATABASE_URL")
@pytest.mark.django_db
def test_it_keeps_sqlite_in_wal_journal_mode():
    assert connection.vendor == "sqlite"
    with connection.cursor() as cursor:
        cursor.execute("PRAGMA journal_mode")
        assert cursor.fetchone() == ("wal",)


@pytest.mark.skipif("DATABASE_URL" in os.environ, reason="SQLite is the store only without DATABASE_URL")
@pytest.mark.django_db
def test_sqlite_flushes_each_commit_to_disk_unless_told_otherwise():
    with connection.cursor() as cursor:
        cursor.execute("PRAGMA synchronous")
        assert cursor.fetchone() == (2,), "FULL"


def test_it_takes_full_or_normal_for_sqlites_synchronous_and_refuses_anything_else(monkeypatch):
    monkeypatch.delenv("DJANGO_SQLITE_SYNCHRONOUS", raising=False)
    assert sqlite_synchronous() == "FULL"
    monkeypatch.setenv("DJANGO_SQLITE_SYNCHRONOUS", "normal")
    assert sqlite_synchronous() == "NORMAL"
    monkeypatch.setenv("DJANGO_SQLITE_SYNCHRONOUS", "off")
    with pytest.raises(ImproperlyConfigured):
        sqlite_synchronous()


@pytest.mark.skipif("DATABASE_URL" not in os.environ, reason="needs a PostgreSQL server in DATABASE_URL")
@pytest.mark.django_db
def test_it_stores_in_postgresql_when_database_url_is_set(django_user_model):
    assert connection.vendor == "postgresql"
    django_user_model.objects.create_user("trainee9")
    with connection.cursor() as cursor:
        cursor.execute("SELECT username FROM auth_user WHERE username = %s", ["trainee9"])
        assert cursor.fetchone() == ("trainee9",)


def test_it_keeps_database_connections_open_between_websocket_messages():
    assert settings.DATABASES["default"]["CONN_MAX_AGE"] is None


@pytest.mark.parametrize("https", ["true", "false"])
def test_django_https_true_makes_check_deploy_clean_and_false_leaves_its_warnings(https, tmp_path):
    environment = {**os.environ, "DJANGO_HTTPS": https, "DJANGO_SECRET_KEY": "k" * 60 + "-not-a-real-key-" + "9" * 20}
    environment.pop("DJANGO_DEBUG", None)
    check = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=Path(__file__).resolve().parents[2],
        env=environment,
        capture_output=True,
        text=True,
        check=False,
    )
    if https == "true":
        assert check.returncode == 0, check.stderr
    else:
        assert {"security.W004", "security.W008", "security.W012", "security.W016"} <= set(
            re.findall(r"security\.W\d+", check.stderr)
        )


@pytest.mark.skipif("DATABASE_URL" not in os.environ, reason="needs a PostgreSQL server in DATABASE_URL")
@pytest.mark.django_db
def test_postgresql_bounds_the_wait_to_connect_and_for_any_statement():
    assert connection.settings_dict["OPTIONS"]["connect_timeout"] == settings.DATABASE_CONNECT_TIMEOUT_SECONDS == 5
    with connection.cursor() as cursor:
        cursor.execute("SHOW statement_timeout")
        assert cursor.fetchone() == ("30s",)
