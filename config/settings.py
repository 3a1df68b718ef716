"""Settings, all from the environment (12-factor). See the README's table of variables."""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

import dj_database_url
from corsheaders.defaults import default_headers
from django.core.exceptions import ImproperlyConfigured

from config import openapi

BASE_DIR = Path(__file__).resolve().parent.parent
VAR_DIR = Path(os.environ.get("DICE_VAR_DIR", BASE_DIR / "var"))


def env_bool(name: str, default: bool) -> bool:
    return os.environ.get(name, str(default)).strip().lower() in {"1", "true", "yes", "on"}


# development | test | production
DICE_ENV = os.environ.get("DICE_ENV", "development")
PRODUCTION = DICE_ENV == "production"

# Off by default everywhere, so unknown URLs get problem responses as in production.
DEBUG = env_bool("DJANGO_DEBUG", False)
SECRET_KEY = os.environ.get("DJANGO_SECRET_KEY", "")
if not SECRET_KEY:
    if PRODUCTION:
        raise RuntimeError("DJANGO_SECRET_KEY must be set in production")
    SECRET_KEY = "dev-only-insecure-key-do-not-use-in-production"
# The host names this service answers for (Django checks every request's Host against
# them: 400 otherwise). Absolute URLs (rules_url, next, ...) are built from the request's
# Host, so in production it must be a checked one: the list is required, `*` refused.
ALLOWED_HOSTS = [h.strip() for h in os.environ.get(
    "DJANGO_ALLOWED_HOSTS", "" if PRODUCTION else "*").split(",") if h.strip()]
if PRODUCTION and (not ALLOWED_HOSTS or "*" in ALLOWED_HOSTS):
    raise ImproperlyConfigured(
        "DJANGO_ALLOWED_HOSTS must name this service's host names in production "
        "(comma-separated, e.g. dice.example.com); `*` is refused")

INSTALLED_APPS = [
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.staticfiles",
    "servestatic",  # its system checks of the SERVESTATIC_* settings
    "rest_framework",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "corsheaders",
    "events",
    "accounts",
    "api",
]

MIDDLEWARE = [
    # X-Request-ID, the request metrics and the RateLimit-* headers: around everything.
    "api.ops.RequestMiddleware",
    # CORS before anything that may answer: a preflight never needs a token.
    "corsheaders.middleware.CorsMiddleware",
    # Django's own: HTTPS redirect, HSTS and the other security headers, X-Frame-Options
    # (before ServeStatic, so the web client's files get them too), the Host check.
    "django.middleware.security.SecurityMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    # Static files and the web client: ServeStatic's middleware is async (no thread held),
    # where Django's ASGI handler serves them (config/static_files.py, decision 0036).
    "config.static_files.StaticFiles",
    "django.middleware.common.CommonMiddleware",
]

# HTTPS in production (docs/scaling.md, "Production settings"). Behind a proxy that ends
# TLS, DICE_PROXY_SSL_HEADER names the header it sets to `https` (X-Forwarded-Proto): the
# proxy must overwrite it on every request. Plain-HTTP health probes are not redirected.
DICE_SSL_REDIRECT = env_bool("DICE_SSL_REDIRECT", PRODUCTION)
SECURE_SSL_REDIRECT = DICE_SSL_REDIRECT
SECURE_REDIRECT_EXEMPT = [r"^healthz$", r"^readyz$", r"^metrics$"]
DICE_PROXY_SSL_HEADER = os.environ.get("DICE_PROXY_SSL_HEADER", "").strip()
if DICE_PROXY_SSL_HEADER:
    SECURE_PROXY_SSL_HEADER = (
        "HTTP_" + DICE_PROXY_SSL_HEADER.upper().replace("-", "_"), "https")
