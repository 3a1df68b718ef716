"""Past one machine, tested here (issue #31 item 7): two servers behind HAProxy
(docker/haproxy.cfg), two Celery workers, one PostgreSQL, one Redis
(tests/support/cluster.py). Games are played through the balancer only; one server is
killed with SIGKILL mid-game; the players carry on through the other, and no move the
service accepted (answered 2xx) is lost: each is in the game's event log afterwards,
whose sequence numbers have no gap. Two SSE streams of one game, opened through the
balancer, are held by different servers (reopened until they are): the one the kill cuts resumes
through the balancer, on the other server, with `Last-Event-ID`, and gets exactly the
events it had not seen. Only the HTTP contract is used (token header on the streams), and
the balancer's `X-Served-By` header to know which server holds a stream.
"""

from __future__ import annotations

import http.client
import json
import os
import random
import threading
import time
import urllib.error
import urllib.request
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from games.core.legal import expand_all
from games.service_events import SeedRevealed
from tests.clocks.worker import RedisServer
from tests.clocks.worker import test_database_url as database_url
from tests.support.cluster import Cluster
from tests.support.harness import playing
from tests.support.processes import wait_for

pytestmark = [pytest.mark.served, pytest.mark.postgres, pytest.mark.django_db(transaction=True)]

# Answers that mean "the server went away": the client tries again (the same move with the
# same Idempotency-Key, so a move that did commit is answered, not appended twice).
GONE = (502, 503, 504)


class Client:
    """A player speaking HTTP to the balancer, as a client app would."""

    def __init__(self, url: str, token: str = "") -> None:
        self.url = url
        self.token = token
        self.retries = 0  # requests tried again because the server was gone

    def call(self, method: str, path: str, body: Any = None,
             **headers: str) -> tuple[int, Any]:
        if self.token:
            headers["Authorization"] = f"Token {self.token}"
        data = None if body is None else json.dumps(body).encode()
        if data is not None:
            headers["Content-Type"] = "application/json"
        request = urllib.request.Request(f"{self.url}/api/v1{path}", data=data,
                                         headers=headers, method=method)
        try:
            with urllib.request.urlopen(request, timeout=20) as answer:
                return answer.status, json.loads(answer.read() or b"null")
        except urllib.error.HTTPError as error:
            return error.code, error.read()

    def retried(self, method: str, path: str, body: Any = None, **headers: str) -> Any:
        """The answer, trying again (10 s at most) while the server is gone: refused or
        reset connections, or the balancer's 502/503/504."""
        deadline = time.monotonic() + 10
        while True:
            try:
                status, answer = self.call(method, path, body, **headers)
            except (OSError, http.client.HTTPException):
                status, answer = 0, None
            if status not in (0, *GONE) or time.monotonic() > deadline:
                assert 200 <= status < 300, (method, path, status, answer)
                return answer
            self.retries += 1
            time.sleep(0.2)


def register(url: str, name: str) -> Client:
    answer = Client(url).retried("POST", "/auth/register",
                                 {"username": name, "password": "correct horse battery"})
    return Client(url, answer["token"])


class Play(threading.Thread):
    """Random legal moves (never resign) in one game by its two players, one after the
    other, until stopped or the game ends; records every event an accepted move appended."""

    def __init__(self, game_id: str, seats: list[Client], seed: int) -> None:
        super().__init__(daemon=True)
        self.game_id = game_id
        self.seats = seats
        self.rng = random.Random(seed)
        self.accepted: dict[int, str] = {}  # seq -> type, from the 2xx answers
        self.moves = 0
        self.stop = threading.Event()
        self.error: Exception | None = None

    def run(self) -> None:
        try:
            while not self.stop.is_set() and self.step():
                self.moves += 1
        except Exception as error:  # noqa: BLE001 (reported by the test)
            self.error = error

    def step(self) -> bool:
        game = self.seats[0].retried("GET", f"/games/{self.game_id}")
        if game["status"] == "finished":
            return False
        seat = game["awaiting"][0]["seat"]
        player = self.seats[seat]
        listing = player.retried("GET", f"/games/{self.game_id}/legal-actions")
        actions = playing(expand_all(listing["actions"]))
        calm = [a for a in actions if not a["type"].startswith("call")] or actions
        action = self.rng.choice(calm if self.rng.random() < 0.9 else actions)
        answer = player.retried("POST", f"/games/{self.game_id}/actions",
                                {"expected_version": listing["version"], "action": action},
                                **{"Idempotency-Key": str(uuid.uuid4())})
        for event in answer["events"]:
            self.accepted[event["seq"]] = event["type"]
        return True


