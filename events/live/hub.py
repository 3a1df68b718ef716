"""The readers of this process waiting for a game's head (events/live/broadcast.py): one
`Signal` per reader, grouped by game in the `HUB`, rung from any thread."""

from __future__ import annotations

import asyncio
import threading


class Signal:
    """One reader's doorbell. `after` is the last sequence the reader has; a ring with a
    head at or below it, or below a head heard already (the same commit is heard twice:
    in process and over Redis), is ignored. A ring with no version ("re-read, something
    may have been missed") always counts."""

    def __init__(self, after: int, recheck: float | None = None) -> None:
        self.loop = asyncio.get_running_loop()
        self.after = after
        self.head = after  # the highest head heard
        self.rang_at = self.loop.time()
        self._event = asyncio.Event()
        # Without a transport that hears other processes (events/live/broadcast.py
        # `InProcess`): the reader looks again this many seconds after its last read.
        self.recheck = recheck
        self._recheck_at = self.rang_at + (recheck or 0)

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
        if self.recheck is not None:
            self._recheck_at = self.loop.time() + self.recheck

    async def wait(self, timeout: float) -> bool:
        """True if rung within `timeout` seconds, or if a recheck falls due by then (the
        reader should look: another process may have committed)."""
        if self._event.is_set():
            return True
        if timeout <= 0:
            return False
        if self.recheck is not None and self._recheck_at - self.loop.time() <= timeout:
            if not await self._rung_within(self._recheck_at - self.loop.time()):
                self.rang_at = self.loop.time()  # a read from now on answers the recheck
            return True
        return await self._rung_within(timeout)

    async def _rung_within(self, timeout: float) -> bool:
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
