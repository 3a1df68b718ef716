"""RateLimit-Limit, -Remaining and -Reset (the IETF draft's fields) on every API answer,
429s included; the schema and documentation pages have a bucket of their own."""

from __future__ import annotations

import json

import pytest
from django.core.cache import cache
from django.test import override_settings
from rest_framework.test import APIClient
from rest_framework.throttling import SimpleRateThrottle

pytestmark = pytest.mark.django_db


@pytest.fixture
def rates(monkeypatch: pytest.MonkeyPatch):  # type: ignore[no-untyped-def]
    def set_rates(**rates: str) -> None:
        base = {"anon": "1000/min", "user": "1000/min", "docs": "1000/min"}
        monkeypatch.setattr(SimpleRateThrottle, "THROTTLE_RATES", {**base, **rates})
    cache.clear()
    yield set_rates
    cache.clear()


def numbers(response) -> tuple[int, int, int]:  # type: ignore[no-untyped-def]
    return (int(response["RateLimit-Limit"]), int(response["RateLimit-Remaining"]),
            int(response["RateLimit-Reset"]))


def test_each_answer_counts_down_and_the_429_says_when(players, rates) -> None:  # type: ignore[no-untyped-def]
    (alice,) = players(1)
    rates(user="3/min")
    answers = [alice.get("/games") for _ in range(4)]
    assert [a.status_code for a in answers] == [200, 200, 200, 429]
    assert [numbers(a)[:2] for a in answers] == [(3, 2), (3, 1), (3, 0), (3, 0)]
    assert all(0 < numbers(a)[2] <= 60 for a in answers)
    assert numbers(answers[3])[2] == int(answers[3]["Retry-After"])
    # Errors too: a 404 is counted and told.
    cache.clear()
    missing = alice.get("/games/00000000-0000-0000-0000-000000000000")
    assert missing.status_code == 404 and numbers(missing)[:2] == (3, 2)


def test_anonymous_requests_see_the_tighter_of_their_buckets(rates) -> None:  # type: ignore[no-untyped-def]
    rates(anon="5/min", user="50/min")
    response = APIClient().get("/api/v1/game-types")
    assert response.status_code == 200 and numbers(response)[:2] == (5, 4)


def test_failed_logins_show_the_failures_left(api, rates, settings) -> None:  # type: ignore[no-untyped-def]
    settings.DICE_THROTTLE_LOGIN_FAILURES = "3/min"
    api.register("counted")
    client = APIClient()

    def login(password: str):  # type: ignore[no-untyped-def]
        return client.post("/api/v1/auth/token", {"username": "counted", "password": password},
                           format="json")
    assert numbers(login("correct horse battery"))[:2] == (3, 3)
    assert [numbers(login("not the password at all"))[:2] for _ in range(3)] == \
        [(3, 2), (3, 1), (3, 0)]
    refused = login("correct horse battery")
    assert refused.status_code == 429 and numbers(refused)[:2] == (3, 0)
    assert 0 < numbers(refused)[2] <= 60


def test_the_documentation_has_its_own_bucket(rates) -> None:  # type: ignore[no-untyped-def]
    rates(anon="2/min", docs="100/min")
    client = APIClient()
    for path in ("/api/schema/", "/api/docs/", "/api/redoc/", "/api/schema/"):
        assert client.get(path).status_code == 200, path
    # The API's anonymous bucket is untouched by the four pages read above.
    first = client.get("/api/v1/game-types")
    assert first.status_code == 200 and numbers(first)[:2] == (2, 1)


@pytest.mark.parametrize("path", ["/api/schema/", "/api/schema/?format=json", "/api/docs/",
                                  "/api/redoc/"])
def test_a_throttled_documentation_page_is_a_json_problem(rates, path) -> None:  # type: ignore[no-untyped-def]
    rates(docs="1/min")
    client = APIClient()
    accept = "*/*" if path.startswith("/api/schema/") else "text/html"  # as a browser asks
    assert client.get(path, HTTP_ACCEPT=accept).status_code == 200
    throttled = client.get(path, HTTP_ACCEPT=accept)
    assert throttled.status_code == 429
    assert throttled["Content-Type"] == "application/problem+json"
    assert json.loads(throttled.content)["code"] == "throttled"
    assert numbers(throttled)[:2] == (1, 0) and int(throttled["Retry-After"]) > 0


def test_the_operator_endpoints_are_never_throttled(rates) -> None:  # type: ignore[no-untyped-def]
    rates(anon="1/min", user="1/min", docs="1/min")
    client = APIClient()
    with override_settings(REDIS_URL=""):
        for _ in range(3):
            for path in ("/healthz", "/readyz", "/metrics"):
                response = client.get(path)
                assert response.status_code == 200, path
                assert "RateLimit-Limit" not in response
