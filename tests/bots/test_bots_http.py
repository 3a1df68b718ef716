"""A table of one player and three bots, played to its end through the HTTP API with the
service and a worker really running (issue #17): the player over HTTP, choosing among its
legal actions; the bots through the worker, their events saying `actor: bot:N`."""

from __future__ import annotations

import json
import random
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from events.models import Event
from games.core.legal import expand_all
from tests.clocks.worker import Worker
from tests.support.api import playing
from tests.support.server import Server

from .conftest import start_worker

pytestmark = [pytest.mark.served, pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def service(tmp_path: Path) -> Iterator[tuple[Server, Worker]]:
    """uvicorn and a worker on the same Redis: moves made over HTTP reach the worker."""
    workers = start_worker(tmp_path)
    worker = next(workers)
    server = Server(tmp_path, REDIS_URL=worker.env["REDIS_URL"], DICE_TEST_WORKER="1",
                    DICE_BOT_DELAY="0")
    server.start()
    try:
        yield server, worker
    finally:
        server.stop()
        next(workers, None)


class Client:
    def __init__(self, base: str) -> None:
        self.base = base + "/api/v1"
        self.token: str | None = None

    def call(self, method: str, path: str, body: Any = None) -> tuple[int, Any]:
        request = urllib.request.Request(self.base + path, method=method,
                                         data=None if body is None else json.dumps(body).encode())
        request.add_header("Content-Type", "application/json")
        if self.token:
            request.add_header("Authorization", f"Token {self.token}")
        try:
            with urllib.request.urlopen(request, timeout=40) as answer:
                return answer.status, json.loads(answer.read() or b"null")
        except urllib.error.HTTPError as error:
            return error.code, json.loads(error.read() or b"null")


def test_one_player_and_three_bots_play_to_the_end(service: tuple[Server, Worker]) -> None:
    server, worker = service
    alice = Client(server.url)
    status, account = alice.call("POST", "/auth/register",
                                 {"username": "alice", "password": "alice-secret-1"})
    assert status == 201, account
    alice.token = account["token"]
    status, game = alice.call("POST", "/games", {
        "game_type": "snake-bones", "seats": 4,
        "bots": [{"level": "strong"}, {"level": "basic"}, {"level": "basic"}]})
    assert status == 201, game
    game_id = game["id"]
    assert [(s["player"], s["bot"]) for s in game["seats"]] == [
        ("alice", None), (None, "strong"), (None, "basic"), (None, "basic")]
    status, game = alice.call("POST", f"/games/{game_id}/start", {"first_player": 0})
    assert status == 200, game

    pick = random.Random(17)
    moves, deadline = 0, time.monotonic() + 240
    while game["status"] != "finished":
        assert time.monotonic() < deadline, f"the game did not end: {game}\n{worker.tail()}"
        if any(a["seat"] == 0 for a in game["awaiting"]):
            status, listing = alice.call("GET", f"/games/{game_id}/legal-actions")
            assert status == 200 and listing["actions"], listing
            action = pick.choice(playing(expand_all(listing["actions"])))
            status, answer = alice.call("POST", f"/games/{game_id}/actions",
                                        {"expected_version": listing["version"],
                                         "action": action})
            # Staking is simultaneous: a bot may land first (409), then decide again.
            assert status in (201, 409), answer
            moves += status == 201
        else:  # wait for the bots: a long poll wakes when the worker appends
            alice.call("GET", f"/games/{game_id}/events?after={game['version']}&wait=10")
        status, game = alice.call("GET", f"/games/{game_id}")
        assert status == 200, game

    assert moves > 0 and game["outcome"]["winners"] and not game["outcome"].get("abandoned")
    events: list[dict] = []
    after = 0
    while True:
        status, page = alice.call("GET", f"/games/{game_id}/events?after={after}&limit=500")
        events += page["events"]
        if page["next_after"] is None:
            break
        after = page["next_after"]
    actors = {e["actor"] for e in events}
    assert {"seat:0", "bot:1", "bot:2", "bot:3"} <= actors, actors
    assert actors <= {"seat:0", "bot:1", "bot:2", "bot:3", "system"}, actors
    # Alice is served her own private parts only, the bots' moves included.
    stored = dict(Event.objects.filter(game_id=game_id).values_list("seq", "private"))
    for event in events:
        assert event.get("private") == stored[event["seq"]].get("0"), event
    status, audit = alice.call("GET", f"/games/{game_id}/audit")
    assert status == 200 and audit["verdict"]["ok"] is True, audit["verdict"]
    bots = [e for e in audit["events"] if e["actor"].startswith("bot:")]
    assert all(e["command"]["seat"] == int(e["actor"][4:]) for e in bots if e["command"])
    assert {e["command"]["bot"] for e in bots if e["command"]} == {"strong", "basic"}