# HSTS: a year by default in production (0: none), subdomains included, preload on (the
# directive alone enrolls nothing: submitting the domain to the browsers' list does).
DICE_HSTS_SECONDS = int(os.environ.get("DICE_HSTS_SECONDS") or (31_536_000 if PRODUCTION else 0))
SECURE_HSTS_SECONDS = DICE_HSTS_SECONDS
SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("DICE_HSTS_INCLUDE_SUBDOMAINS", True)
SECURE_HSTS_PRELOAD = env_bool("DICE_HSTS_PRELOAD", True)
if DICE_HSTS_SECONDS < 0:
    raise ImproperlyConfigured("DICE_HSTS_SECONDS must be 0 or more")
SESSION_COOKIE_SECURE = CSRF_COOKIE_SECURE = PRODUCTION
X_FRAME_OPTIONS = "DENY"
# security.W003 (no CSRF middleware): the API authenticates by a header (a token) or a
# stream ticket in the URL, never by a cookie, so a forged cross-site request carries no
# credential; there are no sessions and no forms (docs/decisions/0017-production-settings.md).
SILENCED_SYSTEM_CHECKS = ["security.W003"]

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"
ASGI_APPLICATION = "config.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [],
        "APP_DIRS": True,
        "OPTIONS": {"context_processors": ["django.template.context_processors.request"]},
    }
]

