"""A game every seat of which is left to the clock ends as abandoned, and says so.

Under the rulings' timeout policies some games never end on their own when nobody plays
(a timed-out Bamboozled responder accepts, a Skip-Bo player is done): before this rule a
two-seat Bamboozled table left alone wrote a clock event every few seconds forever.
"""

from __future__ import annotations

from typing import Any

import pytest

from events import clocks as services
from events.models import Deadline, Event, Game, Seat
from tests.clocks.test_clock_service import make_due

pytestmark = pytest.mark.django_db


def open_table(  # type: ignore[no-untyped-def]
        players, game_type: str, n: int = 2, autoplay_after: int = 2) -> tuple[list[Any], str]:
    everyone = players(n)
    game = everyone[0].create(game_type, n)
    Game.objects.filter(id=game["id"]).update(turn_timeout=60, autoplay_after=autoplay_after)
    for p in everyone[1:]:
        p.join(game["id"])
    everyone[0].start(game["id"], first_player=0)
    return everyone, game["id"]


def run_clocks(game_id: str, limit: int = 200) -> int:
    """Let every due clock act, as the sweeper would, until the game ends or `limit`."""
    for applied in range(limit):
        game = Game.objects.get(id=game_id)
        deadline = Deadline.objects.filter(game=game).order_by("seat").first()
        if game.status == "finished" or deadline is None:
            return applied
        make_due(game_id)
        assert services.apply_timeout(game_id=game_id, seat=deadline.seat,
                                      version=game.version) == "applied"
    raise AssertionError(f"still running after {limit} timeouts")


def test_a_bamboozled_table_left_alone_ends_as_abandoned(players) -> None:  # type: ignore[no-untyped-def]
    (a, b), game_id = open_table(players, "bamboozled")
    run_clocks(game_id)
    game = a.game(game_id)
    assert game["status"] == "finished"
    assert game["outcome"] == {"abandoned": True, "winners": [], "ranking": [], "scores": {}}
    assert game["awaiting"] == [] and game["server_seed"]
    types = [e["type"] for e in a.events(game_id)]
    assert types[-2:] == ["game_abandoned", "seed_revealed"]
    abandoned = Event.objects.get(game_id=game_id, type="game_abandoned")
    assert abandoned.actor == "system" and abandoned.data["seats"] == [0, 1]
    assert not Deadline.objects.filter(game_id=game_id).exists()
    audit = a.get(f"/games/{game_id}/audit").json()
    assert audit["verdict"]["ok"] is True, audit["verdict"]


def test_a_game_with_one_player_still_present_plays_on(players) -> None:  # type: ignore[no-untyped-def]
    (a, b), game_id = open_table(players, "bamboozled", autoplay_after=1)
    for _ in range(6):
        game = Game.objects.get(id=game_id)
        seat = Deadline.objects.filter(game=game).order_by("seat").first().seat
        if seat == 1:  # b is present: b's own moves keep b off autoplay
            break
        make_due(game_id)
        services.apply_timeout(game_id=game_id, seat=seat, version=game.version)
    assert Seat.objects.get(game_id=game_id, number=0).autoplay
    assert not Seat.objects.get(game_id=game_id, number=1).autoplay
    assert Game.objects.get(id=game_id).status == "active"
    assert not Event.objects.filter(game_id=game_id, type="game_abandoned").exists()


@pytest.mark.parametrize("game_type", ["skip-bo-dice", "bare-bones", "snake-bones"])
def test_every_game_left_alone_ends(players, game_type: str) -> None:  # type: ignore[no-untyped-def]
    (a, b), game_id = open_table(players, game_type)
    run_clocks(game_id, limit=400)
    game = a.game(game_id)
    assert game["status"] == "finished" and game["outcome"]["abandoned"] is True
    assert a.get(f"/games/{game_id}/audit").json()["verdict"]["ok"] is True
