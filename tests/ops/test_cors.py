"""CORS (django-cors-headers): configured origins only, preflights without a token, the
headers a browser client needs exposed."""

from __future__ import annotations

import os
import re
import subprocess
import sys

import pytest
from django.test import override_settings
from django.urls import URLPattern, get_resolver
from rest_framework.test import APIClient

from tests.clocks.worker import ROOT

ORIGIN = "http://localhost:5173"  # a development default (DICE_CORS_ALLOWED_ORIGINS unset)
REQUEST_HEADERS = ["authorization", "content-type", "if-match", "if-none-match",
                   "idempotency-key", "last-event-id"]
EXPOSED = ["etag", "location", "retry-after", "idempotent-replayed", "x-request-id",
           "ratelimit-limit", "ratelimit-remaining", "ratelimit-reset"]
SAMPLE = {"uuid": "00000000-0000-0000-0000-000000000001", "int": "1", "slug": "snake-bones",
          "str": "x"}


def api_paths() -> list[str]:
    """Every route under /api/v1/, with sample path parameters."""
    (api,) = [p for p in get_resolver().url_patterns if str(p.pattern) == "api/v1/"]
    paths = []
    for pattern in api.url_patterns:
        assert isinstance(pattern, URLPattern)
        route = re.sub(r"<(\w+):\w+>", lambda m: SAMPLE[m.group(1)], str(pattern.pattern))
        paths.append("/api/v1/" + route)
    return paths


def preflight(client: APIClient, path: str, method: str, origin: str = ORIGIN):  # type: ignore[no-untyped-def]
    return client.options(path, HTTP_ORIGIN=origin, HTTP_ACCESS_CONTROL_REQUEST_METHOD=method,
                          HTTP_ACCESS_CONTROL_REQUEST_HEADERS=", ".join(REQUEST_HEADERS))


def listed(value: str) -> set[str]:
    return {item.strip().lower() for item in value.split(",") if item.strip()}


@pytest.mark.django_db
def test_a_preflight_of_every_endpoint_succeeds_without_a_token() -> None:
    client = APIClient()
    paths = api_paths()
    assert len(paths) > 15 and "/api/v1/games" in paths
    for path in paths:
        for method in ("GET", "POST", "PUT", "DELETE"):
            response = preflight(client, path, method)
            assert response.status_code == 200, (path, method, response.status_code)
            assert response["Access-Control-Allow-Origin"] == ORIGIN, path
            assert set(REQUEST_HEADERS) <= listed(response["Access-Control-Allow-Headers"])
            assert method in listed(response["Access-Control-Allow-Methods"]) | {
                m.upper() for m in listed(response["Access-Control-Allow-Methods"])}


@pytest.mark.django_db
def test_answers_to_an_allowed_origin_expose_the_client_headers(players) -> None:  # type: ignore[no-untyped-def]
    (alice,) = players(1)
    response = alice.client.post("/api/v1/games", {"game_type": "snake-bones", "seats": 2},
                                 format="json", HTTP_ORIGIN=ORIGIN)
    assert response.status_code == 201
    assert response["Access-Control-Allow-Origin"] == ORIGIN
    assert set(EXPOSED) <= listed(response["Access-Control-Expose-Headers"])
    assert "origin" in listed(response["Vary"])


@pytest.mark.django_db
def test_other_origins_get_no_cors_headers() -> None:
    client = APIClient()
    response = preflight(client, "/api/v1/games", "POST", origin="https://evil.example")
    assert "Access-Control-Allow-Origin" not in response
    answer = client.get("/api/v1/game-types", HTTP_ORIGIN="https://evil.example")
    assert answer.status_code == 200 and "Access-Control-Allow-Origin" not in answer


@pytest.mark.django_db
def test_the_allowed_origins_are_a_setting() -> None:
    with override_settings(CORS_ALLOWED_ORIGINS=["https://app.example"]):
        client = APIClient()
        assert preflight(client, "/api/v1/games", "POST", origin="https://app.example")[
            "Access-Control-Allow-Origin"] == "https://app.example"
        assert "Access-Control-Allow-Origin" not in preflight(client, "/api/v1/games", "POST")


def origins_in(env: dict[str, str]) -> str:
    code = "from django.conf import settings; print(','.join(settings.CORS_ALLOWED_ORIGINS))"
    full = {k: v for k, v in os.environ.items() if not k.startswith("DICE_CORS")}
    full.update({"DJANGO_SETTINGS_MODULE": "config.settings", "DJANGO_SECRET_KEY": "x" * 50,
                 "DJANGO_ALLOWED_HOSTS": "dice.example.com", **env})
    return subprocess.run([sys.executable, "-c", "import django; django.setup(); " + code],
                          cwd=ROOT, env=full, capture_output=True, text=True,
                          check=True).stdout.strip()


def test_no_origin_by_default_in_production_local_ones_in_development() -> None:
    assert origins_in({"DICE_ENV": "production"}) == ""
    development = origins_in({"DICE_ENV": "development"}).split(",")
    assert {"http://localhost:3000", "http://127.0.0.1:5173"} <= set(development)
    assert origins_in({"DICE_ENV": "production", "DICE_CORS_ALLOWED_ORIGINS":
                       " https://a.example, https://b.example "}) == (
        "https://a.example,https://b.example")
