"""Accounts, game types and the lobby: create, list, join, leave, start."""

from __future__ import annotations

from tests.support.api import BASE, table


def test_register_and_obtain_a_token(api, db) -> None:  # type: ignore[no-untyped-def]
    player = api.register("alice")
    response = api.anonymous.post(f"{BASE}/auth/token",
                                  {"username": "alice", "password": "correct horse battery"},
                                  format="json")
    # Each login gets a token of its own (docs/accounts.md); both work.
    assert response.status_code == 200 and response.json()["token"] != player.token
    wrong = api.anonymous.post(f"{BASE}/auth/token", {"username": "alice",
                                                      "password": "wrong password"}, format="json")
    assert wrong.status_code == 401 and wrong.json()["code"] == "authentication_failed"
    again = api.anonymous.post(f"{BASE}/auth/register", {"username": "alice",
                                                         "password": "another password"},
                               format="json")
    assert again.status_code == 409 and again.json()["code"] == "username_taken"
    short = api.anonymous.post(f"{BASE}/auth/register", {"username": "bob", "password": "x"},
                               format="json")
    assert short.status_code == 400 and "password" in short.json()["errors"]


def test_game_types_list_options_with_defaults_and_schema(api, db) -> None:  # type: ignore[no-untyped-def]
    response = api.anonymous.get(f"{BASE}/game-types")
    assert response.status_code == 200
    snake = next(t for t in response.json() if t["slug"] == "snake-bones")
    assert (snake["min_players"], snake["max_players"]) == (2, 8)
    options = {o["name"]: o for o in snake["options"]}
    assert options["ones_wild"]["default"] is False
    assert options["raise_rule"]["schema"]["enum"] == ["quantity", "quantity_or_face"]
    assert snake["options_schema"]["properties"]["raise_rule"]["default"] == "quantity"


def test_create_validates_type_seats_and_options(players) -> None:  # type: ignore[no-untyped-def]
    (a,) = players(1)
    cases = [
        ({"game_type": "chess", "seats": 2}, "invalid_request"),
        ({"game_type": "snake-bones", "seats": 9}, "invalid_seats"),
        ({"game_type": "snake-bones", "seats": 2, "options": {"ones_wild": "yes"}},
         "invalid_options"),
        ({"game_type": "snake-bones", "seats": 2, "options": {"jokers": True}},
         "invalid_options"),
    ]
    for body, code in cases:
        response = a.post("/games", body)
        assert response.status_code == 400 and response.json()["code"] == code, body


def test_lobby_join_leave_and_start(players) -> None:  # type: ignore[no-untyped-def]
    a, b, c, d = players(4)
    game = a.create("snake-bones", 3, ones_wild=True)
    game_id = game["id"]
    assert game["status"] == "lobby" and game["seat"] == 0 and game["server_seed"] is None
    assert game["options"] == {"ones_wild": True, "raise_rule": "quantity"}
    assert len(game["server_seed_hash"]) == 64
    b.join(game_id)
    assert b.post(f"/games/{game_id}/join").json()["code"] == "already_seated"
    refused = c.post(f"/games/{game_id}/join", {"client_seed": "my lucky seed"})
    assert refused.status_code == 400 and "client_seed" in refused.json()["errors"]
    c.join(game_id)
    assert d.post(f"/games/{game_id}/join").json()["code"] == "game_full"
    assert a.post(f"/games/{game_id}/leave").json()["code"] == "creator_cannot_leave"
    assert b.post(f"/games/{game_id}/leave").status_code == 200
    assert b.post(f"/games/{game_id}/leave").json()["code"] == "not_seated"
    assert c.post(f"/games/{game_id}/start").status_code == 403
    assert a.post(f"/games/{game_id}/start", {"first_player": 5}).json()["code"] == (
        "invalid_first_player")
    started = a.start(game_id, first_player=1)
    assert [s["player"] for s in started["seats"]] == [a.username, c.username]
    assert started["status"] == "active" and started["view"]["opener"] == 1
    assert c.game(game_id)["seat"] == 1
    assert d.post(f"/games/{game_id}/join").json()["code"] == "game_not_in_lobby"
    assert a.post(f"/games/{game_id}/start").json()["code"] == "game_not_in_lobby"


def test_too_few_players_cannot_start(players) -> None:  # type: ignore[no-untyped-def]
    (a,) = players(1)
    game_id = a.create("snake-bones", 2)["id"]
    response = a.post(f"/games/{game_id}/start")
    assert response.status_code == 409 and response.json()["code"] == "not_enough_players"


def test_random_first_bidder_is_drawn_and_recorded(players) -> None:  # type: ignore[no-untyped-def]
    a, b = players(2)
    game_id = table(a, [b], "snake-bones")
    started = a.start(game_id)
    assert started["view"]["opener"] in (0, 1)
    types = [e["type"] for e in a.events(game_id)]
    assert "first_bidder_drawn" in types


def test_list_games_filters(players) -> None:  # type: ignore[no-untyped-def]
    a, b, c = players(3)
    lobby = a.create("snake-bones", 2)["id"]
    active = table(b, [a], "snake-bones")
    b.start(active, first_player=0)
    other = c.create("snake-bones", 2)["id"]

    def ids(**params) -> set[str]:  # type: ignore[no-untyped-def]
        response = a.get("/games", **params)
        assert response.status_code == 200
        return {g["id"] for g in response.json()["results"]}

    assert ids(status="lobby") >= {lobby, other} and active not in ids(status="lobby")
    assert ids(status="active") == {active}
    assert ids(mine="true") == {lobby, active}
    assert ids(game_type="snake-bones") >= {lobby, active, other}
    page = a.get("/games", limit=1).json()
    assert page["count"] >= 3 and len(page["results"]) == 1
    listed = a.get("/games", status="active").json()["results"]
    assert listed[0]["view"] is None and a.game(active)["view"]["phase"] == "staking"
