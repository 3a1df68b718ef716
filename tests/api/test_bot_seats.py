"""Bot seats in the lobby (issue #17): at creation, seated and removed by the creator, and
shown as bots in game views, game types, table_seated and the audit's seats."""

from __future__ import annotations

import pytest

from events.models import Event, Game, Seat
from tests.support.api import BASE

pytestmark = pytest.mark.django_db


def test_game_types_list_their_bot_levels(api) -> None:  # type: ignore[no-untyped-def]
    """Every game offers basic and strong (issue #34), weakest first."""
    types = {t["slug"]: t for t in api.anonymous.get(f"{BASE}/game-types").json()}
    assert set(types) == {"snake-bones", "bamboozled", "dark-knights", "skip-bo-dice",
                          "bare-bones"}
    for slug, game_type in types.items():
        assert game_type["bot_levels"] == ["basic", "strong"], slug
        detail = api.anonymous.get(f"{BASE}/game-types/{slug}").json()
        assert detail["bot_levels"] == ["basic", "strong"], slug


def test_a_game_created_with_bots_seats_them_after_the_creator(players) -> None:  # type: ignore[no-untyped-def]
    a, b = players(2)
    response = a.post("/games", {"game_type": "snake-bones", "seats": 4,
                                 "bots": [{"level": "strong"}, {}]})
    assert response.status_code == 201, response.content
    game = response.json()
    assert [(s["seat"], s["player"], s["bot"]) for s in game["seats"]] == [
        (0, a.username, None), (1, None, "strong"), (2, None, "basic")]
    # A player joins the seat left; one seat per player still holds.
    joined = b.join(game["id"])
    assert [s["seat"] for s in joined["seats"] if s["player"] == b.username] == [3]
    again = b.post(f"/games/{game['id']}/join", {})
    assert again.status_code == 409 and again.json()["code"] == "already_seated"


def test_unknown_levels_and_too_many_bots_are_refused_and_create_nothing(players) -> None:  # type: ignore[no-untyped-def]
    (a,) = players(1)
    before = Game.objects.count()
    cases = [
        ({"game_type": "bamboozled", "seats": 3, "bots": [{"level": "grandmaster"}]},
         "unknown_bot_level"),
        ({"game_type": "snake-bones", "seats": 3, "bots": [{"level": "godlike"}]},
         "unknown_bot_level"),
        # `level` is a string in the contract: a number is the body's shape, not a level.
        ({"game_type": "snake-bones", "seats": 3, "bots": [{"level": 7}]},
         "invalid_request"),
        ({"game_type": "snake-bones", "seats": 2, "bots": [{}, {}]}, "too_many_bots"),
        ({"game_type": "snake-bones", "seats": 2, "bots": "basic"}, "invalid_request"),
        ({"game_type": "snake-bones", "seats": 2, "bots": [{"level": None}]}, "invalid_request"),
    ]
    for body, code in cases:
        response = a.post("/games", body)
        assert response.status_code == 400, (body, response.content)
        assert response["Content-Type"].startswith("application/problem+json")
        assert response.json()["code"] == code, (body, response.json())
    assert Game.objects.count() == before and not Seat.objects.filter(user=None).exists()


def test_the_creator_seats_and_removes_a_bot_in_the_lobby(players) -> None:  # type: ignore[no-untyped-def]
    a, b = players(2)
    game_id = a.create("snake-bones", 3)["id"]
    added = a.post(f"/games/{game_id}/bots", {"level": "strong"})
    assert added.status_code == 201, added.content
    assert added["Location"].endswith(f"/games/{game_id}/bots/1")
    assert [(s["seat"], s["bot"]) for s in added.json()["seats"]] == [(0, None), (1, "strong")]
    basic = a.post(f"/games/{game_id}/bots", {})
    assert basic.status_code == 201 and basic.json()["seats"][2]["bot"] == "basic"
    full = a.post(f"/games/{game_id}/bots", {"level": "basic"})
    assert full.status_code == 409 and full.json()["code"] == "game_full"
    # Only the creator; a player's seat is not a bot's.
    assert b.post(f"/games/{game_id}/bots", {}).json()["code"] == "not_creator"
    assert b.client.delete(f"{BASE}/games/{game_id}/bots/1").status_code == 403
    not_bot = a.client.delete(f"{BASE}/games/{game_id}/bots/0")
    assert not_bot.status_code == 409 and not_bot.json()["code"] == "not_a_bot_seat"
    removed = a.client.delete(f"{BASE}/games/{game_id}/bots/1")
    assert removed.status_code == 200
    assert [s["seat"] for s in removed.json()["seats"]] == [0, 2]
    # b takes the freed seat.
    assert [s["seat"] for s in b.join(game_id)["seats"] if s["player"] == b.username] == [1]
    unknown = a.post(f"/games/{game_id}/bots", {"level": "wizard"})
    assert unknown.status_code == 400 and unknown.json()["code"] == "unknown_bot_level"


def test_bots_cannot_be_seated_or_removed_once_started(players) -> None:  # type: ignore[no-untyped-def]
    (a,) = players(1)
    game = a.post("/games", {"game_type": "snake-bones", "seats": 2,
                             "bots": [{"level": "basic"}]}).json()
    a.start(game["id"], first_player=0)
    late = a.post(f"/games/{game['id']}/bots", {})
    assert late.status_code == 409 and late.json()["code"] == "game_not_in_lobby"
    gone = a.client.delete(f"{BASE}/games/{game['id']}/bots/1")
    assert gone.status_code == 409 and gone.json()["code"] == "game_not_in_lobby"
    missing = a.post("/games/00000000-0000-0000-0000-000000000000/bots", {})
    assert missing.status_code == 404


def test_table_seated_records_a_bot_seat_by_its_level(players) -> None:  # type: ignore[no-untyped-def]
    (a,) = players(1)
    game = a.post("/games", {"game_type": "dark-knights", "seats": 2, "bots": [{}]}).json()
    a.start(game["id"], first_player=0)
    seated = Event.objects.get(game_id=game["id"], type="table_seated").data["seats"]
    bot = Seat.objects.get(game_id=game["id"], number=1)
    # dice scheme 3: the bot's seat commits to the seed the server drew when seating it
    assert seated == [{"seat": 0, "player": a.player_id, "seed_commitment": None},
                      {"seat": 1, "player": None, "bot": "basic",
                       "seed_commitment": bot.seed_commitment}]
    fixed = Event.objects.get(game_id=game["id"], type="client_seeds_fixed").data
    assert fixed == {"client_seeds": ["", bot.client_seed], "withheld": []}


def test_a_seat_is_a_player_or_a_bot_never_both_nor_neither(players) -> None:  # type: ignore[no-untyped-def]
    from django.db import IntegrityError, transaction

    a, b = players(2)
    game = Game.objects.get(id=a.create("snake-bones", 4)["id"])
    user = Seat.objects.get(game=game, number=0).user.__class__.objects.get(username=b.username)
    for fields in ({"user": None, "bot_level": ""}, {"user": user, "bot_level": "basic"}):
        with pytest.raises(IntegrityError), transaction.atomic():
            Seat.objects.create(game=game, number=3, **fields)
