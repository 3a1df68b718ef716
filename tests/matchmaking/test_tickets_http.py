"""Quick play over HTTP (docs/platform.md, Quick play): tickets posted, matched into a
started game, cancelled, expired; bad input refused with a code and nothing created."""

from __future__ import annotations

import uuid
from datetime import timedelta
from typing import Any

import pytest
from django.db import connection
from django.test import override_settings
from django.utils import timezone

from events import matchmaking
from events.models import Game, MatchQueue, Seat, Ticket
from events.tasks import sweep_matchmaking
from games import registry
from games.core.options import resolve_options
from tests.support.api import Api, Player
from tests.support.concurrency import at_once

pytestmark = pytest.mark.django_db(transaction=True)

TICKETS = "/matchmaking/tickets"


def ticket(player: Player, game_type: str = "snake-bones", low: int = 4, high: int = 4,
           **body: Any) -> Any:
    return player.post(TICKETS, {"game_type": game_type, "seats": {"min": low, "max": high},
                                 **body})


def players(n: int) -> list[Player]:
    api = Api()
    return [api.register(f"quick{next(_numbers)}") for _ in range(n)]


_numbers = iter(range(10**6))


def test_four_tickets_make_a_started_table_of_four() -> None:
    four = players(4)
    answers = [ticket(p) for p in four]
    assert [a.status_code for a in answers] == [201] * 4
    first = answers[0].json()
    assert first["status"] == "waiting" and first["game"] is None
    assert answers[0]["Location"].endswith(f"{TICKETS}/{first['id']}")
    last = answers[3].json()
    assert last["status"] == "matched" and last["game"]
    for player, answer in zip(four, answers):
        mine = player.get(f"{TICKETS}/{answer.json()['id']}").json()
        assert mine["status"] == "matched" and mine["game"] == last["game"]
        assert mine["matched_at"] is not None
    game = four[0].game(last["game"])
    assert game["status"] == "active" and game["table_size"] == 4 and game["rated"] is True
    assert sorted(s["player"] for s in game["seats"]) == sorted(p.username for p in four)
    assert game["seats"][0]["player"] == four[0].username    # the oldest ticket hosts


def test_every_matched_player_hears_match_found_on_their_channel() -> None:
    four, outsider = players(4), players(1)[0]
    for player in four[:3]:
        ticket(player)
        assert [n["kind"] for n in player.get("/me/notices").json()["notices"]] == []
    game = ticket(four[3]).json()["game"]
    for player in four:
        found = [n for n in player.get("/me/notices").json()["notices"]
                 if n["kind"] == "match_found"]
        assert [(n["game"], n["game_type"]) for n in found] == [(game, "snake-bones")]
        assert found[0]["version"] >= 1
    assert outsider.get("/me/notices").json()["notices"] == []


def test_the_ticket_is_canonical_and_listed_newest_first() -> None:
    (alice,) = players(1)
    posted = ticket(alice, "dark-knights", 2, 3).json()
    assert posted["options"] == resolve_options(registry.get("dark-knights").options, {})
    assert posted["seats"] == {"min": 2, "max": 3} and posted["fill_with_bots_after"] is None
    created = timezone.datetime.fromisoformat(posted["created_at"].replace("Z", "+00:00"))
    expires = timezone.datetime.fromisoformat(posted["expires_at"].replace("Z", "+00:00"))
    assert expires - created == timedelta(seconds=900)
    second = ticket(alice, "snake-bones", 2, 8).json()
    listed = alice.get(TICKETS).json()["results"]
    assert [t["id"] for t in listed] == [second["id"], posted["id"]]


def test_same_options_share_a_table_other_options_do_not() -> None:
    a, b, c = players(3)
    first = ticket(a, "snake-bones", 2, 2).json()
    other = ticket(b, "snake-bones", 2, 2, options={"ones_wild": True}).json()
    assert other["status"] == "waiting"
    same = ticket(c, "snake-bones", 2, 2, options={"ones_wild": False}).json()  # the default
    assert same["status"] == "matched"
    assert a.get(f"{TICKETS}/{first['id']}").json()["game"] == same["game"]
    assert b.get(f"{TICKETS}/{other['id']}").json()["status"] == "waiting"


