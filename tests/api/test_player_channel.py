"""The player channel (events/notices/, api/channel_views.py; docs/platform.md, "The player
channel"): each kind to the right players and only them, in commit order, resumable,
written in the transaction of its cause, carrying no private part of any game."""

from __future__ import annotations

import json
import random
import threading
import time
from typing import Any

import pytest
from django.db import connection, transaction
from rest_framework.test import APIClient

from api.notice_serializers import NOTICE_KINDS
from events.models import NoticeHead, PlayerNotice, Seat
from games import registry
from games.core.legal import expand_all
from tests.support.api import BASE, Player, by_seat, resign, table
from tests.support.harness import playing
from tests.support.live import drain, page_of

pytestmark = pytest.mark.django_db(transaction=True)


def notices(player: Player, after: int = 0, **params: Any) -> list[dict]:
    response = player.get("/me/notices", after=after, **params)
    assert response.status_code == 200, response.content
    return response.json()["notices"]


def kinds(player: Player, after: int = 0) -> list[tuple[str, str]]:
    return [(n["kind"], n["game"]) for n in notices(player, after)]


def test_each_kind_goes_to_the_right_players_and_only_them(players) -> None:  # type: ignore[no-untyped-def]
    a, b, bystander = players(3)
    game_id = table(a, [b], "dark-knights")
    assert notices(a) == notices(b) == []  # the lobby tells nobody anything
    a.start(game_id, first_player=0)
    assert kinds(a) == [("your_turn", game_id), ("game_started", game_id)]
    assert kinds(b) == [("game_started", game_id)]
    head = notices(a)[-1]
    assert head["version"] == a.game(game_id)["version"] and head["game_type"] == "dark-knights"
    resign(a, game_id)
    finished = a.game(game_id)
    for player in (a, b):
        last = notices(player)[-1]
        assert (last["kind"], last["outcome"]) == ("game_finished", finished["outcome"])
        assert last["version"] == finished["version"]
    rematch = b.post(f"/games/{game_id}/rematch").json()["id"]
    offered = notices(a)[-1]
    assert (offered["kind"], offered["game"], offered["rematch_of"], offered["by"]) == (
        "rematch_offered", rematch, game_id, b.player_id)
    assert notices(b)[-1]["kind"] == "game_finished"  # the asker is not invited
    assert notices(bystander) == []
    for player in (a, b):
        assert [n["seq"] for n in notices(player)] == list(range(1, len(notices(player)) + 1))


def test_a_turn_passed_by_a_move_calls_the_next_seat_only(players) -> None:  # type: ignore[no-untyped-def]
    a, b = players(2)
    game_id = table(a, [b], "dark-knights")
    a.start(game_id, first_player=0)
    seats = by_seat(a, [a, b], game_id)
    before = {p.username: len(notices(p)) for p in (a, b)}
    for _ in range(40):  # until seat 0 hands the turn over (a hold, or a bust)
        game = a.game(game_id)
        if game["awaiting"][0]["seat"] != 0:
            break
        listing = seats[0].legal(game_id)
        actions = playing(expand_all(listing["actions"]))
        hold = [x for x in actions if x["type"] == "hold"]
        assert seats[0].act(game_id, (hold or actions)[0], listing["version"]).status_code == 201
    assert len(notices(seats[0])) == before[seats[0].username]  # never for the mover
    called = notices(seats[1])[before[seats[1].username]:]
    assert [n["kind"] for n in called] == ["your_turn"]
    assert called[0]["awaiting"] == {"1": a.game(game_id)["awaiting"][0]["kind"]}


def test_a_seat_on_autoplay_hears_no_your_turn_but_the_end(players) -> None:  # type: ignore[no-untyped-def]
    a, b = players(2)
    game_id = table(a, [b], "dark-knights")
    a.start(game_id, first_player=1)
    # Seat 0 goes on autoplay, as its clock would put it there.
    Seat.objects.filter(game_id=game_id, number=0).update(autoplay=True)
    seats = by_seat(a, [a, b], game_id)
    before = len(notices(seats[0]))
    for _ in range(40):
        game = a.game(game_id)
        if game["awaiting"][0]["seat"] != 1:
            break
        listing = seats[1].legal(game_id)
        actions = playing(expand_all(listing["actions"]))
        hold = [x for x in actions if x["type"] == "hold"]
        assert seats[1].act(game_id, (hold or actions)[0], listing["version"]).status_code == 201
    assert [n["kind"] for n in notices(seats[0])[before:]] == []
    resign(seats[1], game_id)
    assert [n["kind"] for n in notices(seats[0])[before:]] == ["game_finished"]