DATABASE_URL = os.environ.get("DATABASE_URL") or f"sqlite:///{VAR_DIR / 'dice-games.sqlite3'}"
# No connection outlives its request (CONN_MAX_AGE 0): on PostgreSQL each process borrows
# from a pool of at most DICE_DB_POOL_SIZE connections, so a burst of requests waits for a
# connection (DICE_DB_POOL_TIMEOUT seconds, then 503) instead of opening one per thread.
# A process holds at most DICE_DB_POOL_SIZE connections; see docs/scaling.md
# ("Database connections").
DATABASES = {"default": dj_database_url.parse(DATABASE_URL, conn_max_age=0)}
DICE_DB_POOL_SIZE = int(os.environ.get("DICE_DB_POOL_SIZE") or "8")
DICE_DB_POOL_TIMEOUT = float(os.environ.get("DICE_DB_POOL_TIMEOUT") or "10")
# Writing requests on games (POST, PUT, PATCH, DELETE under /api/v1/games) a process
# hands to Django at once; the
# others wait their turn on the event loop (config/asgi.py `WriteLane`), so a burst of
# moves leaves pooled connections to the reads (docs/decisions/0035-a-burst-of-moves.md).
# 0: no lane (the default without a pool). Two: a process runs on one core (the GIL), and
# two writes keep it busy while one waits on PostgreSQL (measured: decision 0035).
DICE_WRITES_AT_ONCE = int(os.environ.get("DICE_WRITES_AT_ONCE")
                          or str(min(2, DICE_DB_POOL_SIZE // 2)))
# Requests (but async views) served whole by Django's WSGI handler on the request's thread,
# in one call; a live answer's body then waits on the loop (config/whole_requests.py,
# docs/decisions/0036-whole-requests.md); off: every request through Django's ASGI handler.
DICE_WHOLE_REQUESTS = os.environ.get("DICE_WHOLE_REQUESTS", "on") != "off"
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Writers queue for the lock at BEGIN instead of failing half way (one writer at a time).
    DATABASES["default"]["OPTIONS"] = {"transaction_mode": "IMMEDIATE", "timeout": 30}
elif DICE_DB_POOL_SIZE > 0:
    DATABASES["default"].setdefault("OPTIONS", {})["pool"] = {
        "min_size": 0, "max_size": DICE_DB_POOL_SIZE, "timeout": DICE_DB_POOL_TIMEOUT,
        "max_idle": 60,
    }
# Prepared statements on the pool's connections: a query made on a connection this many
# times is prepared there, so PostgreSQL parses and plans the hot ones (the token, the
# game, its events) once per connection instead of once per request; measured, a long
# poll's check then cost PostgreSQL a third of the CPU it did (docs/benchmarks.md,
# decision 0008). Needs server-side parameter binding (psycopg's; Django's default binds
# on the client). `off` for a connection pooler in transaction mode that does not track
# prepared statements (PgBouncer before 1.21, or without max_prepared_statements):
# docs/scaling.md.
DICE_DB_PREPARE_THRESHOLD = os.environ.get("DICE_DB_PREPARE_THRESHOLD") or "5"
if "pool" in DATABASES["default"].get("OPTIONS", {}) and DICE_DB_PREPARE_THRESHOLD != "off":
    DATABASES["default"]["OPTIONS"].update(
        server_side_binding=True, prepare_threshold=int(DICE_DB_PREPARE_THRESHOLD))
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

REDIS_URL = os.environ.get("REDIS_URL", "")

if REDIS_URL:
    # One Redis client per process (config/cache.py), not one per request.
    CACHES = {"default": {"BACKEND": "config.cache.SharedRedisCache", "LOCATION": REDIS_URL}}
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}

USE_TZ = True
TIME_ZONE = "UTC"
LANGUAGE_CODE = "en"
# The events' readable `text` is translated (docs/translating.md): the languages it is
# written in, chosen per request by Accept-Language (api/language.py); English by default.
USE_I18N = True
LANGUAGES = [("en", "English"), ("fr", "Français")]
LOCALE_PATHS = [BASE_DIR / "locale"]
STATIC_URL = "static/"
# Set where `collectstatic` runs (the Docker image); unset, assets come from the apps.
STATIC_ROOT = os.environ.get("DJANGO_STATIC_ROOT") or None
# Swagger UI and ReDoc assets are served by ServeStatic straight from the installed apps.
SERVESTATIC_USE_FINDERS = True
# The web client (web/, README "The web client"): `python3 web/build.py` bundles it into
# web/dist/play/, which ServeStatic serves at /play/ (its index at /play/). Not built: not served.
WEB_CLIENT_ROOT = Path(os.environ.get("DICE_WEB_CLIENT_ROOT") or BASE_DIR / "web" / "dist")
SERVESTATIC_ROOT = (str(WEB_CLIENT_ROOT) if (WEB_CLIENT_ROOT / "play" / "index.html").is_file()
                    else None)
SERVESTATIC_INDEX_FILE = True
# Its bundles have content hashes in their names: cached for good; its index never is, nor
# its service worker (/play/sw.js: a fixed name, checked at each visit), icon or manifest.
# (Set here: ServeStatic's middleware ignores SERVESTATIC_IMMUTABLE_FILE_TEST, its own
# test knowing only STATIC_URL's files.)
_WEB_CLIENT_BUNDLE = re.compile(r"^/play/assets/.+-[A-Za-z0-9_-]{8}\.(js|css)$")


# The page's Content-Security-Policy (its one home), sent as a header with the page: only
# this origin (it loads nothing from elsewhere and works offline), and no framing by any
# page (frame-ancestors works in a header only; X-Frame-Options: DENY comes from Django's
# middleware for older browsers). Its service worker (/play/sw.js, issue #30) and web app
# manifest come from this origin too (worker-src, manifest-src); the worker's own script
# is sent with the same policy, which then binds the worker.
WEB_CLIENT_CSP = ("default-src 'self'; script-src 'self'; style-src 'self'; "
                  "img-src 'self' data:; connect-src 'self'; worker-src 'self'; "
                  "manifest-src 'self'; object-src 'none'; "
                  "base-uri 'self'; form-action 'self'; frame-ancestors 'none'")
# The web app manifest's media type (ServeStatic's own table lacks it).
SERVESTATIC_MIMETYPES = {".webmanifest": "application/manifest+json"}


def _web_client_headers(headers: Any, path: str, url: str) -> None:
    if _WEB_CLIENT_BUNDLE.search(url):
        headers["Cache-Control"] = "max-age=315360000, public, immutable"
    elif url.startswith("/play/") and not url.startswith("/play/assets/"):
        headers["Cache-Control"] = "no-cache"
        headers["Content-Security-Policy"] = WEB_CLIENT_CSP


SERVESTATIC_ADD_HEADERS_FUNCTION = _web_client_headers

# Accounts (docs/accounts.md). Passwords are checked by Django's four standard validators.
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
# Seconds a token lives after its login; 0 (the default): until revoked.
DICE_TOKEN_TTL = int(os.environ.get("DICE_TOKEN_TTL") or "0")
if DICE_TOKEN_TTL < 0:
    raise RuntimeError("DICE_TOKEN_TTL must be a number of seconds, 0 for no expiry")
# Failed logins allowed per client address and, separately, per username. Each attempt
# is reserved (counted) before its password is checked (accounts/failed_logins.py).
DICE_THROTTLE_LOGIN_FAILURES = os.environ.get("DICE_THROTTLE_LOGIN_FAILURES", "10/min")
# Passwords hashed at once per process (logins, registrations), each without a database
# connection (accounts/hashing.py); a request waits at most DICE_PASSWORD_HASH_WAIT seconds
# for a turn, then gets 503 login_busy (docs/decisions/0010-password-hashing-off-the-pool.md).
DICE_PASSWORD_HASHERS = int(os.environ.get("DICE_PASSWORD_HASHERS") or "2")
DICE_PASSWORD_HASH_WAIT = float(os.environ.get("DICE_PASSWORD_HASH_WAIT") or "5")
if DICE_PASSWORD_HASHERS < 1 or DICE_PASSWORD_HASH_WAIT < 0:
    raise RuntimeError("DICE_PASSWORD_HASHERS must be 1 or more, DICE_PASSWORD_HASH_WAIT 0 or more")
# Minutes after a login (or registration) during which its token may delete the account
# without the password (DELETE /api/v1/me; docs/accounts.md). 0: the password always.
DICE_RECENT_LOGIN_MINUTES = int(os.environ.get("DICE_RECENT_LOGIN_MINUTES") or "5")
if DICE_RECENT_LOGIN_MINUTES < 0:
    raise RuntimeError("DICE_RECENT_LOGIN_MINUTES must be 0 or more")
# Django's model backend, but the password is checked with no connection held.
AUTHENTICATION_BACKENDS = ["accounts.backends.ModelBackend"]
# How many reverse proxies in front of the service append to X-Forwarded-For. 0 (the
# default): the client is the socket's peer (REMOTE_ADDR) and X-Forwarded-For is ignored,
# so a client cannot pick its own identity for the throttles.
DICE_TRUSTED_PROXIES = int(os.environ.get("DICE_TRUSTED_PROXIES") or "0")
if DICE_TRUSTED_PROXIES < 0:
    raise RuntimeError("DICE_TRUSTED_PROXIES must be 0 or more")
# /api/schema/, /api/docs/, /api/redoc/: a bucket of their own per client address.
DICE_THROTTLE_DOCS = os.environ.get("DICE_THROTTLE_DOCS", "60/min")

REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": ["api.auth.BearerOrTokenAuthentication"],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticated"],
    "DEFAULT_RENDERER_CLASSES": ["rest_framework.renderers.JSONRenderer"],
    "DEFAULT_PARSER_CLASSES": ["api.parsers.SafeJSONParser"],
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "EXCEPTION_HANDLER": "api.errors.problem_exception_handler",
    # DRF's throttles, recording their numbers for the RateLimit-* headers (api/throttling.py).
    "DEFAULT_THROTTLE_CLASSES": [
        "api.throttling.AnonRateThrottle",
        "api.throttling.UserRateThrottle",
    ],
    "DEFAULT_THROTTLE_RATES": {
        "anon": os.environ.get("DICE_THROTTLE_ANON", "120/min"),
        "user": os.environ.get("DICE_THROTTLE_USER", "1200/min"),
        "docs": DICE_THROTTLE_DOCS,
    },
    "UNAUTHENTICATED_USER": None,
    # None would make DRF trust X-Forwarded-For wholesale; 0 uses REMOTE_ADDR.
    "NUM_PROXIES": DICE_TRUSTED_PROXIES,
}

