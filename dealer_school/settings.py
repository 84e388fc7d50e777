"""Django settings: one module driven by environment variables, runnable with nothing installed.

Environment variables (all optional):

- DJANGO_SECRET_KEY: the secret key; without it a random key is generated once and kept in
  the git-ignored file ``.django_secret_key`` at the project root.
- DJANGO_DEBUG: "True" or "False" (default "False").
- DJANGO_ALLOWED_HOSTS: comma-separated host names (default "localhost,127.0.0.1,[::1]").
- DATABASE_URL: a dj-database-url address selecting PostgreSQL; without it SQLite in WAL mode
  stores everything in ``db.sqlite3`` at the project root.
- DJANGO_TIME_ZONE: the school's IANA time zone (default "America/New_York", Pennsylvania's).
- DJANGO_SQLITE_SYNCHRONOUS: "full" (default) or "normal": whether SQLite flushes each commit to disk before
  the reply (see sqlite_synchronous below).
- DJANGO_ROUND_STORE: "cached" (default) or "plain": whether the speed devices of trainer/speed/ and core/speed/
  serve (the live-round cache and its writes, the tuned Jinja2 and in-memory channel layer) or their plain twins
  (see round_store below).
- DJANGO_LOGIN_FAILURES (default 5), DJANGO_ADDRESS_LOGIN_FAILURES (default 50) and DJANGO_LOGIN_LOCKOUT_MINUTES
  (default 15): login throttling, by account and by address.
- DJANGO_FIRST_PASSWORD_CHANGE: "true" (default) when an account an instructor creates must choose its own password
  at its first login.
- DJANGO_EXAM_SIGN_OFF: "true" when a passed exam's certificate waits for an instructor's sign-off (default
  "false": it is issued when the result is decided).
- DJANGO_COHORT_PRACTICE: "true" when a cohort's pages and records show its trainees' practice rounds too (default
  "false": only the rounds of the cohort's own exams and assignments).
- DJANGO_HTTPS: "true" when the school is served over HTTPS only (Secure cookies, HSTS, HTTP redirected).
- DJANGO_SCHOOL_URL: the school's public address (https://school.example): certificates' verification addresses
  start with it (default empty: the address the request came to), and it names the trainees' accounts and the
  activities in xAPI statements, so DJANGO_XAPI_URL needs it.
- DJANGO_XAPI_URL, DJANGO_XAPI_KEY, DJANGO_XAPI_SECRET: a learning record store's xAPI endpoint and its HTTP Basic
  key and secret; with an endpoint, graded steps and results are queued as xAPI statements (off by default).
- DJANGO_WS_MAX_FRAME_BYTES (default 65536), DJANGO_WS_FRAMES_PER_SECOND (default 20) and DJANGO_WS_FRAME_BURST
  (default 100): a table socket's size limit and an account's frame rate across its sockets (see
  trainer/frame_limits.py); DJANGO_WS_ADDRESS_FRAMES_PER_SECOND (default 30) and DJANGO_WS_ADDRESS_FRAME_BURST
  (default 100), an address's; DJANGO_WS_SOCKETS_PER_ACCOUNT (default 10) and DJANGO_WS_SOCKETS_PER_ADDRESS
  (default 40), the most sockets open at once; DJANGO_WS_FLOOD_COOL_OFF_SECONDS (default 30), how long new sockets
  are refused after a flood (see trainer/socket_budgets.py).
- DJANGO_ROUNDS_PER_MINUTE (default 30): the most new rounds one account deals in a minute.
- DJANGO_DB_CONNECT_TIMEOUT (default 5) and DJANGO_DB_STATEMENT_TIMEOUT (default 30, 0 for none): PostgreSQL's
  longest wait, in seconds, to connect and for one statement.
- REDIS_URL: a Redis address selecting channels_redis, so several Daphne processes serve one
  school; without it the channel layer lives in the memory of the single Daphne process.
- DJANGO_REDIS_PREFIX (default "asgi"): the start of every key the channel layer keeps in Redis.
- DJANGO_STATIC_ROOT: the folder collectstatic fills and WhiteNoise serves (default ``staticfiles`` at the project
  root); see static_root below.
"""

