"""A thin test client of the public API, used the way a third-party client would."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from rest_framework.test import APIClient

from games.core.legal import expand_all
from tests.support.harness import playing

BASE = "/api/v1"


@dataclass
class Player:
    username: str
    token: str
    client: APIClient
    player_id: str = ""

    def get(self, path: str, **params: Any) -> Any:
        return self.client.get(BASE + path, params)

    def post(self, path: str, body: Any = None, **headers: str) -> Any:
        return self.client.post(BASE + path, data=json.dumps(body if body is not None else {}),
                                content_type="application/json", headers=headers)

    # The resources, as a client app would call them.
    def create(self, game_type: str, seats: int, **options: Any) -> dict:
        response = self.post("/games", {"game_type": game_type, "seats": seats,
                                        "options": options})
        assert response.status_code == 201, response.content
        return response.json()

    def join(self, game_id: str, **body: Any) -> dict:
        response = self.post(f"/games/{game_id}/join", body)
        assert response.status_code == 200, response.content
        return response.json()

    def start(self, game_id: str, **body: Any) -> dict:
        response = self.post(f"/games/{game_id}/start", body)
        assert response.status_code == 200, response.content
        return response.json()

    def game(self, game_id: str) -> dict:
        response = self.get(f"/games/{game_id}")
        assert response.status_code == 200, response.content
        return response.json()

    def legal(self, game_id: str) -> dict:
        response = self.get(f"/games/{game_id}/legal-actions")
        assert response.status_code == 200, response.content
        return response.json()

    def act(self, game_id: str, action: dict, version: int, **headers: str) -> Any:
        return self.post(f"/games/{game_id}/actions",
                         {"expected_version": version, "action": action}, **headers)

    def events(self, game_id: str, after: int = 0, limit: int = 500) -> list[dict]:
        out: list[dict] = []
        while True:
            response = self.get(f"/games/{game_id}/events", after=after, limit=limit)
            assert response.status_code == 200, response.content
            page = response.json()
            out.extend(page["events"])
            if page["next_after"] is None:
                return out
            after = page["next_after"]

    def state(self, game_id: str, version: int | None = None) -> dict:
        params = {} if version is None else {"version": version}
        response = self.get(f"/games/{game_id}/state", **params)
        assert response.status_code == 200, response.content
        return response.json()


class Api:
    def __init__(self) -> None:
        self.anonymous = APIClient()

    def register(self, username: str, password: str = "correct horse battery") -> Player:
        response = self.anonymous.post(f"{BASE}/auth/register",
                                       {"username": username, "password": password},
                                       format="json")
        assert response.status_code == 201, response.content
        token = response.json()["token"]
        client = APIClient()
        client.credentials(HTTP_AUTHORIZATION=f"Token {token}")
        return Player(username, token, client, response.json()["player_id"])


def table(host: Player, guests: list[Player], game_type: str, **options: Any) -> str:
    """Open a game, seat everyone, and return its id (still in the lobby)."""
    game = host.create(game_type, 1 + len(guests), **options)
    for guest in guests:
        guest.join(game["id"])
    return game["id"]


def started(players: Any) -> tuple[Player, Player, str, int]:
    """Two players (the `players` fixture) at a Snake Bones table, started with the host
    first; the head version."""
    a, b = players(2)
    game_id = table(a, [b], "snake-bones")
    return a, b, game_id, a.start(game_id, first_player=0)["version"]


def play_by_legal_actions(players: list[Player], game_id: str, choose: Any,
                          max_moves: int = 5000) -> dict:
    """Play a started game to its end through the API only: game, legal-actions, actions.

    `choose(actions)` picks one of the seat's listed legal actions (never `resign`).
    """
    by_name = {p.username: p for p in players}
    for _ in range(max_moves):
        game = players[0].game(game_id)
        if game["status"] == "finished":
            return game
        awaited = game["awaiting"][0]["seat"]
        name = next(s["player"] for s in game["seats"] if s["seat"] == awaited)
        player = by_name[name]
        listing = player.legal(game_id)
        actions = playing(expand_all(listing["actions"]))
        assert actions, f"awaited seat {awaited} has no legal action"
        response = player.act(game_id, choose(actions), listing["version"])
        assert response.status_code == 201, response.content
    raise AssertionError("game did not finish")


def play_any_seat(players: list[Player], game_id: str, rng: Any, out_of_turn: float = 0.0,
                  prefer: Any = None, max_moves: int = 5000) -> tuple[dict, list[dict]]:
    """Play to the end through the API; any seat with legal actions may move.

    Mostly an awaited seat moves; with probability `out_of_turn` any seat that lists legal
    actions does (for games where seats act out of turn). `prefer(actions)` may narrow
    the choice; `resign` is never chosen. Returns the final game and the (seat, action)
    moves posted.
    """
    by_seat: dict[int, Player] = {}
    moves: list[dict] = []
    for _ in range(max_moves):
        game = players[0].game(game_id)
        if game["status"] == "finished":
            return game, moves
        if not by_seat:
            names = {p.username: p for p in players}
            by_seat = {s["seat"]: names[s["player"]] for s in game["seats"]}
        seats = [a["seat"] for a in game["awaiting"]]
        if out_of_turn and rng.random() < out_of_turn:
            seats = sorted(by_seat)
        rng.shuffle(seats)
        for seat in seats:
            listing = by_seat[seat].legal(game_id)
            every = playing(expand_all(listing["actions"]))
            if every:
                break
        else:
            raise AssertionError(f"no seat of {seats} has a legal action")
        actions = (prefer(every) if prefer else None) or every
        action = rng.choice(actions)
        response = by_seat[seat].act(game_id, action, listing["version"])
        assert response.status_code in (201, 409), response.content
        if response.status_code == 201:
            moves.append({"seat": seat, "action": action,
                          "awaiting": [a["seat"] for a in game["awaiting"]]})
    raise AssertionError("game did not finish")


def by_seat(host: Player, everyone: list[Player], game_id: str) -> dict[int, Player]:
    """Each seat's player, as the game seats them."""
    names = {p.username: p for p in everyone}
    return {s["seat"]: names[s["player"]] for s in host.game(game_id)["seats"]}


def resign(player: Player, game_id: str) -> list[tuple[str, dict]]:
    """`player` resigns (it must be offered); the (type, data) of the events it appended."""
    listing = player.legal(game_id)
    assert {"type": "resign"} in listing["actions"]
    response = player.act(game_id, {"type": "resign"}, listing["version"])
    assert response.status_code == 201, response.content
    return [(e["type"], e["data"]) for e in response.json()["events"]]


def audited(host: Player, game_id: str, outcome: dict) -> None:
    """The finished game's audit verifies, on the server and again here
    (events.verify), both to `outcome`."""
    from events.verify import verify_audit

    response = host.get(f"/games/{game_id}/audit")
    assert response.status_code == 200, response.content
    audit = response.json()
    assert audit["verdict"]["ok"] and audit["verdict"]["outcome"] == outcome
    verdict = verify_audit(audit)
    assert verdict.problems == [] and verdict.outcome == outcome