# openapi.yaml's document: title, tags, webhooks, postprocessing hooks (config/openapi.py).
SPECTACULAR_SETTINGS = openapi.DOCUMENT

# Dice. A fixed server seed (hex) may be injected outside production only.
DICE_FIXED_SERVER_SEED = os.environ.get("DICE_FIXED_SERVER_SEED", "")
if DICE_FIXED_SERVER_SEED and PRODUCTION:
    raise RuntimeError("DICE_FIXED_SERVER_SEED is not allowed in production")
if DICE_FIXED_SERVER_SEED:
    try:
        if len(bytes.fromhex(DICE_FIXED_SERVER_SEED)) != 32:
            raise ValueError
    except ValueError:
        raise RuntimeError("DICE_FIXED_SERVER_SEED must be 64 hexadecimal digits") from None

# Celery: Redis when REDIS_URL is set, else a local filesystem broker (embedded default).
if REDIS_URL:
    CELERY_BROKER_URL = REDIS_URL
    CELERY_BROKER_TRANSPORT_OPTIONS: dict = {}
else:
    _broker = VAR_DIR / "broker"
    CELERY_BROKER_URL = "filesystem://"
    CELERY_BROKER_TRANSPORT_OPTIONS = {
        "data_folder_in": str(_broker / "queue"),
        "data_folder_out": str(_broker / "queue"),
        "processed_folder": str(_broker / "processed"),
        "control_folder": str(_broker / "control"),
        "store_processed": False,
    }
