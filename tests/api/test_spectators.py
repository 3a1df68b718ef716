"""Spectators (issue #27, item 6; docs/platform.md, Spectators): the watchable listing,
private games, and the public replay of a finished game, read without an account."""

from __future__ import annotations

from typing import Any

import pytest
from django.core.cache import cache
from rest_framework.test import APIClient
from rest_framework.throttling import SimpleRateThrottle

from events import store
from events.models import Game
from tests.support.api import BASE, Player


def open_game(host: Player, guest: Player, private: bool = False) -> str:
    body: dict[str, Any] = {"game_type": "snake-bones", "seats": 2}
    if private:
        body["private"] = True
    response = host.post("/games", body)
    assert response.status_code == 201, response.content
    assert response.json()["private"] is private and response.json()["replay_url"] is None
    game_id = response.json()["id"]
    guest.join(game_id)
    return game_id


def active_game(host: Player, guest: Player, private: bool = False) -> str:
    game_id = open_game(host, guest, private)
    host.start(game_id, first_player=0)
    return game_id


def finished_game(host: Player, guest: Player, private: bool = False) -> str:
    """A game played to its end (a resignation): its events hold private parts."""
    game_id = active_game(host, guest, private)
    for player in (host, guest):  # both stake: then the dice are rolled under the cups
        version = player.legal(game_id)["version"]
        assert player.act(game_id, {"type": "stake", "coins": 1}, version).status_code == 201
    version = guest.legal(game_id)["version"]
    assert guest.act(game_id, {"type": "resign"}, version).status_code == 201
    assert host.game(game_id)["status"] == "finished"
    return game_id


def anonymous(path: str, **params: Any) -> Any:
    return APIClient().get(BASE + path, params)


def ids(response: Any) -> set[str]:
    assert response.status_code == 200, response.content
    return {g["id"] for g in response.json()["results"]}


def test_watchable_lists_active_public_games_only(players) -> None:  # type: ignore[no-untyped-def]
    a, b, c = players(3)
    watchable = active_game(a, b)
    secret = active_game(a, b, private=True)
    lobby = open_game(a, b)
    over = finished_game(a, b)

    listed = ids(c.get("/games", status="active", watchable="true"))
    assert listed == {watchable}
    assert ids(c.get("/games", watchable="true")) == {watchable}
    # Even its players do not see a private game listed as watchable.
    assert ids(a.get("/games", watchable="true")) == {watchable}
    assert ids(c.get("/games", watchable="false")) == {lobby, over}
    assert ids(a.get("/games", watchable="false")) == {lobby, over, secret}


@pytest.mark.parametrize("value", ["yes", "1", "TRUE", "", "maybe"])
def test_watchable_is_true_or_false(players, value) -> None:  # type: ignore[no-untyped-def]
    (a,) = players(1)
    response = a.get("/games", watchable=value)
    assert response.status_code == 400, response.content
    assert response["Content-Type"].startswith("application/problem+json")
    assert response.json()["code"] == "invalid_request"
    assert "watchable" in response.json()["errors"]


def test_a_private_game_is_hidden_from_non_players(players) -> None:  # type: ignore[no-untyped-def]
    a, b, c = players(3)
    secret = finished_game(a, b, private=True)
    public = finished_game(a, b)
    assert Game.objects.get(id=secret).private is True

    assert secret not in ids(c.get("/games"))
    assert secret not in ids(c.get("/games", status="finished"))
    assert public in ids(c.get("/games"))
    assert {secret, public} <= ids(a.get("/games")) and secret in ids(b.get("/games"))

    for path in ("", "/events", "/state", "/legal-actions", "/audit", "/challenges",
                 "/stream"):
        response = c.get(f"/games/{secret}{path}")
        assert response.status_code == 404, (path, response.content)
        assert response.json()["code"] == "game_not_found"
    assert c.post(f"/games/{secret}/stream-ticket").status_code == 404
    # Its players read it; it has no public replay.
    mine = b.game(secret)
    assert mine["private"] is True and mine["replay_url"] is None
    assert b.get(f"/games/{secret}/events").status_code == 200
    # A signed-in non-player still watches a public game.
    assert c.get(f"/games/{public}").status_code == 200
    # The rematch of a private game is private too.
    assert a.post(f"/games/{secret}/rematch").json()["private"] is True


def test_anonymous_replay_of_a_finished_public_game_shows_no_private_part(players) -> None:  # type: ignore[no-untyped-def]
    a, b = players(2)
    game_id = finished_game(a, b)

    response = anonymous(f"/games/{game_id}")
    assert response.status_code == 200, response.content
    game = response.json()
    assert game["status"] == "finished" and game["seat"] is None and game["private"] is False
    assert game["replay_url"] == f"http://testserver{BASE}/games/{game_id}"
    assert a.game(game_id)["replay_url"] == game["replay_url"]

    events = anonymous(f"/games/{game_id}/events", limit=500).json()["events"]
    assert [e["seq"] for e in events] == list(range(1, game["version"] + 1))
    assert all("private" not in e for e in events)
    # ... while the players' own events have private parts (the check above means something).
    assert any("private" in e for e in a.events(game_id))

    row = Game.objects.get(id=game_id)
    spectator = {**store.rules_of(row).view(store.state_at(row), None),
                 "server_seed_hash": row.server_seed_hash}
    assert game["view"] == spectator
    state = anonymous(f"/games/{game_id}/state").json()
    assert state["seat"] is None and state["view"] == spectator
    start = [e["seq"] for e in events if e["batch_end"]][-3]  # before the resignation
    past = anonymous(f"/games/{game_id}/state", version=start)
    assert past.status_code == 200, past.content
    assert past.json()["view"] == {
        **store.rules_of(row).view(store.state_at(row, start), None),
        "server_seed_hash": row.server_seed_hash}
    # A long poll on a finished game answers at once, opening no stream slot.
    waited = anonymous(f"/games/{game_id}/events", after=game["version"], wait=30)
    assert waited.status_code == 200 and waited.json()["events"] == []


def test_anonymous_callers_need_a_token_for_other_games(players) -> None:  # type: ignore[no-untyped-def]
    a, b = players(2)
    running = active_game(a, b)
    secret = finished_game(a, b, private=True)
    lobby = open_game(a, b)
    absent = "00000000-0000-4000-8000-000000000000"
    for game_id in (running, secret, lobby, absent):
        for path in ("", "/events", "/state", "/legal-actions", "/audit"):
            response = anonymous(f"/games/{game_id}{path}")
            assert response.status_code == 401, (game_id, path, response.content)
            assert response.json()["code"] == "not_authenticated"
    assert anonymous("/games").status_code == 401
    assert anonymous("/games", watchable="true").status_code == 401


def test_anonymous_replays_are_throttled(players, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    a, b = players(2)
    game_id = finished_game(a, b)
    cache.clear()
    monkeypatch.setattr(SimpleRateThrottle, "THROTTLE_RATES",
                        {"user": "100000/min", "anon": "3/min", "docs": "100000/min"})
    try:
        statuses = [anonymous(f"/games/{game_id}/events").status_code for _ in range(4)]
        assert statuses == [200, 200, 200, 429]
        response = anonymous(f"/games/{game_id}")
        assert response.status_code == 429 and response.json()["code"] == "throttled"
    finally:
        cache.clear()
