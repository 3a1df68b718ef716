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
`RequestThreads` for a call, and gives the call's database connection back to the pool
as soon as the call ends, not once the response is sent (Django's `request_finished`
would close it then, on the thread that opened it). Measured: with 1,000 long polls
the pool's 8 connections were all lent and up to 16 requests waited for one, because the
sync views' connections stayed lent while the busy event loop sent their responses
(docs/decisions/0007). Only a call that leaves a transaction open (inside an atomic
block) keeps its thread, and so its connection, for the request's next calls. Between
calls (a stream's wait, between `request_started` and the end), the thread goes back
to the pool.

Each thread hop costs the event loop a wake-up and the calling thread a handover of the
GIL. Two of a request's hops were Django's own housekeeping, and are made only when there
is something to do (measured: a long poll's check then took 5.8 ms of a worker's CPU
instead of 6.9; tests/benchmarks/repoll.py, docs/decisions/0007):

- `request_started`: Django's receivers close and reset the connections of the thread
  that runs it. Here that thread is a borrowed one, which has no connection before the
  request uses it: the two receivers (`close_old_connections`, `reset_queries`) run
  instead on the request's thread before its first call, in the same hop. Other
  receivers of the signal, if any, are sent as Django sends them.
- the response's `close()` (`request_finished`): when no request thread is held (no
  transaction was left open on one) and the response is not streamed, there is nothing
  for it to do on a thread: it runs on the event loop (`close_response`).
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable
from concurrent.futures import Executor, Future, ThreadPoolExecutor
from typing import Any

from asgiref.sync import ThreadSensitiveContext, sync_to_async
from django.core import signals
from django.core.exceptions import RequestAborted
from django.core.handlers.asgi import ASGIHandler, get_script_prefix
from django.db import close_old_connections, connections, reset_queries
from django.http import HttpResponseBase
from django.urls import set_script_prefix

from infra.connections import close_connections

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
        self._started = False  # Django's request-start housekeeping has run (see module)

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future:
        with self._lock:
            if self._executor is None:
                self._executor = self._threads.take()
            self._calls += 1
            executor = self._executor
        return executor.submit(self._call, fn, args, kwargs)

    def _call(self, fn: Callable[..., Any], args: tuple, kwargs: dict) -> Any:
        try:
            if not self._started:  # calls run one at a time: no race
                self._started = True
                start_request()
            return fn(*args, **kwargs)
        finally:
            # Back to the pool now, not once the response is sent (`request_finished`):
            # under load the event loop may take a while to send it, and the pool's other
            # borrowers would wait for the connection meanwhile. Only an open transaction
            # (an atomic block) keeps it, and so the thread.
            close_connections()
            keep = holds_a_connection()
            with self._lock:
                self._calls -= 1
                executor = None
                if self._calls == 0 and (not keep or self._finished):
                    executor, self._executor = self._executor, None
            if executor is not None:
                self._threads.give_back(executor)

    def holds_a_thread(self) -> bool:
        """Whether a call is running or queued, or a transaction is left open on a thread."""
        with self._lock:
            return self._executor is not None

    def finish(self) -> None:
        """The request is over: a thread still held goes back, now or when its last call
        ends (a transaction left open there is the next borrower's to close: the
        request-start housekeeping of its first call, `start_request`)."""
        with self._lock:
            self._finished = True
            executor = self._executor if self._calls == 0 else None
            if executor is not None:
                self._executor = None
        if executor is not None:
            self._threads.give_back(executor)


REQUEST_THREADS = RequestThreads()

# Django's receivers of `request_started`: run on the request's thread (see the module).
REQUEST_START_HOUSEKEEPING = (reset_queries, close_old_connections)


def start_request() -> None:
    """On the request's thread, before its first call: what `request_started` did."""
    for receiver in REQUEST_START_HOUSEKEEPING:
        receiver()


