"""The records served over HTTP: profile, finished games, leaderboard, rating history,
and a finished rated game's rating changes."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.test import override_settings

from events.projections.registry import PROJECTIONS, run_all
from tests.projections.records import GAME_TYPES, caught_up
from tests.support.api import resign
from tests.support.streams import stored_game

pytestmark = pytest.mark.django_db(transaction=True)


def _player_user(api: Any, name: str) -> Any:
    api.register(name)
    return get_user_model().objects.get(username=name)


@override_settings(DICE_LEADERBOARD_MIN_GAMES=2)
def test_profile_games_leaderboard_and_history(api: Any) -> None:
    users = [_player_user(api, f"rec_api{i}") for i in range(3)]
    ids = [u.player.id for u in users]
    for i in range(6):
        stored_game(users[0], GAME_TYPES[i % 2], ids, seed=i, rated=True)
    stored_game(users[0], "dark-knights", [ids[0], None], seed=9, rated=True)   # a bot
    stored_game(users[0], "bare-bones", ids[:2], seed=8, abandoned=True)
    caught_up(run_all, PROJECTIONS)
    client = api.anonymous
    profile = client.get("/api/v1/players/rec_api0").json()
    records = {r["game_type"]: r for r in profile["records"]}
    assert records["snake-bones"]["played"] == 3 and records["snake-bones"]["rating"]["games"] == 3
    assert records["dark-knights"]["rating"] is None            # the bot's game is not rated
    assert records["bare-bones"]["played"] == 1 and records["bare-bones"]["won"] == 0
    page = client.get("/api/v1/players/rec_api0/games", {"limit": 5}).json()
    assert len(page["results"]) == 5 and page["next"]
    rest = client.get(page["next"]).json()
    seen = [g["game_id"] for g in page["results"] + rest["results"]]
    assert len(seen) == len(set(seen)) == 8
    finished = [g["finished_at"] for g in page["results"] + rest["results"]]
    assert finished == sorted(finished, reverse=True)
    abandoned = client.get("/api/v1/players/rec_api0/games", {"result": "abandoned"}).json()
    assert [g["game_type"] for g in abandoned["results"]] == ["bare-bones"]
    board = client.get("/api/v1/game-types/snake-bones/leaderboard", {"limit": 2}).json()
    assert [e["place"] for e in board["results"]] == [1, 2] and board["min_games"] == 2
    last = client.get(board["next"]).json()["results"]
    assert [e["place"] for e in last] == [3]
    ordinals = [e["ordinal"] for e in board["results"] + last]
    assert ordinals == sorted(ordinals, reverse=True)
    history = client.get("/api/v1/players/rec_api0/ratings/snake-bones").json()["results"]
    assert len(history) == 3
    assert all(a["after"] == b["before"] for a, b in zip(history, history[1:]))
    assert client.get("/api/v1/players/nobody-here").status_code == 404
    bad = client.get("/api/v1/game-types/snake-bones/leaderboard", {"cursor": "xx"})
    assert bad.status_code == 400 and bad.json()["code"] == "invalid_cursor"
    assert client.get("/api/v1/players/rec_api0/games", {"result": "x"}).status_code == 400
    disputed = client.get("/api/v1/players/rec_api0/games", {"disputed": "true"}).json()
    assert disputed["results"] and all(
        g["disputed_calls"] > 0
        and g["challenges_url"].endswith(f"/games/{g['game_id']}/challenges")
        for g in disputed["results"])
    calm = client.get("/api/v1/players/rec_api0/games", {"disputed": "false"}).json()
    assert all(g["challenges_url"] is None for g in calm["results"])


def test_a_rated_game_shows_its_rating_changes_at_the_end(api: Any) -> None:
    host, guest = api.register("rated_host"), api.register("rated_guest")
    game = host.post("/games", {"game_type": "dark-knights", "seats": 2,
                                       "rated": True}).json()
    assert "id" in game, game
    assert game["rated"] is True and game["rating_changes"] is None
    guest.join(game["id"])
    host.start(game["id"])
    quitter = next(p for p in (guest, host)
                   if {"type": "resign"} in p.legal(game["id"])["actions"])
    resign(quitter, game["id"])
    caught_up(run_all, PROJECTIONS)
    body = host.game(game["id"])
    assert body["status"] == "finished"
    changes = body["rating_changes"]
    assert [c["seat"] for c in changes] == [0, 1]
    winner = next(c for c in changes if c["place"] == 1)
    assert winner["after"]["mu"] > winner["before"]["mu"]


@override_settings(DICE_LEADERBOARD_MIN_GAMES=1)
def test_a_deleted_account_has_no_profile_and_stays_on_the_leaderboard(api: Any) -> None:
    from accounts.models import DELETED_PLAYER_NAME

    gone, stays = api.register("rec_gone"), api.register("rec_stays")
    users = [get_user_model().objects.get(username=n) for n in ("rec_gone", "rec_stays")]
    stored_game(users[1], "snake-bones", [u.player.id for u in users], seed=3, rated=True)
    caught_up(run_all, PROJECTIONS)
    assert api.anonymous.get("/api/v1/players/rec_gone").status_code == 200
    deleted = gone.client.delete("/api/v1/me", data={"password": "correct horse battery"},
                                 format="json")
    assert deleted.status_code == 204, deleted.content
    assert api.anonymous.get("/api/v1/players/rec_gone").status_code == 404
    assert api.anonymous.get("/api/v1/players/rec_gone/games").status_code == 404
    board = api.anonymous.get("/api/v1/game-types/snake-bones/leaderboard").json()["results"]
    assert sorted(e["name"] for e in board) == sorted([DELETED_PLAYER_NAME, "rec_stays"])
    games = stays.get("/players/rec_stays/games").json()["results"]
    assert len(games) == 1
