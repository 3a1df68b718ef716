"""The served application lends its requests' sync work pooled threads
(config/request_threads.py): requests in turn reuse one started thread; a call gives its
database connection back as it ends, and its thread with it, but for a call that leaves
a transaction open, which keeps both for the request's next calls; a long poll holds no
thread while it waits; a burst past the kept threads lets the extra ones go; Django's
request-start housekeeping and the response's close make no thread hop of their own."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

import pytest
from django.core import signals
from django.db import connection, transaction

from config.request_threads import (
    PooledThreadsASGIHandler,
    RequestThread,
    RequestThreads,
    holds_a_connection,
)
from tests.support.api import table
from tests.support.asgi import served

pytestmark = pytest.mark.django_db(transaction=True)

# What these check is a connection per thread that is opened and closed: Django never
# closes a connection to SQLite's in-memory test database (closing it would drop the
# database), so on the README's default (SQLite) they cannot hold and are skipped.
ON_POSTGRESQL = pytest.mark.postgres


async def get(app: Any, path: str, query: str = "", token: str | None = None) -> int:
    """One ASGI GET request (tests/support/asgi.py); its response status."""
    return int((await served(app, path, query, token))[0]["status"])


@pytest.fixture
def threads_seen() -> Any:
    """The thread of each request_started and request_finished, in order."""
    seen: list[tuple[str, int]] = []

    def started(**_: Any) -> None:
        seen.append(("started", threading.get_ident()))

    def finished(**_: Any) -> None:
        seen.append(("finished", threading.get_ident()))
    signals.request_started.connect(started, weak=False)
    signals.request_finished.connect(finished, weak=False)
    yield seen
    signals.request_started.disconnect(started)
    signals.request_finished.disconnect(finished)


def test_requests_in_turn_run_their_sync_work_on_one_started_thread(
        threads_seen: list) -> None:
    app = PooledThreadsASGIHandler()
    app.threads = RequestThreads(keep=4)

    async def three_in_turn() -> list[int]:
        return [await get(app, "/api/v1/game-types") for _ in range(3)]

    statuses = asyncio.run(three_in_turn())
    assert all(status in (200, 401) for status in statuses), statuses
    assert [kind for kind, _ in threads_seen] == ["started", "finished"] * 3
    started = {ident for kind, ident in threads_seen if kind == "started"}
    assert len(started) == 1, "requests in turn did not share the started thread"
    assert started != {threading.get_ident()}
    assert app.threads.started == 1, "each request started a thread of its own"
    assert app.threads.idle() == 1 and app.threads.lent == 0


def test_a_response_is_closed_on_the_event_loop_when_its_request_holds_no_thread(
        threads_seen: list) -> None:
    """Nothing was left open on a request thread (no token: no database read): its
    `request_finished` needs no thread hop."""
    app = PooledThreadsASGIHandler()
    app.threads = RequestThreads(keep=4)
    assert asyncio.run(get(app, "/api/v1/game-types")) in (200, 401)
    assert threads_seen[-1] == ("finished", threading.get_ident())


@ON_POSTGRESQL
def test_a_sync_views_connection_goes_back_to_the_pool_when_the_view_returns(
        players, threads_seen: list) -> None:  # type: ignore[no-untyped-def]
    """A sync view that read the database gives its connection back as its call ends,
    not once the response is sent: the thread goes back with it, and the response is
    closed on the event loop."""
    (a,) = players(1)
    app = PooledThreadsASGIHandler()
    app.threads = RequestThreads(keep=4)
    assert asyncio.run(get(app, "/api/v1/games", token=a.token)) == 200
    assert threads_seen[-1] == ("finished", threading.get_ident())
    assert app.threads.lent == 0
    executor = app.threads.take()
    assert not executor.submit(holds_a_connection).result(timeout=10), \
        "the request's connection was left open on its thread"
    app.threads.give_back(executor)


@ON_POSTGRESQL
def test_a_request_first_closes_a_stale_connection_left_on_its_borrowed_thread() -> None:
    """Django's request-start housekeeping (`close_old_connections`) runs on the
    request's own thread before its first call, not as a hop of its own."""
    threads = RequestThreads(keep=4)
    executor = threads.take()

    def left_open() -> int:
        # (`connection` is a proxy: looked up in the thread, it is that thread's.)
        connection.ensure_connection()
        assert holds_a_connection()
        return threading.get_ident()

    def look() -> tuple[int, bool]:
        return threading.get_ident(), holds_a_connection()

    stale_thread = executor.submit(left_open).result(timeout=10)
    threads.give_back(executor)  # a thread left with an open connection
    request = RequestThread(threads)
    first, second = (request.submit(look).result(timeout=10) for _ in "12")
    assert first[0] == stale_thread, "the request did not borrow the thread left open"
    assert first[1] is False, "the request's first call found the stale connection open"
    assert second[1] is False
    request.finish()


