"""Announcements over Redis pub/sub (events/live/broadcast.py): one channel per game
(`dice:game:<id>`, message: the head version), one listener thread and connection per
process, subscribed to a game's channel while the process has readers of it (and for a
grace period after, so that long polls that come back at once do not churn)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import queue
import threading
import time
from collections.abc import Callable
from typing import Any

from .hub import Hub

log = logging.getLogger(__name__)

CHANNEL_PREFIX = "dice:game:"
# Seconds a Redis channel stays subscribed after its last local reader left.
UNSUBSCRIBE_AFTER = 30.0


def channel(game_id: Any) -> str:
    return f"{CHANNEL_PREFIX}{game_id}"


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
    recheck = None  # every commit is heard: no reader polls

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

        def settle() -> None:
            if not subscribed.done():
                subscribed.set_result(None)

        def confirmed() -> None:
            loop.call_soon_threadsafe(settle)

        if not self.listener().want(channel(game_id), confirmed):
            # Until Redis confirms, a commit elsewhere could go unheard: wait for it. If
            # Redis is down, go on: every reader re-reads when the listener is back.
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(subscribed, 5.0)

    def leave(self, game_id: str) -> None:
        if self._listener is not None:
            self._listener.unwant(channel(game_id))
