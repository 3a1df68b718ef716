"""The caller's inbox (issue #27 item 1): GET /me/games (docs/platform.md). On SQLite and
PostgreSQL.

Most games here are written as rows (the read model the inbox reads: games, seats,
deadlines, the head event's time), so that each sort key is chosen; one test plays a
real game through the API and checks the inbox follows it."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime, timedelta
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest
from django.contrib.auth import get_user_model
from rest_framework.test import APIClient

from events.models import Deadline, Event, Game, GameStatus, Seat
from tests.support.api import BASE, Player, table

pytestmark = pytest.mark.django_db

T0 = datetime(2026, 1, 1, tzinfo=UTC)


def user_of(player: Player) -> Any:
    return get_user_model().objects.get(username=player.username)


def make_game(me: Player, other: Player | None = None, *, status: str = GameStatus.ACTIVE,
              my_turn: bool = False, deadline: datetime | None = None,
              last_move: datetime | None = None, my_seat: int = 0, bot: bool = False) -> str:
    """A two-seat game with `me` at `my_seat`, the other seat `other`'s (or a bot's)."""
    mine = user_of(me)
    other_seat = 1 - my_seat
    awaiting = {str(my_seat if my_turn else other_seat): "bid"} \
        if status == GameStatus.ACTIVE else {}
    version = 1 if last_move is not None else 0
    game = Game.objects.create(game_type="snake-bones", seats=2, status=status, creator=mine,
                               version=version, server_seed="s" * 64,
                               server_seed_hash="h" * 64, awaiting=awaiting,
                               turn_timeout=3600 if deadline else None)
    Seat.objects.create(game=game, number=my_seat, user=mine)
    if other is not None and not bot:
        Seat.objects.create(game=game, number=other_seat, user=user_of(other))
    else:
        Seat.objects.create(game=game, number=other_seat, bot_level="basic")
    if deadline is not None:
        Deadline.objects.create(game=game, seat=my_seat, kind="bid", version=version,
                                started_at=T0, due_at=deadline)
    if last_move is not None:
        Event.objects.create(game=game, seq=1, type="table_seated", actor="system",
                             recorded_at=last_move, prev_hash="0" * 64, hash="1" * 64)
    return str(game.id)


def make_invitation(host: Player, invited: list[Player], *, seats: int = 2,
                    status: str = GameStatus.LOBBY, opened: datetime | None = None) -> str:
    """A rematch's table as rows: `host` seated, `invited` named by their player ids."""
    game = Game.objects.create(game_type="snake-bones", seats=seats, status=status,
                               creator=user_of(host), server_seed="s" * 64,
                               server_seed_hash="h" * 64,
                               invited=[p.player_id for p in invited])
    Seat.objects.create(game=game, number=0, user=user_of(host))
    if opened is not None:
        Game.objects.filter(pk=game.pk).update(created_at=opened)
    return str(game.id)


def inbox(player: Player, **params: Any) -> Any:
    return player.get("/me/games", **params)


def ids(response: Any) -> list[str]:
    assert response.status_code == 200, response.content
    return [g["id"] for g in response.json()["results"]]


def test_my_turn_first_then_deadline_then_oldest_last_move(players) -> None:  # type: ignore[no-untyped-def]
    me, other = players(2)
    waiting_late = make_game(me, other, deadline=T0 + timedelta(hours=5),
                             last_move=T0 - timedelta(days=3))
    mine_no_clock_old = make_game(me, other, my_turn=True, last_move=T0 - timedelta(days=2))
    mine_no_clock_new = make_game(me, other, my_turn=True, last_move=T0 - timedelta(days=1))
    mine_late = make_game(me, other, my_turn=True, deadline=T0 + timedelta(hours=2),
                          last_move=T0 - timedelta(hours=1))
    mine_soon = make_game(me, other, my_turn=True, deadline=T0 + timedelta(hours=1),
                          last_move=T0, my_seat=1)
    waiting_no_clock = make_game(me, other, last_move=T0 - timedelta(days=9))
    lobby = make_game(me, status=GameStatus.LOBBY)
    got = ids(inbox(me))
    assert got[:4] == [mine_soon, mine_late, mine_no_clock_old, mine_no_clock_new]
    assert got[4] == waiting_late
    assert set(got[5:]) == {waiting_no_clock, lobby}
    # The lobby game's last move is its opening (now): after a move nine days old.
    assert got[5:] == [waiting_no_clock, lobby]