CELERY_TASK_IGNORE_RESULT = True
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_ALWAYS_EAGER = env_bool("CELERY_TASK_ALWAYS_EAGER", False)
CELERY_BEAT_SCHEDULE_FILENAME = str(VAR_DIR / "celerybeat-schedule")
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True

# Clocks and notifications (docs/clocks.md).
DICE_SWEEP_INTERVAL = float(os.environ.get("DICE_SWEEP_INTERVAL", "2"))
DICE_MIN_TURN_TIMEOUT = int(os.environ.get("DICE_MIN_TURN_TIMEOUT", "10"))
DICE_AUTOPLAY_GRACE = float(os.environ.get("DICE_AUTOPLAY_GRACE", "5"))
# Dice scheme 3's reveal phase (docs/decisions/0029-committed-seeds.md): seconds after the
# start the seats have to reveal their seeds; then the seeds are fixed, an unrevealed one
# withheld (events/clocks/reveals.py).
DICE_SEED_REVEAL_TIMEOUT = float(os.environ.get("DICE_SEED_REVEAL_TIMEOUT") or "60")
if DICE_SEED_REVEAL_TIMEOUT <= 0:
    raise RuntimeError("DICE_SEED_REVEAL_TIMEOUT must be more than 0 seconds")
# Bots (docs/bots.md): seconds before a bot moves once its seat is awaited, and how long a
# bot move may be overdue before the sweeper hands it to a worker again (a lost task).
DICE_BOT_DELAY = float(os.environ.get("DICE_BOT_DELAY", "1"))
DICE_BOT_STALL = float(os.environ.get("DICE_BOT_STALL", "5"))
# Quick play (docs/platform.md): seconds a matchmaking ticket waits before it expires;
# seconds a group that can start but is not full waits for more players (its oldest
# ticket's age); the turn clock of the games it opens (seconds).
DICE_TICKET_LIFETIME = int(os.environ.get("DICE_TICKET_LIFETIME") or "900")
DICE_MATCH_SETTLE = float(os.environ.get("DICE_MATCH_SETTLE") or "10")
DICE_MATCH_TURN_TIMEOUT = int(os.environ.get("DICE_MATCH_TURN_TIMEOUT") or "120")
if DICE_TICKET_LIFETIME < 1 or DICE_MATCH_SETTLE < 0:
    raise RuntimeError("DICE_TICKET_LIFETIME must be 1 or more, DICE_MATCH_SETTLE 0 or more")
if not DICE_MIN_TURN_TIMEOUT <= DICE_MATCH_TURN_TIMEOUT <= 30 * 24 * 3600:
    raise RuntimeError("DICE_MATCH_TURN_TIMEOUT must be DICE_MIN_TURN_TIMEOUT to 30 days")
