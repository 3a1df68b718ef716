"""The failed-login limit: failed logins counted per client address and per username
(any case), in the cache (docs/accounts.md).

An attempt is counted **before** its password is checked: `FailedLogins.reserve` counts
it against both keys at once, atomically, and refuses it (TooManyFailedLogins) if either
is at the limit already, so that however many attempts arrive at once, at most the limit
of passwords are checked per key and window. A login whose password was right, or whose
password could not be checked (LoginBusy), gives its reservation back
(`Reservation.give_back`): only failures stay counted.

- With Redis (REDIS_URL) the count is one Lua script per reservation (RESERVE_SCRIPT), so
  it holds across every process of every host.
- Otherwise (the embedded default) it is the Django cache under a lock of the process:
  exact within a process, per process across several (docs/accounts.md).
"""

from __future__ import annotations

import hashlib
import math
import threading
import time
from dataclasses import dataclass
from typing import Any, Protocol

from django.conf import settings
from django.core.cache import cache

from .errors import TooManyFailedLogins


@dataclass(frozen=True)
class Standing:
    """Where a client stands with the limit: the failures it may make (`limit`), those
    still left to it, and the seconds until its window ends (api/auth_views.py writes them
    as the RateLimit-* headers)."""

    limit: int
    left: int
    reset: int


def parse_rate(rate: str) -> tuple[int, int]:
    """'10/min' -> (10, 60), as DRF reads its throttle rates."""
    count, period = rate.split("/")
    return int(count), {"s": 1, "m": 60, "h": 3600, "d": 86400}[period[0]]


@dataclass(frozen=True)
class Counted:
    """One key after a reservation: its count and the milliseconds left to its window."""

    count: int
    ttl_ms: int


class Counter(Protocol):
    def reserve(self, keys: list[str], limit: int, period: int) -> tuple[bool, list[Counted]]:
        """Count one more attempt on every key unless one of them is at `limit` already
        (then count none); windows of `period` seconds open with a key's first count.
        Returns whether it was counted, and each key's count and time left."""

    def give_back(self, keys: list[str]) -> None:
        """Uncount one attempt on every key (a key counted down to zero is gone: its
        window opens again with the next attempt)."""


# KEYS: the counters; ARGV: the limit, the window in milliseconds. All or none counted.
# Returns {counted (0/1), count 1, ms left 1, count 2, ms left 2, ...}.
RESERVE_SCRIPT = """
local limit, window = tonumber(ARGV[1]), tonumber(ARGV[2])
local counts, ttls, counted = {}, {}, 1
for i, key in ipairs(KEYS) do
  counts[i] = tonumber(redis.call('GET', key) or '0')
  ttls[i] = redis.call('PTTL', key)
  if counts[i] >= limit then counted = 0 end
end
if counted == 1 then
  for i, key in ipairs(KEYS) do
    counts[i] = redis.call('INCR', key)
    if counts[i] == 1 or ttls[i] < 0 then
      redis.call('PEXPIRE', key, window)
      ttls[i] = window
    end
  end
end
local out = {counted}
for i = 1, #KEYS do
  out[#out + 1] = counts[i]
  out[#out + 1] = ttls[i]
end
return out
"""

GIVE_BACK_SCRIPT = """
for _, key in ipairs(KEYS) do
  local count = tonumber(redis.call('GET', key) or '0')
  if count > 1 then redis.call('DECR', key) elseif count == 1 then redis.call('DEL', key) end
end
return 0
"""


class RedisCounter:
    """The counts in Redis, one round trip (a Lua script, atomic) per reservation."""

    def __init__(self, client: Any, make_key: Any = lambda key: key) -> None:
        self.client = client
        self.make_key = make_key
        self._reserve = client.register_script(RESERVE_SCRIPT)
        self._give_back = client.register_script(GIVE_BACK_SCRIPT)

    def reserve(self, keys: list[str], limit: int, period: int) -> tuple[bool, list[Counted]]:
        out = self._reserve(keys=[self.make_key(k) for k in keys], args=[limit, period * 1000],
                            client=self.client)
        pairs = [Counted(int(out[i]), int(out[i + 1])) for i in range(1, len(out), 2)]
        return bool(int(out[0])), pairs

    def give_back(self, keys: list[str]) -> None:
        self._give_back(keys=[self.make_key(k) for k in keys], args=[], client=self.client)


