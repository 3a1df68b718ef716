"""Concurrent writers on PostgreSQL: one wins, the others get 409, nothing else lands."""

from __future__ import annotations

import threading

import pytest
from django.db import connection

from events.models import Event, Game
from tests.support.api import Api, table

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def test_32_concurrent_posts_with_the_same_expected_version() -> None:
    api = Api()
    everyone = [api.register(f"racer{i}") for i in range(8)]
    game_id = table(everyone[0], everyone[1:], "snake-bones")
    everyone[0].start(game_id, first_player=0)
    version = everyone[0].game(game_id)["version"]
    barrier = threading.Barrier(32)
    statuses: list[int] = []
    lock = threading.Lock()

    def post(i: int) -> None:
        player = everyone[i % 8]
        try:
            barrier.wait()
            response = player.act(game_id, {"type": "stake", "coins": 1 + i // 8}, version)
            with lock:
                statuses.append(response.status_code)
        finally:
            connection.close()

    threads = [threading.Thread(target=post, args=(i,)) for i in range(32)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()

    assert sorted(statuses) == [201] + [409] * 31
    game = Game.objects.get(id=game_id)
    seqs = list(Event.objects.filter(game=game).order_by("seq").values_list("seq", flat=True))
    assert seqs == list(range(1, game.version + 1))
    appended = Event.objects.filter(game=game, seq__gt=version)
    assert [e.type for e in appended] == ["stake_placed"]
