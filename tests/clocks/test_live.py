"""Connected clients: long poll and the server-sent-events stream."""

from __future__ import annotations

import threading
import time

import pytest
from django.db import connection

from tests.support.api import BASE, table
from tests.support.live import drain, page_of

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def post_later(player, game_id: str, action: dict, version: int, delay: float) -> threading.Thread:  # type: ignore[no-untyped-def]
    def run() -> None:
        try:
            time.sleep(delay)
            assert player.act(game_id, action, version).status_code == 201
        finally:
            connection.close()
    thread = threading.Thread(target=run)
    thread.start()
    return thread


def test_long_poll_returns_as_soon_as_an_event_lands(players) -> None:  # type: ignore[no-untyped-def]
    a, b = players(2)
    game_id = table(a, [b], "snake-bones")
    version = a.start(game_id, first_player=0)["version"]
    thread = post_later(b, game_id, {"type": "stake", "coins": 1}, version, delay=0.5)
    began = time.monotonic()
    page = page_of(a.get(f"/games/{game_id}/events", after=version, wait=20))
    waited = time.monotonic() - began
    thread.join()
    assert 0.4 < waited < 5
    assert [e["seq"] for e in page["events"]] == [version + 1]
    assert page["events"][0]["type"] == "stake_placed" and "private" not in page["events"][0]


def test_long_poll_gives_up_after_its_wait(players) -> None:  # type: ignore[no-untyped-def]
    a, b = players(2)
    game_id = table(a, [b], "snake-bones")
    version = a.start(game_id, first_player=0)["version"]
    began = time.monotonic()
    page = page_of(a.get(f"/games/{game_id}/events", after=version, wait=1))
    assert 0.9 < time.monotonic() - began < 4
    assert page == {"game_type": "snake-bones", "version": version, "events": [],
                    "next_after": None}  # the page's whole shape (EventPage)


def test_a_woken_long_poll_of_a_started_game_reads_only_the_new_rows(players, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from events import selectors

    calls: list[str] = []
    for name in ("rows_after", "event_page", "seat_of"):
        original = getattr(selectors, name)
        monkeypatch.setattr(selectors, name, lambda *args, _o=original, _n=name, **kw: (
            calls.append(_n), _o(*args, **kw))[1])
    a, b = players(2)
    game_id = table(a, [b], "snake-bones")
    version = a.start(game_id, first_player=0)["version"]
    thread = post_later(b, game_id, {"type": "stake", "coins": 3}, version, delay=0.5)
    calls.clear()
    page = page_of(a.get(f"/games/{game_id}/events", after=version, wait=20))
    thread.join()
    assert [e["seq"] for e in page["events"]] == [version + 1]
    assert page["version"] == version + 1 and page["next_after"] is None
    assert page["game_type"] == "snake-bones" and "private" not in page["events"][0]
    # The rows twice (the look after listening found none; the commit's), the seat from
    # the started game read by the check, no page re-read.
    assert calls.count("rows_after") == 2 and "event_page" not in calls


def read_stream(player, game_id: str, last_event_id: int | None, timeout: float) -> list[dict]:  # type: ignore[no-untyped-def]
    headers = {"Accept": "text/event-stream"}
    if last_event_id is not None:
        headers["Last-Event-ID"] = str(last_event_id)
    response = player.client.get(f"{BASE}/games/{game_id}/stream", {"timeout": timeout},
                                 headers=headers)
    assert response.status_code == 200 and response["Content-Type"].startswith(
        "text/event-stream")
    text = drain(response)
    events = []
    for block in text.split("\n\n"):
        fields = dict(line.split(": ", 1) for line in block.splitlines()
                      if ": " in line and not line.startswith(":"))
        if "id" in fields:
            events.append({"id": int(fields["id"]), "event": fields["event"],
                           "data": fields["data"]})
    return events


def test_stream_resumes_after_last_event_id_without_loss_or_duplicates(players) -> None:  # type: ignore[no-untyped-def]
    a, b = players(2)
    game_id = table(a, [b], "snake-bones")
    version = a.start(game_id, first_player=0)["version"]
    first = read_stream(a, game_id, None, timeout=1)
    # After a batch's events, seat 0's turn (decision 0032), under the batch's last id.
    assert [(e["id"], e["event"]) for e in first if e["event"] == "turn"] == [(version, "turn")]
    first = [e for e in first if e["event"] != "turn"]
    assert [e["id"] for e in first] == list(range(1, version + 1))
    thread = post_later(b, game_id, {"type": "stake", "coins": 2}, version, delay=0.5)
    resumed = read_stream(a, game_id, first[-1]["id"], timeout=2)
    thread.join()
    # Resumed at the head: the turn at once, then Bob's stake and the turn after it.
    assert [(e["id"], e["event"]) for e in resumed] == [
        (version, "turn"), (version + 1, "stake_placed"), (version + 1, "turn")]
    again = read_stream(a, game_id, 1, timeout=1)
    assert [e["id"] for e in again if e["event"] != "turn"] == list(range(2, version + 2))


def test_stream_rejects_a_bad_last_event_id(players) -> None:  # type: ignore[no-untyped-def]
    a, b = players(2)
    game_id = table(a, [b], "snake-bones")
    a.start(game_id, first_player=0)
    response = a.client.get(f"{BASE}/games/{game_id}/stream",
                            headers={"Last-Event-ID": "abc"})
    assert response.status_code == 400 and response.json()["code"] == "invalid_last_event_id"
