"""Django's ASGI handler, with the threads of its requests' sync work lent from a pool
(and a disconnect listener that leaves no reference cycle: `listen_for_disconnect`).

Django runs a request's synchronous work (the sync views, the `request_started` and
`request_finished` receivers, closing the response) on a thread of the request's own:
`asgiref.sync.ThreadSensitiveContext()` makes a new single-thread executor per request,
which lives as long as the request. Measured (tests/benchmarks/live.py), that meant:

- two thread starts on the event loop per request (the executor's thread, which the loop
  waits to see running, and asgiref's joining thread afterwards), and
- an idle OS thread held by every open stream and long poll, for hours: ~1,000 threads
  per worker process with 2,000 streams held, where the waits themselves hold none.

Here each request's thread-sensitive calls go to a `RequestThread` (asgiref's
`ThreadSensitiveContext(executor=...)`): it borrows a started thread from the process's
`RequestThreads` for a call and keeps the same one for as long as the request needs that
thread, i.e. while calls are queued on it or a call left a database connection open on
it (Django's connections are per thread; `request_finished` closes the request's on the
thread that opened it). A sync view thus runs as before: its calls share one thread and
one connection. Between calls that leave nothing open (a stream's wait, between
`request_started` and the end), the thread goes back to the pool.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from concurrent.futures import Executor, Future, ThreadPoolExecutor
from typing import Any

from asgiref.sync import ThreadSensitiveContext
from django.core.handlers.asgi import ASGIHandler
from django.db import connections

# Idle threads kept per process for later requests; a burst past it starts more, which
# are let go when it is over.
KEEP_IDLE = 64


class RequestThreads:
    """The pool: single-thread executors, each lent to one request at a time."""

    def __init__(self, keep: int = KEEP_IDLE) -> None:
        self.keep = keep
        self._idle: list[ThreadPoolExecutor] = []
        self._lock = threading.Lock()
        self.started = 0  # executors made (each starts its thread at its first call)
        self.lent = 0  # lent now

    def take(self) -> ThreadPoolExecutor:
        with self._lock:
            self.lent += 1
            if self._idle:
                return self._idle.pop()  # the most recently used: warm
            self.started += 1
        return ThreadPoolExecutor(max_workers=1, thread_name_prefix="dice-request")

    def give_back(self, executor: ThreadPoolExecutor) -> None:
        with self._lock:
            self.lent -= 1
            if len(self._idle) < self.keep:
                self._idle.append(executor)
                return
        executor.shutdown(wait=False)  # its thread ends on its own; nothing waits for it

    def idle(self) -> int:
        with self._lock:
            return len(self._idle)


def holds_a_connection() -> bool:
    """Whether this thread has a database connection open (Django's are per thread)."""
    return any(c.connection is not None for c in connections.all(initialized_only=True))


class RequestThread(Executor):
    """One request's thread-sensitive executor: its calls run one at a time, each on a
    pooled thread, the same one while the request still needs it (see the module)."""

    def __init__(self, threads: RequestThreads) -> None:
        self._threads = threads
        self._lock = threading.Lock()
        self._executor: ThreadPoolExecutor | None = None
        self._calls = 0  # submitted and not yet over
        self._finished = False

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future:
        with self._lock:
            if self._executor is None:
                self._executor = self._threads.take()
            self._calls += 1
            executor = self._executor
        return executor.submit(self._call, fn, args, kwargs)

    def _call(self, fn: Callable[..., Any], args: tuple, kwargs: dict) -> Any:
        try:
            return fn(*args, **kwargs)
        finally:
            keep = holds_a_connection()
            with self._lock:
                self._calls -= 1
                executor = None
                if self._calls == 0 and (not keep or self._finished):
                    executor, self._executor = self._executor, None
            if executor is not None:
                self._threads.give_back(executor)

    def finish(self) -> None:
        """The request is over: a thread still held goes back, now or when its last call
        ends (a connection left open there, which `request_finished` should have closed,
        serves the next request that borrows the thread and is closed at its end)."""
        with self._lock:
            self._finished = True
            executor = self._executor if self._calls == 0 else None
            if executor is not None:
                self._executor = None
        if executor is not None:
            self._threads.give_back(executor)


REQUEST_THREADS = RequestThreads()


class PooledThreadsASGIHandler(ASGIHandler):
    """Django's ASGIHandler; only where a request's sync work runs differs, and how the
    end of a request is heard (`listen_for_disconnect`)."""

    threads = REQUEST_THREADS

    async def __call__(self, scope: dict, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await super().__call__(scope, receive, send)  # Django refuses it
            return
        thread = RequestThread(self.threads)
        try:
            # Django's handle() ends only after the request's last sync call has run (a
            # cancelled view's `request_finished` waits behind it on the same thread).
            async with ThreadSensitiveContext(executor=thread):
                await self.handle(scope, receive, send)
        finally:
            thread.finish()

    async def listen_for_disconnect(self, receive: Any) -> None:
        """Django's listener, except that a disconnect ends it by returning instead of
        raising RequestAborted.

        Django 5.2's `handle()` treats the two alike: whichever of this task and the
        view's ends first, the other, if still running, is cancelled. But it caught the
        exception from the task in its own frame, which holds the task, and the
        traceback holds that frame: a reference cycle holding the whole request (its
        scope, request, response and uvicorn's cycle), about 115 objects a request left
        to the cyclic collector, whose passes then stopped a worker for 0.6 s under
        1,000 long polls (docs/benchmarks.md; tests/ops/test_served_cycles.py).
        Django 6.1 rewrites `handle()`: pyproject.toml keeps Django below 5.3."""
        message = await receive()
        if message["type"] != "http.disconnect":
            # As Django: nothing but a disconnect may follow the request's body.
            raise AssertionError(
                f"Invalid ASGI message after request body: {message['type']}")
