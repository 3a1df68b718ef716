"""`rating_changed` on the player channel (events/projections/ratings.py; docs/ratings.md):
a rated game's players are told once, with the values served, when the ratings
projection applies it; never by a rebuild's replay, nor for unrated or bots' games."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth import get_user_model

from api.notice_serializers import NOTICE_KINDS
from events.models import NoticeKind, PlayerNotice
from events.projections import feed
from events.projections.registry import PROJECTIONS, run_all
from events.projections.runner import apply_events, rebuild, reset, run
from tests.projections.records import caught_up
from tests.support.api import Player
from tests.support.streams import stored_game

pytestmark = pytest.mark.django_db(transaction=True)

RATED = NoticeKind.RATING_CHANGED


def _players(api: Any, n: int) -> tuple[list[Player], list[Any]]:
    players = [api.register(f"rn{i}") for i in range(n)]
    model = get_user_model()
    return players, [model.objects.get(username=p.username) for p in players]


def _rating_notices(player: Player) -> list[dict]:
    response = player.get("/me/notices", after=0, limit=500)
    assert response.status_code == 200, response.content
    return [n for n in response.json()["notices"] if n["kind"] == RATED]


def _told() -> int:
    return PlayerNotice.objects.filter(kind=RATED).count()


def test_a_rated_games_players_are_told_once_with_the_served_values(api: Any) -> None:
    players, users = _players(api, 3)
    game_id = str(stored_game(users[0], "dark-knights", [u.player.id for u in users], seed=4,
                              rated=True))
    caught_up(run_all, PROJECTIONS)
    served = {c["seat"]: c for c in players[0].game(game_id)["rating_changes"]}
    assert len(served) == 3
    for seat, player in enumerate(players):
        (notice,) = _rating_notices(player)
        serializer = NOTICE_KINDS[RATED](data=notice)
        assert serializer.is_valid(), serializer.errors
        change = served[seat]
        assert notice["game"] == game_id and notice["game_type"] == "dark-knights"
        assert notice["seat"] == seat and notice["place"] == change["place"]
        assert notice["applied"] == change["applied"]
        assert notice["before"] == change["before"] and notice["after"] == change["after"]
    assert _told() == 3
    last = feed.read({"seed_revealed"}, feed.START, 100)
    ratings = PROJECTIONS["ratings"]
    assert apply_events(ratings, last) == 0 and run(ratings) == 0   # at the checkpoint
    for row in last:                                  # and applied twice by hand
        ratings.apply(row)
    assert _told() == 3


def test_a_rebuild_tells_no_one(api: Any) -> None:
    players, users = _players(api, 2)
    ids = [u.player.id for u in users]
    for seed in range(3):
        stored_game(users[0], "snake-bones", ids, seed=seed, rated=True)
    caught_up(run_all, PROJECTIONS)
    assert _told() == 6
    before = [_rating_notices(p) for p in players]
    rebuild(PROJECTIONS["ratings"])
    caught_up(run_all, PROJECTIONS)
    assert _told() == 6
    assert [_rating_notices(p) for p in players] == before
    reset(PROJECTIONS["ratings"])          # a rebuild begun: the worker's run meanwhile
    stored_game(users[0], "snake-bones", ids, seed=9, rated=True)   # a game ends then
    caught_up(run_all, PROJECTIONS)
    assert _told() == 8                   # old games replayed silently, the new one told
    assert [_rating_notices(p)[:3] for p in players] == before


def test_unrated_and_bots_games_tell_no_one(api: Any) -> None:
    _, users = _players(api, 2)
    ids = [u.player.id for u in users]
    stored_game(users[0], "bamboozled", ids, seed=1)                       # not rated
    stored_game(users[0], "bamboozled", [ids[0], None], seed=2, rated=True)  # a bot
    stored_game(users[0], "bamboozled", ids, seed=3, rated=True, abandoned=True)
    caught_up(run_all, PROJECTIONS)
    assert _told() == 0