def test_pages_resume_after_a_seq(players) -> None:  # type: ignore[no-untyped-def]
    a, b = players(2)
    for _ in range(3):
        a.start(table(a, [b], "dark-knights"), first_player=1)
    every = notices(b)
    assert len(every) == 6
    response = b.get("/me/notices", after=2, limit=3).json()
    assert [n["seq"] for n in response["notices"]] == [3, 4, 5]
    assert (response["last"], response["more"]) == (5, True)
    last = b.get("/me/notices", after=5, limit=3).json()
    assert ([n["seq"] for n in last["notices"]], last["last"], last["more"]) == ([6], 6, False)
    empty = b.get("/me/notices", after=6).json()
    assert (empty["notices"], empty["last"], empty["more"]) == ([], 6, False)
    for bad in ({"after": "-1"}, {"limit": "0"}, {"wait": "x"}, {"after": ""}):
        response = b.get("/me/notices", **bad)
        assert response.status_code == 400, bad
        assert response.json()["code"] == "invalid_request"
    assert PlayerNotice.objects.count() == 9  # nothing written by the bad requests


def test_a_rolled_back_move_leaves_no_notice(players) -> None:  # type: ignore[no-untyped-def]
    a, b = players(2)
    game_id = table(a, [b], "dark-knights")
    with pytest.raises(RuntimeError), transaction.atomic():
        a.start(game_id, first_player=0)
        assert PlayerNotice.objects.count() == 3  # written with the events, not after them
        raise RuntimeError("the transaction rolls back")
    assert PlayerNotice.objects.count() == 0
    assert not NoticeHead.objects.filter(seq__gt=0).exists()
    a.start(game_id, first_player=0)
    assert [n["seq"] for n in notices(a)] == [1, 2]


def test_a_deleted_account_hears_nothing(players) -> None:  # type: ignore[no-untyped-def]
    a, b = players(2)
    game_id = table(a, [b], "dark-knights")
    a.start(game_id, first_player=0)
    response = b.client.delete(f"{BASE}/me", data=json.dumps({"password": "correct horse battery"}),
                               content_type="application/json")
    assert response.status_code == 204, response.content
    assert not PlayerNotice.objects.filter(user__player__id=b.player_id).exists()
    count = PlayerNotice.objects.count()
    resign(a, game_id)
    assert PlayerNotice.objects.count() == count + 1  # a's game_finished only


def _drive(players: list[Player], game_id: str, rng: random.Random, moves: int) -> None:
    seats = by_seat(players[0], players, game_id)
    for _ in range(moves):
        game = players[0].game(game_id)
        if game["status"] == "finished":
            return
        seat = rng.choice([x["seat"] for x in game["awaiting"]])
        listing = seats[seat].legal(game_id)
        actions = playing(expand_all(listing["actions"]))
        if actions:
            seats[seat].act(game_id, rng.choice(actions), listing["version"])


@pytest.mark.slow
@pytest.mark.parametrize("game_type", sorted(registry.GAMES))
def test_the_channel_carries_no_private_part_of_any_game(players, game_type: str) -> None:  # type: ignore[no-untyped-def]
    """Every notice has exactly its kind's public fields: ids, versions, kinds, who is
    awaited, and the outcome a spectator reads; nothing of any seat's private part."""
    everyone = players(2)
    game_id = table(everyone[0], everyone[1:], game_type)
    everyone[0].start(game_id)
    _drive(everyone, game_id, random.Random(7), 25)
    if everyone[0].game(game_id)["status"] != "finished":
        resign(everyone[0], game_id)
    public = APIClient().get(f"{BASE}/games/{game_id}").json()  # a spectator's (no token)
    for player in everyone:
        served = notices(player, limit=500)
        assert {n["kind"] for n in served} >= {"game_started", "game_finished"}
        for notice in served:
            checked = NOTICE_KINDS[notice["kind"]](data=notice)
            assert checked.is_valid(), checked.errors
            assert set(notice) == set(checked.fields), notice
            assert "private" not in json.dumps(notice)
            if notice["kind"] == "game_finished":
                assert notice["outcome"] == public["outcome"]
            if notice["kind"] == "your_turn":  # seat numbers and decision kinds only
                assert all(seat in ("0", "1") and kind.replace("_", "").isalpha()
                           for seat, kind in notice["awaiting"].items()), notice