def test_an_item_says_seat_turn_deadline_seats_and_version(players) -> None:  # type: ignore[no-untyped-def]
    me, other = players(2)
    game_id = make_game(me, other, my_turn=True, deadline=T0 + timedelta(hours=1),
                        last_move=T0, my_seat=1)
    make_game(me, bot=True)
    response = inbox(me)
    first, second = response.json()["results"]
    assert first == {
        "id": game_id, "game_type": "snake-bones", "status": "active", "my_turn": True,
        "my_seat": 1, "invited": False, "creator": me.username, "deadline": "2026-01-01T01:00:00Z",
        "last_move_at": "2026-01-01T00:00:00Z",
        "seats": [{"seat": 0, "player": other.username, "player_id": other.player_id,
                   "bot": None, "client_seed": "", "seed_commitment": None, "seed": "none",
                   "autoplay": False, "timeouts_in_row": 0},
                  {"seat": 1, "player": me.username, "player_id": me.player_id,
                   "bot": None, "client_seed": "", "seed_commitment": None, "seed": "none",
                   "autoplay": False, "timeouts_in_row": 0}],
        "version": 1}
    assert second["my_turn"] is False and second["deadline"] is None
    assert [s["bot"] for s in second["seats"]] == [None, "basic"]
    assert response.json()["next"] is None and "Link" not in response


def test_the_filter(players) -> None:  # type: ignore[no-untyped-def]
    me, other = players(2)
    mine = {make_game(me, other, my_turn=True, last_move=T0 + timedelta(minutes=i))
            for i in range(3)}
    theirs = {make_game(me, other, last_move=T0 + timedelta(minutes=i)) for i in range(2)}
    theirs.add(make_game(me, status=GameStatus.LOBBY))
    assert set(ids(inbox(me, my_turn="true"))) == mine
    assert set(ids(inbox(me, my_turn="false"))) == theirs
    assert len(ids(inbox(me))) == 6


def test_finished_games_and_other_players_games_are_left_out(players) -> None:  # type: ignore[no-untyped-def]
    me, other, stranger = players(3)
    make_game(me, other, status=GameStatus.FINISHED, last_move=T0)
    theirs = make_game(other, stranger, my_turn=True, last_move=T0)
    shared = make_game(me, other, last_move=T0)
    assert ids(inbox(me)) == [shared]
    assert set(ids(inbox(other))) == {theirs, shared}
    assert ids(inbox(stranger)) == [theirs]


def test_invitations_come_after_my_turn_and_before_the_others(players) -> None:  # type: ignore[no-untyped-def]
    me, other, host = players(3)
    mine = make_game(me, other, my_turn=True, last_move=T0)
    theirs = make_game(me, other, last_move=T0 - timedelta(days=9))
    newer = make_invitation(host, [other, me], opened=T0 + timedelta(hours=1))
    older = make_invitation(host, [me], opened=T0)
    assert ids(inbox(me)) == [mine, older, newer, theirs]
    assert ids(inbox(me, my_turn="true")) == [mine]
    assert ids(inbox(me, my_turn="false")) == [older, newer, theirs]


def test_an_invitation_says_so_and_has_no_seat_turn_or_clock(players) -> None:  # type: ignore[no-untyped-def]
    me, host = players(2)
    game_id = make_invitation(host, [me], opened=T0)
    (item,) = inbox(me).json()["results"]
    assert item == {
        "id": game_id, "game_type": "snake-bones", "status": "lobby", "my_turn": False,
        "my_seat": None, "invited": True, "creator": host.username, "deadline": None,
        "last_move_at": "2026-01-01T00:00:00Z",
        "seats": [{"seat": 0, "player": host.username, "player_id": host.player_id,
                   "bot": None, "client_seed": None, "seed_commitment": None, "seed": "none",
                   "autoplay": False, "timeouts_in_row": 0}],   # a scheme 3 lobby: no seed
        "version": 0}
    # The host sees the same game as a seat of theirs.
    (hosted,) = inbox(host).json()["results"]
    assert (hosted["id"], hosted["invited"], hosted["my_seat"]) == (game_id, False, 0)


