"""A burst of requests cannot take the service past its bound of database connections.

Each process borrows from a pool of at most DICE_DB_POOL_SIZE connections (config/
settings.py); requests beyond it wait for one instead of opening another. Before the
pool, 25 concurrent requests to the development server held 84 of PostgreSQL's 100.
"""

from __future__ import annotations

import json
import threading
import time
import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Iterator

import pytest
from django.db import connection, transaction

from events.models import Game
from tests.support.server import Server

pytestmark = [pytest.mark.served, pytest.mark.postgres, pytest.mark.django_db(transaction=True)]

POOL = 3
BURST = 40


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    running = Server(tmp_path, DICE_DB_POOL_SIZE=str(POOL))
    running.start()
    yield running
    running.stop()


def connections_to_this_database(also_not: int = 0) -> int:
    """Sessions of the test database but this one (and the test's other one)."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT count(*) FROM pg_stat_activity WHERE datname = current_database()"
                       " AND pid <> pg_backend_pid() AND pid <> %s", [also_not])
        return int(cursor.fetchone()[0])


def pid_of_this_session() -> int:
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        return int(cursor.fetchone()[0])


def test_a_burst_of_requests_never_holds_more_than_the_pool(server: Server, players) -> None:  # type: ignore[no-untyped-def]
    host, guest = players(2)
    game = host.create("snake-bones", 2)
    guest.join(game["id"])
    url = f"{server.url}/api/v1/games/{game['id']}"
    before = connections_to_this_database()
    peak = before
    done = threading.Event()
    mine = pid_of_this_session()

    def sample() -> None:
        nonlocal peak
        try:
            while not done.is_set():
                peak = max(peak, connections_to_this_database(also_not=mine))
                time.sleep(0.005)
        finally:
            connection.close()

    def fetch(_: int) -> int:
        request = urllib.request.Request(url, headers={"Authorization": f"Token {host.token}"})
        with urllib.request.urlopen(request, timeout=30) as answer:
            return answer.status

    sampler = threading.Thread(target=sample)
    sampler.start()
    try:
        with ThreadPoolExecutor(BURST) as burst:
            statuses = list(burst.map(fetch, range(BURST * 3)))
    finally:
        done.set()
        sampler.join()
    assert statuses == [200] * (BURST * 3)
    assert before <= peak - 1, "the burst never reached the database"
    assert peak - before <= POOL, f"the server held {peak - before} connections"


@pytest.fixture
def one_connection_server(tmp_path: Path) -> Iterator[Server]:
    running = Server(tmp_path, DICE_DB_POOL_SIZE="1", DICE_DB_POOL_TIMEOUT="0.5")
    running.start()
    yield running
    running.stop()


def test_a_request_that_finds_the_pool_busy_gets_503_not_a_new_connection(
        one_connection_server: Server, players) -> None:  # type: ignore[no-untyped-def]
    """The server's one pooled connection is held by a request blocked inside the
    database (on the game's row lock, which the test holds); the next request waits
    DICE_DB_POOL_TIMEOUT for a connection, then gets 503. (A long poll no longer holds a
    connection while it waits: it cannot be the holder.)"""
    host, guest = players(2)
    game = host.create("snake-bones", 2)
    guest.join(game["id"])
    base = f"{one_connection_server.url}/api/v1/games/{game['id']}"
    auth = {"Authorization": f"Token {host.token}", "Content-Type": "application/json"}
    answers: dict[str, int] = {}

    def start() -> None:  # locks the game row: blocks on the test's lock, holding the pool
        request = urllib.request.Request(f"{base}/start", data=b"{}", headers=auth)
        try:
            with urllib.request.urlopen(request, timeout=30) as answer:
                answers["start"] = answer.status
        except urllib.error.HTTPError as error:
            answers["start"] = error.code
            answers["body"] = error.read()

    with transaction.atomic():
        Game.objects.select_for_update().get(id=game["id"])
        holder = threading.Thread(target=start)
        holder.start()
        wait_for_lock_waiter()
        try:
            urllib.request.urlopen(urllib.request.Request(base, headers=auth), timeout=30)
            raise AssertionError("the second request got a connection of its own")
        except urllib.error.HTTPError as refused:
            assert refused.code == 503
            assert refused.headers["Retry-After"] == "1"
            assert json.loads(refused.read())["code"] == "database_unavailable"
    holder.join(30)
    assert answers == {"start": 200}, answers  # it went on once the lock was gone


def wait_for_lock_waiter() -> None:
    """Until another session of this database waits for a lock."""
    end = time.monotonic() + 10
    while time.monotonic() < end:
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_stat_clear_snapshot()")  # a fresh look, in a transaction
            cursor.execute("SELECT count(*) FROM pg_stat_activity WHERE datname = "
                           "current_database() AND wait_event_type = 'Lock'")
            if cursor.fetchone()[0]:
                return
        time.sleep(0.05)
    raise AssertionError("no request came to wait for the game's lock")
