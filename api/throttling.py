"""DRF's throttles, telling the client where it stands: each records its numbers on the
request, and api.ops.RequestMiddleware writes the most restrictive as the IETF draft's
RateLimit-Limit, RateLimit-Remaining and RateLimit-Reset headers (on 429s too).

- limit: the requests the window allows,
- remaining: how many of them are left now,
- reset: seconds until the oldest request counted leaves the window (when one more
  request is allowed again; DRF's windows slide), the window itself when none is counted.
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


class RecordingMixin:
    def allow_request(self, request: Any, view: Any) -> bool:
        allowed = super().allow_request(request, view)  # type: ignore[misc]
        history = getattr(self, "history", None)
        if self.rate is not None and history is not None:  # type: ignore[attr-defined]
            limit, duration = self.num_requests, self.duration  # type: ignore[attr-defined]
            reset = duration - (self.now - history[-1]) if history else duration  # type: ignore[attr-defined]
            record(request, Quota(limit, max(0, limit - len(history)),
                                  max(0, math.ceil(reset)), self.scope))  # type: ignore[attr-defined]
        return allowed


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
