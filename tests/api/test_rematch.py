"""A finished game's rematch (issue #27, item 3): POST /games/{id}/rematch opens the same
table again, once, whoever asks and however many ask at once (docs/platform.md)."""

from __future__ import annotations

import threading
import uuid
from typing import Any

import pytest
from django.db import connection

from events.models import Game, GameStatus, Seat
from tests.support.api import BASE, Api, Player, table


def finished(game_id: str) -> None:
    """Mark a game finished (the way it ends does not matter to a rematch)."""
    Game.objects.filter(id=game_id).update(status=GameStatus.FINISHED)


def rematch(player: Player, game_id: str) -> Any:
    return player.post(f"/games/{game_id}/rematch")


def delete_account(player: Player) -> Any:
    """DELETE /me with a fresh token (registered a moment ago: no password needed)."""
    return player.client.delete(f"{BASE}/me")


def test_a_resigned_game_is_played_again_at_the_same_table(players) -> None:  # type: ignore[no-untyped-def]
    a, b = players(2)
    response = a.post("/games", {"game_type": "snake-bones", "seats": 2,
                                 "options": {"ones_wild": True}, "turn_timeout": 3600,
                                 "autoplay_after": 5})
    assert response.status_code == 201, response.content
    game_id = response.json()["id"]
    b.join(game_id)
    a.start(game_id, first_player=0)
    version = b.legal(game_id)["version"]
    assert b.act(game_id, {"type": "resign"}, version).status_code == 201
    over = a.game(game_id)
    assert over["status"] == "finished" and over["rematch"] is None

    response = rematch(b, game_id)
    assert response.status_code == 201, response.content
    new = response.json()
    assert response["Location"] == f"/api/v1/games/{new['id']}"
    assert (new["game_type"], new["options"], new["table_size"], new["turn_timeout"],
            new["autoplay_after"]) == ("snake-bones", {"ones_wild": True,
                                                       "raise_rule": "quantity"}, 2, 3600, 5)
    assert new["status"] == "lobby" and new["rematch_of"] == game_id and new["rematch"] is None
    assert new["creator"] == b.username and new["invited"] == [a.player_id]
    b_seat = next(s["seat"] for s in over["seats"] if s["player"] == b.username)
    assert new["seat"] == b_seat and [s["player"] for s in new["seats"]] == [b.username]
    assert new["server_seed_hash"] != over["server_seed_hash"]
    assert a.game(game_id)["rematch"] == new["id"]

    # The invited player joins with the usual join; the host starts it.
    joined = a.join(new["id"])
    assert {s["player"] for s in joined["seats"]} == {a.username, b.username}
    assert b.start(new["id"])["status"] == "active"


def test_bots_sit_again_in_their_seats_and_the_others_are_invited(players) -> None:  # type: ignore[no-untyped-def]
    a, b, c = players(3)
    response = a.post("/games", {"game_type": "snake-bones", "seats": 5,
                                 "bots": [{"level": "strong"}]})
    assert response.status_code == 201, response.content
    game_id = response.json()["id"]
    b.join(game_id)
    c.join(game_id)
    Seat.objects.filter(game_id=game_id, number=0).update(number=4)  # the host sat last
    finished(game_id)

    new = rematch(b, game_id).json()
    assert [(s["seat"], s["player"], s["bot"]) for s in new["seats"]] == [
        (1, None, "strong"), (2, b.username, None)]
    assert new["table_size"] == 5 and new["invited"] == [c.player_id, a.player_id]
    assert a.join(new["id"])["seat"] == 0


def test_asking_again_gets_the_same_rematch(players) -> None:  # type: ignore[no-untyped-def]
    a, b = players(2)
    game_id = table(a, [b], "snake-bones")
    finished(game_id)
    first = rematch(a, game_id)
    assert first.status_code == 201
    for asker in (a, b):
        again = rematch(asker, game_id)
        assert again.status_code == 200, again.content
        assert again.json()["id"] == first.json()["id"] and "Location" not in again
    assert Game.objects.filter(rematch_of_id=game_id).count() == 1
    # b is invited: the same game as b sees it, b not seated yet.
    assert rematch(b, game_id).json()["seat"] is None