_local_lock = threading.Lock()


class LocalCounter:
    """The counts in a Django cache under one lock of the process: exact within the
    process (the embedded default's local-memory cache is the process's own anyway)."""

    def __init__(self, store: Any) -> None:
        self.store = store

    def reserve(self, keys: list[str], limit: int, period: int) -> tuple[bool, list[Counted]]:
        now = time.time()
        with _local_lock:
            found = self.store.get_many(keys)
            windows = []
            for key in keys:
                count, ends = found.get(key) or (0, now + period)
                if ends <= now:  # expired, but not yet evicted
                    count, ends = 0, now + period
                windows.append((count, ends))
            counted = all(count < limit for count, _ in windows)
            if counted:
                windows = [(count + 1, ends) for count, ends in windows]
                for key, (count, ends) in zip(keys, windows):
                    self.store.set(key, (count, ends), max(1, math.ceil(ends - now)))
        return counted, [Counted(count, max(0, int((ends - now) * 1000)))
                         for count, ends in windows]

    def give_back(self, keys: list[str]) -> None:
        now = time.time()
        with _local_lock:
            for key, (count, ends) in self.store.get_many(keys).items():
                if count > 1 and ends > now:
                    self.store.set(key, (count - 1, ends), max(1, math.ceil(ends - now)))
                else:
                    self.store.delete(key)


def counter() -> Counter:
    """The Redis counter on the shared Redis cache (config/cache.py), else the local one."""
    redis = getattr(cache, "redis", None)
    if redis is not None:
        return RedisCounter(redis(), cache.make_key)
    return LocalCounter(cache)


@dataclass
class Reservation:
    """An attempt counted before its password is checked. `standing`: where the client
    stands if it fails (it stays counted); `give_back()` uncounts it."""

    counter: Counter
    keys: list[str]
    standing: Standing
    given_back: bool = False

    def give_back(self) -> Standing:
        """Uncount the attempt; where the client stands then."""
        if not self.given_back:
            self.counter.give_back(self.keys)
            self.given_back = True
        s = self.standing
        return Standing(s.limit, min(s.limit, s.left + 1), s.reset)


class FailedLogins:
    """Counts failed logins per client address and per username (any case).

    Each key counts in a window that opens with its first counted attempt and lasts the
    rate's period."""

    def __init__(self, count: Counter | None = None) -> None:
        self.limit, self.period = parse_rate(settings.DICE_THROTTLE_LOGIN_FAILURES)
        self.counter = count if count is not None else counter()

    @staticmethod
    def keys(ident: str, username: str) -> list[str]:
        address = str(ident or "").encode("utf-8", "surrogatepass")
        digest = hashlib.sha256(address).hexdigest()[:32]
        name = hashlib.sha256(username.lower().encode("utf-8", "surrogatepass")).hexdigest()[:32]
        return [f"login-attempts:addr:{digest}", f"login-attempts:user:{name}"]

    def reserve(self, ident: str, username: str) -> Reservation:
        """Count one attempt for the address and the username, before its password is
        checked. TooManyFailedLogins (nothing counted) if either is at the limit; else the
        reservation, whose standing is that of the key closest to the limit (this attempt
        counted) and the seconds until that key's window ends."""
        keys = self.keys(ident, username)
        counted, pairs = self.counter.reserve(keys, self.limit, self.period)
        seconds = [max(1, math.ceil(p.ttl_ms / 1000)) if p.ttl_ms > 0 else self.period
                   for p in pairs]
        if not counted:
            wait = max(s for p, s in zip(pairs, seconds) if p.count >= self.limit)
            raise TooManyFailedLogins(
                "too many failed logins from this address or for this username; "
                f"try again in {wait} seconds", wait=wait, limit=self.limit)
        closest = max(range(len(pairs)), key=lambda i: pairs[i].count)
        left = max(0, self.limit - pairs[closest].count)
        return Reservation(self.counter, keys, Standing(self.limit, left, seconds[closest]))
