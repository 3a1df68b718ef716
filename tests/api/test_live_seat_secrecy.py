"""Live paths filter every event for the seat the caller holds when it is sent.

A stream or long poll opened in the lobby must not keep the seat number its caller held
then: after a leave, a join or the renumbering at `start`, that number may be someone
else's, and so would be the private parts filtered for it.
"""

from __future__ import annotations

import json
import threading
import time
from typing import Any

import pytest
from django.db import connection

from events.live.broadcast import HUB

from tests.support.api import BASE, Player, table
from tests.support.live import drain, page_of

pytestmark = pytest.mark.django_db(transaction=True)


def open_stream(player: Player, game_id: str, timeout: float) -> Any:
    """Open the stream; its body is produced only as it is read."""
    response = player.client.get(f"{BASE}/games/{game_id}/stream", {"timeout": timeout},
                                 headers={"Accept": "text/event-stream"})
    assert response.status_code == 200
    return response


def streamed_events(response: Any) -> list[dict]:
    text = drain(response)
    events = []
    for block in text.split("\n\n"):
        for line in block.splitlines():
            if line.startswith("data: "):
                events.append(json.loads(line[len("data: "):]))
    return events


def privates(events: list[dict]) -> dict[int, Any]:
    return {e["seq"]: e["private"] for e in events if "private" in e}


def test_a_stream_opened_before_leaving_never_carries_the_next_holders_cards(players) -> None:  # type: ignore[no-untyped-def]
    host, leaver, joiner = players(3)
    game_id = table(host, [leaver], "bamboozled")
    stream = open_stream(leaver, game_id, timeout=1)
    assert leaver.post(f"/games/{game_id}/leave").status_code == 200
    joiner.join(game_id)
    host.start(game_id, first_player=0)
    seen = streamed_events(stream)
    assert any(e["type"] == "cards_dealt" for e in seen)
    assert privates(seen) == {}
    assert privates(joiner.events(game_id)), "the joiner has private cards to leak"


def test_a_long_poll_opened_before_leaving_never_carries_the_next_holders_dice(players) -> None:  # type: ignore[no-untyped-def]
    host, leaver, joiner = players(3)
    game_id = table(host, [leaver], "bamboozled")
    answer: dict[str, Any] = {}

    def long_poll() -> None:
        try:
            answer["page"] = page_of(leaver.get(f"/games/{game_id}/events", after=0, wait=10))
        finally:
            connection.close()

    waiting = threading.Thread(target=long_poll)
    listening = HUB.count()
    waiting.start()
    # Once the poll listens (checked: its reads done), the leave's writes meet no read of
    # the seats (on SQLite's shared in-memory test database, a table lock: 503).
    deadline = time.monotonic() + 10
    while HUB.count() == listening and time.monotonic() < deadline:
        time.sleep(0.01)
    time.sleep(0.2)  # and its one look, which follows its listening at once, is done
    assert leaver.post(f"/games/{game_id}/leave").status_code == 200
    joiner.join(game_id)
    host.start(game_id, first_player=0)
    waiting.join(timeout=20)
    assert not waiting.is_alive()
    events = answer["page"]["events"]
    assert any(e["type"] == "cards_dealt" for e in events)
    assert privates(events) == {}


def test_a_stream_follows_its_player_when_start_renumbers_the_seats(players) -> None:  # type: ignore[no-untyped-def]
    host, ahead, honest, last = players(4)
    game_id = table(host, [ahead, honest, last], "snake-bones")
    assert honest.game(game_id)["seat"] == 2
    stream = open_stream(honest, game_id, timeout=1)
    assert ahead.post(f"/games/{game_id}/leave").status_code == 200
    version = host.start(game_id, first_player=0)["version"]
    assert honest.game(game_id)["seat"] == 1 and last.game(game_id)["seat"] == 2
    for player in (host, honest, last):  # all stakes in: every seat's own dice are rolled
        assert player.act(game_id, {"type": "stake", "coins": 1}, version).status_code == 201
        version += 1
    seen = privates(streamed_events(stream))
    assert seen and seen == privates(honest.events(game_id))
    assert seen != privates(last.events(game_id))


def test_streams_of_every_seat_told_one_batch_each_get_their_own_cards(players) -> None:  # type: ignore[no-untyped-def]
    """Readers of one batch in one process share its telling only with readers of their
    own seat (api/live_views.py `SharedReads.told`): each player's stream carries that
    player's cards, a spectator's none."""
    host, guest, spectator = players(3)
    game_id = table(host, [guest], "bamboozled")
    streams = {name: open_stream(player, game_id, timeout=1)
               for name, player in (("host", host), ("guest", guest), ("spectator", spectator))}
    host.start(game_id, first_player=0)
    seen = {name: privates(streamed_events(stream)) for name, stream in streams.items()}
    assert seen["host"] and seen["host"] == privates(host.events(game_id))
    assert seen["guest"] and seen["guest"] == privates(guest.events(game_id))
    assert seen["host"] != seen["guest"]
    assert seen["spectator"] == {}
