"""Fixtures shared by the service and API tests (the rules tests need none of them)."""

from __future__ import annotations

import itertools
import time
from typing import Any

import pytest

_names = itertools.count()

# Django and DRF are imported inside the fixtures, so the pure rules tests under
# tests/games also run with `-p no:django`.


# Left out of the fast loop (`python3 dev.py test --fast`, README) besides the tests marked
# `slow` where they stand: each of these took 2.5 s or more (`--durations`), mostly whole
# games played over HTTP or at random for every game type, wheels built, verifiers run in
# subprocesses. CI runs them all (`python3 dev.py test`).
SLOW_IN_THE_FAST_LOOP = (
    "tests/api/test_secrecy_all_games.py",
    "tests/api/test_fuzz_requests.py",
    "tests/api/test_game_types.py::test_what_the_server_serves_fits_the_schemas",
    "tests/api/test_bad_input.py::test_no_body_produces_a_500_or_an_append",
    "tests/api/test_skip_bo_http.py", "tests/api/test_bare_bones_http.py",
    "tests/api/test_wake_reads.py", "tests/api/test_deletion_end_to_end.py",
    "tests/api/test_secrecy.py",
    "tests/fairness/test_audit_http.py", "tests/fairness/test_standalone_verifier.py",
    "tests/fairness/test_anchors.py", "tests/fairness/test_command.py",
    "tests/fairness/test_independent.py", "tests/fairness/test_verifier.py",
    "tests/fairness/test_player_ids.py", "tests/fairness/test_bamboozled_challenges.py",
    "tests/games/bare_bones/test_random_play.py",
    "tests/games/bare_bones/test_hidden_information.py",
    "tests/games/bare_bones/test_legal_choices.py", "tests/games/skip_bo_dice/test_random_play.py",
    "tests/games/bamboozled/test_random_play.py", "tests/games/dark_knights/test_random_play.py",
    "tests/games/dark_knights/test_choices.py", "tests/games/dark_knights/test_legal_bound.py",
    "tests/games/dark_knights/test_resign.py::test_random_games_with_resignations",
    "tests/games/test_bots.py::test_beats_random_play", "tests/games/test_common_view.py",
    "tests/games/bamboozled/test_view.py", "tests/games/snake_bones/test_view.py",
    "tests/games/skip_bo_dice/test_view.py", "tests/games/skip_bo_dice/test_legal_actions.py",
    "tests/games/bare_bones/test_view.py",
)


@pytest.hookimpl(tryfirst=True)   # before `-m "not slow"` deselects
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        if item.nodeid.startswith(SLOW_IN_THE_FAST_LOOP):
            item.add_marker(pytest.mark.slow)
    if not config.pluginmanager.hasplugin("django"):
        return
    from django.conf import settings

    engine = settings.DATABASES["default"]["ENGINE"]
    if engine.endswith("postgresql"):
        return
    skip = pytest.mark.skip(reason="needs PostgreSQL: set DATABASE_URL (CI does)")
    for item in items:
        if "postgres" in item.keywords:
            item.add_marker(skip)


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup: None) -> Any:
    """pytest-django's, and before the test databases are dropped, a check that every
    connection taken from the pool was given back. Django gives a thread's connection back
    only when that thread closes it: a test's thread that ends without closing keeps one out
    for good (a pool slot lost, and a session PostgreSQL will not let the database be
    dropped with)."""
    yield
    from django.db import connections

    connections.close_all()   # this thread's own
    database = connections["default"]
    if "pool" not in database.settings_dict.get("OPTIONS", {}):
        return
    deadline = time.monotonic() + 5   # a request thread finishing as the session ends
    while (out := taken(database.pool)) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not out, (f"{out} pooled database connection(s) never given back: a test's "
                     "thread used the database and ended without connection.close()")


def taken(pool: Any) -> int:
    """Connections of the pool now in use (psycopg_pool's statistics)."""
    stats = pool.get_stats()
    return int(stats["pool_size"] - stats["pool_available"])


@pytest.fixture
def api() -> Any:
    from tests.support.api import Api

    return Api()


@pytest.fixture
def make_player(db: Any, api: Any):  # type: ignore[no-untyped-def]
    def make(name: str | None = None) -> Any:
        return api.register(name or f"player{next(_names)}")
    return make


@pytest.fixture
def players(make_player):  # type: ignore[no-untyped-def]
    def make(n: int) -> list[Any]:
        return [make_player() for _ in range(n)]
    return make
