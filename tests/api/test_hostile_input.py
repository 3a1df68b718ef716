"""Hostile input that once answered 500: each gets a 4xx problem with a stable code and
appends nothing, on SQLite and on PostgreSQL alike (issue #10, item 3)."""

from __future__ import annotations

import json

import pytest
from django.conf import settings

from events.models import Event, Game
from tests.support.api import BASE, Player, table

DEEP = "[" * 1000 + "]" * 1000
DEEP_OBJECT = '{"a": ' * 1000 + "1" + "}" * 1000


@pytest.fixture
def running(players):  # type: ignore[no-untyped-def]
    a, b = players(2)
    game_id = table(a, [b], "snake-bones")
    version = a.start(game_id, first_player=0)["version"]
    return a, b, game_id, version


def raw(client, path: str, body: str | bytes, **headers: str):  # type: ignore[no-untyped-def]
    return client.post(f"{BASE}{path}", data=body, content_type="application/json",
                       headers=headers)


def assert_problem(response, status: int, code: str) -> None:  # type: ignore[no-untyped-def]
    assert response.status_code == status, response.content
    assert response["Content-Type"].startswith("application/problem+json")
    body = response.json()
    assert body["status"] == status and body["code"] == code, body
    assert body["title"] and body["detail"] and body["type"] == "about:blank"


def assert_unchanged(game_id: str, version: int) -> None:
    assert Event.objects.filter(game_id=game_id).count() == version
    assert Game.objects.get(id=game_id).version == version


@pytest.mark.parametrize("body", [DEEP, DEEP_OBJECT])
def test_deeply_nested_json_is_400_on_every_json_endpoint(running, api, body) -> None:  # type: ignore[no-untyped-def]
    a, b, game_id, version = running
    for path in ("/auth/register", "/auth/token"):
        assert_problem(raw(api.anonymous, path, body), 400, "malformed_json")
    lobby = a.create("snake-bones", 2)["id"]
    for path in ("/games", f"/games/{lobby}/join", f"/games/{lobby}/start",
                 f"/games/{game_id}/actions", "/webhooks"):
        assert_problem(raw(a.client, path, body), 400, "malformed_json")
        assert_problem(raw(b.client, path, body), 400, "malformed_json")
    assert_unchanged(game_id, version)
    assert Game.objects.get(id=lobby).version == 0
    assert Game.objects.count() == 2


def test_json_nested_deeper_than_the_limit_but_parseable_is_400(running) -> None:  # type: ignore[no-untyped-def]
    a, _, game_id, version = running
    action = {"type": "stake", "coins": 1}
    for _ in range(200):
        action = {"type": "stake", "coins": 1, "x": action}
    response = raw(a.client, f"/games/{game_id}/actions",
                   json.dumps({"expected_version": version, "action": action}))
    assert_problem(response, 400, "malformed_json")
    assert_unchanged(game_id, version)


def test_a_body_over_the_upload_limit_is_413(running, api) -> None:  # type: ignore[no-untyped-def]
    a, _, game_id, version = running
    big = json.dumps({"expected_version": version,
                      "action": {"type": "stake", "coins": 1,
                                 "pad": "x" * (settings.DATA_UPLOAD_MAX_MEMORY_SIZE + 10)}})
    assert_problem(raw(a.client, f"/games/{game_id}/actions", big), 413, "payload_too_large")
    assert_problem(raw(a.client, "/games", big), 413, "payload_too_large")
    assert_problem(raw(api.anonymous, "/auth/register", big), 413, "payload_too_large")
    assert_unchanged(game_id, version)


@pytest.mark.parametrize("if_match", ["²", '"²"', "١٢", "1" * 5000, "99999999999999999999"])
def test_if_match_that_is_no_ascii_version_is_400(running, if_match) -> None:  # type: ignore[no-untyped-def]
    a, _, game_id, version = running
    body = json.dumps({"action": {"type": "stake", "coins": 1}})
    response = raw(a.client, f"/games/{game_id}/actions", body, **{"If-Match": if_match})
    assert_problem(response, 400, "missing_expected_version")
    assert_unchanged(game_id, version)


@pytest.mark.parametrize("last_event_id", ["²", "١", "1" * 5000, "99999999999999999999"])
def test_last_event_id_that_is_no_ascii_sequence_is_400(running, last_event_id) -> None:  # type: ignore[no-untyped-def]
    a, _, game_id, version = running
    response = a.client.get(f"{BASE}/games/{game_id}/stream", {"timeout": 1},
                            headers={"Last-Event-ID": last_event_id})
    assert_problem(response, 400, "invalid_last_event_id")
    assert_unchanged(game_id, version)


@pytest.mark.parametrize("key", ["abc\x00def", "\x00", "tab\there", "line\nbreak"])
def test_idempotency_key_with_control_characters_is_400(running, key) -> None:  # type: ignore[no-untyped-def]
    a, _, game_id, version = running
    response = a.act(game_id, {"type": "stake", "coins": 1}, version, **{"Idempotency-Key": key})
    assert_problem(response, 400, "invalid_header")
    assert_unchanged(game_id, version)


@pytest.mark.parametrize("keyword", ["Token", "Bearer"])
@pytest.mark.parametrize("token", ["abc\x00def", "\x00", "é" * 40])
def test_a_token_with_a_nul_or_non_ascii_is_401(running, api, keyword, token) -> None:  # type: ignore[no-untyped-def]
    a, _, game_id, version = running
    api.anonymous.credentials(HTTP_AUTHORIZATION=f"{keyword} {token}")
    assert_problem(api.anonymous.get(f"{BASE}/games"), 401, "authentication_failed")
    response = api.anonymous.post(f"{BASE}/games/{game_id}/actions",
                                  data=json.dumps({"expected_version": version,
                                                   "action": {"type": "stake", "coins": 1}}),
                                  content_type="application/json")
    assert_problem(response, 401, "authentication_failed")
    assert_unchanged(game_id, version)


def test_a_nul_in_the_real_token_does_not_authenticate(running, api) -> None:  # type: ignore[no-untyped-def]
    a: Player = running[0]
    api.anonymous.credentials(HTTP_AUTHORIZATION=f"Token {a.token[:10]}\x00{a.token[10:]}")
    assert_problem(api.anonymous.get(f"{BASE}/games"), 401, "authentication_failed")
