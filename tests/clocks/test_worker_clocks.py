"""Clocks with a real Celery worker and beat on Redis (not eager mode)."""

from __future__ import annotations

import time
from collections import Counter
from pathlib import Path

import pytest

from events.models import Event, Game, Seat
from tests.support.api import Player

from .worker import RedisServer, Worker, wait_until

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def open_table(everyone: list[Player], seconds: int, autoplay_after: int = 3) -> str:
    game = everyone[0].post("/games", {"game_type": "snake-bones", "seats": len(everyone),
                                       "turn_timeout": seconds,
                                       "autoplay_after": autoplay_after}).json()
    for p in everyone[1:]:
        p.join(game["id"])
    return game["id"]


def clock_batches(game_id: str) -> list[Event]:
    return list(Event.objects.filter(game_id=game_id, actor="clock", command__isnull=False)
                .order_by("seq"))


def assert_each_deadline_fired_once(game_id: str) -> None:
    fired = Counter((e.command["seat"], e.command["timeout_of_version"])
                    for e in clock_batches(game_id))
    assert fired and max(fired.values()) == 1, fired
    seqs = list(Event.objects.filter(game_id=game_id).values_list("seq", flat=True)
                .order_by("seq"))
    assert seqs == list(range(1, len(seqs) + 1))


def test_a_short_clock_runs_out_and_the_timeout_lands_once(worker: Worker, players) -> None:  # type: ignore[no-untyped-def]
    a, b = players(2)
    game_id = open_table([a, b], seconds=1)
    version = a.start(game_id, first_player=0)["version"]
    assert b.act(game_id, {"type": "stake", "coins": 3}, version).status_code == 201
    wait_until(lambda: len(clock_batches(game_id)) >= 1, 20, "no timeout landed", worker.tail)
    first = clock_batches(game_id)[0]
    assert first.type == "stake_placed" and first.command["seat"] == 0
    assert first.command["timeout_of_version"] == version + 1
    stakes = Event.objects.filter(game_id=game_id, type="stake_placed", seq__lte=version + 3)
    assert sorted(e.data["seat"] for e in stakes) == [0, 1]
    assert_each_deadline_fired_once(game_id)


def test_a_game_left_alone_to_its_clocks_ends_as_abandoned(worker: Worker, players) -> None:  # type: ignore[no-untyped-def]
    a, b = players(2)
    game_id = open_table([a, b], seconds=1, autoplay_after=2)
    a.start(game_id, first_player=1)
    wait_until(lambda: Game.objects.get(id=game_id).status == "finished", 150,
               "the game did not finish on its clocks", worker.tail)
    game = Game.objects.get(id=game_id)
    assert game.outcome["abandoned"] is True and game.outcome["winners"] == []
    assert game.awaiting == {}
    assert Seat.objects.filter(game=game, autoplay=True).count() == 2
    assert_each_deadline_fired_once(game_id)
    humans = Event.objects.filter(game=game, actor__startswith="seat:")
    assert not humans.exists()


def test_moves_are_accepted_while_redis_is_down_and_clocks_catch_up(
        redis_server: RedisServer, tmp_path: Path, players) -> None:  # type: ignore[no-untyped-def]
    worker = Worker(redis_server.url, tmp_path)
    worker.start()
    try:
        a, b = players(2)
        game_id = open_table([a, b], seconds=1)
        redis_server.stop()
        version = a.start(game_id, first_player=0)["version"]
        version = a.act(game_id, {"type": "stake", "coins": 1}, version).json()["version"]
        response = b.act(game_id, {"type": "stake", "coins": 2}, version)
        assert response.status_code == 201
        overdue_version = response.json()["version"]
        time.sleep(3)  # the opener's clock (1 s) is long overdue; nothing can fire it
        assert clock_batches(game_id) == []
        redis_server.start()
        wait_until(lambda: len(clock_batches(game_id)) >= 1, 60,
                   "the overdue clock did not fire after Redis came back", worker.tail)
        first = clock_batches(game_id)[0]
        assert first.command["seat"] == 0 and first.command["timeout_of_version"] == overdue_version
        assert first.type == "bid_made"
        time.sleep(2)
        assert_each_deadline_fired_once(game_id)
    finally:
        worker.stop()


def test_a_move_before_the_deadline_wins_over_the_worker(worker: Worker, players) -> None:  # type: ignore[no-untyped-def]
    a, b = players(2)
    game_id = open_table([a, b], seconds=2)
    version = a.start(game_id, first_player=0)["version"]
    assert a.act(game_id, {"type": "stake", "coins": 2}, version).status_code == 201
    wait_until(lambda: bool(clock_batches(game_id)), 20, "seat 1's clock never ran out",
               worker.tail)
    (clocked,) = [e for e in clock_batches(game_id)]
    assert clocked.command["seat"] == 1  # seat 0 moved in time: its clock did nothing
    own = Event.objects.filter(game_id=game_id, type="stake_placed", data__seat=0)
    assert [e.actor for e in own] == ["seat:0"]


def test_two_workers_with_two_sweepers_apply_each_timeout_once(
        worker: Worker, tmp_path: Path, players) -> None:  # type: ignore[no-untyped-def]
    second = Worker(worker.env["REDIS_URL"], tmp_path / "second")
    (tmp_path / "second").mkdir()
    second.start()
    try:
        a, b, c = players(3)
        # Never on autoplay: a table whose every seat is on autoplay ends as abandoned
        # (docs/clocks.md) before the clocks could fire a dozen times.
        game_id = open_table([a, b, c], seconds=1, autoplay_after=100)
        a.start(game_id, first_player=2)
        wait_until(lambda: len(clock_batches(game_id)) >= 12, 90,
                   "the clocks stopped", lambda: worker.tail() + second.tail())
        assert "events.sweep" in second.tail() and "events.sweep" in worker.tail()
        assert_each_deadline_fired_once(game_id)
    finally:
        second.stop()


def test_the_worker_fixes_the_seeds_of_a_game_past_its_reveal_deadline(  # type: ignore[no-untyped-def]
        worker: Worker, players) -> None:
    """Dice scheme 3: beat's sweep finds a revealing game past `reveal_by` and a worker
    fixes its seeds, the unrevealed committed seat withheld (events/clocks/reveals.py)."""
    import secrets
    from datetime import timedelta

    from django.utils import timezone

    from games.core.fairness import seed_commitment

    a, b = players(2)
    seed = secrets.token_hex(32)
    game_id = open_table([a, b], seconds=60)
    for player, hashed in ((a, seed_commitment(seed)), (b, seed_commitment("0f" * 32))):
        assert player.client.put(f"/api/v1/games/{game_id}/seed-commitment",
                                 data={"seed_commitment": hashed},
                                 format="json").status_code == 200
    assert a.start(game_id, first_player=0)["status"] == "revealing"
    assert a.post(f"/games/{game_id}/seed", {"client_seed": seed}).status_code == 200
    Game.objects.filter(id=game_id).update(reveal_by=timezone.now() - timedelta(seconds=1))
    wait_until(lambda: Game.objects.get(id=game_id).status == "active", 20,
               "the seeds were not fixed", worker.tail)
    fixed = Event.objects.filter(game_id=game_id, type="client_seeds_fixed")
    assert fixed.count() == 1
    assert fixed.get().data == {"client_seeds": [seed, ""], "withheld": [1]}
    assert [s.seed_state for s in Seat.objects.filter(game_id=game_id).order_by("number")] == [
        "revealed", "withheld"]
