"""Bots with a real Celery worker and beat on Redis: their moves, a task delivered twice,
a broken bot left to its clock, and a table of bots and absent players played to its end."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from celery import Celery

from events.models import BotTurn, Event, Game, Seat
from tests.clocks.worker import Worker, wait_until

from .test_bot_turns import FAR, bot_table

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def batches(game_id: str) -> list[Event]:
    return list(Event.objects.filter(game_id=game_id, command__isnull=False).order_by("seq"))


def awaited(game_id: str) -> set[int]:
    return {int(seat) for seat in Game.objects.get(id=game_id).awaiting}


def where(game_id: str, worker: Worker) -> Callable[[], str]:
    """What a failed wait shows: the head, its bot turns, the last batches, the log's tail."""
    def described() -> str:
        game = Game.objects.get(id=game_id)
        turns = list(BotTurn.objects.filter(game_id=game_id).values(
            "seat", "version", "failed", "due_at", "enqueued_at"))
        last = [(e.seq, e.actor, e.command) for e in batches(game_id)[-3:]]
        return (f"status {game.status}, version {game.version}, awaiting {game.awaiting}\n"
                f"bot turns {turns}\nlast batches {last}\n{worker.tail()}")
    return described


def test_bots_move_through_the_worker_until_the_player_is_awaited(worker: Worker, players) -> None:  # type: ignore[no-untyped-def]
    (a,) = players(1)
    game_id = bot_table(a, "dark-knights", ["basic", "basic"], first_player=1, target=FAR)
    wait_until(lambda: awaited(game_id) == {0}, 60, "the bots did not play their turns",
               where(game_id, worker))
    actors = [e.actor for e in batches(game_id)]
    assert "bot:1" in actors and "bot:2" in actors, actors
    assert not BotTurn.objects.filter(game_id=game_id).exists()
    seqs = list(Event.objects.filter(game_id=game_id).values_list("seq", flat=True)
                .order_by("seq"))
    assert seqs == list(range(1, len(seqs) + 1))


def test_the_same_bot_task_delivered_twice_appends_once(worker: Worker, players) -> None:  # type: ignore[no-untyped-def]
    (a,) = players(1)
    game_id = bot_table(a, "dark-knights", ["basic"], first_player=1, target=FAR)
    version = Game.objects.get(id=game_id).version
    client = Celery(broker=worker.env["REDIS_URL"])
    for _ in range(2):  # a redelivery, as the broker may do
        client.send_task("events.play_bot", args=[game_id, 1, version])
    wait_until(lambda: awaited(game_id) == {0}, 60, "the bot did not play", worker.tail)
    first = Event.objects.get(game_id=game_id, seq=version + 1)
    assert first.actor == "bot:1" and first.command["seat"] == 1
    played = [e for e in batches(game_id) if e.seq > version]
    assert all(e.actor == "bot:1" for e in played)
    # Every version the bot was handed appended at most one batch: the rest were stale.
    wait_until(lambda: len(re.findall(r"events\.play_bot\[[^]]+\] succeeded in [0-9.]+s: "
                                      r"'stale'", worker.log.read_text())) >= 1,
               10, "no delivery was found stale", worker.tail)
    seqs = list(Event.objects.filter(game_id=game_id).values_list("seq", flat=True)
                .order_by("seq"))
    assert seqs == list(range(1, len(seqs) + 1))


def test_a_bot_that_raises_leaves_its_seat_to_the_clock(broken_worker: Worker, players) -> None:  # type: ignore[no-untyped-def]
    (a,) = players(1)
    # A clock of 3 s: the broken bot is handed its turn at once and must fail before the
    # clock plays the seat, even on a busy machine.
    game_id = bot_table(a, "dark-knights", ["basic"], turn_timeout=3, first_player=1)
    version = Game.objects.get(id=game_id).version
    wait_until(lambda: Event.objects.filter(game_id=game_id, actor="clock").exists(), 30,
               "the clock did not play the broken bot's seat", broken_worker.tail)
    first = Event.objects.get(game_id=game_id, seq=version + 1)
    assert first.actor == "clock" and first.command == {
        "seat": 1, "action": first.command["action"], "timeout_of_version": version}
    # The whole log: beat's tasks (sweeps, the projector) soon push the traceback out of
    # the tail.
    assert "this bot is broken on purpose" in broken_worker.log.read_text()
    assert not Event.objects.filter(game_id=game_id, actor__startswith="bot:").exists()
    assert not Seat.objects.get(game_id=game_id, number=1).autoplay


def test_bots_and_absent_players_play_to_the_end(worker: Worker, players) -> None:  # type: ignore[no-untyped-def]
    a, b = players(2)
    response = a.post("/games", {"game_type": "dark-knights", "seats": 3, "turn_timeout": 1,
                                 "autoplay_after": 1,
                                 "options": {"target": 300, "final_round": True},
                                 "bots": [{"level": "basic"}]})
    game_id = response.json()["id"]
    b.join(game_id)
    a.start(game_id, first_player=0)
    wait_until(lambda: Game.objects.get(id=game_id).status == "finished", 150,
               "the game of bots and absent players did not end", worker.tail)
    game = Game.objects.get(id=game_id)
    assert not game.outcome.get("abandoned") and game.outcome["winners"]
    actors = set(Event.objects.filter(game_id=game_id).values_list("actor", flat=True))
    assert {"bot:0", "bot:1", "bot:2", "clock"} <= actors, actors
    assert not {"seat:0", "seat:1", "seat:2"} & actors
    assert a.get(f"/games/{game_id}/audit").json()["verdict"]["ok"] is True
