"""The caller's own account (issue #29): DELETE /me, GET /me/export, POST /me/password,
PATCH /me (docs/accounts.md). On SQLite and PostgreSQL."""

from __future__ import annotations

import json
import random
from datetime import timedelta
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.test import override_settings
from django.utils import timezone
from rest_framework.test import APIClient

from accounts import deletion
from accounts.models import AccessToken
from events import bots
from events.models import BotTurn, Event, Game, IdempotencyRecord, Seat, Webhook
from games.core.legal import expand_all
from tests.support.api import BASE, Player, table
from tests.support.harness import playing

pytestmark = pytest.mark.django_db

PASSWORD = "correct horse battery"


@pytest.fixture(autouse=True)
def clean_cache():  # type: ignore[no-untyped-def]
    """The failed-login counts start at zero (wrong passwords below count as failures)."""
    from django.core.cache import cache

    cache.clear()
    yield
    cache.clear()


def delete(player: Player, body: Any = None) -> Any:
    if body is None:
        return player.client.delete(f"{BASE}/me")
    return player.client.delete(f"{BASE}/me", data=json.dumps(body),
                                content_type="application/json")


def login(username: str, password: str = PASSWORD) -> Any:
    return APIClient().post(f"{BASE}/auth/token", {"username": username, "password": password},
                            format="json")


def second_token(player: Player) -> Player:
    response = login(player.username)
    assert response.status_code == 200, response.content
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {response.json()['token']}")
    return Player(player.username, response.json()["token"], client)


def age_tokens(player: Player, minutes: int = 10) -> None:
    """Make every token of the player older than a recent login."""
    AccessToken.objects.filter(user__username=player.username).update(
        created_at=timezone.now() - timedelta(minutes=minutes))


def user_of(player: Player) -> Any:
    return get_user_model().objects.get(username=player.username)


# --- DELETE /me -------------------------------------------------------------------------


def test_deleting_revokes_every_token_frees_the_name_and_empties_the_account(api, players) -> None:  # type: ignore[no-untyped-def]
    (a,) = players(1)
    other = second_token(a)
    a.post("/webhooks", {"url": "http://127.0.0.1:9/hook", "events": ["your_turn"]})
    assert Webhook.objects.filter(user__username=a.username).count() == 1
    user = user_of(a)
    get_user_model().objects.filter(pk=user.pk).update(email="a@example.com", first_name="A",
                                                        last_name="B", last_login=timezone.now())
    age_tokens(a)

    response = delete(a, {"password": PASSWORD})
    assert response.status_code == 204, response.content

    for token in (a, other):  # every token: 401
        answer = token.get("/me")
        assert answer.status_code == 401
        assert answer.json()["code"] == "authentication_failed"
    assert login(a.username).status_code == 401
    assert not AccessToken.objects.filter(user=user).exists()
    assert not Webhook.objects.filter(user=user).exists()
    row = get_user_model().objects.get(pk=user.pk)  # the row stays, emptied
    assert row.username.startswith(deletion.TOMBSTONE_PREFIX) and len(row.username) == 40
    assert a.username.lower() not in row.username.lower()
    assert not row.is_active and not row.has_usable_password()
    assert (row.email, row.first_name, row.last_name, row.last_login) == ("", "", "", None)
    again = api.register(a.username.upper())  # the name is free, in any case
    assert again.get("/me").json()["username"] == a.username.upper()


def test_a_recent_login_may_delete_without_the_password(players) -> None:  # type: ignore[no-untyped-def]
    (a,) = players(1)
    response = delete(a)  # registered a moment ago
    assert response.status_code == 204, response.content
    assert login(a.username).status_code == 401


def test_without_a_password_an_old_token_may_not_delete(players) -> None:  # type: ignore[no-untyped-def]
    (a,) = players(1)
    age_tokens(a, minutes=6)
    response = delete(a, {})
    assert response.status_code == 403
    assert response.json()["code"] == "password_required"
    assert a.get("/me").status_code == 200  # nothing changed
    assert user_of(a).is_active
    with override_settings(DICE_RECENT_LOGIN_MINUTES=10):
        assert delete(a).status_code == 204