def open_channel(client: APIClient, timeout: float = 1, **params: Any) -> Any:
    return client.get(f"{BASE}/me/stream", {"timeout": timeout, **params},
                      headers={"Accept": "text/event-stream"})


def parsed(text: str) -> list[dict]:
    return [json.loads(line[len("data: "):]) for line in text.splitlines()
            if line.startswith("data: ")]


def test_the_stream_serves_the_notices_and_resumes_after_last_event_id(players) -> None:  # type: ignore[no-untyped-def]
    a, b = players(2)
    for _ in range(2):
        a.start(table(a, [b], "dark-knights"), first_player=0)
    text = drain(open_channel(a.client, timeout=1))
    assert [n["seq"] for n in parsed(text)] == [1, 2, 3, 4]
    assert "id: 4\nevent: game_started\n" in text
    resumed = a.client.get(f"{BASE}/me/stream", {"timeout": 1},
                           headers={"Accept": "text/event-stream", "Last-Event-ID": "3"})
    assert [n["seq"] for n in parsed(drain(resumed))] == [4]
    bad = a.client.get(f"{BASE}/me/stream", headers={"Last-Event-ID": "x"})
    assert bad.status_code == 400 and bad.json()["code"] == "invalid_last_event_id"


def test_a_commit_wakes_the_stream_and_the_long_poll(players) -> None:  # type: ignore[no-untyped-def]
    a, b = players(2)
    game_id = table(a, [b], "dark-knights")

    def start() -> None:
        try:
            time.sleep(0.5)
            a.start(game_id, first_player=1)
        finally:
            connection.close()
    starter = threading.Thread(target=start)
    starter.start()
    began = time.monotonic()
    page = page_of(b.get("/me/notices", wait=10))
    starter.join()
    assert time.monotonic() - began < 5, "the long poll was not woken by the commit"
    assert [n["kind"] for n in page["notices"]] in (["your_turn", "game_started"],
                                                   ["your_turn"])
    other = table(a, [b], "dark-knights")

    def start_other() -> None:
        try:
            time.sleep(0.5)
            a.start(other, first_player=1)
        finally:
            connection.close()
    starter = threading.Thread(target=start_other)
    starter.start()
    text = drain(open_channel(b.client, timeout=2, after=2))
    starter.join()
    assert [(n["seq"], n["game"]) for n in parsed(text)] == [(3, other), (4, other)]


def test_a_channel_ticket_opens_the_channel_and_no_game_stream(players) -> None:  # type: ignore[no-untyped-def]
    a, b = players(2)
    game_id = table(a, [b], "dark-knights")
    a.start(game_id, first_player=0)
    response = a.post("/me/stream-ticket")
    assert response.status_code == 201, response.content
    ticket = response.json()["ticket"]
    assert response["Location"].startswith(f"{BASE}/me/stream?ticket=")
    text = drain(open_channel(APIClient(), timeout=1, ticket=ticket))
    assert [n["seq"] for n in parsed(text)] == [1, 2]
    refused = APIClient().get(f"{BASE}/games/{game_id}/stream", {"ticket": ticket})
    assert refused.status_code == 401
    game_ticket = a.post(f"/games/{game_id}/stream-ticket").json()["ticket"]
    refused = open_channel(APIClient(), ticket=game_ticket)
    assert refused.status_code == 401
    assert open_channel(APIClient()).status_code == 401