import os
import secrets
from datetime import timedelta
from pathlib import Path
from typing import Any

import dj_database_url
import django_stubs_ext
from csp.constants import NONE, SELF
from django.conf import global_settings
from django.core.exceptions import ImproperlyConfigured
from redis.exceptions import ConnectionError as RedisConnectionError

# Generic Django classes (ModelAdmin[Table]) may be subscripted at run time, as the type checker reads them.
django_stubs_ext.monkeypatch()

BASE_DIR = Path(__file__).resolve().parent.parent


def envbool(name: str, default: str) -> bool:
    """Read a "true"/"false" environment variable (any case), refusing any other spelling."""
    value = os.getenv(name, default).lower()
    if value not in ("true", "false"):
        raise ImproperlyConfigured(f"Unexpected value {name}={value}, use 'true' or 'false'")
    return value == "true"


def read_or_create_secret_key(path: Path) -> str:
    """Return the secret key kept in path, generating and storing a random one the first time."""
    try:
        descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        return path.read_text().strip()
    key = secrets.token_urlsafe(50)
    with os.fdopen(descriptor, "w") as secret_file:
        secret_file.write(key)
    return key


SECRET_KEY = os.getenv("DJANGO_SECRET_KEY") or read_or_create_secret_key(BASE_DIR / ".django_secret_key")
DEBUG = envbool("DJANGO_DEBUG", "False")
ALLOWED_HOSTS = os.getenv("DJANGO_ALLOWED_HOSTS", "localhost,127.0.0.1,[::1]").split(",")

# DJANGO_HTTPS=true: the school is served over HTTPS only (behind a proxy that terminates TLS and sets
# X-Forwarded-Proto): Secure cookies, HSTS for a year and a redirect of plain HTTP; `manage.py check --deploy` is clean.
HTTPS = envbool("DJANGO_HTTPS", "False")
SESSION_COOKIE_SECURE = CSRF_COOKIE_SECURE = SECURE_SSL_REDIRECT = HTTPS
SECURE_HSTS_SECONDS = 365 * 24 * 3600 if HTTPS else 0
SECURE_HSTS_INCLUDE_SUBDOMAINS = SECURE_HSTS_PRELOAD = HTTPS  # preload only allows a submission to browsers' list
SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https") if HTTPS else None

# A table socket's limits (trainer/frame_limits.py): a frame over WEBSOCKET_MAX_FRAME_BYTES closes the socket with
# 4009 (Daphne refuses it before reading it, trainer/daphne_sockets.py). An account's sockets together, in this
# process, share WEBSOCKET_FRAMES_PER_SECOND on average after a first WEBSOCKET_FRAME_BURST at once, and an address's
# the ADDRESS_ pair; a frame over either closes its socket with 4008, and that account or address cools off: for
# WEBSOCKET_FLOOD_COOL_OFF_SECONDS its new sockets are refused with 4429, as is a socket over the most an account
# or an address may have open (trainer/socket_budgets.py).
WEBSOCKET_MAX_FRAME_BYTES = int(os.environ.get("DJANGO_WS_MAX_FRAME_BYTES", "65536"))
WEBSOCKET_FRAMES_PER_SECOND = int(os.environ.get("DJANGO_WS_FRAMES_PER_SECOND", "20"))
WEBSOCKET_FRAME_BURST = int(os.environ.get("DJANGO_WS_FRAME_BURST", "100"))
WEBSOCKET_ADDRESS_FRAMES_PER_SECOND = int(os.environ.get("DJANGO_WS_ADDRESS_FRAMES_PER_SECOND", "30"))
WEBSOCKET_ADDRESS_FRAME_BURST = int(os.environ.get("DJANGO_WS_ADDRESS_FRAME_BURST", "100"))
WEBSOCKET_SOCKETS_PER_ACCOUNT = int(os.environ.get("DJANGO_WS_SOCKETS_PER_ACCOUNT", "10"))
WEBSOCKET_SOCKETS_PER_ADDRESS = int(os.environ.get("DJANGO_WS_SOCKETS_PER_ADDRESS", "40"))
WEBSOCKET_FLOOD_COOL_OFF_SECONDS = int(os.environ.get("DJANGO_WS_FLOOD_COOL_OFF_SECONDS", "30"))
# The most new rounds one account deals in a minute (trainer/dealing_limits.py): the next answers 429 until one ages.
ROUNDS_PER_MINUTE = int(os.environ.get("DJANGO_ROUNDS_PER_MINUTE", "30"))