def test_only_an_open_lobby_with_a_free_seat_invites_and_only_those_named(players) -> None:  # type: ignore[no-untyped-def]
    me, host, stranger = players(3)
    open_one = make_invitation(host, [me], seats=3)
    full = make_invitation(host, [me], seats=1)
    make_invitation(host, [me], status=GameStatus.ACTIVE)
    make_invitation(host, [me], status=GameStatus.FINISHED)
    theirs = make_invitation(host, [stranger])
    assert ids(inbox(me)) == [open_one]
    assert ids(inbox(stranger)) == [theirs]
    # Seated (a seat still free): a seat of mine, listed once, no longer an invitation.
    Seat.objects.create(game_id=open_one, number=1, user=user_of(me))
    (item,) = inbox(me).json()["results"]
    assert (item["id"], item["invited"], item["my_seat"]) == (open_one, False, 1)
    assert full not in ids(inbox(me))


def test_pages_follow_each_other_without_repeats_or_gaps(players) -> None:  # type: ignore[no-untyped-def]
    me, other = players(2)
    expected = []
    # Few distinct keys, so that pages are cut inside ties (broken by the game id).
    for i in range(12):
        clock = T0 + timedelta(hours=i % 2) if i % 3 else None
        expected.append(make_game(me, other, my_turn=i % 4 == 0, deadline=clock,
                                  last_move=T0 - timedelta(days=i % 2)))
    expected.append(make_game(me, status=GameStatus.LOBBY))
    (host,) = players(1)
    expected += [make_invitation(host, [me], opened=T0 + timedelta(hours=i % 2))
                 for i in range(4)]
    whole = ids(inbox(me, limit=100))
    assert sorted(whole) == sorted(expected)
    for limit in (1, 2, 3, 5):
        seen: list[str] = []
        response = inbox(me, limit=limit)
        pages = 0
        while True:
            seen += ids(response)
            pages += 1
            assert pages <= len(whole), "the cursor goes round in circles"
            nxt = response.json()["next"]
            if nxt is None:
                assert "Link" not in response
                break
            assert response["Link"] == f'<{nxt}>; rel="next"'
            parts = urlsplit(nxt)
            assert parts.path == f"{BASE}/me/games"
            assert {k: v[0] for k, v in parse_qs(parts.query).items()}["limit"] == str(limit)
            response = me.client.get(nxt)
        assert seen == whole
        assert pages == -(-len(whole) // limit)


def test_the_cursor_keeps_the_filter(players) -> None:  # type: ignore[no-untyped-def]
    me, other = players(2)
    mine = [make_game(me, other, my_turn=True, last_move=T0 + timedelta(minutes=i))
            for i in range(3)]
    make_game(me, other, last_move=T0)
    first = inbox(me, my_turn="true", limit=2)
    assert ids(first) == mine[:2]
    assert ids(me.client.get(first.json()["next"])) == mine[2:]


def test_a_real_game_moves_in_the_inbox(players) -> None:  # type: ignore[no-untyped-def]
    host, guest = players(2)
    game_id = table(host, [guest], "snake-bones")
    assert [(g["id"], g["status"], g["my_turn"]) for g in inbox(host).json()["results"]] == \
        [(game_id, "lobby", False)]
    host.start(game_id, first_player=0)
    game = host.game(game_id)
    awaited = {a["seat"] for a in game["awaiting"]}
    for player, seat in ((host, 0), (guest, 1)):
        (item,) = inbox(player).json()["results"]
        assert item["my_seat"] == seat and item["status"] == "active"
        assert item["my_turn"] is (seat in awaited)
        assert item["version"] == game["version"]
        recorded = player.events(game_id)[-1]["recorded_at"]
        assert item["last_move_at"][:19] == recorded[:19]


@pytest.mark.parametrize("params, code", [
    ({"limit": "0"}, "invalid_request"),
    ({"limit": "101"}, "invalid_request"),
    ({"limit": "ten"}, "invalid_request"),
    ({"limit": ""}, "invalid_request"),
    ({"my_turn": "maybe"}, "invalid_request"),
    ({"my_turn": ""}, "invalid_request"),
    ({"cursor": "not-a-cursor"}, "invalid_cursor"),
    ({"cursor": "WzAsIjIwMjYiXQ"}, "invalid_cursor"),  # [0,"2026"]
    ({"cursor": ""}, "invalid_request"),
    ({"page": "2"}, "unknown_parameter"),
])
def test_bad_parameters_are_refused(players, params, code) -> None:  # type: ignore[no-untyped-def]
    (me,) = players(1)
    response = inbox(me, **params)
    assert response.status_code == 400, response.content
    assert response["Content-Type"].startswith("application/problem+json")
    assert response.json()["code"] == code


def test_a_forged_cursor_of_the_right_shape_is_refused(players) -> None:  # type: ignore[no-untyped-def]
    import base64
    import json

    (me,) = players(1)
    for keys in ([3, "2026-01-01T00:00:00+00:00", "2026-01-01T00:00:00+00:00", str(uuid.uuid4())],
                 [0, "2026-01-01T00:00:00", "2026-01-01T00:00:00+00:00", str(uuid.uuid4())],
                 [0, "2026-01-01T00:00:00+00:00", "2026-01-01T00:00:00+00:00", "x"]):
        cursor = base64.urlsafe_b64encode(json.dumps(keys).encode()).decode().rstrip("=")
        response = inbox(me, cursor=cursor)
        assert response.status_code == 400, response.content
        assert response.json()["code"] == "invalid_cursor"


def test_no_token_is_401() -> None:
    response = APIClient().get(f"{BASE}/me/games")
    assert response.status_code == 401
    assert response.json()["code"] == "not_authenticated"


def _many_games(me: Player, other: Player, n: int) -> None:
    """n active games as rows, written in bulk: half awaiting `me`, a third with a clock;
    and n // 5 invitations."""
    mine, theirs = user_of(me), user_of(other)
    games = [Game(game_type="snake-bones", seats=2, status=GameStatus.ACTIVE, creator=mine,
                  version=1, server_seed="s" * 64, server_seed_hash="h" * 64,
                  awaiting={str(i % 2): "bid"}, turn_timeout=3600 if i % 3 == 0 else None)
             for i in range(n)]
    Game.objects.bulk_create(games)
    Seat.objects.bulk_create([Seat(game=g, number=s, user=u)
                              for g in games for s, u in ((0, mine), (1, theirs))])
    Deadline.objects.bulk_create([Deadline(game=g, seat=0, kind="bid", version=1, started_at=T0,
                                           due_at=T0 + timedelta(minutes=i))
                                  for i, g in enumerate(games) if g.turn_timeout])
    Event.objects.bulk_create([Event(game=g, seq=1, type="table_seated", actor="system",
                                     recorded_at=T0 - timedelta(minutes=i), prev_hash="0" * 64,
                                     hash="1" * 64) for i, g in enumerate(games)])
    # A fifth as many rematch tables in the lobby that invite `me`, `other` seated.
    lobbies = [Game(game_type="snake-bones", seats=2, status=GameStatus.LOBBY, creator=theirs,
                    server_seed="s" * 64, server_seed_hash="h" * 64,
                    invited=[me.player_id]) for _ in range(n // 5)]
    Game.objects.bulk_create(lobbies)
    Seat.objects.bulk_create([Seat(game=g, number=0, user=theirs) for g in lobbies])


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("n", [5, 500])
def test_a_page_costs_the_same_few_queries_for_5_or_500_games(
        players, django_assert_num_queries, n) -> None:  # type: ignore[no-untyped-def]
    """The token (its last use is written once a minute: used just before), one query for
    the page's rows with their games and sort keys (seats and invitations), one for those
    games' seats."""
    me, other = players(2)
    _many_games(me, other, n)
    total = n + n // 5
    assert len(ids(inbox(me, limit=100))) == min(total, 100)  # the token's last use written now
    with django_assert_num_queries(3):
        first = inbox(me, limit=100)
    assert len(ids(first)) == min(total, 100)
    # With 500, the 250 games awaiting me fill the first pages before any invitation.
    assert sum(g["invited"] for g in first.json()["results"]) == (1 if n == 5 else 0)
    if n > 100:
        seen = ids(first)
        nxt = first.json()["next"]
        invitations = 0
        while nxt:
            with django_assert_num_queries(3):
                page = me.client.get(nxt)
            seen += ids(page)
            invitations += sum(g["invited"] for g in page.json()["results"])
            nxt = page.json()["next"]
        assert len(seen) == len(set(seen)) == total
        assert invitations == n // 5
    with django_assert_num_queries(3):
        assert len(ids(inbox(me, my_turn="true"))) == min(n // 2 + n % 2, 20)