def test_request_started_has_no_receiver_that_needs_a_thread() -> None:
    PooledThreadsASGIHandler()
    assert not signals.request_started.has_listeners(), \
        "sending request_started would hop to a thread for every request"


@ON_POSTGRESQL
def test_a_call_that_leaves_a_transaction_open_keeps_its_thread_until_it_ends() -> None:
    threads = RequestThreads(keep=4)
    request = RequestThread(threads)
    block = transaction.atomic()

    def begins() -> int:
        block.__enter__()
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
        return threading.get_ident()

    def ends() -> int:
        block.__exit__(None, None, None)
        return threading.get_ident()

    def other_request_call() -> int:
        return threading.get_ident()

    first = request.submit(begins).result(timeout=10)
    assert threads.lent == 1, "the thread in a transaction went back to the pool"
    # Meanwhile another request borrows a thread: not that one.
    assert RequestThread(threads).submit(other_request_call).result(timeout=10) != first
    assert request.submit(ends).result(timeout=10) == first, "the transaction changed thread"
    assert threads.lent == 0, "the thread stayed lent once its transaction ended"
    request.finish()
    assert threads.lent == 0


@ON_POSTGRESQL
def test_a_call_gives_its_connection_back_when_it_ends() -> None:
    threads = RequestThreads(keep=4)
    request = RequestThread(threads)

    def reads() -> bool:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
        return holds_a_connection()

    assert request.submit(reads).result(timeout=10) is True
    assert threads.lent == 0, "the thread stayed lent"
    assert request.submit(holds_a_connection).result(timeout=10) is False, \
        "the connection stayed open on the thread"
    request.finish()


def test_a_call_that_leaves_nothing_open_gives_its_thread_back() -> None:
    threads = RequestThreads(keep=4)
    request = RequestThread(threads)
    request.submit(threading.get_ident).result(timeout=10)
    assert threads.lent == 0 and threads.idle() == 1
    request.finish()
    assert threads.lent == 0 and threads.idle() == 1


@ON_POSTGRESQL  # its look after listening reads on the request's thread (api/live_bodies.py)
def test_a_waiting_long_poll_holds_no_thread(players) -> None:  # type: ignore[no-untyped-def]
    a, b = players(2)
    game_id = table(a, [b], "snake-bones")
    version = a.start(game_id, first_player=0)["version"]
    app = PooledThreadsASGIHandler()
    app.threads = RequestThreads(keep=4)

    async def poll_and_look() -> tuple[int, int]:
        poll = asyncio.ensure_future(get(app, f"/api/v1/games/{game_id}/events",
                                         f"after={version}&wait=1.5", a.token))
        await asyncio.sleep(0.8)
        assert not poll.done()
        lent = app.threads.lent
        return await poll, lent

    status, lent_while_waiting = asyncio.run(poll_and_look())
    assert status == 200
    assert lent_while_waiting == 0, "a long poll held a thread while it waited"
    assert app.threads.lent == 0


def test_threads_past_the_kept_ones_are_let_go() -> None:
    threads = RequestThreads(keep=2)
    lent = [threads.take() for _ in range(5)]
    assert threads.started == 5 and threads.lent == 5
    for executor in lent:
        threads.give_back(executor)
    assert threads.idle() == 2 and threads.lent == 0
    assert sum(executor._shutdown for executor in lent) == 3


def test_a_thread_let_go_ends_on_its_own() -> None:
    threads = RequestThreads(keep=0)
    executor = threads.take()
    ident = executor.submit(threading.get_ident).result(timeout=5)
    threads.give_back(executor)
    for thread in threading.enumerate():
        if thread.ident == ident:
            thread.join(timeout=5)
            assert not thread.is_alive(), "a thread let go kept running"


def test_the_served_application_pools_its_request_threads() -> None:
    probe = "import config.asgi as a; print(type(a.application).__name__)"
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings_test"}
    out = subprocess.run([sys.executable, "-c", probe], cwd=Path(__file__).resolve().parents[2],
                         env=env, capture_output=True, text=True, timeout=60, check=True)
    assert out.stdout.strip().splitlines()[-1] == "PooledThreadsASGIHandler"