# Daphne and the school come first: each app's command wins over a later app's of the same name (Daphne's runserver,
# the school's createsuperuser over django.contrib.auth's).
INSTALLED_APPS = [
    "daphne",
    "school",
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django_htmx",
    "axes",
    "core",
    "grading",
    "trainer",
    "rules_submission",
    "xapi",
    "surveillance",
    "scenarios",
    "certification",
    "reports",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "core.content_security.SchoolCSPMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # A page the database could not serve: 503 "briefly unavailable" with a link to try again, not 500.
    "core.unavailable.DatabaseUnavailableMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "school.sign_in.PasswordChangeDueMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    # Last, as django-axes asks: it answers a locked-out login with the lockout page.
    "axes.middleware.AxesMiddleware",
]

# The Content-Security-Policy (django-csp): every script, style, image and connection from the school itself, with no
# inline script, style or event handler anywhere (htmx's own indicator styles are off, templates/base.html); the
# middleware adds the table's WebSocket at the page's own host to connect-src.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF],
        "style-src": [SELF],
        "img-src": [SELF],
        "connect-src": [SELF],
        "object-src": [NONE],
        "base-uri": [SELF],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
    }
}

# Login throttling (django-axes, school/lockouts.py): after DJANGO_LOGIN_FAILURES wrong passwords for one account,
# or DJANGO_ADDRESS_LOGIN_FAILURES from one address (a classroom shares one, so only an attack's many lock it),
# logging in there is refused for DJANGO_LOGIN_LOCKOUT_MINUTES; a trainee's instructor lifts an account's or an
# address's lockout sooner on the cohort page, a school administrator any lockout in the admin ("Access attempts"),
# and a right password forgets that account's own wrong passwords from that address (no other account's).
# Usernames are matched in any case (school/sign_in.py).
AUTHENTICATION_BACKENDS = ["axes.backends.AxesStandaloneBackend", "school.sign_in.AnyCaseBackend"]
AXES_FAILURE_LIMIT = int(os.environ.get("DJANGO_LOGIN_FAILURES", "5"))
SCHOOL_ADDRESS_LOGIN_FAILURES = int(os.environ.get("DJANGO_ADDRESS_LOGIN_FAILURES", "50"))
AXES_COOLOFF_TIME = timedelta(minutes=int(os.environ.get("DJANGO_LOGIN_LOCKOUT_MINUTES", "15")))
AXES_LOCKOUT_PARAMETERS = ["username", "ip_address"]
AXES_HANDLER = "school.lockouts.ClassroomLockouts"
AXES_USERNAME_CALLABLE = "school.lockouts.login_username"
FIRST_PASSWORD_CHANGE = os.environ.get("DJANGO_FIRST_PASSWORD_CHANGE", "true").lower() == "true"
"""Whether an account an instructor creates (or resets, when they tick it) must choose its password at next login."""
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_TEMPLATE = "registration/locked_out.html"

