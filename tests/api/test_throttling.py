"""Too many requests get a 429 problem with Retry-After."""

from __future__ import annotations

import pytest
from django.core.cache import cache
from rest_framework.throttling import UserRateThrottle


@pytest.fixture
def three_per_minute(monkeypatch: pytest.MonkeyPatch):  # type: ignore[no-untyped-def]
    cache.clear()
    monkeypatch.setattr(UserRateThrottle, "THROTTLE_RATES", {"user": "3/min", "anon": "3/min"})
    yield
    cache.clear()


def test_the_fourth_request_in_a_minute_is_throttled(players, three_per_minute) -> None:  # type: ignore[no-untyped-def]
    (a,) = players(1)
    statuses = [a.get("/games").status_code for _ in range(4)]
    assert statuses == [200, 200, 200, 429]
    response = a.get("/games")
    assert response["Content-Type"].startswith("application/problem+json")
    assert response.json()["code"] == "throttled" and int(response["Retry-After"]) > 0
