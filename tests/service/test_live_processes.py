"""Live updates across processes: a move posted to one uvicorn process reaches a stream
and a long poll held by another. With Redis, through its pub/sub (as across machines), at
once; without it (the embedded default, where the other process is `dev.py run`'s
worker), by the waiting readers' looking again every DICE_EMBEDDED_POLL seconds."""

from __future__ import annotations

import http.client
import json
import threading
import time
import urllib.request
from pathlib import Path
from typing import Iterator

import pytest

from tests.clocks.worker import own_broker, wait_until
from tests.support.api import table
from tests.support.server import Server, two_servers_in

pytestmark = [pytest.mark.served, pytest.mark.postgres, pytest.mark.django_db(transaction=True)]

# The embedded fallback's interval in these tests: with Redis it is set far longer than
# the delivery they expect, so that only Redis can make it.
EMBEDDED_POLL = 0.5


@pytest.fixture(params=["redis", "embedded"])
def two_servers(request: pytest.FixtureRequest,
                tmp_path: Path) -> Iterator[tuple[Server, Server]]:
    redis = request.param == "redis"
    poll = "60" if redis else str(EMBEDDED_POLL)
    with own_broker(tmp_path, redis) as broker_env, two_servers_in(
            tmp_path, DICE_STREAM_HEARTBEAT="1", DICE_EMBEDDED_POLL=poll, **broker_env) as two:
        yield two


class StreamReader(threading.Thread):
    """Reads a stream from a server, event by event."""

    def __init__(self, server: Server, game_id: str, token: str, after: int) -> None:
        super().__init__(daemon=True)
        self.connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
        self.path = f"/api/v1/games/{game_id}/stream?timeout=20&after={after}"
        self.headers = {"Authorization": f"Token {token}", "Accept": "text/event-stream"}
        self.seqs: list[int] = []
        self.turns: list[int] = []  # the versions of the `turn` frames (decision 0032)
        self.keep_alives = 0

    def run(self) -> None:
        self.connection.request("GET", self.path, headers=self.headers)
        response = self.connection.getresponse()
        assert response.status == 200
        name = b""
        try:
            while True:
                line = response.readline()
                if not line:
                    return
                if line.startswith(b"event: "):
                    name = line[7:].strip()
                elif line.startswith(b"data: ") and name == b"turn":
                    self.turns.append(json.loads(line[6:])["version"])
                elif line.startswith(b"data: "):
                    self.seqs.append(json.loads(line[6:])["seq"])
                elif line.startswith(b": keep-alive"):
                    self.keep_alives += 1
        except (OSError, AttributeError, ValueError):
            return  # closed by the test

    def close(self) -> None:
        self.connection.close()


def post(server: Server, path: str, token: str, body: dict) -> dict:
    request = urllib.request.Request(
        f"{server.url}/api/v1{path}", data=json.dumps(body).encode(),
        headers={"Authorization": f"Token {token}", "Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=30) as answer:
        assert answer.status in (200, 201)
        return json.loads(answer.read())


def test_a_move_posted_to_one_process_reaches_a_stream_and_a_long_poll_held_by_another(
        two_servers: tuple[Server, Server], players) -> None:  # type: ignore[no-untyped-def]
    first, second = two_servers
    a, b = players(2)
    game_id = table(a, [b], "snake-bones")
    version = post(second, f"/games/{game_id}/start", a.token, {"first_player": 0})["version"]
    reader = StreamReader(first, game_id, a.token, after=0)
    reader.start()
    try:
        wait_until(lambda: reader.seqs == list(range(1, version + 1)), 10,
                   "the stream did not send the game so far", lambda: str(reader.seqs))
        began = time.monotonic()
        post(second, f"/games/{game_id}/actions", b.token,
             {"expected_version": version, "action": {"type": "stake", "coins": 1}})
        wait_until(lambda: version + 1 in reader.seqs, 5,
                   "the move posted to the other process never reached the stream",
                   lambda: f"{reader.seqs}\n{first.tail()}")
        # Alice's turn after it, worked out by the process that holds her stream.
        wait_until(lambda: reader.turns == [version, version + 1], 5,
                   "no turn after the move", lambda: str(reader.turns))
        assert time.monotonic() - began < 2
        wait_until(lambda: reader.keep_alives >= 1, 5, "no keep-alive while quiet")
    finally:
        reader.close()

    answer: dict = {}

    def long_poll() -> None:
        request = urllib.request.Request(
            f"{first.url}/api/v1/games/{game_id}/events?after={version + 1}&wait=20",
            headers={"Authorization": f"Token {a.token}"})
        with urllib.request.urlopen(request, timeout=30) as response:
            answer.update(json.loads(response.read()))

    waiting = threading.Thread(target=long_poll)
    waiting.start()
    time.sleep(1)
    assert not answer, "the long poll answered before the move"
    began = time.monotonic()
    post(second, f"/games/{game_id}/actions", a.token,
         {"expected_version": version + 1, "action": {"type": "stake", "coins": 2}})
    waiting.join(10)
    assert not waiting.is_alive(), "the long poll never heard the move made elsewhere"
    assert time.monotonic() - began < 2
    assert [e["seq"] for e in answer["events"]][0] == version + 2
