"""The bodies of the live answers (api/live.py `LiveResponse`): the one server-sent-events
loop, for a game's stream and a player's channel, and the one long-poll wait, for a game's
events and a player's notices.

A DRF view checks the request as every view does (authentication, throttles, parameters,
the game, a stream slot), then returns a response whose body is one of these async
iterators. Django's ASGI handler consumes such a body on the event loop: while it waits
for a key's head to pass (events/live/broadcast.py: rung on commit) it keeps no thread
busy (the request's own thread stays idle: decision 0023) and holds no database
connection. Its reads run through `off_loop`.
"""

from __future__ import annotations

import asyncio
import json
import logging
import random
from dataclasses import dataclass
from typing import Any, AsyncIterator, Awaitable, Callable

from asgiref.sync import sync_to_async
from django.conf import settings
from django.db import DatabaseError
from rest_framework.renderers import JSONRenderer

from events.live import broadcast
from infra.connections import close_connections

from .live import EventStream, Slot, WaitingPage

log = logging.getLogger(__name__)


async def off_loop(function: Callable[..., Any], *args: Any) -> Any:
    """`function(*args)` run off the event loop, as Django runs a view: on the request's
    thread (asgiref's thread-sensitive mode; under the test client, the test's thread, the
    one that sees its transaction). Its database connection is given back at once, and
    with it the view's (Django's handler runs the view on that thread too, and a body's
    first step is a read): none is held while the body waits."""
    def run() -> Any:
        try:
            return function(*args)
        finally:
            close_connections()
    return await sync_to_async(run, thread_sensitive=True)()


# --- Server-sent events ------------------------------------------------------------------

@dataclass(frozen=True)
class Batch:
    """What one read of a stream found: `text`, its events as server-sent events, up to
    `last` (None: nothing new); `more`: more are waiting (read again at once); `over`:
    nothing will ever follow (a finished game's last event)."""

    text: str = ""
    last: int | None = None
    more: bool = False
    over: bool = False


NOTHING = Batch()

# Reads the stream's items after `after`; `rung_at`: the moment of the ring it answers.
Read = Callable[[int, float], Awaitable[Batch]]


def sse_event(seq: int, name: str, data: dict[str, Any]) -> str:
    return f"id: {seq}\nevent: {name}\ndata: {json.dumps(data)}\n\n"


def event_stream(key: str, after: int, seconds: float, read: Read, slot: Slot,
                 over: bool = False) -> EventStream:
    """The answer of a checked stream request: everything after `after` under `key`, as it
    commits, for `seconds` at most (`over`: nothing will follow, the stream ends at once)."""
    return EventStream(_sse(key, after, seconds, read, slot, over), slot)


async def _sse(key: str, after: int, seconds: float, read: Read, slot: Slot,
               over: bool) -> AsyncIterator[str]:
    loop = asyncio.get_running_loop()
    try:
        yield "retry: 2000\n\n"
        if over:
            return
        end = loop.time() + seconds
        heartbeat = settings.DICE_STREAM_HEARTBEAT
        async with broadcast.listening(key, after) as signal:
            next_beat = loop.time() + heartbeat
            read_now = True
            while True:
                if read_now:
                    rung_at = signal.rang_at
                    signal.take()
                    try:
                        batch = await read(after, rung_at)
                    except DatabaseError as error:
                        log.warning("stream of %s ends: %s", key, error)
                        return
                    if batch.last is not None:
                        yield batch.text
                        after = signal.after = batch.last
                        next_beat = loop.time() + heartbeat
                    if batch.over:
                        return
                    if batch.more:
                        signal.rang_at = loop.time()
                        continue
                now = loop.time()
                if now >= end:
                    return
                read_now = await signal.wait(min(next_beat, end) - now)
                if not read_now and loop.time() >= next_beat:
                    yield ": keep-alive\n\n"
                    next_beat = loop.time() + heartbeat
    finally:
        slot.release()


# --- Long polls --------------------------------------------------------------------------

# Long polls that wait this long or longer end their empty wait up to a tenth early.
SPREAD_FROM = 10.0


def spread(wait: float) -> float:
    """How long a long poll with nothing new waits: `wait`, or for a long one up to a tenth
    less, at random. Polls opened together (clients reconnecting after a deploy or a
    network blip) then come back spread over seconds instead of all at once, each a new
    request to check (measured: tests/benchmarks/live.py, docs/decisions/0007)."""
    if wait < SPREAD_FROM:
        return wait
    return wait - random.uniform(0, wait / 10)


# Reads the page after the poll's `after`, None if nothing is newer; `rung_at` as Read's.
PageRead = Callable[[float], Awaitable[dict[str, Any] | None]]


def waiting_page(key: str, after: int, wait: float, read: PageRead,
                 empty: dict[str, Any], slot: Slot) -> WaitingPage:
    """The answer of a checked long poll that found nothing newer than `after`: the page
    once something under `key` has committed, else `empty` when `wait` runs out."""
    return WaitingPage(_poll(key, after, wait, read, empty, slot), slot)


async def _poll(key: str, after: int, wait: float, read: PageRead, empty: dict[str, Any],
                slot: Slot) -> AsyncIterator[bytes]:
    try:
        try:
            page = await _wait_for_page(key, after, wait, read)
        except DatabaseError as error:  # the next poll gets the problem (503)
            log.warning("long poll of %s ends empty: %s", key, error)
            page = None
        yield JSONRenderer().render(empty if page is None else page)
    finally:
        slot.release()


async def _wait_for_page(key: str, after: int, wait: float,
                         read: PageRead) -> dict[str, Any] | None:
    """Listen to `key`, then read once (a commit since the request's check), then again
    at each ring, until the wait runs out."""
    loop = asyncio.get_running_loop()
    end = loop.time() + spread(wait)
    async with broadcast.listening(key, after) as signal:
        while True:
            rung_at = signal.rang_at
            signal.take()
            page = await read(rung_at)
            if page is not None:
                return page
            if not await signal.wait(end - loop.time()):
                return None