def test_a_wrong_password_deletes_nothing(players) -> None:  # type: ignore[no-untyped-def]
    (a,) = players(1)
    response = delete(a, {"password": "not the password"})
    assert response.status_code == 403
    body = response.json()
    assert body["code"] == "wrong_password" and body["status"] == 403
    assert response["Content-Type"].startswith("application/problem+json")
    assert a.get("/me").status_code == 200
    assert login(a.username).status_code == 200


def test_bad_input_to_delete_is_a_problem_and_changes_nothing(players) -> None:  # type: ignore[no-untyped-def]
    (a,) = players(1)
    for body in ({"password": 12345678}, ["x"]):
        response = delete(a, body)
        assert response.status_code == 400, response.content
        assert response.json()["code"] == "invalid_request"
    assert a.get("/me").status_code == 200


def test_wrong_passwords_are_counted_as_failed_logins(players) -> None:  # type: ignore[no-untyped-def]
    (a,) = players(1)
    with override_settings(DICE_THROTTLE_LOGIN_FAILURES="2/min"):
        codes = [delete(a, {"password": f"wrong {i}"}).json()["code"] for i in range(3)]
    assert codes == ["wrong_password", "wrong_password", "throttled"]
    assert a.get("/me").status_code == 200


def test_deleting_frees_lobby_seats_and_hands_over_or_closes_own_tables(players) -> None:  # type: ignore[no-untyped-def]
    a, b, c = players(3)
    joined = table(b, [a], "snake-bones")  # a sits at b's table
    hosted = table(a, [c], "bamboozled")  # a hosts, c joined
    alone = a.create("dark-knights", 2)["id"]  # a hosts alone

    assert delete(a, {"password": PASSWORD}).status_code == 204

    seats = b.game(joined)["seats"]
    assert [s["seat"] for s in seats] == [0]  # a's seat is free again
    assert c.post(f"/games/{joined}/join", {}).status_code == 200
    handed = c.game(hosted)
    assert handed["creator"] == c.username
    assert [s["player"] for s in handed["seats"]] == [c.username]
    assert c.get(f"/games/{alone}").status_code == 404
    assert not Game.objects.filter(id=alone).exists()


def test_an_active_seat_is_played_by_the_bot_at_once(players) -> None:  # type: ignore[no-untyped-def]
    a, b = players(2)
    game_id = table(a, [b], "snake-bones")
    a.start(game_id, first_player=1)
    game = Game.objects.get(id=game_id)
    assert set(game.awaiting) == {"0", "1"}  # both stake
    version = game.version
    staked = b.post(f"/games/{game_id}/actions", {"expected_version": version,
                                                   "action": {"type": "stake", "coins": 1}},
                    **{"Idempotency-Key": "k1"})
    assert staked.status_code == 201, staked.content
    assert a.act(game_id, {"type": "stake", "coins": 1}, version + 1).status_code == 201
    assert IdempotencyRecord.objects.filter(user__username=b.username).exists()
    assert set(Game.objects.get(id=game_id).awaiting) == {"1"}  # b opens the bidding

    assert delete(b, {"password": PASSWORD}).status_code == 204

    seat = Seat.objects.get(game_id=game_id, number=1)
    assert seat.autoplay and seat.user_id is not None  # the seat keeps its (tombstoned) user
    assert not IdempotencyRecord.objects.filter(user_id=seat.user_id).exists()
    game = Game.objects.get(id=game_id)
    turn = BotTurn.objects.get(game_id=game_id, seat=1)
    assert turn.level == "basic" and turn.version == game.version
    assert turn.due_at <= timezone.now()  # no grace, no clock: at once
    assert bots.play(game_id=game_id, seat=1, version=game.version) == "applied"
    move = Event.objects.filter(game_id=game_id, seq__gt=game.version).order_by("seq").first()
    assert move is not None and move.actor == "bot:1"
    assert move.command["bot"] == "basic" and move.command["seat"] == 1
    assert a.game(game_id)["status"] == "active"