DICE_WEBHOOK_BACKOFF_SECONDS = float(os.environ.get("DICE_WEBHOOK_BACKOFF_SECONDS", "5"))
DICE_WEBHOOK_MAX_ATTEMPTS = int(os.environ.get("DICE_WEBHOOK_MAX_ATTEMPTS", "8"))
DICE_WEBHOOK_TIMEOUT = float(os.environ.get("DICE_WEBHOOK_TIMEOUT", "5"))
DICE_WEBHOOK_ALLOW_PRIVATE = env_bool("DICE_WEBHOOK_ALLOW_PRIVATE", not PRODUCTION)
# A rotation's overlap (both secrets sign) ends on its own after this many hours at most.
DICE_WEBHOOK_ROTATION_HOURS = int(os.environ.get("DICE_WEBHOOK_ROTATION_HOURS", "72"))
# The deprecated X-Dice-Event/-Delivery/-Signature headers, sent until 2027-06-30
# (docs/clocks.md); false stops them sooner.
DICE_WEBHOOK_LEGACY_HEADERS = env_bool("DICE_WEBHOOK_LEGACY_HEADERS", True)
# Web Push (docs/notifications.md, docs/decisions/0026-web-push.md). On by default outside
# production; in production off unless DICE_PUSH_ENABLED is true, and then the VAPID key
# pair's private key (DICE_VAPID_PRIVATE_KEY: base64url of the raw 32-byte P-256 scalar, or
# a PEM) and the contact the push services may write to (DICE_VAPID_SUBJECT: mailto: or
# https:) must be set, or the service refuses to start. Outside production without a key,
# one is generated once into the var folder (DICE_VAR_DIR/vapid-private.pem; never
# committed: var/ is ignored). Retries, back-off and timeout are push's own (a push is
# worth less the later it comes: its TTL ends the retries too); the private-address rule
# is the webhooks' (DICE_WEBHOOK_ALLOW_PRIVATE), checked at subscription and at every push.
DICE_PUSH_ENABLED = env_bool("DICE_PUSH_ENABLED", not PRODUCTION)
DICE_VAPID_PRIVATE_KEY = os.environ.get("DICE_VAPID_PRIVATE_KEY", "").strip()
DICE_VAPID_SUBJECT = os.environ.get("DICE_VAPID_SUBJECT", "").strip() or (
    "" if PRODUCTION else "mailto:dice-games@localhost")
if DICE_PUSH_ENABLED and PRODUCTION and not DICE_VAPID_PRIVATE_KEY:
    raise ImproperlyConfigured("DICE_PUSH_ENABLED in production needs DICE_VAPID_PRIVATE_KEY "
                               "(the VAPID private key: base64url of 32 bytes, or a PEM)")
if DICE_VAPID_PRIVATE_KEY and not (DICE_VAPID_PRIVATE_KEY.startswith("-----BEGIN")
                                   or re.fullmatch(r"[A-Za-z0-9_-]{43}=?", DICE_VAPID_PRIVATE_KEY)):
    raise ImproperlyConfigured("DICE_VAPID_PRIVATE_KEY is base64url of the raw 32-byte P-256 "
                               "private key, or a PEM")
if DICE_PUSH_ENABLED and not DICE_VAPID_SUBJECT.startswith(("mailto:", "https:")):
    raise ImproperlyConfigured("DICE_PUSH_ENABLED needs DICE_VAPID_SUBJECT: a mailto: or "
                               "https: contact for the push services (RFC 8292)")
DICE_PUSH_MAX_ATTEMPTS = int(os.environ.get("DICE_PUSH_MAX_ATTEMPTS") or "5")
DICE_PUSH_BACKOFF_SECONDS = float(os.environ.get("DICE_PUSH_BACKOFF_SECONDS") or "5")
DICE_PUSH_TIMEOUT = float(os.environ.get("DICE_PUSH_TIMEOUT") or "5")
# An extra CA bundle (PEM file) that push deliveries trust besides the system's: the test
# push service's own CA (tests/support/push_service.py). Refused in production.
DICE_PUSH_EXTRA_CA_FILE = os.environ.get("DICE_PUSH_EXTRA_CA_FILE", "").strip()
if DICE_PUSH_EXTRA_CA_FILE and PRODUCTION:
    raise ImproperlyConfigured("DICE_PUSH_EXTRA_CA_FILE is for tests: refused in production")
