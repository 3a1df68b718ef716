"""Clocks through the service layer: deadlines, the timeout policy, autoplay, races."""

from __future__ import annotations

import threading
from datetime import timedelta

import pytest
from django.db import connection
from django.test import override_settings
from django.utils import timezone

from events import clocks as services
from events.models import BotTurn, Deadline, Event, Game, Seat
from tests.support.api import table


def started_with_clock(players, seconds: int = 60, n: int = 2, autoplay_after: int = 3):  # type: ignore[no-untyped-def]
    everyone = players(n)
    game = everyone[0].create("snake-bones", n, )
    Game.objects.filter(id=game["id"]).update(turn_timeout=seconds, autoplay_after=autoplay_after)
    for p in everyone[1:]:
        p.join(game["id"])
    everyone[0].start(game["id"], first_player=0)
    return everyone, game["id"]


def make_due(game_id: str) -> None:
    Deadline.objects.filter(game_id=game_id).update(due_at=timezone.now() - timedelta(seconds=1))


def clock_batches(game_id: str) -> list[Event]:
    return list(Event.objects.filter(game_id=game_id, actor="clock", command__isnull=False)
                .order_by("seq"))


def test_turn_timeout_is_validated_at_creation(players) -> None:  # type: ignore[no-untyped-def]
    (a,) = players(1)
    for value in (0, 30 * 24 * 3600 + 1):
        response = a.post("/games", {"game_type": "snake-bones", "seats": 2,
                                     "turn_timeout": value})
        assert response.status_code == 400 and "turn_timeout" in response.json()["errors"]
    with override_settings(DICE_MIN_TURN_TIMEOUT=10):
        response = a.post("/games", {"game_type": "snake-bones", "seats": 2, "turn_timeout": 9})
        assert response.status_code == 400 and "turn_timeout" in response.json()["errors"]
    game = a.post("/games", {"game_type": "snake-bones", "seats": 2, "turn_timeout": 3600})
    assert game.status_code == 201 and game.json()["turn_timeout"] == 3600


def test_deadlines_are_written_with_the_events_that_start_them(players) -> None:  # type: ignore[no-untyped-def]
    (a, b), game_id = started_with_clock(players, seconds=60)
    game = a.game(game_id)
    deadlines = {d.seat: d for d in Deadline.objects.filter(game_id=game_id)}
    assert set(deadlines) == {0, 1}
    assert all(d.version == game["version"] for d in deadlines.values())
    remaining = (deadlines[0].due_at - timezone.now()).total_seconds()
    assert 55 < remaining <= 60
    assert all(x["deadline"] is not None for x in game["awaiting"])


def test_no_clock_means_no_deadlines(players) -> None:  # type: ignore[no-untyped-def]
    a, b = players(2)
    game_id = table(a, [b], "snake-bones")
    a.start(game_id, first_player=0)
    assert not Deadline.objects.filter(game_id=game_id).exists()
    assert all(x["deadline"] is None for x in a.game(game_id)["awaiting"])


def test_a_waiting_seats_clock_runs_on_when_another_seat_acts(players) -> None:  # type: ignore[no-untyped-def]
    (a, b), game_id = started_with_clock(players, seconds=60)
    before = Deadline.objects.get(game_id=game_id, seat=1)
    version = a.game(game_id)["version"]
    a.act(game_id, {"type": "stake", "coins": 1}, version)
    after = Deadline.objects.get(game_id=game_id, seat=1)
    assert after.due_at == before.due_at and after.version == version + 1
    assert not Deadline.objects.filter(game_id=game_id, seat=0).exists()


def test_the_clock_applies_the_timeout_action_once(players) -> None:  # type: ignore[no-untyped-def]
    (a, b), game_id = started_with_clock(players)
    version = a.game(game_id)["version"]
    make_due(game_id)
    assert services.apply_timeout(game_id=game_id, seat=0, version=version) == "applied"
    assert services.apply_timeout(game_id=game_id, seat=0, version=version) == "stale"
    (batch,) = clock_batches(game_id)
    assert batch.type == "stake_placed" and batch.private == {"0": {"coins": 1}}
    assert batch.command == {"seat": 0, "action": {"type": "stake", "coins": 1},
                             "timeout_of_version": version}


def test_a_move_just_before_the_deadline_wins(players) -> None:  # type: ignore[no-untyped-def]
    (a, b), game_id = started_with_clock(players)
    version = a.game(game_id)["version"]
    assert a.act(game_id, {"type": "stake", "coins": 4}, version).status_code == 201
    make_due(game_id)
    assert services.apply_timeout(game_id=game_id, seat=0, version=version) == "stale"
    assert clock_batches(game_id) == []


def test_a_timeout_before_the_deadline_does_nothing(players) -> None:  # type: ignore[no-untyped-def]
    (a, b), game_id = started_with_clock(players)
    version = a.game(game_id)["version"]
    assert services.apply_timeout(game_id=game_id, seat=0, version=version) == "not_due"
    assert Game.objects.get(id=game_id).version == version


def test_autoplay_after_timeouts_in_a_row_until_the_player_acts(players) -> None:  # type: ignore[no-untyped-def]
    (a, b), game_id = started_with_clock(players, autoplay_after=1)
    version = a.game(game_id)["version"]
    make_due(game_id)
    services.apply_timeout(game_id=game_id, seat=0, version=version)
    seat = Seat.objects.get(game_id=game_id, number=0)
    assert seat.autoplay and seat.timeouts_in_row == 1
    assert next(s for s in a.game(game_id)["seats"] if s["seat"] == 0)["autoplay"] is True
    version = b.act(game_id, {"type": "stake", "coins": 1}, version + 1).json()["version"]
    # On autoplay the basic bot plays the seat after the grace (docs/bots.md); the clock
    # stays as the fallback, should the bot fail.
    turn = BotTurn.objects.get(game_id=game_id, seat=0)
    assert turn.level == "basic" and turn.version == version
    assert (turn.due_at - timezone.now()).total_seconds() <= 5  # autoplay grace
    opener = Deadline.objects.get(game_id=game_id, seat=0)
    assert (opener.due_at - opener.started_at).total_seconds() == 60
    a.act(game_id, {"type": "bid", "quantity": 1, "face": 2}, version)
    seat.refresh_from_db()
    assert not seat.autoplay and seat.timeouts_in_row == 0
    assert not BotTurn.objects.filter(game_id=game_id).exists()


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_two_sweepers_racing_apply_the_timeout_once(players) -> None:  # type: ignore[no-untyped-def]
    (a, b), game_id = started_with_clock(players)
    version = a.game(game_id)["version"]
    make_due(game_id)
    barrier = threading.Barrier(4)
    results: list[str] = []

    def fire() -> None:
        try:
            barrier.wait()
            results.append(services.apply_timeout(game_id=game_id, seat=0, version=version))
        finally:
            connection.close()

    threads = [threading.Thread(target=fire) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(results) == ["applied", "stale", "stale", "stale"]
    assert len(clock_batches(game_id)) == 1
