"""Live updates pushed on commit (events/live/broadcast.py, api/live_bodies.py): an idle
stream reads nothing (with Redis, or in one process; without Redis it looks again every
DICE_EMBEDDED_POLL seconds), a commit wakes it once, a finished game's stream ends, streams
per user are limited, and a stream ticket opens a stream without a header."""

from __future__ import annotations

import json
import random
import threading
import time
from typing import Any

import pytest
from django.conf import settings as configured
from django.db import connection
from rest_framework.test import APIClient

from tests.support.api import BASE, Player, play_by_legal_actions, table
from tests.support.live import drain

pytestmark = pytest.mark.django_db(transaction=True)


def open_stream(player: Player | APIClient, game_id: str, timeout: float = 1,
                **params: Any) -> Any:
    client = player.client if isinstance(player, Player) else player
    return client.get(f"{BASE}/games/{game_id}/stream", {"timeout": timeout, **params},
                      headers={"Accept": "text/event-stream"})


def frames(text: str) -> list[tuple[str, dict]]:
    """(`event:`, decoded `data:`) of each server-sent event."""
    out = []
    for block in text.split("\n\n"):
        lines = dict(line.split(": ", 1) for line in block.splitlines()
                     if line.startswith(("event: ", "data: ")))
        if "data" in lines:
            out.append((lines["event"], json.loads(lines["data"])))
    return out


def parsed(text: str) -> list[dict]:
    """The game's events (not the `turn` frames: docs/decisions/0032)."""
    return [data for name, data in frames(text) if name != "turn"]


def turns(text: str) -> list[tuple[int, int]]:
    """(version, seat) of each `turn` frame."""
    return [(data["version"], data["seat"]) for name, data in frames(text) if name == "turn"]


def started(players: Any, n: int = 2) -> tuple[list[Player], str, int]:
    everyone = players(n)
    game_id = table(everyone[0], everyone[1:], "snake-bones")
    version = everyone[0].start(game_id, first_player=0)["version"]
    return everyone, game_id, version


def test_an_idle_stream_reads_once_and_keeps_the_connection_alive(players, settings, reads) -> None:  # type: ignore[no-untyped-def]
    settings.DICE_STREAM_HEARTBEAT = 0.3
    settings.DICE_EMBEDDED_POLL = 0  # one process: every commit is heard (with Redis too)
    (a, _), game_id, version = started(players)
    text = drain(open_stream(a, game_id, timeout=1.6))
    assert [e["seq"] for e in parsed(text)] == list(range(1, version + 1))
    assert turns(text) == [(version, 0)]  # after the events: seat 0's stake is awaited
    assert text.count(": keep-alive") >= 3
    assert reads.of(game_id) == [0], "a quiet stream read the database more than once"


@pytest.mark.skipif(not configured.REDIS_URL, reason="the Redis transport")
def test_with_redis_an_idle_stream_never_looks_again(players, settings, reads) -> None:  # type: ignore[no-untyped-def]
    settings.DICE_EMBEDDED_POLL = 0.3  # the embedded fallback's: not Redis's
    (a, _), game_id, version = started(players)
    assert len(parsed(drain(open_stream(a, game_id, timeout=1.6)))) == version
    assert reads.of(game_id) == [0]


@pytest.mark.skipif(bool(configured.REDIS_URL), reason="the embedded default (no Redis)")
def test_without_redis_a_waiting_stream_looks_again_every_embedded_poll(
        players, settings, reads) -> None:  # type: ignore[no-untyped-def]
    """Another process's commit (the worker's) is announced in that process only: this
    one's streams hear of it by looking (tests/service/test_live_processes.py)."""
    settings.DICE_EMBEDDED_POLL = 0.4
    settings.DICE_STREAM_HEARTBEAT = 0.3
    (a, _), game_id, version = started(players)
    text = drain(open_stream(a, game_id, timeout=1.8))
    assert len(parsed(text)) == version and ": keep-alive" in text
    looks = reads.of(game_id)
    assert looks[0] == 0 and set(looks[1:]) == {version}
    assert 3 <= len(looks[1:]) <= 5, looks


