"""A request served as uvicorn serves it leaves nothing to the cyclic collector, whose
passes stop a worker (docs/decisions/0007): reference counting frees the
request, its response and what they read when the request ends.

- The disconnect listener (config/request_threads.py `listen_for_disconnect`): uvicorn
  answers `receive()` with `http.disconnect` once the response is sent. Django's listener
  raised RequestAborted then, and Django's `handle()` caught it from the task in a frame
  that holds the task; the traceback held that frame: a cycle holding the request, its
  scope and its response (about 115 objects a request).
- The game a request reads (events/store/sql.py `read_game`): its seats do not point
  back at it (about 22 objects a request: the game, its seats, their users).
"""

from __future__ import annotations

import asyncio
import gc
from collections import Counter

import pytest
from django.core.handlers.asgi import ASGIRequest
from django.db.models import Model
from django.http import HttpResponseBase

from tests.support.api import started
from tests.support.asgi import pooled_app, served

pytestmark = pytest.mark.django_db(transaction=True)


def test_served_requests_leave_no_cycle_holding_them_or_what_they_read(
        players) -> None:  # type: ignore[no-untyped-def]
    a, b, game_id, version = started(players)
    handler = pooled_app()
    reads = {
        "game": (f"/api/v1/games/{game_id}", ""),
        "legal actions": (f"/api/v1/games/{game_id}/legal-actions", ""),
        "events": (f"/api/v1/games/{game_id}/events", "after=0"),
        "a long poll that runs out": (f"/api/v1/games/{game_id}/events",
                                      f"after={version}&wait=0.1"),
    }

    async def requests(path: str, query: str, times: int) -> list[int]:
        return [(await served(handler, path, query, a.token))[0]["status"]
                for _ in range(times)]

    for name, (path, query) in reads.items():
        assert asyncio.run(requests(path, query, 1)) == [200]  # warm: caches, imports
        gc.collect()
        gc.set_debug(gc.DEBUG_SAVEALL)
        try:
            assert asyncio.run(requests(path, query, 5)) == [200] * 5
            gc.collect()
            held = Counter(type(o).__name__ for o in gc.garbage
                           if isinstance(o, (ASGIRequest, HttpResponseBase, BaseException,
                                             Model)))
        finally:
            gc.set_debug(0)
            gc.garbage.clear()
        assert held == Counter(), f"{name}: left to the cyclic collector"


def test_a_client_that_goes_away_still_ends_its_long_poll(players) -> None:  # type: ignore[no-untyped-def]
    """As in Django: the disconnect cancels the view that is still waiting."""
    a, b, game_id, version = started(players)
    handler = pooled_app()

    async def poll() -> tuple[list[dict], float]:
        loop = asyncio.get_running_loop()
        began = loop.time()
        sent = await asyncio.wait_for(
            served(handler, f"/api/v1/games/{game_id}/events", f"after={version}&wait=20",
                   a.token, leave_after=0.5), timeout=10)
        return sent, loop.time() - began

    sent, took = asyncio.run(poll())
    assert took < 5, "the long poll went on waiting after its client had gone"
    # The page's headers go when the request is checked (api/live.py `WaitingPage`), while
    # the client is there; nothing follows once it has gone.
    assert [m["type"] for m in sent] == ["http.response.start"], "a page went to no one"
    assert handler.threads.lent == 0
