"""The served application lends each request a pooled thread (config/request_threads.py):
a request's sync work (request_started, the view, request_finished) runs on one thread,
the same thread serves the next request instead of a new one being started, and a burst
past the kept threads lets the extra ones go."""

from __future__ import annotations

import asyncio
import threading
from typing import Any

import pytest
from django.core import signals

from config.request_threads import PooledThreadsASGIHandler, RequestThreads

pytestmark = pytest.mark.django_db(transaction=True)


async def get(app: Any, path: str) -> int:
    """One ASGI GET request; its response status."""
    sent: list[dict] = []
    body_read = False
    never = asyncio.Event()

    async def receive() -> dict:
        nonlocal body_read
        if not body_read:
            body_read = True
            return {"type": "http.request", "body": b"", "more_body": False}
        await never.wait()  # no disconnect: Django stops listening once it has answered
        return {"type": "http.disconnect"}

    async def send(message: dict) -> None:
        sent.append(message)

    scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1",
             "method": "GET", "scheme": "http", "path": path, "raw_path": path.encode(),
             "query_string": b"", "headers": [(b"host", b"testserver")],
             "client": ("127.0.0.1", 40000), "server": ("testserver", 80)}
    await app(scope, receive, send)
    return int(sent[0]["status"])


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


def test_a_requests_sync_work_runs_on_one_thread_which_serves_the_next_request(
        threads_seen: list) -> None:
    app = PooledThreadsASGIHandler()
    app.threads = RequestThreads(keep=4)

    async def three_in_turn() -> list[int]:
        return [await get(app, "/api/v1/game-types") for _ in range(3)]

    statuses = asyncio.run(three_in_turn())
    assert all(status in (200, 401) for status in statuses), statuses
    assert [kind for kind, _ in threads_seen] == ["started", "finished"] * 3
    threads = {ident for _, ident in threads_seen}
    assert len(threads) == 1, "a request's sync work, or the next request's, moved thread"
    assert threads != {threading.get_ident()}
    assert app.threads.started == 1, "each request started a thread of its own"
    assert app.threads.idle() == 1


def test_requests_at_once_each_have_a_thread_and_those_past_the_kept_ones_are_let_go(
        threads_seen: list) -> None:
    app = PooledThreadsASGIHandler()
    app.threads = RequestThreads(keep=2)

    async def five_at_once() -> list[int]:
        return list(await asyncio.gather(*(get(app, "/api/v1/game-types") for _ in range(5))))

    asyncio.run(five_at_once())
    started = [ident for kind, ident in threads_seen if kind == "started"]
    assert len(started) == 5 and len(set(started)) == 5, "requests at once shared a thread"
    assert app.threads.started == 5
    assert app.threads.idle() == 2


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
    import os
    import subprocess
    import sys
    from pathlib import Path

    probe = "import config.asgi as a; print(type(a.application).__name__)"
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings_test"}
    out = subprocess.run([sys.executable, "-c", probe], cwd=Path(__file__).resolve().parents[2],
                         env=env, capture_output=True, text=True, timeout=60, check=True)
    assert out.stdout.strip().splitlines()[-1] == "PooledThreadsASGIHandler"