def test_only_a_player_of_a_finished_game_may_ask(players) -> None:  # type: ignore[no-untyped-def]
    a, b, c = players(3)
    game_id = table(a, [b], "snake-bones")
    before = Game.objects.count()
    lobby = rematch(a, game_id)
    assert lobby.status_code == 409 and lobby.json()["code"] == "game_not_finished"
    a.start(game_id, first_player=0)
    active = rematch(b, game_id)
    assert active.status_code == 409 and active.json()["code"] == "game_not_finished"
    finished(game_id)
    stranger = rematch(c, game_id)
    assert stranger.status_code == 403 and stranger.json()["code"] == "not_a_player"
    assert stranger["Content-Type"] == "application/problem+json"
    unknown = rematch(a, str(uuid.uuid4()))
    assert unknown.status_code == 404 and unknown.json()["code"] == "game_not_found"
    assert Game.objects.count() == before
    assert a.game(game_id)["rematch"] is None


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_two_players_asking_at_once_get_one_rematch() -> None:
    api = Api()
    a, b = api.register("first"), api.register("second")
    game_id = table(a, [b], "snake-bones")
    finished(game_id)
    barrier = threading.Barrier(2)
    answers: list[tuple[int, str]] = []
    lock = threading.Lock()

    def ask(player: Player) -> None:
        try:
            barrier.wait()
            response = rematch(player, game_id)
            with lock:
                answers.append((response.status_code, response.json()["id"]))
        finally:
            connection.close()

    threads = [threading.Thread(target=ask, args=(p,)) for p in (a, b)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()

    assert sorted(code for code, _ in answers) == [200, 201]
    assert len({game for _, game in answers}) == 1
    assert Game.objects.filter(rematch_of_id=game_id).count() == 1
    assert str(Game.objects.get(id=game_id).rematch_id) == answers[0][1]


def inbox_of(player: Player) -> dict[str, tuple[bool, int | None]]:
    """The player's inbox: {game id: (invited, my_seat)}."""
    response = player.get("/me/games")
    assert response.status_code == 200, response.content
    games = response.json()["results"]
    assert len({g["id"] for g in games}) == len(games), "a game listed twice"
    return {g["id"]: (g["invited"], g["my_seat"]) for g in games}


def test_the_invited_see_the_rematch_in_their_inbox_until_it_fills_or_starts(players) -> None:  # type: ignore[no-untyped-def]
    a, b, c, stranger = players(4)
    game_id = table(a, [b, c], "snake-bones")
    finished(game_id)
    new = rematch(a, game_id).json()["id"]
    assert inbox_of(a) == {new: (False, 0)}
    assert inbox_of(b) == inbox_of(c) == {new: (True, None)}
    assert inbox_of(stranger) == {}
    b.join(new)  # b joined: a seat of b's now, still an invitation to c
    assert inbox_of(b) == {new: (False, 1)} and inbox_of(c) == {new: (True, None)}
    # Anyone may still join a lobby: the stranger fills it, so the invitation ends.
    stranger.join(new)
    assert inbox_of(c) == {} and inbox_of(stranger) == {new: (False, 2)}
    # A started table invites nobody either.
    Seat.objects.filter(game_id=new, user__username=stranger.username).delete()
    assert inbox_of(c) == {new: (True, None)}
    a.start(new, first_player=0)
    assert inbox_of(c) == {}


def test_an_invitation_outlives_its_inviter_while_the_table_stands(players) -> None:  # type: ignore[no-untyped-def]
    a, b, c = players(3)
    game_id = table(a, [b, c], "snake-bones")
    finished(game_id)
    new = rematch(a, game_id).json()["id"]
    b.join(new)
    assert delete_account(a).status_code == 204
    # The table passed to b (who joined first); c is still invited to it.
    assert inbox_of(c) == {new: (True, None)}
    (item,) = c.get("/me/games").json()["results"]
    assert item["creator"] == b.username


def test_a_rematch_table_its_inviter_leaves_alone_is_closed(players) -> None:  # type: ignore[no-untyped-def]
    a, b = players(2)
    game_id = table(a, [b], "snake-bones")
    finished(game_id)
    new = rematch(a, game_id).json()["id"]
    assert inbox_of(b) == {new: (True, None)}
    assert delete_account(a).status_code == 204
    assert not Game.objects.filter(id=new).exists()
    assert inbox_of(b) == {}
    # The finished game no longer names it: its players may ask again.
    assert b.game(game_id)["rematch"] is None
    assert rematch(b, game_id).status_code == 201