if DICE_PUSH_MAX_ATTEMPTS < 1 or DICE_PUSH_BACKOFF_SECONDS < 0 or DICE_PUSH_TIMEOUT <= 0:
    raise ImproperlyConfigured("DICE_PUSH_MAX_ATTEMPTS is 1 or more, DICE_PUSH_BACKOFF_SECONDS "
                               "0 or more, DICE_PUSH_TIMEOUT more than 0")
DICE_LONG_POLL_MAX = float(os.environ.get("DICE_LONG_POLL_MAX", "30"))
DICE_STREAM_MAX = float(os.environ.get("DICE_STREAM_MAX", "300"))
# Live updates (docs/scaling.md): open streams and long polls a user may hold at once (429
# too_many_streams past it; counted in Redis with REDIS_URL, else per process), seconds
# between two keep-alive comments of a quiet stream, and a stream ticket's life.
DICE_STREAMS_PER_USER = int(os.environ.get("DICE_STREAMS_PER_USER") or "20")
DICE_STREAM_HEARTBEAT = float(os.environ.get("DICE_STREAM_HEARTBEAT") or "15")
DICE_STREAM_TICKET_TTL = int(os.environ.get("DICE_STREAM_TICKET_TTL") or "60")
# Caps per user (docs/platform.md, "Caps per user"; events/caps.py): open tables a user
# created (lobby or in play; quick-play tables not counted), webhooks and push subscriptions
# a user holds; 409 too_many_open_tables / too_many_webhooks / too_many_push_subscriptions.
DICE_OPEN_TABLES_PER_USER = int(os.environ.get("DICE_OPEN_TABLES_PER_USER") or "20")
DICE_WEBHOOKS_PER_USER = int(os.environ.get("DICE_WEBHOOKS_PER_USER") or "10")
# Push subscriptions a user holds (a browser or installed app each): 409
# too_many_push_subscriptions past it.
DICE_PUSH_SUBSCRIPTIONS_PER_USER = int(os.environ.get("DICE_PUSH_SUBSCRIPTIONS_PER_USER") or "10")
if min(DICE_OPEN_TABLES_PER_USER, DICE_WEBHOOKS_PER_USER, DICE_PUSH_SUBSCRIPTIONS_PER_USER) < 1:
    raise ImproperlyConfigured("DICE_OPEN_TABLES_PER_USER, DICE_WEBHOOKS_PER_USER and "
                               "DICE_PUSH_SUBSCRIPTIONS_PER_USER are 1 or more")
# Without REDIS_URL (the embedded default), a commit made by another process (the Celery
# worker of `dev.py run`) reaches this process's streams and long polls by their looking
# again every this many seconds; 0: never (one process). With Redis nothing polls
# (events/live/broadcast.py).
DICE_EMBEDDED_POLL = float(os.environ.get("DICE_EMBEDDED_POLL") or "1")
# The served process's garbage collector (config/asgi.py `tune_the_collector`): "gen0,gen1,gen2"
# thresholds after start-up objects are frozen; "off" leaves CPython's defaults.
_gc = os.environ.get("DICE_GC_THRESHOLDS", "50000,20,100").strip()
DICE_GC_THRESHOLDS: tuple[int, ...] | None = (
    None if _gc.lower() in ("", "off") else tuple(int(n) for n in _gc.split(",")))
