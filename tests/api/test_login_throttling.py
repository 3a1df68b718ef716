"""Throttles know a client by its socket address, not by what it writes in X-Forwarded-For;
failed logins have a stricter limit of their own, per address and per username."""

from __future__ import annotations

import runpy
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.core.cache import cache
from rest_framework.test import APIClient
from rest_framework.throttling import AnonRateThrottle

import config
from tests.support.api import BASE


@pytest.fixture(autouse=True)
def clean_cache():  # type: ignore[no-untyped-def]
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def failures(settings):  # type: ignore[no-untyped-def]
    def limit(rate: str) -> None:
        settings.DICE_THROTTLE_LOGIN_FAILURES = rate
    return limit


def login(client: APIClient, username: str, password: str, **meta: str):  # type: ignore[no-untyped-def]
    return client.post(f"{BASE}/auth/token", {"username": username, "password": password},
                       format="json", **meta)


def test_rotating_x_forwarded_for_does_not_escape_the_anonymous_throttle(  # type: ignore[no-untyped-def]
        api, db, failures, monkeypatch) -> None:
    get_user_model().objects.create_user("victim", password="victim-secret-1")
    failures("100000/min")  # only the anonymous rate is under test here
    monkeypatch.setattr(AnonRateThrottle, "THROTTLE_RATES", {"anon": "120/min"})
    statuses = [login(api.anonymous, "victim", "not the password",
                      HTTP_X_FORWARDED_FOR=f"198.51.100.{i % 250}, 10.{i}.0.1").status_code
                for i in range(150)]
    assert statuses.count(401) == 120 and statuses.count(429) == 30


def test_rotating_x_forwarded_for_does_not_escape_the_failed_login_limit(  # type: ignore[no-untyped-def]
        api, db, failures) -> None:
    failures("10/min")
    responses = [login(api.anonymous, f"guess{i}", "not the password",
                       HTTP_X_FORWARDED_FOR=f"203.0.113.{i % 250}") for i in range(150)]
    statuses = [r.status_code for r in responses]
    assert statuses[:10] == [401] * 10 and statuses[10:] == [429] * 140
    last = responses[-1]
    assert last["Content-Type"].startswith("application/problem+json")
    assert last.json()["code"] == "throttled" and 0 < int(last["Retry-After"]) <= 60


def test_failed_logins_are_limited_per_username_across_addresses(api, db, failures) -> None:  # type: ignore[no-untyped-def]
    api.register("target", "target-secret-1")
    api.register("other", "other-secret-1")
    failures("5/min")
    wrong = [login(api.anonymous, "TARGET" if i % 2 else "target", "a wrong guess",
                   REMOTE_ADDR=f"192.0.2.{i}").status_code for i in range(8)]
    assert wrong == [401] * 5 + [429] * 3
    # Locked for everyone, right password included, until the window passes ...
    locked = login(api.anonymous, "target", "target-secret-1", REMOTE_ADDR="192.0.2.200")
    assert locked.status_code == 429 and locked.json()["code"] == "throttled"
    # ... while other accounts, from those same addresses, are not.
    other = login(api.anonymous, "other", "other-secret-1", REMOTE_ADDR="192.0.2.1")
    assert other.status_code == 200


def test_only_failures_count(api, db, failures) -> None:  # type: ignore[no-untyped-def]
    api.register("regular", "regular-secret-1")
    failures("3/min")
    statuses = [login(api.anonymous, "regular", "regular-secret-1").status_code for _ in range(10)]
    assert statuses == [200] * 10


def test_trusted_proxies_pick_the_entry_our_proxy_appended(api, db, failures, settings) -> None:  # type: ignore[no-untyped-def]
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "NUM_PROXIES": 1}
    failures("3/min")
    # One proxy: the last X-Forwarded-For entry is the client it saw; what the client
    # wrote before it (rotated here) does not matter. Everything comes from 127.0.0.1.
    spoofed = [login(api.anonymous, f"guess{i}", "x" * 8,
                     HTTP_X_FORWARDED_FOR=f"10.0.0.{i}, 203.0.113.7").status_code
               for i in range(5)]
    assert spoofed == [401, 401, 401, 429, 429]
    other = login(api.anonymous, "guess9", "x" * 8, HTTP_X_FORWARDED_FOR="203.0.113.8")
    assert other.status_code == 401


@pytest.mark.parametrize("value,expected", [(None, 0), ("", 0), ("0", 0), ("2", 2)])
def test_dice_trusted_proxies_sets_drf_num_proxies(monkeypatch, value, expected) -> None:  # type: ignore[no-untyped-def]
    if value is None:
        monkeypatch.delenv("DICE_TRUSTED_PROXIES", raising=False)
    else:
        monkeypatch.setenv("DICE_TRUSTED_PROXIES", value)
    namespace = runpy.run_path(str(Path(config.__file__).with_name("settings.py")))
    assert namespace["DICE_TRUSTED_PROXIES"] == expected
    assert namespace["REST_FRAMEWORK"]["NUM_PROXIES"] == expected