def test_later_turns_of_a_deleted_seat_have_no_grace(players) -> None:  # type: ignore[no-untyped-def]
    a, b = players(2)
    game_id = table(a, [b], "snake-bones")
    a.start(game_id, first_player=0)
    assert delete(b).status_code == 204
    with override_settings(DICE_AUTOPLAY_GRACE=60, DICE_BOT_DELAY=0):
        # a stakes; later b's seat is asked again: its turn is due at once, not in 60 s
        for _ in range(40):
            game = Game.objects.get(id=game_id)
            if game.status != "active":
                break
            if "1" in game.awaiting:
                turn = BotTurn.objects.get(game_id=game_id, seat=1)
                assert turn.due_at <= timezone.now() + timedelta(seconds=1)
                assert bots.play(game_id=game_id, seat=1, version=game.version) == "applied"
            else:
                listing = a.legal(game_id)
                action = random.Random(len(listing["actions"])).choice(
                    expand_all(playing(listing["actions"])))   # a plays on: never resigns
                assert a.act(game_id, action, listing["version"]).status_code == 201
    assert Event.objects.filter(game_id=game_id, actor="bot:1").count() >= 2


def test_deletion_is_idempotent_and_atomic(players) -> None:  # type: ignore[no-untyped-def]
    a, b = players(2)
    game_id = table(a, [b], "snake-bones")
    a.start(game_id, first_player=0)
    user = user_of(b)
    deletion.delete_account(user, None, PASSWORD, "127.0.0.1")
    name = get_user_model().objects.get(pk=user.pk).username
    for listener in deletion.listeners():  # a second run of every part changes nothing
        listener(user)
    deletion.tombstone(user)
    row = get_user_model().objects.get(pk=user.pk)
    assert row.username == name and not row.is_active
    assert Seat.objects.filter(game_id=game_id, user=user, autoplay=True).count() == 1

    (c,) = players(1)

    def broken(user: Any) -> None:
        raise RuntimeError("a part that cannot let go")

    deletion.on_deletion(broken)
    try:
        with pytest.raises(RuntimeError):
            deletion.delete_account(user_of(c), None, PASSWORD, "127.0.0.1")
    finally:
        deletion._listeners.remove(broken)
    assert c.get("/me").status_code == 200  # nothing of it happened
    assert user_of(c).is_active


# --- GET /me/export ---------------------------------------------------------------------


def test_the_export_holds_my_private_dice_and_not_the_other_seats(players) -> None:  # type: ignore[no-untyped-def]
    a, b = players(2)
    game_id = table(a, [b], "snake-bones")
    a.start(game_id, first_player=0)
    version = a.game(game_id)["version"]
    assert a.act(game_id, {"type": "stake", "coins": 1}, version).status_code == 201
    assert b.act(game_id, {"type": "stake", "coins": 1}, version + 1).status_code == 201
    a.post("/webhooks", {"url": "http://127.0.0.1:9/hook", "events": ["your_turn"],
                         "secret": "a secret of mine, 16+"})

    response = a.get("/me/export")
    assert response.status_code == 200, response.content
    export = response.json()
    assert export["account"]["username"] == a.username
    assert [t["current"] for t in export["tokens"]] == [True]
    assert "token" not in export["tokens"][0] and "key_hash" not in json.dumps(export)
    assert export["webhooks"][0]["url"] == "http://127.0.0.1:9/hook"
    assert "secret" not in export["webhooks"][0]
    assert "a secret of mine" not in json.dumps(export)
    assert export["ratings"]["kept"] is False and export["statistics"]["kept"] is False
    (game,) = export["games"]
    assert game["id"] == game_id and game["seat"] == 0 and game["creator"] is True
    served = a.events(game_id)
    assert game["events"] == served  # exactly what GET /events gives seat 0
    privates = [e["private"] for e in game["events"] if "private" in e]
    assert any("dice" in json.dumps(p) for p in privates)
    stored = Event.objects.filter(game_id=game_id)
    theirs = [row.private["1"] for row in stored if "dice" in (row.private or {}).get("1", {})]
    mine = [row.private["0"] for row in stored if "dice" in (row.private or {}).get("0", {})]
    assert theirs and mine and theirs != mine
    assert all(json.dumps(p) in json.dumps(export) for p in mine)
    assert all(json.dumps(p) not in json.dumps(export) for p in theirs)
    assert export["games_next_after"] is None
    short = a.get("/me/export", events=2).json()["games"][0]
    assert short["events"] == served[:2] and short["events_next_after"] == 2
    assert a.get("/me/export", events=0).json()["games"][0]["events"] == []


