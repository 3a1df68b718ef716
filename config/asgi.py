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
"""

from __future__ import annotations

import gc
import os
import threading
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from asgiref.sync import ThreadSensitiveContext
from django.conf import settings
from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

# Idle threads kept per process; a burst past it (or many open streams, each holding its
# request's thread while it waits, as Django's own handler does) starts more, let go after.
KEEP_IDLE = 64


class LentThreads:
    """An ASGI application: `handler` (Django's), each request lent a started thread."""

    def __init__(self, handler: Any, keep: int = KEEP_IDLE) -> None:
        self.handler = handler
        self.keep = keep
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
        executor = self.take()
        try:
            # Django's handler returns once the request's last sync call has run (a
            # cancelled view's `request_finished` is queued behind it on this thread).
            async with ThreadSensitiveContext(executor=executor):
                await self.handler(scope, receive, send)
        finally:
            self.give_back(executor)


application = LentThreads(get_asgi_application())


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
