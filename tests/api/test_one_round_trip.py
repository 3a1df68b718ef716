"""One round trip per move (issue #35, item 1; docs/decisions/0032-one-round-trip.md).

The answer to a move carries the mover's next step (status, who is awaited, their view and
legal actions at the answered version); a game's long poll and stream tell each awaited
seat's reader its turn with its legal actions, and no one else's. A client that holds the
stream (here: its long poll) posts one request per move and reads nothing else.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from games.core.legal import expand_all
from games.registry import GAMES
from tests.support.api import Player, by_seat, playing, table
from tests.support.live import drain, page_of

pytestmark = pytest.mark.django_db(transaction=True)

# Short games (tests/api/test_secrecy_all_games.py).
SMALL = {"dark-knights": {"target": 200}, "bare-bones": {"rounds": 1}}


class Client:
    """A seat's client app: it holds the game's live answer (a long poll here) and posts
    its moves; it never asks for the game, its state or its legal actions."""

    def __init__(self, player: Player, game_id: str) -> None:
        self.player, self.game_id = player, game_id
        self.seen = 0
        self.turn: dict[str, Any] | None = None
        self.posts = 0

    def listen(self) -> None:
        """What the held long poll brings: the events since the last seen, then the turn."""
        while True:
            page = page_of(self.player.get(f"/games/{self.game_id}/events", after=self.seen,
                                           wait=5, limit=500))
            if page["events"]:
                self.seen = page["events"][-1]["seq"]
            if page["next_after"] is None:
                break
        assert "turn" in page, page
        self.turn = page["turn"]

    def moves(self, version: int) -> list[dict]:
        if self.turn is None or self.turn["version"] != version:
            return []
        return playing(expand_all(self.turn["legal_actions"]))

    def move(self, action: dict, version: int, **headers: str) -> dict:
        self.posts += 1
        response = self.player.act(self.game_id, action, version, **headers)
        assert response.status_code == 201, response.content
        answer = response.json()
        self.turn = {"version": answer["version"], "legal_actions": answer["legal_actions"]}
        return answer


def assert_turn_is_own(player: Player, game_id: str, seat: int, turn: dict) -> None:
    """The turn a seat's reader got is that seat's, as legal-actions lists it at the head."""
    listing = player.legal(game_id)
    assert turn["seat"] == seat and turn["version"] == listing["version"]
    assert turn["legal_actions"] == listing["actions"], (seat, turn)
    assert has_turn(seat, turn["awaiting"], listing["actions"])


def has_turn(seat: int, awaiting: list[dict], actions: list[dict]) -> bool:
    """A seat has a turn when awaited, or when it may act out of turn (more than resign)."""
    return seat in [a["seat"] for a in awaiting] or bool(playing(actions))


def assert_answer_is_served(player: Player, game_id: str, answer: dict) -> None:
    """The answer's view and actions are what GET /state and legal-actions serve."""
    state = player.state(game_id, answer["version"])
    assert answer["view"] == state["view"] and answer["seat"] == state["seat"]
    game = player.game(game_id)
    if game["version"] == answer["version"]:
        assert answer["legal_actions"] == player.legal(game_id)["actions"]
        assert answer["status"] == game["status"]
        assert answer["awaiting"] == [{"seat": a["seat"], "kind": a["kind"]}
                                      for a in game["awaiting"]]


@pytest.mark.slow  # whole games over HTTP
@pytest.mark.parametrize("slug", sorted(GAMES))
def test_a_whole_game_with_one_request_per_move(players, slug: str) -> None:  # type: ignore[no-untyped-def]
    host, *guests = players(3)
    game_id = table(host, guests, slug, **SMALL.get(slug, {}))
    version = host.start(game_id, first_player=0)["version"]
    seats = by_seat(host, [host, *guests], game_id)
    clients = {seat: Client(player, game_id) for seat, player in seats.items()}
    rng = random.Random(slug)
    answer: dict = {}
    for move in range(3000):
        ready = [seat for seat, c in clients.items() if c.moves(version)]
        if not ready:  # the others learn of the move from what they hold: their turn
            for seat, client in clients.items():
                client.listen()
                if client.turn is not None:
                    assert_turn_is_own(seats[seat], game_id, seat, client.turn)
            ready = [seat for seat, c in clients.items() if c.moves(version)]
        assert ready, f"nobody may move at version {version}"
        seat = rng.choice(ready)
        answer = clients[seat].move(rng.choice(clients[seat].moves(version)), version)
        assert answer["seat"] == seat
        if move % 25 == 0 or answer["status"] == "finished":
            assert_answer_is_served(seats[seat], game_id, answer)
        version = answer["version"]
        if answer["status"] == "finished":
            break
    assert answer["status"] == "finished" and answer["awaiting"] == []
    assert answer["legal_actions"] == []
    game = host.game(game_id)
    assert game["status"] == "finished" and game["version"] == version
    assert sorted(game["outcome"]["winners"]) and set(game["outcome"]["winners"]) <= set(seats)
    assert sum(c.posts for c in clients.values()) == move + 1


