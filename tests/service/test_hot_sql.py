"""The hot path's hand-written SQL (decision 0006, events/store/sql.py and infra/sql.py)
against the ORM queries it replaces: each statement and its ORM twin run on the same rows
(on SQLite, and on PostgreSQL when DATABASE_URL names it) and must give the same instances:
every concrete field of the row and of the related rows read with it, and the annotations
(a seat's deadline, whether its player has an active webhook). The INSERT must store
the same rows `bulk_create` stores.
"""

from __future__ import annotations

import gc
import uuid
from collections import Counter
from datetime import timedelta
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.db.models import Exists, Model, OuterRef, Prefetch, Subquery
from django.utils import timezone

from accounts.models import AccessToken
from events.models import Deadline, Event, Game, GameStatus, Seat, Webhook
from events.store import sql
from infra import sql as generic_sql

pytestmark = pytest.mark.django_db


def fields(obj: Model | None) -> dict[str, Any] | None:
    """Every concrete field's value, as the instance holds it."""
    if obj is None:
        return None
    return {f.attname: getattr(obj, f.attname) for f in type(obj)._meta.concrete_fields}


def make_game(creator: Any, **extra: Any) -> Game:
    return Game.objects.create(
        game_type="snake-bones", seats=4, creator=creator, server_seed="a" * 64,
        server_seed_hash="b" * 64, **extra)


@pytest.fixture
def table() -> dict[str, Any]:
    """A started game with a clock: three players (one of them with an active webhook,
    one with an inactive one) and a bot; two seats with deadlines. And a game with no
    seat, and two tokens."""
    users = get_user_model().objects
    alice = users.create_user("alice", password="x", first_name="Älice")
    bob = users.create_user("bob", password="x")
    carol = users.create_user("carol", password="x", is_active=False)
    dave = users.create_user("dave", password="x")
    now = timezone.now()
    game = make_game(alice, status=GameStatus.ACTIVE, options={"ones_wild": True, "ü": [1, None]},
                     version=7, head_hash="c" * 64, dice_used=12, turn_timeout=60,
                     awaiting={"0": "stake", "3": "stake"}, started_at=now,
                     outcome=None)
    # Seats made out of order, so ORDER BY matters.
    Seat.objects.create(game=game, number=3, user=carol, client_seed="seed-3", autoplay=True,
                        timeouts_in_row=2)
    Seat.objects.create(game=game, number=1, user=None, bot_level="basic")
    Seat.objects.create(game=game, number=0, user=alice, client_seed="")
    Seat.objects.create(game=game, number=2, user=bob)
    for seat, due in ((0, now + timedelta(seconds=60)), (3, now + timedelta(seconds=61))):
        Deadline.objects.create(game=game, seat=seat, kind="stake", version=7, started_at=now,
                                due_at=due)
    Webhook.objects.create(user=bob, url="https://example.com/a", secret="whsec_x",
                           events=["your_turn"])
    Webhook.objects.create(user=carol, url="https://example.com/b", secret="whsec_y",
                           active=False)
    token = AccessToken.objects.create(user=dave, key_hash="d" * 64, prefix="abcd", name="cli",
                                       created_at=now, expires_at=now + timedelta(days=1))
    AccessToken.objects.create(user=alice, key_hash="f" * 64, prefix="ffff", created_at=now)
    empty = make_game(bob)
    return {"game": game, "empty": empty, "token": token}


def orm_read_game(game_id: Any) -> Game | None:
    """What read_game replaces: the game with its creator, and its seats prefetched with
    their users and their deadline's due time."""
    due = Deadline.objects.filter(game=OuterRef("game"), seat=OuterRef("number"))
    seats = (Seat.objects.select_related("user").order_by("number")
             .annotate(deadline_due=Subquery(due.values("due_at")[:1])))
    return (Game.objects.select_related("creator")
            .prefetch_related(Prefetch("seat_set", queryset=seats))
            .filter(pk=game_id).first())


def read_as_compared(game: Game | None, seats: list[Seat] | None) -> Any:
    if game is None:
        return None
    return (fields(game), fields(game.creator),
            [(fields(s), fields(s.user), s.deadline_due) for s in seats or []])


@pytest.mark.parametrize("which", ["game", "empty", "missing"])
def test_read_game_is_the_orm_read(table: dict[str, Any], which: str,
                                   django_assert_num_queries: Any) -> None:
    game_id = table[which].pk if which in table else uuid.uuid4()
    with django_assert_num_queries(1):
        raw = sql.read_game(game_id)
    orm = orm_read_game(game_id)
    assert read_as_compared(raw, getattr(raw, sql.SEATS, None)) == read_as_compared(
        orm, list(orm.seat_set.all()) if orm is not None else None)
    if which == "game":   # the data is what the comparison is about
        assert raw is not None
        seats = getattr(raw, sql.SEATS)
        assert [s.number for s in seats] == [0, 1, 2, 3]
        assert [s.deadline_due is not None for s in seats] == [True, False, False, True]
        assert raw.options == {"ones_wild": True, "ü": [1, None]}


