"""Push: a game's new head, announced once per committed batch, to everyone waiting for it.

Keys are strings: a game's id, or `player:<player id>` for a player's channel, whose
"head" is their last notice's seq (events/notices/store.py). Everything below says
"game"; a player's key travels the same way (in Redis as `dice:game:player:<id>`).

The write path calls `announce(game)` inside its transaction; the head is published when
the transaction commits (`transaction.on_commit`), never before, so a reader woken by it
always finds the new rows. Readers (SSE streams, long polls: api/live_bodies.py) are async:
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
- Without Redis (the embedded default): in this process only. A commit made by another
  process (the Celery worker of `dev.py run`: clock timeouts, bots, matchmaking) is heard
  by looking: each reader re-reads every DICE_EMBEDDED_POLL seconds (`InProcess.recheck`,
  docs/decisions/0021-live-answers-on-stock-parts.md). With Redis no reader polls.
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import AsyncIterator
from typing import Any

from django.conf import settings
from django.db import transaction

from .hub import HUB, Hub, Signal
from .redis_transport import RedisTransport

__all__ = ["HUB", "Hub", "InProcess", "RedisTransport", "Signal", "announce", "listening",
           "publish", "transport"]


class InProcess:
    """No Redis: announcements reach this process's readers only; a reader hears other
    processes' commits by re-reading every `recheck` seconds (None: never, one process)."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub

    @property
    def recheck(self) -> float | None:
        return settings.DICE_EMBEDDED_POLL or None

    def publish(self, game_id: str, version: int) -> None:
        self.hub.deliver(game_id, version)

    async def join(self, game_id: str) -> None:
        pass  # nothing to subscribe to

    def leave(self, game_id: str) -> None:
        pass


_transport: RedisTransport | InProcess | None = None
_transport_lock = threading.Lock()


def transport() -> RedisTransport | InProcess:
    global _transport
    with _transport_lock:
        if _transport is None:
            url = settings.REDIS_URL
            _transport = RedisTransport(url, HUB) if url else InProcess(HUB)
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
    chosen = transport()
    signal = Signal(after, recheck=chosen.recheck)
    HUB.add(game_id, signal)
    try:
        await chosen.join(game_id)
        signal.rang_at = signal.loop.time()
        yield signal
    finally:
        HUB.remove(game_id, signal)
        chosen.leave(game_id)