def test_the_export_is_paged(players) -> None:  # type: ignore[no-untyped-def]
    (a,) = players(1)
    ids = [a.create("snake-bones", 2)["id"] for _ in range(3)]
    first = a.get("/me/export", limit=2).json()
    assert [g["id"] for g in first["games"]] == ids[:2]
    rest = a.get("/me/export", limit=2, after=first["games_next_after"]).json()
    assert [g["id"] for g in rest["games"]] == ids[2:] and rest["games_next_after"] is None
    for bad in ({"limit": 0}, {"limit": 51}, {"after": "x"}, {"after": -1}, {"events": 1001},
                {"events": "1e3"}):
        response = a.get("/me/export", **bad)
        assert response.status_code == 400 and response.json()["code"] == "invalid_request"


# --- POST /me/password ------------------------------------------------------------------


def change(player: Player, current: str, new: str) -> Any:
    return player.post("/me/password", {"current_password": current, "new_password": new})


def test_a_password_change_revokes_every_other_token_only(players) -> None:  # type: ignore[no-untyped-def]
    a, b = players(2)
    phone = second_token(a)
    tablet = second_token(a)
    response = change(phone, PASSWORD, "a new and longer secret")
    assert response.status_code == 200, response.content
    assert response.json() == {"revoked_tokens": 2}
    assert phone.get("/me").status_code == 200  # the caller's token stays
    assert a.get("/me").status_code == 401 and tablet.get("/me").status_code == 401
    assert b.get("/me").status_code == 200  # another user's untouched
    assert login(a.username).status_code == 401
    assert login(a.username, "a new and longer secret").status_code == 200


def test_a_password_change_refuses_a_wrong_current_or_a_weak_new_one(players) -> None:  # type: ignore[no-untyped-def]
    (a,) = players(1)
    other = second_token(a)
    wrong = change(a, "not the password", "a new and longer secret")
    assert wrong.status_code == 403 and wrong.json()["code"] == "wrong_password"
    weak = change(a, PASSWORD, "12345678")
    assert weak.status_code == 400 and weak.json()["code"] == "invalid_password"
    assert weak.json()["errors"]["password"]
    same = change(a, PASSWORD, PASSWORD)
    assert same.status_code == 400 and same.json()["code"] == "same_password"
    short = change(a, PASSWORD, "short")
    assert short.status_code == 400 and short.json()["code"] == "invalid_request"
    assert other.get("/me").status_code == 200  # nothing changed
    assert login(a.username).status_code == 200


# --- PATCH /me --------------------------------------------------------------------------


def rename(player: Player, username: Any) -> Any:
    return player.client.patch(f"{BASE}/me", data=json.dumps({"username": username}),
                               content_type="application/json")


def test_a_username_change_is_unique_regardless_of_case(players) -> None:  # type: ignore[no-untyped-def]
    a, b = players(2)
    taken = rename(a, b.username.upper())
    assert taken.status_code == 409 and taken.json()["code"] == "username_taken"
    for bad in ("x", "no spaces", "deleted:" + "0" * 32, 42, "a" * 41):
        response = rename(a, bad)
        assert response.status_code == 400, (bad, response.content)
        assert response.json()["code"] == "invalid_request"
    assert a.get("/me").json()["username"] == a.username  # nothing changed

    response = rename(a, "New.Name_1")
    assert response.status_code == 200, response.content
    assert response.json()["username"] == "New.Name_1"
    assert a.get("/me").status_code == 200  # the token stays
    assert login("new.name_1").status_code == 200
    assert login(a.username).status_code == 401
    assert rename(a, "new.name_1").status_code == 200  # its own name in another case
    assert rename(b, "NEW.NAME_1").json()["code"] == "username_taken"