class Stream(threading.Thread):
    """An SSE stream of a game through the balancer; when its connection ends before the
    game does, it connects again with Last-Event-ID (as EventSource does)."""

    def __init__(self, host: str, port: int, game_id: str, token: str) -> None:
        super().__init__(daemon=True)
        self.address = (host, port)
        self.game_id = game_id
        self.token = token
        self.seqs: list[int] = []
        self.connections: list[dict[str, Any]] = []  # Last-Event-ID sent, seqs received
        self.opened = threading.Event()
        self.stop = threading.Event()
        self.connection: http.client.HTTPConnection | None = None
        self.error: BaseException | None = None

    def run(self) -> None:
        while not self.stop.is_set() and not self.finished():
            try:
                self.read_once()
            except (OSError, http.client.HTTPException):
                pass  # cut: connect again
            except Exception as error:  # noqa: BLE001 (reported by the test)
                if not self.stop.is_set():  # else: closed under the reader by close()
                    self.error = error
                return
            if not self.stop.is_set():
                time.sleep(0.3)

    def finished(self) -> bool:
        return bool(self.connections) and self.connections[-1].get("final", False)

    def read_once(self) -> None:
        headers = {"Authorization": f"Token {self.token}", "Accept": "text/event-stream"}
        if self.seqs:
            headers["Last-Event-ID"] = str(self.seqs[-1])
        record: dict[str, Any] = {"last_event_id": headers.get("Last-Event-ID"), "seqs": []}
        self.connections.append(record)
        self.connection = http.client.HTTPConnection(*self.address, timeout=30)
        self.connection.request("GET", f"/api/v1/games/{self.game_id}/stream?timeout=120",
                                headers=headers)
        response = self.connection.getresponse()
        record["status"] = response.status
        record["server"] = response.getheader("X-Served-By")
        if response.status != 200:
            response.read()
            return
        self.opened.set()
        seq = 0
        while True:
            line = response.readline()
            if not line:
                return
            if line.startswith(b"id: "):
                seq = int(line[4:])
            elif line == b"event: turn\n":  # the reader's turn: not an event (decision 0032)
                continue
            elif line.startswith(b"event: "):  # an event's frame: its id came just before
                self.seqs.append(seq)
                record["seqs"].append(seq)
                if line == f"event: {SeedRevealed.TYPE}\n".encode():  # a game's last event
                    record["final"] = True

    def close(self) -> None:
        self.stop.set()
        if self.connection is not None:
            self.connection.close()


# The balancer's names of the cluster's servers, in its order (docker/haproxy.cfg).
SERVERS = ["web1", "web2"]


@pytest.fixture
def cluster(tmp_path: Path) -> Iterator[Cluster]:
    redis = RedisServer(tmp_path)
    redis.start()
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings_test",
           "DATABASE_URL": database_url(), "REDIS_URL": redis.url,
           "DICE_TEST_WORKER": "1",  # the test settings' broker: Redis (the workers')
           "DICE_STREAM_HEARTBEAT": "1"}
    running = Cluster(tmp_path, env)
    try:
        running.start()
        yield running
    finally:
        running.stop()
        redis.stop()


def new_game(url: str, run: str, n: int) -> tuple[str, list[Client]]:
    host, guest = register(url, f"lb{run}h{n}"), register(url, f"lb{run}g{n}")
    game = host.retried("POST", "/games", {"game_type": "snake-bones", "seats": 2})
    guest.retried("POST", f"/games/{game['id']}/join", {})
    host.retried("POST", f"/games/{game['id']}/start", {"first_player": 0})
    return game["id"], [host, guest]


