"""A deleted player's seat in a game being played: the worker's bot plays it at once,
through the ordinary write path (a real Celery worker and beat: tests/bots/conftest.py)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from django.test import override_settings

from events.models import Event, Game, Seat
from tests.clocks.worker import Worker, running_worker, wait_until
from tests.support.api import BASE, table

from .conftest import STALL

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def slow_grace_worker(tmp_path: Path) -> Iterator[Worker]:
    """The bots' worker, with a minute's autoplay grace: a seat on autoplay whose player
    may come back would wait that long for each bot move."""
    yield from running_worker(tmp_path, DICE_BOT_STALL=STALL, DICE_BOT_DELAY="0",
                              DICE_AUTOPLAY_GRACE="60")


def test_the_bot_plays_a_deleted_players_seat_at_once(slow_grace_worker: Worker, players) -> None:  # type: ignore[no-untyped-def]
    a, b = players(2)
    game_id = table(a, [b], "snake-bones", ones_wild=False)
    # A day's clock and a minute's grace: neither is what moves the seat.
    Game.objects.filter(id=game_id).update(turn_timeout=86400)
    with override_settings(DICE_AUTOPLAY_GRACE=60):
        a.start(game_id, first_player=1)
        version = Game.objects.get(id=game_id).version
        assert a.act(game_id, {"type": "stake", "coins": 2}, version).status_code == 201
        response = b.client.delete(f"{BASE}/me", data=json.dumps({"password":
                                                                    "correct horse battery"}),
                                    content_type="application/json")
        assert response.status_code == 204, response.content
    assert Seat.objects.get(game_id=game_id, number=1).autoplay

    def bot_moved() -> bool:
        return Event.objects.filter(game_id=game_id, actor="bot:1",
                                    command__isnull=False).count() >= 2

    # The stake, then (seat 1 opens the bidding) the opening bid: both by the bot, long
    # before the grace (60 s) or the clock (a day) would have passed.
    wait_until(bot_moved, 30, "the bot did not play the deleted player's seat",
               slow_grace_worker.tail)
    moves = list(Event.objects.filter(game_id=game_id, actor="bot:1", command__isnull=False)
                 .order_by("seq"))
    assert moves[0].command["action"]["type"] == "stake" and moves[0].command["bot"] == "basic"
    assert not Event.objects.filter(game_id=game_id, actor="clock").exists()
    assert a.game(game_id)["status"] in ("active", "finished")
