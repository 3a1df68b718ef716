"""Logins that cannot take the service down (issue #29 item 5), served for real: uvicorn
with two worker processes, PostgreSQL, a private Redis, and a password hasher that counts
its hashes and notes whether the thread making each held a database connection
(tests/support/hashers.py; each hash takes 0.3 s, a sleep, as a real one takes CPU; 0.6 s
where reads are timed against it).

The pool is made small on purpose (2 connections a process, 1 s to wait for one): were a
connection held while a password is hashed, 20 logins a process would keep the pool busy
for 3 s, and the bursts below would get `503 database_unavailable` and a slow read.
"""

from __future__ import annotations

import json
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.clocks.worker import RedisServer, wait_until
from tests.support.concurrency import at_once
from tests.support.hashers import read_log
from tests.support.server import Server

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]

HASH_SECONDS = 0.3
# The hash of the server whose reads are timed, and their bound: a read held up behind the
# hashing waits for a hash to end or for the pool's 1 s; one that is not takes only its own
# time, which a loaded two-core machine stretches (8-55 ms alone, 0.33 s once in a full CI
# run), so the bound must stand well clear of that.
TIMED_HASH_SECONDS = 0.6


def call(base: str, method: str, path: str, body: Any = None,
         token: str | None = None) -> tuple[int, Any, Any, float]:
    """Status, the body (JSON), the headers and the seconds the answer took."""
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Token {token}"
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(f"{base}/api/v1{path}", data=data, method=method,
                                     headers=headers)
    began = time.perf_counter()
    try:
        with urllib.request.urlopen(request, timeout=30) as answer:
            status, raw, head = answer.status, answer.read(), answer.headers
    except urllib.error.HTTPError as error:
        status, raw, head = error.code, error.read(), error.headers
    return status, json.loads(raw) if raw else None, head, time.perf_counter() - began



@pytest.fixture(scope="module")
def redis_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    server = RedisServer(Path(tmp_path_factory.mktemp("redis")))
    server.start()
    yield server.url
    server.stop()


@pytest.fixture
def served(tmp_path: Path, redis_url: str,
           request: pytest.FixtureRequest) -> Iterator[tuple[Server, str]]:
    """The server; its hashes take HASH_SECONDS, or the seconds a test's indirect
    parameter gives."""
    hashes = str(tmp_path / "hashes.log")
    seconds = getattr(request, "param", HASH_SECONDS)
    server = Server(tmp_path, workers=2, REDIS_URL=redis_url,
                    DJANGO_SETTINGS_MODULE="tests.support.hashing_settings",
                    DICE_TEST_HASH_LOG=hashes, DICE_TEST_HASH_SECONDS=str(seconds),
                    DICE_THROTTLE_LOGIN_FAILURES="10/min", DICE_DB_POOL_SIZE="2",
                    DICE_DB_POOL_TIMEOUT="1", DICE_PASSWORD_HASHERS="2",
                    DICE_PASSWORD_HASH_WAIT="2")
    server.start()
    try:
        yield server, hashes
    finally:
        server.stop()


def code(answer: tuple[int, Any, Any, float]) -> str:
    status, body = answer[0], answer[1]
    return (f"{status} {body.get('code')}" if status >= 400 and isinstance(body, dict)
            else str(status))


@pytest.mark.parametrize("served", [TIMED_HASH_SECONDS], indirect=True)
def test_a_burst_of_wrong_logins_checks_ten_and_leaves_reads_alone(  # type: ignore[no-untyped-def]
        served) -> None:
    server, hashes = served
    base = server.url
    assert call(base, "POST", "/auth/register",
                {"username": "victim", "password": "victim-secret-1"})[0] == 201
    reader = call(base, "POST", "/auth/register",
                  {"username": "reader", "password": "reader-secret-1"})[1]["token"]
    status, game, _, _ = call(base, "POST", "/games", {"game_type": "snake-bones", "seats": 2},
                              reader)
    assert status == 201, game
    for _ in range(6):  # both workers warm
        assert call(base, "GET", f"/games/{game['id']}", token=reader)[0] == 200
    before = len(read_log(hashes))

    def wrong(i: int) -> Any:
        if i < 40:
            return call(base, "POST", "/auth/token",
                        {"username": "victim", "password": f"wrong guess {i}"})
        # Another user's reads, once passwords are being hashed.
        wait_until(lambda: len(read_log(hashes)) > before + 1, 10, "no hash began")
        return (call(base, "GET", f"/games/{game['id']}", token=reader),
                call(base, "GET", "/games?mine=true", token=reader))

    answers = at_once(41, wrong)
    logins, (read, mine) = answers[:40], answers[40]
    checks = read_log(hashes)[before:]

    # Neither read waited as long as one hash takes. Alone they take 8-55 ms (under the load
    # of other tests); in full CI runs on two cores one took 0.23 s, and on a machine of half
    # the speed 0.33 s, with nothing wrong. With a connection held while hashing
    # (close_connections() left out), a read waits for the pool: `503 database_unavailable`
    # after its 1 s in three runs of three, and the hash log says `held` (below).
    assert read[0] == 200 and read[3] < TIMED_HASH_SECONDS, \
        f"the game read: {code(read)} in {read[3]:.3f} s"
    assert mine[0] == 200 and mine[3] < TIMED_HASH_SECONDS, \
        f"the games read: {code(mine)} in {mine[3]:.3f} s"
    assert len(checks) <= 10, f"{len(checks)} wrong passwords were checked"
    assert all(kind == "verify" and not held for kind, held in checks), checks
    codes = sorted(code(a) for a in logins)
    assert set(codes) <= {"401 authentication_failed", "429 throttled", "503 login_busy"}, codes
    assert codes.count("401 authentication_failed") == len(checks), codes
    assert codes.count("429 throttled") >= 30, codes
    refused = next(a for a in logins if a[0] == 429)
    assert 0 < int(refused[2]["Retry-After"]) <= 60
    assert refused[2]["RateLimit-Remaining"] == "0" and refused[2]["RateLimit-Limit"] == "10"


def test_a_burst_of_registrations_never_waits_for_the_pool(served) -> None:  # type: ignore[no-untyped-def]
    server, hashes = served
    answers = at_once(25, lambda i: call(server.url, "POST", "/auth/register",
                                       {"username": f"newcomer{i}",
                                        "password": f"plum orbit {i:02d} kettle"}))
    codes = [code(a) for a in answers]
    assert set(codes) <= {"201", "503 login_busy"}, codes
    assert codes.count("201") >= 10, codes
    assert all(int(a[2]["Retry-After"]) >= 1 for a in answers if a[0] == 503)
    made = read_log(hashes)
    assert all(kind == "encode" and not held for kind, held in made), made
    assert len(made) == codes.count("201")