def test_a_read_game_is_no_reference_cycle(table: dict[str, Any]) -> None:
    """The game, its seats, their users and players are freed by reference counting
    when the caller lets go of the game: no seat or player points back."""
    sql.read_game(table["game"].pk)  # warm: caches, statements
    gc.collect()
    gc.set_debug(gc.DEBUG_SAVEALL)
    try:
        game = sql.read_game(table["game"].pk)
        assert game is not None and len(getattr(game, sql.SEATS)) == 4
        del game
        gc.collect()
        held = Counter(type(o).__name__ for o in gc.garbage if isinstance(o, Model))
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
    assert held == Counter(), "left to the cyclic collector"


def test_read_game_refuses_what_the_orm_refuses() -> None:
    with pytest.raises(Exception) as raw:
        sql.read_game("not-a-uuid")
    with pytest.raises(Exception) as orm:
        Game.objects.filter(pk="not-a-uuid").first()
    assert type(raw.value) is type(orm.value)


@pytest.mark.parametrize("which", ["game", "empty", "missing"])
def test_lock_game_is_the_orm_lock(table: dict[str, Any], which: str) -> None:
    game_id = table[which].pk if which in table else uuid.uuid4()
    raw = sql.lock_game(game_id)
    orm = Game.objects.select_for_update().filter(pk=game_id).first()
    assert fields(raw) == fields(orm)
    assert (raw is None) == (which == "missing")


@pytest.mark.parametrize("which", ["game", "empty"])
def test_seats_of_is_the_orm_read(table: dict[str, Any], which: str) -> None:
    game = table[which]
    raw = sql.seats_of(game)
    active = Webhook.objects.filter(user=OuterRef("user"), active=True)
    orm = list(Seat.objects.filter(game=game).select_related("user").order_by("number")
               .annotate(has_webhooks=Exists(active)))
    assert ([(fields(s), fields(s.user), s.has_webhooks) for s in raw]
            == [(fields(s), fields(s.user), s.has_webhooks) for s in orm])
    if which == "game":
        assert [s.has_webhooks for s in raw] == [False, False, True, False]
        assert all(s.game is game for s in raw)   # no read of the game again


@pytest.mark.parametrize("key", ["d" * 64, "e" * 64, "f" * 64])
def test_token_read_is_the_orm_read(table: dict[str, Any], key: str) -> None:
    raw = generic_sql.one_with_related(AccessToken, "user", "key_hash", key)
    orm = AccessToken.objects.select_related("user").filter(key_hash=key).first()
    assert fields(raw) == fields(orm)
    assert fields(raw.user if raw else None) == fields(orm.user if orm else None)
    assert (raw is not None) == (key != "e" * 64)


def batch(game: Game, now: Any) -> list[Event]:
    return [
        Event(game=game, seq=8, type="stake_placed", data={"seat": 0, "coins": 2, "ü": "ß"},
              private={"0": {"dice": [1, 2, 6]}}, actor="seat:0",
              command={"type": "stake", "coins": 2}, draws=[[12, 6, 1], [13, 6, 2]],
              idempotency_key="k-1", recorded_at=now, prev_hash="c" * 64, hash="e" * 64),
        Event(game=game, seq=9, type="bid_made", data={"quantity": 2, "face": None},
              actor="bot:1", command=None, idempotency_key=None, recorded_at=now,
              prev_hash="e" * 64, hash="f" * 64),
    ]


def test_insert_stores_what_bulk_create_stores(table: dict[str, Any]) -> None:
    raw_game, orm_game = table["game"], make_game(table["game"].creator)
    now = timezone.now()
    raw_rows, orm_rows = batch(raw_game, now), batch(orm_game, now)
    generic_sql.insert(raw_rows)
    Event.objects.bulk_create(orm_rows)

    def stored(game: Game) -> list[dict[str, Any]]:
        return [{k: v for k, v in row.items() if k not in ("id", "game_id")}
                for row in Event.objects.filter(game=game).order_by("seq").values()]

    assert stored(raw_game) == stored(orm_game)
    assert len(stored(raw_game)) == 2
    for raw, orm in zip(raw_rows, orm_rows):   # the instances as bulk_create leaves them
        assert (raw._state.adding, raw._state.db) == (orm._state.adding, orm._state.db)
        assert (raw.pk is None) == (orm.pk is None)
        if raw.pk is not None:
            assert fields(Event.objects.get(pk=raw.pk)) == fields(raw)


@pytest.mark.parametrize("which", ["game", "empty"])
def test_lock_game_carries_the_seats_read_after_the_lock(table: dict[str, Any], which: str) -> None:
    raw = sql.lock_game(table[which].pk)
    assert raw is not None
    locked = getattr(raw, sql.LOCKED_SEATS)
    again = sql.seats_of(raw)
    assert ([(fields(s), fields(s.user), s.has_webhooks) for s in locked]
            == [(fields(s), fields(s.user), s.has_webhooks) for s in again])
    assert len(locked) == (4 if which == "game" else 0)
    assert all(s.game is raw for s in locked)