def test_a_group_that_can_start_but_is_not_full_waits_for_the_settle_time() -> None:
    a, b = players(2)
    first, second = ticket(a, low=2, high=4).json(), ticket(b, low=2, high=4).json()
    assert first["status"] == second["status"] == "waiting"
    assert matchmaking.sweep()["matched_games"] == 0
    Ticket.objects.update(created_at=timezone.now() - timedelta(seconds=11))
    assert sweep_matchmaking() == {"matched_games": 1, "expired_tickets": 0}   # beat's task
    game = a.get(f"{TICKETS}/{first['id']}").json()["game"]
    assert game and b.get(f"{TICKETS}/{second['id']}").json()["game"] == game
    assert a.game(game)["table_size"] == 2


def test_a_full_table_starts_at_once_when_no_member_takes_more() -> None:
    a, b = players(2)
    ticket(a, low=2, high=4)
    assert ticket(b, low=2, high=2).json()["status"] == "matched"


def test_bots_fill_the_table_after_the_wait_and_only_with_those_who_accept_them() -> None:
    a, b, c = players(3)
    plain = ticket(a).json()
    with_bots = ticket(b, fill_with_bots_after=30).json()
    also = ticket(c, fill_with_bots_after=60).json()
    assert matchmaking.sweep()["matched_games"] == 0
    Ticket.objects.filter(id=with_bots["id"]).update(bots_at=timezone.now())
    assert matchmaking.sweep()["matched_games"] == 1
    game_id = b.get(f"{TICKETS}/{with_bots['id']}").json()["game"]
    assert c.get(f"{TICKETS}/{also['id']}").json()["game"] == game_id
    assert a.get(f"{TICKETS}/{plain['id']}").json()["status"] == "waiting"
    seats = b.game(game_id)["seats"]
    assert [s["player"] for s in seats[:2]] == [b.username, c.username]
    assert [s["bot"] for s in seats[2:]] == ["basic", "basic"]


def test_no_wait_for_bots_starts_at_once() -> None:
    (a,) = players(1)
    answer = ticket(a, low=2, high=3, fill_with_bots_after=0).json()
    assert answer["status"] == "matched"
    assert Seat.objects.filter(game_id=answer["game"], user=None).count() == 2


def test_one_waiting_ticket_per_game_type() -> None:
    a, b = players(2)
    first = ticket(a).json()
    again = ticket(a, low=2, high=8)
    assert again.status_code == 409 and again.json()["code"] == "ticket_exists"
    assert again.json()["ticket"] == first["id"]
    assert ticket(a, "dark-knights", 4, 4).status_code == 201   # another game type
    assert a.client.delete(f"/api/v1{TICKETS}/{first['id']}").status_code == 204
    assert ticket(a).status_code == 201
    assert Ticket.objects.filter(user__username=b.username).count() == 0


def test_cancel_and_its_conflicts() -> None:
    a, b = players(2)
    waiting = ticket(a, low=2, high=2).json()
    url = f"/api/v1{TICKETS}/{waiting['id']}"
    assert b.client.delete(url).json()["code"] == "ticket_not_found"
    assert b.get(f"{TICKETS}/{waiting['id']}").status_code == 404
    assert a.client.delete(url).status_code == 204
    assert a.get(f"{TICKETS}/{waiting['id']}").json()["status"] == "cancelled"
    twice = a.client.delete(url)
    assert twice.status_code == 409 and twice.json()["code"] == "ticket_not_waiting"
    ticket(a, low=2, high=2)
    matched = ticket(b, low=2, high=2).json()
    late = b.client.delete(f"/api/v1{TICKETS}/{matched['id']}")
    assert late.status_code == 409 and late.json()["code"] == "ticket_matched"
    assert late.json()["game"] == matched["game"]
    assert a.get(f"{TICKETS}/{uuid.uuid4()}").json()["code"] == "ticket_not_found"