def all_events(client: Client, game_id: str) -> list[dict]:
    events: list[dict] = []
    after = 0
    while True:
        page = client.retried("GET", f"/games/{game_id}/events?after={after}&limit=500")
        events += page["events"]
        if page["next_after"] is None:
            return events
        after = page["next_after"]


def test_a_server_killed_mid_game_loses_no_move_and_its_stream_resumes_on_the_other(
        cluster: Cluster) -> None:
    run = uuid.uuid4().hex[:6]
    games = [new_game(cluster.url, run, n) for n in range(2)]
    watched, players = games[0]
    # Two streams of one game held by the two servers (the balancer says which holds
    # each: X-Served-By); the second is opened again until the other server holds it.
    streams: list[Stream] = []
    plays: list[Play] = []
    try:
        for player in players:
            for _ in range(20):
                stream = Stream("127.0.0.1", cluster.port, watched, player.token)
                stream.start()
                assert stream.opened.wait(10), stream.connections
                assert wait_for(lambda s=stream: len(s.seqs) >= 1, 10)
                held_by = stream.connections[0]["server"]
                if not streams or held_by != streams[0].connections[0]["server"]:
                    streams.append(stream)
                    break
                stream.close()
                time.sleep(0.5)
        assert len(streams) == 2, [s.connections for s in streams]
        plays = [Play(game_id, seats, seed) for seed, (game_id, seats) in enumerate(games)]
        for play in plays:
            play.start()
        assert wait_for(lambda: all(p.moves >= 3 or not p.is_alive() for p in plays), 60), \
            cluster.tails()
        before = [p.moves for p in plays]
        # Mid-game (moves are being made in both games): the server of the first stream.
        cluster.kill_server(SERVERS.index(streams[0].connections[0]["server"]))
        assert wait_for(lambda: all(p.moves >= b + 8 or not p.is_alive()
                                    for p, b in zip(plays, before)), 90), \
            ([p.moves for p in plays], [p.error for p in plays], cluster.tails())
    finally:
        for play in plays:
            play.stop.set()
            play.join(30)
    for play in plays:
        assert play.error is None, f"{play.error!r}\n{cluster.tails()}"

    survivor = players[0]
    assert sum(p.moves - b for p, b in zip(plays, before)) >= 8, "no play after the kill"
    for play, (game_id, _) in zip(plays, games):
        log = {e["seq"]: e["type"] for e in all_events(survivor, game_id)}
        assert list(log) == list(range(1, len(log) + 1)), "the versions have a gap"
        lost = {seq: kind for seq, kind in play.accepted.items() if log.get(seq) != kind}
        assert not lost, f"accepted moves missing from the event log: {lost}"

    head = max(all_events(survivor, watched)[-1]["seq"], 1)
    try:
        for stream in streams:
            assert wait_for(lambda s=stream: bool(s.seqs) and s.seqs[-1] >= head, 20), \
                (head, stream.connections)
    finally:
        for stream in streams:
            stream.close()
    cut = [s for s in streams if len(s.connections) > 1]
    assert len(cut) == 1, ("one stream, the killed server's, must have been cut",
                           [s.connections for s in streams])
    assert [s.error for s in streams] == [None, None]
    for stream in streams:
        # every event once, in order, the cut one's included
        assert stream.seqs == list(range(1, len(stream.seqs) + 1)), stream.connections
    first, *again = cut[0].connections
    seen = first["seqs"][-1]
    assert again[0]["last_event_id"] == str(seen), cut[0].connections
    resumed = [c for c in again if c.get("status") == 200]
    assert resumed and resumed[0]["seqs"][:1] == [seen + 1], cut[0].connections
    print(f"moves {[p.moves for p in plays]} ({before} before the kill), requests tried "
          f"again {sum(c.retries for g in games for c in g[1])}, the cut stream's "
          f"connections {[(c['last_event_id'], len(c['seqs'])) for c in cut[0].connections]}")