def test_old_notices_are_pruned_and_the_seq_goes_on(players, settings) -> None:  # type: ignore[no-untyped-def]
    from events.notices import prune

    a, b = players(2)
    a.start(table(a, [b], "dark-knights"), first_player=1)
    settings.DICE_NOTICE_RETENTION_DAYS = 0
    assert prune() == 3
    a.start(table(a, [b], "dark-knights"), first_player=1)
    assert [n["seq"] for n in notices(b)] == [3, 4]  # the jump past after + 1 shows the gap


@pytest.mark.postgres
def test_concurrent_writers_number_a_players_notices_in_commit_order(players) -> None:  # type: ignore[no-untyped-def]
    """Many games started at once (each with the same guest): the guest's seqs have no gap
    and no duplicate, and a reader who has seq N never later finds a smaller one committed."""
    from tests.support.concurrency import at_once

    host_pool = players(8)
    guest = players(1)[0]
    games = [table(host, [guest], "dark-knights") for host in host_pool]
    seen: list[int] = []
    done = threading.Event()

    def reader() -> None:
        after = 0
        try:
            while not done.is_set() or after < 16:
                for notice in notices(guest, after):
                    assert notice["seq"] == after + 1, "a seq was skipped or came late"
                    after = notice["seq"]
                    seen.append(after)
        finally:
            connection.close()

    watcher = threading.Thread(target=reader)
    watcher.start()
    def start(i: int) -> None:
        try:
            host_pool[i].start(games[i], first_player=1)
        finally:
            connection.close()
    at_once(len(games), start)
    done.set()
    watcher.join(30)
    assert seen == list(range(1, 17))


@pytest.mark.postgres
def test_a_commit_in_another_process_wakes_this_ones_channel(players) -> None:  # type: ignore[no-untyped-def]
    import subprocess
    import sys

    from tests.clocks.worker import ROOT, test_database_url

    a, b = players(2)
    game_id = table(a, [b], "dark-knights")
    code = ("import os, time, django; time.sleep(1.0)\n"
            "os.environ.setdefault('DJANGO_SETTINGS_MODULE', 'config.settings')\n"
            "django.setup()\n"
            "from django.contrib.auth import get_user_model\n"
            "from django.db import transaction\n"
            "from events.models import Game\n"
            "from events.notices import notify\n"
            f"user = get_user_model().objects.get(username={b.username!r})\n"
            "with transaction.atomic():\n"
            f"    notify([user], 'match_found', Game.objects.get(pk={game_id!r}))\n")
    env = {**__import__("os").environ, "DATABASE_URL": test_database_url()}
    other = subprocess.Popen([sys.executable, "-c", code], cwd=ROOT, env=env)
    try:
        began = time.monotonic()
        page = page_of(b.get("/me/notices", wait=20))
        waited = time.monotonic() - began
    finally:
        assert other.wait(30) == 0
    assert [(n["kind"], n["game"]) for n in page["notices"]] == [("match_found", game_id)]
    assert waited < 15, "the other process's commit did not wake the long poll"


def test_a_clock_warning_reaches_the_seat_unless_it_is_on_autoplay(players) -> None:  # type: ignore[no-untyped-def]
    from datetime import timedelta

    from django.utils import timezone

    from events import tidings
    from events.models import Deadline, Game

    a, b = players(2)
    game = a.create("snake-bones", 2)
    Game.objects.filter(id=game["id"]).update(turn_timeout=60)
    b.join(game["id"])
    a.start(game["id"], first_player=0)  # both seats stake: both clocks run
    before = {p.username: len(notices(p)) for p in (a, b)}
    Seat.objects.filter(game_id=game["id"], number=0).update(autoplay=True)
    Deadline.objects.filter(game_id=game["id"]).update(
        warn_at=timezone.now() - timedelta(seconds=1))
    assert tidings.send_clock_warnings() == 2  # both webhooks' warnings are due
    (warning,) = notices(b, after=before[b.username])
    due = Deadline.objects.get(game_id=game["id"], seat=1)
    assert (warning["kind"], warning["game"], warning["seat"], warning["decision"]) == (
        "clock_warning", game["id"], 1, "stake")
    assert warning["due_at"].startswith(due.due_at.strftime("%Y-%m-%dT%H:%M:%S"))
    assert notices(a, after=before[a.username]) == []  # seat 0 is on autoplay
