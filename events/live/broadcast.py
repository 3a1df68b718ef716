"""Push: a game's new head, announced once per committed batch, to everyone waiting for it.

Keys are strings: a game's id, or `player:<player id>` for a player's channel, whose
"head" is their last notice's seq (events/notices/store.py). Everything below says
"game"; a player's key travels the same way (in Redis as `dice:game:player:<id>`).

The write path calls `announce(game)` inside its transaction; the head is published when
the transaction commits (`transaction.on_commit`), never before, so a reader woken by it
always finds the new rows. Readers (SSE streams, long polls: api/live_views.py) are async:
each opens a `listening(game_id)` block and awaits its `Signal` instead of polling the
database.

How an announcement travels:

- In this process, at once, to every signal of the game (`HUB`, events/live/hub.py).
  Signals are rung with `loop.call_soon_threadsafe`, so a commit in any thread wakes
  readers on any event loop.
- With `REDIS_URL` (events/live/redis_transport.py): over Redis pub/sub, one channel per
  game (`dice:game:<id>`, message: the head version). Each process has one listener
  thread with one Redis connection; it subscribes to a game's channel while the process
  has readers of that game (and for a grace period after, so long polls that come back
  at once do not churn). Several server processes and machines, and the Celery workers
  (timeouts, abandonment), thus reach each other's readers. After the listener
  reconnects, every reader re-reads once: nothing announced while Redis was away is lost.
- Without Redis (the embedded default; events/live/local_transport.py): to the other
  processes on this machine that use the same database (the Celery worker of `dev.py
  run`, a second server process), through a datagram socket per listening process in a
  folder named after the database.
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import AsyncIterator
from typing import Any

from django.conf import settings
from django.db import transaction

from .hub import HUB, Hub, Signal
from .local_transport import LocalTransport
from .redis_transport import RedisTransport

__all__ = ["HUB", "Hub", "LocalTransport", "RedisTransport", "Signal", "announce",
           "listening", "listening_if_followed", "publish", "transport"]


_transport: RedisTransport | LocalTransport | None = None
_transport_lock = threading.Lock()


def transport() -> RedisTransport | LocalTransport:
    global _transport
    with _transport_lock:
        if _transport is None:
            url = settings.REDIS_URL
            _transport = RedisTransport(url, HUB) if url else LocalTransport(HUB)
        return _transport


def publish(game_id: Any, version: int) -> None:
    transport().publish(str(game_id), version)


def announce(game: Any) -> None:
    """Publish `game`'s head when the current transaction commits (its final head: events
    appended later in the same transaction, like an abandonment's, are included)."""
    game_id = str(game.id)
    transaction.on_commit(lambda: publish(game_id, game.version))


@contextlib.asynccontextmanager
async def listening(game_id: Any, after: int) -> AsyncIterator[Signal]:
    """Ring the yielded signal whenever the game's head passes the reader's `after`. Any
    commit after this block is entered rings it; read the database only after entering."""
    game_id = str(game_id)
    signal = Signal(after)
    chosen = transport()
    HUB.add(game_id, signal)
    try:
        await chosen.join(game_id)
        signal.rang_at = signal.loop.time()
        yield signal
    finally:
        HUB.remove(game_id, signal)
        chosen.leave(game_id)


@contextlib.asynccontextmanager
async def listening_if_followed(game_id: Any) -> AsyncIterator[Signal | None]:
    """`listening`, if this process follows the game already (a reader of it is here, or
    was a moment ago): entered at once, with no subscription to wait for, and rung by every
    commit from then on, whatever its head. Else None: the caller listens later, if at
    all (so that a request for a game nobody here follows, perhaps not even a game, is
    checked before anything is subscribed)."""
    game_id = str(game_id)
    if not transport().follows(game_id):
        yield None
        return
    async with listening(game_id, 0) as signal:
        yield signal