def run_request_start_on_request_threads() -> None:
    """Take Django's housekeeping off `request_started` (it runs in `start_request`), so
    that sending the signal needs no thread. Served processes only: the test client sends
    it itself, and leaves these two off while it does (django.test.client)."""
    for receiver in REQUEST_START_HOUSEKEEPING:
        signals.request_started.disconnect(receiver)


class PooledThreadsASGIHandler(ASGIHandler):
    """Django's ASGIHandler; only where a request's sync work runs differs, and how the
    end of a request is heard (`listen_for_disconnect`)."""

    threads = REQUEST_THREADS

    def __init__(self) -> None:
        super().__init__()
        run_request_start_on_request_threads()

    async def __call__(self, scope: dict, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await super().__call__(scope, receive, send)  # Django refuses it
            return
        thread = RequestThread(self.threads)
        try:
            # handle() ends only after the request's last sync call has run (a
            # cancelled view's `request_finished` waits behind it on the same thread).
            async with ThreadSensitiveContext(executor=thread):
                await self.handle_on(scope, receive, send, thread)
        finally:
            thread.finish()

    async def handle_on(self, scope: dict, receive: Any, send: Any,
                        thread: RequestThread) -> None:
        """Django 5.2's `ASGIHandler.handle`, but for how the response is closed
        (`close_response`)."""
        try:
            body_file = await self.read_body(receive)
        except RequestAborted:
            return
        set_script_prefix(get_script_prefix(scope))
        await signals.request_started.asend(sender=self.__class__, scope=scope)
        request, error_response = self.create_request(scope, body_file)
        if request is None:
            body_file.close()
            await self.send_response(error_response, send)
            await sync_to_async(error_response.close)()
            return

        async def process_request(request: Any, send: Any) -> HttpResponseBase:
            response = await self.run_get_response(request)
            try:
                await self.send_response(response, send)
            except asyncio.CancelledError:
                pass  # the client went away while it was sent
            return response

        # The disconnect listener first: it raises nothing that would keep the request
        # from being cancelled.
        tasks = [asyncio.create_task(self.listen_for_disconnect(receive)),
                 asyncio.create_task(process_request(request, send))]
        await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
        for task in tasks:
            if task.done():
                try:
                    task.result()
                except RequestAborted:
                    pass  # the client went away
                except AssertionError:
                    body_file.close()
                    raise
            else:
                task.cancel()  # views may handle their cancellation
                try:
                    await task
                except asyncio.CancelledError:
                    pass
        try:
            response = tasks[1].result()
        except asyncio.CancelledError:
            await signals.request_finished.asend(sender=self.__class__)
        else:
            await self.close_response(response, thread)
        body_file.close()

    @staticmethod
    async def close_response(response: HttpResponseBase, thread: RequestThread) -> None:
        """`response.close()`: its resources' closers, then `request_finished`, whose
        receivers close the connections of the thread they run on. On the request's
        thread if it still holds one (a transaction was left open there) or the response
        is streamed (its closers may be a sync iterator's); else on the event loop,
        where no connection is ever open and the closers are quick (our live endpoints'
        stream slots, which release themselves off the loop)."""
        if response.streaming or thread.holds_a_thread():
            await sync_to_async(response.close)()
        else:
            response.close()

    async def listen_for_disconnect(self, receive: Any) -> None:
        """Django's listener, except that a disconnect ends it by returning instead of
        raising RequestAborted.

        Django 5.2's `handle()` treats the two alike: whichever of this task and the
        view's ends first, the other, if still running, is cancelled. But it caught the
        exception from the task in its own frame, which holds the task, and the
        traceback holds that frame: a reference cycle holding the whole request (its
        scope, request, response and uvicorn's cycle), about 115 objects a request left
        to the cyclic collector, whose passes then stopped a worker for 0.6 s under
        1,000 long polls (docs/decisions/0007; tests/ops/test_served_cycles.py).
        Django 6.1 rewrites `handle()`: pyproject.toml keeps Django below 5.3."""
        message = await receive()
        if message["type"] != "http.disconnect":
            # As Django: nothing but a disconnect may follow the request's body.
            raise AssertionError(
                f"Invalid ASGI message after request body: {message['type']}")
