"""What openapi.yaml says is what the server does (issue #10, item 4): the real minimum of
turn_timeout, no empty query parameters, strings that are strings, integers spelt as such."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
import yaml
from django.test import override_settings
from drf_spectacular.generators import SchemaGenerator

from events.models import Event, Game, Seat
from tests.support.api import table
from tests.support.live import page_of

ROOT = Path(__file__).resolve().parents[2]


def assert_invalid(response, field: str) -> None:  # type: ignore[no-untyped-def]
    assert response.status_code == 400, response.content
    assert response["Content-Type"].startswith("application/problem+json")
    body = response.json()
    assert body["code"] == "invalid_request" and field in body["errors"], body


def turn_timeout_schema() -> dict:
    schema = SchemaGenerator().get_schema(request=None, public=True)
    return schema["components"]["schemas"]["CreateGameRequest"]["properties"]["turn_timeout"]


def test_the_schema_documents_the_minimum_turn_timeout_the_server_applies(players) -> None:  # type: ignore[no-untyped-def]
    (a,) = players(1)
    for floor in (10, 25):
        with override_settings(DICE_MIN_TURN_TIMEOUT=floor):
            assert turn_timeout_schema()["minimum"] == floor
            assert_invalid(a.post("/games", {"game_type": "snake-bones", "seats": 2,
                                             "turn_timeout": floor - 1}), "turn_timeout")
            created = a.post("/games", {"game_type": "snake-bones", "seats": 2,
                                        "turn_timeout": floor})
            assert created.status_code == 201, created.content


def test_the_committed_contract_shows_the_production_minimum() -> None:
    spec = yaml.safe_load((ROOT / "openapi.yaml").read_text())
    turn_timeout = spec["components"]["schemas"]["CreateGameRequest"]["properties"]["turn_timeout"]
    assert turn_timeout["minimum"] == 10


@pytest.mark.parametrize("params,field", [
    ({"status": ""}, "status"), ({"game_type": ""}, "game_type"), ({"mine": ""}, "mine"),
    ({"limit": ""}, "limit"), ({"offset": ""}, "offset"), ({"limit": "1.0"}, "limit"),
])
def test_empty_or_loose_game_list_parameters_are_400(players, params, field) -> None:  # type: ignore[no-untyped-def]
    (a,) = players(1)
    assert_invalid(a.get("/games", **params), field)


@pytest.mark.parametrize("body", [{"seed_commitment": 0}, {"seed_commitment": True},
                                  {"seed_commitment": 1.5}, {"seed_commitment": ["a"]},
                                  {"client_seed": "0"}])
def test_a_seed_commitment_must_be_a_string_and_no_seed_is_taken(players, body) -> None:  # type: ignore[no-untyped-def]
    a, b = players(2)
    game_id = a.create("snake-bones", 2)["id"]
    (field,) = body
    assert_invalid(b.post(f"/games/{game_id}/join", body), field)
    assert Seat.objects.filter(game_id=game_id).count() == 1
    assert_invalid(a.post("/games", {"game_type": "snake-bones", "seats": 2, **body}), field)
    assert Game.objects.count() == 1
    assert b.post(f"/games/{game_id}/join", {"seed_commitment": "0" * 64}).status_code == 200


@pytest.mark.parametrize("path,params,field", [
    ("state", {"version": "0.0"}, "version"), ("state", {"version": "1.00"}, "version"),
    ("state", {"version": " 1"}, "version"), ("state", {"version": "١"}, "version"),
    ("state", {"version": "1e0"}, "version"), ("state", {"version": ""}, "version"),
    ("events", {"after": "0.0"}, "after"), ("events", {"limit": "10.0"}, "limit"),
    ("events", {"after": ""}, "after"), ("events", {"wait": "nan"}, "wait"),
    ("events", {"wait": "inf"}, "wait"), ("events", {"wait": "1e"}, "wait"),
    ("stream", {"after": "0.0"}, "after"), ("stream", {"timeout": "nan"}, "timeout"),
])
def test_integers_in_query_strings_are_spelt_in_digits(players, path, params, field) -> None:  # type: ignore[no-untyped-def]
    a, b = players(2)
    game_id = table(a, [b], "snake-bones")
    version = a.start(game_id, first_player=0)["version"]
    assert_invalid(a.get(f"/games/{game_id}/{path}", **params), field)
    assert Event.objects.filter(game_id=game_id).count() == version


def test_plain_digits_still_work(players) -> None:  # type: ignore[no-untyped-def]
    a, b = players(2)
    game_id = table(a, [b], "snake-bones")
    version = a.start(game_id, first_player=0)["version"]
    assert a.get(f"/games/{game_id}/state", version="0").status_code == 200
    assert a.get(f"/games/{game_id}/events", after="1", limit="2", wait="0.0").status_code == 200
    assert a.get("/games", status="active", mine="true", limit="5", offset="0").json()["count"] == 1
    assert a.get(f"/games/{game_id}/state", version=str(version)).json()["version"] == version


@pytest.mark.parametrize("body,field", [
    ({"username": 12345, "password": "correct horse battery"}, "username"),
    ({"username": "numbers", "password": 1234567890123}, "password"),
])
def test_credentials_must_be_strings(api, db, body, field) -> None:  # type: ignore[no-untyped-def]
    assert_invalid(api.anonymous.post("/api/v1/auth/register", body, format="json"), field)
    assert_invalid(api.anonymous.post("/api/v1/auth/token", body, format="json"), field)


def test_a_webhook_secret_must_be_a_string(players) -> None:  # type: ignore[no-untyped-def]
    (a,) = players(1)
    assert_invalid(a.post("/webhooks", {"url": "http://127.0.0.1:9/hook", "events": ["your_turn"],
                                        "secret": 1234567890123456789}), "secret")


def test_problems_on_the_stream_are_json_even_to_an_event_source(players) -> None:  # type: ignore[no-untyped-def]
    a, b = players(2)
    game_id = table(a, [b], "snake-bones")
    for asked in ({"HTTP_ACCEPT": "text/event-stream"}, {}):
        params = {"timeout": "1", "after": "x"} if asked else {"format": "sse", "after": "x"}
        response = a.client.get(f"/api/v1/games/{game_id}/stream", params, **asked)
        assert_invalid(response, "after")
        assert response.json()["status"] == 400


def test_a_long_poll_waits_no_longer_than_the_server_allows(players) -> None:  # type: ignore[no-untyped-def]
    a, b = players(2)
    game_id = table(a, [b], "snake-bones")
    version = a.start(game_id, first_player=0)["version"]
    started = time.monotonic()
    with override_settings(DICE_LONG_POLL_MAX=0.3):
        page = a.get(f"/games/{game_id}/events", after=version, wait=30)
    assert page.status_code == 200 and page_of(page)["events"] == []
    assert time.monotonic() - started < 5