def test_a_replayed_answer_is_the_first_one_as_of_its_version(players) -> None:  # type: ignore[no-untyped-def]
    a, b = players(2)
    game_id = table(a, [b], "snake-bones")
    version = a.start(game_id, first_player=0)["version"]
    first = a.act(game_id, {"type": "stake", "coins": 2}, version, **{"Idempotency-Key": "k1"})
    assert first.status_code == 201
    answer = first.json()
    assert answer["legal_actions"] == a.legal(game_id)["actions"]
    assert [x["seat"] for x in answer["awaiting"]] == [1]
    # The game moves on (Bob stakes: the dice are rolled); the replay is still the first.
    assert b.act(game_id, {"type": "stake", "coins": 1}, version + 1).status_code == 201
    again = a.act(game_id, {"type": "stake", "coins": 2}, version, **{"Idempotency-Key": "k1"})
    assert again.status_code == 201 and again.headers["Idempotent-Replayed"] == "true"
    assert again.json() == answer
    assert a.legal(game_id)["version"] > answer["version"]


def stream_frames(player: Player, game_id: str, after: int) -> list[tuple[str, dict]]:
    response = player.client.get(f"/api/v1/games/{game_id}/stream",
                                 {"timeout": 1, "after": after},
                                 headers={"Accept": "text/event-stream"})
    assert response.status_code == 200
    frames = []
    for block in drain(response).split("\n\n"):
        lines = dict(line.split(": ", 1) for line in block.splitlines()
                     if line.startswith(("event: ", "data: ")))
        if "data" in lines:
            frames.append((lines["event"], json.loads(lines["data"])))
    return frames


def differing_turns(seats: dict[int, Player], host: Player, game_id: str,
                    rng: random.Random) -> tuple[int, list[int]]:
    """Play at random until two awaited seats may do different things (a hidden hand or
    purse tells in them); the version and the awaited seats then."""
    for _ in range(2000):
        game = host.game(game_id)
        awaited = [a["seat"] for a in game["awaiting"]]
        listings = {seat: seats[seat].legal(game_id)["actions"] for seat in awaited}
        if len({json.dumps(x, sort_keys=True) for x in listings.values()}) > 1:
            return game["version"], awaited
        seat = rng.choice(awaited)
        action = rng.choice(playing(expand_all(listings[seat])))
        assert seats[seat].act(game_id, action, game["version"]).status_code == 201
    raise AssertionError("no two awaited seats ever differed")


@pytest.mark.slow  # streams held to their timeout, one second each
@pytest.mark.parametrize("slug", ["skip-bo-dice", "snake-bones"])
def test_the_stream_tells_each_awaited_seat_its_own_turn_only(players, slug: str) -> None:  # type: ignore[no-untyped-def]
    """Where two awaited seats may do different things (their hidden cards, their coins),
    each awaited seat's reader (and a seat that may act out of turn) gets a `turn` frame
    with its own legal actions, after the batch's events or when it opens the stream at
    the head; a seat with nothing to do and a spectator get none, on the stream and on
    the long poll."""
    host, *guests = players(3)
    watcher = players(1)[0]
    game_id = table(host, guests, slug, **SMALL.get(slug, {}))
    host.start(game_id, first_player=0)
    seats = by_seat(host, [host, *guests], game_id)
    version, awaited = differing_turns(seats, host, game_id, random.Random(slug))
    awaiting = host.game(game_id)["awaiting"]
    for seat, player in seats.items():
        turn_here = has_turn(seat, awaiting, player.legal(game_id)["actions"])
        assert turn_here == (seat in awaited) or slug == "skip-bo-dice"
        for after in (version - 1, version):
            frames = stream_frames(player, game_id, after)
            turns = [data for name, data in frames if name == "turn"]
            if turn_here:
                assert len(turns) == 1 and frames[-1][0] == "turn", frames[-3:]
                assert_turn_is_own(player, game_id, seat, turns[0])
            else:
                assert turns == []
        page = page_of(player.get(f"/games/{game_id}/events", after=version - 1, wait=1))
        if turn_here:
            assert_turn_is_own(player, game_id, seat, page["turn"])
        else:
            assert page["turn"] is None
    assert [n for n, _ in stream_frames(watcher, game_id, version)] == []
    assert page_of(watcher.get(f"/games/{game_id}/events", after=0, wait=1))["turn"] is None
