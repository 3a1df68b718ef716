"""The failed-login limit: failed logins counted per client address and per username
(any case), in the cache (docs/accounts.md)."""

from __future__ import annotations

import hashlib
import math
import time
from dataclasses import dataclass

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


class FailedLogins:
    """Counts failed logins per client address and per username (any case).

    Each key counts in a window that opens with its first failure and lasts the rate's
    period; the count is an atomic cache increment, so parallel guesses are all counted.
    """

    def __init__(self) -> None:
        self.limit, self.period = parse_rate(settings.DICE_THROTTLE_LOGIN_FAILURES)

    @staticmethod
    def keys(ident: str, username: str) -> list[str]:
        address = str(ident or "").encode("utf-8", "surrogatepass")
        digest = hashlib.sha256(address).hexdigest()[:32]
        return [f"login-failures:addr:{digest}", f"login-failures:user:{username.lower()}"]

    def check(self, ident: str, username: str) -> Standing:
        """TooManyFailedLogins past the limit; else the failures left to the key closest to
        it, and the seconds until that key's window ends (the rate's period if it has
        none)."""
        waits = []
        now = time.time()
        left, reset = self.limit, self.period
        for key in self.keys(ident, username):
            count = cache.get(key, 0)
            opened = cache.get(key + ":opened", now) if count else now
            ends = max(1, math.ceil(opened + self.period - now))
            if count >= self.limit:
                waits.append(ends)
            if self.limit - count < left:
                left, reset = self.limit - count, ends
        if waits:
            raise TooManyFailedLogins(
                "too many failed logins from this address or for this username; "
                f"try again in {max(waits)} seconds", wait=max(waits), limit=self.limit)
        return Standing(self.limit, left, reset)

    def record(self, ident: str, username: str) -> None:
        now = time.time()
        for key in self.keys(ident, username):
            if cache.add(key, 0, self.period):
                cache.set(key + ":opened", now, self.period)
            try:
                cache.incr(key)
            except ValueError:  # expired between add and incr
                cache.set(key, 1, self.period)
                cache.set(key + ":opened", now, self.period)
