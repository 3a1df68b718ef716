"""The failed-login limit counts an attempt before its password is checked, atomically
(accounts/failed_logins.py), in Redis and in the local cache; the password hashers are
bounded per process (accounts/hashing.py) and hash with no database connection held."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import redis
from django.core.cache import cache
from django.core.cache.backends.locmem import LocMemCache
from django.db import connection
from rest_framework.test import APIClient

from accounts import hashing
from accounts.errors import TooManyFailedLogins
from accounts.failed_logins import FailedLogins, LocalCounter, RedisCounter
from tests.clocks.worker import RedisServer
from tests.support import hashers
from tests.support.api import BASE
from tests.support.concurrency import at_once


@pytest.fixture(scope="module")
def redis_client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    server = RedisServer(Path(tmp_path_factory.mktemp("redis")))
    server.start()
    yield redis.Redis.from_url(server.url)
    server.stop()


@pytest.fixture(params=["local", "redis"])
def counter(request: pytest.FixtureRequest) -> Any:
    if request.param == "local":
        return LocalCounter(LocMemCache(f"reservations-{time.time_ns()}", {}))
    client = request.getfixturevalue("redis_client")
    client.flushdb()
    return RedisCounter(client)


@pytest.fixture
def limit(settings):  # type: ignore[no-untyped-def]
    def set_rate(rate: str) -> None:
        settings.DICE_THROTTLE_LOGIN_FAILURES = rate
    return set_rate


def reserve_all(logins: FailedLogins, n: int, ident: Any, username: Any) -> list[Any]:
    """n reservations at once (threads released together): each a Reservation or None."""

    def reserve(i: int) -> Any:
        try:
            return logins.reserve(ident(i), username(i))
        except TooManyFailedLogins:
            return None
    return at_once(n, reserve, timeout=None)


def test_parallel_attempts_reserve_exactly_the_limit(counter, limit) -> None:  # type: ignore[no-untyped-def]
    limit("10/min")
    logins = FailedLogins(counter)
    by_name = reserve_all(logins, 40, lambda i: f"198.51.100.{i}", lambda i: "victim")
    assert sum(r is not None for r in by_name) == 10
    by_address = reserve_all(logins, 40, lambda i: "203.0.113.9", lambda i: f"guess{i}")
    assert sum(r is not None for r in by_address) == 10
    lefts = sorted(r.standing.left for r in by_address if r is not None)
    assert lefts == list(range(10)), "each reservation saw its own count"


def test_a_refused_attempt_counts_on_neither_key(counter, limit) -> None:  # type: ignore[no-untyped-def]
    limit("2/min")
    logins = FailedLogins(counter)
    logins.reserve("192.0.2.1", "alice")
    logins.reserve("192.0.2.1", "bob")
    with pytest.raises(TooManyFailedLogins) as refused:
        logins.reserve("192.0.2.1", "carol")  # the address is at its limit
    assert refused.value.limit == 2 and 0 < refused.value.wait <= 60
    # carol was not counted: from another address she has both attempts left.
    assert logins.reserve("192.0.2.2", "carol").standing.left == 1


def test_a_given_back_attempt_counts_no_more(counter, limit) -> None:  # type: ignore[no-untyped-def]
    limit("2/min")
    logins = FailedLogins(counter)
    first = logins.reserve("192.0.2.1", "alice")
    assert first.standing.left == 1
    assert first.give_back().left == 2
    first.give_back()  # twice is once
    kept = logins.reserve("192.0.2.1", "alice")
    assert kept.standing.left == 1
    logins.reserve("192.0.2.1", "alice")
    with pytest.raises(TooManyFailedLogins):
        logins.reserve("192.0.2.1", "alice")


def test_the_window_ends(counter, limit) -> None:  # type: ignore[no-untyped-def]
    limit("1/s")
    logins = FailedLogins(counter)
    logins.reserve("192.0.2.1", "alice")
    with pytest.raises(TooManyFailedLogins):
        logins.reserve("192.0.2.1", "alice")
    time.sleep(1.1)
    assert logins.reserve("192.0.2.1", "alice").standing.left == 0


# --- the hashers over HTTP --------------------------------------------------------------


@pytest.fixture
def counting(settings):  # type: ignore[no-untyped-def]
    settings.PASSWORD_HASHERS = ["tests.support.hashers.CountingHasher"]
    hashers.HASHES.clear()
    cache.clear()
    yield hashers.HASHES
    cache.clear()


def post(path: str, username: str, password: str) -> Any:
    return APIClient().post(f"{BASE}/auth/{path}", {"username": username, "password": password},
                            format="json")


def test_busy_hashers_refuse_logins_only_and_count_nothing(  # type: ignore[no-untyped-def]
        api, db, counting, settings, limit) -> None:
    limit("3/min")
    alice = api.register("alice")
    settings.DICE_PASSWORD_HASHERS = 1
    settings.DICE_PASSWORD_HASH_WAIT = 0.05
    busy = hashing._semaphore()
    assert busy.acquire(timeout=1)
    try:
        hashed = len(counting)
        for path in ("token", "token", "token", "token", "register"):
            refused = post(path, "alice" if path == "token" else "newcomer", "plum orbit kettle")
            assert refused.status_code == 503, refused.content
            assert refused.json()["code"] == "login_busy"
            assert refused["Content-Type"].startswith("application/problem+json")
            assert int(refused["Retry-After"]) >= 1
        assert len(counting) == hashed, "a password was hashed past the hashers"
        assert alice.get("/games").status_code == 200  # the rest of the service answers
    finally:
        busy.release()
    # Four busy logins were not counted as failures (the limit is 3).
    statuses = [post("token", "alice", "not the password").status_code for _ in range(4)]
    assert statuses == [401, 401, 401, 429]


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_no_connection_is_held_while_hashing_even_with_atomic_requests(  # type: ignore[no-untyped-def]
        api, counting, monkeypatch) -> None:
    monkeypatch.setitem(connection.settings_dict, "ATOMIC_REQUESTS", True)
    assert post("register", "hasher", "plum orbit kettle").status_code == 201
    assert post("token", "hasher", "plum orbit kettle").status_code == 200
    assert post("token", "hasher", "not the password").status_code == 401
    assert post("token", "nobody", "not the password").status_code == 401
    assert [kind for kind, _ in counting] == ["encode", "verify", "verify", "encode"]
    assert not any(held for _, held in counting), counting
