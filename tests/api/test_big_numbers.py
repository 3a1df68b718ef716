"""Integers beyond the database's range are refused as bad requests, never a 500."""

from __future__ import annotations

import pytest

from tests.support.api import table

BIG = 10**20


@pytest.fixture
def game(players):  # type: ignore[no-untyped-def]
    a, b = players(2)
    game_id = table(a, [b], "snake-bones")
    version = a.start(game_id, first_player=0)["version"]
    return a, game_id, version


@pytest.mark.parametrize("path,params", [
    ("/games/{id}/events", {"after": BIG}),
    ("/games", {"offset": BIG}),
    ("/games/{id}/state", {"version": BIG}),
    ("/games/{id}/stream", {"after": BIG, "timeout": 1}),
    (f"/webhooks/{BIG}/deliveries", {}),
])
def test_big_query_values(game, path: str, params: dict) -> None:  # type: ignore[no-untyped-def]
    a, game_id, _ = game
    response = a.get(path.format(id=game_id), **params)
    assert 400 <= response.status_code < 500, response.content


@pytest.mark.parametrize("body", [
    {"game_type": "snake-bones", "seats": 2, "turn_timeout": BIG},
    {"game_type": "snake-bones", "seats": 2, "autoplay_after": BIG},
    {"game_type": "snake-bones", "seats": BIG},
])
def test_big_creation_values(game, body: dict) -> None:  # type: ignore[no-untyped-def]
    a, _, _ = game
    assert a.post("/games", body).status_code == 400


@pytest.mark.parametrize("action,version", [
    ({"type": "stake", "coins": BIG}, None),
    ({"type": "bid", "quantity": BIG, "face": BIG}, None),
    ({"type": "stake", "coins": 1}, BIG),
])
def test_big_action_values(game, action: dict, version: int | None) -> None:  # type: ignore[no-untyped-def]
    a, game_id, head = game
    response = a.act(game_id, action, head if version is None else version)
    assert 400 <= response.status_code < 500, response.content


def test_big_path_and_start_values(game) -> None:  # type: ignore[no-untyped-def]
    a, game_id, _ = game
    assert a.client.delete(f"/api/v1/webhooks/{BIG}").status_code == 404
    assert a.post(f"/games/{game_id}/start", {"first_player": BIG}).status_code == 400