ROOT_URLCONF = "dealer_school.urls"
ASGI_APPLICATION = "dealer_school.asgi.application"
ASGI_SERVER = "dealer_school.serve"
"""The module ``manage.py school`` runs Daphne through (``python -m``), serving ASGI_APPLICATION."""

TEMPLATES = [
    # Every page of the school (templates/jinja2/ and each app's jinja2/<app>/), the table's regions among them: the
    # page and every WebSocket frame draw them.
    {
        "BACKEND": "django.template.backends.jinja2.Jinja2",
        "DIRS": [BASE_DIR / "templates" / "jinja2"],
        "APP_DIRS": True,
        "OPTIONS": {
            "environment": "core.jinja.environment",
            "context_processors": [
                "django.template.context_processors.request",
                "core.navigation.navigation",
                "core.school_profile.header_name",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
    # Django's own admin, whose templates are Django's.
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

FORM_RENDERER = "core.form_renderer.SchoolFormRenderer"
"""Form widgets are drawn by Jinja2 too (Django's templates in django/forms/jinja2/), the admin's own by Django's."""


def sqlite_synchronous() -> str:
    """DJANGO_SQLITE_SYNCHRONOUS as SQLite's ``synchronous`` pragma: FULL (the default) or NORMAL.

    FULL flushes each commit to disk before the reply, so no acknowledged step is lost even to a power cut.
    NORMAL flushes at the next checkpoint (when the log reaches SQLite's 1,000 pages): an acknowledged step survives
    the server stopping or crashing, but a power cut or an operating-system crash may undo the steps since then. The
    database stays consistent either way (https://sqlite.org/pragma.html#pragma_synchronous).
    """
    value = os.environ.get("DJANGO_SQLITE_SYNCHRONOUS", "full").upper()
    if value not in ("FULL", "NORMAL"):
        raise ImproperlyConfigured("DJANGO_SQLITE_SYNCHRONOUS must be full or normal.")
    return value


def round_store() -> str:
    """DJANGO_ROUND_STORE: "cached" (the default) or "plain", the way trainer.round_store loads and commits.

    cached keeps live rounds in memory and writes each step in plain SQL, with every other device of trainer/speed/
    and core/speed/, for speed; plain replays the round from the database for every step and writes through the ORM,
    with the libraries' own Jinja2 environment and channel layer: the reference the cached store is tested against
    (bench/results/speed-devices.md measures each device).
    """
    value = os.environ.get("DJANGO_ROUND_STORE", "cached")
    if value not in ("cached", "plain"):
        raise ImproperlyConfigured("DJANGO_ROUND_STORE must be cached or plain.")
    return value


ROUND_STORE = round_store()


def chip_count_mismatch() -> str:
    """DJANGO_CHIP_COUNT_MISMATCH: the house's procedure when progressive chips do not match the accepted wagers."""
    value = os.environ.get("DJANGO_CHIP_COUNT_MISMATCH", "call_floorperson")
    if value not in ("call_floorperson", "ask_player"):
        raise ImproperlyConfigured("DJANGO_CHIP_COUNT_MISMATCH must be call_floorperson or ask_player.")
    return value


CHIP_COUNT_MISMATCH = chip_count_mismatch()


def web_address(name: str) -> str:
    """An http(s) address from the environment variable, without its trailing slash; empty when unset."""
    value = os.environ.get(name, "").rstrip("/")
    if value and not value.startswith(("http://", "https://")):
        raise ImproperlyConfigured(f"{name} must be an http:// or https:// address, not {value!r}.")
    return value


# The school's public address: certificates' verification addresses (certification/certificates.py) and xAPI names.
SCHOOL_URL = web_address("DJANGO_SCHOOL_URL")
# What a certificate carries (certification/certificate_pdf.py) and the verification page names: the school, its
# logo (a PNG or JPEG file), and who signs for it; the public look-up by code answers a few times a minute per address.
SCHOOL_NAME = os.environ.get("DJANGO_SCHOOL_NAME", "Dealer school")
SCHOOL_LOGO = os.environ.get("DJANGO_SCHOOL_LOGO", "")
if SCHOOL_LOGO and not Path(SCHOOL_LOGO).is_file():
    raise ImproperlyConfigured(f"DJANGO_SCHOOL_LOGO names no file: {SCHOOL_LOGO!r}.")
SCHOOL_SIGNER = os.environ.get("DJANGO_SCHOOL_SIGNER", "")
SCHOOL_SIGNER_TITLE = os.environ.get("DJANGO_SCHOOL_SIGNER_TITLE", "")
EXAM_SIGN_OFF = envbool("DJANGO_EXAM_SIGN_OFF", "False")
"""Whether a passed sitting's certificate waits for an instructor of the cohort to sign the result off."""
COHORT_PRACTICE = envbool("DJANGO_COHORT_PRACTICE", "False")
"""Whether a cohort's pages and records show its trainees' practice, not only its own exams' and assignments' rounds."""
SCHOOL_VERIFY_LOOKUPS_PER_MINUTE = int(os.environ.get("DJANGO_VERIFY_LOOKUPS_PER_MINUTE", "20"))
# xAPI (xapi/statements.py): with a learning record store's endpoint, every graded step and result is queued as a
# statement in the step's own transaction and `manage.py send_statements` delivers them. Off by default.
XAPI_URL = web_address("DJANGO_XAPI_URL")
XAPI_KEY = os.environ.get("DJANGO_XAPI_KEY", "")
XAPI_SECRET = os.environ.get("DJANGO_XAPI_SECRET", "")
if XAPI_URL and not SCHOOL_URL:
    raise ImproperlyConfigured("DJANGO_XAPI_URL needs DJANGO_SCHOOL_URL, the school's address that names its trainees.")

# Connections persist: Channels closes a request's connection after every WebSocket message unless
# CONN_MAX_AGE keeps it, and opening one for each step costs more than the step's own queries.
CONNECTION_MAX_AGE = None

DATABASE_CONNECT_TIMEOUT_SECONDS = int(os.environ.get("DJANGO_DB_CONNECT_TIMEOUT", "5"))
DATABASE_STATEMENT_TIMEOUT_SECONDS = int(os.environ.get("DJANGO_DB_STATEMENT_TIMEOUT", "30"))


def postgresql_timeouts() -> dict[str, Any]:
    """PostgreSQL's connection options that bound a wait: connecting, and any one statement (0: no limit).

    A server that is down or hung then fails a page or a step in seconds (core.unavailable answers it) instead of
    holding its thread for ever; a statement's wait for a row lock counts too. ``migrate`` lifts the statement timeout
    while it runs (school/management/commands/migrate.py).
    """
    statement_ms = DATABASE_STATEMENT_TIMEOUT_SECONDS * 1000
    return {"connect_timeout": DATABASE_CONNECT_TIMEOUT_SECONDS, "options": f"-c statement_timeout={statement_ms}"}


if "DATABASE_URL" in os.environ:
    DATABASES = {
        "default": dj_database_url.parse(
            os.environ["DATABASE_URL"], conn_max_age=CONNECTION_MAX_AGE, conn_health_checks=True
        )
    }
    if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
        DATABASES["default"].setdefault("OPTIONS", {}).update(postgresql_timeouts())
else:
    DATABASES = {
        "default": {
            "ENGINE": "django.db.backends.sqlite3",
            "NAME": str(BASE_DIR / "db.sqlite3"),
            "CONN_MAX_AGE": CONNECTION_MAX_AGE,
            # WAL lets the server read while a step is being written; IMMEDIATE and the busy
            # timeout avoid "database is locked" when two processes write (Daphne and a test).
            "OPTIONS": {
                "init_command": (
                    f"PRAGMA journal_mode=WAL; PRAGMA busy_timeout=5000; PRAGMA synchronous={sqlite_synchronous()}"
                ),
                "transaction_mode": "IMMEDIATE",
            },
            # A file, not memory: the live-server tests run Daphne in another process.
            "TEST": {"NAME": BASE_DIR / "db.sqlite3.test"},
        }
    }

REDIS_POOL_CONNECTIONS = 2000
"""The most connections one process keeps to Redis for the channel layer."""
REDIS_PREFIX = os.environ.get("DJANGO_REDIS_PREFIX", "asgi")
"""The start of every key the channel layer keeps in Redis: schools sharing one Redis database need one each, none
the start of another's (flushing the layer deletes every key that starts with its prefix)."""


def redis_channel_layer(address: str, prefix: str = "asgi") -> dict[str, Any]:
    """The school's channel layer on the Redis at ``address``, so that several Daphne processes serve one school.

    The layer (trainer.channel_layer) bounds every call itself and outlives an unreachable Redis, so the client has
    no socket timeout. redis-py 8 would time out any read after 5 s by default, which ends an idle consumer's
    blocking wait for a message (django/channels_redis#422). A socket timeout also sends every command through
    Python 3.11's ``asyncio.wait_for``, which drops a cancellation that meets the command's end (CPython gh-86296,
    fixed in 3.12): a socket closed just then kept its receive asking Redis for ever. Connecting has its own bound.
    A command on a connection that a restarted Redis dropped is tried once more on a new one. redis-py 8 also caps a
    pool at 100 connections and fails a command beyond them at once: 200 sockets joining their groups together
    closed with "Too many connections". A process's pool may now hold REDIS_POOL_CONNECTIONS, well within Redis's
    own 10,000 clients for a few processes. Every key starts with ``prefix``.
    """
    host = {
        "address": address,
        "socket_timeout": None,
        "socket_connect_timeout": 5,
        "retry_on_error": [RedisConnectionError],
        "max_connections": REDIS_POOL_CONNECTIONS,
    }
    layer = {"hosts": [host], "prefix": prefix}
    return {"BACKEND": "trainer.channel_layer.SchoolRedisChannelLayer", "CONFIG": layer}


if "REDIS_URL" in os.environ:
    CHANNEL_LAYERS = {"default": redis_channel_layer(os.environ["REDIS_URL"], REDIS_PREFIX)}
else:
    IN_MEMORY_LAYER = "trainer.speed.channel_layer.SweepingInMemoryChannelLayer"
    if ROUND_STORE == "plain":
        IN_MEMORY_LAYER = "channels.layers.InMemoryChannelLayer"
    CHANNEL_LAYERS = {"default": {"BACKEND": IN_MEMORY_LAYER}}

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
PASSWORD_HASHERS = [*global_settings.PASSWORD_HASHERS, "school.first_passwords.FirstPasswordHasher"]
"""Django's hashers, the default first; last the cheap one of first passwords to be changed at first login."""
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "login"

LANGUAGE_CODE = "en-us"
TIME_ZONE = os.environ.get("DJANGO_TIME_ZONE", "America/New_York")
"""The school's time zone (an IANA name); pages and the server log name it beside every time."""
USE_I18N = True
USE_TZ = True


def static_root() -> Path:
    """DJANGO_STATIC_ROOT: the folder collectstatic fills and WhiteNoise serves, ``staticfiles`` at the root by default.

    collectstatic deletes and rewrites the files and the manifest it finds there, so two processes collecting into one
    folder at once break each other's mid-way: each test process, and each live server that collects, has its own
    (tests/conftest.py).
    """
    return Path(os.environ.get("DJANGO_STATIC_ROOT") or BASE_DIR / "staticfiles")


STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = static_root()
# The school command collects the static files into STATIC_ROOT under hashed names, compressed; WhiteNoise
# serves them with a year's cache lifetime (a changed file gets a new name) and in gzip to browsers that take it.
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"},
}
