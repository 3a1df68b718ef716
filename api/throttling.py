"""DRF's throttles, telling the client where it stands: each records its numbers on the
request, and api.ops.RequestMiddleware writes the most restrictive as the IETF draft's
RateLimit-Limit, RateLimit-Remaining and RateLimit-Reset headers (on 429s too).

- limit: the requests the window allows,
- remaining: how many of them are left now,
- reset: seconds until the oldest request counted leaves the window (when one more
  request is allowed again; DRF's windows slide), the window itself when none is counted.

On Redis (REDIS_URL) a throttle's window is a Redis list of request times, trimmed,
counted and pushed by one Lua script: one round trip a throttle, atomic, on the process's
shared client (config/cache.py). The window is DRF's (the same sliding history, the same
limits and waits); elsewhere DRF's own cache-based history is used.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from rest_framework import throttling

ATTRIBUTE = "dice_rate_limits"


@dataclass(frozen=True)
class Quota:
    limit: int
    remaining: int
    reset: int
    scope: str = ""


def record(request: Any, quota: Quota) -> None:
    """Note `quota` on the Django request under `request` (a DRF or a Django request)."""
    target = getattr(request, "_request", request)
    quotas = getattr(target, ATTRIBUTE, None)
    if quotas is None:
        quotas = []
        setattr(target, ATTRIBUTE, quotas)
    quotas.append(quota)


def tightest(request: Any) -> Quota | None:
    """The quota closest to running out (the fewest left, then the longest to wait)."""
    quotas = getattr(request, ATTRIBUTE, None)
    if not quotas:
        return None
    return min(quotas, key=lambda q: (q.remaining, -q.reset))


# KEYS[1]: the window (a list of request times, newest first); ARGV: now, the window's
# seconds, the limit. Drops the times that left the window; counts this request if one
# more is allowed. Returns {allowed (0/1), requests counted, the oldest time counted}.
WINDOW_SCRIPT = """
local key, now = KEYS[1], tonumber(ARGV[1])
local window, limit = tonumber(ARGV[2]), tonumber(ARGV[3])
while true do
  local oldest = redis.call('LINDEX', key, -1)
  if not oldest or tonumber(oldest) > now - window then break end
  redis.call('RPOP', key)
end
local count = redis.call('LLEN', key)
local allowed = 0
if count < limit then
  redis.call('LPUSH', key, ARGV[1])
  redis.call('EXPIRE', key, window)
  count = count + 1
  allowed = 1
end
return {allowed, count, redis.call('LINDEX', key, -1) or false}
"""

_scripts: dict[int, Any] = {}


def _window_script(client: Any) -> Any:
    script = _scripts.get(id(client))
    if script is None:
        script = _scripts[id(client)] = client.register_script(WINDOW_SCRIPT)
    return script


class RecordingMixin:
    """Records each throttle's numbers (for the RateLimit-* headers); on Redis, counts in
    one round trip (WINDOW_SCRIPT) instead of DRF's read and write of a pickled list."""

    count: int = 0
    oldest: float | None = None

    def allow_request(self, request: Any, view: Any) -> bool:
        redis = getattr(self.cache, "redis", None)  # type: ignore[attr-defined]
        if redis is None:
            return self._drf_allow_request(request, view)
        if self.rate is None:  # type: ignore[attr-defined]
            return True
        self.key = self.get_cache_key(request, view)  # type: ignore[attr-defined]
        if self.key is None:
            return True
        self.now = self.timer()  # type: ignore[attr-defined]
        client = redis()
        allowed, count, oldest = _window_script(client)(
            keys=[self.cache.make_key(self.key) + ":window"],  # type: ignore[attr-defined]
            args=[repr(self.now), self.duration, self.num_requests], client=client)  # type: ignore[attr-defined]
        self.count, self.oldest = int(count), float(oldest) if oldest else None
        self._record(request)
        return bool(allowed)

    def _drf_allow_request(self, request: Any, view: Any) -> bool:
        allowed = super().allow_request(request, view)  # type: ignore[misc]
        history = getattr(self, "history", None)
        if self.rate is not None and history is not None:  # type: ignore[attr-defined]
            self.count, self.oldest = len(history), history[-1] if history else None
            self._record(request)
        return allowed

    def _record(self, request: Any) -> None:
        limit, duration = self.num_requests, self.duration  # type: ignore[attr-defined]
        reset = duration - (self.now - self.oldest) if self.oldest is not None else duration  # type: ignore[attr-defined]
        record(request, Quota(limit, max(0, limit - self.count), max(0, math.ceil(reset)),
                              self.scope))  # type: ignore[attr-defined]

    def wait(self) -> float | None:
        """DRF's: the seconds until the next request is allowed, spread over those left."""
        if self.oldest is not None:
            remaining = self.duration - (self.now - self.oldest)  # type: ignore[attr-defined]
        else:
            remaining = self.duration  # type: ignore[attr-defined]
        available = self.num_requests - self.count + 1  # type: ignore[attr-defined]
        if available <= 0:
            return None
        return remaining / float(available)


class AnonRateThrottle(RecordingMixin, throttling.AnonRateThrottle):
    pass


class UserRateThrottle(RecordingMixin, throttling.UserRateThrottle):
    pass


class DocsRateThrottle(RecordingMixin, throttling.AnonRateThrottle):
    """The schema and the documentation pages: a bucket of their own per client address
    (DICE_THROTTLE_DOCS), so reading the docs never uses up the API's anonymous quota."""

    scope = "docs"

    def get_rate(self) -> str:
        return self.THROTTLE_RATES.get(self.scope) or settings.DICE_THROTTLE_DOCS

    def get_cache_key(self, request: Any, view: Any) -> str:
        return self.cache_format % {"scope": self.scope, "ident": self.get_ident(request)}