def test_a_commit_wakes_the_stream_which_reads_once(players, settings, reads) -> None:  # type: ignore[no-untyped-def]
    settings.DICE_EMBEDDED_POLL = 0  # one process: every commit is heard (with Redis too)
    (a, b), game_id, version = started(players)

    def move() -> None:
        try:
            time.sleep(0.6)
            assert b.act(game_id, {"type": "stake", "coins": 1}, version).status_code == 201
        finally:
            connection.close()
    mover = threading.Thread(target=move)
    mover.start()
    began = time.monotonic()
    text = drain(open_stream(a, game_id, timeout=2, after=version))
    events = parsed(text)
    mover.join()
    assert [e["seq"] for e in events] == [version + 1]
    # Opened at the head: seat 0's turn at once; again after Bob's stake (still awaited).
    assert turns(text) == [(version, 0), (version + 1, 0)]
    assert events[0]["batch_end"] is True
    assert reads.of(game_id) == [version, version]  # on opening, and once when the commit rang
    assert time.monotonic() - began >= 1.9  # then quiet until its timeout


def test_a_finished_games_stream_closes_after_its_last_event(players) -> None:  # type: ignore[no-untyped-def]
    (a, b), game_id, _ = started(players)
    rng = random.Random(3)
    final = play_by_legal_actions([a, b], game_id, lambda actions: rng.choice(actions))
    began = time.monotonic()
    events = parsed(drain(open_stream(a, game_id, timeout=300)))
    assert time.monotonic() - began < 20, "the stream of a finished game stayed open"
    assert [e["seq"] for e in events] == list(range(1, final["version"] + 1))
    assert events[-1]["type"] == "seed_revealed"
    began = time.monotonic()
    resumed = a.client.get(f"{BASE}/games/{game_id}/stream",
                           headers={"Last-Event-ID": str(final["version"])})
    assert parsed(drain(resumed)) == [] and time.monotonic() - began < 5


def test_a_user_may_hold_only_so_many_streams_and_long_polls(players, settings) -> None:  # type: ignore[no-untyped-def]
    settings.DICE_STREAMS_PER_USER = 2
    (a, b), game_id, version = started(players)
    first, second = open_stream(a, game_id), open_stream(a, game_id)
    assert first.status_code == second.status_code == 200
    for refused in (open_stream(a, game_id),
                    a.get(f"/games/{game_id}/events", after=version, wait=1)):
        assert refused.status_code == 429
        assert refused["Content-Type"] == "application/problem+json"
        assert refused.json()["code"] == "too_many_streams"
    # A page that answers at once is no long poll: it takes no slot.
    assert a.get(f"/games/{game_id}/events", after=0, wait=1).status_code == 200
    # Another user has slots of their own.
    assert open_stream(b, game_id).status_code == 200
    drain(first)  # ended: its slot is free again
    third = open_stream(a, game_id)
    assert third.status_code == 200
    drain(second), drain(third)


def test_a_stream_ticket_opens_one_games_stream_without_a_header(players, settings) -> None:  # type: ignore[no-untyped-def]
    (a, b), game_id, version = started(players)
    other = table(a, [b], "snake-bones")
    response = a.post(f"/games/{game_id}/stream-ticket")
    assert response.status_code == 201, response.content
    ticket = response.json()
    assert set(ticket) == {"ticket", "expires_at"}
    browser = APIClient()  # no Authorization header, as EventSource
    opened = open_stream(browser, game_id, ticket=ticket["ticket"])
    assert opened.status_code == 200
    events = parsed(drain(opened))
    assert [e["seq"] for e in events] == list(range(1, version + 1))
    assert events == parsed(drain(open_stream(a, game_id)))  # a's seat, a's private parts

    def refused(response: Any, detail: str) -> None:
        assert response.status_code == 401, response.content
        assert response.json()["code"] == "authentication_failed"
        assert detail in response.json()["detail"]

    refused(open_stream(browser, other, ticket=ticket["ticket"]), "another game")
    refused(open_stream(browser, game_id, ticket=ticket["ticket"][:-2] + "xx"), "invalid")
    # Only the stream takes tickets.
    listed = browser.get(f"{BASE}/games/{game_id}/events", {"ticket": ticket["ticket"]})
    assert listed.status_code == 401
    assert browser.post(f"{BASE}/games/{game_id}/stream-ticket").status_code == 401
    # Logging out revokes the login's tickets.
    assert a.post("/auth/logout").status_code == 204
    refused(open_stream(browser, game_id, ticket=ticket["ticket"]), "revoked")


def test_a_stream_ticket_expires(players, settings) -> None:  # type: ignore[no-untyped-def]
    (a, _), game_id, _ = started(players)
    ticket = a.post(f"/games/{game_id}/stream-ticket").json()["ticket"]
    settings.DICE_STREAM_TICKET_TTL = 0
    time.sleep(1.1)
    response = open_stream(APIClient(), game_id, ticket=ticket)
    assert response.status_code == 401 and "expired" in response.json()["detail"]