def test_a_ticket_expires_and_is_never_matched_after() -> None:
    a, b = players(2)
    old = ticket(a, low=2, high=2).json()
    Ticket.objects.update(expires_at=timezone.now())
    assert a.get(f"{TICKETS}/{old['id']}").json()["status"] == "expired"
    assert ticket(b, low=2, high=2).json()["status"] == "waiting"
    assert matchmaking.sweep() == {"matched_games": 0, "expired_tickets": 1}
    assert Ticket.objects.get(id=old["id"]).status == "expired"
    renewed = ticket(a, low=2, high=2).json()      # the expired one no longer counts
    assert renewed["status"] == "matched"


def test_an_expired_ticket_not_yet_swept_does_not_block_a_new_one() -> None:
    (a,) = players(1)
    ticket(a)
    Ticket.objects.update(expires_at=timezone.now())
    assert ticket(a).status_code == 201
    assert sorted(Ticket.objects.values_list("status", flat=True)) == ["expired", "waiting"]


@pytest.mark.parametrize("body, code", [
    ({"game_type": "chess", "seats": {"min": 2, "max": 2}}, "unknown_game_type"),
    ({"game_type": "snake-bones", "seats": {"min": 3, "max": 2}}, "invalid_seats"),
    ({"game_type": "snake-bones", "seats": {"min": 1, "max": 2}}, "invalid_seats"),
    ({"game_type": "snake-bones", "seats": {"min": 2, "max": 9}}, "invalid_seats"),
    ({"game_type": "snake-bones", "seats": {"min": 2, "max": 2**40}}, "invalid_request"),
    ({"game_type": "snake-bones", "seats": {"min": "two", "max": 2}}, "invalid_request"),
    ({"game_type": "snake-bones", "seats": {"min": 2}}, "invalid_request"),
    ({"game_type": "snake-bones", "seats": [2, 4]}, "invalid_request"),
    ({"game_type": "snake-bones"}, "invalid_request"),
    ({"game_type": 7, "seats": {"min": 2, "max": 2}}, "invalid_request"),
    ({"game_type": "snake-bones", "seats": {"min": 2, "max": 2}, "options": {"nope": 1}},
     "invalid_options"),
    ({"game_type": "snake-bones", "seats": {"min": 2, "max": 2}, "options": []},
     "invalid_request"),
    ({"game_type": "snake-bones", "seats": {"min": 2, "max": 2}, "fill_with_bots_after": -1},
     "invalid_fill_with_bots_after"),
    ({"game_type": "snake-bones", "seats": {"min": 2, "max": 2}, "fill_with_bots_after": 601},
     "invalid_fill_with_bots_after"),
    ({"game_type": "snake-bones", "seats": {"min": 2, "max": 2}, "fill_with_bots_after": "x"},
     "invalid_request"),
])
def test_bad_input_is_a_400_with_a_code_and_creates_nothing(body: dict, code: str) -> None:
    (a,) = players(1)
    answer = a.post(TICKETS, body)
    assert answer.status_code == 400, answer.content
    assert answer.json()["code"] == code
    assert answer["Content-Type"] == "application/problem+json"
    assert not Ticket.objects.exists() and not MatchQueue.objects.exists()
    assert not Game.objects.exists()


def test_anonymous_callers_get_401() -> None:
    assert Api().anonymous.get(f"/api/v1{TICKETS}").status_code == 401


@pytest.mark.postgres
def test_one_player_posting_at_once_holds_one_ticket() -> None:
    (a,) = players(1)

    def post(_: int) -> int:
        try:
            return ticket(a).status_code
        finally:
            connection.close()

    codes = at_once(8, post)
    assert sorted(codes) == [201] + [409] * 7
    assert Ticket.objects.filter(status="waiting").count() == 1


def test_settings_lifetime_is_used() -> None:
    (a,) = players(1)
    with override_settings(DICE_TICKET_LIFETIME=60):
        posted = ticket(a).json()
    row = Ticket.objects.get(id=posted["id"])
    assert row.expires_at - row.created_at == timedelta(seconds=60)


def test_deleting_the_account_cancels_its_waiting_tickets() -> None:
    a, b = players(2)
    mine = ticket(a, low=2, high=2).json()
    deleted = a.client.delete("/api/v1/me", {"password": "correct horse battery"},
                              format="json")
    assert deleted.status_code == 204, deleted.content
    assert Ticket.objects.get(id=mine["id"]).status == "cancelled"
    assert ticket(b, low=2, high=2).json()["status"] == "waiting"
