"""Push: a game's new head, announced once per committed batch, to everyone waiting for it.

The write path calls `announce(game)` inside its transaction; the head is published when
the transaction commits (`transaction.on_commit`), never before, so a reader woken by it
always finds the new rows. Readers (SSE streams, long polls: api/live_views.py) are async:
each opens a `listening(game_id)` block and awaits its `Signal` instead of polling the
database.

How an announcement travels:

- In this process, at once, to every signal of the game (`HUB`). Signals are rung with
  `loop.call_soon_threadsafe`, so a commit in any thread wakes readers on any event loop.
- With `REDIS_URL`: over Redis pub/sub, one channel per game (`dice:game:<id>`, message:
  the head version). Each process has one listener thread with one Redis connection; it
  subscribes to a game's channel while the process has readers of that game (and for a
  grace period after, so long polls that come back at once do not churn). Several server
  processes and machines, and the Celery workers (timeouts, abandonment), thus reach each
  other's readers. After the listener reconnects, every reader re-reads once: nothing
  announced while Redis was away is lost.
- Without Redis (the embedded default): to the other processes on this machine that use
  the same database (the Celery worker of `dev.py run`, a second server process), through
  a datagram socket per listening process in a folder named after the database.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
import os
import queue
import secrets
import socket
import tempfile
import threading
import time
from pathlib import Path
from typing import Any, AsyncIterator, Callable

from django.conf import settings
from django.db import transaction

log = logging.getLogger(__name__)

CHANNEL_PREFIX = "dice:game:"
# Seconds a Redis channel stays subscribed after its last local reader left.
UNSUBSCRIBE_AFTER = 30.0


def channel(game_id: Any) -> str:
    return f"{CHANNEL_PREFIX}{game_id}"


class Signal:
    """One reader's doorbell. `after` is the last sequence the reader has; a ring with a
    head at or below it, or below a head heard already (the same commit is heard twice:
    in process and over Redis), is ignored. A ring with no version ("re-read, something
    may have been missed") always counts."""

    def __init__(self, after: int) -> None:
        self.loop = asyncio.get_running_loop()
        self.after = after
        self.head = after  # the highest head heard
        self.rang_at = self.loop.time()
        self._event = asyncio.Event()

    def ring(self, version: int | None) -> None:
        """From any thread."""
        try:
            self.loop.call_soon_threadsafe(self._rang, version)
        except RuntimeError:  # the reader's loop is closed: it is gone
            pass

    def _rang(self, version: int | None) -> None:
        if version is not None and version <= max(self.after, self.head):
            return  # heard already: the read that ring caused (or causes) covers it
        if version is not None:
            self.head = version
        self.rang_at = self.loop.time()
        self._event.set()

    def is_set(self) -> bool:
        return self._event.is_set()

    def take(self) -> None:
        """The reader is about to read: rings before this moment are answered by it."""
        self._event.clear()

    async def wait(self, timeout: float) -> bool:
        """True if rung within `timeout` seconds."""
        if self._event.is_set():
            return True
        if timeout <= 0:
            return False
        try:
            await asyncio.wait_for(self._event.wait(), timeout)
        except TimeoutError:
            return False
        return True


class Hub:
    """The signals of this process, by game."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._signals: dict[str, set[Signal]] = {}

    def add(self, game_id: str, signal: Signal) -> None:
        with self._lock:
            self._signals.setdefault(game_id, set()).add(signal)

    def remove(self, game_id: str, signal: Signal) -> bool:
        """True if that was the game's last signal here."""
        with self._lock:
            signals = self._signals.get(game_id)
            if signals is None:
                return True
            signals.discard(signal)
            if signals:
                return False
            del self._signals[game_id]
            return True

    def deliver(self, game_id: str, version: int | None) -> None:
        with self._lock:
            signals = list(self._signals.get(game_id, ()))
        for signal in signals:
            signal.ring(version)

    def deliver_all(self) -> None:
        """Every reader re-reads once (announcements may have been lost)."""
        with self._lock:
            signals = [s for group in self._signals.values() for s in group]
        for signal in signals:
            signal.ring(None)

    def count(self) -> int:
        with self._lock:
            return sum(len(group) for group in self._signals.values())


HUB = Hub()


# --- Redis ------------------------------------------------------------------------------

class RedisListener(threading.Thread):
    """One subscriber connection per process; all pub/sub traffic goes through this thread
    (redis-py's PubSub is not thread-safe), commands reach it through a queue."""

    POLL = 0.02  # seconds between two looks at the command queue while Redis is quiet

    def __init__(self, url: str, hub: Hub) -> None:
        super().__init__(name="dice-live-redis", daemon=True)
        self.url = url
        self.hub = hub
        self._lock = threading.Lock()
        self._wanted: dict[str, int] = {}          # channel -> local readers
        self._idle_since: dict[str, float] = {}    # channel -> when its last reader left
        self._confirmed: set[str] = set()
        self._waiting: dict[str, list[Callable[[], None]]] = {}
        self._commands: queue.SimpleQueue[str] = queue.SimpleQueue()
        self.connected = threading.Event()

    def want(self, name: str, confirmed: Callable[[], None]) -> bool:
        """Count a reader of `name`. True if the channel is subscribed already; else
        `confirmed` is called (from this thread) once Redis confirmed the subscription."""
        with self._lock:
            self._wanted[name] = self._wanted.get(name, 0) + 1
            self._idle_since.pop(name, None)
            if name in self._confirmed:
                return True
            self._waiting.setdefault(name, []).append(confirmed)
        self._commands.put(name)
        return False

    def follows(self, name: str) -> bool:
        """True if Redis has confirmed this connection's subscription to `name`."""
        with self._lock:
            return self.connected.is_set() and name in self._confirmed

    def unwant(self, name: str) -> None:
        with self._lock:
            left = self._wanted.get(name, 0) - 1
            if left > 0:
                self._wanted[name] = left
                return
            self._wanted.pop(name, None)
            self._idle_since[name] = time.monotonic()

    def run(self) -> None:
        delay = 0.1
        first = True
        while True:
            try:
                self._serve(first)
            except Exception as error:  # noqa: BLE001 - any failure: reconnect
                self.connected.clear()
                log.warning("live updates: Redis listener lost its connection (%s); "
                            "reconnecting", error)
            first = False
            time.sleep(delay)
            delay = min(delay * 2, 5.0)

    def _serve(self, first: bool) -> None:
        import redis

        client = redis.Redis.from_url(self.url, socket_keepalive=True,
                                      health_check_interval=30)
        pubsub = client.pubsub()
        try:
            with self._lock:
                self._confirmed.clear()
                names = set(self._wanted) | set(self._waiting)
            pubsub.subscribe(f"{CHANNEL_PREFIX}listener")  # stays subscribed: get_message works
            if names:
                pubsub.subscribe(*names)
            self.connected.set()
            if not first:
                self.hub.deliver_all()
            last_sweep = time.monotonic()
            while True:
                self._send_commands(pubsub)
                message = pubsub.get_message(timeout=self.POLL)
                while message is not None:
                    self._handle(message)
                    message = pubsub.get_message(timeout=0)
                if time.monotonic() - last_sweep > 1:
                    last_sweep = time.monotonic()
                    self._unsubscribe_idle(pubsub)
        finally:
            with contextlib.suppress(Exception):
                pubsub.close()
                client.close()

    def _send_commands(self, pubsub: Any) -> None:
        names = set()
        while True:
            try:
                names.add(self._commands.get_nowait())
            except queue.Empty:
                break
        with self._lock:
            names = {n for n in names if n in self._wanted and n not in self._confirmed}
        if names:
            pubsub.subscribe(*names)

    def _unsubscribe_idle(self, pubsub: Any) -> None:
        now = time.monotonic()
        with self._lock:
            idle = [n for n, since in self._idle_since.items() if now - since > UNSUBSCRIBE_AFTER]
            for name in idle:
                del self._idle_since[name]
                self._confirmed.discard(name)
        if idle:
            pubsub.unsubscribe(*idle)

    def _handle(self, message: dict) -> None:
        kind = message.get("type")
        name = message.get("channel")
        name = name.decode() if isinstance(name, bytes) else str(name)
        if kind == "subscribe":
            with self._lock:
                if name in self._wanted or name in self._waiting:
                    self._confirmed.add(name)
                waiting = self._waiting.pop(name, [])
            for confirmed in waiting:
                confirmed()
        elif kind == "message" and name.startswith(CHANNEL_PREFIX):
            try:
                version = int(message["data"])
            except (TypeError, ValueError):
                return
            self.hub.deliver(name[len(CHANNEL_PREFIX):], version)


class RedisTransport:
    def __init__(self, url: str, hub: Hub) -> None:
        self.url = url
        self.hub = hub
        self._client: Any = None
        self._listener: RedisListener | None = None
        self._lock = threading.Lock()

    def publish(self, game_id: str, version: int) -> None:
        self.hub.deliver(game_id, version)
        try:
            if self._client is None:
                import redis

                self._client = redis.Redis.from_url(self.url, socket_timeout=2,
                                                    socket_connect_timeout=2)
            self._client.publish(channel(game_id), version)
        except Exception as error:  # noqa: BLE001 - a lost announcement must not fail a commit
            log.warning("live updates: could not publish game %s v%s to Redis: %s",
                        game_id, version, error)

    def listener(self) -> RedisListener:
        with self._lock:
            if self._listener is None or not self._listener.is_alive():
                self._listener = RedisListener(self.url, self.hub)
                self._listener.start()
            return self._listener

    async def join(self, game_id: str) -> None:
        loop = asyncio.get_running_loop()
        subscribed = loop.create_future()

        def confirmed() -> None:
            loop.call_soon_threadsafe(lambda: subscribed.done() or subscribed.set_result(None))

        if not self.listener().want(channel(game_id), confirmed):
            # Until Redis confirms, a commit elsewhere could go unheard: wait for it. If
            # Redis is down, go on: every reader re-reads when the listener is back.
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(subscribed, 5.0)

    def leave(self, game_id: str) -> None:
        if self._listener is not None:
            self._listener.unwant(channel(game_id))

    def follows(self, game_id: str) -> bool:
        listener = self._listener
        return listener is not None and listener.is_alive() and listener.follows(channel(game_id))


# --- Embedded default: in process, relayed to the other processes on this machine ------

class LocalTransport:
    """No Redis: deliver in this process, and relay to the other processes that use the
    same database on this machine through datagram sockets (POSIX only)."""

    def __init__(self, hub: Hub, folder: Path | None = None) -> None:
        self.hub = hub
        self._folder = folder
        self._lock = threading.Lock()
        self._receiver: socket.socket | None = None
        self._path: str | None = None
        self._sender: socket.socket | None = None

    def folder(self) -> Path:
        """One folder per database: the processes that share it hear each other."""
        if self._folder is not None:
            return self._folder
        from django.db import connections

        db = connections["default"].settings_dict
        key = "|".join(str(db.get(k) or "") for k in ("ENGINE", "HOST", "PORT", "NAME"))
        digest = hashlib.sha256(key.encode()).hexdigest()[:16]
        return Path(tempfile.gettempdir()) / f"dice-live-{digest}"

    def publish(self, game_id: str, version: int) -> None:
        self.hub.deliver(game_id, version)
        if not hasattr(socket, "AF_UNIX"):
            return
        try:
            folder = self.folder()
            if not folder.is_dir():
                return
            if self._sender is None:
                self._sender = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
                self._sender.setblocking(False)
            message = f"{game_id} {version}".encode()
            for entry in os.scandir(folder):
                if entry.path == self._path or not entry.name.endswith(".sock"):
                    continue
                try:
                    self._sender.sendto(message, entry.path)
                except (ConnectionRefusedError, FileNotFoundError):
                    with contextlib.suppress(OSError):
                        os.unlink(entry.path)  # its process is gone
                except OSError:
                    pass  # a full buffer: that process is busy; it will hear the next one
        except OSError as error:
            log.warning("live updates: could not relay game %s v%s: %s", game_id, version, error)

    def start_receiver(self) -> None:
        if not hasattr(socket, "AF_UNIX"):
            return
        with self._lock:
            if self._receiver is not None:
                return
            folder = self.folder()
            folder.mkdir(mode=0o700, exist_ok=True)
            path = str(folder / f"{os.getpid()}-{secrets.token_hex(4)}.sock")
            receiver = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
            receiver.bind(path)
            self._receiver, self._path = receiver, path
        threading.Thread(target=self._receive, args=(receiver,), name="dice-live-relay",
                         daemon=True).start()

    def _receive(self, receiver: socket.socket) -> None:
        while True:
            try:
                data = receiver.recv(256)
                game_id, version = data.decode().split()
                self.hub.deliver(game_id, int(version))
            except (ValueError, UnicodeError):
                continue
            except OSError:
                return

    async def join(self, game_id: str) -> None:
        if self._receiver is None:
            self.start_receiver()

    def leave(self, game_id: str) -> None:
        pass

    def follows(self, game_id: str) -> bool:
        return self._receiver is not None


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
