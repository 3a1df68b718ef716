"""The served application: Django's own ASGI handler, each request's sync work on a
started thread lent from a pool (docs/decisions/0023).

Django's handler gives each request a new single-thread executor for its sync work
(asgiref's `ThreadSensitiveContext()`): two thread starts a request (the executor's, and
asgiref's thread that joins it at the end), ~6 ms of server CPU a move measured
(docs/benchmarks.md, 2026-11-27). asgiref's `ThreadSensitiveContext(executor=...)` is
made for lending one instead ("the executor can be used again"): around Django's
handler, a request's sync calls all run, one at a time, on the lent thread, as a threaded
WSGI server runs them; Django's `request_started` and `request_finished` receivers open
and close its connections there as usual.

Before a writing request gets its thread it takes a place in the process's write lane
(`WriteLane`, DICE_WRITES_AT_ONCE: docs/decisions/0035-a-burst-of-moves.md); on its
thread it is then served whole by Django's WSGI handler, in one call, unless its view is
async or it asks for a file (config/whole_requests.py, docs/decisions/0036).
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import os
import threading
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from asgiref.sync import ThreadSensitiveContext
from django.conf import settings
from django.core.asgi import get_asgi_application
from django.core.wsgi import get_wsgi_application

from config.whole_requests import WholeRequests, is_whole

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

# Idle threads kept per process; a burst past it (or many open streams, each holding its
# request's thread while it waits, as Django's own handler does) starts more, let go after.
KEEP_IDLE = 64

# The requests that wait for a place in the write lane: these methods on a game's paths
# (moves, joins, seats, seeds...). Logins and registrations are not among them: their
# password hashing holds no connection (decision 0010) and must not hold up the moves.
WRITES = frozenset({"POST", "PUT", "PATCH", "DELETE"})
GAME_PATHS = "/api/v1/games"


def is_game_write(scope: dict) -> bool:
    return (scope.get("type") == "http" and scope.get("method") in WRITES
            and scope.get("path", "").startswith(GAME_PATHS))


class WriteLane:
    """At most `places` writing requests on games of this process in Django's hands at
    once; the others wait their turn here, on the event loop, holding no thread and no
    connection (docs/decisions/0035-a-burst-of-moves.md). Without it a burst of moves
    takes every pooled connection and queues past them: the live answers' reads and
    every read request (`GET /game-types` included) wait behind the whole burst. A
    request waits `patience` seconds at most, then goes on: the lane orders, it never
    refuses (the pool's own wait and its 503 stay the one limit)."""

    def __init__(self, places: int, patience: float) -> None:
        self.places = places
        self.patience = patience
        self._places: asyncio.Semaphore | None = None

    def semaphore(self) -> asyncio.Semaphore:
        # Made on first use, on the serving loop (one per process).
        if self._places is None:
            self._places = asyncio.Semaphore(self.places)
        return self._places

    @contextlib.asynccontextmanager
    async def place(self, scope: dict):  # type: ignore[no-untyped-def]
        if self.places <= 0 or not is_game_write(scope):
            yield
            return
        places = self.semaphore()
        try:
            await asyncio.wait_for(places.acquire(), self.patience)
        except TimeoutError:
            yield  # waited long enough: on without a place
            return
        try:
            yield
        finally:
            places.release()


class LentThreads:
    """An ASGI application: `handler` (Django's), each request lent a started thread."""

    def __init__(self, handler: Any, keep: int = KEEP_IDLE,
                 lane: WriteLane | None = None, whole: Any = None) -> None:
        self.handler = handler
        self.keep = keep
        self.lane = lane or WriteLane(0, 0)
        # Requests served whole in one call (config/whole_requests.py): all but async views.
        self.whole = whole
        self.idle: list[ThreadPoolExecutor] = []
        self.lent = 0
        self.started = 0
        self.lock = threading.Lock()

    def take(self) -> ThreadPoolExecutor:
        with self.lock:
            self.lent += 1
            if self.idle:
                return self.idle.pop()  # the most recently used: warm
            self.started += 1
        return ThreadPoolExecutor(max_workers=1, thread_name_prefix="dice-request")

    def give_back(self, executor: ThreadPoolExecutor) -> None:
        with self.lock:
            self.lent -= 1
            if len(self.idle) < self.keep:
                self.idle.append(executor)
                return
        executor.shutdown(wait=False)  # its thread ends once its queue is done

    async def __call__(self, scope: dict, receive: Any, send: Any) -> None:
        async with self.lane.place(scope):
            await self.lend(scope, receive, send)

    async def lend(self, scope: dict, receive: Any, send: Any) -> None:
        executor = self.take()
        try:
            # Django's handler returns once the request's last sync call has run (a
            # cancelled view's `request_finished` is queued behind it on this thread).
            served = self.whole if self.whole is not None and is_whole(scope) else self.handler
            async with ThreadSensitiveContext(executor=executor):
                await served(scope, receive, send)
        finally:
            self.give_back(executor)


application = LentThreads(
    get_asgi_application(),
    lane=WriteLane(settings.DICE_WRITES_AT_ONCE, settings.DICE_DB_POOL_TIMEOUT),
    whole=WholeRequests(get_wsgi_application()) if settings.DICE_WHOLE_REQUESTS else None)


def tune_the_collector(thresholds: tuple[int, ...] | None) -> None:
    """CPython's cyclic collector for a process that holds thousands of streams
    (settings.DICE_GC_THRESHOLDS; None: CPython's defaults). What start-up left alive is
    frozen (`gc.freeze()`: no collection walks it again) and full collections, which walk
    every stream's objects with the GIL held, come less often. Measured with 2,000
    streams: docs/decisions/0023-stock-request-handling.md."""
    if thresholds is None:
        return
    gc.collect()
    gc.freeze()
    gc.set_threshold(*thresholds)


tune_the_collector(settings.DICE_GC_THRESHOLDS)
