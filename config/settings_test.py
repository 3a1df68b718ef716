"""Settings for the test suite: the same as production's shape, with test conveniences."""

import os
from urllib.parse import urlsplit, urlunsplit

os.environ.setdefault("DICE_ENV", "test")


def _redis_of_this_worker(url: str, worker: str) -> str:
    """Under pytest-xdist (`-n 2`), worker gwK uses Redis database N + K (mod 16) of the
    REDIS_URL's N: the workers' throttle buckets, caches and `cache.clear()` never meet.
    Servers and Celery workers a test starts inherit it through the environment."""
    parts = urlsplit(url)
    number = int(parts.path.strip("/") or 0) + int(worker.removeprefix("gw"))
    return urlunsplit(parts._replace(path=f"/{number % 16}"))


# Once: the servers and Celery workers a test starts inherit the moved REDIS_URL, the
# xdist worker's name and this mark, and must not move it again.
if (os.environ.get("REDIS_URL") and os.environ.get("PYTEST_XDIST_WORKER", "").startswith("gw")
        and not os.environ.get("DICE_TEST_REDIS_MOVED")):
    os.environ["REDIS_URL"] = _redis_of_this_worker(os.environ["REDIS_URL"],
                                                    os.environ["PYTEST_XDIST_WORKER"])
    os.environ["DICE_TEST_REDIS_MOVED"] = "1"

from .settings import *  # noqa: E402,F401,F403
from .settings import DATABASES, REST_FRAMEWORK, VAR_DIR  # noqa: E402

if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # The embedded default is tested on a file, as it runs. Django's default test database
    # on SQLite is in memory, shared between threads, where a read that meets a write
    # fails at once ("database table is locked") instead of waiting for the lock
    # (`timeout`) as a file's readers do: a stream's test then failed in 1 run of 4 to 15
    # (tests/ops/test_whole_requests.py), in none of 30 on a file. Each xdist worker gets a
    # file of its own (pytest-django adds `_gwN`).
    VAR_DIR.mkdir(parents=True, exist_ok=True)  # a fresh clone has none before `dev.py run`
    DATABASES["default"]["TEST"] = {"NAME": str(VAR_DIR / "test-dice-games.sqlite3")}

if DATABASES["default"]["ENGINE"].endswith("postgresql"):
    # Lets the test runner TRUNCATE its own test database between transactional tests;
    # UPDATE and DELETE of events stay refused (events/migrations/0002).
    DATABASES["default"].setdefault("OPTIONS", {})["options"] = "-c dicegames.allow_truncate=on"
    DATABASES["default"]["CONN_MAX_AGE"] = 0

PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"] = {"anon": "100000/min", "user": "100000/min",
                                            "docs": "100000/min"}
DICE_THROTTLE_LOGIN_FAILURES = "100000/min"

# Short clocks so the clock tests finish in seconds (the API's floor is 10 s elsewhere).
DICE_MIN_TURN_TIMEOUT = 1

# The test process never needs a broker: Celery's work in tests is done by a real worker
# subprocess (tests/clocks), which sets DICE_TEST_WORKER and gets REDIS_URL.
if not os.environ.get("DICE_TEST_WORKER"):
    CELERY_BROKER_URL = "memory://"
    CELERY_BROKER_TRANSPORT_OPTIONS = {}

# Bots move at once in tests (a worker test may set DICE_BOT_DELAY in its environment).
DICE_BOT_DELAY = float(os.environ.get("DICE_BOT_DELAY", "0"))