# A player's channel (docs/platform.md, "The player channel"): notices are kept this many
# days, then pruned every DICE_NOTICE_PRUNE_INTERVAL seconds by beat.
DICE_NOTICE_RETENTION_DAYS = float(os.environ.get("DICE_NOTICE_RETENTION_DAYS") or "7")
DICE_NOTICE_PRUNE_INTERVAL = float(os.environ.get("DICE_NOTICE_PRUNE_INTERVAL") or "3600")
# Projections (docs/projections.md): beat runs the projector this often (seconds); a
# game's end also kicks it after commit.
DICE_PROJECTION_INTERVAL = float(os.environ.get("DICE_PROJECTION_INTERVAL", "1"))
# Ratings (docs/ratings.md): rated games a player needs to appear on a leaderboard.
DICE_LEADERBOARD_MIN_GAMES = int(os.environ.get("DICE_LEADERBOARD_MIN_GAMES", "5"))
CELERY_BEAT_SCHEDULE: dict = {
    "sweep": {"task": "events.sweep", "schedule": DICE_SWEEP_INTERVAL,
              "options": {"expires": max(DICE_SWEEP_INTERVAL * 2, 1)}},
    "sweep_matchmaking": {"task": "events.sweep_matchmaking", "schedule": DICE_SWEEP_INTERVAL,
                          "options": {"expires": max(DICE_SWEEP_INTERVAL * 2, 1)}},
    "prune-notices": {"task": "events.prune_notices", "schedule": DICE_NOTICE_PRUNE_INTERVAL,
                      "options": {"expires": DICE_NOTICE_PRUNE_INTERVAL}},
    "project": {"task": "events.project", "schedule": DICE_PROJECTION_INTERVAL,
                "options": {"expires": max(DICE_PROJECTION_INTERVAL * 2, 1)}},
}

# CORS (django-cors-headers): the browser origins that may call the API, comma-separated.
# None by default in production; the usual local front-end servers in development.
DEV_CORS_ORIGINS = ("http://localhost:3000,http://127.0.0.1:3000,"
                    "http://localhost:5173,http://127.0.0.1:5173")
CORS_ALLOWED_ORIGINS = [o.strip() for o in os.environ.get(
    "DICE_CORS_ALLOWED_ORIGINS", "" if PRODUCTION else DEV_CORS_ORIGINS).split(",") if o.strip()]
CORS_URLS_REGEX = r"^/api/"
CORS_ALLOW_HEADERS = (*default_headers, "if-match", "if-none-match", "idempotency-key",
                      "last-event-id")
CORS_EXPOSE_HEADERS = ["ETag", "Location", "Retry-After", "Idempotent-Replayed", "X-Request-ID",
                       "RateLimit-Limit", "RateLimit-Remaining", "RateLimit-Reset"]
CORS_PREFLIGHT_MAX_AGE = 600

# Operators (docs/scaling.md): /metrics needs `Authorization: Bearer <DICE_METRICS_TOKEN>`
# when it is set; unset, /metrics answers requests from 127.0.0.1 and ::1 only.
DICE_METRICS_TOKEN = os.environ.get("DICE_METRICS_TOKEN", "")

# Logs: every record carries the request's X-Request-ID (`-` outside a request);
# DICE_LOG_FORMAT=json writes one JSON object a line.
DICE_LOG_FORMAT = os.environ.get("DICE_LOG_FORMAT", "text").strip().lower()
if DICE_LOG_FORMAT not in {"text", "json"}:
    raise RuntimeError("DICE_LOG_FORMAT is text or json")
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "filters": {"request_id": {"()": "config.logs.RequestIdFilter"},
                "redact_tickets": {"()": "config.logs.RedactTicketFilter"}},
    "formatters": {
        "text": {"format": "%(asctime)s %(levelname)s %(name)s [%(request_id)s] %(message)s"},
        "json": {"()": "config.logs.JsonFormatter"},
    },
    "handlers": {"console": {"class": "logging.StreamHandler",
                             "filters": ["request_id", "redact_tickets"],
                             "formatter": DICE_LOG_FORMAT}},
    "root": {"handlers": ["console"], "level": os.environ.get("DICE_LOG_LEVEL", "INFO")},
    # uvicorn's access log (it names every URL, stream tickets included) goes through the
    # same handler, so through the same redaction and format.
    "loggers": {"uvicorn.access": {"handlers": ["console"], "propagate": False}},
}
