"""Django's ASGI handler, with each request's thread taken from a pool instead of started.

Django runs a request's synchronous work (the sync views, the `request_started` and
`request_finished` receivers, closing the response) on a thread of the request's own:
`asgiref.sync.ThreadSensitiveContext()` makes a new single-thread executor per request.
Its thread is started from the event loop, which waits until the new thread has run
(under a loaded GIL, a switch interval or more), and asgiref 3.13 joins it afterwards from
yet another new thread. With thousands of live requests and moves every few milliseconds,
that was two thread starts on the event loop per request.

`PooledThreadsASGIHandler` hands each request an executor from `REQUEST_THREADS` instead
(asgiref's `ThreadSensitiveContext(executor=...)`, made for this), and takes it back when
the request is over: one thread per request still, as Django wants (a request's sync
calls share a thread, and its database connection, which `request_finished` returns to
the pool), but started once and reused. Idle executors beyond `keep` are let go.
"""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from asgiref.sync import ThreadSensitiveContext
from django.core.handlers.asgi import ASGIHandler

# Idle request threads kept per process for later requests; a burst past it starts more,
# which are let go when it is over.
KEEP_IDLE = 64


class RequestThreads:
    """Single-thread executors, one lent to each request being served."""

    def __init__(self, keep: int = KEEP_IDLE) -> None:
        self.keep = keep
        self._idle: list[ThreadPoolExecutor] = []
        self._lock = threading.Lock()
        self.started = 0  # executors made (each starts its thread at its first call)

    def take(self) -> ThreadPoolExecutor:
        with self._lock:
            if self._idle:
                return self._idle.pop()  # the most recently used: warm
            self.started += 1
        return ThreadPoolExecutor(max_workers=1, thread_name_prefix="dice-request")

    def give_back(self, executor: ThreadPoolExecutor) -> None:
        with self._lock:
            if len(self._idle) < self.keep:
                self._idle.append(executor)
                return
        executor.shutdown(wait=False)  # its thread ends on its own; nothing waits for it

    def idle(self) -> int:
        with self._lock:
            return len(self._idle)


REQUEST_THREADS = RequestThreads()


class PooledThreadsASGIHandler(ASGIHandler):
    """Django's ASGIHandler; only where a request's thread comes from differs."""

    threads = REQUEST_THREADS

    async def __call__(self, scope: dict, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await super().__call__(scope, receive, send)  # Django refuses it
            return
        executor = self.threads.take()
        try:
            # Django's handle() ends only after the request's last sync call has run (a
            # cancelled view's `request_finished` waits behind it on this very thread),
            # so the executor is idle when it goes back.
            async with ThreadSensitiveContext(executor=executor):
                await self.handle(scope, receive, send)
        finally:
            self.threads.give_back(executor)
