"""The served application hears a client's disconnect as Django does, without leaving each
request in a reference cycle (config/request_threads.py, `listen_for_disconnect`).

An ASGI server (uvicorn) answers `receive()` with `http.disconnect` once the response is
sent. Django's listener raised RequestAborted then; Django's `handle()` caught it from the
task in a frame that holds the task, and the exception's traceback held that frame: a
cycle holding the request, its scope and its response, which only the cyclic collector
freed (about 115 objects a request, measured as the long pauses of docs/benchmarks.md).
"""

from __future__ import annotations

import asyncio
import gc
from collections import Counter
from typing import Any

import pytest
from django.core.handlers.asgi import ASGIRequest
from django.http import HttpResponseBase

from config.request_threads import PooledThreadsASGIHandler, RequestThreads
from tests.support.api import table

pytestmark = pytest.mark.django_db(transaction=True)


def scope(path: str, query: str, token: str) -> dict:
    return {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1",
            "method": "GET", "scheme": "http", "path": path, "raw_path": path.encode(),
            "query_string": query.encode(),
            "headers": [(b"host", b"testserver"), (b"authorization", f"Token {token}".encode())],
            "client": ("127.0.0.1", 40000), "server": ("testserver", 80)}


async def served(app: Any, path: str, query: str, token: str,
                 leave_after: float | None = None) -> list[dict]:
    """One GET as uvicorn serves it: `receive()` answers `http.disconnect` once the whole
    response is sent, or after `leave_after` seconds (the client went away)."""
    sent: list[dict] = []
    body_read = False
    over = asyncio.Event()

    async def receive() -> dict:
        nonlocal body_read
        if not body_read:
            body_read = True
            return {"type": "http.request", "body": b"", "more_body": False}
        if leave_after is None:
            await over.wait()
        else:
            await asyncio.sleep(leave_after)
        return {"type": "http.disconnect"}

    async def send(message: dict) -> None:
        sent.append(message)
        if message["type"] == "http.response.body" and not message.get("more_body"):
            over.set()

    await app(scope(path, query, token), receive, send)
    return sent


def app() -> PooledThreadsASGIHandler:
    handler = PooledThreadsASGIHandler()
    handler.threads = RequestThreads(keep=4)
    return handler


def test_a_served_request_leaves_no_cycle_holding_it(players) -> None:  # type: ignore[no-untyped-def]
    a, b = players(2)
    game_id = table(a, [b], "snake-bones")
    a.start(game_id, first_player=0)
    handler = app()

    async def requests(times: int) -> list[int]:
        statuses = []
        for _ in range(times):
            sent = await served(handler, f"/api/v1/games/{game_id}", "", a.token)
            statuses.append(sent[0]["status"])
        return statuses

    assert asyncio.run(requests(1)) == [200]  # warm: caches, lazy imports
    gc.collect()
    gc.set_debug(gc.DEBUG_SAVEALL)
    try:
        assert asyncio.run(requests(5)) == [200] * 5
        gc.collect()
        held = Counter(type(o).__name__ for o in gc.garbage
                       if isinstance(o, (ASGIRequest, HttpResponseBase, BaseException)))
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
    assert held == Counter(), "served requests were left to the cyclic collector"


def test_a_client_that_goes_away_still_ends_its_long_poll(players) -> None:  # type: ignore[no-untyped-def]
    """As in Django: the disconnect cancels the view that is still waiting."""
    a, b = players(2)
    game_id = table(a, [b], "snake-bones")
    version = a.start(game_id, first_player=0)["version"]
    handler = app()

    async def poll() -> tuple[list[dict], float]:
        loop = asyncio.get_running_loop()
        began = loop.time()
        sent = await asyncio.wait_for(
            served(handler, f"/api/v1/games/{game_id}/events", f"after={version}&wait=20",
                   a.token, leave_after=0.5), timeout=10)
        return sent, loop.time() - began

    sent, took = asyncio.run(poll())
    assert took < 5, "the long poll went on waiting after its client had gone"
    assert sent == [], "an answer was sent to a client that had gone"
    assert handler.threads.lent == 0
